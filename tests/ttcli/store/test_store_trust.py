"""Issue 12: verifiable rolls that cannot be faked, secrets kept private, no exit 70 from input.

Each tampering case of the issue is played on real files through the command
line and must be detected; each bad input must get its documented exit code
and one message, never a traceback.
"""

from __future__ import annotations

import json
import os
import re
import stat

import pytest
from support.paths import ROOT_DIR

from ttcli.exitcodes import ExitCode


@pytest.fixture
def saves(tmp_path):
    return tmp_path / "saves"


@pytest.fixture
def crypt(cli):
    r = cli("session", "new", "склеп", "--system", "dungeon")
    assert r.exit_code == 0, r.output
    return "склеп"


def ok(result):
    assert result.exit_code == 0, result.output
    return result


def fails(result, code: ExitCode, *words: str):
    """The documented code, a message for people on stderr, never a traceback."""
    assert result.exit_code == code, (result.exit_code, result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    for word in words:
        assert word in result.stderr, result.stderr
    return result


def commit(cli) -> str:
    return ok(cli("session", "commit")).stdout.split(": ")[1].split()[0]


def reveal(cli) -> str:
    return ok(cli("session", "reveal")).stdout.splitlines()[0].split(": ")[1]


def verify(cli, journal, secret):
    return cli("verify", str(journal), "--secret", secret)


def export(cli, tmp_path, *extra) -> tuple:
    path = tmp_path / "journal.json"
    path.write_text(ok(cli("log", "--json", "-n", "0", *extra)).stdout, encoding="utf-8")
    return path, json.loads(path.read_text(encoding="utf-8"))


def edit(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# ---------------------------------------------------------------- verify proves what players saw


def test_issue_12_honest_journal_verifies_with_totals_recomputed(cli, crypt, saves):
    commit(cli)
    ok(cli("roll", "4d6kh3", "--hidden"))
    ok(cli("roll", "2d20kh1+3 [атака]", "--times", "2"))
    secret = reveal(cli)
    r = ok(verify(cli, saves / "склеп.journal.toml", secret))
    assert "3 shown totals recomputed" in r.stdout and "all committed dice match" in r.stdout


def test_issue_12_given_dice_are_refused_for_a_hidden_roll_under_a_commitment(cli, crypt, saves):
    commit(cli)
    fails(cli("roll", "1d20", "--hidden", "--given", "20"), ExitCode.RULES, "--given")
    ok(cli("roll", "1d20", "--given", "20"))  # an open roll with a player's posted die stays allowed


def test_issue_12_seeded_hidden_roll_after_toggling_revealed_is_reported(cli, crypt, saves):
    commit(cli)
    session = saves / "склеп.toml"
    edit(session, "revealed = false", "revealed = true")
    ok(cli("roll", "1d20", "--hidden", "--seed", "7"))
    edit(session, "revealed = true", "revealed = false")
    ok(cli("roll", "1d20", "--hidden"))
    secret = reveal(cli)
    r = verify(cli, saves / "склеп.journal.toml", secret)
    assert r.exit_code == ExitCode.FAILED and "hidden roll under the commitment used a rolled d20" in r.stdout


def test_issue_12_deleting_the_last_committed_rolls_is_caught_by_the_reveal_count(cli, crypt, saves, tmp_path):
    commit(cli)
    for _ in range(3):
        ok(cli("roll", "1d6", "--hidden"))
    secret = reveal(cli)
    path, data = export(cli, tmp_path)
    data["events"] = [e for e in data["events"] if not (e["kind"] == "roll" and e["seq"] == 4)]
    path.write_text(json.dumps(data), encoding="utf-8")
    r = verify(cli, path, secret)
    assert r.exit_code == ExitCode.FAILED and "counter 2" in r.stdout and "missing" in r.stdout


@pytest.mark.parametrize("where", ["text", "value", "event text"])
def test_issue_12_an_edited_shown_total_is_caught(cli, crypt, saves, tmp_path, where):
    commit(cli)
    ok(cli("roll", "3d6"))
    secret = reveal(cli)
    path, data = export(cli, tmp_path)
    event = next(e for e in data["events"] if e["kind"] == "roll")
    roll = event["rolls"][0]
    shown = roll["value"]
    if where == "value":
        roll["value"] = shown + 9
    else:
        holder, key = (roll, "text") if where == "text" else (event["text"], 0)
        holder[key] = holder[key].replace(f"= {shown}", f"= {shown + 9}")
    path.write_text(json.dumps(data), encoding="utf-8")
    r = verify(cli, path, secret)
    assert r.exit_code == ExitCode.FAILED and "its dice give" in r.stdout


SECRET = "5e" * 32


@pytest.fixture
def fought(cli, crypt, tmp_path):
    """A dungeon fight under a known secret: initiative, a check, a save, an attack; the journal exported."""
    ok(cli("char", "add", "Викинг", "тело=4", "реак=3", "раз=3", "хар=2"))
    ok(cli("char", "set", "Викинг", "weapon=1d8"))
    ok(cli("char", "add", "Гоблин", "--side", "enemy", "тело=2", "реак=3", "--force"))
    ok(cli("char", "set", "Гоблин", "weapon=1d6"))
    ok(cli("session", "commit", "--secret", SECRET))
    ok(cli("fight", "start"))
    actor = json.loads(ok(cli("log", "--json", "-n", "1")).stdout)["events"][0]["actor"]
    for roll in (("check", "Викинг", "тело", "--dc", "10"), ("save", "Викинг", "тело")):
        assert cli(*roll).exit_code in (0, ExitCode.FAILED)  # passed or failed, either is journaled
    ok(cli("attack", actor, "Гоблин" if actor == "Викинг" else "Викинг"))
    assert reveal(cli) == SECRET
    return export(cli, tmp_path)


def record_of(event, kind):
    return next(r for r in event["events"] if r["kind"] == kind)


def shown_total(event, record):
    """A total edited where players read it: the record and the line that shows it."""
    line = next(i for i, t in enumerate(event["text"]) if f"= {record['total']} vs" in t)
    event["text"][line] = event["text"][line].replace(f"= {record['total']} vs", f"= {record['total'] + 9} vs")
    return line


def forge_line(event, kind):
    record = record_of(event, kind)
    shown_total(event, record)


def forge_total(event, kind):
    record = record_of(event, kind)
    shown_total(event, record)
    record["total"] += 9


def forge_die(event, kind):
    """The die, its total and its line all edited alike; the committed dice left alone."""
    record = record_of(event, kind)
    faces = {d["face"] for d in event["dice"]}
    new = next(f for f in range(20, 0, -1) if f not in faces)
    line = shown_total(event, record)
    event["text"][line] = event["text"][line].replace(f"= {record['total'] + 9} vs", f"= {record['total']} vs")
    event["text"][line] = event["text"][line].replace(f"d20 {record['die']}", f"d20 {new}", 1)
    event["text"][line] = event["text"][line].replace(f"= {record['total']} vs",
                                                      f"= {record['total'] + new - record['die']} vs")
    record["total"] += new - record["die"]
    record["die"] = new


def forge_words(event, kind):
    """The last number of the record's line, and only there."""
    index = next(i for i, r in enumerate(event["events"]) if r["kind"] == kind)
    line = min(index, len(event["text"]) - 1)
    event["text"][line] = re.sub(r"(\d+)(\D*)$", lambda m: f"{int(m[1]) + 1}{m[2]}", event["text"][line])


RUSSIAN = {"body check": "проверка ТЕЛО", "d20": "к20", "body": "ТЕЛО", "vs": "против", "success": "успех",
           "failure": "провал"}


def in_russian(line: str) -> str:
    for english, russian in RUSSIAN.items():
        line = line.replace(english, russian)
    return line


def test_issue_12_an_honest_fight_journal_verifies_every_shown_line(cli, fought):
    path, data = fought
    r = ok(verify(cli, path, SECRET))
    fights = [e for e in data["events"] if e.get("events")]
    said = sum(len(e["text"]) for e in fights)
    assert f"{said} lines of fight events said again" in r.stdout
    assert "2 shown totals recomputed" in r.stdout  # the check's and the attack's (die + modifiers)
    assert "all committed dice match" in r.stdout


@pytest.mark.parametrize(("event_kind", "record_kind", "forge", "words"), [
    ("check", "check", forge_line, "its records do not say so"),
    ("check", "check", forge_total, "its die and modifiers give"),
    ("check", "check", forge_die, "which none of its dice has"),
    ("attack", "hit_roll", forge_line, "its records do not say so"),
    ("attack", "hit_roll", forge_total, "its die and modifiers give"),
    ("attack", "hit_roll", forge_die, "which none of its dice has"),
    ("save", "save", forge_words, "its records do not say so"),
    ("fight_start", "initiative", forge_words, "its records do not say so"),
])
def test_issue_12_an_edited_result_in_a_fight_event_is_caught(cli, fought, event_kind, record_kind, forge, words):
    path, data = fought
    event = next(e for e in data["events"] if e["kind"] == event_kind)
    forge(event, record_kind)
    path.write_text(json.dumps(data), encoding="utf-8")
    r = verify(cli, path, SECRET)
    assert r.exit_code == ExitCode.FAILED, r.output
    assert f"event {event['seq']}, round {event['round']}: " in r.stdout and words in r.stdout


def test_issue_12_a_line_in_other_words_with_the_same_numbers_is_not_accused(cli, fought):
    # a journal written in Russian, or by a version that worded the line otherwise
    path, data = fought
    event = next(e for e in data["events"] if e["kind"] == "check")
    event["text"] = [in_russian(line) for line in event["text"]]
    assert "проверка ТЕЛО" in event["text"][0]
    path.write_text(json.dumps(data), encoding="utf-8")
    ok(verify(cli, path, SECRET))
    forge_words(event, "check")
    path.write_text(json.dumps(data), encoding="utf-8")
    assert verify(cli, path, SECRET).exit_code == ExitCode.FAILED


def test_issue_12_a_round_clock_pool_rolled_when_declared_verifies_where_the_round_resolves(
        cli, tmp_path, saves):
    # twilight: the dice are drawn by `declare` and shown again when the round resolves
    import shutil

    saves.mkdir()
    shutil.copy(ROOT_DIR / "saves" / "arena.toml", saves / "arena.toml")
    ok(cli("session", "use", "arena"))
    ok(cli("session", "commit", "--secret", SECRET))
    for line in ("fight start", "fight next", "declare Кочевник attack Викинг", "declare Викинг defend",
                 "fight next"):
        ok(cli(*line.split()))
    ok(cli("session", "reveal"))
    path, data = export(cli, tmp_path)
    ok(verify(cli, path, SECRET))
    resolved = next(e for e in reversed(data["events"]) if e["kind"] == "round_resolved")
    pool = next(r for r in resolved["events"] if r.get("faces") and r["kind"] != "revealed")
    pool["faces"] = [7 - f for f in pool["faces"]]  # the same count of dice, other faces
    path.write_text(json.dumps(data), encoding="utf-8")
    r = verify(cli, path, SECRET)
    assert r.exit_code == ExitCode.FAILED and "which none of its dice has" in r.stdout


def test_issue_12_an_edited_health_line_of_an_attack_is_caught(cli, fought):
    path, data = fought
    event = next(e for e in data["events"] if e["kind"] == "attack")
    health = next((r for r in event["events"] if r["kind"] == "health"), None)
    if health is None:  # a miss: the attack's own line then
        forge_words(event, "hit_roll")
    else:
        line = next(i for i, t in enumerate(event["text"]) if f"-> {health['hp_after']}" in t)
        event["text"][line] = event["text"][line].replace(f"-> {health['hp_after']}", f"-> {health['hp_after'] + 1}")
    path.write_text(json.dumps(data), encoding="utf-8")
    r = verify(cli, path, SECRET)
    assert r.exit_code == ExitCode.FAILED and "its records do not say so" in r.stdout


def test_issue_12_a_secret_swapped_in_by_hand_is_refused_at_load(cli, crypt, saves):
    commit(cli)
    session = saves / "склеп.toml"
    secret = re.search(r'secret = "([0-9a-f]{64})"', session.read_text(encoding="utf-8")).group(1)
    edit(session, secret, "0" * 64)
    fails(cli("roll", "1d6", "--hidden"), ExitCode.BAD_DATA, "commit.secret", "does not match the commitment")
    assert "0" * 64 not in cli("session", "show").output


def test_issue_12_a_roll_that_fails_before_the_journal_is_journaled_as_burned_not_missing(cli, crypt, saves):
    # the issue's reproduction: it used to end with "a committed roll is missing"
    commit(cli)
    ok(cli("roll", "1d6", "--hidden"))
    journal = saves / "склеп.journal.toml"
    aside = saves / "journal.aside"
    journal.rename(aside)
    journal.mkdir()
    fails(cli("roll", "1d6", "--hidden"), ExitCode.BAD_DATA, "journal")
    journal.rmdir()
    aside.rename(journal)
    ok(cli("roll", "1d6", "--hidden"))
    secret = reveal(cli)
    r = verify(cli, journal, secret)
    assert r.exit_code == ExitCode.BURNED  # issue 27: a burned counter is never a silent pass
    assert "2 committed dice checked: all committed dice match" in r.stdout
    assert "committed dice 1..1 burned (drawn, never shown) by `roll 1d6 --hidden`: ask the master" in r.stdout


def test_issue_12_counters_of_a_killed_command_are_journaled_as_burned(cli, crypt, saves):
    from ttcli.store.session import _read_dice, _write_dice

    commit(cli)
    ok(cli("roll", "1d6", "--hidden"))
    session = saves / "склеп.toml"
    commitment, reserved, _journaled, _command = _read_dice(session)
    # a command killed after reserving two counters, before its journal append
    _write_dice(session, commitment, reserved + 2, reserved, "roll 2d6 --hidden")
    ok(cli("roll", "1d6", "--hidden"))
    secret = reveal(cli)
    r = verify(cli, saves / "склеп.journal.toml", secret)
    assert r.exit_code == ExitCode.BURNED
    assert "committed dice 1..2 burned (drawn, never shown) by `roll 2d6 --hidden`" in r.stdout
    events = ok(cli("log", "--json", "-n", "0")).stdout
    assert '"burned"' in events


def test_issue_12_deleting_a_burned_record_is_still_caught(cli, crypt, saves, tmp_path):
    from ttcli.store.session import _read_dice, _write_dice

    commit(cli)
    ok(cli("roll", "1d6", "--hidden"))
    commitment, reserved, _journaled, _command = _read_dice(saves / "склеп.toml")
    _write_dice(saves / "склеп.toml", commitment, reserved + 1, reserved)
    ok(cli("roll", "1d6", "--hidden"))
    secret = reveal(cli)
    path, data = export(cli, tmp_path)
    data["events"] = [e for e in data["events"] if e["kind"] != "burned"]
    path.write_text(json.dumps(data), encoding="utf-8")
    assert verify(cli, path, secret).exit_code == ExitCode.FAILED


def test_issue_12_players_journal_verifies_its_public_rolls_and_counts_the_withheld(cli, crypt, saves, tmp_path):
    commit(cli)
    ok(cli("roll", "1d20", "--hidden"))
    ok(cli("roll", "2d6"))
    ok(cli("roll", "1d8", "--hidden"))
    secret = reveal(cli)
    path, data = export(cli, tmp_path, "--public")
    assert data["withheld"] == 2
    r = ok(verify(cli, path, secret))
    assert "2 hidden events withheld" in r.stdout and "event None" not in r.stdout
    # the hidden rolls are placeholders (issue 27: their counters and sides, no faces): edit the public one
    public = next(e for e in data["events"] if e["kind"] == "roll")
    public["rolls"][0]["dice"][0]["face"] = public["rolls"][0]["dice"][0]["face"] % 6 + 1
    path.write_text(json.dumps(data), encoding="utf-8")
    assert verify(cli, path, secret).exit_code == ExitCode.FAILED


# ---------------------------------------------------------------- secrets stay private


def test_issue_12_the_secret_is_in_no_output_before_reveal(cli, crypt, saves):
    ok(cli("char", "add", "Викинг", "тело=4", "реак=3", "раз=3", "хар=2"))
    commit(cli)
    ok(cli("roll", "1d20", "--hidden"))
    secret = re.search(r'secret = "([0-9a-f]{64})"', (saves / "склеп.toml").read_text(encoding="utf-8")).group(1)
    outputs = [cli(*args).output for args in (
        ("session", "show"), ("session", "show", "--json"), ("session", "list", "--json"), ("session", "check"),
        ("log", "-n", "0"), ("log", "--json", "-n", "0"), ("char", "list"), ("char", "list", "--json"),
        ("undo",), ("redo",))]
    assert not [o for o in outputs if secret in o]
    assert secret in reveal(cli)


def test_issue_12_session_snapshots_and_sidecars_are_private(cli, crypt, saves):
    commit(cli)
    ok(cli("roll", "1d6", "--hidden"))
    files = [p for p in saves.rglob("*") if p.is_file()]
    assert len(files) >= 6
    assert {p.name: stat.S_IMODE(p.stat().st_mode) for p in files} == {p.name: 0o600 for p in files}


# ---------------------------------------------------------------- the store writes only inside the saves folder


def outside_state(folder):
    return sorted((str(p.relative_to(folder)), p.read_bytes() if p.is_file() else None) for p in folder.rglob("*"))


@pytest.mark.parametrize("plant", [".current", ".склеп.toml.dice", "склеп.journal.toml", "склеп.history",
                                   "склеп.toml"])
def test_issue_12_a_planted_link_is_refused_and_nothing_outside_changes(cli, crypt, saves, tmp_path, plant):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "victim.toml").write_text("keep me\n", encoding="utf-8")
    (outside / "000001.toml").write_text("keep me too\n", encoding="utf-8")
    before = outside_state(outside)
    path = saves / plant
    if path.is_dir():
        import shutil

        shutil.rmtree(path)
    elif path.exists():
        path.unlink()
    path.symlink_to(outside if plant.endswith("history") else outside / "victim.toml")
    commands = [("session", "use", "склеп"), ("session", "commit"), ("roll", "1d6", "--hidden"),
                ("char", "add", "Вор", "тело=2", "реак=4", "раз=3", "хар=3"), ("undo",)]
    codes = [cli("--session", "склеп", *c) if plant == ".current" and c[0] != "session" else cli(*c) for c in commands]
    refused = [r for r in codes if r.exit_code != 0]
    assert refused, "a command went through the planted link"
    for r in refused:
        fails(r, r.exit_code)
        assert r.exit_code in (ExitCode.BAD_DATA, ExitCode.RULES, ExitCode.NOT_FOUND)
    assert any("symbolic link" in r.stderr for r in refused)
    assert outside_state(outside) == before
    ok(cli("--session", "склеп", "session", "rm", "склеп", "--yes"))  # removes links, never their targets
    assert outside_state(outside) == before


def test_issue_12_a_dangling_session_link_is_not_created_through(cli, saves, tmp_path):
    saves.mkdir()
    target = tmp_path / "elsewhere.toml"
    (saves / "склеп.toml").symlink_to(target)
    fails(cli("session", "new", "склеп", "--system", "dungeon"), ExitCode.BAD_DATA, "already exists")
    assert not target.exists()
    fails(cli("--session", "склеп", "roll", "1d6"), ExitCode.BAD_DATA, "symbolic link")
    assert not target.exists()


def test_issue_12_a_fifo_in_the_saves_folder_is_skipped_not_opened(cli, crypt, saves):
    os.mkfifo(saves / "труба.toml")
    r = ok(cli("session", "list"))  # opening the FIFO would wait forever for a writer
    assert "труба" not in r.stdout and "склеп" in r.stdout
    fails(cli("--session", "труба", "roll", "1d6"), ExitCode.BAD_DATA, "not a regular file")


# ---------------------------------------------------------------- no exit 70 from input


DEEP_ARRAY = "format = 1\nname = \"склеп\"\nsystem = \"dungeon\"\nx = " + "[" * 5000 + "]" * 5000 + "\n"
DEEP_TABLE = "format = 1\nname = \"склеп\"\nsystem = \"dungeon\"\nx = " + "{a = " * 5000 + "1" + "}" * 5000 + "\n"
HUGE_INT = "format = 1\nname = \"склеп\"\nsystem = \"dungeon\"\nx = " + "9" * 5000 + "\n"


@pytest.mark.parametrize(("text", "words"), [
    (DEEP_ARRAY, ["nested too deeply"]),
    (DEEP_TABLE, ["nested too deeply"]),
    (HUGE_INT, ["far too long"]),
])
def test_issue_12_hostile_session_files_are_bad_data(cli, crypt, saves, text, words):
    path = saves / "склеп.toml"
    path.write_text(text, encoding="utf-8")
    for command in (("session", "show"), ("roll", "1d6"), ("session", "list")):
        r = cli(*command)
        if command[1] == "list":
            ok(r)
            assert "BROKEN" in r.stdout
        else:
            fails(r, ExitCode.BAD_DATA, *words)
    assert path.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("kind", ["folder", "bad utf-8", "escape"])
def test_issue_12_a_broken_current_pointer_is_bad_data(cli, crypt, saves, kind):
    pointer = saves / ".current"
    pointer.unlink()
    if kind == "folder":
        pointer.mkdir()
    else:
        pointer.write_bytes(b"\xff\xfe\n" if kind == "bad utf-8" else b"\x1b[31m\n")
    r = fails(cli("roll", "1d6"), ExitCode.BAD_DATA, ".current")
    assert "\x1b" not in r.output
    ok(cli("--session", "склеп", "roll", "1d6"))


def test_issue_12_saves_pointing_at_a_file_is_a_usage_error(runner, tmp_path):
    from ttcli.app import app

    afile = tmp_path / "notes.txt"
    afile.write_text("x")
    for saves in (afile, afile / "sub"):
        for args in (("session", "new", "склеп", "--system", "dungeon"), ("--session", "склеп", "roll", "1d6")):
            fails(runner.invoke(app, ["--saves", str(saves), *args]), ExitCode.USAGE, "saves folder")
    assert afile.read_text() == "x"


def test_issue_12_a_name_too_long_for_a_file_is_refused_and_leaves_nothing(cli, saves):
    name = "\U0001f409" * 60  # 60 dragons, 240 bytes in UTF-8
    fails(cli("session", "new", name, "--system", "dungeon"), ExitCode.USAGE, "too long")
    assert not saves.exists() or list(saves.iterdir()) == []


# ---------------------------------------------------------------- undo restores a broken file


def test_issue_12_undo_restores_a_broken_file_after_confirming(cli, crypt, saves):
    ok(cli("char", "add", "Викинг", "тело=4", "реак=3", "раз=3", "хар=2"))
    path = saves / "склеп.toml"
    good = path.read_bytes()
    path.write_text("format = 1\nround = = 2\n", encoding="utf-8")
    hint = fails(cli("session", "show"), ExitCode.BAD_DATA).stderr
    assert "undo" in hint
    fails(cli("undo", input="y\n"), ExitCode.USAGE, "add --yes")  # piped input is no answer: no terminal

    def answered(answer: str, *flags: str) -> tuple[int, str]:
        import io

        import typer

        from ttcli.app import app
        from ttcli.env import Environment

        env = Environment(stdout=io.StringIO(), stderr=io.StringIO(), stdin=io.StringIO(answer), stdin_isatty=True,
                          stdout_isatty=False, saves=saves)
        return int(typer.main.get_command(app).run_words([*flags, "undo"], obj=env)), env.stderr.getvalue()

    code, asked = answered("n\n")
    assert code == ExitCode.BAD_DATA and path.read_text(encoding="utf-8") == "format = 1\nround = = 2\n"
    assert "Replace the broken file" in asked and "[y/N]" in asked
    code, asked = answered("да\n", "--lang", "ru")
    assert code == ExitCode.OK and "Заменить" in asked
    assert path.read_bytes() == good
    assert (saves / "склеп.history" / "broken.toml").read_text(encoding="utf-8") == "format = 1\nround = = 2\n"
    path.write_text("garbage", encoding="utf-8")
    ok(cli("undo", "--yes"))
    assert path.read_bytes() == good
    assert "Викинг" in ok(cli("char", "list")).stdout


def test_issue_12_undo_journals_its_event_under_the_session_lock(cli, crypt, saves, monkeypatch, is_locked):
    from ttcli.store import session

    ok(cli("char", "add", "Викинг", "тело=4", "реак=3", "раз=3", "хар=2"))
    real_append, held = session.append_event, []

    def append(path, event, system=None):
        held.append((event["kind"], is_locked(saves / "склеп.toml")))
        return real_append(path, event, system)

    monkeypatch.setattr(session, "append_event", append)
    ok(cli("undo"))
    ok(cli("redo"))
    assert held == [("undo", True), ("redo", True)]


# ---------------------------------------------------------------- validation


@pytest.mark.parametrize(("old", "new", "words"), [
    ("rations = 3", "rations = 9223372036854775808", ["64 bits"]),
    ("hp = 13", "hp = 999", ["above its maximum 13"]),
    ("hp = 13", "hp = -1", ["resources.hp", "below 0"]),
    ('"Викинг"', '"Вик\\u001b[31mинг"', ["control or bidi"]),
    ('"Викинг"', '"Вик\\u202eинг"', ["control or bidi"]),
])
def test_issue_12_hand_edits_outside_the_limits_are_refused_with_the_place(cli, crypt, saves, old, new, words):
    ok(cli("char", "add", "Викинг", "тело=4", "реак=3", "раз=3", "хар=2"))
    path = saves / "склеп.toml"
    edit(path, old, new)
    for command in (("char", "list"), ("session", "show"), ("roll", "1d6")):
        r = fails(cli(*command), ExitCode.BAD_DATA, *words)
        assert re.search(r"склеп\.toml:\d+:\d+", r.stderr)
        assert "\x1b" not in r.output and "\u202e" not in r.output
    listing = ok(cli("session", "list"))
    assert "BROKEN" in listing.stdout and "\x1b" not in listing.output and "\u202e" not in listing.output


@pytest.mark.parametrize("fmt", ["plain", "markdown", "bbcode"])
def test_issue_12_terminal_escapes_in_a_hand_edited_journal_are_spelled_out(cli, crypt, saves, fmt):
    ok(cli("roll", "1d6", "--seed", "1"))
    edit(saves / "склеп.journal.toml", '"1d6 = ', '"1d6\\u001b[31m\\u202e = ')
    r = ok(cli("log", "--format", fmt))
    assert "\x1b" not in r.output and "\u202e" not in r.output
    assert "\\x1b" in r.stdout


def test_issue_12_a_garbage_journal_is_bad_data_not_an_empty_one(cli, crypt, saves):
    (saves / "склеп.journal.toml").write_bytes(b"\x00\x01 not a journal at all \xff")
    fails(cli("log"), ExitCode.BAD_DATA)
    fails(cli("roll", "1d6"), ExitCode.BAD_DATA)


def test_issue_12_reordered_sequence_numbers_are_refused_not_reused(cli, crypt, saves):
    for _ in range(3):
        ok(cli("roll", "1d6"))
    journal = saves / "склеп.journal.toml"
    text = journal.read_text(encoding="utf-8")
    edit(journal, "seq = 3", "seq = 9")
    edit(journal, "# end of event 3", "# end of event 9")
    fails(cli("log"), ExitCode.BAD_DATA, "sequence numbers")
    journal.write_text(text.replace("seq = 2", "seq = 7").replace("# end of event 2", "# end of event 7"),
                       encoding="utf-8")
    fails(cli("roll", "1d6"), ExitCode.BAD_DATA, "sequence numbers")
    fails(cli("log"), ExitCode.BAD_DATA, "sequence numbers")


def test_issue_12_a_roll_in_a_hand_edited_session_checks_the_file_first(cli, crypt, saves):
    # the journaled roll's quick path applies only to the bytes ttcli wrote itself
    ok(cli("char", "add", "Викинг", "тело=4", "реак=3", "раз=3", "хар=2"))
    ok(cli("roll", "1d6"))
    edit(saves / "склеп.toml", "hp = 13", "hp = 99")
    fails(cli("roll", "1d6"), ExitCode.BAD_DATA, "above its maximum")
    edit(saves / "склеп.toml", "hp = 99", "hp = 12")
    ok(cli("roll", "1d6"))
    ok(cli("roll", "1d6"))
    events = json.loads(ok(cli("log", "--json", "-n", "0")).stdout)["events"]
    assert [e["seq"] for e in events] == [1, 2, 3, 4] and events[-1]["rolls"][0]["expression"] == "1d6"
    ok(cli("undo"))  # the valid hand edit became a state of its own: undo goes back before it
    assert "hp = 13" in (saves / "склеп.toml").read_text(encoding="utf-8")


def test_issue_8_verify_reports_in_russian_with_the_right_plural_forms(cli, fought, monkeypatch):
    path, _data = fought
    monkeypatch.setenv("TTCLI_LANG", "ru")
    r = ok(verify(cli, path, SECRET))
    assert "секрет соответствует обязательству" in r.stdout
    assert "2 показанных итога пересчитаны по кубикам" in r.stdout  # 2: the second of the three forms
    assert "все заявленные кубики сходятся" in r.stdout and "committed" not in r.stdout
