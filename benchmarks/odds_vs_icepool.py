"""ttcli's exact odds against icepool: the same distributions, timed.

Run with a Python that has both installed (see benchmarks/README.md)::

    python3 -m venv .venv-bench && .venv-bench/bin/pip install -e . icepool
    .venv-bench/bin/python benchmarks/odds_vs_icepool.py [--repeat 30]

For each expression ttcli is timed on text -> distribution -> mean
(``parse`` without its cache, then ``distribution``), and icepool on building
the same die from scratch -> mean, each with ``timeit.repeat`` (one call per
repeat, the collector off) and the best repeat reported.

icepool remembers what it computed: ``icepool.d(6)`` is cached, a die keeps
its sums (``100 @ d6``), and its multiset evaluators keep every state graph
they built.  So it is timed twice:

* cold: before every timed call the evaluators' caches and icepool's binomial
  rows are cleared and a new d6 is made, so each call does the whole work;
* warm: the same d6, with every cache filled by an untimed first call.

The goal is ttcli no slower than cold icepool (ratio = ttcli / icepool <= 1).
ttcli keeps no cache between calls, so its one time compares with both.
Both libraries must agree on the mean, exactly, or the script fails; for
``100d6!`` and ``50d10!``, which ttcli takes in fixed point (rules/odds/fixed.py),
within what its ``max_error`` allows.  icepool is given ttcli's explosion
depth so that both describe the same distribution; an icepool call over
SLOW_SECONDS is timed once (cold: that first call).
"""

from __future__ import annotations

import argparse
import sys
import timeit
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.dice import parse
from rules.odds import distribution

try:
    from rules.dice.parser import parse_uncached
except ImportError:  # an engine without a parse cache
    parse_uncached = parse

try:
    import icepool
    from icepool.evaluator.multiset_evaluator_base import MultisetEvaluatorBase
except ImportError:
    icepool = None

def depth(text: str) -> int:
    """How deep ttcli follows the explosions of ``text`` (its one dice term)."""
    from rules.odds import DEFAULT_LIMITS
    from rules.odds.budget import plan

    (d,) = plan(parse(text), DEFAULT_LIMITS).depths.values()
    return d


# (ttcli text, icepool's way to write it, that way as code given a d6 and icepool.d)
# Explosions: icepool is given ttcli's own depth (the last die stays as it
# fell in both), so both describe the same truncated process.
CASES = (
    ("4d6kh3", "d6.pool(4).highest(3).sum()", lambda d6, d: d6.pool(4).highest(3).sum()),
    ("20d6kh10", "d6.pool(20).highest(10).sum()", lambda d6, d: d6.pool(20).highest(10).sum()),
    ("200d6kh100", "d6.pool(200).highest(100).sum()",
     lambda d6, d: d6.pool(200).highest(100).sum()),
    ("100d6", "100 @ d6", lambda d6, d: 100 @ d6),
    ("9d6>=5", "d6.pool(9).keep_outcomes((5, 6)).size()",
     lambda d6, d: d6.pool(9).keep_outcomes((5, 6)).size()),
    ("9d6>=5", "9 @ (d6 >= 5)", lambda d6, d: 9 @ (d6 >= 5)),
    ("100d6!", "100 @ d6.explode(depth=D)", lambda d6, d: 100 @ d6.explode(depth=depth("100d6!"))),
    ("50d10!", "50 @ d(10).explode(depth=D)",
     lambda d6, d: 50 @ d(10).explode(depth=depth("50d10!"))),
)
#: icepool calls slower than this are repeated fewer times (100d6! takes it a minute)
SLOW_SECONDS = 2.0


def clear_icepool() -> None:
    """Forget everything icepool computed before, so the next call does it all."""
    for value in vars(icepool.evaluator).values():
        if isinstance(value, MultisetEvaluatorBase) and hasattr(value, "_cache"):
            del value._cache
    icepool.math.comb_row_cache.clear()
    icepool.d.cache_clear()


def ttcli_mean(text: str) -> Fraction:
    return distribution(parse_uncached(text)).mean


def best_ms(stmt, setup, repeat: int) -> float:
    return min(timeit.repeat(stmt, setup, number=1, repeat=repeat)) * 1000


def agree(text: str, ours: Fraction, theirs: Fraction) -> str:
    """"exact", or "within max_error" for the odds ttcli takes in fixed point."""
    if ours == theirs:
        return "exact"
    d = distribution(parse_uncached(text))
    # Total-variation distance e moves a mean by at most e * (max - min).
    if d.max_error and abs(ours - theirs) <= Fraction(d.max_error) * (d.max - d.min + 1):
        return "within max_error"
    raise SystemExit(f"means differ for {text}: ttcli {ours}, icepool {theirs}")


def measure(repeat: int) -> list[tuple]:
    rows = []
    for text, form, build in CASES:
        form = form.replace("depth=D", f"depth={depth(text)}") if "depth=D" in form else form
        ours = ttcli_mean(text)
        clear_icepool()
        first = timeit.default_timer()
        theirs = build(icepool.d(6), icepool.d).mean()
        first = timeit.default_timer() - first
        agreement = agree(text, ours, theirs)
        t_ours = best_ms(lambda text=text: ttcli_mean(text), "pass", repeat)
        slow = first > SLOW_SECONDS
        times = 1 if slow else repeat
        t_cold = first * 1000 if slow else best_ms(
            lambda build=build: build(icepool.d(6), icepool.d).mean(), clear_icepool, times)
        warm_d6 = icepool.d(6)
        build(warm_d6, icepool.d).mean()
        t_warm = best_ms(lambda build=build, warm_d6=warm_d6: build(warm_d6, icepool.d).mean(), "pass", times)
        rows.append((text, form, t_ours, t_cold, t_warm, agreement, times))
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=30, help="timed calls per cell; the best counts")
    args = ap.parse_args(argv)
    if icepool is None:
        print("icepool is not installed: skipping (pip install icepool, see benchmarks/README.md)")
        return 0
    rows = measure(args.repeat)
    print(f"ttcli odds vs icepool {icepool.__version__}, best of {args.repeat} (icepool calls "
          f"over {SLOW_SECONDS:g} s: once), Python {sys.version.split()[0]}")
    head = ("expression", "ttcli ms", "icepool cold ms", "ratio", "icepool warm ms", "ratio",
            "means", "icepool form")
    print(f"{head[0]:<12} {head[1]:>9} {head[2]:>16} {head[3]:>6} {head[4]:>16} {head[5]:>6}  "
          f"{head[6]:<16}  {head[7]}")
    for text, form, ours, cold, warm, agreement, _times in rows:
        print(f"{text:<12} {ours:>9.3f} {cold:>16.3f} {ours / cold:>6.3f} {warm:>16.3f} "
              f"{ours / warm:>6.3f}  {agreement:<16}  {form}")
    slower = [row[0] for row in rows if row[2] > row[3]]
    if slower:
        print("slower than cold icepool: " + ", ".join(slower))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
