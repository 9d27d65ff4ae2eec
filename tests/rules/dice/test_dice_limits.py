"""DESIGN decision 5: the limits of one expression.

Refused before any die is rolled, with a DiceError: never a crash or a hang.
"""

from __future__ import annotations

import random

import pytest

from rules.dice import DEFAULT_LIMITS, DiceError, Limits, parse, roll, roll_text, to_text
from rules.dice.limits import MAX_DEPTH_CEILING
from rules.dice.sources import ROLLED, Draw, GivenSource


class NoDice:
    """Fails the test if anything is drawn: the refusal must come first."""

    def draw(self, sides: int) -> Draw:
        raise AssertionError(f"a d{sides} was drawn before the limit refused the expression")


class Constant:
    """Always the same face, to make rerolls or explosions go on for ever."""

    def __init__(self, face: int) -> None:
        self.face = face
        self.drawn = 0

    def draw(self, sides: int) -> Draw:
        self.drawn += 1
        return Draw(self.face, ROLLED)


def refused(text: str, limits: Limits = DEFAULT_LIMITS) -> DiceError:
    with pytest.raises(DiceError) as e:
        roll_text(text, NoDice(), limits)
    err = e.value
    assert err.text == text
    assert err.position is None or 0 <= err.position <= len(text)
    return err


# -- one budget of dice, rerolls and explosions included --------------------------------

@pytest.mark.parametrize("text, position", [
    ("1001d6", 0),
    ("500d6+501d6", 6),
    ("1000d6+1d6", 7),
    ("(999d6+2d4)*2", 7),
])
def test_design_5_too_many_written_dice_are_refused_before_rolling(text, position):
    err = refused(text)
    assert (err.kind, err.position) == ("limit", position)


def test_design_5_a_thousand_dice_are_allowed():
    r = roll_text("1000d6", Constant(3))
    assert (r.value, len(r.dice), r.capped) == (3000, 1000, False)


def test_design_5_explosions_stop_at_the_budget_and_mark_the_roll_capped():
    source = GivenSource([6, 6, 6, 6])
    r = roll_text("1d6!", source, Limits(max_dice=3))
    assert [(d.face, d.exploded) for d in r.dice] == [(6, True), (6, True), (6, False)]
    assert r.capped and r.groups[0].capped
    assert r.value == 18
    assert source.unused == (6,)


def test_design_5_rerolls_stop_at_the_budget():
    r = roll_text("1d6r1", GivenSource([1, 1, 1]), Limits(max_dice=2))
    assert [(d.face, d.rerolled, d.kept) for d in r.dice] == [(1, True, False), (1, False, True)]
    assert (r.value, r.capped) == (1, True)


def test_design_5_written_dice_are_reserved_before_explosions_spend_the_rest():
    # 3 written dice of 4: the first explosion takes the last spare die and the
    # 2d6 behind it still get theirs
    r = roll_text("1d6!+2d6", GivenSource([6, 6, 6, 2]), Limits(max_dice=4))
    assert [d.face for d in r.dice] == [6, 6, 6, 2]
    assert r.groups[0].capped and not r.groups[1].capped
    assert r.value == 20


def test_design_5_the_default_budget_counts_explosions_in():
    source = Constant(1)
    r = roll_text("1d6!<=5", source)
    assert source.drawn == len(r.dice) == DEFAULT_LIMITS.max_dice
    assert r.capped
    assert to_text(r).endswith("(dice limit reached) = 1000")


def test_design_5_the_default_budget_counts_rerolls_in():
    source = Constant(1)
    r = roll_text("10d6r1+5d6", source)
    assert source.drawn == len(r.dice) == 1000
    assert r.capped


def test_design_5_written_dice_leave_no_budget_for_explosions():
    r = roll_text("1000d6!", Constant(6))
    assert len(r.dice) == 1000 and r.capped


# -- length, nesting, literal size, die size ---------------------------------------------

def test_design_5_length_limit():
    text = "1+" * 499 + "1"
    assert len(text) == 999 and roll_text(text, NoDice()).value == 500
    err = refused("1+" * 500 + "1")
    assert (err.kind, err.position) == ("limit", 1000)


def test_design_5_the_label_counts_towards_the_length():
    err = refused("1" + " " * 990 + "[" + "x" * 20 + "]")
    assert err.kind == "limit"


@pytest.mark.parametrize("depth, ok", [(50, True), (51, False)])
def test_design_5_nesting_limit_parentheses(depth, ok):
    text = "(" * depth + "1" + ")" * depth
    if ok:
        assert roll_text(text, NoDice()).value == 1
    else:
        err = refused(text)
        assert (err.kind, err.position) == ("limit", 50)


@pytest.mark.parametrize("depth, ok", [(50, True), (51, False)])
def test_design_5_nesting_limit_unary_signs(depth, ok):
    text = "-" * depth + "1"
    if ok:
        assert roll_text(text, NoDice()).value == (-1) ** depth
    else:
        assert refused(text).kind == "limit"


def test_design_5_nesting_counts_signs_and_parentheses_together():
    assert refused("-(" * 26 + "1" + ")" * 26).kind == "limit"
    assert roll_text("-(" * 25 + "1" + ")" * 25, NoDice()).value == -1


