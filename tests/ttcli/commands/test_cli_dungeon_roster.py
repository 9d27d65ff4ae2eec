"""The dungeon roster through the command line: HP words and status (DG-DEATH-1),
inventory with give/take (DG-INV-1), and `session check` on hand edits."""

from __future__ import annotations

import json

import pytest
from support.paths import ROOT_DIR

from ttcli.exitcodes import ExitCode

ROOT = ROOT_DIR


def ok(result):
    assert result.exit_code == 0, result.output
    return result


def shown(crypt, name: str) -> dict:
    return json.loads(ok(crypt("char", "show", name, "--json")).stdout)


def refused(result, code: ExitCode, text: str) -> None:
    assert result.exit_code == code, result.output
    assert text in result.stderr and "Traceback" not in result.output


# --- HP words and status (DG-DEATH-1) -----------------------------------------


@pytest.mark.parametrize("word", ["hp", "ЗД", "ОЗ", "здоровье"])
def test_dg_death_1_health_words_set_current_hp(crypt, word):
    ok(crypt("char", "set", "вик", f"{word}=6"))
    data = shown(crypt, "Викинг")
    assert (data["resources"]["hp"], data["derived"]["hp_max"]) == (6, 13)
    assert "hp_max" not in data["stats"]


@pytest.mark.parametrize("word", ["hp_max", "ЗД_макс", "макс ЗД", "max hp"])
def test_dg_der_1_the_maximum_has_its_own_word(crypt, word):
    ok(crypt("char", "set", "вик", f"{word}=20"))
    data = shown(crypt, "Викинг")
    assert (data["stats"]["hp_max"], data["derived"]["hp_max"], data["resources"]["hp"]) == (20, 20, 13)


def test_dg_death_1_hp_0_knocks_out_and_hp_above_0_wakes(crypt):
    r = ok(crypt("char", "set", "вик", "hp=0"))
    assert r.stdout == "Викинг: hp 13 -> 0, status ok -> unconscious\n"  # what changed, from what
    assert shown(crypt, "вик")["status"] == "unconscious"
    ok(crypt("char", "set", "вик", "ЗД=5"))
    data = shown(crypt, "вик")
    assert (data["status"], data["resources"]["hp"]) == ("ok", 5)


def test_dg_death_1_status_words_and_the_dead(crypt):
    ok(crypt("char", "set", "огр", "status=dead"))
    ok(crypt("char", "set", "огр", "hp=3"))
    assert shown(crypt, "огр")["status"] == "dead"  # a dead body stays dead
    ok(crypt("char", "set", "огр", "status=ok"))
    assert shown(crypt, "огр")["status"] == "ok"


@pytest.mark.parametrize(
    "args, code, text",
    [
        (["hp=14"], ExitCode.RULES, "above the maximum 13"),
        (["hp=-1"], ExitCode.USAGE, "at least 0"),
        (["status=unconscious"], ExitCode.RULES, "set hp=0"),
        (["hp=0", "status=ok"], ExitCode.RULES, "give HP too"),
        (["status=asleep"], ExitCode.USAGE, "not one of ok, unconscious, dead"),
        (["hp=много"], ExitCode.USAGE, "whole number"),
    ],
)
def test_dg_death_1_contradicting_values_are_refused_and_the_file_kept(crypt, args, code, text):
    before = crypt.path.read_bytes()
    refused(crypt("char", "set", "вик", *args), code, text)
    assert crypt.path.read_bytes() == before


def test_dg_death_1_a_lowered_maximum_brings_hp_down(crypt):
    r = ok(crypt("char", "set", "вик", "тело=3"))  # 13 -> 10
    assert r.stdout == "Викинг: body 4 -> 3, hp 13 -> 10\n"
    assert shown(crypt, "вик")["resources"]["hp"] == 10


def test_dg_death_1_char_add_reads_hp_words_as_current_hp(crypt):
    ok(crypt("char", "add", "Крыса", "--side", "enemy", "тело=1", "ЗД=0", "--force"))
    data = shown(crypt, "Крыса")
    assert (data["resources"]["hp"], data["status"]) == (0, "unconscious")
    refused(crypt("char", "add", "Жаба", "тело=1", "ЗД=9", "--force"), ExitCode.RULES,
            "above the maximum 4")


