"""Dice sources: seeded, given (C-DICE-3) and committed (verifiable hidden rolls, C-DICE-4)."""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.dice import roll_text
from rules.dice.sources import (
    COMMITTED,
    GIVEN,
    ROLLED,
    CommittedSource,
    DiceSource,
    Draw,
    GivenFaceError,
    GivenSource,
    RandomSource,
    commitment,
    committed_face,
    fit_uniform,
)

SIDES = [1, 2, 3, 4, 6, 7, 8, 10, 12, 20, 100, 101, 1000, 1_000_000]


# -- RandomSource ------------------------------------------------------------------------------

@pytest.mark.parametrize("sides", SIDES)
def test_seeded_random_source_is_reproducible(sides):
    a, b = RandomSource(123), RandomSource(123)
    assert [a.draw(sides) for _ in range(50)] == [b.draw(sides) for _ in range(50)]


@pytest.mark.parametrize("sides", SIDES)
def test_seeded_random_source_gives_what_randint_gives(sides):
    # a seed keeps its rolls across versions of ttcli that used randint
    rng = random.Random(99)
    source = RandomSource(99)
    assert [source.draw(sides).face for _ in range(200)] == [rng.randint(1, sides) for _ in range(200)]


@given(st.integers(-(2**70), 2**70), st.sampled_from(SIDES))
def test_any_seed_gives_what_the_random_module_gives(seed, sides):
    # the source seeds the random module's generator itself, without importing the module
    rng = random.Random(seed)
    assert RandomSource(seed).draw_faces(sides, 20) == [rng.randint(1, sides) for _ in range(20)]


def test_an_unseeded_source_reads_the_operating_systems_bits(monkeypatch):
    # as random.SystemRandom does: k bits are the top k bits of (k + 7) // 8 bytes of os.urandom
    import rules.dice.sources as sources

    asked = []
    monkeypatch.setattr(sources, "urandom", lambda n: asked.append(n) or bytes([0b10110111, 0xFF])[:n])
    source = RandomSource()
    assert source.draw(6).face == 0b101 + 1  # 3 bits for a d6: 101 from the first byte
    assert source.draw(1000).face == 0b1011011111 + 1  # 10 bits from two bytes
    assert asked == [1, 2]
    assert random.SystemRandom().getrandbits(0) == sources._system_bits(0) == 0


@pytest.mark.parametrize("sides", SIDES)
def test_draw_faces_matches_one_draw_at_a_time(sides):
    a, b = RandomSource(5), RandomSource(5)
    assert a.draw_faces(sides, 40) == [b.draw(sides).face for _ in range(40)]
    assert a.draw(sides) == b.draw(sides)  # and both go on from the same point


def test_different_seeds_differ():
    assert RandomSource(1).draw_faces(100, 20) != RandomSource(2).draw_faces(100, 20)


def test_unseeded_random_source_rolls_in_range():
    source = RandomSource()
    faces = [source.draw(6) for _ in range(600)]
    assert {d.face for d in faces} == set(range(1, 7))
    assert {(d.origin, d.counter) for d in faces} == {(ROLLED, None)}


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**64), st.integers(1, 10**6))
def test_random_faces_are_in_range(seed, sides):
    source = RandomSource(seed)
    assert all(1 <= source.draw(sides).face <= sides for _ in range(5))
    assert all(1 <= f <= sides for f in source.draw_faces(sides, 5))


def test_sources_satisfy_the_protocol():
    for source in (RandomSource(1), GivenSource([1]), CommittedSource(b"k")):
        assert isinstance(source, DiceSource)


def test_any_class_with_draw_is_a_source_and_others_are_not():
    class Fixed:
        def draw(self, sides):
            return Draw(1)

    assert isinstance(Fixed(), DiceSource) and issubclass(Fixed, DiceSource)
    assert not isinstance(object(), DiceSource)
    assert not isinstance(Draw(1), DiceSource)


# -- GivenSource (C-DICE-3) --------------------------------------------------------------------

def test_c_dice_3_given_faces_come_in_order_then_the_fallback_rolls():
    source = GivenSource([3, 1], fallback=RandomSource(8))
    reference = RandomSource(8)
    draws = [source.draw(6) for _ in range(4)]
    assert draws[:2] == [Draw(3, GIVEN), Draw(1, GIVEN)]
    assert draws[2:] == [reference.draw(6), reference.draw(6)]
    assert {d.origin for d in draws[2:]} == {ROLLED}
    assert (source.used, source.unused) == (2, ())