@pytest.mark.parametrize("text, ok", [
    ("1000000000", True),
    ("1000000001", False),
    ("99999999999999999999999999999999", False),
    ("1d1000000", True),
    ("1d1000001", False),
    ("1d6kh1000000001", False),
])
def test_design_5_literal_and_die_size_limits(text, ok):
    if ok:
        parse(text)
    else:
        assert refused(text).kind == "limit"


# -- the 64-bit bound: every value the expression can reach must fit -----------------------

@pytest.mark.parametrize("text, position", [
    ("1000000000*1000000000*10", 21),
    ("-1000000000*1000000000*10", 22),
    ("1000000000*1000000000*9+1000000000*1000000000*9", 23),
    ("1000d1000000*1000000000*10", 23),
    ("1000d6!*1000000000*1000000000", 18),
    # the result would fit, but an intermediate value would not
    ("1000000000*1000000000*10-1000000000*1000000000*10", 21),
    ("(1000000000*1000000000*1000)/1000000000", 22),
])
def test_design_5_values_beyond_64_bits_are_refused_before_rolling(text, position):
    err = refused(text)
    assert (err.kind, err.position) == ("limit", position)
    assert text[position] in "*+-/"


@pytest.mark.parametrize("text, value", [
    ("1000000000*1000000000*9", 9 * 10**18),
    ("-1000000000*1000000000*9", -9 * 10**18),
    ("1000000000*1000000000*9-1000000000*1000000000*9", 0),
])
def test_design_5_values_within_64_bits_are_allowed(text, value):
    assert roll_text(text, NoDice()).value == value


def test_design_5_largest_reachable_dice_value_fits():
    assert roll_text("1000d1000000*1000000000", Constant(1000000)).value == 10**18


# -- long inputs: always a DiceError, quickly; never RecursionError ---------------------------

def test_design_5_thousands_of_nested_parentheses():
    text = "(" * 5000 + "1" + ")" * 5000
    assert refused(text).kind == "limit"  # too long
    err = refused(text, Limits(max_length=20_000))
    assert (err.kind, err.position) == ("limit", 50)  # too deep


def test_design_5_thousands_of_unary_signs():
    assert refused("-" * 5000 + "1", Limits(max_length=20_000)).kind == "limit"


def test_design_5_thousands_of_terms():
    text = "+".join(["1"] * 5000)
    assert refused(text).kind == "limit"
    r = roll_text(text, NoDice(), Limits(max_length=20_000))
    assert r.value == 5000
    assert to_text(r) == f"{text} = 5000"


def test_design_5_thousands_of_dice_terms_exhaust_the_budget_not_the_stack():
    text = "+".join(["1d6"] * 5000)
    err = refused(text, Limits(max_length=50_000))
    assert (err.kind, err.position) == ("limit", 4000)


@pytest.mark.parametrize("make", [
    lambda r: "".join(r.choice("()+-*/dkhlr!%<>=[]0123456789 ×÷д") for _ in range(100_000)),
    lambda r: "".join(chr(r.randrange(32, 0x2FFF)) for _ in range(100_000)),
    lambda r: " " * 100_000 + "]",
    lambda r: "[" * 50_000 + "]" * 50_000,
    lambda r: "(" * 100_000,
    lambda r: "9" * 100_000,
    lambda r: "1d6" * 30_000,
    lambda r: " " * 100_000,
])
def test_design_5_100_kb_of_garbage_is_a_dice_error(make):
    text = make(random.Random(1))
    assert refused(text).kind == "limit"  # too long, at once
    err = refused(text, Limits(max_length=200_000))
    assert err.kind in ("syntax", "limit")


# -- the limits themselves ------------------------------------------------------------------

@pytest.mark.parametrize("kwargs", [
    {"max_depth": MAX_DEPTH_CEILING + 1}, {"max_dice": 0}, {"max_length": 0}, {"max_sides": -1},
])
def test_design_5_limits_refuse_values_that_cannot_work(kwargs):
    with pytest.raises(ValueError):
        Limits(**kwargs)


@pytest.mark.parametrize("kwargs", [
    {"max_depth": MAX_DEPTH_CEILING + 1}, {"max_dice": 0}, {"max_value": 0},
])
def test_design_5_a_copy_with_changes_is_checked_too(kwargs):
    with pytest.raises(ValueError):
        DEFAULT_LIMITS._replace(**kwargs)
    assert DEFAULT_LIMITS._replace(max_dice=7).max_dice == 7


def test_design_5_limits_keep_their_defaults_and_keywords():
    assert Limits() == DEFAULT_LIMITS == Limits(1000, 50, 1000, 1_000_000, 1_000_000_000, 2**63 - 1)
    assert Limits(max_sides=6).max_sides == 6 and Limits(max_sides=6).max_dice == 1000


def test_design_5_the_deepest_allowed_nesting_does_not_hit_the_interpreter_stack():
    deep = Limits(max_depth=MAX_DEPTH_CEILING)
    half = MAX_DEPTH_CEILING // 2
    text = "-(" * half + "1d6+2" + ")" * half
    r = roll(parse(text, deep), GivenSource([3]), deep)
    assert r.value == 5
    assert to_text(r).endswith("= 5")
