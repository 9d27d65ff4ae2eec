"""Terra formulas and the crit check (TT-CRIT-1..6): the seed's own numbers, as
pure functions and through the ``formula`` command from given dice."""

from __future__ import annotations

import json
import shutil

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.paths import ROOT_DIR

from rules.dice.sources import GivenSource
from rules.systems.terra.formula import CRIT, MINIMUM, MISS, NORMAL, PLAIN, Check, Term, parse_formula, roll_formula
from ttcli.exitcodes import ExitCode

ROOT = ROOT_DIR


def rolled(text: str, faces: list[int], check: Check):
    source = GivenSource(faces)
    out = roll_formula(parse_formula(text), source, check)
    assert source.unused == ()  # every given die was asked for: the order is formula dice, then the check D4
    return out


# --- TT-CRIT-1: D4+2 gives crit 8, minimum 3, miss 0, for each blood group --------------

SEED_D4_PLUS_2 = [
    # ГК, check D4, verdict, total
    *[(gk, gk, CRIT, 8) for gk in (1, 2, 3, 4)],
    (1, 4, MINIMUM, 3), (2, 4, MINIMUM, 3), (3, 1, MINIMUM, 3), (4, 1, MINIMUM, 3),
    (1, 2, MISS, 0), (1, 3, MISS, 0), (2, 1, MISS, 0), (2, 3, MISS, 0),
    (3, 2, MISS, 0), (3, 4, MISS, 0), (4, 2, MISS, 0), (4, 3, MISS, 0),
]


@pytest.mark.parametrize(("gk", "check", "verdict", "total"), SEED_D4_PLUS_2)
def test_tt_crit_1_d4_plus_2_crit_8_minimum_3_miss_0(gk, check, verdict, total):
    out = rolled("D4+2", [1, check], Check(gk))
    assert (out.result, out.total, out.check) == (verdict, total, check)


def test_tt_crit_1_no_check_unless_the_first_die_shows_1():
    out = rolled("D4+2", [3], Check(2))
    assert (out.result, out.total, out.check, len(out.dice)) == (NORMAL, 5, None, 1)


def test_tt_crit_1_a_d6_crit_deals_12():
    assert rolled("D6", [1, 3], Check(3)).total == 12


# --- TT-CRIT-2: a multiplier over 2 -----------------------------------------------------

@pytest.mark.parametrize(("text", "total"), [
    ("3*D6", 24),  # the seed: 18 + 6
    ("D6*3", 24),
    ("4*D6", 30),
    ("2*D6", 24),  # [I] 2 is not over 2: doubled, 2 x 12
    ("3*D6+5", 24),  # constants cancelled
])
def test_tt_crit_2_multiplied_first_die_crits(text, total):
    assert rolled(text, [1, 1], Check(1)).total == total


# --- TT-CRIT-3: only the first die is checked ---------------------------------------------

@pytest.mark.parametrize(("text", "faces", "verdict", "total"), [
    ("D4+D4+D4", [1, 3, 2, 3], CRIT, 8 + 3 + 2),
    ("D4+D4+D4", [1, 3, 2, 2], MISS, 0),
    ("D4+D4+D4", [1, 3, 2, 1], MINIMUM, 1 + 3 + 2),
    ("3D4", [1, 3, 2, 3], CRIT, 8 + 3 + 2),  # [I] 3D4 is D4+D4+D4
    ("D4+D4+D4", [2, 1, 1], NORMAL, 4),  # a 1 on a later die calls no check
    ("2D6+3", [4, 5], NORMAL, 12),
])
def test_tt_crit_3_only_the_first_die_is_checked(text, faces, verdict, total):
    out = rolled(text, faces, Check(3))
    assert (out.result, out.total) == (verdict, total)


# --- TT-CRIT-4: monsters roll plainly ---------------------------------------------------------

def test_tt_crit_4_a_monster_formula_is_plain_and_draws_no_check_die():
    out = rolled("D4+2", [1], Check(None))
    assert (out.result, out.total, len(out.dice)) == (PLAIN, 3, 1)


# --- TT-CRIT-5: supernatural and mystic crits are the maximum, not doubled ---------------------

@pytest.mark.parametrize(("text", "total"), [("D6+3", 6), ("3*D6", 18), ("D4+D4", 4 + 2)])
def test_tt_crit_5_supernatural_and_mystic_crit_without_doubling(text, total):
    faces = [1, 2, 2] if text == "D4+D4" else [1, 2]
    assert rolled(text, faces, Check(2, doubling=False)).total == total


# --- TT-CRIT-6: Козерог --------------------------------------------------------------------------

@pytest.mark.parametrize(("check", "shift", "shifted", "verdict"), [
    (2, 1, 3, CRIT), (4, -1, 3, CRIT), (2, -1, 1, MINIMUM), (4, 1, 4, MISS),  # [I] stays within 1..4
])
def test_tt_crit_6_capricorn_shifts_the_check_die_by_one(check, shift, shifted, verdict):
    out = rolled("D4+2", [1, check], Check(3, shift=shift))
    assert (out.check, out.shifted, out.result) == (check, shifted, verdict)


def test_tt_crit_6_a_forced_crit_needs_no_check_and_never_misses():
    out = rolled("D6+2", [4], Check(3, forced=True))
    assert (out.result, out.total, len(out.dice), out.forced) == (CRIT, 12, 1, True)


def test_tt_crit_6_a_shift_beyond_one_is_refused():
    with pytest.raises(ValueError, match="by 1 at most"):
        rolled("D4", [1, 2], Check(3, shift=2))


# --- the formula's shape ---------------------------------------------------------------------------

