"""The README's dungeon walkthrough works as written (one-shot part, prompt part, after the fight)."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def block_after(marker: str) -> str:
    start = README.index(marker)
    fence = README.index("```", start)
    body_start = README.index("\n", fence) + 1
    return README[body_start:README.index("```", body_start)]


def blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", README, re.S)


def run_script(lines: list[str], cwd: Path) -> list[tuple[str, int, str]]:
    """Run each line in one bash session; return (line, exit code, stderr)."""
    script = []
    for i, line in enumerate(lines):
        script.append(f"{line} 2>/tmp-err-{i} ; echo \"::rc {i} $?\"")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
           "NO_COLOR": "1"}
    env.pop("TTCLI_SAVES", None)
    text = "\n".join(script).replace("/tmp-err-", str(cwd / "err-"))
    done = subprocess.run(["bash", "-c", text], cwd=cwd, capture_output=True, text=True, env=env)
    codes = dict(re.findall(r"::rc (\d+) (\d+)", done.stdout))
    return [(line, int(codes[str(i)]), (cwd / f"err-{i}").read_text(encoding="utf-8"))
            for i, line in enumerate(lines)]


def commands(block: str) -> list[str]:
    """Command lines of a shell block, without their trailing comments."""
    return [re.sub(r"\s+#\s.*$", "", line) for line in block.splitlines()
            if line.strip() and not line.startswith("#")]


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