def test_char_show_names_current_hp_and_its_maximum(crypt):
    out = ok(crypt("char", "show", "вик")).stdout
    assert "ЗД (hp) 13 of 13" in out and "ЗД_макс (hp_max) 13" in out


# --- inventory (DG-INV-1) ----------------------------------------------------------


def test_dg_inv_1_the_example_session_carries_kit(crypt):
    data = shown(crypt, "Викинг")
    assert data["data"]["inventory"][1] == {"name": "кольчуга", "kind": "armor"}
    assert data["slots"] == {"used": 5, "free": 7, "capacity": 12}
    out = ok(crypt("char", "show", "Лучница")).stdout
    assert "inventory, 3 of 6 slots used, 3 free: лук (two-handed), стрела x20" in out


def test_dg_inv_1_give_take_and_hand_over_through_the_file(crypt):
    ok(crypt("char", "give", "вор", "Свеча", "--count", "12", "--kind", "мелочь"))
    r = ok(crypt("char", "give", "вор", "свеча", "-n", "3", "--to", "жрец"))
    assert "Вор gives 3 x Свеча to Жрец" in r.stdout
    ok(crypt("char", "take", "жрец", "свеча", "-n", "2"))
    ok(crypt("char", "take", "вор", "меч", "--from", "вик"))
    thief, priest, viking = shown(crypt, "Вор"), shown(crypt, "Жрец"), shown(crypt, "Викинг")
    assert {"name": "Свеча", "kind": "small", "quantity": 9} in thief["data"]["inventory"]
    assert {"name": "меч"} in thief["data"]["inventory"]
    assert {"name": "свеча", "kind": "small", "quantity": 7} in priest["data"]["inventory"]
    assert {"name": "меч"} not in viking["data"]["inventory"]


@pytest.mark.parametrize(
    "args, code, text",
    [
        (["give", "вор", "доспех", "--kind", "armor", "-n", "3"], ExitCode.RULES,
         "can carry only 6"),
        (["give", "луч", "стрела", "--to", "вор", "-n", "21"], ExitCode.RULES, "only 20"),
        (["take", "вор", "лук"], ExitCode.NOT_FOUND, "no item called 'лук'"),
        (["give", "вор", "камень", "--kind", "armour"], ExitCode.NOT_FOUND, "did you mean"),
        (["give", "вор", "кинжал", "--kind", "armor"], ExitCode.RULES, "carried as item"),
        (["give", "вор", "кинжал", "--to", "вор"], ExitCode.RULES, "to itself"),
        (["give", "вор", "кинжал", "--to", "Никто"], ExitCode.NOT_FOUND, "no combatant"),
        (["give", "вор", "нож", "--stack", "5"], ExitCode.USAGE, "only small items stack"),
        (["give", "вор", "нож", "-n", "0"], ExitCode.USAGE, ""),
        (["give", "вик", "меч", "--to", "вор", "--kind", "armor"], ExitCode.USAGE, "new item"),
    ],
)
def test_dg_inv_1_bad_requests_are_refused_and_the_file_kept(crypt, args, code, text):
    before = crypt.path.read_bytes()
    refused(crypt("char", *args), code, text)
    assert crypt.path.read_bytes() == before


def test_dg_inv_1_a_lower_body_that_leaves_no_room_is_refused(crypt):
    refused(crypt("char", "set", "вик", "тело=1"), ExitCode.RULES, "can carry only 3")


def test_dg_inv_1_undo_brings_a_given_item_back(crypt):
    before = crypt.path.read_bytes()
    ok(crypt("char", "take", "вор", "кинжал"))
    ok(crypt("undo"))
    assert crypt.path.read_bytes() == before


def test_dg_inv_1_give_and_take_are_journaled(crypt):
    ok(crypt("char", "give", "жрец", "свеча", "-n", "2", "--to", "вор"))
    events = json.loads(ok(crypt("log", "--json", "-n", "0")).stdout)["events"]
    last = events[-1]
    assert (last["kind"], last["item"], last["count"], last["from"], last["to"]) == (
        "char-give", "свеча", 2, "Жрец", "Вор")


