"""A 6-against-6 twilight round through the combat prompt: median and p99 per command.

    python benchmarks/twilight_team_round.py [--rounds 30] [--dice 10]

Twelve champions (six a side, each attack roll ``--dice`` d6) declare two attack
rolls each on an opponent, 24 ``declare`` lines with the players' posted dice, then
``next`` resolves the round.  Each timed round runs on a fresh copy of a session
already past its approach, in one prompt opened on it (the prompt's dispatcher in
this process, ``status`` run before timing): its first ``declare`` and its
``next`` each build their command, as the first use in an open prompt does.  It also
times the resolution alone (the rules' ``step`` on the loaded encounter, no file).
Prints median, p99 and max per command word (goal: p99 under 20 ms per command).
``--skip-fsync`` makes fsync a no-op, to show how much of a command's wall time is
spent waiting for the disk.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

GOAL_MS = 20.0
SIDE = 6


def session(folder: Path, dice: int) -> None:
    """A twilight session of 2 x SIDE champions, every attack roll ``dice`` d6, past its approach."""
    import tomli_w

    combatants: dict[str, Any] = {}
    for side, prefix in (("party", "Волк"), ("enemy", "Ворон")):
        for i in range(1, SIDE + 1):
            combatants[f"{prefix} {i}"] = {
                "side": side, "hidden": False, "status": "ok",
                "stats": {"hp_max": 1000, "energy_max": 5, "ap": 2, "deadliness": i % 3, "might": 1,
                          "weapon_dice": dice - i % 3, "weapon_damage": 1, "weapon_stat": "deadliness",
                          "bleed_threshold": 6, "deadly_threshold": dice + 1, "armor_dice": 5, "endurance": 3},
                "resources": {"hp": 1000, "energy": 5, "legend": 0, "legend_total": 0}}
    doc = {"format": 1, "name": "arena", "system": "twilight", "created": "2026-12-01T00:00:00+00:00",
           "settings": {"success_threshold": 5, "win_legend": 100, "gods": False}, "combatants": combatants}
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "arena.toml").write_text(tomli_w.dumps(doc), encoding="utf-8")
    run(folder, ["fight start", "fight next"])


def declarations(dice: int, seed: int) -> list[str]:
    """Every champion's two attack rolls on an opponent, with posted dice."""
    rng = random.Random(seed)
    lines = []
    for attacker, foes in (("Волк", "Ворон"), ("Ворон", "Волк")):
        for i in range(1, SIDE + 1):
            for _ in range(2):
                faces = " ".join(str(rng.randint(1, 6)) for _ in range(dice))
                target = f"{foes} {rng.randint(1, SIDE)}"
                lines.append(f'declare "{attacker} {i}" attack "{target}" --given "{faces}"')
    return lines


def dispatcher(folder: Path) -> Any:
    from ttcli.env import Environment
    from ttcli.repl import Dispatcher

    return Dispatcher(Environment(stdout=io.StringIO(), stderr=io.StringIO(), saves=folder, session="arena"))


def run(folder: Path, lines: list[str], d: Any = None) -> list[float]:
    """Milliseconds of each line, through ``d`` (a new prompt on ``folder`` when None)."""
    if d is None:
        d = dispatcher(folder)
        d.run("status")  # builds the commands, as an open prompt already has
    times = []
    for line in lines:
        start = time.perf_counter()
        d.run(line)
        times.append((time.perf_counter() - start) * 1000)
    return times


def resolve_only(folder: Path) -> float:
    """Milliseconds of the rules' resolution alone, on the declared round of ``folder``."""
    from rules.dice.sources import RandomSource
    from rules.fight import encounter_from_doc
    from rules.systems import system_rules
    from ttcli.env import Environment
    from ttcli.session import open_session

    doc = open_session(Environment(saves=folder, session="arena")).read()
    rules = system_rules("twilight")
    enc = encounter_from_doc(doc, rules)
    start = time.perf_counter()
    rules.step(enc, RandomSource(1))
    return (time.perf_counter() - start) * 1000


def measure(rounds: int, dice: int) -> dict[str, list[float]]:
    """Times per command word over ``rounds`` fresh 6-against-6 rounds."""
    out: dict[str, list[float]] = {"declare": [], "next": [], "resolve (rules only)": []}
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        session(base, dice)
        run(base, declarations(dice, 0) + ["next"])  # untimed: imports and caches
        for r in range(rounds):
            folder = Path(tmp) / f"round-{r}"
            shutil.copytree(base, folder)
            lines = declarations(dice, r + 1)
            prompt = dispatcher(folder)
            prompt.run("status")
            times = run(folder, lines, prompt)
            out["declare"].extend(times)
            resolve = Path(tmp) / f"resolve-{r}"
            shutil.copytree(folder, resolve)
            out["resolve (rules only)"].append(resolve_only(resolve))
            out["next"].extend(run(folder, ["next"], prompt))  # the prompt the round was declared in
    return out


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--dice", type=int, default=10)
    parser.add_argument("--skip-fsync", action="store_true",
                        help="what if the disk answered at once: fsync becomes a no-op")
    args = parser.parse_args()
    if args.skip_fsync:
        os.fsync = lambda fd: None
    results = measure(args.rounds, args.dice)
    every = [t for word, times in results.items() if word != "resolve (rules only)" for t in times]
    print(f"{'command':<22} {'n':>5} {'median ms':>10} {'p99 ms':>8} {'max ms':>8}")
    for word, times in (*results.items(), ("all commands", every)):
        print(f"{word:<22} {len(times):>5} {statistics.median(times):>10.2f} {p99(times):>8.2f} {max(times):>8.2f}")
    verdict = "met" if p99(every) < GOAL_MS else "missed"
    print(f"goal: p99 under {GOAL_MS:.0f} ms per command: {verdict}")


if __name__ == "__main__":
    main()
