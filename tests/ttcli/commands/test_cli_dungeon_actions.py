"""The dungeon's situations and listed actions through the command line, on the
example session: situations and range on attacks (DG-ADV-1, DG-RANGE-1),
prone (DG-PRONE-1), knocking down (DG-KNOCK-1), pushing and the listed
actions (DG-ACT-2), the agreed party order (DG-INIT-1), the medical kit at a
rest (DG-INJ-2), the fatigue advantage the cap would waste (DG-FAT-1) and the
inventory in the combatant's data (DG-INV-1)."""

from __future__ import annotations

import json
import tomllib

import pytest
from support.paths import ROOT_DIR

from ttcli.exitcodes import ExitCode

ROOT = ROOT_DIR


def ok(result):
    assert result.exit_code == 0, result.output
    return result


def events(result) -> list[dict]:
    return json.loads(ok(result).stdout)["events"]


def event(result, kind: str) -> dict:
    return next(e for e in events(result) if e["kind"] == kind)


def data(crypt, name: str) -> dict:
    doc = tomllib.loads(crypt.path.read_text(encoding="utf-8"))
    return doc["combatants"][name].get("data", {})


def fight(crypt) -> dict:
    return tomllib.loads(crypt.path.read_text(encoding="utf-8"))["fight"]


def refused_unchanged(crypt, args, code: ExitCode, text: str) -> None:
    """Bad input: one message, the documented exit code, the file as it was."""
    before = crypt.path.read_bytes()
    r = crypt(*args)
    assert r.exit_code == code, r.output
    assert text in r.stderr, r.stderr
    assert r.stderr.count("error:") == 1 and "Traceback" not in r.output
    assert crypt.path.read_bytes() == before


@pytest.fixture
def ambush(crypt):
    """The party ambushes: Лучница, Вор, Викинг, Жрец (by РЕАК), then the enemies."""
    r = ok(crypt("fight", "start", "--ambush", "party"))
    assert "Order: Лучница, Вор, Викинг, Жрец, Гоблин 1" in r.stdout
    return crypt


# --- situations, the cap and fatigue (DG-ADV-1, DG-FAT-1) --------------------------


def test_dg_adv_1_situation_words_in_russian_or_english_show_every_modifier(ambush):
    hit = event(ambush("attack", "Лучница", "Гоблин 1", "--ranged", "--situation", "укрытие dim light",
                       "--given", "19 3", "--json"), "hit_roll")
    assert hit["modifiers"] == [{"amount": 5, "reason": "reaction"},
                                {"amount": -5, "reason": "target in cover"},
                                {"amount": -5, "reason": "dim light"}]
    assert (hit["die"], hit["total"], hit["hit"]) == (19, 14, True)
    assert hit["situation"] == ["target_in_cover", "dim"] and hit["advantage_cap"] == 10


def test_dg_adv_1_the_cap_holds_the_sum_and_the_roll_says_so(ambush):
    r = ambush("attack", "Лучница", "Гоблин 1", "--ranged", "--adv", "3", "--given", "2 3")
    assert "d20 2 + 5 reaction + 15 advantage - 5 advantage cap +-10 = 17 vs dodge 13: hit." in ok(r).stdout


def test_dg_adv_1_an_unknown_situation_word_gets_a_suggestion(ambush):
    refused_unchanged(ambush, ["attack", "Лучница", "Гоблин 1", "--situation", "укрыте полумрак"],
                      ExitCode.NOT_FOUND, "did you mean: укрытие")
    refused_unchanged(ambush, ["attack", "Лучница", "Гоблин 1", "--situation", "туман"],
                      ExitCode.NOT_FOUND, "no attack situation called 'туман'")


def test_dg_fat_1_fatigue_is_not_charged_for_an_advantage_the_cap_throws_away(ambush):
    refused_unchanged(ambush, ["attack", "Лучница", "Гоблин 1", "--adv", "2", "--fatigue-adv", "--given", "9"],
                      ExitCode.RULES, "no fatigue was spent (DG-FAT-1)")
    r = ambush("attack", "Лучница", "Гоблин 1", "--adv", "1", "--fatigue-adv", "--given", "9 3", "--json")
    assert json.loads(ok(r).stdout)["events"][0]["modifiers"][-1] == {
        "amount": 5, "reason": "advantage bought with fatigue"}


