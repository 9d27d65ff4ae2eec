"""A whole twilight duel, approach to choice, as the README plays it: once with one-shot
commands, once in the combat prompt, with equal journals (TW-STAGE-1 end to end)."""

from __future__ import annotations

import io
import re
import shlex
import shutil
from pathlib import Path

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from support.paths import ROOT_DIR
from typer.testing import CliRunner

from ttcli.app import app
from ttcli.env import Environment
from ttcli.repl import Repl
from ttcli.store import read_events

ROOT = ROOT_DIR
README = (ROOT / "README.md").read_text(encoding="utf-8")


def duel_lines() -> list[str]:
    """The README's twilight walkthrough, the ttcli commands after the session is chosen."""
    start = README.index("<!-- twilight -->")
    body = README[README.index("```sh", start) + 6:README.index("```", README.index("```sh", start) + 6)]
    lines = [re.sub(r"\s+#\s.*$", "", line) for line in body.splitlines() if line.startswith("ttcli ")]
    return [line.removeprefix("ttcli ") for line in lines if not line.startswith("ttcli session use")]


def copy(folder: Path) -> Path:
    folder.mkdir()
    shutil.copy(ROOT / "saves" / "arena.toml", folder / "arena.toml")
    return folder


def journal(folder: Path) -> list[dict]:
    return [{k: v for k, v in e.items() if k != "time"} for e in read_events(folder / "arena.journal.toml")]


def test_the_readme_duel_plays_from_approach_to_choice_the_same_in_one_shot_commands_and_the_prompt(tmp_path):
    lines = duel_lines()
    assert lines[0] == "fight start" and "verdict spare --crowd spare" in lines
    one_shot = copy(tmp_path / "one-shot")
    runner = CliRunner()
    for line in lines:
        r = runner.invoke(app, ["--saves", str(one_shot), "--session", "arena", *shlex.split(line)])
        assert r.exit_code == 0, (line, r.output)
    prompt = copy(tmp_path / "prompt")
    env = Environment(stdout=io.StringIO(), stderr=io.StringIO(), saves=prompt)
    with create_pipe_input() as pipe:
        pipe.send_text("".join(line + "\n" for line in lines) + "exit\n")
        code = Repl(env, "arena", input=pipe, output=DummyOutput(), history=False).run()
    assert code == 0, env.stderr.getvalue()
    events = journal(one_shot)
    assert events == journal(prompt)
    kinds = [e["kind"] for e in events]
    assert kinds[0] == "fight_start" and kinds[-1] == "fight_end" and "verdict" in kinds
    resolved = [e for e in events if e["kind"] == "round_resolved"]
    assert [e["stage"] for e in resolved] == ["approach", "fight", "fight", "fight", "endgame"]
    verdict = next(e for e in events if e["kind"] == "verdict")
    assert "Кочевник: legend +100, now 100 (100); free points: 0." in verdict["text"]


def test_the_team_round_benchmark_plays_24_declarations_and_one_resolution():
    import sys

    sys.path.insert(0, str(ROOT / "benchmarks"))
    import twilight_team_round as bench

    results = bench.measure(rounds=1, dice=4)
    assert {word: len(times) for word, times in results.items()} == {
        "declare": 24, "next": 1, "resolve (rules only)": 1}
