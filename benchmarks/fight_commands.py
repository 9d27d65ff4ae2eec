"""One-shot fight commands as whole processes, against a one-command Typer app.

    python benchmarks/fight_commands.py [--runs 40] [--importtime]

Times, with their output piped as a shell alias or a forum script runs them:

- ``ttcli fight status`` on the bundled ``crypt`` session with its fight started;
- ``ttcli attack "Гоблин 1" Вор --seed 6`` (a hit: hit roll, damage, HP, journal);
- ``ttcli fight next`` (the turn passes, effects tick);
- the peer: a one-command Typer app (one option, prints a line) run by the same
  interpreter, so both pay the same Python, site and Typer start-up;
- ``ttcli odds attack`` on each example save (issue 26: the exact odds of one attack with
  the combatants' real values; reads the session, writes nothing); goal within 1.0x;
- ``python -c pass`` from the same environment, for information.

Commands that change the session run on a fresh copy of it each time (copied
before the clock starts).  Commands take turns, one of each per round, so drift
in machine load hits them all alike.  For each command the table gives the
median wall time and the median CPU time (user + system of the child process,
which a busy machine disturbs far less than wall time), and both as a ratio to
the Typer app.  Goal: within 1.5x of the Typer app.

``--baseline PATH`` adds the same ttcli commands run by another ``ttcli``
script (an older build installed in its own environment), so a change is judged
before and after in one run.  ``--importtime`` runs each ttcli command once more
under ``python -X importtime`` and lists the slowest imports, to see where
start-up goes.
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

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent

PEER = """\
import typer

app = typer.Typer()


@app.command()
def hello(name: str = "world") -> None:
    print(f"hello {name}")


