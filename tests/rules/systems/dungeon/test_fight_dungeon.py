"""A dungeon fight on the shared combat state, rule by rule (DG-* in RULES.md)."""

from __future__ import annotations

from dataclasses import replace

import pytest
import tomli_w
from hypothesis import given
from hypothesis import strategies as st

from rules import fight as cb
from rules.core.codec import encounter_from_doc, encounter_to_doc
from rules.core.errors import NotFound, RuleError
from rules.dice.sources import GIVEN, GivenSource, RandomSource
from rules.systems.dungeon import mechanics as dg
from rules.systems.dungeon import presets
from rules.systems.dungeon.fight import injury_effect, parse_weapon
from rules.systems.dungeon.rules import RULES as DG


class _NoMoreDice:
    def draw(self, sides: int):
        raise AssertionError(f"an unexpected d{sides} was drawn")


def script(*faces: int) -> GivenSource:
    """Dice that must all be used: a fallback roll would mean a wrong draw count."""
    return GivenSource(faces, fallback=_NoMoreDice())


NO_DICE = script()


def fighter(name, side, body, reaction, mind=1, charisma=1, **stats) -> cb.Combatant:
    hidden = stats.pop("hidden", False)
    return cb.Combatant(name, side, hidden=hidden, stats={
        "body": body, "reaction": reaction, "mind": mind, "charisma": charisma, **stats,
    })


# Викинг: 13 HP, dodge 13, fatigue max 5, speed 3; Эльфийка: 7 HP, speed 5
# Гоблин: 7 HP, dodge 13; Орк: 10 HP, armor 2
VIKING = fighter("Викинг", "party", 4, 3, 1, 4, weapon="1d8", armor=1)
ELF = fighter("Эльфийка", "party", 2, 5, 3, 2, weapon="1d6")
GOBLIN = fighter("Гоблин", "enemy", 2, 3, weapon="1d6")
ORC = fighter("Орк", "enemy", 3, 2, weapon="1d10", armor=2)


def roster(*extra: cb.Combatant) -> cb.Encounter:
    return cb.Encounter("dungeon", {}, (VIKING, ELF, GOBLIN, ORC, *extra))


def started(*extra: cb.Combatant, dice=(5, 2)) -> cb.Encounter:
    """Party first (5 vs 2): Эльфийка, Викинг, Гоблин, Орк; Эльфийка acts."""
    return cb.start_fight(roster(*extra), script(*dice)).encounter


def at_turn(enc: cb.Encounter, name: str) -> cb.Encounter:
    for _ in range(20):
        assert enc.fight is not None
        if enc.fight.current == name:
            return enc
        enc = cb.next_turn(enc, NO_DICE).encounter
    raise AssertionError(f"{name} never got a turn")


def hp(enc: cb.Encounter, name: str) -> int:
    return enc.get(name).resources["hp"]


def faces(outcome: cb.Outcome) -> list[tuple[int, int, str]]:
    return [(d.face, d.sides, d.purpose) for d in outcome.dice]


def turn(enc: cb.Encounter) -> cb.TurnState:
    assert enc.fight is not None and enc.fight.turn is not None
    return enc.fight.turn


# --- DG-INIT-1 --------------------------------------------------------------------


def test_dg_init_1_higher_side_first_then_each_side_by_reaction():
    out = cb.start_fight(roster(), script(5, 2))
    assert out.encounter.fight.order == ("Эльфийка", "Викинг", "Гоблин", "Орк")
    assert out.encounter.fight.current == "Эльфийка"
    assert faces(out) == [(5, 6, "initiative_party"), (2, 6, "initiative_enemies")]
    assert all(d.origin == GIVEN for d in out.dice)
    assert out.event == {
        "kind": "fight_start", "first": "party", "party_roll": 5, "enemy_roll": 2,
        "order": ["Эльфийка", "Викинг", "Гоблин", "Орк"], "actor": "Эльфийка",
    }
    assert out.lines == (
        "Initiative: party d6 = 5, enemies d6 = 2: the party side acts first.",
        "Order: Эльфийка, Викинг, Гоблин, Орк.",
        "Round 1.",
        "Turn: Эльфийка (2 actions).",
    )


def test_dg_init_1_a_tie_goes_to_the_enemies():
    out = cb.start_fight(roster(), script(4, 4))
    assert out.encounter.fight.order == ("Гоблин", "Орк", "Эльфийка", "Викинг")
    assert "(a tie goes to the enemies)" in out.lines[0]


@pytest.mark.parametrize("ambush, first", [("party", "Эльфийка"), ("enemy", "Гоблин"),
                                           ("enemies", "Гоблин")])