def test_c_dice_3_unused_faces_are_reported():
    source = GivenSource([1, 2, 3, 4])
    source.draw(6)
    assert (source.used, source.unused) == (1, (2, 3, 4))


@pytest.mark.parametrize("face, sides", [(0, 6), (7, 6), (-1, 20), (101, 100), (2, 1)])
def test_c_dice_3_a_face_that_does_not_fit_is_refused(face, sides):
    source = GivenSource([face])
    with pytest.raises(GivenFaceError) as e:
        source.draw(sides)
    assert (e.value.index, e.value.face, e.value.sides) == (0, face, sides)
    assert source.unused == (face,)  # nothing was consumed


@pytest.mark.parametrize("bad", [[2.5], ["3"], [None]])
def test_given_faces_must_be_whole_numbers(bad):
    with pytest.raises(TypeError):
        GivenSource(bad)


def test_given_faces_above_the_shared_table_work():
    assert GivenSource([999]).draw(1000) == Draw(999, GIVEN)


# -- CommittedSource (hidden rolls anyone can check afterwards) ------------------------------

def _reference_face(secret: bytes, counter: int, sides: int) -> int:
    """The documented algorithm, written out with the standard library alone."""
    span = 2**256
    attempt = 0
    while True:
        digest = hmac.new(secret, f"{counter}:{attempt}".encode(), hashlib.sha256).digest()
        value = int.from_bytes(digest, "big")
        if value < span - span % sides:
            return value % sides + 1
        attempt += 1


def test_committed_source_is_deterministic():
    a, b = CommittedSource(b"master secret"), CommittedSource(b"master secret")
    assert [a.draw(20) for _ in range(30)] == [b.draw(20) for _ in range(30)]


def test_committed_source_depends_on_the_secret():
    a, b = CommittedSource(b"one"), CommittedSource(b"two")
    assert [a.draw(100).face for _ in range(20)] != [b.draw(100).face for _ in range(20)]


def test_committed_source_counter_increments_and_is_recorded():
    source = CommittedSource(b"s", counter=7)
    draws = [source.draw(6) for _ in range(3)]
    assert [(d.origin, d.counter) for d in draws] == [(COMMITTED, 7), (COMMITTED, 8), (COMMITTED, 9)]
    assert source.counter == 10


@pytest.mark.parametrize("sides", SIDES)
def test_committed_faces_can_be_rechecked_with_the_standard_library(sides):
    source = CommittedSource(b"revealed after the fight")
    for counter in range(25):
        d = source.draw(sides)
        assert d.face == _reference_face(b"revealed after the fight", counter, sides)
        assert d.face == committed_face(b"revealed after the fight", counter, sides)
        assert 1 <= d.face <= sides


def test_committed_d6_faces_are_uniform():
    # 60,000 committed d6: each face is Binomial(60000, 1/6), sd about 91; a
    # band of 6 sd cannot be missed by a uniform source except with negligible
    # probability, and the secret is fixed so the test is deterministic.
    source = CommittedSource(b"uniformity")
    counts = Counter(source.draw(6).face for _ in range(60_000))
    assert set(counts) == set(range(1, 7))
    assert all(abs(c - 10_000) < 550 for c in counts.values()), counts


def test_commitment_is_the_sha256_of_the_secret():
    assert commitment(b"abc") == hashlib.sha256(b"abc").hexdigest()


def test_rejection_sampling_skips_the_biased_tail():
    # span 8, d3: 6 and 7 would make faces 1 and 2 likelier, so they are skipped
    assert fit_uniform(iter([7, 6, 5]), 3, 8) == 3
    assert fit_uniform(iter([6, 0]), 3, 8) == 1
    with pytest.raises(ValueError):
        fit_uniform(iter([6, 7]), 3, 8)


@given(st.integers(1, 300), st.integers(1, 64))
def test_rejection_sampling_maps_accepted_values_evenly(span, sides):
    counts = Counter()
    for value in range(span):
        with contextlib.suppress(ValueError):  # a rejected value counts nowhere
            counts[fit_uniform(iter([value]), sides, span)] += 1
    if span >= sides:
        assert set(counts) == set(range(1, sides + 1))
        assert len(set(counts.values())) == 1
    else:
        assert not counts  # fewer values than faces: every value is rejected


def test_committed_rolls_show_their_counters_in_a_roll():
    r = roll_text("2d6", CommittedSource(b"x", counter=3))
    assert [d.counter for d in r.dice] == [3, 4]
