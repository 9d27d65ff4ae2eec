"""The layers point one way, and no two modules import each other (DESIGN "Layers and the contract").

The import graph of ``rules`` and ``ttcli`` is read from the source with ``ast``:
module-level and function-level imports alike (a lazy import is still a
dependency), the ``TYPE_CHECKING`` blocks left out (they never run).  The
system registry loads a system by its name (``importlib``), which no graph
sees: that is the one door a system is entered by.

    ttcli                 enters rules through rules.dice, rules.odds, rules.fight, rules.simulate,
      |                   rules.core's package, the registry, rules.i18n
    rules.fight           the fights' facade: the registry and the core
    rules.simulate        whole fights played many times: the registry and the core
    rules.systems.<id>    its own modules, the core, the dice, the odds
    rules.systems         the registry: the core
    rules.core            mechanism only: the dice
    rules.odds            the dice
    rules.dice            the ground floor
    rules.i18n            imports nothing of ours
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from support.paths import ROOT_DIR

ROOT = ROOT_DIR
PACKAGES = ("rules", "ttcli")
SYSTEMS = ("dungeon", "skirmish", "terra", "twilight")


def modules() -> dict[str, Path]:
    out = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def _type_checking_only(tree: ast.AST) -> set[int]:
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(sub) for sub in ast.walk(node))
    return skip


def graph() -> dict[str, set[str]]:
    """module -> the project's modules it imports."""
    mods = modules()
    edges: dict[str, set[str]] = {m: set() for m in mods}
    for name, path in mods.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        skip = _type_checking_only(tree)
        here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = here[: len(here) - node.level + 1] if node.level else []
                prefix = ".".join([*base, node.module] if node.module else base)
                # ``from pkg import sub`` imports pkg.sub; ``from pkg import name``, pkg
                targets = [f"{prefix}.{a.name}" if f"{prefix}.{a.name}" in mods else prefix for a in node.names]
            else:
                continue
            for target in targets:
                while target and target not in mods:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    edges[name].add(target)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def layer(module: str) -> str:
    """The layer a module belongs to: ``rules.systems.<id>`` for a system's own modules."""
    parts = module.split(".")
    if parts[0] == "ttcli":
        return "ttcli"
    if parts[:2] == ["rules", "systems"] and len(parts) > 2 and parts[2] in SYSTEMS:
        return ".".join(parts[:3])
    if len(parts) == 1:
        return "rules"
    return ".".join(parts[:2])


#: layer -> the layers it may import (besides itself)
BELOW = {
    "rules": set(),
    "rules.i18n": set(),
    "rules.dice": {"rules.i18n"},
    "rules.odds": {"rules.dice", "rules.i18n"},
    "rules.core": {"rules.dice", "rules.i18n"},
    "rules.systems": {"rules.core", "rules.dice", "rules.i18n"},
    **{f"rules.systems.{s}": {"rules.core", "rules.dice", "rules.odds", "rules.i18n"} for s in SYSTEMS},
    "rules.fight": {"rules.systems", "rules.core", "rules.dice", "rules.i18n"},
    "rules.simulate": {"rules.systems", "rules.core", "rules.dice", "rules.i18n"},
    "ttcli": {"rules.fight", "rules.simulate", "rules.systems", "rules.core", "rules.dice", "rules.odds",
              "rules.i18n"},
}

#: the only modules ttcli may name in a lower layer: the packages' public surfaces
DOORS = {"rules.dice", "rules.odds", "rules.fight", "rules.simulate", "rules.systems", "rules.core", "rules.i18n"}

#: ttcli's imports past the doors that stay, each with its reason (the test fails on a
#: line that no longer occurs, so the list only shrinks)
NOT_YET_THROUGH_DOORS: set[tuple[str, str]] = set()


def offences(edges: dict[str, set[str]]) -> set[tuple[str, str]]:
    bad = set()
    for source, targets in edges.items():
        here = layer(source)
        for target in targets:
            there = layer(target)
            if there == here:
                continue
            if there not in BELOW[here] or (here == "ttcli" and target not in DOORS):
                bad.add((source, target))
    return bad


EDGES = graph()


def test_design_layers_no_import_cycle():
    assert cycles(EDGES) == []


def test_design_layers_every_import_points_down():
    new = offences(EDGES) - NOT_YET_THROUGH_DOORS
    assert sorted(new) == [], "imports against the layers (see this file's docstring)"


def test_design_layers_the_list_of_imports_waiting_for_doors_only_shrinks():
    gone = NOT_YET_THROUGH_DOORS - offences(EDGES)
    assert sorted(gone) == [], "these go through a door now: take them off NOT_YET_THROUGH_DOORS"


# --- the checker itself, on made-up graphs: it must be able to fail ---------------------------


