"""The fast paths of rules/odds against the slow ones, and folding a distribution.

* keep by the last kept face against keep by count (odds_keep), both exact;
* exploding sums in fixed point against the exact power (odds_fixed);
* ``fold``: rows that cover every value once, tails that hold little, cuts
  that start rows, and a chart that fits a screen.
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.dice import DiceError, parse
from rules.odds import DEFAULT_LIMITS, distribution
from rules.odds.dice import chain_poly
from rules.odds.faces import Faces
from rules.odds.fixed import ONE, fixed_power
from rules.odds.folding import HIGH, LOW, MAX_ROWS, RANGE, TAIL, VALUE, fold
from rules.odds.keep import ORDER, _kept_by_last_face, _kept_first
from rules.odds.meter import Meter
from rules.odds.poly import power


def _order(text: str):
    node = parse(text).root
    descending, kept_first = ORDER[node.keep.mode]
    count = node.keep.count
    if not kept_first:
        descending, count = not descending, node.count - count
    return Faces(node, True, False).ordered(descending), node.count, count


# -- keep by the last kept face --------------------------------------------

@pytest.mark.parametrize("text", [
    "4d6kh3", "5d6kl2", "4d4dh1", "7d5dl3", "20d6kh10", "1d6kh1", "3d3kh0", "6d6kh6",
    "6d6>=5f1kh3", "6d6<=2kh3", "5d6>=4f<=2kl2", "3d6ro1kh2", "4d8r<=2dl1", "30d2kh17",
    "12d20kh3", "9d100kl4",
])
def test_keep_by_last_face_equals_keep_by_count(text):
    order, n, c = _order(text)
    a, b = _kept_first(order, n, c), _kept_by_last_face(order, n, c)
    assert (a.lo, a.c) == (b.lo, b.c)


@settings(max_examples=200, deadline=None)
@given(n=st.integers(1, 12), sides=st.integers(1, 12), data=st.data())
def test_keep_by_last_face_equals_keep_by_count_for_generated_terms(n, sides, data):
    mode = data.draw(st.sampled_from(["kh", "kl", "dh", "dl"]))
    count = data.draw(st.integers(0, n))
    extra = data.draw(st.sampled_from(["", f">={sides}", f"<={(sides + 1) // 2}f={sides}",
                                       f"r<={sides // 2 or 1}" if sides > 1 else "",
                                       f"ro={sides}"]))
    order, n, c = _order(f"{n}d{sides}{extra}{mode}{count}")
    a, b = _kept_first(order, n, c), _kept_by_last_face(order, n, c)
    assert (a.lo, a.c) == (b.lo, b.c)


@pytest.mark.parametrize("n, sides, mode, count", [
    (4, 6, "kh", 3), (5, 4, "kl", 2), (4, 5, "dh", 1), (5, 3, "dl", 2), (6, 3, "kh", 4),
])
def test_keep_by_last_face_equals_every_roll_listed(n, sides, mode, count):
    from collections import Counter
    from itertools import product

    descending, kept_first = ORDER[mode]
    keep = count if kept_first else n - count
    listed = Counter()
    for faces in product(range(1, sides + 1), repeat=n):
        ordered = sorted(faces, reverse=descending)
        listed[sum(ordered[:keep]) if kept_first else sum(ordered[count:])] += 1
    order, n, c = _order(f"{n}d{sides}{mode}{count}")
    ours = _kept_by_last_face(order, n, c)
    assert {ours.lo + i: w for i, w in enumerate(ours.c) if w} == dict(listed)


def test_200d6kh100_is_answered_and_mirrors_keep_lowest():
    # keeping the 100 highest of 200 = 200 * 7 minus keeping the 100 lowest of (7 - face)
    high = distribution(parse("200d6kh100"))
    low = distribution(parse("200d6kl100"))
    assert high.total == 6 ** 200 and sum(high.weights) == high.total
    assert dict(zip(high.values, high.weights, strict=True)) == {
        700 - v: w for v, w in zip(low.values, low.weights, strict=True)}
    assert (high.min, high.max) == (100, 600)


def test_60d6kh30_both_ways_through_distribution():
    order, n, c = _order("60d6kh30")
    slow = _kept_first(order, n, c)
    d = distribution(parse("60d6kh30"))
    assert dict(zip(d.values, d.weights, strict=True)) == {slow.lo + i: w for i, w in enumerate(slow.c) if w}


# -- explosions in fixed point -----------------------------------------------

@pytest.mark.parametrize("text, n, depth", [("d6!", 10, 12), ("d10!", 7, 9), ("d6!>=5", 12, 8),
                                           ("d4r1!", 9, 10), ("d6!6>=5f1", 15, 10)])
def test_fixed_power_is_below_the_exact_power_by_at_most_what_it_reports(text, n, depth):
    node = parse(text).root
    faces = Faces(node, rerolls=True, explodes=True)
    chain = chain_poly(faces, depth, Meter(math.inf, text), 0)
    exact = power(chain, n, Meter(math.inf, text))
    fixed, lost = fixed_power(chain, n, Meter(math.inf, text), 0)
    total = sum(exact.c)
    true = {exact.lo + i: Fraction(w, total) for i, w in enumerate(exact.c) if w}
    ours = {fixed.lo + i: Fraction(w, ONE) for i, w in enumerate(fixed.c) if w}
    # rounded down everywhere, and the mass it misses is exactly what it reports
    assert all(ours[v] <= true[v] for v in ours)
    assert sum(true.values()) - sum(ours.values()) == Fraction(ONE - sum(fixed.c), ONE)
    assert 0 <= lost < 1e-20
    # scaled up to sum to 1, it is within `lost` of the truth in total variation
    scale = sum(ours.values())
    tv = sum(abs(true[v] - ours.get(v, 0) / scale) for v in true) / 2
    assert tv <= Fraction(lost) * (1 + Fraction(1, 10 ** 9))


@pytest.mark.parametrize("text, mean", [("100d6!", Fraction(420)), ("50d10!", Fraction(2750, 9)),
                                        ("8d6!", Fraction(168, 5)), ("20d6!>=5", Fraction(105))])
def test_big_exploding_sums_are_answered_within_their_error(text, mean):
    d = distribution(parse(text))
    assert 0 < d.max_error <= DEFAULT_LIMITS.max_error
    assert sum(d.weights) == d.total
    # total-variation distance e moves the mean by at most e * (max - min)
    assert abs(d.mean - mean) <= Fraction(d.max_error) * (d.max - d.min + 1) + Fraction(1, 10 ** 12)


@pytest.mark.parametrize("text", ["5d1000!", "d20!>=2", "1000d6kh500"])
def test_what_cannot_be_done_in_time_is_refused_before_the_work(text):
    with pytest.raises(DiceError) as e:
        distribution(parse(text))
    assert e.value.kind == "limit"


def test_a_million_sided_die_is_stored_without_a_pair_per_value():
    d = distribution(parse("1d1000000"))
    assert isinstance(d.values, tuple) and len(d.values) == 1_000_000
    assert d.values[0] == 1 and d.values[-1] == 1_000_000
    assert d.weight_below(500_001) == 500_000


# -- folding -------------------------------------------------------------------

def _check_cover(d, rows):
    """Rows in order, every value in exactly one row, weights summing to the total."""
    assert sum(r.weight for r in rows) == d.total
    assert rows[0].lo == d.min and rows[-1].hi == d.max
    for r in rows:
        assert r.lo <= r.hi
        assert r.weight == d.weight_below(r.hi + 1) - d.weight_below(r.lo)
    for a, b in pairwise(rows):
        assert a.hi < b.lo
        # grouped rows leave no gap; per-value rows may skip impossible values
        if a.kind != VALUE or b.kind != VALUE:
            assert a.hi + 1 == b.lo


@pytest.mark.parametrize("text", ["2d6", "4d6kh3", "4d6", "d6*d6", "9d6>=5"])
def test_few_values_get_a_row_each(text):
    d = distribution(parse(text))
    rows = fold(d)
    assert [(r.lo, r.weight) for r in rows] == list(zip(d.values, d.weights, strict=True))
    assert all(r.kind == VALUE for r in rows)


@pytest.mark.parametrize("text, cuts", [
    ("100d6", ()), ("1000d100", ()), ("1d1000000", ()), ("d20*d20", ()), ("10d6", (40,)),
    ("100d6", (450,)), ("100d6", (200, 351)), ("1000d6>=5", ()), ("3d6!", ()),
    ("1000d1000000>=2", ()), ("d100", (21,)), ("50d20kh25", (300, 301)),
])
def test_many_values_fold_into_a_screen(text, cuts):
    d = distribution(parse(text))
    rows = fold(d, cuts)
    _check_cover(d, rows)
    assert len(rows) <= MAX_ROWS + len(cuts)
    for c in cuts:
        assert any(r.lo == c for r in rows), c
    for r in rows:
        if r.kind in (LOW, HIGH):
            assert Fraction(r.weight, d.total) <= TAIL
    assert rows[0].kind in (LOW, RANGE, VALUE)


def test_c_pct_1_twenty_percent_is_ten_rows_cut_at_the_chance():
    d = distribution(parse("20%"))
    rows = fold(d, [21])
    assert [(r.lo, r.hi) for r in rows] == [(k, k + 9) for k in range(1, 101, 10)]
    assert all(Fraction(r.weight, d.total) == Fraction(1, 10) for r in rows)


def test_a_cut_inside_a_folded_tail_splits_it():
    d = distribution(parse("100d6"))
    rows = fold(d, [450])
    assert rows[-1].kind == HIGH and rows[-1].lo == 450 and rows[-1].hi == 600
    assert rows[-2].hi == 449


def test_bins_are_round_and_counted_from_the_smallest_value():
    rows = fold(distribution(parse("1d100")))
    assert [(r.lo, r.hi) for r in rows][:3] == [(1, 5), (6, 10), (11, 15)]
    rows = fold(distribution(parse("100d6")))
    assert all((r.lo - 100) % 10 == 0 for r in rows if r.kind == RANGE)


@settings(max_examples=120, deadline=None)
@given(count=st.integers(1, 60), sides=st.integers(1, 30), mult=st.integers(1, 7),
       cuts=st.lists(st.integers(-10, 300), max_size=3),
       max_rows=st.integers(3, 30))
def test_fold_covers_every_value_for_generated_sums(count, sides, mult, cuts, max_rows):
    d = distribution(parse(f"{count}d{sides}*{mult}"))
    rows = fold(d, cuts, max_rows=max_rows, value_rows=max_rows)
    _check_cover(d, rows)
    inside = [c for c in set(cuts) if d.min < c <= d.max]
    if len(d) > max_rows:
        # a row never straddles a cut
        for c in inside:
            assert not any(r.lo < c <= r.hi for r in rows)
    else:
        assert len(rows) == len(d)