def test_dg_init_1_ambushers_act_first_without_a_roll(ambush, first):
    out = cb.start_fight(roster(), NO_DICE, ambush=ambush)
    assert out.dice == ()
    assert out.encounter.fight.current == first
    assert out.encounter.fight.data["ambush"] in ("party", "enemy")
    assert out.lines[0].startswith("Ambush:")


def test_dg_init_1_the_dead_take_no_part_and_the_hidden_stay_out_of_public_lines():
    dead = replace(fighter("Скелет", "enemy", 1, 9), status="dead", resources={"hp": 0})
    ghost = fighter("Призрак", "enemy", 1, 1, hidden=True)
    out = cb.start_fight(roster(dead, ghost), script(5, 2))
    assert out.encounter.fight.order == ("Эльфийка", "Викинг", "Гоблин", "Орк", "Призрак")
    assert "Order: Эльфийка, Викинг, Гоблин, Орк." in out.public_lines
    assert "Order: Эльфийка, Викинг, Гоблин, Орк, Призрак." in out.lines


def test_dg_init_1_a_fight_needs_someone_alive_on_each_side():
    with pytest.raises(RuleError, match="each side"):
        cb.start_fight(cb.Encounter("dungeon", {}, (VIKING, ELF)), NO_DICE)


def test_dg_init_1_one_fight_at_a_time():
    with pytest.raises(RuleError, match="already running"):
        cb.start_fight(started(), script(1, 1))


def test_dg_init_1_order_repeats_every_round():
    enc = started()
    seen = []
    for _ in range(5):
        enc = cb.next_turn(enc, NO_DICE).encounter
        seen.append((enc.fight.round, enc.fight.current))
    assert seen == [(1, "Викинг"), (1, "Гоблин"), (1, "Орк"), (2, "Эльфийка"), (2, "Викинг")]


def test_dg_init_1_only_the_current_character_acts_and_turns_cannot_be_delayed():
    enc = started()
    with pytest.raises(RuleError) as caught:
        DG.attack(enc, script(20, 8), "викинг", "гоблин")
    assert caught.value.rule == "DG-INIT-1"
    assert "it is Эльфийка's turn" in str(caught.value)


# --- DG-ACT-1 -------------------------------------------------------------------------


def test_dg_act_1_two_actions_a_round_and_no_third():
    enc = started()
    enc = DG.act(enc, "эльф", "draws a bow").encounter
    out = DG.attack(enc, script(2), "эльф", "гоблин", kind="ranged")
    assert turn(out.encounter).remaining == 0
    with pytest.raises(RuleError) as caught:
        DG.act(out.encounter, "эльф")
    assert caught.value.rule == "DG-ACT-1"


def test_dg_act_1_actions_come_back_with_the_next_turn():
    enc = DG.act(DG.act(started(), "эльф").encounter, "эльф").encounter
    enc = at_turn(cb.next_turn(enc, NO_DICE).encounter, "Эльфийка")
    assert enc.fight.round == 2 and turn(enc).remaining == 2


def test_dg_act_1_refused_requests_leave_the_encounter_as_it_was():
    enc = DG.act(DG.act(started(), "эльф").encounter, "эльф").encounter
    before = tomli_w.dumps(encounter_to_doc(enc, {}))
    refusals = [
        lambda: DG.act(enc, "эльф"),
        lambda: DG.attack(enc, script(20), "эльф", "гоблин"),
        lambda: DG.move(enc, "викинг", 1),
        lambda: DG.spend_fatigue(enc, NO_DICE, "гоблин", "extra action"),
    ]
    for refuse in refusals:
        with pytest.raises(RuleError):
            refuse()
    assert tomli_w.dumps(encounter_to_doc(enc, {})) == before


# --- DG-HIT-1, DG-ADV-1 -------------------------------------------------------------


@pytest.mark.parametrize(
    "kind, face, advantages, disadvantages, total, hit",
    [
        ("melee", 13, 0, 0, 13, True),      # d20 vs dodge 13
        ("melee", 12, 0, 0, 12, False),
        ("ranged", 8, 0, 0, 13, True),      # + reaction 5
        ("ranged", 7, 0, 0, 12, False),
        ("melee", 3, 2, 0, 13, True),       # two advantages: +10
        ("melee", 19, 0, 3, 9, False),      # three disadvantages: still -10
        ("ranged", 1, 2, 0, 16, False),     # a natural 1 misses
    ],
)
def test_dg_hit_1_dg_adv_1_d20_against_dodge_with_advantages(kind, face, advantages, disadvantages, total, hit):
    dice = (face, 1) if hit else (face,)
    out = DG.attack(started(), script(*dice), "эльф", "гоблин", kind=kind,
                    advantages=advantages, disadvantages=disadvantages)
    assert (out.event["total"], out.event["dodge"], out.event["hit"]) == (total, 13, hit)


