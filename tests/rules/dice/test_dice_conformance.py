"""d20's own test suite, rolled by ttcli and by d20 side by side.

tests/data/d20_test_dice.tsv lists every expression of d20's tests/test_dice.py
(MIT licence, tests/data/d20_LICENSE).  Every expression d20 rolls, ttcli
rolls too, and over 10,000 seeded rolls of each library the totals' ranges
agree.  Where ttcli reads d20's text otherwise (d20's ``kN`` keeps the dice
showing N, ours keeps the N highest, as Roll20 and Foundry do) the table
gives ttcli's spelling of d20's meaning, which is then compared, and d20's
text must still be accepted.  d20's ``d%`` is a tens die and ours a d100
(C-DICE-1); its suite has none.

Agreeing ranges, without trusting luck: each library's rolls must lie
within ttcli's exact range (rules.odds), and an end of that range that
10,000 / (random expressions) rolls would miss less than once in e**20 must
have been rolled by both.
"""

from __future__ import annotations

import math
import random

import d20
import pytest
from support.paths import DATA_DIR

from rules.dice import DiceError, parse, roll
from rules.dice.sources import RandomSource
from rules.odds import distribution

TABLE = DATA_DIR / "d20_test_dice.tsv"
ROLLS = 10_000
SEED = 20261201


def _rows() -> list[tuple[str, str, str, str]]:
    rows = []
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        expr, verdict, ours, where = line.split("\t")
        rows.append((expr, verdict, expr if ours == "-" else ours, where))
    return rows


ROWS = _rows()
ACCEPTED = [r for r in ROWS if r[1] == "ok"]


def test_the_table_is_d20s_suite():
    # 88 distinct expressions of the 100 rolls in d20's file, 10 of them refused by d20
    assert len(ROWS) == 88 and len({r[0] for r in ROWS}) == 88
    assert len(ACCEPTED) == 78


@pytest.mark.parametrize("expr, verdict", [(r[0], r[1]) for r in ROWS])
def test_d20_accepts_what_the_table_says(expr, verdict):
    try:
        _ = d20.roll(expr).total  # d20 computes (and refuses) lazily
        outcome = "ok"
    except d20.RollError:
        outcome = "error"
    assert outcome == verdict


@pytest.mark.parametrize("expr", [r[0] for r in ROWS])
def test_ttcli_accepts_what_d20_accepts_and_refuses_with_a_dice_error(expr):
    verdict = {r[0]: r[1] for r in ROWS}[expr]
    if verdict == "ok":
        roll(parse(expr), RandomSource(1))
    else:
        # d20 refuses these (too many dice, a 0-sided die, a reroll or explosion that
        # never ends, a minimum by rank, a division by zero); so does ttcli, with its caret
        with pytest.raises(DiceError) as e:
            roll(parse(expr), RandomSource(1))
        assert e.value.position is not None and "^" in e.value.caret()


def _d20_totals(expr: str, n: int, seed: int) -> set[int]:
    state = random.getstate()
    random.seed(seed)  # d20 draws from the random module
    try:
        return {d20.roll(expr).total for _ in range(n)}
    finally:
        random.setstate(state)


def _ttcli_totals(expr: str, n: int, seed: int) -> set[int]:
    e = parse(expr)
    source = RandomSource(seed)
    return {roll(e, source).value for _ in range(n)}


def test_ranges_agree_over_ten_thousand_seeded_rolls():
    exact = {ours: distribution(parse(ours)) for _, _, ours, _ in ACCEPTED}
    random_rows = [r for r in ACCEPTED if len(exact[r[2]]) > 1]
    per = ROLLS // len(random_rows)
    problems = []
    for expr, _, ours, _ in ACCEPTED:
        d = exact[ours]
        n = per if len(d) > 1 else 1
        theirs = _d20_totals(expr, n, SEED)
        mine = _ttcli_totals(ours, n, SEED)
        for name, seen in (("d20", theirs), ("ttcli", mine)):
            if min(seen) < d.min or max(seen) > d.max:
                problems.append(f"{expr}: {name} rolled {sorted(seen)[:3]}..{sorted(seen)[-3:]}, "
                                f"outside {d.min}..{d.max}")
            for end in (d.min, d.max):
                # n rolls miss a value of probability p with chance (1-p)**n
                likely = n * -math.log1p(-float(d.probability(end))) > 20 if d.probability(end) < 1 \
                    else True
                if likely and end not in seen:
                    problems.append(f"{expr}: {name} never rolled {end} in {n} rolls")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("expr, ours", [(r[0], r[2]) for r in ACCEPTED if r[0] != r[2]])
def test_where_the_meanings_differ_both_are_accepted(expr, ours):
    # d20's text keeps its ttcli meaning (the highest), ttcli's spelling gives d20's
    assert parse(expr) != parse(ours)
    roll(parse(expr), RandomSource(1))


def test_c_dice_1_our_d_percent_is_a_d100_where_d20s_is_a_tens_die():
    # excepted from the comparison by design: the one spelling where ours wins on a die
    assert set(_d20_totals("1d%", 2000, SEED)) == set(range(0, 100, 10))
    d = distribution(parse("1d%"))
    assert (d.min, d.max, len(d)) == (1, 100, 100)
