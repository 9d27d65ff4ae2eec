"""Whole-process start-up of a one-shot roll, against its peers, in one run.

    python benchmarks/startup.py [--runs 40]

Each command rolls 4d6-keep-3 with its output piped, as a shell alias would:

- ``ttcli roll 4d6kh3`` (the fast path) and the same through the full Typer app
  (``TTCLI_NO_FASTPATH=1``), for information;
- python-dice's ``roll 4d6h3`` (PyPI package ``dice``);
- ``python -c "import d20; print(d20.roll('4d6kh3'))"``;
- ``python -c pass`` from the same virtual environment (the floor);
- ``ttcli roll 4d6kh3`` inside a current session (the roll is journaled: lock,
  sequence number, torn-tail check), in a saves folder made for the run.

Commands run interleaved (one of each per round) so drift in machine load hits
them all alike; the table gives medians and ratios to ttcli.  Peers missing
from this environment are skipped with a note.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).parent


JOURNALED = "ttcli roll, journaled in a session"


def commands(saves: str) -> list[tuple[str, list[str], dict]]:
    ttcli = shutil.which("ttcli", path=str(BIN)) or shutil.which("ttcli")
    out = []
    if ttcli:
        out.append(("ttcli roll 4d6kh3", [ttcli, "roll", "4d6kh3"], {}))
        out.append(("ttcli roll (full Typer app)", [ttcli, "roll", "4d6kh3"], {"TTCLI_NO_FASTPATH": "1"}))
        subprocess.run([ttcli, "--saves", saves, "session", "new", "bench", "--system", "dungeon"],
                       check=True, stdout=subprocess.DEVNULL)
        out.append((JOURNALED, [ttcli, "roll", "4d6kh3"], {"TTCLI_SAVES": saves}))
    roll = shutil.which("roll", path=str(BIN))
    if roll:
        out.append(("python-dice: roll 4d6h3", [roll, "4d6h3"], {}))
    try:
        import d20  # noqa: F401

        out.append(("python -c d20.roll", [sys.executable, "-c", "import d20; print(d20.roll('4d6kh3'))"], {}))
    except ImportError:
        print("d20 not installed: skipped (pip install '.[bench]')", file=sys.stderr)
    if not roll:
        print("python-dice (package 'dice') not installed: skipped", file=sys.stderr)
    out.append(("python -c pass", [sys.executable, "-c", "pass"], {}))
    return out


def run_once(argv: list[str], extra_env: dict) -> float:
    env = {**os.environ, **extra_env}
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, env=env)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{argv} failed: {done.stderr.decode(errors='replace')}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ttcli-startup-") as saves:
        run(args, commands(saves))


def run(args, cmds) -> None:
    times: dict[str, list[float]] = {name: [] for name, _, _ in cmds}
    for _name, argv, env in cmds:  # warm the file cache
        run_once(argv, env)
    for _ in range(args.runs):
        for name, argv, env in cmds:
            times[name].append(run_once(argv, env))
    medians = {name: statistics.median(t) * 1000 for name, t in times.items()}
    base = medians.get("ttcli roll 4d6kh3")
    print(f"{'command':32} {'median ms':>10} {'vs ttcli':>9}")
    for name, ms in medians.items():
        ratio = f"{ms / base:.2f}x" if base else "-"
        print(f"{name:32} {ms:10.1f} {ratio:>9}")
    if base and "python -c pass" in medians:
        floor = medians["python -c pass"]
        print(f"\nttcli roll is {base / floor:.2f}x a bare `python -c pass` (goal: within 5x)")
        if JOURNALED in medians:
            print(f"ttcli roll journaled in a session is {medians[JOURNALED] / floor:.2f}x `python -c pass` "
                  "(goal: within 3x)")


if __name__ == "__main__":
    main()