def test_dg_hit_1_a_natural_20_hits_whatever_the_dodge():
    enc = cb.add_effect(started(), "гоблин", cb.EffectSpec("shield", modifiers={"dodge": 30})).encounter
    out = DG.attack(enc, script(20, 1), "эльф", "гоблин")
    assert out.event["dodge"] == 43 and out.event["hit"] and out.event["natural"] == 20
    assert "(natural 20)" in out.lines[0]


def test_dg_hit_1_effects_change_dodge_and_hit():
    enc = cb.add_effect(started(), "гоблин", cb.EffectSpec("prone", modifiers={"УВ": -3})).encounter
    enc = cb.add_effect(enc, "эльф", cb.EffectSpec("blessed", modifiers={"hit": 1})).encounter
    out = DG.attack(enc, script(9, 1), "эльф", "гоблин")
    assert (out.event["total"], out.event["dodge"]) == (10, 10)
    assert out.lines[0] == "Эльфийка attacks Гоблин (melee): d20 9 + 1 bonus = 10 vs dodge 10: hit."


# --- DG-DMG-1 ----------------------------------------------------------------------------


def test_dg_dmg_1_melee_adds_body_and_armor_subtracts():
    enc = at_turn(started(), "Викинг")
    out = DG.attack(enc, script(15, 5), "вик", "орк")
    assert faces(out) == [(15, 20, "hit"), (5, 8, "damage")]
    assert out.event["damage"] == 7  # 5 + body 4 - armor 2
    assert hp(out.encounter, "Орк") == 3
    assert out.lines[1:3] == ("Damage: 1d8 (5) + 4 body - 2 armor = 7.", "Орк: HP 10 -> 3.")


def test_dg_dmg_1_ranged_adds_no_body_and_damage_never_goes_below_zero():
    out = DG.attack(started(), script(15, 1), "эльф", "орк", kind="ranged")
    assert out.event["damage"] == 0
    assert hp(out.encounter, "Орк") == 10
    assert "Орк" not in out.encounter.fight.data.get("damaged", ())  # armor stopped it all: no damage taken


def test_dg_dmg_1_weapon_given_with_the_attack_and_its_bonus():
    assert parse_weapon("2д6+1") == (2, 6, 1)
    out = DG.attack(started(), script(15, 2, 3), "эльф", "гоблин", weapon="2d6+1")
    assert out.event["damage"] == 2 + 3 + 1 + 2  # dice + bonus + body
    with pytest.raises(ValueError, match="1d8"):
        DG.attack(started(), script(15), "эльф", "гоблин", weapon="sword")


def test_dg_dmg_1_a_combatant_without_a_weapon_must_be_given_one():
    bare = fighter("Монах", "party", 3, 9)
    enc = cb.start_fight(roster(bare), script(5, 2)).encounter
    with pytest.raises(RuleError, match="no weapon die"):
        DG.attack(enc, script(15, 3), "монах", "гоблин")
    assert DG.attack(enc, script(15, 3), "монах", "гоблин", weapon="1d4").event["damage"] == 6


def test_dg_dmg_1_extra_damage_die_adds_a_weapon_die_and_costs_two_fatigue_on_a_hit():
    enc = at_turn(started(), "Викинг")
    out = DG.attack(enc, script(15, 5, 6), "вик", "орк", extra_die=True)
    assert faces(out)[1:] == [(5, 8, "damage"), (6, 8, "extra_damage")]
    assert out.event["damage"] == 5 + 6 + 4 - 2
    assert out.encounter.get("Викинг").resources["fatigue"] == 2
    assert turn(out.encounter).used == ("extra_damage_die",)


def test_dg_dmg_1_extra_damage_die_is_not_paid_on_a_miss():
    enc = at_turn(started(), "Викинг")
    out = DG.attack(enc, script(2), "вик", "орк", extra_die=True)
    assert "fatigue" not in out.encounter.get("Викинг").resources
    assert turn(out.encounter).used == ()


@given(st.integers(1, 100), st.integers(1, 1000), st.integers(-50, 50),
       st.sampled_from("dDдДкК"), st.booleans(), st.sampled_from(["", " "]))
def test_dg_dmg_1_weapon_dice_text_reads_back(count, sides, bonus, letter, bare, space):
    text = ("" if bare and count == 1 else str(count)) + letter + str(sides)
    if bonus:
        text += f"{space}{'+' if bonus > 0 else '-'}{space}{abs(bonus)}"
    assert parse_weapon(text) == (count, sides, bonus)


