"""Keep and drop (kh, kl, dh, dl) without listing the dice one by one.

Fixed number of dice (no explosions): an order-statistics programme over the
faces in keep order (highest first for kh).  After some faces, ``m`` dice are
placed on them; only the first ``c`` placed dice are kept, so the state is
``m < c`` and, for each ``m``, the polynomial of the kept score so far.  A
face that takes ``j`` of the ``n - m`` unplaced dice contributes
``C(n - m, j) * w**j``; once ``c`` dice are placed the rest cannot change the
kept sum and are settled at once by a scalar, the weight of all the ways the
remaining dice fall on later faces.  Cost: faces * c**2 / 2 steps on packed
polynomials (odds_poly), so 20d6kh10 is about 330 big-integer operations.
``dh c`` is ``kl n - c`` and ``dl c`` is ``kh n - c``.

Few faces and many kept dice (``200d6kh100``) go the other way round: by the
face of the last kept die.  If it is the face at position ``t`` of the keep
order, ``a < c`` dice lie before it, at least ``c - a`` on it and the rest
after it, so the kept score is the score of ``a`` dice drawn from the earlier
faces plus ``(c - a)`` times the face's own score.  For each ``t`` that is
``sum_a coef(a) * V**a`` (``V`` the polynomial of the earlier faces), done by
Horner's rule on packed polynomials: ``c`` steps per face, each a few shifts
and additions, so faces * c * (faces / 2) steps instead of faces * c**2 / 2.
``coef(a) = C(n, a) * T(n - a, c - a)`` with ``T(N, m)`` the weight of at
least ``m`` of ``N`` dice on the face and the rest after it, which follows
from one ``a`` to the next by Pascal's rule.  Each way is priced and the
cheaper one runs.

With explosions the number of dice is not fixed (the roller keeps and drops
among the added dice too, one die at a time), so each exploding chain is
reduced to the part that can matter, the ``c`` dice that come first in keep
order plus the score of the others, and chains are merged one by one.
"""

from __future__ import annotations

from collections import defaultdict
from math import comb

from ..i18n import N_
from .faces import Faces
from .meter import PER_KEEP_STEP, Meter, mul_cost, pass_cost
from .poly import Poly, pack, unpack

#: keep order: which dice are taken first, and are those the kept ones
ORDER = {
    "kh": (True, True),
    "kl": (False, True),
    "dh": (True, False),
    "dl": (False, False),
}


