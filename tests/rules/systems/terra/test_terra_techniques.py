"""Terra's techniques through the command line, from given dice: costs in AP, HP
and MP (TT-TECH-1), the aspect choice and its slots (TT-TECH-2), the weapon's own
technique (TT-TECH-3), mana from weapons (TT-MP-2), the combined action
(TT-COMBINED-1), several techniques in one phase (TT-COUNTER-1), and the weapon
kinds' reach (TT-WEAPON-1).

The example session (see test_terra_fight): Айрис (ГК 1, Рыбы) at 0,1, Торн
(ГК 3, Козерог, MP 8) at 1,0, Плут (ГК 2, Весы) at 0,0; Волк 1 (ФЗ 1) at 2,1 and
Волк 2 at 4,0.  ``phase1`` starts phase 1 without synchronization: Торн acts
first, then Айрис and Плут share a place.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_terra_fight import doc, ok, phase1, refused_unchanged, terra, who  # noqa: F401  (fixtures)

from rules.systems.terra.techniques import ASPECTS, EFFECTS, Technique, known
from ttcli.exitcodes import ExitCode

STRIKE = 'technique Торн Удар --aspect Душа --formula D6 --type Сила --ap 4 --hp 2 --mp 3'


def events(result) -> list[dict]:
    return json.loads(result.stdout)["events"]


def to_iris(terra):  # noqa: F811
    """Торн's turn ends; the shared place opens and Айрис steps to 1,1, next to Волк 1 (5 AP left)."""
    ok(terra("fight next"))
    ok(terra("move Айрис --to 1,1"))


# --- TT-TECH-1: costs -------------------------------------------------------------------------------------

def test_tt_tech_1_a_technique_pays_its_ap_hp_and_mp(phase1):  # noqa: F811
    ok(phase1("char set Торн аспект=Душа"))
    ok(phase1(STRIKE))
    r = ok(phase1('cast Торн Удар "Волк 1" --given 4'))
    assert "Торн uses Удар (Душа) for 4 AP, 2 HP, 3 MP (2 AP left)." in r.stdout
    assert "Волк 1 takes 4 Force: 4 to HP (HP 10 -> 6)." in r.stdout
    assert who(phase1, "Торн")["resources"] == {"hp": 8, "sp": 10, "mp": 5}
    assert doc(phase1)["fight"]["turn"]["spent"] == 4


def test_tt_tech_1_a_character_who_cannot_pay_is_refused_and_nothing_changes(phase1):  # noqa: F811
    ok(phase1("char set Торн аспект=Душа mp=2"))
    ok(phase1(STRIKE))
    refused_unchanged(phase1, 'cast Торн Удар "Волк 1" --given 4', ExitCode.RULES, "Торн has 2 MP, Удар costs 3 MP")
    ok(phase1("char set Торн mp=8 hp=2"))
    refused_unchanged(phase1, 'cast Торн Удар "Волк 1" --given 4', ExitCode.RULES,
                      "Торн has 2 HP, Удар costs 2 HP: paying must leave at least 1")
    ok(phase1("char set Торн hp=10"))
    ok(phase1("move Торн --to 1,1"))
    ok(phase1("move Торн --to 1,0"))
    ok(phase1("move Торн --to 1,1"))  # 3 AP left
    refused_unchanged(phase1, 'cast Торн Удар "Волк 1" --given 4', ExitCode.RULES, "has 3 AP left this turn, 4 needed")


def test_tt_tech_1_a_technique_needs_an_aspect_and_a_formula_to_deal_damage(terra):  # noqa: F811
    refused_unchanged(terra, "technique Торн Удар --formula D6", ExitCode.USAGE, "say the technique's aspect")
    refused_unchanged(terra, "technique Торн Удар --aspect Душа", ExitCode.USAGE, "needs its --formula")
    refused_unchanged(terra, "technique Торн Удар --aspect Душа --formula 4d6kh3", ExitCode.USAGE,
                      "not a terra formula")
    refused_unchanged(terra, 'cast Торн Удар "Волк 1"', ExitCode.RULES, "Торн knows no techniques")


