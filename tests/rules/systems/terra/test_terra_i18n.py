"""Terra speaks the reader's language in its errors too: no exception raised in
``rules/systems/terra`` carries an English literal past the catalog, and a
refusal read with ``--lang ru`` uses the seed's words (ОД, ДЗ, ОМ, ГК)."""

from __future__ import annotations

import ast
from pathlib import Path

from support.paths import ROOT_DIR
from test_terra_fight import ok, phase1, terra  # noqa: F401  (fixtures)

from ttcli.exitcodes import ExitCode

TERRA = ROOT_DIR / "rules" / "systems" / "terra"
#: calls whose result is a translated text
_TRANSLATORS = {"_", "N_", "ngettext", "pgettext"}
#: exceptions that report a bug in the program, not a request: nobody reads them at the table
_BUGS = {"AssertionError", "NotImplementedError"}


def _translated(node: ast.expr) -> bool:
    """``_("...")``, ``N_("...")`` or ``_("...").format(...)``."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        node = node.func.value
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _TRANSLATORS


def _literal_text(node: ast.expr) -> bool:
    """A text written in place: "..." or f"...", or "...".format(...)."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        node = node.func.value
    return isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str))


def untranslated_raises(folder: Path) -> list[str]:
    found = []
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
                continue
            func = node.exc.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name in _BUGS:
                continue
            for arg in node.exc.args:
                if _literal_text(arg) and not _translated(arg):
                    found.append(f"{path.name}:{node.lineno}: {ast.unparse(arg)[:60]}")
    return found


def test_no_terra_exception_carries_an_untranslated_text():
    assert untranslated_raises(TERRA) == []


def test_the_scan_finds_an_untranslated_message(tmp_path):
    (tmp_path / "bad.py").write_text(
        'def f(name):\n'
        '    raise RuleError(f"{name} cannot", rule="TT-AP-1")\n'
        'def g():\n'
        '    raise ValueError("plain".format())\n'
        'def h():\n'
        '    raise RuleError(_("fine {x}").format(x=1))\n'
        'def i():\n'
        '    raise AssertionError("a bug")\n', encoding="utf-8")
    assert [line.split(":")[1] for line in untranslated_raises(tmp_path)] == ["2", "4"]


def test_tt_ap_1_a_refusal_in_russian_names_od(phase1):  # noqa: F811
    ok(phase1('attack Торн "Волк 1" --ap 5 --given 3'))
    r = phase1("--lang", "ru", "item", "Торн", "флакон", "--ap", "2")
    assert r.exit_code == ExitCode.RULES
    assert "у Торна осталось 1 ОД в этот ход, нужно 2" in r.stderr
    assert "Traceback" not in r.output


def test_tt_counter_1_a_counter_refused_for_shock_reads_in_russian(phase1):  # noqa: F811
    ok(phase1("damage Айрис 13"))
    r = phase1("--lang", "ru", "counter", "Айрис", "Волк 1")
    assert r.exit_code == ExitCode.RULES
    assert "Айрис не может провести ответную атаку: в Шоке" in r.stderr


def test_a_hand_edited_data_typo_is_reported_in_russian(terra):  # noqa: F811
    text = terra.path.read_text(encoding="utf-8").replace("cell = [0, 1]", "cel = [0, 1]")
    terra.path.write_text(text, encoding="utf-8")
    r = terra("--lang", "ru", "fight", "status")
    assert r.exit_code == ExitCode.BAD_DATA
    assert "неизвестный ключ; у записи «данные участника боя терры» есть: cell" in r.stderr


def test_tt_tech_1_a_technique_too_dear_is_refused_in_russian_with_om(phase1):  # noqa: F811
    ok(phase1("char set Торн аспект=Душа mp=2"))
    ok(phase1("technique Торн Удар --aspect Душа --formula D6 --ap 4 --mp 3"))
    r = phase1("--lang", "ru", "приём", "Торн", "Удар", "Волк 1")
    assert r.exit_code == ExitCode.RULES
    assert "у Торна 2 ОМ, Удар стоит 3 ОМ" in r.stderr


def test_tt_combined_1_the_combined_action_reads_in_russian(phase1):  # noqa: F811
    ok(phase1("char set Торн аспект=Душа"))
    ok(phase1("technique Торн Щит --aspect Душа --effect support --ap 1"))
    ok(phase1("technique Торн Удар --aspect Душа --formula D6 --type Сила --ap 3 --mp 2"))
    ok(phase1("--lang", "ru", "приём", "Торн", "Щит"))
    r = ok(phase1("--lang", "ru", "приём", "Торн", "Удар", "Волк 1", "--given", "4"))
    assert "Торн сразу после приёма Щит применяет Удар (Душа) — Совмещённое Действие, за 3 ОД, 2 ОМ" in r.stdout
