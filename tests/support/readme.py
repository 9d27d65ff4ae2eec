"""The README's shell blocks, read and run as a master would type them."""

import os
import re
import subprocess
import sys
from pathlib import Path

from support.paths import ROOT_DIR

README = (ROOT_DIR / "README.md").read_text(encoding="utf-8")


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