@given(st.text(max_size=12))
def test_dg_dmg_1_weapon_text_parses_or_says_what_it_expects(text):
    try:
        count, sides, _ = parse_weapon(text)
    except ValueError as err:
        assert "1d8" in str(err)
    else:
        assert count >= 0 and sides >= 0


# --- DG-DER-1 ----------------------------------------------------------------------------


def test_dg_der_1_hp_dodge_and_caps_in_a_fight_come_from_the_sheet():
    veteran = fighter("Ветеран", "party", 3, 3, weapon="1d6", level=4)  # HP 13, dodge 16
    tough = fighter("Громила", "enemy", 3, 1, weapon="1d6", hp_max=20)  # a house-rule override
    enc = cb.start_fight(cb.Encounter("dungeon", {}, (veteran, tough)), script(5, 2)).encounter
    out = DG.attack(enc, script(15, 1), "ветеран", "громила")
    assert out.event["dodge"] == 13 and out.event["hp"] == 20 - 1 - 3
    enc = at_turn(out.encounter, "Громила")
    assert DG.attack(enc, script(15), "громила", "ветеран").event["dodge"] == 16
    assert hp(cb.heal(out.encounter, "громила", 50).encounter, "Громила") == 20


def test_issue_1_a_hidden_attackers_blow_reaches_the_public_lines_as_someones():
    """The players see the blow on them, never the hidden one's name, die or stats."""
    archer = fighter("Лучник", "enemy", 1, 9, weapon="1d6", hidden=True)
    enc = cb.start_fight(roster(archer), script(1, 2)).encounter
    assert enc.fight.current == "Лучник"
    out = DG.attack(enc, script(15, 2), "лучник", "эльф", kind="ranged")
    assert out.hidden
    assert out.public_lines == ("Someone attacks Эльфийка (ranged): hit.", "Damage: 2.", "Эльфийка: HP 7 -> 5.")
    assert out.lines[0].startswith("Лучник attacks Эльфийка (ranged): d20 15")


# --- DG-DEATH-1 ----------------------------------------------------------------------------


def test_dg_death_1_zero_hp_knocks_out_and_hp_stays_at_zero():
    enc = cb.damage(started(), "гоблин", 5).encounter
    out = DG.attack(enc, script(15, 6), "эльф", "гоблин")
    assert (hp(out.encounter, "Гоблин"), out.encounter.get("Гоблин").status) == (0, "unconscious")
    assert out.lines[2] == "Гоблин: HP 2 -> 0 and falls unconscious."
    assert out.event["status"] == "unconscious"


def test_dg_death_1_damage_to_the_unconscious_kills():
    enc = cb.damage(started(), "гоблин", 7).encounter
    out = DG.attack(enc, script(15, 1), "эльф", "гоблин")
    assert out.encounter.get("Гоблин").status == "dead"
    assert "and dies" in out.lines[2]


def test_dg_death_1_the_dead_cannot_be_attacked_healed_or_damaged():
    enc = cb.damage(cb.damage(started(), "гоблин", 7).encounter, "гоблин", 1).encounter
    for refuse in (
        lambda: DG.attack(enc, script(15, 1), "эльф", "гоблин"),
        lambda: cb.heal(enc, "гоблин", 3),
        lambda: cb.damage(enc, "гоблин", 3),
    ):
        with pytest.raises(RuleError) as caught:
            refuse()
        assert caught.value.rule == "DG-DEATH-1"


def test_dg_death_1_any_healing_wakes_and_the_character_acts_on_its_turn():
    enc = cb.damage(started(), "викинг", 13).encounter
    assert enc.get("Викинг").status == "unconscious"
    skipped = cb.next_turn(enc, NO_DICE)
    assert skipped.encounter.fight.current == "Гоблин"
    assert "Викинг is unconscious: turn skipped." in skipped.lines
    woken = cb.heal(skipped.encounter, "викинг", 1)
    assert woken.lines == ("Викинг heals 1 (HP 0 -> 1) and wakes up.",)
    assert at_turn(woken.encounter, "Викинг").get("Викинг").status == "ok"


def test_dg_death_1_the_unconscious_cannot_act():
    enc = cb.damage(started(), "эльф", 7).encounter
    with pytest.raises(RuleError, match="unconscious and cannot act"):
        DG.act(enc, "эльф")


def test_dg_death_1_healing_never_passes_max_hp():
    enc = cb.damage(started(), "викинг", 4).encounter
    assert hp(cb.heal(enc, "викинг", 10).encounter, "Викинг") == 13


def test_dg_death_1_master_damage_works_outside_a_fight_too():
    out = cb.damage(roster(), "орк", 4)
    assert hp(out.encounter, "Орк") == 6 and out.encounter.fight is None


def test_dg_death_1_a_side_with_nobody_standing_decides_the_fight():
    enc = cb.damage(cb.damage(started(), "гоблин", 7).encounter, "орк", 2).encounter
    out = DG.attack(enc, script(15, 8), "эльф", "орк", weapon="1d10")  # 8 + 2 body - 2 armor
    assert out.event["decided"] == "party"
    assert out.lines[-1] == "Nobody on the enemy side is standing: the fight can end."


# --- DG-INJ-1 ------------------------------------------------------------------------------


def test_dg_inj_1_an_injury_is_a_named_effect_that_changes_a_stat():
    enc = at_turn(started(), "Викинг")
    enc = cb.add_effect(enc, "викинг", injury_effect(dg.TWISTED_ANKLE)).encounter
    (ankle,) = enc.get("Викинг").effects
    assert (ankle.name, dict(ankle.modifiers), ankle.until, ankle.note) == (
        "подвернутая нога", {"speed": -1}, "never", "1 час")
    out = DG.move(enc, "викинг", 3)
    assert out.event["speed"] == 2 and out.event["move_actions"] == 2


def test_dg_inj_1_an_injury_counted_in_turns_runs_out():
    spec = injury_effect(dg.Injury("сотрясение", turns=1, modifiers={"mind": -2}))
    enc = cb.add_effect(started(), "гоблин", spec).encounter
    assert enc.get("Гоблин").effects[0].until_round == 1
    enc = at_turn(enc, "Орк")
    assert enc.get("Гоблин").effects == ()


def test_dg_inj_1_injuries_outlast_the_fight():
    enc = cb.add_effect(started(), "викинг", injury_effect(dg.TWISTED_ANKLE)).encounter
    assert cb.end_fight(enc).encounter.get("Викинг").effects == enc.get("Викинг").effects


# --- DG-FAT-1 ------------------------------------------------------------------------------


def test_dg_fat_1_extra_action_gives_a_third_action_once_per_turn():
    out = DG.spend_fatigue(started(), NO_DICE, "эльф", "Дополнительное действие")
    enc = out.encounter
    assert turn(enc).actions == 3 and enc.get("Эльфийка").resources["fatigue"] == 2
    with pytest.raises(RuleError, match="once per turn"):
        DG.spend_fatigue(enc, NO_DICE, "эльф", "extra action")
    for _ in range(3):
        enc = DG.act(enc, "эльф").encounter
    assert turn(enc).remaining == 0


def test_dg_fat_1_extra_move_is_a_free_move_action():
    enc = DG.spend_fatigue(started(), NO_DICE, "эльф", "extra move").encounter
    assert turn(enc).data["free_moves"] == 1
    enc = DG.move(enc, "эльф", 5).encounter
    assert (turn(enc).remaining, turn(enc).data.get("free_moves", 0)) == (2, 0)
    enc = DG.move(enc, "эльф", 10).encounter
    assert turn(enc).remaining == 0


def test_dg_fat_1_advantage_is_bought_with_the_attack_for_one_fatigue():
    out = DG.attack(started(), script(8, 1), "эльф", "гоблин", fatigue_advantage=True)
    assert (out.event["total"], out.event["hit"], out.event["fatigue"]) == (13, True, 1)
    with pytest.raises(RuleError, match="once per turn"):
        DG.attack(out.encounter, script(8), "эльф", "гоблин", fatigue_advantage=True)
    with pytest.raises(RuleError, match="bought with the attack it helps"):
        DG.spend_fatigue(started(), NO_DICE, "эльф", "advantage")


def test_dg_fat_1_fatigue_cannot_pass_its_maximum():
    tired = replace(ELF, resources={"fatigue": 3})  # max = body 2 + level 1
    enc = cb.start_fight(cb.Encounter("dungeon", {}, (tired, GOBLIN)), script(5, 2)).encounter
    with pytest.raises(RuleError, match="only 0 more"):
        DG.spend_fatigue(enc, NO_DICE, "эльф", "extra move")
    with pytest.raises(RuleError, match="only 0 more"):
        DG.attack(enc, NO_DICE, "эльф", "гоблин", extra_die=True)