def keep_fixed(faces: Faces, n: int, mode: str, count: int, work: Meter, pos: int) -> Poly:
    """Score of the kept dice among ``n`` first dice (no explosions)."""
    descending, kept_first = ORDER[mode]
    if not kept_first:  # drop c from one end = keep n - c from the other
        descending, count = not descending, n - count
    c = max(0, min(count, n))
    if c == 0:  # nothing kept scores 0 (a d1000000 listed face by face for it held 160 MB)
        return Poly(0, [faces.den ** n])
    # Priced before the faces are even listed: a d1000000 has a million.
    steps = faces.sides if not faces.counts_successes else len(faces.runs)
    work.hold(steps, N_("keeping dice: {c} of {n}"), pos, c=c, n=n)
    span = faces.sides if not faces.counts_successes else 2
    width = (faces.den ** n).bit_length() + n + 8
    bits = (c * span + 1) * width
    by_count = pass_cost(bits) * steps * (c * (c + 1) // 2)
    by_face = _by_face_price(steps, c, bits, (faces.den ** n).bit_length())
    what = N_("keeping dice: {c} of {n}")
    if by_face < by_count:
        work.charge(by_face, what, pos, c=c, n=n)
        return _kept_by_last_face(faces.ordered(descending), n, c)
    work.charge(by_count, what, pos, c=c, n=n)
    return _kept_first(faces.ordered(descending), n, c)


#: an exploding keep's step costs PER_KEEP_STEP more per this many dice it holds
KEEP_STEP_DICE = 8

#: earlier faces above this many are multiplied in as one packed product
SHIFTS_MAX = 8
#: one shift or addition of the Horner accumulator (fitted to timings: a
#: shift by whole slots is a copy, much cheaper than work.PER_BIT's pass)
SHIFT_ADD_STEP = 150.0
SHIFT_ADD_PER_BIT = 0.05


def _by_face_price(steps: int, c: int, bits: int, total_bits: int) -> float:
    """Price of ``_kept_by_last_face``: ``c`` Horner steps per face."""
    price = 0.0
    # the accumulator grows to ``bits``; on average it is about half of that
    half = bits / 2
    shift_add = SHIFT_ADD_STEP + SHIFT_ADD_PER_BIT * half
    for t in range(min(steps, SHIFTS_MAX + 1)):
        price += c * (2 * t + 1) * shift_add
    if steps > SHIFTS_MAX + 1:
        wide = steps - SHIFTS_MAX - 1
        per = mul_cost(half, steps * (total_bits + 8)) + shift_add
        price += c * wide * per
    # the coefficients: a few big-integer products per kept die and face
    price += steps * c * 4 * (100.0 + total_bits)
    return price


def _kept_by_last_face(order: list[tuple[int, int]], n: int, c: int) -> Poly:
    total_w = sum(w for _, w in order)
    if c == 0:
        return Poly(0, [total_w ** n])
    smin = min(s for s, _ in order)
    order = [(s - smin, w) for s, w in order]
    smax = max(s for s, _ in order)
    slots = c * smax + 1
    # No coefficient, of the answer or of a Horner partial sum, exceeds the
    # total weight total_w**n (the partial sums are parts of the answer).
    width = ((total_w ** n).bit_length() + 8) // 8 * 8
    result = 0
    before: list[tuple[int, int]] = []  # (score, weight) of the earlier faces
    after = total_w
    for st, w in order:
        after -= w
        lowest = min(0, min(s for s, _ in before) - st) if before else 0
        # V * x**-st, times x**-lowest so every exponent is >= 0
        terms = [((s - st - lowest) * width, wb) for s, wb in before]
        packed = None
        if len(terms) > SHIFTS_MAX:
            top = max(e for e, _ in terms) // width
            coeffs = [0] * (top + 1)
            for e, wb in terms:
                coeffs[e // width] += wb
            packed = pack(coeffs, width // 8)
        shift_x = -lowest * width
        # a = c - 1: N = n - c + 1 dice left for this face and later ones, m = 1
        big_n = n - c + 1
        tail = (w + after) ** big_n - after ** big_n
        acc = 0
        for a in range(c - 1, -1, -1):
            if a < c - 1:
                # from T(N, m) to T(N + 1, m + 1), Pascal's rule
                m = c - a - 1
                tail = (w + after) * tail - comb(big_n, m) * w ** m * after ** (big_n - m + 1)
                big_n += 1
            if acc:
                acc = acc * packed if packed is not None else sum((acc * wb) << e for e, wb in terms)
            coef = comb(n, a) * tail if (a == 0 or before) else 0
            if coef:
                acc += coef << (shift_x * (c - 1 - a))
        if acc:
            result += acc << ((c * st + (c - 1) * lowest) * width)
        before.append((st, w))
    return Poly(c * smin, unpack(result, slots, width // 8))


def _kept_first(order: list[tuple[int, int]], n: int, c: int) -> Poly:
    total_w = sum(w for _, w in order)
    if c == 0:
        return Poly(0, [total_w ** n])
    smin = min(s for s, _ in order)
    order = [(s - smin, w) for s, w in order]
    smax = max(s for s, _ in order)
    slots = c * smax + 1
    # A state's coefficient is at most C(n, m) * total_w**m <= 2**n * total_w**n.
    width = ((total_w ** n).bit_length() + n + 8) // 8 * 8
    P: list[int] = [0] * c
    P[0] = 1
    result = 0
    rest = total_w
    rest_pow = _powers(rest, n)
    for s, w in order:
        upto_pow = rest_pow  # powers of the weight of this face and every later one
        rest -= w
        rest_pow = _powers(rest, n)
        new: list[int] = [0] * c
        for m in range(c):
            pm = P[m]
            if not pm:
                continue
            left = n - m
            need = c - m
            coef = 1  # C(left, j) * w**j
            settled = upto_pow[left]  # every way the unplaced dice fall here or later
            for j in range(need):
                new[m + j] += (pm * coef) << (j * s * width)
                settled -= coef * rest_pow[left - j]
                coef = coef * (left - j) * w // (j + 1)
            if settled:  # `need` or more land here: the kept set is complete
                result += (pm * settled) << (need * s * width)
        P = new
    return Poly(c * smin, unpack(result, slots, width // 8))


def _powers(x: int, n: int) -> list[int]:
    out = [1] * (n + 1)
    for e in range(1, n + 1):
        out[e] = out[e - 1] * x
    return out


def _push(sel: tuple, rest: int, face: int, c: int, descending: bool,
          score: dict[int, int]) -> tuple[tuple, int]:
    merged = sorted(sel + (face,), reverse=descending)
    if len(merged) > c:
        rest += score[merged[c]]
        merged = merged[:c]
    return tuple(merged), rest


def keep_exploding(faces: Faces, n: int, mode: str, count: int, depth: int,
                   work: Meter, pos: int) -> dict[int, int]:
    """Score of the kept dice of ``n`` exploding chains, each at most ``depth`` deep."""
    descending, kept_first = ORDER[mode]
    c = count
    sides = faces.sides
    # a step sorts and hashes a tuple of up to c dice: 200d2!dl196 holds 196
    step = PER_KEEP_STEP * (1 + c / KEEP_STEP_DICE)
    work.charge(step * sides, N_("an exploding keep"), pos)  # before listing the faces
    work.hold(2 * sides, N_("an exploding keep"), pos)
    table = faces.faces()
    score = {f: s for f, _, _, s in table}

    done: dict[tuple[tuple, int], int] = defaultdict(int)
    alive: dict[tuple[tuple, int], int] = defaultdict(int)
    for f, w, explodes, _ in table:
        if w:
            key = _push((), 0, f, c, descending, score)
            if explodes and depth > 0:
                alive[key] += w
            else:
                done[key] += w * sides ** depth
    for level in range(1, depth + 1):
        work.charge(step * len(alive) * sides, N_("an exploding keep"), pos)
        nxt: dict[tuple[tuple, int], int] = defaultdict(int)
        fill = sides ** (depth - level)
        for (sel, rest), w in alive.items():
            for f, _, explodes, _ in table:
                key = _push(sel, rest, f, c, descending, score)
                if explodes and level < depth:
                    nxt[key] += w
                else:
                    done[key] += w * fill
        alive = nxt
    if kept_first:  # only the first c dice count: forget the rest's score
        chain: dict[tuple[tuple, int], int] = defaultdict(int)
        for (sel, _), w in done.items():
            chain[(sel, 0)] += w
    else:
        chain = done

    pool: dict[tuple[tuple, int], int] = {((), 0): 1}
    for _ in range(n):
        work.charge(step * len(pool) * len(chain), N_("an exploding keep"), pos)
        nxt = defaultdict(int)
        for (s1, r1), w1 in pool.items():
            for (s2, r2), w2 in chain.items():
                merged = sorted(s1 + s2, reverse=descending)
                rest = r1 + r2
                if not kept_first:
                    rest += sum(score[f] for f in merged[c:])
                nxt[(tuple(merged[:c]), rest)] += w1 * w2
        pool = nxt

    out: dict[int, int] = defaultdict(int)
    for (sel, rest), w in pool.items():
        out[sum(score[f] for f in sel) if kept_first else rest] += w
    return dict(out)
