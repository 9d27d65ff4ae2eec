"""Dice notation: every element of the grammar, parsed and rolled with scripted dice.

Each case gives the value, the kind of result and what happened to every die,
written compactly by ``marks``: ``r`` rerolled (replaced by the next die),
``x`` dropped, ``!`` exploded, a leading ``+`` added by an explosion, ``s``
success, ``f`` failure.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.dice_checks import roll_or_error

from rules.dice import PERCENT, SUCCESSES, TOTAL, DiceError, parse, roll_text
from rules.dice.sources import GivenSource


def marks(roll) -> str:
    out = []
    for d in roll.dice:
        m = ("+" if d.extra else "") + str(d.face)
        if d.rerolled:
            m += "r"
        elif not d.kept:
            m += "x"
        if d.exploded:
            m += "!"
        if d.success:
            m += "s"
        if d.failure:
            m += "f"
        out.append(m)
    return " ".join(out)


def rolled(text: str, faces=()):
    source = GivenSource(faces, fallback=_NoFallback())
    r = roll_text(text, source)
    assert source.unused == (), "a case must use exactly the faces it scripts"
    return r


class _NoFallback:
    def draw(self, sides):
        raise AssertionError(f"the case drew one d{sides} more than it scripted")


# (text, faces, value, kind, marks)
CASES = [
    # C-DICE-1: the die letters
    ("2d6", [3, 4], 7, TOTAL, "3 4"),
    ("d6", [5], 5, TOTAL, "5"),
    ("D6", [5], 5, TOTAL, "5"),
    ("2д6", [1, 6], 7, TOTAL, "1 6"),
    ("2Д6", [1, 6], 7, TOTAL, "1 6"),
    ("2к6", [2, 2], 4, TOTAL, "2 2"),
    ("2К6", [2, 2], 4, TOTAL, "2 2"),
    ("d%", [42], 42, TOTAL, "42"),
    ("д%", [100], 100, TOTAL, "100"),
    ("к%", [1], 1, TOTAL, "1"),
    ("0d6", [], 0, TOTAL, ""),
    # integers and arithmetic
    ("42", [], 42, TOTAL, ""),
    ("2d6+3", [1, 2], 6, TOTAL, "1 2"),
    ("10-2d4", [1, 4], 5, TOTAL, "1 4"),
    ("2*3", [], 6, TOTAL, ""),
    ("1d6*2", [4], 8, TOTAL, "4"),
    ("2+3*4", [], 14, TOTAL, ""),
    ("2-3-4", [], -5, TOTAL, ""),
    ("8/2/2", [], 2, TOTAL, ""),
    ("2*3+1d4*2", [3], 12, TOTAL, "3"),
    # division rounds down, toward minus infinity
    ("7/2", [], 3, TOTAL, ""),
    ("-7/2", [], -4, TOTAL, ""),
    ("7/-2", [], -4, TOTAL, ""),
    ("-7/-2", [], 3, TOTAL, ""),
    ("1d6/2", [5], 2, TOTAL, "5"),
    ("-1d6/4", [1], -1, TOTAL, "1"),
    # parentheses and unary signs
    ("(2+3)*4", [], 20, TOTAL, ""),
    ("(2d6+3)*2", [1, 5], 18, TOTAL, "1 5"),
    ("-(1d6+2)", [4], -6, TOTAL, "4"),
    ("-3", [], -3, TOTAL, ""),
    ("--3", [], 3, TOTAL, ""),
    ("+3", [], 3, TOTAL, ""),
    ("2*-3", [], -6, TOTAL, ""),
    ("3- -2", [], 5, TOTAL, ""),
    ("((((1d4))))", [2], 2, TOTAL, "2"),
    # keep and drop
    ("4d6kh3", [2, 5, 1, 3], 10, TOTAL, "2 5 1x 3"),
    ("4d6k3", [2, 5, 1, 3], 10, TOTAL, "2 5 1x 3"),
    ("4D6KH3", [2, 5, 1, 3], 10, TOTAL, "2 5 1x 3"),
    ("4d6kl1", [2, 5, 1, 3], 1, TOTAL, "2x 5x 1 3x"),
    ("4d6dh1", [2, 5, 1, 3], 6, TOTAL, "2 5x 1 3"),
    ("4d6dl1", [2, 5, 1, 3], 10, TOTAL, "2 5 1x 3"),
    ("4d6d1", [2, 5, 1, 3], 10, TOTAL, "2 5 1x 3"),
    ("2d20kl1", [12, 7], 7, TOTAL, "12x 7"),
    ("2d20kh1", [12, 7], 12, TOTAL, "12 7x"),
    ("3d6kh1", [4, 4, 2], 4, TOTAL, "4 4x 2x"),  # ties: the earlier die is kept
    ("3d6kl2", [4, 4, 4], 8, TOTAL, "4 4 4x"),
    ("2d6kh0", [3, 4], 0, TOTAL, "3x 4x"),
    ("2d6dl2", [3, 4], 0, TOTAL, "3x 4x"),
    # rerolls: r until the face no longer matches, ro once
    ("3d6r1", [1, 1, 4, 5, 6], 15, TOTAL, "1r 1r 4 5 6"),
    ("3d6r<=2", [2, 5, 1, 3, 6], 14, TOTAL, "2r 5 1r 3 6"),
    ("2d6ro<=2", [1, 2, 6], 8, TOTAL, "1r 2 6"),
    ("2d6ro1", [1, 1, 3], 4, TOTAL, "1r 1 3"),
    ("1d6r=6", [6, 2], 2, TOTAL, "6r 2"),
    ("1d6r>4", [5, 6, 4], 4, TOTAL, "5r 6r 4"),
    # explosions: ! on the highest face, !cond on any face it names
    ("2d6!", [6, 6, 3, 4], 19, TOTAL, "6! +6! +3 4"),
    ("2d6!>=5", [5, 2, 6, 1], 14, TOTAL, "5! +2 6! +1"),
    ("1d6!6", [6, 1], 7, TOTAL, "6! +1"),
    ("1d10!<2", [1, 1, 7], 9, TOTAL, "1! +1! +7"),
    # C-DICE-2: success counting (the twilight examples count fives and sixes)
    ("9d6>=5", [5, 4, 3, 2, 4, 5, 5, 5, 4], 4, SUCCESSES, "5s 4 3 2 4 5s 5s 5s 4"),
    ("8д6>=5", [5, 4, 5, 5, 5, 5, 5, 5], 7, SUCCESSES, "5s 4 5s 5s 5s 5s 5s 5s"),
    ("9д6>=5", [5, 4, 3, 5, 4, 5, 5, 5, 5], 6, SUCCESSES, "5s 4 3 5s 4 5s 5s 5s 5s"),
    ("9д6>=5", [5, 5, 3, 2, 4, 5, 5, 5, 4], 5, SUCCESSES, "5s 5s 3 2 4 5s 5s 5s 4"),
    ("3d6>4", [4, 5, 6], 2, SUCCESSES, "4 5s 6s"),
    ("3d6<=2", [1, 2, 3], 2, SUCCESSES, "1s 2s 3"),
    ("3d6<2", [1, 2, 3], 1, SUCCESSES, "1s 2 3"),
    ("3d6=6", [6, 6, 1], 2, SUCCESSES, "6s 6s 1"),
    ("1d20>=15", [14], 0, SUCCESSES, "14"),
    ("9d6>=5+3", [6, 1, 1, 1, 1, 1, 1, 1, 1], 4, SUCCESSES, "6s 1 1 1 1 1 1 1 1"),
    # failures subtract from successes
    ("5d10>=8f1", [10, 1, 8, 1, 5], 0, SUCCESSES, "10s 1f 8s 1f 5"),
    ("4d10>=8f<=2", [9, 2, 10, 7], 1, SUCCESSES, "9s 2f 10s 7"),
    # modifiers combine, written in any order, applied reroll > explode > keep > count
    ("4d6r1kh3", [1, 3, 4, 5, 6], 15, TOTAL, "1r 3x 4 5 6"),
    ("4d6kh3r1", [1, 3, 4, 5, 6], 15, TOTAL, "1r 3x 4 5 6"),
    ("3d10!>=10>=8", [10, 3, 9, 2], 2, SUCCESSES, "10!s +3 9s 2"),
    # a comparison right after "!" belongs to the explosion
    ("2d6!>=5", [5, 1, 2], 8, TOTAL, "5! +1 2"),
    ("5d6>=5!", [6, 2, 5, 1, 1, 3], 2, SUCCESSES, "6!s +2 5s 1 1 3"),
    ("3d6!kh2", [6, 2, 1, 4], 10, TOTAL, "6! +2x 1x 4"),
    ("2d6r1!", [1, 6, 2, 3], 11, TOTAL, "1r 6! +2 3"),
    ("6d6kh4>=5", [6, 5, 5, 1, 2, 6], 4, SUCCESSES, "6s 5s 5s 1x 2x 6s"),
    # whitespace between tokens
    (" 2 d 6 + 3 ", [1, 2], 6, TOTAL, "1 2"),
    ("4d6 kh 3", [2, 5, 1, 3], 10, TOTAL, "2 5 1x 3"),
    ("9d6 >= 5", [5, 4, 3, 2, 4, 5, 5, 5, 4], 4, SUCCESSES, "5s 4 3 2 4 5s 5s 5s 4"),
    ("\t2d6\u00a0-\n1", [3, 3], 5, TOTAL, "3 3"),
    # typographic signs pasted from forums and office software
    ("2×3", [], 6, TOTAL, ""),
    ("2·3", [], 6, TOTAL, ""),
    ("7÷2", [], 3, TOTAL, ""),
    ("5−2", [], 3, TOTAL, ""),
    ("5–2", [], 3, TOTAL, ""),
    ("−1d6", [2], -2, TOTAL, "2"),
    ("9d6≥5", [5, 4, 3, 2, 4, 5, 5, 5, 4], 4, SUCCESSES, "5s 4 3 2 4 5s 5s 5s 4"),
    ("3d6≤2", [1, 2, 3], 2, SUCCESSES, "1s 2s 3"),
    ("3d6⩾5", [5, 4, 6], 2, SUCCESSES, "5s 4 6s"),
    ("3d6r≤2", [2, 3, 4, 5], 12, TOTAL, "2r 3 4 5"),
    # C-PCT-1: N% is a d100 that succeeds at most N
    ("20%", [20], 20, PERCENT, "20"),
    ("20%", [21], 21, PERCENT, "21"),
    ("20 %", [1], 1, PERCENT, "1"),
]


@pytest.mark.parametrize("text, faces, value, kind, dice", CASES)
def test_c_dice_1_c_dice_2_c_pct_1_notation_table(text, faces, value, kind, dice):
    r = rolled(text, faces)
    assert (r.value, r.kind, marks(r)) == (value, kind, dice)


@pytest.mark.parametrize("text, count", [
    ("d%", 1), ("д%", 1), ("к%", 1), ("Д%", 1), ("К%", 1), ("D%", 1), ("3d%", 3),
])
def test_c_dice_1_percent_die_is_a_d100(text, count):
    r = rolled(text, [100] * count)
    assert [d.sides for d in r.dice] == [100] * count


@pytest.mark.parametrize("a, b", [
    ("2d6", "2д6"), ("2d6", "2к6"), ("2d6", "2D6"), ("2d6", "2Д6"), ("2d6", "2К6"),
    ("d%", "д%"), ("d%", "d100"), ("1d6", "d6"),
])
def test_c_dice_1_letters_are_equivalent(a, b):
    assert parse(a).root.sides == parse(b).root.sides
    assert parse(a).root.count == parse(b).root.count


@pytest.mark.parametrize("face, passed", [(1, True), (19, True), (20, True), (21, False), (100, False)])
def test_c_pct_1_percent_succeeds_at_most_n(face, passed):
    r = rolled("20%", [face])
    assert (r.kind, r.value, r.passed) == (PERCENT, face, passed)


@pytest.mark.parametrize("chance, face, passed", [(0, 1, False), (100, 100, True), (150, 100, True)])
def test_c_pct_1_percent_edges(chance, face, passed):
    assert rolled(f"{chance}%", [face]).passed is passed


def test_c_dice_2_failure_and_success_counts_are_kept_apart():
    r = rolled("5d10>=8f1", [10, 1, 8, 1, 5])
    (group,) = r.groups
    assert (group.successes, group.failures, group.value) == (2, 2, 0)
    assert rolled("3d6>=5", [5, 1, 6]).groups[0].failures is None


@pytest.mark.parametrize("text, label, body", [
    ("2d6 [атака мечом]", "атака мечом", "2d6"),
    ("2d6[урон]", "урон", "2d6"),
    ("  1d20+5   [ спасбросок ]  ", "спасбросок", "1d20+5"),
    ("2d6 []", None, "2d6"),
    ("20% [уклонение Рыб]", "уклонение Рыб", "20%"),
])
def test_labels_are_taken_from_the_end(text, label, body):
    e = parse(text)
    assert (e.label, e.text) == (label, body)


def test_label_does_not_change_the_roll():
    assert rolled("2d6 [атака мечом]", [3, 4]).value == 7


@pytest.mark.parametrize("text, value", [("7/0", None), ("1d6/0", None), ("1/(1d6-1d6)", None)])
def test_division_by_zero_is_a_math_error_at_the_sign(text, value):
    with pytest.raises(DiceError) as e:
        rolled(text, [3, 3] if "(" in text else [3] if "d" in text else [])
    assert e.value.kind == "math"
    assert text[e.value.position] == "/"


@pytest.mark.parametrize("text, kind, position", [
    ("", "syntax", 0),
    ("   ", "syntax", 0),
    ("2d", "syntax", 2),
    ("d", "syntax", 1),
    ("2d6+", "syntax", 4),
    ("(2d6", "syntax", 4),
    ("2d6)", "syntax", 3),
    (")", "syntax", 0),
    ("2x6", "syntax", 1),
    ("2d6 2d6", "syntax", 4),
    ("4d6kh", "syntax", 5),
    ("4d6kh5", "syntax", 0),
    ("1d6kh1kl2", "syntax", 0),
    ("1d6r", "syntax", 4),
    ("1d6f1", "syntax", 0),
    ("1d0", "syntax", 2),
    ("3>=", "syntax", 3),
    ("2d6+20%", "syntax", 4),
    ("(20%)", "syntax", 1),
    ("5%%", "syntax", 2),
    ("2d6 [a] [b", "syntax", 8),
    ("2d6 [a", "syntax", 4),
    ("1d6r<=6", "limit", 0),
    ("1d6r>=1", "limit", 0),
    ("1d1!", "limit", 0),
    ("2d6!>=1", "limit", 0),
    ("1d6!<=6", "limit", 0),
])
def test_bad_notation_says_where(text, kind, position):
    with pytest.raises(DiceError) as e:
        parse(text)
    assert (e.value.kind, e.value.position) == (kind, position)
    assert e.value.text == text
    assert "^" in e.value.caret() or not text


def test_reroll_once_may_match_every_face():
    # ro rerolls a single time, so it cannot loop: allowed even when it always matches
    assert marks(rolled("1d6ro<=6", [2, 5])) == "2r 5"


def test_parse_keeps_the_text_as_typed():
    e = parse("  4д6kh3 + 2 [урон] ")
    assert (e.text, e.label, e.source) == ("4д6kh3 + 2", "урон", "  4д6kh3 + 2 [урон] ")
    assert e.root.first.text == "4д6kh3"


def test_parse_answers_repeated_text_from_its_cache():
    assert parse("3d6+2") is parse("3d6+2")


# -- hypothesis: nothing but a Roll or a DiceError ever comes out ------------------

ALPHABET = list("0123456789dDдДкКkKhHlLrRoOfF!%+-*/()<>=[] ×÷−≥≤.,\t") + [
    "kh", "kl", "dh", "dl", "ro", ">=", "<=", "d6", "d%", "20", "1000000", "999999999999",
]


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=80))
def test_any_text_gives_a_roll_or_a_dice_error(text):
    roll_or_error(text)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(ALPHABET), max_size=40).map("".join))
def test_notation_alphabet_gives_a_roll_or_a_dice_error(text):
    roll_or_error(text)