def test_tt_tech_1_the_sheet_keeps_techniques_between_fights_and_can_forget_them(phase1):  # noqa: F811
    ok(phase1(STRIKE))
    ok(phase1("fight end --yes"))
    assert who(phase1, "Торн")["data"]["techniques"]["Удар"] == {
        "aspect": "soul", "formula": "D6", "type": "Сила", "ap": 4, "hp": 2, "mp": 3}
    assert "Торн no longer has Удар." in ok(phase1("technique Торн Уд --forget")).stdout
    assert "techniques" not in who(phase1, "Торн").get("data", {})


# --- TT-TECH-2: one aspect, other-aspect actives in sign-level slots -------------------------------------------

def test_tt_tech_2_only_the_chosen_aspect_without_a_slot(phase1):  # noqa: F811
    ok(phase1(STRIKE))
    refused_unchanged(phase1, 'cast Торн Удар "Волк 1"', ExitCode.RULES, "Торн has chosen no aspect for today")
    ok(phase1("char set Торн аспект=Мана"))
    refused_unchanged(phase1, 'cast Торн Удар "Волк 1"', ExitCode.RULES,
                      "Удар is of Душа, and Торн uses Мана today: a technique of another aspect needs one of the "
                      "sign-level slots")
    ok(phase1(STRIKE + " --slot"))
    ok(phase1('cast Торн Удар "Волк 1" --given 4'))


def test_tt_tech_2_one_slot_a_sign_level(terra):  # noqa: F811
    ok(terra("char set Торн аспект=Мана"))
    ok(terra("technique Торн Удар --aspect Душа --formula D6 --slot"))
    refused_unchanged(terra, "technique Торн Стойка --aspect Время --passive", ExitCode.RULES,
                      "2 slotted techniques and passive abilities, but sign level 1 gives 1 slots")
    ok(terra("char set Торн sign_level=2"))
    ok(terra("technique Торн Стойка --aspect Время --passive"))
    refused_unchanged(terra, "technique Торн Искра --aspect Мана --formula D4 --slot", ExitCode.RULES,
                      "it needs no slot")


def test_tt_tech_2_a_passive_ability_is_never_cast(phase1):  # noqa: F811
    ok(phase1("technique Торн Стойка --aspect Время --passive"))
    refused_unchanged(phase1, "cast Торн Стойка", ExitCode.RULES, "passive ability: it works by itself")


# --- TT-TECH-3: the weapon's technique ----------------------------------------------------------------------------

def test_tt_tech_3_the_weapons_technique_needs_no_learning_and_once_learned_works_at_sp_0(phase1):  # noqa: F811
    ok(phase1("char set Торн аспект=Мана"))
    ok(phase1("technique Торн Рассечение --aspect Душа --formula D6 --ap 3 --weapon"))
    ok(phase1('cast Торн Рассечение "Волк 1" --given 3'))  # another aspect, no slot: the weapon's own
    for _turn in range(6):
        ok(phase1("fight next"))  # the shared place, Айрис, Плут, Волк 2, Волк 1; phase 2: Торн again
    ok(phase1("char set Торн sp=0"))
    refused_unchanged(phase1, 'cast Торн Рассечение "Волк 1"', ExitCode.RULES, "has no SP left (SP 0)")
    ok(phase1("technique Торн Рассечение --aspect Душа --formula D6 --ap 3 --weapon --learned"))
    ok(phase1('cast Торн Рассечение "Волк 1" --given 3'))


# --- TT-MP-2: mana from weapons -----------------------------------------------------------------------------------

def test_tt_mp_2_with_mana_from_weapons_only_a_mana_weapon_gives_mp(terra):  # noqa: F811
    text = terra.path.read_text(encoding="utf-8").replace("skip_sync = false", "skip_sync = true\nweapon_mana = true")
    terra.path.write_text(text, encoding="utf-8")
    ok(terra("char set Торн ОМ=6 mp=6"))  # the master enters the weapon's amount
    ok(terra("technique Торн Искра --aspect Мана --formula D4 --weapon"))
    ok(terra('fight start --given "4 1 5 1 4 2 1 2"'))
    assert who(terra, "Торн")["resources"]["mp"] == 6
    assert who(terra, "Айрис")["resources"]["mp"] == 0  # MP 10 of her own, but no weapon with Mana
    assert who(terra, "Плут")["resources"]["mp"] == 0


