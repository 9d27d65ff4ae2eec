"""The rules speak Russian to a Russian reader: their errors go through the catalog.

Two halves. A scan over the source of ``rules/`` fails on any exception raised with a
literal English message that is not marked for translation (a new ``raise
RuleError(f"...")`` would reach a Russian master in English). And a table of bad
inputs, run through the command line with ``--lang ru``, checks that what the master
reads on stderr is Russian: Cyrillic, and no English sentence left in it.
"""

from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path

import pytest
from support.paths import ROOT_DIR

from ttcli.app import app
from ttcli.exitcodes import ExitCode

ROOT = ROOT_DIR
RULES = ROOT / "rules"

#: the marking functions of rules.i18n
MARKED = {"_", "N_", "ngettext", "pgettext", "npgettext"}
#: keyword arguments that are codes for programs, never read as sentences
CODES = {"kind", "rule", "code"}
#: exceptions of Python's own protocols (a module's __getattr__), not messages for people
PROTOCOL = {"AttributeError", "TypeError", "NotImplementedError", "AssertionError", "StopIteration"}
#: (file, line's text) of errors that repeat a standard library class's own words, for programs
#: that catch them as they would the original; never shown to a master
MIRRORS = {
    ("rules/dice/datatypes.py", 'raise _frozen(f"cannot assign to field {name!r}")'),
    ("rules/dice/datatypes.py", 'raise _frozen(f"cannot delete field {name!r}")'),
    ("rules/dice/datatypes.py", 'raise ValueError("cannot specify both default and default_factory")'),
    ("rules/dice/datatypes.py",
     'raise ValueError(f"mutable default {type(f.default)} for field {name} is not allowed: use default_factory")'),
    ("rules/dice/datatypes.py",
     'raise ValueError(f"field {f.name} is declared with init=False, it cannot be specified with replace()")'),
    ("rules/dice/sources.py", 'raise ValueError("number of bits must be non-negative")'),
    ("rules/dice/records.py", 'raise ValueError(f"Got unexpected field names: {list(kwds)!r}")'),
}


