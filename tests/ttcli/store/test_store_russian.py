"""The store speaks the reader's language (issue 12, "Russian store messages").

A table of broken session files and bad saves folders run through the command
line with ``--lang ru``: the message on stderr is Russian, names the file (and
the line when the text is broken), says how to fix it, and the exit code is the
documented one.  An AST scan makes sure no exception raised in ``ttcli/store/``
carries an English literal that never went through the catalog.
"""

from __future__ import annotations

import ast
import json
import os
from pathlib import Path

import pytest
from support.paths import ROOT_DIR

from ttcli.exitcodes import ExitCode

STORE = ROOT_DIR / "ttcli" / "store"
NAME = "склеп"


def _write(text: str | bytes):
    def setup(saves: Path) -> None:
        path = saves / f"{NAME}.toml"
        path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return setup


def _journal(text: str):
    def setup(saves: Path) -> None:
        (saves / f"{NAME}.journal.toml").write_text(text, "utf-8")
    return setup


def _history_file(saves: Path) -> None:
    import shutil

    shutil.rmtree(saves / f"{NAME}.history")
    (saves / f"{NAME}.history").write_text("not a folder")


def _damaged_index(saves: Path) -> None:
    (saves / f"{NAME}.history" / "index.json").write_text("{ nope")


def _session_link(saves: Path) -> None:
    path = saves / f"{NAME}.toml"
    path.rename(saves / "elsewhere.toml")
    path.symlink_to(saves / "elsewhere.toml")


def _tampered_snapshot(saves: Path) -> None:
    index = json.loads((saves / f"{NAME}.history" / "index.json").read_text())
    first = index["states"][0][0]
    (saves / f"{NAME}.history" / f"{first:06d}.toml").write_text("format = 1\n")


GOOD = "format = 1\nname = \"склеп\"\nsystem = \"dungeon\"\n"

#: (case, how to break the saves folder, command, what the Russian message must say, exit code)
CASES = [
    ("bom", _write(b"\xef\xbb\xbf" + GOOD.encode()), ["session", "show", NAME],
     ["склеп.toml:1:1", "метки порядка байтов", "сохраните файл в UTF-8 без BOM"], ExitCode.BAD_DATA),
    ("cp1251", _write(GOOD.replace("склеп", "Склеп").encode("cp1251", "replace")), ["session", "show", NAME],
     ["склеп.toml:2:", "не UTF-8", "Windows-1251"], ExitCode.BAD_DATA),
    ("unquoted key", _write(GOOD + "Викинг = 3\n"), ["session", "show", NAME],
     ["склеп.toml:4:", "синтаксис TOML", 'пишутся в кавычках: "Викинг" вместо Викинг'], ExitCode.BAD_DATA),
    ("empty", _write("\n"), ["session", "show", NAME],
     ["файл сессии пуст", "командой `undo`"], ExitCode.BAD_DATA),
    ("no format", _write(GOOD.replace("format = 1\n", "")), ["session", "show", NAME],
     ["format: нет ключа `format`", "добавьте первой строкой `format = 1`"], ExitCode.BAD_DATA),
    ("format as text", _write(GOOD.replace("format = 1", 'format = "one"')), ["session", "show", NAME],
     ["`format` должен быть целым числом, а не 'one'", "подсказка"], ExitCode.BAD_DATA),
    ("format 0", _write(GOOD.replace("format = 1", "format = 0")), ["session", "show", NAME],
     ["неизвестный формат 0", "этот ttcli читает форматы 1..1"], ExitCode.BAD_DATA),
    ("newer format", _write(GOOD.replace("format = 1", "format = 7")), ["roll", "1d6"],
     ["формат 7 новее, чем понимает этот ttcli (1)", "обновите ttcli"], ExitCode.BAD_DATA),
    ("huge integer", _write(GOOD + "round = " + "9" * 5000 + "\n"), ["session", "show", NAME],
     ["число слишком длинное", "целые числа должны умещаться в 64 бита"], ExitCode.BAD_DATA),
    ("deep nesting", _write(GOOD + "deep = " + "[" * 5000 + "]" * 5000 + "\n"), ["session", "show", NAME],
     ["вложены слишком глубоко"], ExitCode.BAD_DATA),
    ("session link", _session_link, ["session", "show", NAME],
     ["символическая ссылка", "замените ссылку самим файлом"], ExitCode.BAD_DATA),
    ("history is a file", _history_file, ["undo"],
     ["склеп.history", "здесь ttcli хранит папку, а это не папка", "уберите это из папки сессий"],
     ExitCode.BAD_DATA),
    ("damaged index", _damaged_index, ["undo"],
     ["index.json:1:3", "история отмен повреждена", "удалите папку склеп.history"], ExitCode.BAD_DATA),
    ("tampered snapshot", _tampered_snapshot, ["undo"],
     ["этот снимок не совпадает со своей записанной контрольной суммой"], ExitCode.BAD_DATA),
    ("garbage journal", _journal("garbage\n"), ["log"],
     ["склеп.journal.toml:1", "это не журнал ttcli", "ИМЯ.journal.toml"], ExitCode.BAD_DATA),
    ("reordered journal", _journal(
        '[[event]]\nseq = 2\nkind = "note"\n# end of event 2\n\n[[event]]\nseq = 1\nkind = "note"\n'
        "# end of event 1\n"), ["log"],
     ["событие 1 идёт после события 2: номера должны расти на единицу", "журнал изменён вручную"],
     ExitCode.BAD_DATA),
    ("nothing to undo", lambda saves: None, ["undo", "3"],
     ["нельзя отменить 3 шага", "сохранено только 1 более раннее состояние"], ExitCode.RULES),
]