def test_cycles_finds_a_loop_and_only_the_loop():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(edges) == [["a", "b", "c"]]


def test_offences_catch_an_upward_import_and_a_side_door():
    edges = {
        "rules.dice.roller": {"rules.core.state"},          # the ground floor looks up
        "rules.core.outcome": {"rules.systems"},            # the core asks the registry
        "rules.systems.terra.fight": {"rules.systems.dungeon.fight"},  # one system in another
        "ttcli.app": {"rules.core.state", "rules.fight"},   # past the door; through it
        "rules.core.state": set(), "rules.systems": set(), "rules.fight": set(),
        "rules.systems.dungeon.fight": set(),
    }
    assert offences(edges) == {
        ("rules.dice.roller", "rules.core.state"),
        ("rules.core.outcome", "rules.systems"),
        ("rules.systems.terra.fight", "rules.systems.dungeon.fight"),
        ("ttcli.app", "rules.core.state"),
    }


# --- start-up laziness stays where it pays ---------------------------------------------------

_ROLL_MODULES = """
import io, json, sys
from ttcli.main import main
shown, sys.stdout = sys.stdout, io.StringIO()
main(["--saves", sys.argv[1], "-s", "s", "roll", "1d6", "floor(1d6/2)"])  # the second: rules.dice.borrowed
shown.write(json.dumps(sorted(sys.modules)))
"""


@pytest.fixture(scope="module")
def roll_path(tmp_path_factory) -> set[str]:
    """The modules a journaled roll loads (the notation borrowed from other rollers too)."""
    import json
    import subprocess
    import sys

    saves = tmp_path_factory.mktemp("saves")
    env = {"PYTHONPATH": str(ROOT), "PATH": "", "TTCLI_LANG": "en"}
    subprocess.run([sys.executable, "-m", "ttcli", "--saves", str(saves), "session", "new", "s", "--system",
                    "dungeon"], cwd=ROOT, env=env, check=True, capture_output=True)
    done = subprocess.run([sys.executable, "-c", _ROLL_MODULES, str(saves)], cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True)
    return set(json.loads(done.stdout))


def test_design_7_a_hand_rolled_type_checking_flag_only_on_the_rolls_path(roll_path):
    """``typing`` costs a journaled roll a good part of its start-up, so the modules a roll
    loads read ``TYPE_CHECKING = False`` of their own; every other module imports the standard one."""
    assert "typing" not in roll_path
    hand_rolled = {name for name, path in modules().items()
                   if any(line.startswith("TYPE_CHECKING = False") for line in path.read_text("utf-8").splitlines())}
    assert hand_rolled, "the check below would pass on nothing"
    assert sorted(hand_rolled - roll_path) == []


#: the two modules that define the record idioms (they wrap the standard ones)
_IDIOMS = {"rules.dice.datatypes", "rules.dice.records"}
_OTHER_RECORDS = re.compile(r"^\s*@dataclass\b|\bnamedtuple\(|\bNamedTuple\b|^\s*__slots__ = \(\w", re.M)


def test_one_record_idiom_datatype_and_record_only_where_a_roll_must_not_load_dataclasses(roll_path):
    """Every record is a ``rules.dice.datatype``; a module a journaled roll loads may use the
    lighter ``rules.dice.record`` (a named tuple with a value's equality) instead, since
    ``dataclasses`` loads ``inspect``, a good part of a roll's start-up."""
    others = sorted(name for name, path in modules().items()
                    if name not in _IDIOMS and _OTHER_RECORDS.search(path.read_text("utf-8")))
    assert others == []
    records = {name for name, path in modules().items() if name not in _IDIOMS
               and re.search(r"\brecord\(\"", path.read_text("utf-8"))}
    assert records, "the check below would pass on nothing"
    assert sorted(records - roll_path) == []
    assert "dataclasses" not in roll_path


# --- the core is mechanism only ----------------------------------------------------------------


def _texts(path: Path) -> list[str]:
    """The string literals of a module that are not docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs]


def test_design_layers_the_core_names_no_system_in_what_it_says_or_stores():
    import re

    words = re.compile(r"\b(" + "|".join(SYSTEMS) + r")\b")
    found = [(name, text) for name, path in modules().items() if name.startswith("rules.core")
             for text in _texts(path) if words.search(text)]
    assert found == []


def test_design_layers_importing_the_whole_core_loads_no_system():
    import json
    import subprocess
    import sys

    script = ("import importlib, json, pkgutil, sys; import rules.core as c\n"
              "[importlib.import_module(m.name) for m in pkgutil.walk_packages(c.__path__, 'rules.core.')]\n"
              "print(json.dumps(sorted(n for n in sys.modules if n.startswith('rules.systems'))))")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": ""},
                          capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == []
