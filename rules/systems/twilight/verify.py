"""Twilight's results said again from their dice, for ``ttcli verify``.

A round's resolution records every pool with its faces and threshold, the best
defense of each target, and each comparison.  Each check reads one record
(rules.core.recheck) against the pools of the same round: the successes of a pool
(TW-POOL-1), the best defense (TW-DEF-1), the successes that get through and the
damage they deal (TW-DEF-1: damage per success, so a multiple of them), and a
counter against the attacks it met (TW-CTR-2).
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.core.recheck import Check, Record, faces, flag, others, whole
from rules.i18n import _, ngettext

#: what a pool was rolled for, as the declarations store it
_ATTACK, _DEFEND, _COUNTER = "attack", "defend", "counter"


def _successes(n: int) -> str:
    return ngettext("{n} success", "{n} successes", n).format(n=n)


def _pool(r: Record, records: list[Record]) -> Iterator[str]:
    rolled, numbers = faces(r.get("faces")), whole(r, "successes", "threshold")
    if rolled is None or numbers is None:
        return
    shown, threshold = numbers
    if not all(1 <= f <= 6 for f in rolled):
        yield _("a pool of d6 shows {faces} (TW-POOL-1)").format(faces=rolled)
        return
    counted = sum(f >= threshold for f in rolled)
    if shown != counted:
        yield _("shows {shown}, but {faces} at {threshold}+ give {expected} (TW-POOL-1)").format(
            shown=_successes(shown), faces=rolled, threshold=threshold, expected=_successes(counted))


def _pools(records: list[Record], name: object, roll: str) -> list[int]:
    return [p["successes"] for p in others(records, "pool", name=name, roll=roll) if type(p.get("successes")) is int]


def _best_defense(r: Record, records: list[Record]) -> Iterator[str]:
    numbers = whole(r, "successes")
    if numbers is None:
        return
    best = max(_pools(records, r.get("name"), _DEFEND), default=0)
    if numbers[0] != best:
        yield _("best defense {shown}, but the best defense pool has {expected} (TW-DEF-1)").format(
            shown=_successes(numbers[0]), expected=_successes(best))


def _defense_of(records: list[Record], target: object) -> int | None:
    best = next(others(records, "best_defense", name=target), None)
    value = best.get("successes") if best is not None else None
    return value if type(value) is int else None


def _per_success(damage: int, successes: int) -> bool:
    """Damage is the weapon's damage per success: none for none, a whole multiple otherwise."""
    return damage == 0 if successes == 0 else damage > 0 and damage % successes == 0


def _attack_vs_defense(r: Record, records: list[Record]) -> Iterator[str]:
    numbers = whole(r, "successes", "defense", "through", "damage")
    if numbers is None:
        return
    successes, defense, through, damage = numbers
    attacks = _pools(records, r.get("attacker"), _ATTACK)
    defended = _defense_of(records, r.get("target"))
    if attacks and successes not in attacks:
        yield _("an attack of {shown}, but the attacker's pools have {pools} (TW-POOL-1)").format(
            shown=_successes(successes), pools=", ".join(map(str, attacks)))
    elif defended is not None and defense != defended:
        yield _("against a defense of {shown}, but the best defense is {expected} (TW-DEF-1)").format(
            shown=_successes(defense), expected=_successes(defended))
    elif through != max(0, successes - defense):
        yield _("{through} through, but {successes} against {defense} leave {expected} (TW-DEF-1)").format(
            through=_successes(through), successes=successes, defense=defense,
            expected=_successes(max(0, successes - defense)))
    elif not _per_success(damage, through):
        yield _("{damage} damage does not come from {through} through at the weapon's damage per success "
                "(TW-DEF-1)").format(damage=damage, through=_successes(through))


def _best_attack(records: list[Record], target: object) -> int | None:
    attacks = [p["successes"] for p in others(records, "pool", roll=_ATTACK, target=target)
               if type(p.get("successes")) is int]
    return max(attacks, default=None)


def _counter_own(r: Record, records: list[Record]) -> Iterator[str]:
    """The counter's successes are its pool's, and it met the strongest attack on it."""
    numbers = whole(r, "successes")
    if numbers is None:
        return
    pools = _pools(records, r.get("name"), _COUNTER)
    if pools and numbers[0] not in pools:
        yield _("a counter of {shown}, but the counter pool has {pools} (TW-CTR-2)").format(
            shown=_successes(numbers[0]), pools=", ".join(map(str, pools)))


def _counter_wins(r: Record, records: list[Record]) -> Iterator[str]:
    yield from _counter_own(r, records)
    numbers = whole(r, "successes", "best", "damage")
    if numbers is None:
        return
    successes, best, damage = numbers
    strongest = _best_attack(records, r.get("name"))
    if strongest is not None and best != strongest:
        yield _("the best attack is {expected}, not {shown} (TW-CTR-2)").format(
            expected=_successes(strongest), shown=_successes(best))
    elif successes <= best:
        yield _("recorded as winning, but a counter of {successes} does not beat {best} (TW-CTR-2)").format(
            successes=_successes(successes), best=_successes(best))
    elif not flag(r, "absolute") and not _per_success(damage, successes):
        yield _("{damage} damage does not come from a counter of {successes} (TW-CTR-2)").format(
            damage=damage, successes=_successes(successes))


def _counter_parts(r: Record, records: list[Record]) -> Iterator[str]:
    yield from _counter_own(r, records)
    numbers = whole(r, "successes", "best")
    if numbers is not None and numbers[0] != numbers[1]:
        yield _("they part with {successes} against {best}: only equal rolls part (TW-CTR-2)").format(
            successes=_successes(numbers[0]), best=_successes(numbers[1]))


def _counter_broken(r: Record, records: list[Record]) -> Iterator[str]:
    numbers = whole(r, "successes", "counter", "damage")
    if numbers is None:
        return
    successes, counter, damage = numbers
    attacks = _pools(records, r.get("attacker"), _ATTACK)
    if attacks and successes not in attacks:
        yield _("an attack of {shown}, but the attacker's pools have {pools} (TW-POOL-1)").format(
            shown=_successes(successes), pools=", ".join(map(str, attacks)))
    elif successes <= counter and damage:
        yield _("an attack of {successes} does not beat a counter of {counter}, yet deals {damage} "
                "(TW-CTR-2)").format(successes=_successes(successes), counter=_successes(counter), damage=damage)
    elif successes > counter and damage and not _per_success(damage, successes):
        yield _("{damage} damage does not come from an attack of {successes} (TW-CTR-2)").format(
            damage=damage, successes=_successes(successes))


CHECKS: dict[str, Check] = {
    "pool": _pool,
    "best_defense": _best_defense,
    "attack_vs_defense": _attack_vs_defense,
    "counter_wins": _counter_wins,
    "counter_parts": _counter_parts,
    "counter_broken": _counter_broken,
}
