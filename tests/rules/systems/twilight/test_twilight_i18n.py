"""Twilight's errors speak the reader's language: no exception message in the system is an
English literal, and bad declarations answer in Russian with ``--lang ru``."""

from __future__ import annotations

import ast

from support.paths import ROOT_DIR
from test_twilight_fight import Arena, champ

from ttcli.exitcodes import ExitCode

TWILIGHT = ROOT_DIR / "rules" / "systems" / "twilight"
TRANSLATORS = {"_", "ngettext", "pgettext", "npgettext"}


def _untranslated(node: ast.expr) -> bool:
    """A text a person reads that does not pass through the catalog."""
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.BinOp):
        return _untranslated(node.left) or _untranslated(node.right)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        return _untranslated(node.func.value)
    return False


def _raise_sites(source: str) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            args = [*node.exc.args, *(k.value for k in node.exc.keywords if k.arg != "rule")]
            found.extend((node.lineno, ast.unparse(a)) for a in args if _untranslated(a))
    return found


def test_the_scan_sees_an_english_literal():
    bad = 'def f(x):\n    raise ValueError(f"no {x}")\n\ndef g():\n    raise RuleError("plain " + "text")\n'
    good = 'def f(x):\n    raise RuleError(_("no {x}").format(x=x), rule="TW-AP-1")\n'
    assert [line for line, _ in _raise_sites(bad)] == [2, 5]
    assert _raise_sites(good) == []


def test_every_exception_message_of_twilight_goes_through_the_catalog():
    found = {f"{path.name}:{line}: {text}" for path in sorted(TWILIGHT.glob("*.py"))
             for line, text in _raise_sites(path.read_text(encoding="utf-8"))}
    assert not found, "untranslated exception messages:\n" + "\n".join(sorted(found))


def test_tw_stage_1_tw_ap_1_tw_spec_1_tw_weap_1_bad_declarations_answer_in_russian(tmp_path, runner):
    arena = Arena(tmp_path, runner, {"Кочевник": champ(), "Викинг": champ("enemy")})
    arena.ok("fight", "start")
    before = arena.file.read_bytes()
    r = arena("--lang", "ru", "declare", "Кочевник", "attack", "Викинг")
    assert r.exit_code == ExitCode.RULES
    assert "СБЛИЖЕНИЕ: никаких нападений и урона, только тактические перки" in r.stderr
    assert arena.file.read_bytes() == before  # nothing changed
    arena.ok("fight", "next")
    r = arena("--lang", "ru", "declare", "Кочевник", "attack", "Викинг", "--weapon", "3")
    assert r.exit_code == ExitCode.RULES
    assert "у Кочевник 1 единица оружия; оружия №3 нет" in r.stderr
    r = arena("--lang", "ru", "declare", "Кочевник", "special", "Глухая оборона")
    assert r.exit_code == ExitCode.RULES and "у Кочевник нет спецдействия" in r.stderr
    arena.ok("declare", "Кочевник", "counter", "--given", "1 1 1 1 1 1")
    r = arena("--lang", "ru", "declare", "Кочевник", "defend")
    assert "КОНТРАТАКУ нельзя сочетать с бросками НАПАДЕНИЯ и ЗАЩИТЫ" in r.stderr
    assert "Traceback" not in r.output and "counter" not in r.stderr


def test_a_bad_perk_in_the_session_file_is_named_in_russian(tmp_path, runner):
    arena = Arena(tmp_path, runner, {"Кочевник": champ(data={"perks": [{"name": "Рывок", "cost": "два"}]}),
                                     "Викинг": champ("enemy")})
    r = arena("--lang", "ru", "fight", "status")
    assert r.exit_code != 0
    assert "нужно целое число от 0 и больше, а здесь 'два'" in r.stderr