def test_dg_inv_1_a_fight_keeps_the_inventory(crypt):
    before = shown(crypt, "Викинг")["data"]["inventory"]
    ok(crypt("fight", "start"))
    ok(crypt("fight", "end", "--yes"))
    assert shown(crypt, "Викинг")["data"]["inventory"] == before


# --- session check on hand edits ---------------------------------------------------

HAND_EDITS = {
    "hp 0 while ok": (lambda t: t.replace("hp = 13", "hp = 0", 1),
                      'combatants."Викинг".status', 'status is "ok" but HP is 0'),
    "hp above max": (lambda t: t.replace("hp = 13", "hp = 30", 1),
                     'combatants."Викинг".resources.hp', "above its maximum 13"),
    "negative hp": (lambda t: t.replace("hp = 13", "hp = -1", 1),
                    'combatants."Викинг".resources.hp', "never goes below 0"),
    "unconscious with hp": (
        lambda t: t.replace('status = "ok"', 'status = "unconscious"', 1),
        'combatants."Викинг".status', 'status is "unconscious" but HP is 13'),
    "unknown status": (lambda t: t.replace('status = "ok"', 'status = "спит"', 1),
                       'combatants."Викинг".status', "not one of ok, unconscious, dead"),
    "item kind typo": (lambda t: t.replace('kind = "armor"', 'kind = "armour"', 1),
                       'combatants."Викинг".data.inventory[1].kind', "did you mean"),
    "item count text": (lambda t: t.replace("quantity = 2 }", 'quantity = "два" }', 1),
                        'combatants."Викинг".data.inventory[2].quantity', "whole number"),
    "overloaded": (lambda t: t.replace('{ name = "дубина", kind = "two_handed" }',
                                       '{ name = "дубина", kind = "two_handed", quantity = 8 }'),
                   'combatants."Огр".data.inventory', "16 slots used, 15 carried"),
}


@pytest.mark.parametrize("case", sorted(HAND_EDITS))
def test_session_check_reports_hand_edits_with_their_field(crypt, case):
    edit, field, text = HAND_EDITS[case]
    crypt.path.write_text(edit(crypt.path.read_text(encoding="utf-8")), encoding="utf-8")
    before = crypt.path.read_bytes()
    r = crypt("session", "check")
    assert r.exit_code == ExitCode.BAD_DATA, r.output
    assert field in r.stderr and text in r.stderr and f"{crypt.path}:" in r.stderr
    assert crypt.path.read_bytes() == before
    refused(crypt("char", "set", "жрец", "fatigue=1"), ExitCode.BAD_DATA, field)
    assert crypt.path.read_bytes() == before


def test_session_check_passes_the_example(crypt):
    ok(crypt("session", "check"))


def test_dg_inv_1_completion_offers_the_item_kinds():
    import os
    import subprocess
    import sys

    env = {**os.environ, "_TTCLI_COMPLETE": "complete_bash",
           "COMP_WORDS": "ttcli char give Вор топор --kind t", "COMP_CWORD": "6"}
    out = subprocess.run([sys.executable, "-m", "ttcli"], env=env, capture_output=True, text=True,
                         cwd=ROOT)
    # every system's kinds are offered (the skirmish's thrown weapon too)
    words = out.stdout.split()
    assert "two_handed" in words and all(w.startswith("t") for w in words)


# --- what a command writes is checked where it is typed (the store trusts its callers) ---


@pytest.mark.parametrize("value", [str(2**63), str(-(2**63) - 1), "9" * 5000])
@pytest.mark.parametrize("word", ["тело", "gold", "ЗД_макс"])
def test_design_5_a_number_no_session_file_can_hold_is_refused_where_typed(crypt, word, value):
    before = crypt.path.read_bytes()
    refused(crypt("char", "set", "вик", f"{word}={value}"), ExitCode.USAGE, "too large a number")
    assert crypt.path.read_bytes() == before


def test_design_5_an_argument_that_is_not_utf8_is_refused_before_anything_runs(crypt, capsys):
    from ttcli.main import main

    before = crypt.path.read_bytes()
    saves = str(crypt.path.parent)
    assert main(["--saves", saves, "--session", "crypt", "char", "set", "вик", "weapon=x\udcff"]) == ExitCode.USAGE
    assert "is not UTF-8 text" in capsys.readouterr().err
    assert crypt.path.read_bytes() == before
