"""Dense polynomials with non-negative integer coefficients: x**v weighs value v.

A distribution of a sum is the product of its parts' polynomials, so sums of
dice are products and powers here.  Two tricks keep that fast in pure Python:

* Kronecker substitution: a product of two long polynomials is done as one
  product of two big integers, each coefficient packed in a fixed-width slot
  wide enough that no slot can carry into the next.
* A power ``h**n`` is either one packed big-integer power or the linear
  recurrence that ``g = h**n`` satisfies (``g' * h = n * h' * g``, J.C.P.
  Miller's method), one coefficient at a time, whichever is priced lower.
  When ``h`` has long runs of equal coefficients (any uniform die) the same
  identity multiplied by ``(1 - x)**2`` has only a handful of terms, so a
  sum of d100s costs little more than a sum of d6s.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import groupby

from ..i18n import N_
from .meter import Meter, mul_cost, pass_cost

#: below this many coefficient pairs the schoolbook product beats packing
SCHOOLBOOK_PAIRS = 400
#: price of packing or unpacking one coefficient
PER_STEP_SLOT = 150.0


class Poly:
    """``sum(c[i] * x**(lo + i))``; coefficients are integer weights."""

    __slots__ = ("lo", "c")

    def __init__(self, lo: int, c: list[int]) -> None:
        self.lo = lo
        self.c = c

    @property
    def hi(self) -> int:
        return self.lo + len(self.c) - 1

    def total(self) -> int:
        return sum(self.c)

    def bits(self) -> int:
        return len(self.c) * max(max(self.c, default=0).bit_length(), 1)

    def trimmed(self) -> Poly:
        c = self.c
        a, b = 0, len(c)
        while a < b and not c[a]:
            a += 1
        while b > a and not c[b - 1]:
            b -= 1
        if a == 0 and b == len(c):
            return self
        return Poly(self.lo + a, c[a:b])

    def items(self) -> Iterator[tuple[int, int]]:
        lo = self.lo
        return ((lo + i, w) for i, w in enumerate(self.c) if w)

    def __repr__(self) -> str:  # for test failures
        return f"Poly({self.lo}, {self.c})"


def add(a: Poly, b: Poly) -> Poly:
    if not a.c:
        return b
    if not b.c:
        return a
    lo = min(a.lo, b.lo)
    hi = max(a.hi, b.hi)
    out = [0] * (hi - lo + 1)
    for p in (a, b):
        off = p.lo - lo
        for i, w in enumerate(p.c):
            out[off + i] += w
    return Poly(lo, out)


def scale(a: Poly, k: int) -> Poly:
    return Poly(a.lo, [w * k for w in a.c])


def _slot_bytes(max_coefficient: int) -> int:
    return max(1, (max_coefficient.bit_length() + 7) // 8)


def pack(c: list[int], width: int) -> int:
    """Coefficients -> one integer, ``width`` bytes per slot, lowest first."""
    return int.from_bytes(b"".join(w.to_bytes(width, "little") for w in c), "little")


def unpack(x: int, n: int, width: int) -> list[int]:
    raw = x.to_bytes(n * width, "little")
    fb = int.from_bytes
    return [fb(raw[i:i + width], "little") for i in range(0, n * width, width)]


def mul(a: Poly, b: Poly, work: Meter, pos: int | None = None) -> Poly:
    la, lb = len(a.c), len(b.c)
    if not la or not lb:
        return Poly(0, [])
    lo = a.lo + b.lo
    if la * lb <= SCHOOLBOOK_PAIRS or min(la, lb) <= 2:
        work.charge(pass_cost(a.bits() + b.bits()) * min(la, lb), N_("a product of sums"), pos)
        if min(la, lb) == 1:  # one outcome (a number added): the weights are shared or scaled, not copied
            (w,), c = (b.c, a.c) if lb == 1 else (a.c, b.c)
            return Poly(lo, list(c) if w == 1 else [x * w for x in c])
        out = [0] * (la + lb - 1)
        if la < lb:
            a, b = b, a
        for j, wb in enumerate(b.c):
            if wb:
                for i, wa in enumerate(a.c):
                    out[i + j] += wa * wb
        return Poly(lo, out)
    top = max(a.c) * max(b.c) * min(la, lb)
    width = _slot_bytes(top)
    n = la + lb - 1
    work.charge(mul_cost(la * width * 8, lb * width * 8) + pass_cost(3 * n * width * 8),
                N_("a product of sums"), pos)
    return Poly(lo, unpack(pack(a.c, width) * pack(b.c, width), n, width))


def _sparse(c: list[int]) -> list[tuple[int, int]]:
    return [(i, w) for i, w in enumerate(c) if w]


def _run_starts(c: list[int]) -> list[int]:
    starts, i = [], 0
    for _, run in groupby(c):
        starts.append(i)
        i += sum(1 for _ in run)
    return starts


def _second_difference(f: Callable[[int], int], points: Iterable[int]) -> list[tuple[int, int]]:
    """Non-zero ``f(i) - 2 f(i-1) + f(i-2)`` at ``points`` (zero elsewhere)."""
    out = {}
    for i in sorted(set(points)):
        if i >= 0:
            v = f(i) - 2 * f(i - 1) + f(i - 2)
            if v:
                out[i] = v
    return sorted(out.items())


def _recurrence(h: list[int]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Sparse ``A, B`` with ``g' * A = n * B * g`` for ``g = h**n``, fewest terms.

    Plain: ``A = h``, ``B = h'``.  Damped: both times ``(1 - x)**2``, which is
    zero inside every run of equal coefficients of ``h`` (and a linear ``h'``),
    so only the few points around run boundaries need computing.
    """
    starts = _run_starts(h)
    size = len(h)
    if len(starts) * 6 >= size:
        return _sparse(h), _sparse([i * w for i, w in enumerate(h)][1:])

    def hv(i: int) -> int:
        return h[i] if 0 <= i < size else 0

    def dv(j: int) -> int:  # coefficient j of h'
        return (j + 1) * hv(j + 1)

    near = [p + t for p in starts + [size] for t in (-2, -1, 0, 1, 2)]
    return _second_difference(hv, near), _second_difference(dv, near)


