"""The interface's imports: at the top, except where laziness keeps a module off a fast path.

Start-up laziness is confined to the command table, the system registry and the heavy UI
imports (tests/test_local_imports.py holds the rules' side).  In ``ttcli`` an import
inside a function is allowed:

- in the command table (``entry``, ``app``, ``main``, the two fast paths, ``commands/*``):
  each command imports what it runs, and the entry point loads the program inside its guard;
- for the heavy UI libraries (Typer, Click, rich, prompt_toolkit) and the Russian dictionary
  (pymorphy3, loaded only by the commands that add a name);
- anywhere else only where it keeps a module off a fast path that loads the importer: a
  bare roll, a journaled roll or ``fight status`` loads the importing module and not the
  imported one.  The paths are measured here, in real processes, so an import that no
  longer spares a path fails, and so does one that sits where no fast path goes.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support.imports import local_imports
from support.paths import ROOT_DIR

ROOT = ROOT_DIR
COMMAND_TABLE = ("ttcli.entry", "ttcli.app", "ttcli.main", "ttcli.fastroll", "ttcli.fastverbs", "ttcli.commands")
UI = ("typer", "click", "rich", "prompt_toolkit", "pymorphy3")

# run without site (-S): an editable install's import hook would load re, pathlib and more
# before ttcli starts; json is imported after the modules are listed
_LOADED = """
import io, sys
from ttcli.main import main
shown, sys.stdout = sys.stdout, io.StringIO()
main(sys.argv[1:])
loaded = sorted(sys.modules)
import json
shown.write(json.dumps(loaded))
"""


def _modules() -> dict[str, Path]:
    out = {}
    for path in (ROOT / "ttcli").rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


@pytest.fixture(scope="module")
def fast_paths(tmp_path_factory) -> dict[str, set[str]]:
    """The modules each fast path loads, in a fresh process."""
    empty, saves = tmp_path_factory.mktemp("none"), tmp_path_factory.mktemp("saves")
    shutil.copy(ROOT / "saves" / "crypt.toml", saves / "crypt.toml")
    env = {"PYTHONPATH": str(ROOT), "PATH": "", "TTCLI_LANG": "en", "NO_COLOR": "1"}

    def loaded(*args: str) -> set[str]:
        done = subprocess.run([sys.executable, "-S", "-c", _LOADED, *args], cwd=ROOT, env=env, check=True,
                              capture_output=True, text=True)
        return set(json.loads(done.stdout.splitlines()[-1]))

    subprocess.run([sys.executable, "-m", "ttcli", "--saves", str(saves), "-s", "crypt", "fight", "start",
                    "--seed", "1"], cwd=ROOT, env=env, check=True, capture_output=True)
    return {
        "roll": loaded("--saves", str(empty), "roll", "4d6kh3"),
        "journaled roll": loaded("--saves", str(saves), "-s", "crypt", "roll", "2d6"),
        "fight status": loaded("--saves", str(saves), "-s", "crypt", "fight", "status"),
    }


#: the lazy doors: package -> the table naming the module of each name it hands out
_DOORS = {"rules.core": "_DOOR", "rules.dice": "_DOOR", "ttcli.store": "_MODULE"}


def _module_of(name: str) -> str:
    """The module an imported name lives in: the longest prefix that is a module, or for a
    name taken from a lazy door, the module the door loads for it."""
    package, _, last = name.rpartition(".")
    if package in _DOORS:
        door = importlib.import_module(package)
        module = getattr(door, _DOORS[package]).get(last)
        if module is not None:
            return f"{package}.{module}"
    while name:
        try:
            if name in sys.modules or importlib.util.find_spec(name) is not None:
                return name
        except (ImportError, ValueError):
            pass
        name = name.rpartition(".")[0]
    return name


def _lazy() -> list[tuple[str, str, int, str]]:
    """(module, imported module, line, function) of every import inside a function that the
    command table and the UI rule do not allow."""
    found = []
    for module, path in sorted(_modules().items()):
        if module.startswith(COMMAND_TABLE):
            continue
        for function, name, line in local_imports(path.read_text("utf-8"), module, path.name == "__init__.py"):
            if name.split(".")[0] in UI:
                continue
            found.append((module, _module_of(name), line, function))
    return found


def test_design_an_import_inside_a_function_keeps_a_module_off_a_fast_path(fast_paths):
    lazy = _lazy()
    assert lazy, "the check below would pass on nothing"
    bad = [f"{module}:{line} {function}: {target}" for module, target, line, function in lazy
           if not any(module in loaded and target not in loaded for loaded in fast_paths.values())]
    assert bad == [], "import these at the top of their module: no fast path is spared by them"


def test_i24_no_fast_path_loads_the_russian_dictionary(fast_paths):
    """Issue 24: "no command pays the dictionary's load time at start-up" — the names' forms
    are stored in the session file, so rolling and showing a fight decline without it."""
    assert fast_paths, "the check below would pass on nothing"
    for path, loaded in fast_paths.items():
        assert not any(m.split(".")[0] == "pymorphy3" for m in loaded), path