def test_dg_fat_1_rally_heals_body_plus_d4_for_an_action_and_two_fatigue():
    enc = cb.damage(roster(), "викинг", 9).encounter
    enc = at_turn(cb.start_fight(enc, script(5, 2)).encounter, "Викинг")
    out = DG.spend_fatigue(enc, script(3), "вик", "rally")
    assert faces(out) == [(3, 4, "rally_heal")]
    assert hp(out.encounter, "Викинг") == 4 + 4 + 3
    assert out.encounter.get("Викинг").resources["fatigue"] == 2
    assert turn(out.encounter).remaining == 1


def test_dg_fat_1_no_rally_after_damage_since_the_start_of_the_previous_turn():
    enc = at_turn(started(), "Гоблин")
    enc = cb.damage(enc, "викинг", 3).encounter  # hit after Викинг's round-1 turn
    enc = at_turn(cb.next_turn(enc, NO_DICE).encounter, "Викинг")
    assert enc.fight.round == 2 and turn(enc).data["was_damaged"]
    with pytest.raises(RuleError, match="took no damage"):
        DG.spend_fatigue(enc, script(3), "вик", "rally")
    # a quiet round later the window has moved on
    enc = at_turn(cb.next_turn(enc, NO_DICE).encounter, "Викинг")
    assert enc.fight.round == 3 and not turn(enc).data.get("was_damaged")
    assert DG.spend_fatigue(enc, script(3), "вик", "rally").event["heal"] == 3


def test_dg_fat_1_damage_during_ones_own_turn_counts_for_the_next():
    enc = cb.damage(started(), "эльф", 1).encounter
    enc = at_turn(cb.next_turn(enc, NO_DICE).encounter, "Эльфийка")
    assert turn(enc).data["was_damaged"]


def test_dg_fat_1_unknown_ability_is_not_found():
    with pytest.raises(NotFound) as caught:
        DG.spend_fatigue(started(), NO_DICE, "эльф", "rallly")
    assert "Rally" in caught.value.suggestions


# --- DG-MOVE-1 -------------------------------------------------------------------------------


@pytest.mark.parametrize("cells, actions", [(1, 1), (5, 1), (6, 2), (10, 2)])
def test_dg_move_1_each_move_action_covers_speed_cells(cells, actions):
    out = DG.move(started(), "эльф", cells)
    assert out.event["move_actions"] == actions
    assert turn(out.encounter).remaining == 2 - actions


def test_dg_move_1_a_diagonal_step_costs_two():
    out = DG.move(started(), "эльф", [(0, 0), (1, 1), (2, 2), (3, 2)])
    assert (out.event["cells"], out.event["move_actions"]) == (5, 1)


def test_dg_move_1_too_far_for_the_actions_left():
    with pytest.raises(RuleError) as caught:
        DG.move(started(), "эльф", 11)
    assert caught.value.rule == "DG-MOVE-1"
    assert "take 3 move actions" in str(caught.value)


# --- DG-CHECK-1, DG-SKILL-1, DG-SAVE-1 ----------------------------------------------------------


@pytest.mark.parametrize(
    "subject, face, dc, passed",
    [
        ("Атлетика", 11, 15, True),    # + body 4
        ("athletics", 10, 15, False),
        ("ТЕЛО", 11, 15, True),
        ("Запугивание", 11, 15, True),  # charisma 4 vs body 4: either gives 4
        ("Магия", 14, 15, True),       # + mind 1
        ("Атлетика", 1, 2, False),     # natural 1
        ("РАЗ", 20, 30, True),         # natural 20
    ],
)
def test_dg_check_1_dg_skill_1_stat_or_skill_check_in_the_encounter(subject, face, dc, passed):
    out = DG.check(started(), script(face), "викинг", subject, dc)
    assert out.passed is passed and out.event["passed"] is passed


def test_dg_check_1_a_check_is_not_an_action_and_anyone_living_may_make_one():
    enc = started()
    out = DG.check(enc, script(11), "орк", "body", 14, advantages=1, bonus=-2)
    assert out.event["total"] == 11 + 3 + 5 - 2
    assert out.encounter.fight == enc.fight


def test_dg_check_1_effects_with_a_check_modifier_apply():
    enc = cb.add_effect(started(), "викинг", cb.EffectSpec("curse", modifiers={"проверка": -3})).encounter
    assert DG.check(enc, script(11), "викинг", "body", 15).event["total"] == 12


def test_dg_check_1_unknown_stat_or_skill_is_not_found_and_derived_values_refused():
    with pytest.raises(NotFound) as caught:
        DG.check(started(), script(11), "викинг", "атлетикаа", 10)
    assert caught.value.suggestions
    with pytest.raises(RuleError) as refused:
        DG.check(started(), script(11), "викинг", "УВ", 10)
    assert refused.value.rule == "DG-CHECK-1"


@pytest.mark.parametrize("face, modifier, passed", [(4, 0, True), (5, 0, False), (5, 1, True)])
def test_dg_save_1_d10_at_most_the_stat(face, modifier, passed):
    out = DG.save(started(), script(face), "викинг", "тело", modifier)
    assert out.passed is passed
    assert faces(out) == [(face, 10, "save")]


def test_dg_save_1_uses_a_stat_not_a_skill():
    with pytest.raises(RuleError, match="not a skill"):
        DG.save(started(), script(3), "викинг", "Атлетика")


# --- DG-REST-1 -----------------------------------------------------------------------------------


def test_dg_rest_1_no_resting_during_a_fight():
    with pytest.raises(RuleError) as caught:
        DG.rest(started(), script(3, 3), "викинг", "short")
    assert caught.value.rule == "DG-REST-1"


def test_dg_rest_1_short_rest_after_the_fight():
    enc = cb.damage(roster(), "викинг", 6).encounter
    enc = replace(enc, combatants=tuple(
        c.with_resource("fatigue", 4) if c.name == "Викинг" else c for c in enc.combatants))
    out = DG.rest(enc, script(2, 3), "викинг", "короткий")
    assert faces(out) == [(2, 6, "rest_hp"), (3, 6, "rest_fatigue")]
    # the sheet's three rations until the session says otherwise
    assert dict(out.encounter.get("Викинг").resources) == {"hp": 9, "fatigue": 1, "rations": 2}


def test_dg_rest_1_a_ration_is_eaten_and_none_left_means_no_rest():
    fed = replace(ELF, resources={"hp": 1, "rations": 1})
    out = DG.rest(cb.Encounter("dungeon", {}, (fed,)), script(2), "эльф", "long")
    # long rest: HP + body 2 + d6 2; fatigue to 0; no MP for a non-caster
    assert dict(out.encounter.get("Эльфийка").resources) == {"hp": 5, "rations": 0, "fatigue": 0}
    hungry = DG.rest(out.encounter, NO_DICE, "эльф", "long")
    assert hungry.event["rested"] is False and hungry.encounter == out.encounter


# --- the fight as a whole ------------------------------------------------------------------


def test_end_fight_reports_who_is_down_and_dead():
    enc = cb.damage(started(), "гоблин", 7).encounter
    enc = cb.damage(cb.damage(enc, "орк", 10).encounter, "орк", 1).encounter
    out = cb.end_fight(enc)
    assert out.encounter.fight is None
    assert out.event == {"kind": "fight_end", "rounds": 1, "unconscious": ["Гоблин"],
                         "dead": ["Орк"], "winner": "party"}
    assert out.lines == ("The fight ends after 1 round.", "Unconscious: Гоблин.", "Dead: Орк.")
    with pytest.raises(RuleError, match="no fight"):
        cb.end_fight(out.encounter)


def test_a_latecomer_joins_after_the_last_of_its_side():
    enc = at_turn(started(), "Гоблин")
    enc = enc.with_combatant(fighter("Гном", "party", 3, 3, weapon="1d6"))
    out = cb.join_fight(enc, "гном")
    assert out.encounter.fight.order == ("Эльфийка", "Викинг", "Гном", "Гоблин", "Орк")
    assert out.encounter.fight.current == "Гоблин"
    assert at_turn(out.encounter, "Гном").fight.round == 2


def test_leave_fight_keeps_the_current_turn():
    enc = at_turn(started(), "Гоблин")
    out = cb.leave_fight(enc, "викинг")
    assert out.encounter.fight.order == ("Эльфийка", "Гоблин", "Орк")
    assert out.encounter.fight.current == "Гоблин"


def test_journal_events_and_state_stay_toml_safe_through_a_fight():
    enc = started()
    for step in (
        lambda e: DG.attack(e, script(15, 4), "эльф", "гоблин"),
        lambda e: cb.add_effect(e, "гоблин", presets.bleeding(2)),
        lambda e: cb.next_turn(e, NO_DICE),
        lambda e: cb.next_turn(e, NO_DICE),
        lambda e: cb.end_fight(e),
    ):
        out = step(enc)
        tomli_w.dumps({"event": [out.event]})
        doc = encounter_to_doc(out.encounter, {"format": 1})
        assert encounter_from_doc(doc) == out.encounter
        enc = out.encounter