# --- prone (DG-PRONE-1) ---------------------------------------------------------------


def test_dg_prone_1_lying_down_and_standing_up_cost_an_action_each(ambush):
    assert event(ambush("prone", "Лучница", "--json"), "posture")["actions"] == 1
    assert data(ambush, "Лучница")["prone"] is True
    refused_unchanged(ambush, ["лечь", "Лучница"], ExitCode.RULES, "already prone")
    # lying, she shoots at -5; standing up spends her second action
    hit = event(ambush("attack", "Лучница", "Гоблин 1", "--ranged", "--given", "10 3", "--json"), "hit_roll")
    assert {"amount": -5, "reason": "attacker prone"} in hit["modifiers"]
    for _ in range(4):
        ok(ambush("fight", "next"))
    # Гоблин 1 strikes the prone archer in melee at +5
    hit = event(ambush("attack", "Гоблин 1", "Лучница", "--given", "8 1", "--json"), "hit_roll")
    assert hit["modifiers"] == [{"amount": 5, "reason": "target prone"}] and hit["total"] == 13


def test_dg_prone_1_act_stand_up_is_the_stand_action(ambush):
    ok(ambush("prone", "Лучница"))
    r = ok(ambush("act", "Лучница", "встать", "на", "ноги"))
    assert "Лучница stands up; 0 actions left." in r.stdout
    assert "prone" not in data(ambush, "Лучница")


def test_dg_prone_1_outside_a_fight_the_master_just_sets_it(crypt):
    ok(crypt("prone", "Вор"))
    assert data(crypt, "Вор")["prone"] is True
    ok(crypt("stand", "Вор"))
    assert "prone" not in data(crypt, "Вор")


# --- knocking down (DG-KNOCK-1) -----------------------------------------------------


def test_dg_knock_1_opposed_d20_plus_body_and_the_target_lies_prone(ambush):
    ok(ambush("fight", "next"))  # Вор (ТЕЛО 2)
    knock = event(ambush("knock", "Вор", "Гоблин 1", "--given", "12 9", "--json"), "knock")
    assert (knock["attacker_total"], knock["target_total"], knock["knocked_down"]) == (14, 11, True)
    assert data(ambush, "Гоблин 1")["prone"] is True and knock["actions"] == 1
    refused_unchanged(ambush, ["knock", "Вор", "Гоблин 1", "--given", "20 1"], ExitCode.RULES,
                      "Гоблин 1 is already prone")


def test_dg_knock_1_a_tie_keeps_the_target_standing_and_save_resists_with_body(ambush):
    ok(ambush("fight", "next"))
    ok(ambush("fight", "next"))  # Викинг (ТЕЛО 4)
    r = ok(ambush("сбить", "Викинг", "Гоблин 1", "--given", "5 7"))
    assert "d20 5 + body = 9 vs Гоблин 1's d20 7 + body = 9): Гоблин 1 keeps its feet" in r.stdout
    knock = event(ambush("knock", "Викинг", "Огр", "--save", "--given", "6", "--json"), "knock")
    assert (knock["resist"], knock["target_die"], knock["knocked_down"]) == ("save", 6, True)
    assert data(ambush, "Огр")["prone"] is True


# --- pushing, placing and the listed actions (DG-ACT-2) -------------------------------


def test_dg_act_2_a_push_moves_the_target_one_cell_away_and_never_into_a_taken_cell(ambush):
    ok(ambush("place", "Лучница", "1,1"))
    ok(ambush("place", "Гоблин 1", "2,1"))
    ok(ambush("place", "Гоблин 2", "4,1"))
    push = event(ambush("push", "Лучница", "Гоблин 1", "--json"), "push")
    assert (push["cell_before"], push["cell_after"], push["actions"]) == ([2, 1], [3, 1], 1)
    assert data(ambush, "Гоблин 1")["cell"] == [3, 1]
    ok(ambush("move", "Лучница", "--path", "1,1 2,1"))
    refused_unchanged(ambush, ["push", "Лучница", "Гоблин 1"], ExitCode.RULES,
                      "the cell behind the target (4, 1) is taken")


def test_dg_act_2_without_cells_a_push_is_narrative_and_costs_an_action(ambush):
    push = event(ambush("толкнуть", "Лучница", "Гоблин 1", "--json"), "push")
    assert "cell_after" not in push and push["actions"] == 1


