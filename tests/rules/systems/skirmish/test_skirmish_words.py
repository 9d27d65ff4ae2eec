"""Every message a skirmish raises goes through the catalog, and reads in Russian.

The scan walks every ``raise`` in ``rules/systems/skirmish/``: a message typed
as a bare literal (or an f-string) would reach a Russian master in English.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from support.paths import ROOT_DIR
from test_skirmish_cli import DUEL, Duel

from ttcli.exitcodes import ExitCode

SKIRMISH = ROOT_DIR / "rules" / "systems" / "skirmish"
_MARKERS = ("_", "ngettext", "pgettext", "npgettext")


def _marked(node: ast.AST) -> bool:
    """``_("...")``, or ``_("...").format(...)``."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        node = node.func.value
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _MARKERS


def _bare_messages(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
            continue
        for arg in node.exc.args:
            parts = [arg.left, arg.right] if isinstance(arg, ast.BinOp) else [arg]
            texty = any(isinstance(a, ast.JoinedStr) or (isinstance(a, ast.Constant) and isinstance(a.value, str))
                        for a in parts)
            formatted = (isinstance(arg, ast.Call) and isinstance(arg.func, ast.Attribute)
                         and arg.func.attr == "format" and not _marked(arg))
            if texty or formatted:
                found.append(f"{path.name}:{node.lineno}")
    return found


def test_every_raise_in_the_skirmish_goes_through_the_catalog():
    files = sorted(SKIRMISH.rglob("*.py"))
    assert len(files) > 5
    bare = [where for path in files for where in _bare_messages(path)]
    assert bare == []


def test_the_scan_finds_a_bare_message(tmp_path):
    # the scan itself must catch what it looks for
    sample = tmp_path / "sample.py"
    sample.write_text('def f(x):\n    raise RuleError(f"no {x}")\n\ndef g():\n    raise ValueError("plain")\n\n'
                      'def h(x):\n    raise ValueError(_("fine {x}").format(x=x))\n\n'
                      'def i(p, x):\n    raise DocumentError(p + (x,), "no " + x)\n', encoding="utf-8")
    assert _bare_messages(sample) == ["sample.py:2", "sample.py:5", "sample.py:11"]


@pytest.mark.parametrize(("replace", "words"), [
    (('size = "large"\neffects = { bleeding = 30', 'size = "huge"\neffects = { bleeding = 30'),
     "размер оружия — одно из two-handed, large, short, а не 'huge'"),
    (("effects = { bleeding = 30, stun = 20 }", "effects = { bleeding = 130, stun = 20 }"),
     "шанс — от 0 до 100 (%), а не 130"),
    (("durability = 10", "durability = 10\nsharpness = 2"), "неизвестный ключ; у записи «оружие» есть"),
])
def test_a_typo_in_the_gear_is_reported_in_russian(tmp_path, replace, words):
    duel = Duel(tmp_path, DUEL.replace(*replace))
    before = duel.path.read_bytes()
    r = duel("--lang", "ru", "fight", "start")
    assert r.exit_code == ExitCode.BAD_DATA, r.output
    assert words in r.stderr and "Traceback" not in r.stderr
    assert duel.path.read_bytes() == before


def test_an_unknown_weapon_is_named_in_russian(tmp_path):
    duel = Duel(tmp_path).started()
    r = duel("--lang", "ru", "attack", "Воин", "Монстр", "--weapon", "Лопата")
    assert r.exit_code == ExitCode.NOT_FOUND and "оружие" in r.stderr and "Лопата" in r.stderr