def _is_english(node: ast.AST) -> bool:
    """A literal (or f-string, or a sum or choice of them) with words in it, not passed through a marker.

    A single word is a code (``"limit"`` as a DiceError's kind, ``"DG-FAT-1"``), not a sentence."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and re.search(r"[A-Za-z]{2,}\W+[A-Za-z]", node.value) is not None
    if isinstance(node, ast.JoinedStr):
        return any(isinstance(v, ast.Constant) and re.search(r"[A-Za-z]{2,}", v.value) for v in node.values)
    if isinstance(node, ast.BinOp):
        return _is_english(node.left) or _is_english(node.right)
    if isinstance(node, ast.IfExp):
        return _is_english(node.body) or _is_english(node.orelse)
    return False


def _name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def untranslated(source: str, where: str = "<source>") -> list[str]:
    """``file:line: ExceptionName`` for every exception raised with an unmarked English message."""
    found = []
    for node in ast.walk(ast.parse(source, where)):
        if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
            continue
        call = node.exc
        if _name(call) in PROTOCOL or (where, ast.get_source_segment(source, node)) in MIRRORS:
            continue
        values = [*call.args, *(k.value for k in call.keywords if k.arg not in CODES)]
        if any(_is_english(v) for v in values):
            found.append((node.lineno, f"{where}:{node.lineno}: {_name(call)}"))
    return [text for _line, text in sorted(found)]


def _sources() -> list[Path]:
    return sorted(RULES.rglob("*.py"))


def test_scan_finds_an_unmarked_message_and_passes_a_marked_one():
    # the scan is only worth something if it can fail
    bad = '''
def f(name):
    if name:
        raise RuleError(f"{name} is not in the fight", rule="DG-X-1")
    raise ValueError("a plain text: " + name)
def g(ok):
    raise RuleError(_("fine") if ok else "not fine at all")
'''
    good = '''
def f(name):
    raise RuleError(_("{name} is not in the fight").format(name=name), rule="DG-X-1")
def g(name):
    raise NotFound(N_("stat"), name)
def __getattr__(name):
    raise AttributeError(f"module has no attribute {name!r}")
def h(text):
    raise DiceError(_("empty expression"), text, 0, "limit", hint=_("try 2d6"))
'''
    assert untranslated(bad) == ["<source>:4: RuleError", "<source>:5: ValueError", "<source>:7: RuleError"]
    assert untranslated(good) == []


def test_scan_covers_the_rules_folders_of_this_translation():
    covered = {p.relative_to(RULES).parts[0] if len(p.relative_to(RULES).parts) > 1 else p.name
               for p in _sources()}
    assert {"core", "dice", "odds", "systems", "fight.py", "i18n.py"} <= covered
    assert any("dungeon" in p.parts for p in _sources())


def test_no_rules_exception_carries_an_untranslated_english_message():
    found = [hit for path in _sources()
             for hit in untranslated(path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix())]
    assert found == [], "wrap these messages in _() (see docs/i18n.md):\n" + "\n".join(found)


# ------------------------------------------------------------------ the reader's side

#: three Latin words in a row make an English phrase; a command, a key or a value stands alone
_ENGLISH_PHRASE = re.compile(r"\b[A-Za-z']{2,}(?: [A-Za-z']{2,}){2,}\b")


def _english_left(stderr: str) -> list[str]:
    """English phrases in what the master reads, beyond the fixed prefix and the echoed input."""
    message = stderr.splitlines()[0].removeprefix("ttcli: ошибка: ")
    return _ENGLISH_PHRASE.findall(message)


@pytest.fixture
def crypt(tmp_path, runner):
    saves = tmp_path / "saves"
    saves.mkdir()
    shutil.copy(ROOT / "saves" / "crypt.toml", saves / "crypt.toml")

    def run(*args):
        return runner.invoke(app, ["--lang", "ru", "--saves", str(saves), "--session", "crypt", *args])

    return run


BAD_OUTSIDE_A_FIGHT = [
    # the dice engine (C-DICE-1) and its limits: the caret stays under the place
    (["roll", "2d"], ExitCode.BAD_EXPRESSION, "размер"),
    (["roll", "1d6/0"], ExitCode.BAD_EXPRESSION, "деление на ноль"),
    (["roll", "2x6"], ExitCode.BAD_EXPRESSION, "неожиданный символ"),
    (["roll", "4d6kh5"], ExitCode.BAD_EXPRESSION, "из 4 костей"),
    (["roll", "9d6f1"], ExitCode.BAD_EXPRESSION, "счёт провалов"),
    (["roll", "1d6!>=1"], ExitCode.BAD_EXPRESSION, "не кончится никогда"),
    (["roll", "{}"], ExitCode.BAD_EXPRESSION, "пустая группа"),
    (["roll", "(" * 60 + "1" + ")" * 60], ExitCode.BAD_EXPRESSION, "вложенность"),
    (["roll", "1001d6"], ExitCode.BAD_EXPRESSION, "слишком много костей"),
    # exact odds over the work limit, and a divisor that can be 0
    (["odds", "200d200kh3!"], ExitCode.BAD_EXPRESSION, "слишком долго"),
    (["odds", "1d6/(1d6-1)"], ExitCode.BAD_EXPRESSION, "делитель"),
    # the sheet and the core
    (["char", "set", "Вор", "тело=x"], None, "целое число"),
    (["char", "set", "Вор", "foo=3"], None, "неизвестно: характеристика"),
    (["fight", "join", "Вор"], ExitCode.RULES, "бой не идёт"),
    # the dungeon's own (DG-*): actions, parameters, names
    (["attack", "Вор", "Огр"], ExitCode.RULES, "бой не идёт"),
    (["place", "Вор"], None, "укажите клетку"),
    (["rest", "Вор", "middle"], None, "не из списка"),
    (["fatigue", "Вор", "foo"], ExitCode.NOT_FOUND, "способность за усталость"),
    (["check", "Вор", "foo", "--dc", "10"], ExitCode.NOT_FOUND, "характеристика или навык"),
    (["fight", "start", "--ambush", "никто"], None, "не из списка"),
]


@pytest.mark.parametrize(("words", "code", "russian"), BAD_OUTSIDE_A_FIGHT,
                         ids=[" ".join(w)[:30] for w, _c, _r in BAD_OUTSIDE_A_FIGHT])
def test_rules_errors_reach_a_russian_reader_in_russian(crypt, words, code, russian):
    r = crypt(*words)
    assert r.exit_code != 0 and r.stdout == ""
    if code is not None:
        assert r.exit_code == code
    assert r.stderr.startswith("ttcli: ошибка: ")  # issue 24: the prefix is Russian too
    assert russian in r.stderr
    assert _english_left(r.stderr) == []


def test_dice_errors_keep_the_caret_under_the_place_in_russian(crypt):
    r = crypt("roll", "1d6+2x6")
    first, shown, caret = r.stderr.splitlines()
    assert first.endswith("в столбце 6 (умножение пишется через *)")
    assert (shown.strip(), caret.index("^") - shown.index("1")) == ("1d6+2x6", 5)


def test_dungeon_fight_errors_reach_a_russian_reader_in_russian(crypt):
    assert crypt("fight", "start").exit_code == 0
    again = crypt("fight", "start")
    assert "бой уже идёт (раунд 1)" in again.stderr and _english_left(again.stderr) == []
    status = crypt("fight", "status", "--json")
    import json

    current = json.loads(status.stdout)["fight"]["turn"]["actor"]
    other = "Огр" if current != "Огр" else "Вор"
    out_of_turn = crypt("attack", other, current)
    # DG-INIT-1: only the character whose turn it is acts; a Russian reader gets no rule ID (issue 24)
    assert out_of_turn.exit_code == ExitCode.RULES
    assert f"сейчас ходит {current}" in out_of_turn.stderr and "DG-INIT-1" not in out_of_turn.stderr
    assert _english_left(out_of_turn.stderr) == []
    itself = crypt("attack", current, current)
    assert "сам себя" in itself.stderr and _english_left(itself.stderr) == []


def test_the_same_errors_stay_english_for_an_english_reader(runner, tmp_path):
    r = runner.invoke(app, ["--lang", "en", "roll", "2x6"])
    assert r.stderr.splitlines()[0] == ("ttcli: error: bad dice expression: unexpected character 'x' "
                                        "at column 2 (multiply with *)")


def test_a_russian_session_words_rule_errors_in_russian_after_the_store_wrote_it(runner, tmp_path, monkeypatch):
    # the session file says language = "ru" (the bundled crypt does); a file the store wrote
    # itself is not validated again, yet its language applies to the errors raised on it
    monkeypatch.delenv("TTCLI_LANG")
    saves = tmp_path / "saves"
    saves.mkdir()
    shutil.copy(ROOT / "saves" / "crypt.toml", saves / "crypt.toml")

    def run(*args):
        return runner.invoke(app, ["--saves", str(saves), "--session", "crypt", *args])

    assert run("fight", "start").exit_code == 0  # the store writes the file
    joined = run("fight", "join", "Вор")
    assert (joined.exit_code, joined.stderr) == (ExitCode.RULES, "ttcli: ошибка: Вор уже в бою\n")
    english = runner.invoke(app, ["--lang", "en", "--saves", str(saves), "--session", "crypt", "fight", "join", "Вор"])
    assert english.stderr == "ttcli: error: Вор is already in the fight\n"


# ------------------------------------------------------------------ counted words in the errors

COUNTS = [*range(1, 31), *range(101, 126)]


def _form(n: int) -> int:
    """Russian plural form, written out: 0 for 1, 21, 101; 1 for 2-4, 22-24; 2 for the rest and 11-14."""
    if 11 <= n % 100 <= 14:
        return 2
    return 0 if n % 10 == 1 else 1 if 2 <= n % 10 <= 4 else 2


@pytest.fixture
def russian():
    from rules import i18n
    from ttcli.i18n import load

    previous = i18n.install(load("ru"))
    yield
    i18n.install(previous)


@pytest.mark.parametrize("n", COUNTS)
def test_keep_asking_for_more_dice_than_rolled_counts_the_dice_in_russian(russian, n):
    from rules.dice import DiceError, parse

    with pytest.raises(DiceError) as refused:
        parse(f"{n}d6kh{n + 1}")
    dice = ("кости", "костей", "костей")[_form(n)]
    assert refused.value.message == f"kh{n + 1} просит {n + 1} из {n} {dice}"


@pytest.mark.parametrize("n", COUNTS)
def test_dg_range_1_refusal_counts_cells_in_russian(russian, n):
    from rules.core.errors import RuleError
    from rules.systems.dungeon.positions import require_in_range
    from rules.systems.dungeon.situations import RANGED

    with pytest.raises(RuleError) as refused:
        require_in_range(RANGED, (0, 0), (n + 1, 0), weapon_range=n)
    reach = ("клетку", "клетки", "клеток")[_form(n)]
    away = ("клетке", "клетках", "клетках")[_form(n + 1)]
    assert refused.value.message == (f"цель в {n + 1} {away}; оружие дальнего боя достаёт на {n} {reach} "
                                     "(шаг по диагонали считается за 2); сначала подойдите ближе")


@pytest.mark.parametrize("n", COUNTS)
def test_a_replay_short_of_dice_counts_the_recorded_dice_in_russian(russian, n):
    from rules.dice.sources import Draw, ReplayMismatch, ReplaySource

    source = ReplaySource([(6, Draw(3))] * n)
    for _i in range(n):
        source.draw(6)
    with pytest.raises(ReplayMismatch) as refused:
        source.draw(6)
    recorded = ("записанная кость", "записанные кости", "записанных костей")[_form(n)]
    assert str(refused.value) == f"броску нужно больше, чем {n} {recorded}"
