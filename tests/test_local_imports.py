"""The rules import at the top of their modules (DESIGN "start-up laziness").

Start-up laziness is confined to the command table, the system registry and the heavy
UI imports; everything else imports at the top, with ``typing.TYPE_CHECKING`` for what
only the annotations need. This test reads every module of ``rules`` with ``ast`` and
fails on an import statement inside a function body (``import x`` or ``from x import y``),
outside the places below:

- the system registry, ``rules.systems``: it loads one system by its name, and that
  laziness is its point;
- the two PEP 562 doors, ``rules.core`` and ``rules.dice``: their ``__getattr__`` loads
  the one module that holds the name asked for;
- ``ALLOWED``: a lazy import that keeps a module off a roll's path, each with its reason
  (a bare ``ttcli roll 4d6kh3`` and a journaled roll load no module they do not need).
"""

from __future__ import annotations

from pathlib import Path

from support.imports import local_imports
from support.paths import ROOT_DIR

ROOT = ROOT_DIR

#: modules whose function-local imports are theirs to keep
REGISTRY = "rules.systems"
#: module -> the one function of it that may import
DOORS = {"rules.core": "__getattr__", "rules.dice": "__getattr__"}

#: (module, what it imports: a module, or module.name) -> why it stays inside a function.
#: The test fails on an entry that no longer occurs, so the list only shrinks.
ALLOWED = {
    # rules.core.names is on every roll's path (the session reads names with it):
    # difflib (which loads re) is wanted only to suggest a name after a typo
    ("rules.core.names", "difflib"): "suggestions only",
    # ... and the errors module only when a name fits nothing: a roll never loads it
    ("rules.core.names", "rules.core.errors.NotFound"): "raised only",
    ("rules.core.names", "rules.core.errors.UnknownNameError"): "raised only",
    # rules.core.plain is on a journaled roll's path (the 64-bit limit): copy (and weakref)
    # only for a value that is not a plain table, array or scalar
    ("rules.core.plain", "copy"): "rare values only",
    # the notation borrowed from other rollers loads fractions and decimal: a plain roll
    # does not use it, so the roller reaches it only for an expression that does
    ("rules.dice.roller", "rules.dice.borrowed"): "borrowed notation only",
    ("rules.dice.roller", "rules.dice.borrowed.roll_calc"): "borrowed notation only",
    ("rules.dice.roller", "rules.dice.borrowed.roll_more"): "borrowed notation only",
    # a datatype is made without dataclasses (which loads inspect, ast, dis and tokenize: 9 ms of
    # every command); that module loads only for code that asks it about a datatype, or when a
    # frozen one is wrongly changed and its own error is raised
    ("rules.dice.datatypes", "dataclasses"): "asked of the dataclasses module only",
    ("rules.dice.datatypes", "dataclasses.FrozenInstanceError"): "a bug's error only",
    # only committed dice hash: every other roll would pay for loading them
    ("rules.dice.sources", "hashlib"): "committed dice only",
    ("rules.dice.sources", "hmac"): "committed dice only",
    # the dungeon's data readers serve fight status and every fight command, which read each
    # session: its roster rules (health set by hand, the inventory: carrying, health and
    # inventory, 2 ms of imports) load only for the roster commands and a hand-edited file
    ("rules.systems.dungeon.data", "rules.systems.dungeon.carrying"): "roster commands only",
    ("rules.systems.dungeon.data", "rules.systems.dungeon.inventory.KIND_SLOTS"): "roster commands only",
    ("rules.systems.dungeon.data", "rules.systems.dungeon.inventory.SMALL"): "roster commands only",
    ("rules.systems.dungeon.data", "rules.systems.dungeon.health.health_problems"): "a hand edit's check only",
    ("rules.systems.dungeon.data", "rules.systems.dungeon.inventory.Inventory"): "a hand edit's check only",
    # every read of a dungeon session decodes each combatant's data: one without an inventory
    # (most foes) needs no inventory rules, and fight status never loads them for it
    ("rules.systems.dungeon.fightdata", "rules.systems.dungeon.inventory.Inventory"): "carried items only",
}


def modules() -> dict[str, Path]:
    out = {}
    for path in (ROOT / "rules").rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _allowed(module: str, function: str) -> bool:
    return module == REGISTRY or DOORS.get(module) == function


def _scan() -> tuple[list[str], set[tuple[str, str]]]:
    """The imports that break the rule (as ``module:line function: name``), and the
    ``ALLOWED`` entries that were met."""
    bad, met = [], set()
    for module, path in sorted(modules().items()):
        source = path.read_text(encoding="utf-8")
        for function, name, line in local_imports(source, module, path.name == "__init__.py"):
            if _allowed(module, function):
                continue
            if (module, name) in ALLOWED:
                met.add((module, name))
                continue
            bad.append(f"{module}:{line} {function}: {name}")
    return bad, met


SCAN = _scan()


def test_design_rules_import_at_the_top_of_their_modules():
    bad, _met = SCAN
    assert bad == [], "move these imports to the top of their module (see this file's docstring)"


def test_design_the_allowed_local_imports_only_shrink():
    _bad, met = SCAN
    assert sorted(set(ALLOWED) - met) == [], "these are imported at the top now: take them off ALLOWED"


# --- the scan itself, on made-up modules: it must be able to fail ------------------------------


PLANTED = '''
import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.core.state import Combatant


def f():
    import json
    from .ast import Dice
    from . import borrowed

    def inner():
        from rules.i18n import _ as tr
    return json, Dice, borrowed, inner


class C:
    import math

    def method(self):
        from rules.core import names
        return names
'''


def test_the_scan_finds_imports_in_functions_methods_and_nested_functions_only():
    assert local_imports(PLANTED, "rules.dice.roller") == [
        ("f", "json", 10),
        ("f", "rules.dice.ast.Dice", 11),
        ("f", "rules.dice.borrowed", 12),
        ("inner", "rules.i18n._", 15),
        ("method", "rules.core.names", 23),
    ]


def test_the_scan_names_relative_imports_of_a_package_from_the_package():
    source = "def f():\n    from .parser import parse\n    from ..i18n import _\n"
    assert local_imports(source, "rules.dice", package=True) == [
        ("f", "rules.dice.parser.parse", 2), ("f", "rules.i18n._", 3)]


def test_only_the_doors_getattr_and_the_registry_may_import_in_a_function():
    assert _allowed("rules.core", "__getattr__") and _allowed("rules.dice", "__getattr__")
    assert not _allowed("rules.core", "other") and not _allowed("rules.odds", "__getattr__")
    assert _allowed("rules.systems", "_package")
    assert not _allowed("rules.systems.terra.data", "decode_combatant")
    assert not _allowed("rules.systems.twilight", "f")