@pytest.mark.parametrize(("what", "key"), [
    ("перезарядить", "reload"), ("draw weapon", "draw_weapon"),
    ("вытащить из инвентаря", "take_item"), ("потянуть за рычаг", "pull_lever"),
])
def test_dg_act_2_act_names_a_listed_action_canonically(ambush, what, key):
    r = ambush("act", "Лучница", *what.split(), "--json")
    found = event(r, "action")
    assert (found["action"], found["rule"], found["actions"]) == (key, "DG-ACT-2", 1)
    assert json.loads(r.stdout)["lines"][0].startswith(f"Лучница: {found['action_name']} ({what})")


def test_dg_act_2_anything_else_is_still_an_action_in_the_masters_words(ambush):
    found = event(ambush("act", "Лучница", "поёт", "песню", "--json"), "action")
    assert found["what"] == "поёт песню" and "action" not in found


def test_dg_act_2_an_action_with_its_own_command_points_to_it(ambush):
    refused_unchanged(ambush, ["act", "Лучница", "сбить с ног"], ExitCode.RULES, "knock ATTACKER TARGET")


# --- range (DG-RANGE-1) -------------------------------------------------------------


def test_dg_range_1_melee_reaches_the_cells_around_and_ranged_the_weapon_range(ambush):
    ok(ambush("place", "Лучница", "0,0"))
    ok(ambush("place", "Гоблин 1", "2,0"))
    refused_unchanged(ambush, ["attack", "Лучница", "Гоблин 1", "--given", "20 6"], ExitCode.RULES,
                      "the target is 2 cells away; a melee weapon reaches the cells around")
    hit = event(ambush("attack", "Лучница", "Гоблин 1", "--ranged", "--given", "2 1", "--json"), "hit_roll")
    assert (hit["distance"], hit["reach"]) == (2, 12)
    ok(ambush("char", "set", "Лучница", "дальность=1"))
    refused_unchanged(ambush, ["attack", "Лучница", "Гоблин 1", "--ranged", "--given", "20 6"], ExitCode.RULES,
                      "the ranged weapon reaches 1 cell (")


def test_dg_range_1_a_path_must_start_where_the_combatant_stands(ambush):
    ok(ambush("place", "Лучница", "0,0"))
    refused_unchanged(ambush, ["move", "Лучница", "--path", "1,0 2,0"], ExitCode.RULES,
                      "Лучница stands on 0,0; start the path there")
    ok(ambush("move", "Лучница", "--path", "0,0 1,0 2,0"))
    assert data(ambush, "Лучница")["cell"] == [2, 0]


def test_placing_on_a_taken_cell_is_refused(crypt):
    ok(crypt("place", "Вор", "1,1"))
    refused_unchanged(crypt, ["place", "Викинг", "1,1"], ExitCode.RULES, "Вор already stands on 1,1")
    ok(crypt("place", "Вор", "--off"))
    assert "cell" not in data(crypt, "Вор")


# --- the agreed party order (DG-INIT-1) ---------------------------------------------


def test_dg_init_1_the_agreed_order_set_before_the_fight_is_the_partys_order(crypt):
    r = ok(crypt("fight", "order", "Жрец", "вик"))
    assert "The party's agreed order: Жрец, Викинг, Лучница, Вор." in r.stdout
    r = ok(crypt("fight", "start", "--ambush", "party"))
    assert "Order: Жрец, Викинг, Лучница, Вор, Гоблин 1" in r.stdout
    ok(crypt("fight", "end", "--yes"))
    # it holds for the next fight too, and the Russian alias works under fight
    ok(crypt("fight", "порядок", "Вор"))
    assert "Order: Вор, Лучница, Викинг, Жрец" in ok(crypt("fight", "start", "--ambush", "party")).stdout


def test_dg_init_1_during_the_fight_it_waits_until_the_partys_turns_are_over(ambush):
    r = ok(ambush("fight", "order", "Жрец"))
    assert "from the end of the party's turns this round" in r.stdout
    assert fight(ambush)["order"][:4] == ["Лучница", "Вор", "Викинг", "Жрец"]
    for _ in range(3):
        ok(ambush("fight", "next"))
    assert fight(ambush)["order"][:4] == ["Лучница", "Вор", "Викинг", "Жрец"]
    ok(ambush("fight", "next"))  # Жрец's turn ends: the party has played its round
    assert fight(ambush)["order"][:4] == ["Жрец", "Лучница", "Вор", "Викинг"]
    assert fight(ambush)["turn"]["actor"] == "Гоблин 1"


