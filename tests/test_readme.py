"""The README's dungeon walkthrough works as written (one-shot part, prompt part, after the fight)."""

import shutil

from support.paths import ROOT_DIR
from support.readme import block_after, commands, run_script

ROOT = ROOT_DIR


def test_walkthrough_runs_as_written(tmp_path):
    shutil.copytree(ROOT / "saves", tmp_path / "saves")
    walkthrough = commands(block_after("<!-- walkthrough -->"))
    prompt_lines = [line.split("> ", 1)[1] for line in block_after("$ ttcli fight").splitlines()
                    if line.startswith("crypt> ")]
    after = commands(block_after("After the fight:"))
    export = walkthrough[0]
    piped = "printf '%s\\n' " + " ".join("'" + p.replace("'", "'\\''") + "'" for p in prompt_lines) + " | ttcli fight"
    results = run_script(walkthrough + [piped] + after, tmp_path)
    for line, code, err in results:
        allowed = (0, 1) if " check " in line else (0,)
        assert code in allowed, f"{line!r} exited {code}: {err}"
        assert "Traceback" not in err
    assert export.startswith("mkdir -p my-saves")
    assert (tmp_path / "my-saves" / "crypt.journal.toml").exists()
    assert (ROOT / "saves" / "crypt.toml").read_bytes() == (tmp_path / "saves" / "crypt.toml").read_bytes()
