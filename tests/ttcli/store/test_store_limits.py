"""Trust item 1: no command may lock a master out of a session.

Every value a command would write is held to the limits the loader applies before
anything is written (on the command line where it is typed, and again in the store's
write path, for what the rules compute from it); committed dice stop at the last
counter a file can hold; undo and redo restore ttcli's own bytes without reading them.
Each case runs on a copy of a bundled example session, through the command line.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from support.paths import ROOT_DIR

from ttcli.exitcodes import ExitCode

ROOT = ROOT_DIR
BIG = "99999999999999999999"  # 2^66 and a bit: what the issue typed
MAX = str(2**63 - 1)  # fits, yet what the rules compute from it may not
#: how each example session's fight is started (the README's walkthroughs)
STARTS = {
    "crypt": ["fight", "start", "--ambush", "party"],
    "arena": ["fight", "start"],
    "terra": ["fight", "start", "--given", "4 1 5 1 4 2 4 2 3 5"],
    "skirmish": ["fight", "start", "--given", "12 9 8 7 6"],
}


@pytest.fixture
def example(tmp_path, runner):
    """``example(name)``: a runner on a copy of the bundled session ``name`` with its fight started."""
    from ttcli.app import app

    saves = tmp_path / "saves"
    saves.mkdir()

    def start(name: str):
        shutil.copy(ROOT / "saves" / f"{name}.toml", saves / f"{name}.toml")

        def run(*args, input=None):
            return runner.invoke(app, ["--saves", str(saves), "--session", name, *args], input=input)

        ok(run(*STARTS[name]))
        run.path, run.saves = saves / f"{name}.toml", saves
        return run

    return start


def ok(result):
    assert result.exit_code == 0, (result.exit_code, result.output)
    return result


def refused(result, code: ExitCode, *words: str):
    assert result.exit_code == code, (result.exit_code, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    for word in words:
        assert word in result.stderr, result.stderr
    return result


def files(saves: Path) -> dict[str, bytes]:
    """Every file of the saves folder: session, journal, history, dice sidecar (the lock is no state)."""
    return {p.relative_to(saves).as_posix(): p.read_bytes() for p in sorted(saves.rglob("*"))
            if p.is_file() and not p.name.endswith(".lock")}


def loads(run) -> None:
    ok(run("session", "check"))
    ok(run("fight", "status"))


# ---------------------------------------------------------------- typed beyond 64 bits: exit 2, nothing written

TYPED = [
    # the issue's own cases
    ("crypt", ["effect", "add", "Огр", "bleeding", "--duration", f"{BIG} rounds"], ["--duration", "64 bits"]),
    ("crypt", ["effect", "add", "Огр", "bleeding", "--damage", BIG], ["--damage", "64 bits", MAX]),
    ("crypt", ["effect", "add", "Огр", "bleeding", "--heal", BIG], ["--heal", "64 bits", MAX]),
    ("crypt", ["damage", "Огр", BIG], ["AMOUNT", "64 bits", MAX]),
    ("crypt", ["heal", "Огр", BIG], ["AMOUNT", "64 bits", MAX]),
    # every other number a dungeon master types
    ("crypt", ["effect", "add", "Огр", "bleeding", "--duration", f"{BIG} turns"], ["--duration", "64 bits"]),
    ("crypt", ["effect", "add", "Огр", "bleeding", "--duration", f"until round {BIG}"], ["--duration", "64 bits"]),
    ("crypt", ["effect", "add", "Огр", "bleeding", "--duration", "9" * 5000 + " rounds"],
     ["--duration", "5001 digits"]),
    ("crypt", ["effect", "add", "Огр", "bleeding", "--damage", f"-{BIG}"], ["--damage", str(-(2**63))]),
    ("crypt", ["effect", "add", "Огр", "bleeding", "--floor", BIG], ["--floor", "64 bits"]),
    ("crypt", ["effect", "add", "Огр", "вывих", "--mod", f"speed={BIG}"], ["--mod speed", "64 bits"]),
    ("crypt", ["effect", "add", "Огр", "вывих", "--mod", f"speed=-{BIG}"], ["--mod speed", "64 bits"]),
    ("crypt", ["effect", "add", "Огр", "яд", "--dice", f"{BIG}d6"], ["too large"]),
    ("crypt", ["char", "set", "Огр", f"hp_max={BIG}"], ["too large a number"]),
    ("crypt", ["check", "Лучница", "атлетика", "--dc", BIG], ["--dc", "64 bits"]),
    ("crypt", ["save", "Лучница", "тело", "--mod", BIG], ["--mod", "64 bits"]),
    ("crypt", ["attack", "Лучница", "Огр", "--adv", BIG], ["--adv", "64 bits"]),
    ("crypt", ["move", "Лучница", BIG], ["CELLS", "64 bits"]),
    ("crypt", ["place", "Лучница", f"{BIG},1"], ['combatants."Лучница".data.cell[0]', "64 bits"]),
    ("crypt", ["char", "give", "Лучница", "стрела", "--count", BIG], ["--count", "64 bits"]),
    ("crypt", ["fight", "next", "--seed", BIG], ["--seed", "64 bits"]),
    ("crypt", ["roll", "1d6", "--seed", BIG], ["--seed", "64 bits"]),
    ("arena", ["legend", "Кочевник", "award", BIG], ["AMOUNT", "64 bits"]),
    ("arena", ["declare", "Кочевник", "attack", "Викинг", "--weapon", BIG], ["--weapon", "64 bits"]),
    ("arena", ["effect", "add", "Викинг", "кровотечение", "--duration", f"{BIG} rounds"], ["--duration"]),
    ("skirmish", ["gear", "Рыцарь", "Меч", f"урон={BIG}"], ['weapons."Меч".damage', "64 bits"]),
    ("skirmish", ["spell", "Стрелок", "огонь", BIG], ["COST", "64 bits"]),
    ("skirmish", ["move", "Стрелок", BIG], ["CELLS", "64 bits"]),
    ("skirmish", ["pay", "Стрелок", BIG], ["POINTS", "64 bits"]),
    ("skirmish", ["cover", "Стрелок", BIG], ["RATING", "64 bits"]),
    ("skirmish", ["damage", "Стрелок", BIG], ["AMOUNT", "64 bits"]),
    ("terra", ["formula", "D4", "--gk", BIG], ["--gk", "64 bits"]),
    ("terra", ["attack", "Плут", "Волк 1", "--ap", BIG], ["--ap", "64 bits"]),
    ("terra", ["technique", "Плут", "удар", "--aspect", "Время", "--hp", BIG], ["--hp", "64 bits"]),
    ("terra", ["heal", "Плут", BIG], ["AMOUNT", "64 bits"]),
    ("terra", ["char", "set", "Плут", f"sp={BIG}"], ["too large a number"]),
]


@pytest.mark.parametrize(("save", "args", "words"), TYPED, ids=lambda v: " ".join(v)[:60] if isinstance(v, list)
                         else v if isinstance(v, str) else None)
def test_trust_1_a_number_beyond_64_bits_is_refused_and_nothing_is_written(example, save, args, words):
    run = example(save)
    before = files(run.saves)
    refused(run(*args), ExitCode.USAGE, *words)
    assert files(run.saves) == before
    loads(run)


# ---------------------------------------------------------------- computed beyond 64 bits: refused by the store

COMPUTED = [
    # each number fits; what the rules make of it does not (a total, a target, a modifier's sum)
    ("crypt", ["check", "Лучница", "атлетика", "--dc", "5", "--bonus", MAX], ["crypt.journal.toml", "64 bits"]),
    ("crypt", ["save", "Лучница", "тело", "--mod", MAX], ["64 bits"]),
    ("crypt", ["attack", "Лучница", "Огр", "--adv", MAX], ["64 bits"]),
    ("skirmish", ["attack", "Стрелок", "Разбойник 1", "--weapon", "Лук", "--cover", MAX], ["64 bits"]),
    ("skirmish", ["effect", "add", "Стрелок", "кровотечение", "--duration", f"{MAX} turns"],
     ['combatants."Стрелок".effects[0].until_round', "64 bits"]),
]


@pytest.mark.parametrize(("save", "args", "words"), COMPUTED, ids=lambda v: " ".join(v)[:60]
                         if isinstance(v, list) else v if isinstance(v, str) else None)
def test_trust_1_a_result_beyond_64_bits_is_refused_before_anything_is_written(example, save, args, words):
    run = example(save)
    before = files(run.saves)
    refused(run(*args), ExitCode.USAGE, "nothing was changed", *words)
    assert files(run.saves) == before
    loads(run)


@pytest.mark.parametrize(("save", "args"), [
    ("crypt", ["effect", "add", "Огр", "bleeding", "--duration", f"{MAX} rounds", "--damage", MAX]),
    ("crypt", ["damage", "Огр", MAX]),
    ("crypt", ["heal", "Огр", MAX]),
    ("crypt", ["char", "set", "Огр", f"hp_max={MAX}"]),
    ("crypt", ["place", "Лучница", f"{MAX},1"]),
    ("arena", ["legend", "Кочевник", "award", MAX]),
    ("skirmish", ["gear", "Рыцарь", "Меч", f"урон={MAX}"]),
    ("terra", ["damage", "Плут", MAX]),
])
def test_trust_1_the_largest_number_that_fits_is_written_and_loads(example, save, args):
    run = example(save)
    ok(run(*args))
    loads(run)


def test_trust_1_the_combat_prompt_refuses_alike_and_goes_on(example):
    run = example("crypt")
    before = files(run.saves)
    r = run("fight", input=f"damage Огр {BIG}\neffect add Огр bleeding --duration '{BIG} rounds'\nstatus\n")
    assert r.exit_code == ExitCode.USAGE, r.output
    assert "AMOUNT" in r.stderr and "--duration" in r.stderr and "line 2" in r.stderr
    assert files(run.saves) == before
    loads(run)


# ---------------------------------------------------------------- the loader's other limits, kept by char set

@pytest.mark.parametrize(("save", "name"), [("arena", "Викинг"), ("skirmish", "Стрелок"), ("terra", "Айрис")])
def test_trust_1_char_set_refuses_hp_above_the_maximum_the_loader_would_refuse(example, save, name):
    run = example(save)
    before = files(run.saves)
    refused(run("char", "set", name, "hp=99"), ExitCode.RULES, name, "above its maximum", "hp_max")
    assert files(run.saves) == before
    ok(run("char", "set", name, "hp=3"))
    loads(run)


def test_trust_1_char_add_refuses_hp_above_the_maximum(example):
    run = example("terra")
    before = files(run.saves)
    refused(run("char", "add", "Новый", "hp=99", "--force"), ExitCode.RULES, "Новый", "above its maximum")
    assert files(run.saves) == before


# ---------------------------------------------------------------- committed dice

def test_trust_1_a_commitment_at_the_last_counter_refuses_the_roll_and_writes_nothing(example):
    run = example("crypt")
    ok(run("session", "commit"))
    text = run.path.read_text(encoding="utf-8")
    assert "\ncounter = 0\n" in text
    run.path.write_text(text.replace("\ncounter = 0\n", f"\ncounter = {int(MAX) - 1}\n"), encoding="utf-8")
    ok(run("roll", "1d6", "--hidden"))  # counter 2^63-2: its successor still fits
    before = files(run.saves)
    for args in (["roll", "1d6", "--hidden"], ["check", "Лучница", "атлетика", "--dc", "10"]):
        refused(run(*args), ExitCode.RULES, "used up", "session commit")
        assert files(run.saves) == before
    ok(run("session", "check"))
    assert f"counter = {MAX}" in run.path.read_text(encoding="utf-8")
    ok(run("session", "reveal"))  # what the refusal says to do
    ok(run("session", "commit"))
    ok(run("roll", "1d6", "--hidden"))


# ---------------------------------------------------------------- undo over ttcli's own bytes

def written_by_an_older_version(run, old: bytes, new: bytes) -> bytes:
    """The session file as an older ttcli with this bug wrote it: saved by the store, history and all."""
    from ttcli.store.files import locked
    from ttcli.store.history import WRITTEN
    from ttcli.store.session import SessionFile

    data = run.path.read_bytes()
    assert old in data
    session = SessionFile(run.path)
    with locked(run.path):
        session._save(session.history.load(), data.replace(old, new, 1), WRITTEN)
    return data


def test_trust_1_undo_and_redo_restore_over_a_state_ttcli_wrote_that_does_not_load(example):
    run = example("crypt")
    good = written_by_an_older_version(run, b"\nround = 1\n", f"\nround = {BIG}\n".encode())
    bad = run.path.read_bytes()
    refused(run("fight", "status"), ExitCode.BAD_DATA, "64 bits", "undo")
    r = ok(run("undo"))  # no question asked, no --yes needed: CliRunner has no terminal to ask on
    assert "undo: 1 step back" in r.stdout
    assert run.path.read_bytes() == good
    assert not (run.saves / "crypt.history" / "broken.toml").exists()
    loads(run)
    r = ok(run("redo"))
    assert run.path.read_bytes() == bad
    assert "does not load" in r.stdout and "fight.round" in r.stdout and "undo again" in r.stdout
    ok(run("undo"))
    assert run.path.read_bytes() == good
    events = [e["kind"] for e in __import__("tomllib").loads(
        (run.saves / "crypt.journal.toml").read_text(encoding="utf-8"))["event"]]
    assert events[-3:] == ["undo", "redo", "undo"]


def test_trust_1_a_hand_edit_that_does_not_load_still_asks_before_undo(example):
    run = example("crypt")
    text = run.path.read_text(encoding="utf-8").replace("\nround = 1\n", f"\nround = {BIG}\n", 1)
    run.path.write_text(text, encoding="utf-8")
    refused(run("undo"), ExitCode.USAGE, "add --yes")
    assert run.path.read_text(encoding="utf-8") == text
    ok(run("undo", "--yes"))
    assert (run.saves / "crypt.history" / "broken.toml").read_text(encoding="utf-8") == text
    loads(run)


# ---------------------------------------------------------------- in the session's language

def test_trust_1_refusals_speak_the_sessions_russian(example, monkeypatch):
    monkeypatch.delenv("TTCLI_LANG")  # the example session's own `language = "ru"` applies
    run = example("crypt")
    before = files(run.saves)
    # worded while the command line is read, before the session (and its language) is loaded
    r = refused(run("damage", "Огр", BIG), ExitCode.USAGE, f"{BIG} не умещается в 64 бита", MAX)
    assert "does not fit" not in r.stderr
    refused(run("effect", "add", "Огр", "bleeding", "--duration", f"{BIG} rounds"), ExitCode.USAGE,
            "--duration:", "не умещается в 64 бита")
    refused(run("check", "Лучница", "атлетика", "--dc", "5", "--bonus", MAX), ExitCode.USAGE,
            "не умещается в 64 бита", "ничего не изменено")
    assert files(run.saves) == before
