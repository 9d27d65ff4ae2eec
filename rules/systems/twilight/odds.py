"""Exact odds of a twilight attack roll against the target's defense or counter.

Each pool's successes come from the odds engine (``Nd6>=T``, TW-POOL-1); the
best of K defense rolls is the largest of K such counts (TW-DEF-1).  Every
pair of (attack successes, best defense or counter successes) is then played
through the round's own functions, ``compare`` and ``weapon_effects``
(TW-DEF-1, TW-CTR-2, TW-HIT-1, the bleeding, poison, deadly and drain
thresholds), on a scratch copy of the fight that is thrown away; the damage
lands through ``wound_level`` and ``fate_of_loss`` (TW-WOUND-1).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

from rules.core.errors import RuleError
from rules.core.outcome import QuietWork
from rules.core.state import find
from rules.dice import parse
from rules.dice.sources import Draw, RandomSource
from rules.i18n import _
from rules.odds import distribution
from rules.odds.actions import ActionOdds, Chance, Law
from rules.systems.twilight import champion as ch
from rules.systems.twilight.champion import threshold
from rules.systems.twilight.resolve import PoolRoll, Round, compare, weapon_effects
from rules.systems.twilight.vocabulary import ATTACK_KIND, COUNTER, DEFEND

if TYPE_CHECKING:
    from rules.core.state import Encounter

WOUND_WORDS = {ch.NONE: "no wound", ch.LIGHT: "light wound", ch.MEDIUM: "medium wound", ch.HEAVY: "heavy wound"}


#: a count's integer weights over one total: ((count, weight), ...), total
Weights = tuple[tuple[tuple[int, int], ...], int]


def successes(pool: int, face: int) -> Weights:
    """Successes of ``pool`` d6 at ``face`` or more, exact (the odds engine), as integer weights."""
    if pool <= 0:
        return ((0, 1),), 1
    d = distribution(parse(f"{pool}d6>={face}"))
    return tuple(zip(d.values, d.weights, strict=True)), d.total


def best_of(counts: Weights, k: int) -> Weights:
    """The largest of ``k`` independent draws of ``counts`` (0 with no roll): the chance that the
    best is at most v, (weight up to v)**k over total**k, less that of at most the value before."""
    if k <= 0:
        return ((0, 1),), 1
    pairs, total = counts
    below = 0
    out = []
    for v, w in pairs:
        out.append((v, (below + w) ** k - below ** k))
        below += w
    return tuple(out), total ** k


def law(counts: Weights) -> Law:
    pairs, total = counts
    return Law.of((v, Fraction(w, total)) for v, w in pairs)


class _SeededOnDraw:
    """``RandomSource(0)``, seeded on its first draw: a comparison draws only for a tie of initiative
    among several attackers of one target, and seeding costs more than comparing two rolls."""

    __slots__ = ("_source",)

    def __init__(self) -> None:
        self._source: RandomSource | None = None

    def draw(self, sides: int) -> Draw:
        if self._source is None:
            self._source = RandomSource(0)
        return self._source.draw(sides)


def attack(enc: Encounter, attacker: str, target: str, *, defenses: int | None = None,
           counter: bool = False, weapon: str | None = None) -> ActionOdds:
    a, t = find(enc, attacker), find(enc, target)
    if a == t:
        raise RuleError(_("{name} cannot attack itself").format(name=a))
    ac, tc = enc.get(a), enc.get(t)
    number = int(weapon) if weapon is not None and weapon.isdigit() else 1
    w = ch.weapon(ac, number)
    face = threshold(enc)
    k = 0 if counter else (1 if defenses is None else defenses)
    if k < 0:
        raise ValueError(_("--defenses is 0 or more"))
    attack_pool = ch.after_penalty(ch.attack_pool(ac, number), ch.penalty(ac, (), "attack"))
    if counter:
        other_pool = ch.after_penalty(ch.counter_pool(tc), ch.penalty(tc, (), "counter"))
        other = successes(other_pool, face)
    else:
        other_pool = ch.after_penalty(ch.defense_pool(tc), ch.penalty(tc, (), "defense"))
        other = best_of(successes(other_pool, face), k)
    mine = successes(attack_pool, face)
    hp_max = ch.hp_max(tc) or int(tc.resources.get("hp", 0))
    hp = int(tc.resources.get("hp", 0))

    # the rolls are frozen: each count's roll is made once and serves every pair it is in
    attacks = {s: PoolRoll(a, ATTACK_KIND, (face,) * s, s, t, number) for s, _w in mine[0]}
    answers = {d: PoolRoll(t, COUNTER if counter else DEFEND, (face,) * d, d) for d, _w in other[0]}

    def play(s: int, d: int) -> tuple[int, int, dict]:
        # a fresh scratch copy each time: a comparison may note on a champion (a blocked deadly strike)
        rnd = Round(QuietWork(enc), _SeededOnDraw(), face)
        rnd.rolls = [attacks[s], answers[d]] if counter or k else [attacks[s]]
        compare(rnd)
        to_target = sum(h.amount for h in rnd.hits if h.target == t)
        back = sum(h.amount for h in rnd.hits if h.target == a)
        return to_target, back, weapon_effects(rnd).get(t, {})

    # integer weights over mine's total times other's, made fractions once at the end: a hundred
    # pairs or so, and Fraction arithmetic (a gcd per step) was most of their cost
    damage: dict[int, int] = {}
    back_law: dict[int, int] = {}
    figures = {"hit": 0, "bleed": 0, "poison": 0, "deadly": 0, "drain": 0}
    for s, p in mine[0]:
        for d, q in other[0]:
            dealt, back, effects = play(s, d)
            pq = p * q
            damage[dealt] = damage.get(dealt, 0) + pq
            back_law[back] = back_law.get(back, 0) + pq
            if dealt:
                figures["hit"] += pq
            for key in ("bleed", "poison", "deadly"):
                if effects.get(key):
                    figures[key] += pq
            if effects.get("drain"):
                figures["drain"] += pq
    total = mine[1] * other[1]
    dealt_law = Law.of((v, Fraction(w, total)) for v, w in damage.items())
    words = {"hit": _("{attacker} hits {target}").format(attacker=a, target=t),
             "bleed": _("bleeding"), "poison": _("poison"), "deadly": _("deadly strike (AT DEATH)"),
             "drain": _("energy drain")}
    chances = [Chance(key, words[key], Fraction(w, total)) for key, w in figures.items() if key == "hit" or w]
    if counter:
        chances.append(Chance("counter", _("{target}'s counter strikes {attacker}").format(attacker=a, target=t),
                              Fraction(sum(w for v, w in back_law.items() if v > 0), total)))
    bands: dict[str, Fraction] = {}
    for v, share in dealt_law.pairs:
        fate = ch.fate_of_loss(hp_max, hp - v)
        band = fate if fate is not None else WOUND_WORDS[ch.wound_level(hp_max, hp - v)]
        bands[band] = bands.get(band, Fraction(0)) + share
    band_words = {"no wound": _("no wound"), "light wound": _("light wound"), "medium wound": _("medium wound"),
                  "heavy wound": _("heavy wound"), ch.OUT: _("out of the fight (over 90% lost)"),
                  ch.AT_DEATH: _("AT DEATH (100% lost)")}
    for band, share in bands.items():
        chances.append(Chance(f"wound:{band.replace(' wound', '')}", band_words[band], share))
    answer = (_("counter {pool}d6").format(pool=other_pool) if counter
              else _("best of {k} defense rolls of {pool}d6").format(k=k, pool=other_pool))
    title = _("{attacker} attacks {target}: {pool}d6 (successes on {face}+, {damage} a success) against "
              "{answer}, HP {hp} of {max}").format(attacker=a, target=t, pool=attack_pool, face=face,
                                                    damage=w.damage, answer=answer, hp=hp, max=hp_max)
    laws = (("attack_successes", _("attack successes"), law(mine)),)
    return ActionOdds("attack", title, tuple(chances), dealt_law, _("damage to {target}").format(target=t), laws=laws,
                      facts=(("attacker", a), ("target", t), ("attack_pool", attack_pool),
                             ("defense_pool" if not counter else "counter_pool", other_pool), ("defenses", k),
                             ("threshold", face), ("damage_per_success", w.damage), ("hp", hp), ("hp_max", hp_max)))


ODDS: dict[str, Callable[..., ActionOdds]] = {"attack": attack}
