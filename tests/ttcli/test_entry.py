"""The program's entry point: Ctrl-C at any moment of the start is one line and exit code 130."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib

import pytest
from support.paths import ROOT_DIR

#: a start interrupted while ttcli.main is being loaded: an import hook raises as Ctrl-C would
_INTERRUPTED_START = """
import sys

class CtrlC:
    def find_spec(self, name, path=None, target=None):
        if name == "ttcli.main":
            raise KeyboardInterrupt

sys.meta_path.insert(0, CtrlC())
from ttcli.entry import console
console()
"""


@pytest.mark.parametrize(("language", "line"), [("en", "ttcli: interrupted"), ("ru", "ttcli: прервано")])
def test_trust_ctrl_c_while_the_program_loads_prints_one_line_and_no_traceback(language, line):
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("TTCLI_")}, "TTCLI_LANG": language,
           "PYTHONPATH": str(ROOT_DIR)}
    done = subprocess.run([sys.executable, "-c", _INTERRUPTED_START], env=env, capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (130, "", line + "\n")


def test_the_installed_program_and_python_m_start_at_the_guarded_entry():
    scripts = tomllib.loads((ROOT_DIR / "pyproject.toml").read_text("utf-8"))["project"]["scripts"]
    assert scripts == {"ttcli": "ttcli.entry:console"}
    assert "from .entry import console" in (ROOT_DIR / "ttcli" / "__main__.py").read_text("utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT_DIR), "TTCLI_LANG": "en"}
    done = subprocess.run([sys.executable, "-m", "ttcli", "roll", "1d1"], env=env, capture_output=True, text=True)
    assert (done.returncode, done.stdout.split()[-1]) == (0, "1")
