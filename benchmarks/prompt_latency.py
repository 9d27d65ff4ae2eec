"""Combat prompt latency with a 10,000-event journal: median and p99 per command.

    python benchmarks/prompt_latency.py [--journal 10000] [--fights 3] [--rounds 10]

Plays the scripted dungeon fight of ``fight_replay.py`` (the bundled ``crypt``
session, dice committed to a fixed secret) through the prompt's dispatcher in
this process, on a copy whose journal already holds ``--journal`` events.  At
each step it times, as the master would type them:

- the script's next command (``attack A B``, ``next``, ``effect add``,
  ``check``, ``fatigue``, ``start``, ``end``);
- ``status`` after it;
- every third step, ``damage X 1`` and then ``heal X 1`` on a standing
  combatant with HP to spare (a net nothing, so the script's fight is unchanged);
- the prompt's bottom toolbar, redrawn after every command (it reads the
  session too).

The whole fight runs once untimed first, so imports are not counted; each
timed fight then uses a fresh dispatcher (its Click commands are built on first
use, as in a new prompt) on a fresh copy.  It prints the median, p99 and max per
command word, and the same over all commands (goal: p99 under 20 ms).  The
scripted fight's commands come from ``fight_replay.next_command``.
``--skip-fsync`` makes fsync a no-op throughout, to show how much of a command's
wall time is spent waiting for the disk.
"""

from __future__ import annotations

import argparse
import io
import os
import shlex
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))

import scripted_fight as fight_replay  # noqa: E402 - the scripted fight's driver

GOAL_MS = 20.0

def patient(doc: dict) -> str | None:
    """A standing combatant that a point of damage does not bring down."""
    for name, table in doc.get("combatants", {}).items():
        if table.get("status", "ok") == "ok" and table.get("resources", {}).get("hp", 0) >= 2:
            return name
    return None


def shortened(words: list[str]) -> list[str]:
    """A line as typed at the prompt: ``fight next`` -> ``next`` (the prompt's shortcuts)."""
    from ttcli.repl import SHORTCUTS

    for short, full in SHORTCUTS.items():
        if words[:2] == full:
            return [short, *words[2:]]
    return words


def play(folder: Path, rounds: int, timed: dict[str, list[float]] | None) -> int:
    """Fight the script on ``folder`` through one dispatcher; return the commands run."""
    from ttcli.env import Environment
    from ttcli.repl import Dispatcher, Repl
    from ttcli.session import open_session

    env = Environment(stdout=io.StringIO(), stderr=io.StringIO(), saves=folder, session="crypt")
    dispatcher = Dispatcher(env)
    toolbar = Repl.__new__(Repl)  # the prompt's toolbar without a terminal
    toolbar.env, toolbar.session = env, "crypt"

    def run(kind: str, words: list[str]) -> None:
        line = " ".join(shlex.quote(w) for w in words)
        start, cpu = time.perf_counter(), time.thread_time()
        code = dispatcher.run(line)
        elapsed = (time.perf_counter() - start) * 1000
        cpu = (time.thread_time() - cpu) * 1000
        if code not in (0, 1):  # 1: a failed check
            raise SystemExit(f"{line!r} failed ({code}): {env.stderr.getvalue()[-500:]}")
        start = time.perf_counter()
        toolbar.toolbar()
        drawn = (time.perf_counter() - start) * 1000
        if timed is not None:
            timed.setdefault(kind, []).append(elapsed)
            timed.setdefault("(toolbar)", []).append(drawn)
            timed.setdefault("cpu " + kind, []).append(cpu)
        env.stdout.seek(0)
        env.stdout.truncate()

    fight_replay._DONE.clear()
    started = False
    count = 0
    while count < 5000:
        doc = open_session(env).read()
        doc["_started"] = started
        words = fight_replay.next_command(doc, rounds)
        if words is None:
            break
        words = shortened(words)
        run(words[0], words)
        started = True
        count += 1
        if words[0] == "end":
            break
        run("status", ["status"])
        target = patient(doc) if count % 3 == 0 else None
        if target is not None:
            run("damage", ["damage", target, "1"])
            run("heal", ["heal", target, "1"])
    return count


def fill_journal(folder: Path, count: int) -> None:
    """``fight_replay.fill_journal`` without waiting for the disk ``count`` times.

    The filler events are scaffolding in a temporary folder, so their fsyncs are
    skipped; the timed commands afterwards run with every fsync in place.
    """
    real = os.fsync
    os.fsync = lambda fd: None
    try:
        fight_replay.fill_journal(folder, count)
    finally:
        os.fsync = real


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def report(timed: dict[str, list[float]], journal: int) -> bool:
    kinds = [k for k in timed if not k.startswith("cpu ") and k != "(toolbar)"]
    everything = [t for k in kinds for t in timed[k]]
    all_cpu = [t for k in kinds for t in timed["cpu " + k]]
    print(f"prompt commands, journal of {journal:,} events before the fight (ms; wall = what the "
          "master waits, CPU = this thread's share, the rest is the disk and the machine)")
    print(f"{'command':12} {'count':>6} {'median':>8} {'p99':>8} {'max':>8} {'CPU med':>8} {'CPU p99':>8}")
    rows = [(k, timed[k], timed.get("cpu " + k)) for k in sorted(kinds, key=lambda k: -len(timed[k]))]
    rows += [("(toolbar)", timed["(toolbar)"], None), ("all commands", everything, all_cpu)]
    for kind, times, cpu in rows:
        cpu_cols = f"{statistics.median(cpu):8.1f} {percentile(cpu, 0.99):8.1f}" if cpu else f"{'':8} {'':8}"
        print(f"{kind:12} {len(times):6d} {statistics.median(times):8.1f} "
              f"{percentile(times, 0.99):8.1f} {max(times):8.1f} {cpu_cols}")
    p99 = percentile(everything, 0.99)
    print(f"\np99 over all commands: {p99:.1f} ms (goal: under {GOAL_MS:.0f} ms); "
          "the toolbar row is the redraw after each command, not counted in 'all commands'")
    return p99 < GOAL_MS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--journal", type=int, default=10_000, help="events in the journal before the fight")
    parser.add_argument("--fights", type=int, default=3, help="timed fights, each on a fresh copy")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--skip-fsync", action="store_true",
                        help="what if the disk answered at once: fsync becomes a no-op for the timed fights too")
    args = parser.parse_args()
    if args.skip_fsync:
        os.fsync = lambda fd: None
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp, "base")
        fight_replay.prepare(base)
        fill_journal(base, args.journal)
        warm = Path(tmp, "warm")
        shutil.copytree(base, warm)
        play(warm, args.rounds, None)  # imports and caches, untimed
        timed: dict[str, list[float]] = {}
        for i in range(args.fights):
            folder = Path(tmp, f"fight{i}")
            shutil.copytree(base, folder)
            play(folder, args.rounds, timed)
        ok = report(timed, args.journal)
    if not ok:
        raise SystemExit(1)


if __name__ == "__main__":
    os.environ.setdefault("NO_COLOR", "1")
    main()
