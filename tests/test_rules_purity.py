"""DESIGN decision 1: the rules package is pure.

It loads nothing of the program or its interface libraries, never prints,
never touches files and never calls module-level ``random``: every random
operation takes a dice source.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest
from support.paths import ROOT_DIR

ROOT = ROOT_DIR
RULES = ROOT / "rules"

INTERFACE = ("typer", "rich", "prompt_toolkit", "click", "ttcli")
# The standard library's doors to files, processes and the network.
OUTSIDE = ("os", "io", "pathlib", "shutil", "tempfile", "subprocess", "socket", "sys", "builtins")
RANDOM_CLASSES = {"Random", "SystemRandom"}  # instances are seeded sources, not the global state
# random.SystemRandom's one door, read by the sources without loading the random module
ENTROPY = ("os", "urandom")

IMPORT_EVERYTHING = """
import json, pkgutil, sys, importlib
import rules
names = ["rules"]
for info in pkgutil.walk_packages(rules.__path__, "rules."):
    importlib.import_module(info.name)
    names.append(info.name)
print(json.dumps({"imported": names, "modules": sorted(sys.modules)}))
"""


def test_design_1_importing_all_of_rules_loads_no_interface_module():
    done = subprocess.run([sys.executable, "-c", IMPORT_EVERYTHING], cwd=ROOT, capture_output=True,
                          text=True, env={"PYTHONPATH": str(ROOT), "PATH": ""}, check=True)
    report = json.loads(done.stdout)
    assert {"rules.dice", "rules.dice.roller", "rules.dice.sources"} <= set(report["imported"])
    assert len(report["imported"]) == len(_rules_modules())
    loaded = [m for m in report["modules"] if m.split(".")[0] in INTERFACE]
    assert loaded == []


def _rules_modules() -> list[Path]:
    return sorted(RULES.rglob("*.py"))


def _offences(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []

    def note(node, what):
        found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {what}")

    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Name) and f.id in ("print", "open", "input", "breakpoint"):
                note(node, f"{f.id}(")
            if isinstance(f, ast.Attribute) and f.attr in ("open", "write_text", "read_text",
                                                           "write_bytes", "read_bytes"):
                note(node, f".{f.attr}(")
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id == "random" and node.attr not in RANDOM_CLASSES:
                note(node, f"random.{node.attr}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                if top in INTERFACE or top in OUTSIDE:
                    note(node, f"import {alias.name}")
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            top = node.module.split(".")[0]
            if (top in INTERFACE or top in OUTSIDE) and [(node.module, a.name) for a in node.names] != [ENTROPY]:
                note(node, f"from {node.module} import")
            if top == "random" and {a.name for a in node.names} - RANDOM_CLASSES:
                note(node, "from random import a module-level function")
    return found


@pytest.mark.parametrize("path", _rules_modules(), ids=lambda p: str(p.relative_to(RULES)))
def test_design_1_rules_never_print_open_files_or_use_global_random(path):
    assert _offences(path) == []


@pytest.mark.parametrize("source, offence", [
    ("print('x')", "print("),
    ("with open('f') as f: pass", "open("),
    ("import random\nrandom.randint(1, 6)", "random.randint"),
    ("import random\nshuffle = random.shuffle", "random.shuffle"),
    ("from random import choice", "from random import"),
    ("from pathlib import Path\nPath('x').read_text()", "from pathlib import"),
    ("def f():\n    import rich", "import rich"),
    ("import os", "import os"),
])
def test_design_1_the_scan_finds_what_it_looks_for(tmp_path, source, offence, monkeypatch):
    fake_root = tmp_path
    module = fake_root / "rules" / "bad.py"
    module.parent.mkdir()
    module.write_text(source, encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", fake_root)
    assert any(offence in o for o in _offences(module))


def test_design_1_the_scan_allows_seeded_random_instances(tmp_path, monkeypatch):
    module = tmp_path / "rules" / "ok.py"
    module.parent.mkdir()
    module.write_text("import random\nrng = random.Random(3)\nsys_rng = random.SystemRandom()\n",
                      encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert _offences(module) == []
