"""Dice sources: where die faces come from.

Every rules operation takes a source instead of calling module-level
``random``, so a roll can be seeded, scripted (dice a player already rolled,
C-DICE-3) or derived from a published commitment (verifiable hidden rolls).

A source hands out :class:`Draw` values: the face plus where it came from,
because outcomes must say which dice were given and which were rolled here.
A source whose every die is a plain rolled one may also offer
``draw_faces(sides, count) -> list[int]``, the same faces as ``count`` draws;
the roller then skips a Draw per die.  It is used only when the class that
defines ``draw`` defines it too, so a subclass that overrides ``draw`` is
never bypassed.
"""

from __future__ import annotations

import operator
from _random import Random as _Random
from abc import ABCMeta, abstractmethod
from os import urandom

from rules.i18n import _, ngettext

# where a die came from: drawn at random, given by a player, or from a committed sequence
from .records import COMMITTED as COMMITTED
from .records import GIVEN as GIVEN
from .records import ROLLED as ROLLED
from .records import record

TYPE_CHECKING = False  # typing is not loaded at run time: it is start-up cost
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from typing import Protocol



class Draw(record("Draw", "face origin counter", defaults=(ROLLED, None))):
    """One face a source handed out."""

    __slots__ = ()
    face: int
    origin: str
    #: position in a committed sequence; None for other sources
    counter: int | None


if TYPE_CHECKING:
    class DiceSource(Protocol):
        def draw(self, sides: int) -> Draw:
            """Return one die of ``sides`` faces (1..sides)."""
else:
    class DiceSource(metaclass=ABCMeta):
        """Anything with ``draw(sides) -> Draw`` (one die of 1..sides).

        A duck type: sources need not inherit from it, and ``isinstance``
        answers by the presence of ``draw``, as a runtime-checkable Protocol
        would, without loading typing.
        """

        __slots__ = ()

        @abstractmethod
        def draw(self, sides: int) -> Draw:
            """Return one die of ``sides`` faces (1..sides)."""

        @classmethod
        def __subclasshook__(cls, other: type):
            if cls is DiceSource:
                return any(vars(k).get("draw") is not None for k in other.__mro__)
            return NotImplemented


# Draws are immutable, so the common ones are made once and shared: a roll of
# a thousand dice then allocates nothing per die here.
SHARED_FACES = 100  # up to d%: a bigger table costs start-up time
ROLLED_DRAWS = tuple(Draw(face, ROLLED) for face in range(SHARED_FACES + 1))
_GIVEN_DRAWS = tuple(Draw(face, GIVEN) for face in range(SHARED_FACES + 1))


def _system_bits(k: int) -> int:
    """``random.SystemRandom().getrandbits(k)``: ``k`` bits from the operating system."""
    if k < 0:
        raise ValueError("number of bits must be non-negative")
    size = (k + 7) // 8
    return int.from_bytes(urandom(size)) >> (size * 8 - k)


class RandomSource:
    """Seeded pseudo-random dice, or the OS's entropy when no seed is given."""

    __slots__ = ("_bits", "seed")

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        # the random module's generators without the module (its import is start-up cost):
        # random.Random(seed) is this generator seeded alike, and SystemRandom's bits are these
        self._bits = _Random(seed).getrandbits if seed is not None else _system_bits

    def draw(self, sides: int) -> Draw:
        # The rejection loop of Random.randint(1, sides), inlined: the same
        # seed gives the same faces as randint would, at a fraction of the cost.
        bits = self._bits
        k = sides.bit_length()
        r = bits(k)
        while r >= sides:
            r = bits(k)
        return ROLLED_DRAWS[r + 1] if r < SHARED_FACES else Draw(r + 1, ROLLED)

    def draw_faces(self, sides: int, count: int) -> list[int]:
        """``count`` faces at once, exactly as ``count`` calls of :meth:`draw`
        would give them (the roller's fast path for plain dice)."""
        bits = self._bits
        k = sides.bit_length()
        out = []
        for _die in range(count):
            r = bits(k)
            while r >= sides:
                r = bits(k)
            out.append(r + 1)
        return out


class GivenSource:
    """Faces supplied in order (a player's posted roll, or a test script).

    When the given faces run out the fallback source rolls the rest, and those
    dice are marked as rolled here (C-DICE-3).  Faces left over at the end are
    simply never drawn: callers report them via :attr:`unused`.
    """

    __slots__ = ("_faces", "_next", "fallback")

    def __init__(self, faces: Iterable[int], fallback: DiceSource | None = None) -> None:
        # operator.index refuses 2.5 or "3" here rather than deep in a roll
        self._faces = tuple(operator.index(face) for face in faces)
        self._next = 0
        self.fallback = fallback if fallback is not None else RandomSource()

    def draw(self, sides: int) -> Draw:
        if self._next < len(self._faces):
            face = self._faces[self._next]
            if not 1 <= face <= sides:
                raise GivenFaceError(self._next, face, sides)
            self._next += 1
            return _GIVEN_DRAWS[face] if face <= SHARED_FACES else Draw(face, GIVEN)
        return self.fallback.draw(sides)

    @property
    def used(self) -> int:
        return self._next

    @property
    def unused(self) -> tuple[int, ...]:
        return self._faces[self._next :]