def _party_and_horde() -> cb.Encounter:
    party = (
        fighter("Викинг", "party", 4, 3, 1, 4, weapon="1d8", armor=2, level=3),
        fighter("Эльфийка", "party", 2, 5, 3, 2, weapon="1d6", level=3),
        fighter("Жрица", "party", 3, 2, 4, 3, weapon="1d6", armor=1, level=3),
        fighter("Вор", "party", 2, 4, 2, 4, weapon="1d4", level=3),
    )
    horde = tuple(fighter(f"Гоблин {i}", "enemy", 1, 2, weapon="1d6") for i in range(1, 5)) + (
        fighter("Лучник", "enemy", 1, 4, weapon="1d6", hidden=True),
        fighter("Вожак", "enemy", 3, 3, weapon="1d8", armor=1, level=3),
    )
    return cb.Encounter("dungeon", {}, party + horde)


class Table:
    """Plays every turn the way a master would script a quick skirmish."""

    def __init__(self, source):
        self.source = source
        self.events: list[dict] = []

    def do(self, enc, outcome):
        self.events.append(outcome.event)
        tomli_w.dumps({"event": [outcome.event]})
        assert all(d.sides in (4, 6, 8, 20) and d.purpose for d in outcome.dice)
        return outcome.encounter

    def foes(self, enc, side):
        return [n for n in enc.fight.order if enc.get(n).side != side and enc.get(n).status == "ok"]

    def turn(self, enc):
        actor = enc.get(enc.fight.current)
        down = [n for n in enc.fight.order
                if enc.get(n).side == actor.side and enc.get(n).status == "unconscious"]
        if actor.name == "Жрица" and down:
            enc = self.do(enc, DG.act(enc, actor.name, f"lays hands on {down[0]}"))
            enc = self.do(enc, cb.heal(enc, down[0], self.source.draw(6).face))
        low = actor.resources.get("hp", 99) <= 4
        if low and not enc.fight.turn.data.get("was_damaged") and actor.resources.get("fatigue", 0) <= 2:
            enc = self.do(enc, DG.spend_fatigue(enc, self.source, actor.name, "rally"))
        while enc.fight.turn.remaining and self.foes(enc, actor.side):
            target = self.foes(enc, actor.side)[0]
            thief_can_pay = actor.name == "Вор" and enc.get("Вор").resources.get("fatigue", 0) <= 3
            extra = thief_can_pay and "extra_damage_die" not in enc.fight.turn.used
            kind = "ranged" if actor.name in ("Эльфийка", "Лучник") else "melee"
            out = DG.attack(enc, self.source, actor.name, target, kind=kind, extra_die=extra)
            enc = self.do(enc, out)
            if actor.name == "Вожак" and out.event.get("damage") and enc.get(target).status == "ok":
                enc = self.do(enc, cb.add_effect(enc, target, presets.bleeding(self.source.draw(4).face)))
        return enc


def test_scripted_four_heroes_against_six_enemies_over_ten_rounds():
    """A seeded ten-round brawl: healing, rallies, bleeding, a hidden archer.

    The seed is pinned, so the result is too: a change in how many dice an
    operation draws, or in what order, shows up here (journals replay on it).
    """
    source = RandomSource(131)
    table = Table(source)
    enc = table.do(None, cb.start_fight(_party_and_horde(), source))
    caps = {c.name: c.stats["body"] * 3 + c.stats.get("level", 1) for c in enc.combatants}
    while enc.fight.round <= 10 and "decided" not in table.events[-1]:
        acting, seen = enc.fight.current, len(table.events)
        enc = table.turn(enc)
        assert all(e["actor"] == acting for e in table.events[seen:]
                   if e["kind"] in ("attack", "rally", "action"))
        if "decided" in table.events[-1]:
            break
        enc = table.do(enc, cb.next_turn(enc, source))
        for c in enc.combatants:
            current = c.resources.get("hp", caps[c.name])
            assert 0 <= current <= caps[c.name]
            assert c.status == "dead" or (c.status == "ok") == (current > 0)
            assert 0 <= c.resources.get("fatigue", 0) <= c.stats["body"] + c.stats.get("level", 1)
        assert enc.get(enc.fight.current).status == "ok"
        assert encounter_from_doc(encounter_to_doc(enc, {})) == enc
    kinds = {e["kind"] for e in table.events}
    assert {"fight_start", "attack", "turn", "heal", "effect_added"} <= kinds
    assert (enc.fight.round, table.events[-1]["decided"]) == (10, "party")
    end = cb.end_fight(enc)
    out_of_it = [c.name for c in enc.combatants if c.status != "ok"]
    assert sorted(end.event["unconscious"] + end.event["dead"]) == sorted(out_of_it)
    assert end.event.get("winner") == table.events[-1].get("decided")
    assert end.encounter.fight is None
    assert all(e.until == "never" for c in end.encounter.combatants for e in c.effects)