def test_tt_mp_1_without_the_setting_everyone_refills_their_own_mp(terra):  # noqa: F811
    ok(terra("char set Айрис mp=1"))
    ok(terra('fight start --no-sync --given "4 1 5 1 4 2 1 2"'))
    assert who(terra, "Айрис")["resources"]["mp"] == 10


# --- TT-COMBINED-1 ------------------------------------------------------------------------------------------------

@pytest.fixture
def mage(phase1):  # noqa: F811
    """Айрис (aspect Мана) knows a shield aura, a fire bolt and a summoning; she stands next to Волк 1."""
    ok(phase1("char set Айрис аспект=Мана"))
    ok(phase1("technique Айрис Щит --aspect Мана --effect support --ap 1 --mp 1"))
    ok(phase1("technique Айрис Стрела --aspect Мана --formula D6 --type Огонь --ap 3 --mp 3"))
    ok(phase1("technique Айрис Зов --aspect Мана --effect support --ap 1 --provokes"))
    to_iris(phase1)
    return phase1


def test_tt_combined_1_a_non_damaging_first_technique_lets_a_second_follow_as_one_combat_action(mage):
    ok(mage("cast Айрис Щит"))
    r = ok(mage('cast Айрис Стрела "Волк 1" --given 4 --json'))
    kinds = [e["kind"] for e in events(r)]
    # the seed: "провоцирует Ответные атаки в момент между первым приемом и вторым"
    assert kinds.index("counters_offered") < kinds.index("formula")
    cast = next(e for e in events(r) if e["kind"] == "cast")
    assert cast["combined"] == "Щит" and cast["ap_left"] == 1  # 6 - 1 cell - 1 - 3
    assert who(mage, "Айрис")["resources"]["mp"] == 6
    assert who(mage, "Волк 1")["resources"]["hp"] == 6


def test_tt_combined_1_the_words_of_a_combined_action(mage):
    ok(mage("cast Айрис Щит"))
    r = ok(mage('cast Айрис Стрела "Волк 1" --given 4'))
    assert "Айрис follows Щит with Стрела (Мана) as one combined action, for 3 AP, 3 MP (1 AP left)." in r.stdout
    assert "Волк 1 may answer Айрис with a counter attack." in r.stdout


def test_tt_combined_1_a_damaging_first_technique_opens_nothing(mage):
    ok(mage('cast Айрис Стрела "Волк 1" --given 4'))
    refused_unchanged(mage, "cast Айрис Щит", ExitCode.RULES, "has made its combat action this turn")


def test_tt_combined_1_the_second_must_follow_at_once(mage):
    ok(mage("cast Айрис Щит"))
    ok(mage("move Айрис --to 1,2"))
    refused_unchanged(mage, 'cast Айрис Стрела "Волк 1"', ExitCode.RULES, "has made its combat action this turn")


def test_tt_combined_1_no_items_in_the_same_turn(mage):
    ok(mage("item Айрис флакон --ap 0"))
    ok(mage("cast Айрис Щит"))
    refused_unchanged(mage, 'cast Айрис Стрела "Волк 1"', ExitCode.RULES, "used an item this turn")


def test_tt_combined_1_no_item_after_a_combined_action(mage):
    ok(mage("cast Айрис Щит"))
    ok(mage('cast Айрис Стрела "Волк 1" --given 4'))
    refused_unchanged(mage, "item Айрис флакон --ap 0", ExitCode.RULES, "made a combined action this turn")


def test_tt_combined_1_self_provoking_actions_cannot_be_combined(mage):
    ok(mage("cast Айрис Щит"))
    refused_unchanged(mage, "cast Айрис Зов", ExitCode.RULES, "provokes counter attacks by itself")
    ok(mage("fight next"))


def test_tt_combined_1_not_in_eidolon_form(mage):
    ok(mage("effect add Айрис Эйдолон"))
    ok(mage("cast Айрис Щит"))
    refused_unchanged(mage, 'cast Айрис Стрела "Волк 1"', ExitCode.RULES, "in Eidolon form")


