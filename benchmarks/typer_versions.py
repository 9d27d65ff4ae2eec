"""Why typer < 0.29: a minimal Typer command, whole process, on two Typer versions.

    python benchmarks/typer_versions.py [--runs 10] [--versions 0.28.0 0.29.2]

Builds a throw-away virtual environment per version (pip from the package index),
runs a one-option Typer command in each ``--runs`` times, and prints the medians.
Typer 0.29 imports pydantic when a command runs; 0.26-0.28 do not.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

APP = """
import sys
import typer
app = typer.Typer()
@app.command()
def f(x: int = 1):
    pass
app(["--x", "2"], standalone_mode=False)
print("pydantic" in sys.modules)
"""


def make_env(folder: Path, version: str) -> Path:
    venv.create(folder, with_pip=True)
    python = folder / "bin" / "python"
    subprocess.run([python, "-m", "pip", "install", "-q", f"typer=={version}"], check=True)
    return python


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--versions", nargs="+", default=["0.28.0", "0.29.2"])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        pythons = {v: make_env(Path(tmp, v), v) for v in args.versions}
        times: dict[str, list[float]] = {v: [] for v in args.versions}
        loads_pydantic = {}
        for _ in range(args.runs):
            for version, python in pythons.items():
                start = time.perf_counter()
                out = subprocess.run([python, "-c", APP], capture_output=True, text=True, check=True)
                times[version].append((time.perf_counter() - start) * 1000)
                loads_pydantic[version] = out.stdout.strip() == "True"
        print(f"{'typer':10} {'median ms':>10} {'pydantic loaded':>16}")
        for version in args.versions:
            print(f"{version:10} {statistics.median(times[version]):10.1f} {loads_pydantic[version]!s:>16}")


if __name__ == "__main__":
    sys.exit(main())
