"""The README's terra walkthrough plays the bundled example session as written,
with one-shot commands and in the prompt alike (TT-INIT-1, TT-SYNC-1, TT-DELAY-1,
TT-COUNTER-1, TT-RH-1, TT-RH-3)."""

from __future__ import annotations

import io
import re
import shlex
import shutil
from pathlib import Path

from support.paths import ROOT_DIR

ROOT = ROOT_DIR
README = (ROOT / "README.md").read_text(encoding="utf-8")


def walkthrough() -> list[str]:
    start = README.index("<!-- terra -->")
    body = README[README.index("```sh\n", start) + 6:]
    lines = [re.sub(r"\s+#\s.*$", "", line) for line in body[:body.index("```")].splitlines()]
    assert lines[0].startswith("mkdir -p my-saves && cp saves/terra.toml my-saves/")
    return [line.removeprefix("ttcli ") for line in lines[1:] if line.startswith("ttcli ")]


def test_the_terra_walkthrough_runs_as_written_and_the_prompt_agrees(tmp_path, runner):
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from ttcli.app import app
    from ttcli.env import Environment
    from ttcli.repl import Repl
    from ttcli.store import read_events

    lines = walkthrough()
    one, two = tmp_path / "one", tmp_path / "two"
    for folder in (one, two):
        folder.mkdir()
        shutil.copy(ROOT / "saves" / "terra.toml", folder / "terra.toml")
    out = {}
    for line in lines:
        r = runner.invoke(app, ["--saves", str(one), *shlex.split(line)])
        assert r.exit_code == 0, f"{line!r}: {r.output}"
        out[line] = r.stdout
    assert out['formula "D4+2" --gk 2 --given "1 2"'].strip() == \
        "D4+2: rolled 1; first die 1 → check D4 = 2 = ГК 2: crit, 8"
    assert "Торн: on their feet → Rage." in out["damage Торн 7"]
    assert "[b]" in out["fight status --public --format bbcode"]

    fight = [line for line in lines if not line.startswith(("session use", "formula"))]
    env = Environment(stdout=io.StringIO(), stderr=io.StringIO(), saves=two)
    runner.invoke(app, ["--saves", str(two), "session", "use", "terra"])
    runner.invoke(app, ["--saves", str(two), "formula", "D4+2", "--gk", "2", "--given", "1 2"])
    with create_pipe_input() as pipe:
        pipe.send_text("".join(line + "\n" for line in fight) + "exit\n")
        Repl(env, "terra", input=pipe, output=DummyOutput(), history=False).run()
    assert env.stderr.getvalue() == ""

    def journal(folder: Path) -> list[dict]:
        return [{k: v for k, v in e.items() if k != "time"} for e in read_events(folder / "terra.journal.toml")]

    assert journal(one) == journal(two)