class GivenFaceError(ValueError):
    """A given face does not fit the die it was meant for."""

    def __init__(self, index: int, face: int, sides: int) -> None:
        self.index = index
        self.face = face
        self.sides = sides
        #: where the die sits in the expression; the roller fills it in
        self.position: int | None = None

        super().__init__(
            _("given value #{number} is {face}, but the die it fills is a d{sides} (1..{sides})").format(
                number=index + 1, face=face, sides=sides)
        )


def committed_face(secret: bytes, counter: int, sides: int) -> int:
    """The face a committed sequence yields at ``counter`` for a d``sides``.

    HMAC-SHA256(secret, "counter:attempt") read as a 256-bit integer; values
    in the biased tail are rejected and the next attempt is used, so every
    face is exactly equally likely.  Anyone holding the revealed secret can
    recompute this with the standard library alone.
    """
    return fit_uniform(_hmac_values(secret, counter), sides, 1 << 256)


def _hmac_values(secret: bytes, counter: int) -> Iterator[int]:
    # loaded here, not at module level: only committed dice need them, and
    # they are start-up cost for every other roll
    import hashlib
    import hmac

    attempt = 0
    while True:
        msg = f"{counter}:{attempt}".encode()
        yield int.from_bytes(hmac.new(secret, msg, hashlib.sha256).digest(), "big")
        attempt += 1


def fit_uniform(values: Iterable[int], sides: int, span: int) -> int:
    """The first of ``values`` (each uniform in 0..span-1) below the largest
    multiple of ``sides``, mapped to 1..sides: rejection keeps every face
    exactly equally likely."""
    limit = span - span % sides
    for value in values:
        if value < limit:
            return value % sides + 1

    raise ValueError(_("the value stream ended before a value fitted"))


def commitment(secret: bytes) -> str:
    """The hash the master publishes before the fight."""
    import hashlib

    return hashlib.sha256(secret).hexdigest()


class CommitmentExhausted(Exception):
    """A commitment's dice are used up: its source may draw no counter past its ``last``.  Not
    bad input, nor a bug: no further roll may come from this secret."""


class CommittedSource:
    """Dice derived from a secret and a counter (verifiable hidden rolls).  ``last``, when
    given, is the last counter it may draw: where it is kept, the next one must fit too."""

    __slots__ = ("secret", "counter", "last")

    def __init__(self, secret: bytes, counter: int = 0, last: int | None = None) -> None:
        self.secret = secret
        self.counter = counter
        self.last = last

    def draw(self, sides: int) -> Draw:
        if self.last is not None and self.counter > self.last:
            raise CommitmentExhausted(_(
                "the committed dice are used up: counter {counter} is the last a session file can hold; "
                "reveal this commitment (ttcli session reveal) and start a new one (ttcli session commit)"
            ).format(counter=self.counter))
        face = committed_face(self.secret, self.counter, sides)
        draw = Draw(face, COMMITTED, self.counter)
        self.counter += 1
        return draw


class ReplaySource:
    """The dice of a recorded roll, handed out again in order (to recompute
    the total that was shown from the dice that were journaled).

    ``draws`` are (sides, Draw) pairs; a roll that asks for a different die
    or for more dice than were recorded raises :class:`ReplayMismatch`.
    """

    __slots__ = ("_draws", "_next")

    def __init__(self, draws: Iterable[tuple[int, Draw]]) -> None:
        self._draws = tuple(draws)
        self._next = 0

    def draw(self, sides: int) -> Draw:
        if self._next >= len(self._draws):
            raise ReplayMismatch(ngettext("the roll needs more than the {n} die recorded",
                                          "the roll needs more than the {n} dice recorded",
                                          len(self._draws)).format(n=len(self._draws)))
        recorded, draw = self._draws[self._next]
        if recorded != sides or not 1 <= draw.face <= sides:
            raise ReplayMismatch(_("die #{number} is recorded as a d{recorded} showing {face}, "
                                   "where the roll has a d{sides}").format(
                number=self._next + 1, recorded=recorded, face=draw.face, sides=sides))
        self._next += 1
        return draw

    @property
    def unused(self) -> int:
        return len(self._draws) - self._next


class ReplayMismatch(ValueError):
    """Recorded dice that do not fit the expression they were recorded for."""
