"""A scripted dungeon fight, one-shot commands vs the prompt, and the prompt's speed.

    python benchmarks/fight_replay.py [--rounds 10] [--journal 10000] [--processes]

1. Copies the bundled ``crypt`` session (4 heroes, 6 enemies), commits its dice
   to a fixed secret, and fights ``--rounds`` rounds with one-shot commands:
   each acting character attacks the first standing foe while it has actions,
   then ``fight next``.  With ``--processes`` every command is a real ``ttcli``
   process; otherwise the same app runs in-process.
2. Types the very same lines into the combat prompt of a fresh copy through a
   pipe, and checks both journals are equal (times aside).
3. Times single prompt commands in-process on two copies, one whose journal holds
   ``--journal`` events and one whose journal is empty, interleaved command by
   command (goals: under 20 ms each; the long journal within 1.1x of the empty one).

The fight itself is the tests' driver, tests/support/scripted_fight.py.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))

from scripted_fight import fill_journal, journal, one_shot_fight, prepare, prompt_fight  # noqa: E402


def time_prompt_commands(folders: list[Path], lines: list[str]) -> list[list[float]]:
    """Milliseconds per command through the prompt's dispatcher, in-process.

    Each line runs in every folder before the next line, so machine noise hits
    all folders alike.
    """
    from ttcli.env import Environment
    from ttcli.repl import Dispatcher

    dispatchers = [Dispatcher(Environment(stdout=io.StringIO(), stderr=io.StringIO(), saves=f,
                                          session="crypt")) for f in folders]
    out: list[list[float]] = [[] for _ in folders]
    for line in lines:
        for times, dispatcher in zip(out, dispatchers, strict=True):
            start = time.perf_counter()
            dispatcher.run(line)
            times.append((time.perf_counter() - start) * 1000)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--journal", type=int, default=10_000)
    parser.add_argument("--processes", action="store_true", help="one process per one-shot command")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        a, b, c, d = (Path(tmp, n) for n in ("one-shot", "prompt", "timed-long", "timed-empty"))
        for folder in (a, b, c, d):
            prepare(folder)
        start = time.perf_counter()
        lines = one_shot_fight(a, args.rounds, args.processes)
        one_shot_s = time.perf_counter() - start
        start = time.perf_counter()
        prompt_fight(b, lines)
        prompt_s = time.perf_counter() - start
        same = journal(a) == journal(b)
        print(f"scripted fight: {len(lines)} commands, {len(journal(a))} journal events")
        print(f"one-shot run {one_shot_s:.1f} s ({'processes' if args.processes else 'in-process'}), "
              f"prompt run {prompt_s:.1f} s")
        print(f"journals equal: {same}")
        fill_journal(c, args.journal)
        long, empty = time_prompt_commands([c, d], lines)
        for name, times in ((f"{args.journal:,}-event journal", long), ("empty journal", empty)):
            print(f"prompt commands, {name}: median {statistics.median(times):.1f} ms, "
                  f"p90 {sorted(times)[int(len(times) * 0.9)]:.1f} ms, max {max(times):.1f} ms "
                  f"over {len(times)} commands (goal: under 20 ms)")
        print(f"long / empty journal, ratio of medians: "
              f"{statistics.median(long) / statistics.median(empty):.3f}x (goal: within 1.1x)")
        if not same:
            raise SystemExit(1)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("NO_COLOR", "1")
    main()
