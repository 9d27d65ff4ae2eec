"""Random dice and odds expressions in-process: only DiceError escapes, nothing is slow.

    python benchmarks/fuzz.py                      # 10**6 dice, 10**4 odds expressions
    python benchmarks/fuzz.py --dice 20000 --odds 300 --seed 7   # a quick look
    python benchmarks/fuzz.py --dice 0 --memory    # the odds' peak memory instead of their time

Dice: each expression is parsed, rolled with a seeded source and turned into
text (what ``ttcli roll`` does); the goal is that nothing but ``DiceError``
escapes and that no expression takes over 100 ms.  Odds: each expression
goes through ``ttcli odds`` in-process, distribution and folded text (every
fifth also as JSON, every twentieth with ``--full``); the goal is nothing but
``DiceError`` (and the ``--full`` refusal, a documented exit 3) and no
expression over 2 s.  Expressions come from a grammar walk with extreme
numbers and every modifier, a tenth of them mangled by random edits, so
syntax errors, limits and odd combinations are all exercised.

Prints counts by outcome, the slowest cases, and any escape with its
traceback; exits 1 if a goal is missed.  Each case is timed twice: CPU time
of this process (``time.process_time``), which the goals are judged on, and
wall-clock time, which on a shared machine also counts the time spent
waiting for a core; both are printed.  Rerun a slow case alone before
believing it.

``--memory`` traces the odds' allocations (``tracemalloc``): the goal is no
expression holding over 200 MB at its peak.  Tracing slows Python several
times over, so a run judges memory and not time.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
import traceback
import tracemalloc
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.dice import DiceError, parse, resolve, to_text
from rules.dice.sources import RandomSource
from ttcli.errors import CliError
from ttcli.oddsview import odds_of
from ttcli.render import render_text

DICE_LIMIT = 0.100
ODDS_LIMIT = 2.0
ODDS_MEMORY = 200e6

DIE_LETTERS = "dDдДкК"
OPS = ["+", "-", "*", "/", " + ", " - ", "×", "÷", "−"]
CMPS = [">=", ">", "<=", "<", "=", "", "≥", "≤"]
MANGLE = "0123456789dDкkhlrof!<>=+-*/()%[] д×÷−≥≤\t.,"


def number(r: random.Random, big: bool = True) -> str:
    roll = r.random()
    if roll < 0.5:
        return str(r.randint(0, 20))
    if roll < 0.8:
        return str(r.randint(0, 1000))
    if roll < 0.93 or not big:
        return str(10 ** r.randint(3, 7) + r.randint(-1, 1))
    if roll < 0.97:
        return str(r.randint(0, 2 ** 64))
    return "0" * r.randint(1, 5) + str(r.randint(0, 99))


def cond(r: random.Random, sides: int) -> str:
    value = r.randint(0, sides + 1) if r.random() < 0.8 else int(number(r))
    return r.choice(CMPS) + str(value)


def die(r: random.Random, odds: bool) -> str:
    if odds:
        count = r.choice([1, 2, 3, 4, 5, 10, 20, 50, 100, 200, 500, 1000, r.randint(1, 1000)])
        sides = r.choice([2, 3, 4, 6, 8, 10, 12, 20, 100, 1000, 10 ** 6, r.randint(1, 10 ** 6)])
        text = (str(count) if r.random() < 0.9 else "") + r.choice(DIE_LETTERS)
        text += "%" if r.random() < 0.05 else str(sides)
    else:
        count_text = number(r) if r.random() < 0.8 else ""
        sides_text = number(r) if r.random() < 0.95 else "%"
        text = count_text + r.choice(DIE_LETTERS) + sides_text
        count = int(count_text) if count_text.isdigit() else 1
        sides = int(sides_text) if sides_text.isdigit() else 100
    for _ in range(r.choice([0, 0, 1, 1, 2, 3])):
        kind = r.random()
        if kind < 0.3:
            text += r.choice(["kh", "kl", "dh", "dl", "k", "d"]) + str(r.randint(0, max(count, 1)))
        elif kind < 0.5:
            text += r.choice(["r", "ro"]) + cond(r, sides)
        elif kind < 0.7:
            text += "!" + (cond(r, sides) if r.random() < 0.5 else "")
        elif kind < 0.9:
            text += cond(r, sides)
        else:
            text += "f" + cond(r, sides)
    return text


def atom(r: random.Random, depth: int, odds: bool) -> str:
    roll = r.random()
    if roll < 0.55 or depth > 3:
        return die(r, odds)
    if roll < 0.75:
        return number(r, big=not odds)
    if roll < 0.82:
        return number(r, big=False) + "%"
    if roll < 0.93:
        return "(" + expression(r, depth + 1, odds) + ")"
    return "-" + atom(r, depth + 1, odds)


def expression(r: random.Random, depth: int = 0, odds: bool = False) -> str:
    parts = [atom(r, depth, odds)]
    for _ in range(r.choice([0, 0, 1, 1, 2, 3] if odds else [0, 1, 1, 2, 3, 5])):
        parts.append(r.choice(OPS))
        parts.append(atom(r, depth, odds))
    return "".join(parts)


def mangle(r: random.Random, text: str) -> str:
    chars = list(text)
    for _ in range(r.randint(1, 4)):
        what = r.random()
        at = r.randint(0, len(chars))
        if what < 0.4:
            chars.insert(at, r.choice(MANGLE))
        elif what < 0.7 and chars:
            del chars[min(at, len(chars) - 1)]
        elif chars:
            chars[min(at, len(chars) - 1)] = r.choice(MANGLE)
    return "".join(chars)


def generate(r: random.Random, odds: bool) -> str:
    text = expression(r, odds=odds)
    if r.random() < 0.1:
        text = mangle(r, text)
    if r.random() < 0.05:
        text += " [" + r.choice(["атака", "урон", "x]", ""]) + "]"
    return text


def run_dice(text: str, seed: int) -> str:
    expr = parse(text)
    to_text(resolve(expr, RandomSource(seed)))
    return "rolled"


def run_odds(text: str, i: int) -> str:
    full = i % 20 == 0
    result = odds_of(text, full=full)
    render_text(result, "json" if i % 5 == 0 else "plain")
    return "answered"


def _keep_top(cases: list, case: tuple) -> None:
    """Add ``case``; past 200, keep only the 10 largest (the first field ranks them)."""
    cases.append(case)
    if len(cases) > 200:
        cases.sort(reverse=True)
        del cases[10:]


def _shown(text: str) -> str:
    return text if len(text) <= 70 else text[:67] + "..."


class Tally:
    def __init__(self, name: str, limit: float) -> None:
        self.name = name
        self.limit = limit
        self.outcomes: Counter = Counter()
        self.slowest: list[tuple[float, float, str, str]] = []
        self.over = 0
        self.over_wall = 0
        self.escapes: list[tuple[str, str]] = []
        self.seconds = 0.0
        self.wall = 0.0
        #: with --memory: (peak bytes, text, outcome) of the largest cases, and how many went over
        self.memory: list[tuple[int, str, str]] | None = None
        self.over_memory = 0

    def one(self, text: str, call) -> None:
        if self.memory is not None:
            tracemalloc.reset_peak()
        start = time.process_time()
        start_wall = time.perf_counter()
        try:
            outcome = call()
        except DiceError as e:
            outcome = f"DiceError ({e.kind})"
        except CliError as e:
            outcome = "refused --full (exit 3)" if "--full" in e.message else "CliError"
            if outcome == "CliError":
                self.escapes.append((text, traceback.format_exc()))
        except Exception:  # noqa: BLE001 - an escape: exactly what this script looks for
            outcome = "ESCAPED"
            self.escapes.append((text, traceback.format_exc()))
        took = time.process_time() - start
        wall = time.perf_counter() - start_wall
        self.seconds += took
        self.wall += wall
        self.outcomes[outcome] += 1
        self.over += took > self.limit
        self.over_wall += wall > self.limit
        _keep_top(self.slowest, (took, wall, text, outcome))
        if self.memory is not None:
            peak = tracemalloc.get_traced_memory()[1]
            self.over_memory += peak > ODDS_MEMORY
            _keep_top(self.memory, (peak, text, outcome))

    def report(self, show: int) -> None:
        n = sum(self.outcomes.values())
        print(f"\n{self.name}: {n:,} expressions, {self.seconds:.1f} s CPU "
              f"({1e6 * self.seconds / max(n, 1):.0f} µs each on average), {self.wall:.1f} s wall")
        for outcome, count in self.outcomes.most_common():
            print(f"  {count:>9,}  {outcome}")
        if self.memory is not None:
            print(f"  over {ODDS_MEMORY / 1e6:.0f} MB at the peak: {self.over_memory}; escapes: {len(self.escapes)} "
                  "(times traced, not judged)")
            print(f"  largest {show} (peak MB):")
            for peak, text, outcome in sorted(self.memory, reverse=True)[:show]:
                print(f"    {peak / 1e6:9.1f}  {_shown(text)!r}  {outcome}")
        else:
            print(f"  over {self.limit * 1000:.0f} ms: {self.over} by CPU time, {self.over_wall} by "
                  f"wall-clock; escapes: {len(self.escapes)}")
            print(f"  slowest {show} (CPU ms, wall ms):")
            for took, wall, text, outcome in sorted(self.slowest, reverse=True)[:show]:
                print(f"    {took * 1000:9.1f} {wall * 1000:9.1f}  {_shown(text)!r}  {outcome}")
        for text, tb in self.escapes[:5]:
            print(f"  ESCAPE {text!r}\n{tb}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dice", type=int, default=10 ** 6, help="dice expressions (default 10**6)")
    ap.add_argument("--odds", type=int, default=10 ** 4, help="odds expressions (default 10**4)")
    ap.add_argument("--seed", type=int, default=12, help="seed of the expression generator")
    ap.add_argument("--show", type=int, default=10, help="slowest cases to print")
    ap.add_argument("--memory", action="store_true", help="judge the odds' peak memory, not their time")
    args = ap.parse_args(argv)
    r = random.Random(args.seed)
    print(f"fuzz: seed {args.seed}, Python {sys.version.split()[0]}")

    dice = Tally("dice (parse + roll + text)", DICE_LIMIT)
    for i in range(args.dice):
        text = generate(r, odds=False)
        dice.one(text, lambda text=text, i=i: run_dice(text, i))
    dice.report(args.show)

    odds = Tally("odds (distribution + folded text or JSON)", ODDS_LIMIT)
    if args.memory:
        odds.memory = []
        tracemalloc.start()
    for i in range(args.odds):
        text = generate(r, odds=True)
        odds.one(text, lambda text=text, i=i: run_odds(text, i))
        if i % 50 == 0:
            gc.collect()  # big distributions: collect between cases, not inside one
    odds.report(args.show)

    ok = not (dice.escapes or odds.escapes or dice.over or odds.over_memory
              or (odds.over and not args.memory))
    print("\ngoals met" if ok else "\ngoals MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
