"""``ttcli fight simulate`` speed: many runs of each example save's fight, on one process and on two.

    python benchmarks/simulate.py [--runs 10000] [--saves crypt,terra,arena,skirmish] [--jobs 1,2]

For each save the roster's fight is played ``--runs`` times through the simulation's own
runner (``ttcli.simulation.run``: the blocks, the process pool, the merge; no rendering),
once per ``--jobs`` value, with the same seed, and the summaries are checked equal.
Printed per save and per jobs value: wall seconds, processor seconds (this process and
its workers), runs per second per core (runs / processor seconds), and the speed-up of
the largest jobs value over 1 job.  Goals (issue 26): 10,000 runs within 30 s on two
cores, and ``--jobs 2`` at least 1.7x faster than ``--jobs 1``.  On a machine shared
with other work the wall times grow with its load; the processor seconds do not, and
runs per second per core stand for an idle core.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GOAL_SECONDS = 30.0
GOAL_SPEEDUP = 1.7


def cpu_seconds() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> None:
    from rules.fight import encounter_from_doc
    from rules.systems import system_rules
    from ttcli import simulation

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10_000)
    parser.add_argument("--saves", default="crypt,terra,arena,skirmish")
    parser.add_argument("--jobs", default="1,2")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    jobs_list = [int(j) for j in args.jobs.split(",")]
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}, {args.runs:,} runs per save")
    print("| save | jobs | wall s | processor s | runs/s/core | speed-up | goal |")
    print("|---|---:|---:|---:|---:|---:|---|")
    failed = False
    for name in args.saves.split(","):
        doc = tomllib.loads((ROOT / "saves" / f"{name}.toml").read_text(encoding="utf-8"))
        enc = encounter_from_doc(doc, system_rules(doc["system"]))
        walls: dict[int, float] = {}
        summaries = []
        for jobs in jobs_list:
            cpu, start = cpu_seconds(), time.perf_counter()
            summary, _stopped = simulation.run(doc, enc, {}, args.seed, args.runs, jobs)
            wall, used = time.perf_counter() - start, cpu_seconds() - cpu
            walls[jobs] = wall
            summaries.append(summary)
            speedup = walls[jobs_list[0]] / wall if jobs != jobs_list[0] else None
            goal = []
            if jobs >= 2:
                goal.append("30 s: " + ("yes" if wall <= GOAL_SECONDS else "NO"))
            if speedup is not None:
                goal.append(f"{GOAL_SPEEDUP}x: " + ("yes" if speedup >= GOAL_SPEEDUP else "NO"))
                failed |= speedup < GOAL_SPEEDUP
            if jobs >= 2:
                failed |= wall > GOAL_SECONDS
            print(f"| {name} | {jobs} | {wall:.1f} | {used:.1f} | {summary.runs / used:,.0f} | "
                  f"{'' if speedup is None else f'{speedup:.2f}x'} | {', '.join(goal)} |")
        if any(s != summaries[0] for s in summaries):
            print(f"{name}: the summaries differ between jobs values", file=sys.stderr)
            raise SystemExit(2)
    raise SystemExit(1 if failed else 0)


if __name__ == "__main__":
    main()