# --- TT-COUNTER-1: several techniques in one phase ----------------------------------------------------------------

def test_tt_counter_1_a_second_technique_in_one_phase_provokes(mage):
    r = ok(mage("cast Айрис Щит --json"))
    assert "counters_offered" not in [e["kind"] for e in events(r)]  # one technique, no provocation
    r = ok(mage('cast Айрис Стрела "Волк 1" --given 4 --json'))
    several = next(e for e in events(r) if e["kind"] == "several_techniques")
    assert several["n"] == 2
    assert next(e for e in events(r) if e["kind"] == "counters_offered")["names"] == ["Волк 1"]


def test_tt_counter_1_the_count_starts_again_each_phase(mage):
    ok(mage("cast Айрис Щит"))
    for _turn in range(4):
        ok(mage("fight next"))  # Плут, Волк 2, Волк 1; phase 2: Торн
    ok(mage("fight next"))  # the shared place opens again
    r = ok(mage("cast Айрис Щит --json"))
    assert "several_techniques" not in [e["kind"] for e in events(r)]


# --- TT-WEAPON-1: weapon kinds ------------------------------------------------------------------------------------

def test_tt_weapon_1_a_bow_shoots_far_but_not_in_its_dead_zone(phase1):  # noqa: F811
    ok(phase1('char set Торн "тип оружия"=лук'))
    refused_unchanged(phase1, 'attack Торн "Волк 1"', ExitCode.RULES, "in the bow's dead zone")
    ok(phase1('attack Торн "Волк 2" --given 3'))  # 3 cells: no reach stat, no limit


def test_tt_weapon_1_a_spear_reaches_two_cells(phase1):  # noqa: F811
    ok(phase1('char set Торн "тип оружия"=копьё'))
    refused_unchanged(phase1, 'attack Торн "Волк 2"', ExitCode.RULES, "Волк 2 is 3 cells away; Торн reaches 2")
    ok(phase1('place "Волк 2" 3,0'))
    ok(phase1('attack Торн "Волк 2" --given 3'))


def test_tt_weapon_1_an_orb_strikes_within_radius_1_of_any_friend(phase1):  # noqa: F811
    ok(phase1('char set Торн "тип оружия"=шар'))
    refused_unchanged(phase1, 'attack Торн "Волк 2"', ExitCode.RULES, "an orb strikes there only")
    ok(phase1('place Плут 4,1'))
    ok(phase1('attack Торн "Волк 2" --given 3'))


def test_tt_weapon_1_a_pistol_deals_mystic_damage(phase1):  # noqa: F811
    ok(phase1('char set Торн "тип оружия"=пистоль'))
    r = ok(phase1('attack Торн "Волк 2" --given 3'))
    # TT-DMG-3: against ФЗ 1, the formula's 5 less all the defenses
    assert "Волк 2 takes 5 mystic: all defenses 1 blocks 1; 4 to HP (HP 10 -> 6)." in r.stdout


# --- TT-TRANCE-1 with a written technique ------------------------------------------------------------------

def test_tt_trance_1_a_trance_casts_mana_life_or_time_free_whatever_the_days_aspect(mage):
    ok(mage("char set Айрис аспект=Душа"))
    ok(mage("technique Айрис Голос --aspect Душа --formula D4 --ap 2"))
    ok(mage("char set Айрис sp=1"))
    ok(mage('damage Айрис 5 --type переменный --given 99'))  # ФЗ(D) 1 blocks 1: SP 0, the trance
    refused_unchanged(mage, 'cast Айрис Голос "Волк 1" --trance', ExitCode.RULES,
                      "a trance uses techniques of Мана, Жизнь or Время; Голос is of Душа")
    r = ok(mage('cast Айрис Стрела "Волк 1" --trance --given 4'))
    assert "Айрис uses Стрела (Мана) in trance, free (5 AP left)." in r.stdout
    assert who(mage, "Айрис")["resources"]["mp"] == 10
    assert who(mage, "Айрис")["data"]["trance"] == {"uses": 2, "turns": 3}
    r = ok(mage('cast Айрис Стрела "Волк 1" --trance --given 4'))
    assert "uses technique number 2 this phase" in r.stdout


