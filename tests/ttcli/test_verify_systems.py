"""Issue 12: verify proves what players saw, in every system.

Each system's example session is played through the command line under a known
secret and revealed; then the journal file is edited by hand, the way a master
who wanted to change history would (a die face, a total, a success count, a crit,
a hit, a players' line), and ``ttcli verify`` must exit 1 with a message that names
the event.  The untouched journal, and the players' export of it, verify clean.

The results are recomputed by each system's own rules (rules/systems/<id>/verify.py);
the rule IDs below are the ones the edited result breaks.
"""

from __future__ import annotations

import json
import re
import shutil
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.paths import ROOT_DIR
from typer.testing import CliRunner

from ttcli.exitcodes import ExitCode

SECRET = "5e" * 32
EXAMPLES = ROOT_DIR / "saves"

#: system -> (example session, commands played in order); --given fixes the results a case edits
PLAYS = {
    "dungeon": ("crypt", [
        "char set Огр hidden=true",
        "session commit --secret " + SECRET,
        "fight start --given 5,1",                      # party d6 5, enemies d6 1: the party first
        "attack Лучница 'Гоблин 2' --given 20,4",       # natural 20 hits; 1d6 4 + body 2 = 6: HP 7 -> 1
        "attack Лучница 'Гоблин 1'",                    # committed dice
        "check Викинг тело --dc 10 --given 15",          # 15 + 4 = 19 against 10: passed
        "save Викинг тело",
        "check Огр тело --dc 10",                        # a hidden combatant's roll: the players see nothing
    ]),
    "twilight": ("arena", [
        "session commit --secret " + SECRET,
        "fight start", "fight next",
        "declare Кочевник attack Викинг --given 5,5,5,5,5,1,1,1,1",   # 5 successes
        "declare Викинг defend --given 5,1,1,1,1,1,1,1,1",            # 1 success: 4 through, 4 damage
        "fight next",
        "declare Кочевник attack Викинг",                             # committed pools
        "declare Викинг defend",
    ]),
    "skirmish": ("skirmish", [
        "char set 'Разбойник 3' hidden=true",
        "session commit --secret " + SECRET,
        "fight start --given 20,1,1,1,1",               # Рыцарь first
        "attack Рыцарь 'Разбойник 1' --weapon Меч --answer block --given 19,9,4,6,74",
        "check Стрелок dexterity --dc 10",
    ]),
    "terra": ("terra", [
        "char set 'Волк 2' hidden=true",
        "session commit --secret " + SECRET,
        "formula D4+2 --gk 2 --given 1,2",              # first die 1, check D4 2 = ГК 2: crit, 8 (TT-CRIT-1)
        "formula D6+D6+1 --gk 3 --given 4,5",           # no check: 10
        "fight start --no-sync",
    ]),
}


def _argv(line: str) -> list[str]:
    import shlex

    words = shlex.split(line)
    return [w.replace(",", " ") if i and words[i - 1] == "--given" else w for i, w in enumerate(words)]


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """system -> (journal file, players' export): each system's fight, played once for the module."""
    from ttcli.app import app

    runner = CliRunner()
    out = {}
    for system, (session, lines) in PLAYS.items():
        saves = tmp_path_factory.mktemp(system)
        shutil.copy(EXAMPLES / f"{session}.toml", saves / f"{session}.toml")

        def cli(*args, saves=saves, session=session):
            return runner.invoke(app, ["--lang", "en", "--saves", str(saves), "--session", session, *args])

        for line in [*lines, "session reveal"]:
            r = cli(*_argv(line))
            assert r.exit_code in (0, ExitCode.FAILED), (line, r.output)
        public = cli("log", "--public", "--json", "-n", "0")
        assert public.exit_code == 0, public.output
        export = saves / "players.json"
        export.write_text(public.stdout, encoding="utf-8")
        out[system] = (saves / f"{session}.journal.toml", export)
    return out


def verify(cli, path):
    return cli("verify", str(path), "--secret", SECRET)


def copy(played, system, tmp_path, players=False) -> Path:
    source = played[system][1 if players else 0]
    target = tmp_path / source.name
    shutil.copy(source, target)
    return target


# ---------------------------------------------------------------- editing a journal by hand


def events_of(path: Path) -> list[dict]:
    return tomllib.loads(path.read_text(encoding="utf-8"))["event"]


def block(text: str, seq: int) -> tuple[int, int]:
    """Where event ``seq`` is written: from its [[event]] line to its end marker."""
    start = text.index(f"[[event]]\nseq = {seq}\n")
    return start, text.index(f"# end of event {seq}", start)


def replace_in(path: Path, seq: int, old: str, new: str, *, after: str = "") -> None:
    text = path.read_text(encoding="utf-8")
    start, end = block(text, seq)
    at = text.index(after, start) if after else start
    where = text.index(old, at, end)
    path.write_text(text[:where] + new + text[where + len(old):], encoding="utf-8")


def first(path: Path, kind: str, record: str | None = None, **match) -> tuple[dict, dict | None]:
    """The first event of ``kind`` (with a record of kind ``record`` whose fields equal ``match``)."""
    for event in events_of(path):
        if event["kind"] != kind:
            continue
        if record is None:
            return event, None
        for r in event.get("events", []):
            if r["kind"] == record and all(r.get(k) == v for k, v in match.items()):
                return event, r
    raise AssertionError(f"no {kind} event with a {record} record {match}")


