"""Whole-process start-up of a one-shot roll, against its peers, in one run.

    python benchmarks/startup.py [--runs 40]

Each command rolls 4d6-keep-3 with its output piped, as a shell alias would:

- ``ttcli roll 4d6kh3`` (the fast path) and the same through the full Typer app
  (``TTCLI_NO_FASTPATH=1``), for information;
- python-dice's ``roll 4d6h3`` (PyPI package ``dice``);
- ``python -c "import d20; print(d20.roll('4d6kh3'))"``;
- ``python -c pass`` from the same virtual environment (the floor);
- ``ttcli roll 4d6kh3`` inside a current session (the roll is journaled: lock,
  sequence number, torn-tail check), in a saves folder made for the run;
- ``ttcli roll 2d6`` journaled, the session chosen three ways: with ``session use``,
  named with ``-s`` (``alias r='ttcli -s crypt roll'``) and with ``--saves`` too;
- a one-command Typer app (one option, prints a line: ``fight_commands.PEER``), the
  yardstick of every other one-shot command.  Goal: each journaled form within 0.6x
  of it (issue 23).

Commands run interleaved (one of each per round) so drift in machine load hits
them all alike; the table gives medians and ratios to ttcli.  Peers missing
from this environment are skipped with a note.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).parent


JOURNALED = "ttcli roll, journaled in a session"
#: the journaled 2d6, the session chosen each way a master chooses it
JOURNALED_FORMS = ("roll 2d6 (session use)", "-s bench roll 2d6", "--saves DIR -s bench roll 2d6")
TYPER_APP = "one-command Typer app"


def commands(saves: str) -> list[tuple[str, list[str], dict]]:
    ttcli = shutil.which("ttcli", path=str(BIN)) or shutil.which("ttcli")
    out = []
    if ttcli:
        out.append(("ttcli roll 4d6kh3", [ttcli, "roll", "4d6kh3"], {}))
        out.append(("ttcli roll (full Typer app)", [ttcli, "roll", "4d6kh3"], {"TTCLI_NO_FASTPATH": "1"}))
        subprocess.run([ttcli, "--saves", saves, "session", "new", "bench", "--system", "dungeon"],
                       check=True, stdout=subprocess.DEVNULL)
        out.append((JOURNALED, [ttcli, "roll", "4d6kh3"], {"TTCLI_SAVES": saves}))
        use, short, both = JOURNALED_FORMS
        out.append((use, [ttcli, "roll", "2d6"], {"TTCLI_SAVES": saves}))
        out.append((short, [ttcli, "-s", "bench", "roll", "2d6"], {"TTCLI_SAVES": saves}))
        out.append((both, [ttcli, "--saves", saves, "-s", "bench", "roll", "2d6"], {}))
    from fight_commands import PEER

    out.append((TYPER_APP, [sys.executable, "-c", PEER], {}))
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


def run_once(argv: list[str], extra_env: dict) -> tuple[float, float]:
    """(wall seconds, CPU seconds: user + system of the child) of one whole process."""
    env = {**os.environ, **extra_env}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, env=env)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{argv} failed: {done.stderr.decode(errors='replace')}")
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ttcli-startup-") as saves:
        run(args, commands(saves))


def run(args, cmds) -> None:
    times: dict[str, list[float]] = {name: [] for name, _, _ in cmds}
    cpu: dict[str, list[float]] = {name: [] for name, _, _ in cmds}
    for _name, argv, env in cmds:  # warm the file cache
        run_once(argv, env)
    for _ in range(args.runs):
        for name, argv, env in cmds:
            wall, used = run_once(argv, env)
            times[name].append(wall)
            cpu[name].append(used)
    medians = {name: statistics.median(t) * 1000 for name, t in times.items()}
    cpu_medians = {name: statistics.median(t) * 1000 for name, t in cpu.items()}
    base = medians.get("ttcli roll 4d6kh3")
    # CPU time (user + system of the child) for information: a busy machine moves it far
    # less than wall time, which the goals are judged on
    print(f"{'command':34} {'median ms':>10} {'vs ttcli':>9} {'CPU ms':>8}")
    for name, ms in medians.items():
        ratio = f"{ms / base:.2f}x" if base else "-"
        print(f"{name:34} {ms:10.1f} {ratio:>9} {cpu_medians[name]:8.1f}")
    if base and "python -c pass" in medians:
        floor, cpu_floor = medians["python -c pass"], cpu_medians["python -c pass"]
        print(f"\nttcli roll is {base / floor:.2f}x a bare `python -c pass` (goal: within 5x; "
              f"CPU time {cpu_medians['ttcli roll 4d6kh3'] / cpu_floor:.2f}x)")
        if JOURNALED in medians:
            print(f"ttcli roll journaled in a session is {medians[JOURNALED] / floor:.2f}x `python -c pass` "
                  f"(goal: within 3x; CPU time {cpu_medians[JOURNALED] / cpu_floor:.2f}x)")
    if TYPER_APP in medians:
        peer, cpu_peer = medians[TYPER_APP], cpu_medians[TYPER_APP]
        for name in JOURNALED_FORMS:
            if name in medians:
                print(f"ttcli {name}: {medians[name] / peer:.2f}x the one-command Typer app "
                      f"(goal: within 0.6x; CPU time {cpu_medians[name] / cpu_peer:.2f}x)")


if __name__ == "__main__":
    main()