def test_dg_init_1_the_order_is_the_partys_own(crypt):
    refused_unchanged(crypt, ["fight", "order", "Вор", "Огр"], ExitCode.RULES,
                      "Огр is an enemy; enemies act by РЕАК")
    refused_unchanged(crypt, ["fight", "order", "Вор", "вор"], ExitCode.RULES, "Вор is named twice")
    refused_unchanged(crypt, ["fight", "order", "Никто"], ExitCode.NOT_FOUND, "no party member called")


def test_dg_init_1_fight_order_lives_under_fight_only(crypt):
    r = crypt("fight", "order", "--help")
    assert r.exit_code == 0 and "ttcli fight order Вор Викинг Лучница" in r.stdout
    assert "order" in crypt("fight", "--help").stdout
    assert crypt("order", "Вор").exit_code == ExitCode.USAGE


# --- the medical kit (DG-INJ-2) and the inventory (DG-INV-1) --------------------------


def test_dg_inj_2_a_rest_with_a_medical_kit_treats_the_injuries_and_uses_the_kit(crypt):
    ok(crypt("effect", "add", "Жрец", "вывих", "--mod", "speed=-1", "--duration", "forever"))
    ok(crypt("effect", "add", "Жрец", "кровь из носа", "--damage", "1", "--duration", "forever"))
    treated = event(crypt("rest", "Жрец", "short", "--medkit", "--given", "3", "--json"), "treated")
    assert (treated["removed"], treated["kit"]) == (["вывих"], "медицинский набор")
    doc = tomllib.loads(crypt.path.read_text(encoding="utf-8"))["combatants"]["Жрец"]
    assert [e["name"] for e in doc.get("effects", [])] == ["кровь из носа"]
    assert "медицинский набор" not in {i["name"] for i in doc["data"]["inventory"]}


def test_dg_inj_2_no_kit_or_nothing_to_treat_refuses_the_rest(crypt):
    ok(crypt("effect", "add", "Викинг", "вывих", "--mod", "speed=-1", "--duration", "forever"))
    refused_unchanged(crypt, ["rest", "Викинг", "short", "--medkit"], ExitCode.RULES, "no medical kit carried")
    refused_unchanged(crypt, ["rest", "Жрец", "short", "--medkit"], ExitCode.RULES,
                      "nothing a medical kit can treat")


def test_dg_inj_2_an_injury_noted_untreatable_stays(crypt):
    ok(crypt("effect", "add", "Жрец", "потеря руки (не лечится)", "--duration", "forever"))
    ok(crypt("effect", "add", "Жрец", "вывих", "--duration", "forever"))
    treated = event(crypt("rest", "Жрец", "short", "--medkit", "--given", "3", "--json"), "treated")
    assert (treated["removed"], treated["kept"]) == (["вывих"], ["потеря руки (не лечится)"])


def test_dg_inv_1_the_inventory_is_written_in_the_combatants_data_table(crypt):
    ok(crypt("char", "give", "Викинг", "аптечка"))
    text = crypt.path.read_text(encoding="utf-8")
    assert '[combatants."Викинг".data]' in text
    assert {"name": "аптечка"} in data(crypt, "Викинг")["inventory"]
    assert ok(crypt("session", "check")).exit_code == 0


def test_dg_inv_1_a_hand_edited_data_table_is_reported_with_its_field(crypt):
    text = crypt.path.read_text(encoding="utf-8").replace(
        '[combatants."Викинг".data]', '[combatants."Викинг".data]\nlying = true', 1)
    crypt.path.write_text(text, encoding="utf-8")
    before = crypt.path.read_bytes()
    r = crypt("fight", "start")
    assert r.exit_code == ExitCode.BAD_DATA, r.output
    assert 'combatants."Викинг".data.lying' in r.stderr and "unknown key" in r.stderr
    assert crypt.path.read_bytes() == before


# --- one-shot commands and the prompt agree ------------------------------------------

