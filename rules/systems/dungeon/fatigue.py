"""Dungeon fatigue: the abilities anyone can buy with fatigue (DG-FAT-1).

Fatigue counts up from 0 (rested) to the character's maximum; buying an
ability adds its cost and is refused past the maximum.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.core.die import Die, roll
from rules.core.errors import RuleError
from rules.core.names import Names
from rules.core.state import OK
from rules.dice.datatypes import datatype
from rules.dice.sources import DiceSource
from rules.i18n import N_, _
from rules.systems.dungeon.common import require_non_negative
from rules.systems.dungeon.health import heal

RALLY_DIE = 4


@datatype(frozen=True, slots=True)
class FatigueAbility:
    """An ability bought with fatigue (DG-FAT-1) and what it costs."""

    key: str
    name_ru: str
    name_en: str
    cost: int
    #: uses one of the round's actions (only rally)
    takes_action: bool = False
    #: refused if the character took damage during its previous turn
    needs_undamaged: bool = False


FATIGUE_ABILITIES = (
    FatigueAbility("extra_action", "Дополнительное действие", N_("Extra action"), 2),
    FatigueAbility("extra_move", "Дополнительное перемещение", N_("Extra move"), 1),
    FatigueAbility("advantage", "Преимущество", N_("Advantage"), 1),
    FatigueAbility("extra_damage_die", "Дополнительный кубик урона", N_("Extra damage die"), 2),
    FatigueAbility(
        "rally", "Собраться с силами", N_("Rally"), 2, takes_action=True, needs_undamaged=True
    ),
)

_BY_KEY = {ability.key: ability for ability in FATIGUE_ABILITIES}
#: the short words the help offers (``fatigue Вор доп-действие``), beside the full names
_SHORT = {"extra_action": ("доп-действие",), "extra_move": ("доп-перемещение",),
          "extra_damage_die": ("extra-die", "доп-кубик"), "rally": ("сплочение",)}
FATIGUE_NAMES = Names(
    N_("fatigue ability"), {a.key: (a.name_ru, a.name_en, a.key, *_SHORT.get(a.key, ())) for a in FATIGUE_ABILITIES}
)


def find_fatigue_ability(name: str) -> FatigueAbility:
    """Russian or English name, or key -> the ability (UnknownNameError otherwise)."""
    return _BY_KEY[FATIGUE_NAMES.key(name)]


@datatype(frozen=True, slots=True)
class FatigueSpend:
    """Fatigue spent on an ability: before, after and the maximum."""

    ability: str
    cost: int
    fatigue_before: int
    fatigue_after: int
    max_fatigue: int
    takes_action: bool
    #: ability keys used this turn, this one included
    used_this_turn: tuple[str, ...]


def spend_fatigue(
    ability: str,
    fatigue: int,
    max_fatigue: int,
    used_this_turn: Iterable[str] = (),
    *,
    damaged_last_turn: bool = False,
) -> FatigueSpend:
    """Buy a fatigue ability, or raise RuleError saying what is allowed.

    Refused when the same ability was already bought this turn, when rally
    follows a turn in which the character took damage, or when the cost
    would take fatigue past its maximum (reaching the maximum exactly is
    allowed [I]).
    """
    chosen = find_fatigue_ability(ability)
    used = tuple(find_fatigue_ability(name).key for name in used_this_turn)
    require_non_negative(fatigue=fatigue, max_fatigue=max_fatigue)
    if fatigue > max_fatigue:
        raise ValueError(_("fatigue {fatigue} is above its maximum {max_fatigue}").format(
            fatigue=fatigue, max_fatigue=max_fatigue))
    if chosen.key in used:
        raise RuleError(
            _("{ability} was already used this turn; each fatigue ability can be used once per turn").format(
                ability=chosen.name_en),
            rule="DG-FAT-1",
        )
    if chosen.needs_undamaged and damaged_last_turn:
        raise RuleError(
            _("{ability} is only possible if the character took no damage during its previous turn").format(
                ability=chosen.name_en),
            rule="DG-FAT-1",
        )
    room = max_fatigue - fatigue
    if chosen.cost > room:
        raise RuleError(
            _("{ability} costs {cost} fatigue; at {fatigue}/{max_fatigue} only {room} more can be taken").format(
                ability=chosen.name_en, cost=chosen.cost, fatigue=fatigue, max_fatigue=max_fatigue, room=room),
            rule="DG-FAT-1",
        )
    return FatigueSpend(
        ability=chosen.key,
        cost=chosen.cost,
        fatigue_before=fatigue,
        fatigue_after=fatigue + chosen.cost,
        max_fatigue=max_fatigue,
        takes_action=chosen.takes_action,
        used_this_turn=used + (chosen.key,),
    )


@datatype(frozen=True, slots=True)
class RallyOutcome:
    """A rally: the fatigue spent, the d4 and the HP it brought back."""

    spend: FatigueSpend
    die: Die
    body: int
    #: body + the d4, before the cap at max HP
    rolled: int
    hp_before: int
    hp_after: int
    max_hp: int

    @property
    def healed(self) -> int:
        return self.hp_after - self.hp_before

    @property
    def dice(self) -> tuple[Die, ...]:
        return (self.die,)


def rally(
    source: DiceSource,
    *,
    body: int,
    hp: int,
    max_hp: int,
    fatigue: int,
    max_fatigue: int,
    used_this_turn: Iterable[str] = (),
    damaged_last_turn: bool = False,
) -> RallyOutcome:
    """Rally («Собраться с силами»): +2 fatigue and an action; heal body + 1d4, up to max HP.

    The action itself is the caller's to spend (``ActionBudget.spend``).
    An unconscious character cannot act, so cannot rally.
    """
    if hp == 0:
        raise RuleError(_("an unconscious character cannot act, so cannot rally"), rule="DG-FAT-1")
    spend = spend_fatigue(
        "rally", fatigue, max_fatigue, used_this_turn, damaged_last_turn=damaged_last_turn
    )
    die = roll(source, RALLY_DIE, "rally_heal")
    rolled = body + die.face
    healed = heal(hp, max_hp, max(0, rolled), status=OK)
    return RallyOutcome(spend, die, body, rolled, hp, healed.hp_after, max_hp)
