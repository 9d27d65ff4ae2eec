"""Every README example that shows what ttcli prints is what ttcli prints.

A fenced block whose first line is ``$ ttcli ...`` (or ``$ NAME=value ttcli ...``) is a
transcript: each ``$`` line is run in a real process on a scratch copy of the example saves,
and the lines after it must be its output (stdout and stderr, as a terminal shows them).  A
line ``...`` stands for lines left out.  A block of prompt input (``crypt> ...``) shows no
output and is left to the prompt's own tests.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys

import pytest
from support.paths import ROOT_DIR

ROOT = ROOT_DIR
_BLOCK = re.compile(r"^```\w*\n(.*?)^```", re.S | re.M)
_PROMPT_INPUT = re.compile(r"^\w+> ")


def transcripts() -> list[tuple[str, list[str]]]:
    """(command line, the lines shown after it) of every README transcript."""
    out = []
    for body in _BLOCK.findall((ROOT / "README.md").read_text("utf-8")):
        lines = body.splitlines()
        if not lines or not re.match(r"^\$ (\w+=\S+ )*ttcli ", lines[0]):
            continue
        command, shown = None, []
        for line in [*lines, "$ "]:
            if line.startswith("$ "):
                if command is not None and shown and not _PROMPT_INPUT.match(shown[0]):
                    out.append((command, shown))
                command, shown = line[2:], []
            else:
                shown.append(line)
    return out


def test_the_readme_has_transcripts_to_check():
    commands = [command for command, _ in transcripts()]
    assert any("fight simulate" in c for c in commands) and any("odds attack" in c for c in commands)


def _matches(shown: list[str], printed: list[str]) -> bool:
    """Whether ``printed`` is ``shown`` with each ``...`` line standing for any lines."""
    chunks: list[list[str]] = [[]]
    for line in shown:
        if line.strip() == "...":
            chunks.append([])
        else:
            chunks[-1].append(line)
    if len(chunks) == 1:
        return printed == chunks[0]
    first, last = chunks[0], chunks[-1]
    end = len(printed) - len(last)
    if printed[:len(first)] != first or printed[end:] != last:
        return False
    at = len(first)
    for chunk in chunks[1:-1]:
        found = next((i for i in range(at, end - len(chunk) + 1) if printed[i:i + len(chunk)] == chunk), None)
        if found is None:
            return False
        at = found + len(chunk)
    return at <= end


def test_an_ellipsis_stands_for_lines_left_out_and_nothing_else():
    printed = ["a", "b", "c", "d"]
    assert _matches(["a", "...", "d"], printed) and _matches(["a", "...", "c", "...", "d"], printed)
    assert not _matches(["a", "d"], printed) and not _matches(["a", "...", "e"], printed)
    assert not _matches(["b", "...", "d"], printed) and not _matches(["a", "...", "c", "b", "...", "d"], printed)


@pytest.mark.parametrize(("command", "shown"), transcripts(), ids=lambda v: v if isinstance(v, str) else "")
def test_a_readme_transcript_is_what_ttcli_prints(command, shown, tmp_path):
    saves = tmp_path / "saves"
    shutil.copytree(ROOT / "saves", saves)
    words = shlex.split(command)
    env = {k: v for k, v in os.environ.items() if not k.startswith("TTCLI_")}
    env.update({"TTCLI_SAVES": str(saves), "NO_COLOR": "1", "COLUMNS": "100", "PYTHONPATH": str(ROOT)})
    while "=" in words[0]:
        key, _, value = words.pop(0).partition("=")
        env[key] = value
    assert words[0] == "ttcli"
    done = subprocess.run([sys.executable, "-m", "ttcli", *words[1:]], env=env, capture_output=True,
                          text=True, timeout=120)
    printed = (done.stdout + done.stderr).rstrip("\n").splitlines()
    assert _matches(shown, printed), "\n".join(printed)