NEW_ACTIONS = [
    "fight order Вор",
    "fight start --ambush party",
    "prone Вор",
    "knock Вор 'Гоблин 1'",
    "fight next",
    "place Лучница 0,0",
    "place 'Гоблин 2' 1,0",
    "push Лучница 'Гоблин 2'",
    "attack Лучница 'Гоблин 2' --ranged --situation полумрак",
    "fight next",
    "act Викинг перезарядить",
    "fight порядок Жрец",
    "fight next",
    "fight end --yes",
    "effect add Жрец вывих --duration forever",
    "rest Жрец short --medkit",
]


def test_the_new_actions_give_the_same_journal_one_shot_and_in_the_prompt(tmp_path):
    """DG-INIT-1, DG-PRONE-1, DG-KNOCK-1, DG-ACT-2, DG-ADV-1, DG-INJ-2 typed both ways, dice committed."""
    import shlex

    import scripted_fight as fr

    a, b = tmp_path / "one-shot", tmp_path / "prompt"
    fr.prepare(a)
    fr.prepare(b)
    for line in NEW_ACTIONS:
        assert fr.invoke(a, shlex.split(line)) == 0, line
    fr.prompt_fight(b, NEW_ACTIONS)
    kinds = [e["kind"] for e in fr.journal(a)]
    assert len([k for k in kinds if k != "char-set"]) == len(NEW_ACTIONS) + 1  # + the commit
    assert fr.journal(a) == fr.journal(b)
    assert (a / "crypt.toml").read_text(encoding="utf-8") == (b / "crypt.toml").read_text(encoding="utf-8")


def test_dg_prone_1_char_show_tells_who_lies_and_where(crypt):
    ok(crypt("prone", "Вор"))
    ok(crypt("place", "Вор", "2,3"))
    assert "  state: prone, on cell 2,3" in ok(crypt("char", "show", "Вор")).stdout


def test_dg_prone_1_fight_status_shows_the_dungeon_state_through_the_system(crypt):
    ok(crypt("prone", "Вор"))
    ok(crypt("place", "Вор", "2,3"))
    ok(crypt("fight", "start", "--seed", "1"))
    lines = ok(crypt("fight", "status")).stdout.splitlines()
    assert [line for line in lines if "Вор:" in line] == ["  P Вор: hp 7/7, fatigue 0/3, rations 3, prone, on cell 2,3"]
    # the players' view and the JSON carry the same words
    shown = json.loads(ok(crypt("fight", "status", "--public", "--json")).stdout)
    assert {c["name"]: c["state"] for c in shown["combatants"]}["Вор"] == ["prone", "on cell 2,3"]


def test_dg_prone_1_the_unconscious_cannot_stand_up(crypt):
    ok(crypt("prone", "Вор"))
    ok(crypt("char", "set", "Вор", "hp=0"))
    refused_unchanged(crypt, ["stand", "Вор"], ExitCode.RULES, "Вор is unconscious and cannot stand up")


def test_dg_range_1_on_the_grid_a_move_gives_its_path(ambush):
    ok(ambush("place", "Лучница", "0,0"))
    refused_unchanged(ambush, ["move", "Лучница", "2"], ExitCode.RULES, "give the path")


@pytest.mark.parametrize("ability", ["extra-die", "advantage", "доп-кубик"])
def test_dg_fat_1_the_abilities_bought_with_an_attack_say_how_to_buy_them(ambush, ability):
    """Issue 25, defect 7: ``fatigue NAME extra-die`` was offered by the help and refused with the
    rules' own parameter names; the help now lists what ``fatigue`` buys, and the refusal says
    which attack option buys the rest."""
    refused_unchanged(ambush, ["fatigue", "Лучница", ability], ExitCode.RULES, "--extra-die")
    helped = ok(ambush("fatigue", "--help")).stdout
    assert "extra-move or rally" in " ".join(helped.split()) and "--fatigue-adv" in helped


@pytest.mark.parametrize(("word", "meant"), [("доп-действие", "extra_action"), ("extra-move", "extra_move"),
                                             ("сплочение", "rally"), ("extra-die", "extra_damage_die")])
def test_dg_fat_1_the_words_the_help_offers_name_a_fatigue_ability(word, meant):
    from rules.systems.dungeon.fatigue import find_fatigue_ability

    assert find_fatigue_ability(word).key == meant