def in_record(path, kind, record, key, change, **match):
    """Change ``key`` of the record (the first of its kind in the first such event matching ``match``)."""
    from ttcli.store.journal import render_event

    event, r = first(path, kind, record, **match)
    assert next(x for x in event["events"] if x["kind"] == record) is r, "the edit finds the first of its kind"
    r[key] = change(r[key])
    # the event written again with the one value changed: records sit inline, a line each
    text = path.read_text(encoding="utf-8")
    start, end = block(text, event["seq"])
    chunk = render_event(event)
    path.write_text(text[:start] + chunk[1:chunk.index("# end of event")] + text[end:], encoding="utf-8")
    return event


def flip(path, kind, record, key, **match):
    return in_record(path, kind, record, key, lambda v: not v, **match)


def shift(path, kind, record, key, by=1, **match):
    return in_record(path, kind, record, key, lambda v: v + by, **match)


def put(path, kind, record, key, value, **match):
    return in_record(path, kind, record, key, lambda v: value, **match)


def committed_face(path, kind):
    """A committed die's face changed (and nothing else): the secret gives another."""
    for event in events_of(path):
        dice = [d for d in event.get("dice", []) if d["origin"] == "committed" and d["sides"] > 1]
        if event["kind"] == kind and dice:
            die = dice[0]
            old = f"face = {die['face']}, origin = \"committed\", counter = {die['counter']}"
            new = f"face = {die['face'] % die['sides'] + 1}, origin = \"committed\", counter = {die['counter']}"
            replace_in(path, event["seq"], old, new)
            return event
    raise AssertionError(f"no {kind} event with a committed die")


def public_line(path, kind, old, new):
    event, _ = first(path, kind)
    assert old in "\n".join(event["public_text"]), event["public_text"]
    replace_in(path, event["seq"], old, new, after="public_text = [")
    return event


# ---------------------------------------------------------------- the cases


CASES = [
    # the dungeon
    ("dungeon", "die face", lambda p: committed_face(p, "attack"), "the secret gives"),
    ("dungeon", "hit total", lambda p: shift(p, "attack", "hit_roll", "total", -11, die=20), "its die and modifiers"),
    ("dungeon", "hit or miss", lambda p: flip(p, "attack", "hit_roll", "hit", die=20), "DG-HIT-1"),
    ("dungeon", "damage dealt", lambda p: shift(p, "attack", "damage", "dealt", 2), "DG-DMG-1"),
    ("dungeon", "HP left", lambda p: shift(p, "attack", "health", "hp_after", 3), "DG-DEATH-1"),
    ("dungeon", "check passed", lambda p: flip(p, "check", "check", "passed"), "DG-CHECK-1"),
    ("dungeon", "initiative", lambda p: put(p, "fight_start", "initiative", "first", "enemy"), "DG-INIT-1"),
    ("dungeon", "a foe's health word", lambda p: public_line(p, "attack", "Гоблин 2: badly wounded.",
                                                             "Гоблин 2: wounded."), "shown to the players"),
    # twilight
    ("twilight", "success count", lambda p: shift(p, "round_resolved", "pool", "successes", 1, roll="attack"),
     "TW-POOL-1"),
    ("twilight", "best defense", lambda p: shift(p, "round_resolved", "best_defense", "successes", 2),
     "TW-DEF-1"),
    ("twilight", "successes through", lambda p: shift(p, "round_resolved", "attack_vs_defense", "through", 1),
     "TW-DEF-1"),
    ("twilight", "die face", lambda p: committed_face(p, "declare"), "the secret gives"),
    ("twilight", "a declaration shown", lambda p: public_line(p, "declare", "Кочевник declares.",
                                                              "Кочевник changes the declaration."),
     "shown to the players"),
    # skirmish
    ("skirmish", "attack total", lambda p: shift(p, "attack", "attack_roll", "total", 3), "SK-ATK-1"),
    ("skirmish", "block lands", lambda p: flip(p, "attack", "defence", "landed"), "SK-ATK-1"),
    ("skirmish", "damage through def", lambda p: shift(p, "attack", "hit", "dealt", -2), "SK-DMG-1"),
    ("skirmish", "effect takes hold", lambda p: flip(p, "attack", "effect_roll", "landed", effect="bleeding"),
     "SK-EFF-1"),
    ("skirmish", "die face", lambda p: committed_face(p, "check"), "the secret gives"),
    ("skirmish", "initiative shown", lambda p: public_line(p, "fight_start", "Стрелок d20 1 + 6 = 7",
                                                           "Стрелок d20 1 + 6 = 17"), "shown to the players"),
    # terra
    ("terra", "crit outcome", lambda p: put(p, "formula", "formula", "result", "minimum", formula="D4+2"),
     "TT-CRIT-1"),
    ("terra", "formula total", lambda p: shift(p, "formula", "formula", "total", -1, formula="D4+2"), "TT-CRIT-1"),
    ("terra", "formula faces", lambda p: put(p, "formula", "formula", "faces", [2], formula="D4+2"), "TT-CRIT-1"),
    ("terra", "die face", lambda p: committed_face(p, "fight_start"), "the secret gives"),
    ("terra", "initiative shown", lambda p: public_line(p, "fight_start", "Волк 1: initiative D6 ",
                                                        "Волк 1: initiative D6 1"), "shown to the players"),
]