# --- the prompt plays techniques as the command line does --------------------------------------------------

def test_tt_combined_1_one_shot_and_prompt_journals_are_equal(terra, tmp_path):  # noqa: F811
    import io

    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput
    from test_terra_fight import copy_example, journal

    from ttcli.env import Environment
    from ttcli.repl import Repl

    lines = ["char set Айрис аспект=Мана",
             "technique Айрис Щит --aspect Мана --effect support --ap 1 --mp 1",
             "technique Айрис Стрела --aspect Мана --formula D6 --type Огонь --ap 3 --mp 3",
             'fight start --no-sync --given "4 1 5 1 4 2 1 2"', "fight next", "move Айрис --to 1,1",
             "приём Айрис Щит", 'приём Айрис Стрела "Волк 1" --given 4', 'counter "Волк 1" Айрис --given "2 50"']
    for line in lines:
        ok(terra(line))
    saves = tmp_path / "prompt"
    copy_example(saves)
    env = Environment(stdout=io.StringIO(), stderr=io.StringIO(), saves=saves)
    with create_pipe_input() as pipe:
        pipe.send_text("".join(line + "\n" for line in lines) + "exit\n")
        Repl(env, "terra", input=pipe, output=DummyOutput(), history=False).run()
    assert env.stderr.getvalue() == ""
    assert journal(terra.saves) == journal(saves)
    assert len(journal(saves)) == len(lines)


# --- the session file keeps a technique exactly ----------------------------------------------------------------

@given(st.builds(
    Technique, name=st.text(min_size=1, max_size=8), aspect=st.sampled_from(ASPECTS),
    effect=st.sampled_from(EFFECTS), formula=st.sampled_from(["", "D6", "2D6+3"]), type=st.sampled_from(["", "Огонь"]),
    ap=st.integers(0, 6), hp=st.integers(0, 5), mp=st.integers(0, 9), weapon=st.booleans(), learned=st.booleans(),
    slot=st.booleans(), passive=st.booleans(), provokes=st.booleans(), reach=st.integers(0, 5)))
def test_tt_tech_1_a_technique_round_trips_through_the_session_data(t):
    from rules.systems.terra.data import decode_combatant

    table = {"techniques": {t.name: t.table()}}
    assert known(decode_combatant(table, ("combatants", "X", "data"))) == {t.name: t}


# --- the seed's crit examples replay through a written technique ----------------------------------------------

@pytest.mark.parametrize(("formula", "given", "words", "total"), [
    # "формулу D4+2, в случае крита вы нанесете 8, в случае промаха 0, в случае же минимального урона 3" (ГК 3)
    ("D4+2", "1 3", "first die 1 → check D4 = 3 = ГК 3: crit, 8", 8),
    ("D4+2", "1 1", "first die 1 → check D4 = 1, farthest from ГК 3: minimum, 3", 3),
    ("D4+2", "1 2", "first die 1 → check D4 = 2: miss, 0", 0),
    # "формула 3*D6 при крите выдаст 18+6 урона"
    ("3*D6", "1 3", "crit, 24", 24),
    # "D4+D4+D4 при крите выдаст 8+D4+D4": the formula's dice in written order, then the check D4
    ("D4+D4+D4", "1 2 4 3", "crit, 14", 14),
])
def test_tt_crit_1_the_seeds_examples_through_a_technique(phase1, formula, given, words, total):  # noqa: F811
    ok(phase1("char set Торн аспект=Мана"))
    ok(phase1(f"technique Торн Пламя --aspect Мана --formula {formula} --type Огонь --ap 3"))
    r = ok(phase1(f'cast Торн Пламя "Волк 1" --given "{given}"'))
    assert f"Торн: {formula}: rolled " in r.stdout and words in r.stdout
    assert who(phase1, "Волк 1")["resources"]["hp"] == 10 - total  # no МЗ against Огонь