@pytest.mark.parametrize("bad", ["4d6kh3", "D4*D4", "D6>=5", "2d6!", "max(D4, 2)", "abc", "D4/2"])
def test_a_formula_that_is_not_terra_notation_is_refused_with_an_example(bad):
    with pytest.raises(ValueError, match="formula"):
        parse_formula(bad)


@pytest.mark.parametrize("letter", ["D", "d", "д", "Д", "к", "К"])
def test_c_dice_1_every_die_letter_reads_the_same_formula(letter):
    assert parse_formula(f"{letter}4+2").terms == parse_formula("D4+2").terms


terms = st.lists(st.one_of(
    st.tuples(st.sampled_from("+-"), st.integers(1, 3), st.sampled_from([4, 6, 8, 10, 12, 20])),
    st.tuples(st.sampled_from("+-"), st.integers(0, 30)),
), min_size=1, max_size=6)


@given(terms)
def test_a_written_formula_reads_back_as_its_terms(parts):
    """Property: whatever sum of k*Dn and constants is written, the parsed terms are those."""
    text, expected = "", []
    for i, part in enumerate(parts):
        sign = part[0]
        prefix = "" if i == 0 and sign == "+" else sign
        if len(part) == 3:
            k, sides = part[1], part[2]
            text += f"{prefix}{k}*D{sides}" if k > 1 else f"{prefix}D{sides}"
            expected.append(Term(1 if sign == "+" else -1, k, sides))
        else:
            text += f"{prefix}{part[1]}"
            expected.append(Term(1 if sign == "+" else -1, value=part[1]))
    assert parse_formula(text).terms == tuple(expected)


@given(st.integers(1, 4), st.lists(st.integers(1, 6), min_size=3, max_size=3), st.integers(1, 4))
def test_the_total_is_never_negative_and_a_miss_is_zero(gk, faces, check):
    out = roll_formula(parse_formula("D6+D6-10"), GivenSource([*faces[:2], check]), Check(gk))
    assert out.total >= 0
    if out.result == MISS:
        assert out.total == 0


# --- through the command line ----------------------------------------------------------------------

@pytest.fixture
def terra(tmp_path, runner):
    """The example terra session, copied."""
    from ttcli.app import app

    saves = tmp_path / "saves"
    saves.mkdir()
    shutil.copy(ROOT / "saves" / "terra.toml", saves / "terra.toml")

    def run(*args):
        return runner.invoke(app, ["--saves", str(saves), "--session", "terra", *args])

    run.path = saves / "terra.toml"
    return run


@pytest.mark.parametrize(("gk", "check", "verdict", "total"), SEED_D4_PLUS_2)
def test_tt_crit_1_the_seed_numbers_through_the_formula_command(terra, gk, check, verdict, total):
    r = terra("formula", "D4+2", "--gk", str(gk), "--given", f"1 {check}", "--json")
    assert r.exit_code == 0, r.output
    body = json.loads(r.stdout)
    event = next(e for e in body["events"] if e["kind"] == "formula")
    assert (event["result"], event["total"], event["check"]) == (verdict, total, check)
    assert [d["face"] for d in body["dice"]] == [1, check]


def test_tt_crit_1_the_output_shows_every_step(terra):
    r = terra("formula", "D4+2", "--gk", "2", "--given", "1 2")
    assert r.stdout.strip() == "D4+2: rolled 1; first die 1 → check D4 = 2 = ГК 2: crit, 8"
    r = terra("формула", "3*D6", "--gk", "1", "--given", "1 1")
    assert r.stdout.strip() == "3*D6: rolled 1; first die 1 → check D4 = 1 = ГК 1: crit, 24"


def test_tt_crit_3_d4_d4_d4_through_the_command(terra):
    r = terra("formula", "D4+D4+D4", "--gk", "4", "--given", "1 2 3 1")
    assert r.stdout.strip() == "D4+D4+D4: rolled 1+2+3; first die 1 → check D4 = 1, farthest from ГК 4: minimum, 6"


def test_tt_crit_4_a_monster_from_the_sheet_rolls_plainly(terra):
    r = terra("formula", "D4+2", "--by", "Волк 1", "--given", "1")
    assert r.stdout.strip() == "Волк 1: D4+2: rolled 1 = 3 (no crit check)"


def test_tt_crit_6_capricorn_from_the_sheet_shifts_and_others_may_not(terra):
    r = terra("formula", "D4+2", "--by", "Торн", "--shift", "1", "--given", "1 2")
    assert "check D4 = 2, shifted to 3 = ГК 3: crit, 8" in r.stdout
    r = terra("formula", "D4+2", "--by", "Айрис", "--shift", "1", "--given", "1 2")
    assert r.exit_code == ExitCode.RULES and "only Козерог may shift" in r.stderr


def test_tt_crit_5_the_damage_type_decides_doubling(terra):
    r = terra("formula", "D6+3", "--gk", "2", "--type", "сверхъестественный", "--given", "1 2")
    assert r.stdout.strip().endswith("crit, 6")


def test_bad_formula_and_damage_type_get_one_message_and_change_nothing(terra):
    before = terra.path.read_bytes()
    r = terra("formula", "4d6kh3", "--gk", "1")
    assert r.exit_code == ExitCode.USAGE and "is not a terra formula" in r.stderr and "D4+2" in r.stderr
    r = terra("formula", "D4", "--gk", "1", "--type", "огнь")
    assert r.exit_code == ExitCode.NOT_FOUND and "did you mean: огонь" in r.stderr
    r = terra("formula", "D4", "--gk", "7")
    assert r.exit_code == ExitCode.USAGE and "1..4" in r.stderr
    r = terra("formula", "D4")
    assert r.exit_code == ExitCode.USAGE and "--by NAME, --gk" in r.stderr
    assert "Traceback" not in r.output
    assert terra.path.read_bytes() == before