@pytest.fixture
def saves(cli, tmp_path):
    """A fresh dungeon session with one change made (two states in its history)."""
    assert cli("session", "new", NAME, "--system", "dungeon").exit_code == 0
    assert cli("--session", NAME, "char", "add", "Гоблин", "--force").exit_code == 0
    return tmp_path / "saves"


@pytest.mark.parametrize(("case", "breaks", "command", "said", "code"), CASES, ids=[c[0] for c in CASES])
def test_issue_12_store_errors_reach_the_reader_in_russian(cli, saves, case, breaks, command, said, code):
    breaks(saves)
    before = {p.name: p.read_bytes() for p in saves.iterdir() if p.is_file() and not p.is_symlink()}
    result = cli("--lang", "ru", "--session", NAME, *command)
    assert result.exit_code == code, result.stderr
    message = result.stderr
    assert message.startswith("ttcli: ошибка: ") and "Traceback" not in message
    for words in said:
        assert words in message, message
    assert "hint:" not in message
    if code == ExitCode.BAD_DATA:  # a broken file's message: where, what, and how to fix it
        assert "(подсказка: " in message
    # a refused command changes no file it found broken
    assert {p.name: p.read_bytes() for p in saves.iterdir() if p.name in before} == before


def test_issue_12_the_same_broken_file_reads_in_english_without_the_flag(cli, saves):
    _write(b"\xef\xbb\xbf" + GOOD.encode())(saves)
    result = cli("session", "show", NAME)
    assert result.exit_code == ExitCode.BAD_DATA
    assert "byte order mark" in result.stderr and "(hint: save the file as UTF-8 without BOM)" in result.stderr


# ---------------------------------------------------------------- no English literal is raised

_TRANSLATORS = {"_", "N_", "ngettext", "pgettext", "npgettext"}
_ERRORS = {"StoreError", "UnsafePath", "HistoryLimit", "FormatTooNew"}


def _name(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _english(node: ast.AST) -> list[ast.AST]:
    """Text literals in ``node`` that no translation function wraps."""
    if isinstance(node, ast.Call) and _name(node.func) in _TRANSLATORS:
        return []
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and any(c.isalpha() for c in node.value):
        return [node]
    if isinstance(node, ast.JoinedStr):
        return [node]
    if isinstance(node, ast.Subscript):  # raw["format"]: a key, not a sentence
        return _english(node.value)
    return [found for child in ast.iter_child_nodes(node) for found in _english(child)]


def untranslated_messages(source: str) -> list[int]:
    """Lines where an exception of the store (raised, or built to be raised) gets an English
    message or hint; the path and the field (a TOML key path) are not sentences."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        raised = node.exc if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) else None
        calls = [raised] if raised is not None else []
        if isinstance(node, ast.Call) and _name(node.func) in _ERRORS:
            calls.append(node)
        for call in calls:
            texts = call.args[1:] if _name(call.func) in _ERRORS else call.args
            texts = [*texts, *(k.value for k in call.keywords if k.arg in ("hint", "problem"))]
            lines += [found.lineno for text in texts for found in _english(text)]
    return sorted(set(lines))


def test_issue_12_no_store_exception_carries_an_untranslated_message():
    found = {path.name: untranslated_messages(path.read_text("utf-8")) for path in sorted(STORE.glob("*.py"))}
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_issue_12_the_scan_finds_an_english_message():
    # the scan must be able to fail: each way of writing an English message is caught
    source = (
        "raise StoreError(path, 'the file is broken')\n"
        "raise StoreError(path, _('ok'), hint=f'fix {path}')\n"
        "error = UnsafePath(path, 'a link'.upper())\n"
        "raise ValueError('steps must be positive')\n"
        "raise StoreError(path, _('fine'), field='format', hint=_('fine too'))\n"
    )
    assert untranslated_messages(source) == [1, 2, 3, 4]


def test_issue_12_every_store_message_has_its_russian():
    from ttcli.i18n.catalogs import read_po

    po = STORE.parent / "locale" / "ru" / "LC_MESSAGES" / "ttcli.po"
    _header, entries = read_po(po.read_text("utf-8"))
    wanted = set()
    for path in STORE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and _name(node.func) in ("_", "N_", "ngettext") and node.args and \
                    isinstance(node.args[0], ast.Constant):
                wanted.add(node.args[0].value)
    assert len(wanted) >= 40
    missing = sorted(text for text in wanted if not (("", text) in entries and entries[("", text)].translated()))
    assert missing == []


def test_issue_12_a_russian_message_keeps_its_place_and_escapes(monkeypatch):
    # the location and the escaping of a hand-typed terminal escape do not depend on the language
    from rules import i18n
    from ttcli.i18n import setup
    from ttcli.store import StoreError

    setup("ru")
    try:
        error = StoreError(os.path.join("saves", "x.toml"), "\x1b[31m", line=2, col=3, field="name", hint="h")
        assert str(error) == "saves/x.toml:2:3: name: \\x1b[31m (подсказка: h)"
    finally:
        i18n.install(i18n.ENGLISH)