def test_tt_crit_1_a_healing_technique_crits_as_the_seed_says(phase1):  # noqa: F811
    """"Каждый раз, когда персонаж имеет дело со случайными параметрами, что относится в равной степени и к урону
    и к исцелению, он может промахнуться либо совершить критический эффект." """
    ok(phase1("char set Торн аспект=Жизнь hp=1"))
    ok(phase1("technique Торн Лечение --aspect Жизнь --effect heal --formula D4+2 --ap 2"))
    r = ok(phase1('cast Торн Лечение --given "1 3"'))
    assert "Торн: D4+2: rolled 1; first die 1 → check D4 = 3 = ГК 3: crit, 8" in r.stdout
    assert who(phase1, "Торн")["resources"]["hp"] == 9


def test_tt_tech_2_a_monster_casts_without_choosing_an_aspect(phase1):  # noqa: F811
    ok(phase1('technique "Волк 1" Вой --aspect Душа --formula D4 --type Звук --ap 2'))
    for _turn in range(5):
        ok(phase1("fight next"))  # the shared place opens, Айрис, Плут, Волк 2, Волк 1
    r = ok(phase1('cast "Волк 1" Вой Торн --given 3'))
    assert "Волк 1: D4: rolled 3 = 3 (no crit check)" in r.stdout  # TT-CRIT-4: monsters roll plainly
    assert who(phase1, "Торн")["resources"]["hp"] == 7


def test_tt_combined_1_a_trance_technique_in_between_closes_the_combined_action(mage):
    ok(mage("technique Айрис Оберег --aspect Мана --effect support --ap 1 --weapon --learned"))
    ok(mage("technique Айрис Жало --aspect Мана --formula D4 --ap 1 --weapon --learned"))
    ok(mage("char set Айрис sp=1"))
    ok(mage('damage Айрис 5 --type переменный --given 99'))  # SP 0: the trance; learned weapon techniques remain
    ok(mage("cast Айрис Оберег"))
    ok(mage('cast Айрис Стрела "Волк 1" --trance --given 4'))
    refused_unchanged(mage, 'cast Айрис Жало "Волк 1"', ExitCode.RULES, "has made its combat action this turn")


# --- TT-WEAPON-1: the equipment slots ----------------------------------------------------------------------------

def test_tt_weapon_1_slots_chosen_before_the_fight_one_weapon_one_shield_two_accessories(terra):  # noqa: F811
    """"Это Оружие (Основная рука, либо обе руки), Щит (Вторая рука), головной убор (Голова), основная защита
    (Тело), и два Аксессуара." """
    ok(terra("equip Торн on Секира --slot двуручное"))
    refused_unchanged(terra, "equip Торн on Баклер --slot щит", ExitCode.RULES, "leaves no hand for a shield")
    refused_unchanged(terra, "equip Торн on Меч --slot оружие", ExitCode.RULES, "has a weapon already (Секира)")
    ok(terra("equip Торн on Кольцо --slot аксессуар"))
    ok(terra("equip Торн on Амулет --slot аксессуар"))
    refused_unchanged(terra, "equip Торн on Серьга --slot аксессуар", ExitCode.RULES,
                      "wears Кольцо, Амулет there already")
    assert who(terra, "Торн")["resources"]["sp"] == 10  # before the fight: no AP, no SP
    assert who(terra, "Торн")["data"]["worn"] == {"both_hands": ["Секира"], "accessory": ["Кольцо", "Амулет"]}


def test_tt_equip_1_the_weapon_is_not_changed_in_a_fight_but_one_without_may_take_one(terra):  # noqa: F811
    ok(terra("equip Торн on Секира --slot оружие"))
    ok(terra("equip Торн on Шлем --slot голова"))
    ok(terra('fight start --no-sync --given "4 1 5 1 4 2 1 2"'))
    refused_unchanged(terra, "equip Торн off Секира", ExitCode.RULES, "a weapon is not changed in a fight")
    r = ok(terra("equip Торн off Шлем"))
    assert "Торн takes off Шлем for 3 AP and 1 SP (3 AP left)." in r.stdout
    assert "worn" in who(terra, "Торн")["data"] and "head" not in who(terra, "Торн")["data"]["worn"]
    ok(terra("fight next"))
    ok(terra("fight next"))  # Айрис, who carries no weapon, takes one for 1 AP
    assert "Айрис puts on Посох for 1 AP (5 AP left)." in ok(terra("equip Айрис on Посох --slot оружие")).stdout
