"""A scripted skirmish, 6 against 6, with attacks waiting for their answers: one-shot
commands vs the prompt, and the prompt's speed.

    python benchmarks/skirmish_fight.py [--rounds 10] [--fights 3]

1. Writes a session of six knights and archers against six bandits, commits
   its dice to a fixed secret and fights ``--rounds`` rounds with one-shot
   commands (in-process): each acting combatant attacks the first standing
   foe, the target answers in a separate command (block or dodge, by turns),
   a dodge is followed by a counterattack while stamina lasts, a bleeding is
   bandaged, and ``fight end`` rolls breakage.
2. Types the very same lines into the combat prompt of a fresh copy through a
   pipe, and checks both journals are equal (times aside).
3. Times every prompt command in-process on ``--fights`` fresh copies (goal:
   p99 under 20 ms per command): the wall-clock time, and the processor time the
   command itself used, which stands for an idle machine's wall time when other
   jobs share the cores (it leaves out waiting for the disk).

The fight itself is the tests' driver, tests/support/scripted_skirmish.py.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))

from scripted_skirmish import SESSION, journal, one_shot_fight, prepare, prompt_fight

GOAL_MS = 20.0


def time_prompt(folder: Path, lines: list[str], cpu: list[float] | None = None) -> list[float]:
    """Milliseconds per line through the prompt's dispatcher, in-process, with ``status`` after each;
    the processor milliseconds of each go to ``cpu`` when given."""
    from ttcli.env import Environment
    from ttcli.repl import Dispatcher

    dispatcher = Dispatcher(Environment(stdout=io.StringIO(), stderr=io.StringIO(), saves=folder, session=SESSION))
    times = []
    for line in lines:
        for typed in (line, "status"):
            start, used = time.perf_counter(), time.process_time()
            dispatcher.run(typed)
            times.append((time.perf_counter() - start) * 1000)
            if cpu is not None:
                cpu.append((time.process_time() - used) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--fights", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        a, b = Path(tmp, "one-shot"), Path(tmp, "prompt")
        prepare(a)
        prepare(b)
        lines = one_shot_fight(a, args.rounds)
        prompt_fight(b, lines)
        same = journal(a) == journal(b)
        kinds = [line.split()[0] for line in lines]
        print(f"scripted fight: {len(lines)} commands ({kinds.count('attack')} attacks, {kinds.count('defend')} "
              f"answers, {kinds.count('counter')} counterattacks), {len(journal(a))} journal events")
        print(f"journals equal: {same}")
        warm = Path(tmp, "warm")
        prepare(warm)
        time_prompt(warm, lines)  # imports and first builds of commands are not counted
        times: list[float] = []
        cpu: list[float] = []
        for i in range(args.fights):
            copy = Path(tmp, f"timed-{i}")
            prepare(copy)
            times += time_prompt(copy, lines, cpu)
        for label, values in (("prompt commands", times), ("processor time", cpu)):
            values.sort()
            p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
            print(f"{label}: median {statistics.median(values):.1f} ms, p99 {p99:.1f} ms, max {values[-1]:.1f} ms "
                  f"over {len(values)} commands (goal: p99 under {GOAL_MS:.0f} ms)")
        if not same:
            raise SystemExit(1)


if __name__ == "__main__":
    main()