#: price of one step of the power recurrence: interpreter overhead plus bits
RECURRENCE_STEP = 300.0
RECURRENCE_PER_BIT = 0.5


def power_price(length: int, terms: int, top_bits: int, n: int, symmetric: bool = False) -> tuple[float, float]:
    """Prices of ``h ** n`` for ``h`` of ``length`` coefficients: (recurrence, packing).

    ``terms`` counts the recurrence's non-zero terms, ``top_bits`` the bits
    of the largest possible coefficient of the result.
    """
    out_len = n * (length - 1) + 1
    steps = out_len // 2 + 1 if symmetric else out_len
    by_recurrence = steps * terms * (RECURRENCE_STEP + RECURRENCE_PER_BIT * top_bits)
    bits = out_len * ((top_bits + 8) // 8) * 8
    by_packing = 1.5 * mul_cost(bits, bits) + pass_cost(4 * bits) + PER_STEP_SLOT * out_len
    return by_recurrence, by_packing


def power(h: Poly, n: int, work: Meter, pos: int | None = None) -> Poly:
    """``h ** n``, by the coefficient recurrence or one packed big-integer power."""
    h = h.trimmed()
    if n == 0:
        return Poly(0, [1])
    if not h.c:
        return Poly(0, [])
    if n == 1:
        return h
    c = h.c
    d = len(c) - 1
    if d == 0:
        return Poly(h.lo * n, [c[0] ** n])
    length = n * d + 1
    top = sum(c) ** n  # no coefficient of h**n is larger
    what = N_("a sum of dice: {n}")
    # the cheapest the recurrence can be (two terms) before its terms are found
    work.afford(min(power_price(len(c), 2, top.bit_length(), n, True)), what, pos, n=n)
    A, B = _recurrence(c)
    symmetric = c == c[::-1]
    stop = length // 2 + 1 if symmetric else length
    by_recurrence, by_packing = power_price(len(c), len(A) + len(B), top.bit_length(), n, symmetric)
    if by_packing < by_recurrence:
        work.charge(by_packing, what, pos, n=n)
        width = _slot_bytes(top)
        return Poly(h.lo * n, unpack(pack(c, width) ** n, length, width))
    work.charge(by_recurrence, what, pos, n=n)
    a0 = A[0][1]
    rest_a = A[1:]
    g = [0] * length
    g[0] = c[0] ** n
    for k in range(1, stop):
        s = 0
        for j, bj in B:
            if j > k - 1:
                break
            s += bj * g[k - 1 - j]
        s *= n
        for i, ai in rest_a:
            if i > k:
                break
            s -= ai * (k - i) * g[k - i]
        g[k] = s // (a0 * k)
    if symmetric:
        for k in range(stop, length):
            g[k] = g[length - 1 - k]
    return Poly(h.lo * n, g)