@pytest.mark.parametrize("system", sorted(PLAYS))
def test_issue_12_an_untouched_journal_and_its_players_export_verify_clean(cli, played, system, tmp_path):
    r = verify(cli, copy(played, system, tmp_path))
    assert r.exit_code == 0, r.output
    assert re.search(r"\d+ results? of fight events recomputed by (its|their) system's rules", r.stdout)
    players = verify(cli, copy(played, system, tmp_path, players=True))
    assert players.exit_code == 0, players.output
    assert "players' journal:" in players.stdout


@pytest.mark.parametrize(("system", "what", "edit", "words"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_issue_12_a_hand_edited_journal_is_caught_and_names_the_event(cli, played, system, what, edit, words,
                                                                     tmp_path):
    path = copy(played, system, tmp_path)
    event = edit(path)
    r = verify(cli, path)
    assert r.exit_code == ExitCode.FAILED, r.output
    assert f"event {event['seq']}" in r.stdout and words in r.stdout, r.stdout


def _players_export_edit(path: Path) -> dict:
    """The first players' line with a number in a fight event: its last number moved by one."""
    data = json.loads(path.read_text(encoding="utf-8"))
    for event in data["events"]:
        if event.get("events") and any(re.search(r"\d", line) for line in event.get("text", [])):
            i = next(i for i, line in enumerate(event["text"]) if re.search(r"\d", line))
            event["text"][i] = re.sub(r"(\d+)(\D*)$", lambda m: f"{int(m[1]) + 1}{m[2]}", event["text"][i])
            path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
            return event
    raise AssertionError("no players' line with a number")


@pytest.mark.parametrize("system", sorted(PLAYS))
def test_issue_12_an_edited_line_of_a_players_export_is_caught(cli, played, system, tmp_path):
    path = copy(played, system, tmp_path, players=True)
    event = _players_export_edit(path)
    r = verify(cli, path)
    assert r.exit_code == ExitCode.FAILED, r.output
    assert f"event {event['seq']}" in r.stdout and "its records do not say so" in r.stdout


def test_issue_12_players_export_names_a_foes_health_word_that_its_hp_cannot_give(cli, played, tmp_path):
    # the players read "badly wounded" (HP 1 of 7): "wounded" needs a maximum of 2 or less,
    # below the 7 HP the journal shows for it
    path = copy(played, "dungeon", tmp_path, players=True)
    data = json.loads(path.read_text(encoding="utf-8"))
    event = next(e for e in data["events"] if "Гоблин 2: badly wounded." in e.get("text", []))
    assert "dice" in event  # shortened for the players' words only: its dice are theirs to check
    event["text"][event["text"].index("Гоблин 2: badly wounded.")] = "Гоблин 2: wounded."
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    r = verify(cli, path)
    assert r.exit_code == ExitCode.FAILED and f"event {event['seq']}, round 1: shown 'Гоблин 2: wounded.'" in r.stdout


def test_issue_12_a_hit_reworded_as_a_miss_with_the_same_numbers_is_caught(cli, played, tmp_path):
    # a line in other words is accepted when it shows the same numbers, but not when it says
    # what only the other result would say
    path = copy(played, "dungeon", tmp_path)
    event, _ = first(path, "attack", "hit_roll", die=20)
    line = next(t for t in event["text"] if "d20 20" in t)
    replace_in(path, event["seq"], line, line.replace(": hit", ": miss"))
    r = verify(cli, path)
    assert r.exit_code == ExitCode.FAILED and "its records do not say so" in r.stdout


def test_c_dice_4_a_hidden_roll_written_into_the_players_lines_is_caught(cli, played, tmp_path):
    path = copy(played, "dungeon", tmp_path)
    event = next(e for e in events_of(path) if e["kind"] == "check" and e["hidden"])
    assert event["public_text"] == []
    replace_in(path, event["seq"], "public_text = []", "public_text = " + json.dumps(event["text"][:1],
                                                                                   ensure_ascii=False))
    r = verify(cli, path)
    assert r.exit_code == ExitCode.FAILED and f"event {event['seq']}" in r.stdout and "shown to the players" in r.stdout


def test_issue_12_an_export_naming_another_system_cannot_turn_the_checks_off(cli, played, tmp_path):
    path = copy(played, "twilight", tmp_path, players=True)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["system"] == "twilight"
    data["system"] = "terra"
    resolved = next(e for e in data["events"] if e["kind"] == "round_resolved" and any(
        r["kind"] == "attack_vs_defense" for r in e.get("events", [])))
    record = next(r for r in resolved["events"] if r["kind"] == "attack_vs_defense")
    record["through"] += 1
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    r = verify(cli, path)
    assert r.exit_code == ExitCode.FAILED and "TW-DEF-1" in r.stdout


def test_issue_12_a_result_mismatch_reports_where_and_what_in_json(cli, played, tmp_path):
    path = copy(played, "twilight", tmp_path)
    event = shift(path, "round_resolved", "pool", "successes", 1, roll="attack")
    r = cli("verify", str(path), "--secret", SECRET, "--json")
    assert r.exit_code == ExitCode.FAILED
    found = [m for m in json.loads(r.stdout)["mismatches"] if m["problem"].startswith("pool:")]
    assert [(m["seq"], m["round"], m["who"]) for m in found] == [(event["seq"], event["round"], "Кочевник")]
    # 5 fives and 4 ones at 5+ are 5 successes (TW-POOL-1), not the 6 written in
    assert "shows 6 successes" in found[0]["problem"] and "give 5 successes" in found[0]["problem"]


# ---------------------------------------------------------------- each system's checks, from hand calculations


def findings(system: str, *records: dict) -> list[str]:
    from rules.core import recheck_event as run
    from rules.systems import system_checks

    return [text for _i, text in run(system_checks(system), list(records))]


TERRA = {"kind": "formula", "blood_group": 2}

HAND = [
    # DG-HIT-1: a natural 1 misses whatever the total; 19 against 13 hits
    ("dungeon", [{"kind": "hit_roll", "die": 1, "total": 16, "target_number": 13, "hit": False}], None),
    ("dungeon", [{"kind": "hit_roll", "die": 1, "total": 16, "target_number": 13, "hit": True}], "DG-HIT-1"),
    ("dungeon", [{"kind": "hit_roll", "die": 14, "total": 19, "target_number": 13, "hit": False}], "DG-HIT-1"),
    # DG-DMG-1: 1d8 (3) + body 4 = 7, armor 2: 5
    ("dungeon", [{"kind": "damage", "dice": [3], "sides": 8, "count": 1, "extra_die": False, "body": 4, "bonus": 0,
                  "before_armor": 7, "armor": 2, "dealt": 5}], None),
    ("dungeon", [{"kind": "damage", "dice": [3], "sides": 8, "count": 1, "extra_die": True, "body": 4, "bonus": 0,
                  "before_armor": 7, "armor": 2, "dealt": 5}], "DG-DMG-1"),
    # DG-SAVE-1: 1d10 <= stat
    ("dungeon", [{"kind": "save", "die": 4, "target": 4, "passed": True}], None),
    ("dungeon", [{"kind": "save", "die": 5, "target": 4, "passed": True}], "DG-SAVE-1"),
    # DG-INIT-1: a tie goes to the enemies
    ("dungeon", [{"kind": "initiative", "party_roll": 3, "enemy_roll": 3, "first": "party"}], "DG-INIT-1"),
    # TW-POOL-1: 6+5+4+1 at 5+ are 2 successes
    ("twilight", [{"kind": "pool", "faces": [6, 5, 4, 1], "threshold": 5, "successes": 2}], None),
    ("twilight", [{"kind": "pool", "faces": [6, 5, 4, 1], "threshold": 4, "successes": 2}], "TW-POOL-1"),
    # TW-DEF-1: 4 against a best defense of 1 leave 3 through; at 2 a success, 6 damage
    ("twilight", [{"kind": "attack_vs_defense", "successes": 4, "defense": 1, "through": 3, "damage": 6}], None),
    ("twilight", [{"kind": "attack_vs_defense", "successes": 4, "defense": 1, "through": 3, "damage": 7}], "TW-DEF-1"),
    ("twilight", [{"kind": "pool", "name": "Б", "roll": "defend", "faces": [5, 6], "threshold": 5, "successes": 2},
                  {"kind": "pool", "name": "Б", "roll": "defend", "faces": [5], "threshold": 5, "successes": 1},
                  {"kind": "best_defense", "name": "Б", "successes": 1}], "TW-DEF-1"),
    # TW-CTR-2: a counter equal to the best attack parts; one above it wins
    ("twilight", [{"kind": "counter_parts", "successes": 3, "best": 3}], None),
    ("twilight", [{"kind": "counter_parts", "successes": 3, "best": 2}], "TW-CTR-2"),
    ("twilight", [{"kind": "counter_broken", "successes": 2, "counter": 3, "damage": 4}], "TW-CTR-2"),
    # SK-DMG-1: 5 + 3 strength = 8 less def 2.5: 5 (whole points only)
    ("skirmish", [{"kind": "hit", "fixed": 5, "rolled": 0, "strength": 3, "damage": 8, "armour": 2.5, "shield": 0.0,
                   "dealt": 5}], None),
    ("skirmish", [{"kind": "hit", "fixed": 5, "rolled": 0, "strength": 3, "damage": 8, "armour": 2.5, "shield": 0.0,
                   "dealt": 6}], "SK-DMG-1"),
    # SK-ATK-1 / SK-TIE-1: 15 against 11 lands; a tie is the session's call
    ("skirmish", [{"kind": "defence", "how": "dodge", "die": 9, "terms": [{"amount": 2, "reason": "dexterity"}],
                   "total": 11, "attack_total": 15, "landed": False}], "SK-ATK-1"),
    ("skirmish", [{"kind": "defence", "how": "block", "die": 13, "terms": [{"amount": 2, "reason": "defense"}],
                   "total": 15, "attack_total": 15, "landed": False}], None),
    # SK-EFF-1: d100 30 against 30% takes hold
    ("skirmish", [{"kind": "effect_roll", "die": 30, "chance": 30, "landed": False}], "SK-EFF-1"),
    # TT-CRIT-1: D4+2, first die 1, check D4 = ГК 2: crit 8; D4 = 4: minimum 3; D4 = 3: miss 0
    ("terra", [{**TERRA, "formula": "D4+2", "faces": [1], "check": 2, "result": "crit", "total": 8}], None),
    ("terra", [{**TERRA, "formula": "D4+2", "faces": [1], "check": 4, "result": "minimum", "total": 3}], None),
    ("terra", [{**TERRA, "formula": "D4+2", "faces": [1], "check": 3, "result": "miss", "total": 0}], None),
    ("terra", [{**TERRA, "formula": "D4+2", "faces": [1], "check": 3, "result": "crit", "total": 8}], "TT-CRIT-1"),
    # TT-CRIT-2: 3*D6 crit is 18 + 6 = 24; TT-CRIT-5: supernatural crit D6+3 is 6
    ("terra", [{**TERRA, "formula": "3*D6", "faces": [1], "check": 2, "result": "crit", "total": 24}], None),
    ("terra", [{**TERRA, "formula": "3*D6", "faces": [1], "check": 2, "result": "crit", "total": 36}], "TT-CRIT-1"),
    ("terra", [{**TERRA, "formula": "D6+3", "faces": [1], "check": 2, "result": "crit", "total": 6}], None),
    # TT-CRIT-6: Capricorn shifts the check D4 by one: 3 shifted to 2 is a crit for ГК 2
    ("terra", [{**TERRA, "formula": "D4+2", "faces": [1], "check": 3, "shifted": 2, "result": "crit", "total": 8}],
     None),
    # TT-CRIT-3: D4+D4+D4 only the first die is checked; a first die of 3 has no check
    ("terra", [{**TERRA, "formula": "D4+D4+D4", "faces": [3, 1, 2], "result": "normal", "total": 6}], None),
    ("terra", [{**TERRA, "formula": "D4+D4+D4", "faces": [3, 1, 2], "result": "miss", "total": 0}], "TT-CRIT-1"),
    # TT-SIGN-1: Змееносец's d100 30 against 40% reflects the technique; 41 does not
    ("terra", [{"kind": "mirror", "name": "Змей", "sign": "ophiuchus", "power": "reflect", "chance": 40, "die": 30,
                "success": True}], None),
    ("terra", [{"kind": "mirror", "name": "Змей", "sign": "ophiuchus", "power": "reflect", "chance": 40, "die": 41,
                "success": True}], "TT-SIGN-1"),
]


@pytest.mark.parametrize(("system", "records", "rule"), HAND)
def test_issue_12_each_systems_check_recomputes_results_by_its_rules(system, records, rule):
    found = findings(system, *records)
    if rule is None:
        assert found == []
    else:
        assert found and all(rule in text for text in found), found


def test_issue_12_a_check_says_nothing_of_a_record_it_cannot_read():
    # a players' record may have lost fields; another system's record of the same kind is not judged
    assert findings("dungeon", {"kind": "check", "name": "Стрелок", "die": 11, "score": 6, "bonus": 0,
                                "total": 17, "dc": 10, "passed": True}) == []
    assert findings("twilight", {"kind": "pool", "faces": [6, 6]}) == []


def test_issue_12_a_russian_journal_verifies_anywhere_and_a_hit_turned_miss_in_russian_is_caught(cli, tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    shutil.copy(EXAMPLES / "crypt.toml", saves / "crypt.toml")
    for line in ("session commit --secret " + SECRET, "fight start --given 5,1",
                 "attack Лучница 'Гоблин 2' --given 20,4", "session reveal"):
        assert cli("--lang", "ru", "--session", "crypt", *_argv(line)).exit_code == 0
    journal = saves / "crypt.journal.toml"
    hit = "д20 20 = 20 против УВ 13: попадание"
    assert hit in journal.read_text(encoding="utf-8")
    assert verify(cli, journal).exit_code == 0  # read in English: the Russian lines are the Russian catalog's
    journal.write_text(journal.read_text(encoding="utf-8").replace(hit, "д20 20 = 20 против УВ 13: промах"),
                       encoding="utf-8")
    r = verify(cli, journal)
    assert r.exit_code == ExitCode.FAILED and "промах" in r.stdout and "its records do not say so" in r.stdout


# ---------------------------------------------------------------- issue 27, item 2: the file verify checks
#
# A journal's numbers are checked before anything is computed: on the code before the fix
# these files took memory without end (a burned span of 10^12 counters, one die at counter
# 10^9) or spun for ever (a d(2^256+1)).  Here the secret's dice are made to fail the test
# if they are ever computed, so a refusal is proven to come before any work.

from ttcli.verifier import (  # noqa: E402
    MAX_EVENTS,
    MAX_JOURNAL_BYTES,
    MAX_JOURNAL_DICE,
    MAX_KEYS,
    MAX_NESTING,
    MAX_TELLINGS,
    MAX_TEXT,
)


def never_compute(monkeypatch) -> None:
    """The secret's dice, made to fail the test if verify ever computes one."""

    def computed(*args):
        raise AssertionError("a committed die was computed before the journal was checked")

    monkeypatch.setattr("rules.dice.committed_face", computed)  # the door verify reads it through


@pytest.fixture
def nothing_computed(monkeypatch):
    never_compute(monkeypatch)


def refused(result, *words: str):
    """Exit 4 and one line on stderr that names the event and the field; nothing on stdout."""
    assert result.exit_code == ExitCode.BAD_DATA, (result.exit_code, result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.stdout == "" and result.stderr.count("\n") == 1
    assert re.match(r"ttcli: (error|ошибка): ", result.stderr) is not None
    for word in words:
        assert word in result.stderr, result.stderr
    return result


def write_journal(path: Path, events: list[dict]) -> Path:
    """``events`` as a journal file (TOML), as the program appends them."""
    from ttcli.store.journal import JOURNAL_HEADER, render_event

    path.write_text(JOURNAL_HEADER + "".join(render_event(e) for e in events), encoding="utf-8")
    return path


def edited(played, system, tmp_path, fmt: str, change) -> Path:
    """The system's journal (``toml``) or players' export (``json``) with ``change(events)`` applied."""
    if fmt == "json":
        path = copy(played, system, tmp_path, players=True)
        data = json.loads(path.read_text(encoding="utf-8"))
        change(data["events"])
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        return path
    events = events_of(played[system][0])
    change(events)
    return write_journal(tmp_path / "edited.journal.toml", events)


def committed_die(events: list[dict]) -> dict:
    """The first committed die of the journal."""
    from ttcli.dicelog import event_dice

    return next(d for e in events for d in event_dice(e) if d["origin"] == "committed")


def of_kind(events: list[dict], kind: str) -> dict:
    return next(e for e in events if e["kind"] == kind)


def burned(span):
    def change(events):
        events.append({"seq": events[-1]["seq"] + 1, "kind": "burned", "commitment": "0" * 64, "counters": span})
    return change


@pytest.mark.parametrize("fmt", ["json", "toml"])
@pytest.mark.parametrize(("span", "words"), [
    ([0, 10**12], f"more than {MAX_JOURNAL_DICE} dice"),        # the issue's players' export
    ([0, MAX_JOURNAL_DICE + 1], f"more than {MAX_JOURNAL_DICE} dice"),
    ([0, 2**64], "beyond 64 bits"),
    ([-1, 3], "0 <= from <= to"),
    ([5, 3], "0 <= from <= to"),
    ([0, 1, 2], "[from, to]"),
    ("0..3", "[from, to]"),
])
def test_issue_27_2_a_burned_span_past_the_journals_limits_is_refused_before_any_die_is_computed(
        cli, played, tmp_path, nothing_computed, fmt, span, words):
    path = edited(played, "dungeon", tmp_path, fmt, burned(span))
    r = refused(verify(cli, path), "(burned)", "counters", words)
    assert re.search(r"event \d+ \(burned\)", r.stderr)


def test_issue_27_2_burned_spans_count_what_they_list_without_counting_to_it(cli, played, tmp_path):
    # the largest span a journal may hold is counted, not walked: the players see how many
    start = 2**63 - 1 - MAX_JOURNAL_DICE // 2
    path = edited(played, "dungeon", tmp_path, "json", burned([start, 2**63 - 1]))
    r = verify(cli, path)
    # issue 27: the span is listed, never passed in silence; the counters before it are missing, counted
    assert r.exit_code == ExitCode.FAILED, r.output
    assert f"committed dice {start}..{2**63 - 2} burned (drawn, never shown)" in r.stdout
    assert "more counters are missing" in r.stdout


@pytest.mark.parametrize("fmt", ["json", "toml"])
@pytest.mark.parametrize(("sides", "words"), [
    (2**256 + 1, "beyond 64 bits"),                 # the issue's: the face was sought for ever
    (2**40, "dice have 1 to 1000000 sides"),
    (1_000_001, "dice have 1 to 1000000 sides"),    # rules/dice/limits.py: max_sides
    (0, "dice have 1 to 1000000 sides"),
])
def test_issue_27_2_a_die_with_more_sides_than_the_roller_allows_is_refused(cli, played, tmp_path,
                                                                            nothing_computed, fmt, sides, words):
    path = edited(played, "dungeon", tmp_path, fmt, lambda events: committed_die(events).update(sides=sides))
    refused(verify(cli, path), "sides", words)


@pytest.mark.parametrize("fmt", ["json", "toml"])
@pytest.mark.parametrize(("counter", "words"), [
    (-1, "counters run from 0 to"),
    (2**63 - 1, "counters run from 0 to 9223372036854775806"),   # the next counter the store could hold
    (2**63, "beyond 64 bits"),
])
def test_issue_27_2_a_counter_outside_the_stores_range_is_refused(cli, played, tmp_path, nothing_computed,
                                                                  fmt, counter, words):
    path = edited(played, "dungeon", tmp_path, fmt, lambda events: committed_die(events).update(counter=counter))
    refused(verify(cli, path), "counter", words)


@pytest.mark.parametrize("counter", [10**9, 2**63 - 2])
def test_issue_27_2_a_far_counter_is_reported_as_the_counters_missing_before_it(cli, played, tmp_path, counter):
    # the issue's die at counter 10^9: its gap is counted from the counters the journal lists
    from ttcli.dicelog import event_dice

    path = copy(played, "dungeon", tmp_path)
    events = events_of(path)
    die = committed_die(events)
    counters = {d["counter"] for e in events for d in event_dice(e) if d["origin"] == "committed"}
    counters = (counters - {die["counter"]}) | {counter}
    die["counter"] = counter
    r = verify(cli, write_journal(path, events))
    assert r.exit_code == ExitCode.FAILED, r.output
    missing = counter + 1 - len(counters)  # every counter below the far one that no die has
    assert f"{missing - 20} more counters are missing" in r.stdout, r.stdout
    assert r.stdout.count("no die with this counter") == 20


@pytest.mark.parametrize("fmt", ["json", "toml"])
def test_issue_27_2_a_roll_with_more_dice_than_the_roller_allows_is_refused(cli, tmp_path, monkeypatch, fmt):
    from rules.dice.limits import DEFAULT_LIMITS

    saves = tmp_path / "saves"
    saves.mkdir()
    shutil.copy(EXAMPLES / "crypt.toml", saves / "crypt.toml")
    for line in ("session commit --secret " + SECRET, "roll 3d6 --hidden", "session reveal"):
        assert cli("--session", "crypt", *_argv(line)).exit_code == 0
    events = events_of(saves / "crypt.journal.toml")
    roll = of_kind(events, "roll")["rolls"][0]
    roll["dice"] = roll["dice"] * (DEFAULT_LIMITS.max_dice // 3 + 1)
    path = tmp_path / "rolled.json"
    if fmt == "json":
        path.write_text(json.dumps({"events": events}, default=str), encoding="utf-8")
    else:
        write_journal(path, events)
    never_compute(monkeypatch)
    refused(verify(cli, path), "(roll), dice: roll #1 records 1002 dice: a roll has at most 1000")


def test_issue_27_2_a_journal_of_more_events_than_verify_reads_is_refused(cli, tmp_path, nothing_computed):
    path = tmp_path / "many.json"
    path.write_text(json.dumps({"events": [{"seq": i + 1, "kind": "note"} for i in range(MAX_EVENTS + 1)]}),
                    encoding="utf-8")
    refused(verify(cli, path), f"{MAX_EVENTS + 1} events: verify reads at most {MAX_EVENTS} events")


@pytest.mark.parametrize("head", [b"{", b"\n[[event]]\n"])
def test_issue_27_2_a_file_past_the_size_limit_is_refused_unread(cli, tmp_path, monkeypatch, head):
    path = tmp_path / "huge.journal"
    with path.open("wb") as f:  # sparse: the size is there, the bytes are not
        f.write(head)
        f.truncate(MAX_JOURNAL_BYTES + 1)
    monkeypatch.setattr("json.loads", lambda *a, **k: pytest.fail("the file was parsed"))
    monkeypatch.setattr("ttcli.store.read_events", lambda *a, **k: pytest.fail("the file was parsed"))
    refused(verify(cli, path), f"{MAX_JOURNAL_BYTES + 1} bytes", f"at most {MAX_JOURNAL_BYTES >> 20} MB")


def nested(depth: int):
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(("change", "words"), [
    (lambda e: e[1]["text"].__setitem__(1, "x" * (MAX_TEXT + 1)), f"(attack), text[1]: a text of {MAX_TEXT + 1} "
                                                                   "characters"),
    (lambda e: e[1].update(note=nested(MAX_NESTING + 1)), f"nested more than {MAX_NESTING} levels"),
    # each yes/no of a record is turned over in a copy of it: 8,000 of them took 90 s and 1.6 GB
    (lambda e: e[1]["events"][0].update({f"flag{i}": True for i in range(MAX_KEYS)}),
     ("(attack), events[0]: a table of ", f" keys: a journal's tables hold at most {MAX_KEYS}")),
    # and so is every record told again: 200 records of 90 yes/no each took 9 s
    (lambda e: e[1].update(events=[{**e[1]["events"][0], **{f"flag{i}": True for i in range(49)}}]
                           * (MAX_TELLINGS // 50 + 1)),
     f"(attack), events: more than {MAX_TELLINGS} fight records to tell again by here"),
    (lambda e: e[1].update(value=2**64), "value: a whole number beyond 64 bits"),
    (lambda e: e[1].update(value=float("nan")), "value: a number that is not finite"),
    (lambda e: e[1].update(value=float("-inf")), "value: a number that is not finite"),
    (lambda e: e[-1].update(rolls=-1), "(reveal), rolls: must be a whole number from 0 to"),
    (lambda e: e[-1].update(rolls="3"), "(reveal), rolls: must be a whole number from 0 to"),
    (lambda e: e[0].update(commitment=7), "(commit), commitment: must be the text of a SHA-256 hash"),
], ids=["long text", "deep lists", "wide table", "many tellings", "int beyond 64 bits", "nan", "infinity",
        "negative reveal", "reveal as text", "commitment a number"])
def test_issue_27_2_values_outside_what_a_journal_holds_are_refused_with_the_event_and_field(
        cli, played, tmp_path, nothing_computed, change, words):
    path = copy(played, "dungeon", tmp_path, players=True)
    data = json.loads(path.read_text(encoding="utf-8"))
    change({0: of_kind(data["events"], "commit"), 1: of_kind(data["events"], "attack"),
            -1: of_kind(data["events"], "reveal")})
    path.write_text(json.dumps(data), encoding="utf-8")
    refused(verify(cli, path), *([words] if isinstance(words, str) else words))


@pytest.mark.parametrize("withheld", [-1, MAX_EVENTS + 1])
def test_issue_27_2_a_withheld_count_outside_the_events_limit_is_refused(cli, played, tmp_path, withheld):
    path = copy(played, "dungeon", tmp_path, players=True)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["withheld"] = withheld
    path.write_text(json.dumps(data), encoding="utf-8")
    refused(verify(cli, path), "withheld must be a whole number from 0 to")


#: what a mutation puts in place of a value: numbers past every limit, and values of other types
ODD_NUMBERS = [2**63, -(2**63) - 1, 2**64, 2**256 + 1, 10**30, 2**63 - 1, 2**63 - 2, 10**12, 10**9, 1_000_001,
               -1, 0, 1]
ODD_VALUES = ["", "x", "1d6", True, False, 1.5, float("nan"), float("-inf"), [], {}, [1, 2], {"sides": 6, "face": 7},
              [[[[]]]], {"sides": 2**256 + 1, "face": 1, "origin": "committed", "counter": 5}]


def _paths(value, at=()):
    yield at
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*at, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, (*at, i))


def _mutate(data, draw, values: list) -> None:
    """One mutation of ``data`` in place: a value replaced, a key dropped, a list lengthened."""
    path = draw(st.sampled_from(list(_paths(data))[1:]))
    *parent_path, last = path
    parent = data
    for part in parent_path:
        parent = parent[part]
    old = parent[last]
    how = draw(st.sampled_from(["number", "value", "drop", "lengthen"]))
    if how == "number":
        parent[last] = draw(st.sampled_from(ODD_NUMBERS) | st.integers())
    elif how == "value":
        parent[last] = copy_plain(draw(st.sampled_from(values)))
    elif how == "drop" and isinstance(parent, dict):
        del parent[last]
    elif isinstance(old, list) and old:
        parent[last] = old * draw(st.integers(2, 4)) + old[:1] * draw(st.sampled_from([0, 1, 1001]))


def copy_plain(value):
    return json.loads(json.dumps(value))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), system=st.sampled_from(sorted(PLAYS)), fmt=st.sampled_from(["json", "toml"]))
def test_issue_27_2_a_mutated_journal_gets_an_answer_or_one_message_never_a_traceback(
        cli, played, tmp_path_factory, data, system, fmt):
    import tomli_w

    folder = tmp_path_factory.mktemp("mutated")
    if fmt == "json":  # the players' export
        doc = json.loads(played[system][1].read_text(encoding="utf-8"))
    else:  # the journal itself, its times as text (a mutation may put anything there)
        doc = json.loads(json.dumps(events_of(played[system][0]), default=str))
    for _ in range(data.draw(st.integers(1, 3))):
        _mutate(doc, data.draw, ODD_VALUES + [None] if fmt == "json" else ODD_VALUES)  # TOML has no null
    path = folder / ("players.json" if fmt == "json" else "mutated.journal.toml")
    if fmt == "json":
        path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    else:  # each event closed by its end marker, as the journal is written
        from ttcli.store.journal import JOURNAL_HEADER

        path.write_text(JOURNAL_HEADER + "".join(
            "\n" + tomli_w.dumps({"event": [e]} if isinstance(e, dict) else {"event": e}) + f"# end of event {i + 1}\n"
            for i, e in enumerate(doc)), encoding="utf-8")
    r = verify(cli, path)
    assert r.exit_code in (0, ExitCode.FAILED, ExitCode.BAD_DATA), (r.exit_code, r.output, r.exception)
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    assert "Traceback" not in r.output
    if r.exit_code == ExitCode.BAD_DATA:
        assert r.stdout == "" and r.stderr.count("\n") == 1, r.stderr
        assert re.match(r"ttcli: (error|ошибка): ", r.stderr) is not None
    else:
        assert r.stderr == "" and r.stdout.strip(), r.output


def test_issue_27_2_a_refusal_reads_in_russian_with_the_right_plural_forms(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("TTCLI_LANG", "ru")
    path = tmp_path / "many.json"
    path.write_text(json.dumps({"events": [{"seq": i + 1, "kind": "note"} for i in range(MAX_EVENTS + 1)]}),
                    encoding="utf-8")
    refused(verify(cli, path), f"{MAX_EVENTS + 1} событие: verify читает из одного журнала не больше "
                               f"{MAX_EVENTS} событий", "попросите его у мастера")


def test_issue_27_2_a_pool_is_found_among_all_earlier_events_by_its_faces(cli, tmp_path):
    # asking each earlier event in turn took 150 s for 8,000 events that each showed a pool no die had
    declared = {"seq": 1, "kind": "declare", "dice": [{"sides": 6, "face": f, "origin": "rolled"} for f in (6, 6, 2)]}
    fillers = [{"seq": i + 2, "kind": "note", "dice": [{"sides": 6, "face": 6, "origin": "rolled"}]}
               for i in range(1500)]
    for pool, found in (([6, 2, 6], True), ([2, 6], True), ([6, 6, 6], False), ([2, 2], False)):
        shown = {"seq": 1502, "kind": "resolved", "dice": [], "events": [{"kind": "pool", "faces": pool}]}
        path = tmp_path / "pool.json"
        path.write_text(json.dumps({"events": [declared, *fillers, shown]}), encoding="utf-8")
        r = verify(cli, path)
        assert (r.exit_code, "none of its dice has" in r.stdout) == ((0, False) if found else (1, True)), r.output
