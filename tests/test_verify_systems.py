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
from typer.testing import CliRunner

from ttcli.exitcodes import ExitCode

SECRET = "5e" * 32
EXAMPLES = Path(__file__).resolve().parent.parent / "saves"

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
    from rules.core.recheck import run
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