app()
"""

GOAL = 1.5
#: issue 26: ``ttcli odds attack`` within 1.0x of the Typer app
ODDS_GOAL = 1.0
#: the example saves and one attack in each
ODDS_ATTACKS = {
    "crypt": ["Огр", "Вор"],
    "skirmish": ["Разбойник 1", "Рыцарь", "--answer", "block"],
    "terra": ["Торн", "Волк 1"],
    "arena": ["Кочевник", "Викинг", "--defenses", "2"],
}


def ttcli_argv() -> list[str]:
    """The installed ``ttcli`` script of this environment, else ``python -m ttcli``."""
    script = shutil.which("ttcli", path=str(BIN))
    return [script] if script else [sys.executable, "-m", "ttcli"]


def prepare(folder: Path) -> None:
    """The crypt session with its fight started from fixed dice (and the other example saves)."""
    folder.mkdir(parents=True)
    for save in ODDS_ATTACKS:
        shutil.copy(ROOT / "saves" / f"{save}.toml", folder / f"{save}.toml")
    run_checked([*ttcli_argv(), "--saves", str(folder), "-s", "crypt", "fight", "start", "--seed", "1"])


def run_checked(argv: list[str]) -> None:
    done = subprocess.run(argv, capture_output=True, env=child_env())
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}):\n{done.stderr.decode(errors='replace')}")


def child_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TTCLI_")}
    env["NO_COLOR"] = "1"
    return env


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall ms, CPU ms) of one whole process; its exit code must be 0."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}):\n{done.stderr.decode(errors='replace')}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall * 1000, cpu * 1000


class Command:
    def __init__(self, name: str, argv: list[str], fresh: Path | None = None) -> None:
        self.name, self.argv, self.fresh = name, argv, fresh
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def run(self, work: Path, env: dict[str, str]) -> None:
        if self.fresh is not None:  # a state-changing command acts on an untouched copy
            shutil.rmtree(work, ignore_errors=True)
            shutil.copytree(self.fresh, work)
        wall, cpu = timed(self.argv, env)
        self.wall.append(wall)
        self.cpu.append(cpu)


def ttcli_commands(label: str, ttcli: list[str], work: Path, started: Path) -> list[Command]:
    base = [*ttcli, "--saves", str(work)]
    ttcli = [*base, "-s", "crypt"]
    return [
        Command(f"{label} fight status", [*ttcli, "fight", "status"]),
        Command(f"{label} attack", [*ttcli, "attack", "Гоблин 1", "Вор", "--seed", "6"], fresh=started),
        Command(f"{label} fight next", [*ttcli, "fight", "next"], fresh=started),
        *(Command(f"{label} odds {save}", [*base, "-s", save, "odds", "attack", *args])
          for save, args in ODDS_ATTACKS.items()),
    ]


def commands(tmp: Path, baseline: str | None) -> tuple[list[Command], Path]:
    started, work = tmp / "started", tmp / "work"
    prepare(started)
    shutil.copytree(started, work)
    peer = tmp / "peer.py"
    peer.write_text(PEER, encoding="utf-8")
    cmds = [Command("Typer app (peer)", [sys.executable, str(peer), "--name", "table"]),
            *ttcli_commands("ttcli", ttcli_argv(), work, started)]
    if baseline:
        cmds += ttcli_commands("baseline", [baseline], work, started)
    cmds.append(Command("python -c pass", [sys.executable, "-c", "pass"]))
    return cmds, work


def report(cmds: list[Command]) -> bool:
    peer = cmds[0]
    peer_wall, peer_cpu = statistics.median(peer.wall), statistics.median(peer.cpu)
    print(f"{'command':22} {'wall ms':>8} {'x peer':>7} {'CPU ms':>8} {'x peer':>7}")
    ok = True
    for c in cmds:
        wall, cpu = statistics.median(c.wall), statistics.median(c.cpu)
        print(f"{c.name:22} {wall:8.1f} {wall / peer_wall:6.2f}x {cpu:8.1f} {cpu / peer_cpu:6.2f}x")
        if c.name.startswith("ttcli") and cpu / peer_cpu > (ODDS_GOAL if " odds " in c.name else GOAL):
            ok = False
    print(f"\n{len(peer.wall)} runs each, medians; goal: every ttcli command within {GOAL}x of the Typer app, "
          f"odds attack within {ODDS_GOAL}x")
    return ok


def importtime(cmds: list[Command], work: Path, env: dict[str, str], top: int = 12) -> None:
    """The slowest imports (cumulative) of each ttcli command, from one run."""
    for c in cmds:
        if not c.name.startswith("ttcli"):
            continue
        if c.fresh is not None:
            shutil.rmtree(work, ignore_errors=True)
            shutil.copytree(c.fresh, work)
        argv = [sys.executable, "-X", "importtime", "-c",
                "import sys; from ttcli.main import main; sys.exit(main())", *c.argv[len(ttcli_argv()):]]
        done = subprocess.run(argv, capture_output=True, text=True, env=env)
        rows = []
        for line in done.stderr.splitlines():
            parts = line.split("|")
            if len(parts) == 3 and parts[1].strip().isdigit():
                rows.append((int(parts[1]), parts[2].rstrip()))
        print(f"\n{c.name}: {len(rows)} modules imported; slowest (cumulative us):")
        for us, name in sorted(rows, reverse=True)[:top]:
            print(f"  {us:8d} {name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--importtime", action="store_true", help="also list each command's slowest imports")
    parser.add_argument("--baseline", metavar="PATH", help="another ttcli script to time alongside (before/after)")
    args = parser.parse_args()
    env = child_env()
    with tempfile.TemporaryDirectory() as tmp:
        cmds, work = commands(Path(tmp), args.baseline)
        for c in cmds:  # warm the file cache and the bytecode
            c.run(work, env)
            c.wall.clear()
            c.cpu.clear()
        for _ in range(args.runs):
            for c in cmds:
                c.run(work, env)
        ok = report(cmds)
        if args.importtime:
            importtime(cmds, work, env)
    if not ok:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
