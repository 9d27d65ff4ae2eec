"""Timed effects: what a tick does, how a second copy stacks, when it ends.

An effect stores *deadlines*, never countdowns.  ``until``/``until_round``
name the moment of the fight clock at which it ends (e.g. the end of its
bearer's turn in round 7) and ``last_tick`` the round of its latest tick.
Every moment (start or end of a turn or of a round) happens once per round
for a given bearer, so a tick is due only while ``last_tick`` is below the
current round: stepping the clock back and forward again can never tick
twice, and re-running a step from an older state gives the same result.

The master asks for a duration (:class:`Duration`: 3 turns, 2 rounds, until
the fight ends ...); :meth:`EffectSpec.effect_at` turns it into deadlines
against the clock at the moment the effect is added.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from rules import dice
from rules.core.errors import RuleError
from rules.core.names import name_key
from rules.core.plain import beyond_64_bits, fits
from rules.dice.datatypes import datatype, field, fields, replace
from rules.i18n import N_, _, field_word, ngettext, pgettext

# moments of the fight clock
TURN_START = "turn_start"
TURN_END = "turn_end"
ROUND_START = "round_start"
ROUND_END = "round_end"
#: as a tick: never ticks (a plain modifier); as an end: lasts until removed
NEVER = "never"
FIGHT_END = "fight_end"
#: as a tick: when a round clock's system settles the round, with the round's blows; the clock
#: never runs this moment, the system that settles the round ticks such effects itself
#: (TW-BLEED-1: bleeding lands together with the round's damage, so it cannot kill)
ROUND_SETTLES = "round_settles"

TURN_MOMENTS = (TURN_START, TURN_END)
ROUND_MOMENTS = (ROUND_START, ROUND_END)
CLOCK_MOMENTS = TURN_MOMENTS + ROUND_MOMENTS
TICKS = (NEVER,) + CLOCK_MOMENTS + (ROUND_SETTLES,)
ENDS = (NEVER, FIGHT_END) + CLOCK_MOMENTS

# what happens when a bearer gets an effect it already has (same name)
REFRESH = "refresh"
ADD = "add"
REPLACE_DAMAGE = "replace_damage"
REPLACE = "replace"
IGNORE = "ignore"
STRONGEST = "strongest"
STACKING = (REFRESH, ADD, REPLACE_DAMAGE, REPLACE, IGNORE, STRONGEST)


def _dice_problem(text: str) -> str | None:
    """Why ``text`` is not a dice expression the roller accepts, or None."""
    try:
        dice.parse(text)  # through the door: an effect without dice never loads the parser
    except dice.DiceError as err:
        return str(err)
    return None


def effect_key(name: str) -> str:
    """The form effect names are compared in: the same as people's names."""
    return name_key(name)


def _frozen_modifiers(modifiers: Mapping[str, int]) -> Mapping[str, int]:
    for key, value in modifiers.items():
        if not isinstance(key, str) or not key:
            raise ValueError(_("a modifier needs a stat name, not {key!r}").format(key=key))
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(_("modifier {key} must be a whole number, not {value!r}").format(key=key, value=value))
    return MappingProxyType(dict(modifiers))


def _check_common(
    name: str, tick: str, damage: int, damage_dice: str, heal: int, stacking: str, floor: int = 0
) -> None:
    if not name.strip():
        raise ValueError(_("an effect needs a name"))
    if tick not in TICKS:
        raise ValueError(_("an effect ticks at one of {allowed}, not {tick!r}").format(
            allowed=", ".join(TICKS), tick=tick))
    if stacking not in STACKING:
        raise ValueError(_("stacking is one of {allowed}, not {stacking!r}").format(
            allowed=", ".join(STACKING), stacking=stacking))
    if damage < 0 or heal < 0:
        raise ValueError(_("damage and healing per tick cannot be negative"))
    if damage_dice and (problem := _dice_problem(damage_dice)) is not None:
        raise ValueError(_("damage dice {damage_dice!r}: {problem}").format(damage_dice=damage_dice, problem=problem))
    if floor < 0:
        raise ValueError(_("an effect's HP floor is 0 (none) or more"))
    if tick == NEVER and (damage or damage_dice or heal):
        raise ValueError(_("{name}: damage or healing needs a tick moment ({allowed})").format(
            name=name, allowed=", ".join(CLOCK_MOMENTS)))


@datatype(frozen=True)
class Effect:
    """An effect on one combatant, as stored in the session.

    ``damage`` (plus a roll of ``damage_dice``) is lost and ``heal`` gained at
    every ``tick``; ``modifiers`` are added to stats while it lasts;
    ``skip_turn`` makes the bearer lose its turns.  It ends at the ``until``
    moment of round ``until_round`` (after any tick due at that moment), at
    the end of the fight, or never (until removed).
    """

    name: str
    tick: str = NEVER
    damage: int = 0
    damage_dice: str = ""
    heal: int = 0
    modifiers: Mapping[str, int] = field(default_factory=dict)
    skip_turn: bool = False
    stacking: str = REFRESH
    stacks: int = 1
    until: str = NEVER
    until_round: int = 0
    #: round of the latest tick; 0 before the first
    last_tick: int = 0
    #: free text for people: "1 hour", "bandaging stops it"
    note: str = ""
    #: its damage never brings HP below this (0: no floor of its own; TW-BLEED-1: 1)
    floor: int = 0
    #: any healing of the bearer removes it (TW-BLEED-1)
    healing_removes: bool = False
    #: a system hook called at every tick (burning's item breakage, SK-BURN-1)
    hook: str = ""

    def __post_init__(self) -> None:
        _check_common(self.name, self.tick, self.damage, self.damage_dice, self.heal, self.stacking, self.floor)
        if self.until not in ENDS:
            raise ValueError(_("an effect ends at one of {allowed}, not {until!r}").format(
                allowed=", ".join(ENDS), until=self.until))
        if self.until in CLOCK_MOMENTS and self.until_round < 1:
            raise ValueError(_("an effect ending at {until} needs the round it ends in").format(until=self.until))
        if self.until not in CLOCK_MOMENTS and self.until_round:
            raise ValueError(_("an effect ending at {until} has no end round").format(until=self.until))
        if self.stacks < 1 or self.last_tick < 0:
            raise ValueError(_("stacks start at 1 and the last tick round is never negative"))
        object.__setattr__(self, "modifiers", _frozen_modifiers(self.modifiers))

    @property
    def key(self) -> str:
        return effect_key(self.name)

    @property
    def ends_with_fight(self) -> bool:
        """Deadlines on the fight clock mean nothing once the fight is over."""
        return self.until != NEVER

    def due(self, moment: str, round_: int) -> bool:
        return self.tick == moment and self.last_tick < round_

    def ends_at(self, moment: str, round_: int) -> bool:
        return self.until == moment and round_ >= self.until_round

    def ticked(self, round_: int) -> Effect:
        if round_ < 0:
            return replace(self, last_tick=round_)  # refused by the checks
        # only the last tick changes, and every other check passed when this effect was made
        made: Effect = object.__new__(Effect)
        state = self.__dict__.copy()
        state["last_tick"] = round_
        object.__setattr__(made, "__dict__", state)
        return made


# --- durations ---------------------------------------------------------------

TURNS = "turns"
NEXT_TURN = "next_turn"
ROUNDS = "rounds"
UNTIL_ROUND = "until_round"
FIGHT = "fight"
REMOVED = "removed"
DURATIONS = (TURNS, NEXT_TURN, ROUNDS, UNTIL_ROUND, FIGHT, REMOVED)
_COUNTED = (TURNS, ROUNDS, UNTIL_ROUND)


@datatype(frozen=True, slots=True)
class Duration:
    """How long the master wants an effect to last.

    - ``turns`` n: through the end of the bearer's n-th turn that starts
      after the effect is added (a turn in progress does not count);
    - ``next_turn``: until the start of the bearer's next turn;
    - ``rounds`` n: through the end of round current + n - 1 (the current
      round counts as the first);
    - ``until_round`` r: until round r begins;
    - ``fight``: until the fight ends;  ``removed``: until someone removes it.
    """

    kind: str = REMOVED
    count: int = 0

    def __post_init__(self) -> None:
        if self.kind not in DURATIONS:
            raise ValueError(_("a duration is one of {allowed}, not {kind!r}").format(
                allowed=", ".join(DURATIONS), kind=self.kind))
        if self.kind in _COUNTED and self.count < 1:
            raise ValueError(_("a duration in {kind} needs a count of at least 1").format(kind=self.kind))
        if self.kind not in _COUNTED and self.count:
            raise ValueError(_("a duration {kind!r} takes no count").format(kind=self.kind))

    @property
    def needs_clock(self) -> bool:
        return self.kind not in (FIGHT, REMOVED)

    def deadline(self, round_: int | None, turn_ahead: bool) -> tuple[str, int]:
        """(until, until_round) for an effect added now.

        ``round_`` is the current round (None outside a fight); ``turn_ahead``
        says whether the bearer still has a turn to come in this round.
        """
        if self.needs_clock and round_ is None:
            raise RuleError(
                _("a duration of {duration} needs a running fight; "
                  "outside one an effect lasts until the fight ends or until removed").format(
                    duration=duration_text(self))
            )
        return _DEADLINES[self.kind](self.count, round_ or 0, turn_ahead)


def _first_turn_round(round_: int, turn_ahead: bool) -> int:
    return round_ if turn_ahead else round_ + 1


def _until_round(count: int, round_: int, turn_ahead: bool) -> tuple[str, int]:
    if count <= round_:
        raise RuleError(_("round {n} has already begun (the fight is in round {current})").format(
            n=count, current=round_))
    return ROUND_START, count


_DEADLINES: dict[str, Callable[[int, int, bool], tuple[str, int]]] = {
    TURNS: lambda n, r, ahead: (TURN_END, _first_turn_round(r, ahead) + n - 1),
    NEXT_TURN: lambda n, r, ahead: (TURN_START, _first_turn_round(r, ahead)),
    ROUNDS: lambda n, r, ahead: (ROUND_END, r + n - 1),
    UNTIL_ROUND: _until_round,
    FIGHT: lambda n, r, ahead: (FIGHT_END, 0),
    REMOVED: lambda n, r, ahead: (NEVER, 0),
}

_DURATION_WORDS = {
    TURNS: ("turn", "turns", "t", "ход", "хода", "ходов", "х"),
    ROUNDS: ("round", "rounds", "r", "раунд", "раунда", "раундов", "р"),
}
_PLAIN_DURATIONS = {
    NEXT_TURN: ("next turn", "next_turn", "до следующего хода", "до своего хода"),
    FIGHT: ("fight", "fight end", "fight_end", "бой", "до конца боя", "конец боя"),
    REMOVED: ("removed", "never", "forever", "until removed", "навсегда", "пока не снимут"),
}
_COUNT_AND_WORD = re.compile(r"^(\d+)\s*([^\d\s].*)$")
_UNTIL_ROUND = re.compile(r"^(?:until round|to round|до раунда)\s*(\d+)$")


def _whole(digits: str) -> int:
    """The count of a typed duration; one a session file could not hold is refused here, by name."""
    significant = digits.lstrip("0")
    # thousands of digits are more than int() will read: shown by their length alone
    count = int(digits) if len(significant) < 4000 else 10 ** len(significant)
    if not fits(count):
        raise ValueError(beyond_64_bits(count))
    return count


def parse_duration(text: str) -> Duration:
    """``"3 turns"``, ``"2r"``, ``"3 хода"``, ``"until round 5"``, ``"бой"``, ``"forever"``."""
    wanted = " ".join(text.casefold().replace("ё", "е").split())
    for kind, words in _PLAIN_DURATIONS.items():
        if wanted in words:
            return Duration(kind)
    found = _UNTIL_ROUND.match(wanted)
    if found:
        return Duration(UNTIL_ROUND, _whole(found.group(1)))
    found = _COUNT_AND_WORD.match(wanted)
    if found:
        count, word = _whole(found.group(1)), found.group(2).strip()
        for kind, words in _DURATION_WORDS.items():
            if word in words:
                return Duration(kind, count)
    raise ValueError(
        _("unknown duration {text!r}; say e.g. '3 turns', '2 rounds', 'until round 5', "
          "'next turn', 'fight' or 'removed'").format(text=text)
    )


_DURATION_TEXT: dict[str, Callable[[int], str]] = {
    TURNS: lambda n: ngettext("{n} turn", "{n} turns", n).format(n=n),
    NEXT_TURN: lambda n: pgettext("duration", "next turn"),
    ROUNDS: lambda n: ngettext("{n} round", "{n} rounds", n).format(n=n),
    UNTIL_ROUND: lambda n: pgettext("duration", "until round {n}").format(n=n),
    FIGHT: lambda n: pgettext("duration", "fight"),
    REMOVED: lambda n: pgettext("duration", "removed"),
}


def duration_text(duration: Duration) -> str:
    """The words :func:`parse_duration` reads back, in either language: ``"3 turns"``,
    ``"3 хода"``, ``"fight"``, ``"до конца боя"``."""
    return _DURATION_TEXT[duration.kind](duration.count)


# --- what the master asks for ------------------------------------------------


@datatype(frozen=True)
class EffectSpec:
    """An effect as the master asks for it: the parts of :class:`Effect`
    with a relative :class:`Duration` instead of deadlines."""

    name: str
    tick: str = NEVER
    damage: int = 0
    damage_dice: str = ""
    heal: int = 0
    modifiers: Mapping[str, int] = field(default_factory=dict)
    skip_turn: bool = False
    stacking: str = REFRESH
    duration: Duration = Duration()
    note: str = ""
    floor: int = 0
    healing_removes: bool = False
    hook: str = ""

    def __post_init__(self) -> None:
        _check_common(self.name, self.tick, self.damage, self.damage_dice, self.heal, self.stacking, self.floor)
        object.__setattr__(self, "modifiers", _frozen_modifiers(self.modifiers))

    def effect_at(self, round_: int | None, turn_ahead: bool, acting_now: bool = False) -> Effect:
        """The effect with its deadlines, added at ``round_`` (None outside a fight).

        Put on the combatant whose turn it is, a turn tick first comes in its
        next turn [I], as the turn in progress does not count toward its
        duration either.
        """
        until, until_round = self.duration.deadline(round_, turn_ahead)
        skip_this_turn = acting_now and round_ is not None and self.tick in TURN_MOMENTS
        return Effect(
            name=self.name.strip(),
            tick=self.tick,
            damage=self.damage,
            damage_dice=self.damage_dice,
            heal=self.heal,
            modifiers=self.modifiers,
            skip_turn=self.skip_turn,
            stacking=self.stacking,
            until=until,
            until_round=until_round,
            last_tick=round_ if skip_this_turn and round_ is not None else 0,
            note=self.note,
            floor=self.floor,
            healing_removes=self.healing_removes,
            hook=self.hook,
        )


# --- stacking ------------------------------------------------------------------


def _summed(a: Mapping[str, int], b: Mapping[str, int]) -> dict[str, int]:
    total = dict(a)
    for key, value in b.items():
        total[key] = total.get(key, 0) + value
    return total


def _joined_dice(a: str, b: str) -> str:
    return "+".join(part for part in (a, b) if part)


def _refresh(old: Effect, new: Effect) -> Effect:
    return replace(old, until=new.until, until_round=new.until_round)


def _add(old: Effect, new: Effect) -> Effect:
    # SK-BLEED-1: the first duration stays, the damage grows with each stack
    return replace(
        old,
        damage=old.damage + new.damage,
        damage_dice=_joined_dice(old.damage_dice, new.damage_dice),
        heal=old.heal + new.heal,
        modifiers=_summed(old.modifiers, new.modifiers),
        stacks=old.stacks + new.stacks,
    )


def _replace_damage(old: Effect, new: Effect) -> Effect:
    # SK-POISON-1: the new damage replaces the old, the duration stays
    return replace(old, damage=new.damage, damage_dice=new.damage_dice)


def _replace(old: Effect, new: Effect) -> Effect:
    # the newcomer inherits the tick record, so a replacement cannot tick twice in a round
    return replace(new, last_tick=max(old.last_tick, new.last_tick))


def _ignore(old: Effect, new: Effect) -> Effect:
    return old


def _strongest(old: Effect, new: Effect) -> Effect:
    # TW-BLEED-1 [I]: it does not stack; a stronger one raises the damage, the rest stays
    return replace(old, damage=new.damage) if new.damage > old.damage else old


_STACKERS: dict[str, Callable[[Effect, Effect], Effect]] = {
    REFRESH: _refresh,
    ADD: _add,
    REPLACE_DAMAGE: _replace_damage,
    REPLACE: _replace,
    IGNORE: _ignore,
    STRONGEST: _strongest,
}

#: what a second copy does, in words (translate with rules.core.messages.words)
STACKING_TEXT = {
    REFRESH: N_("its end is renewed"),
    ADD: N_("it stacks: damage added, end unchanged"),
    REPLACE_DAMAGE: N_("the new damage replaces the old, end unchanged"),
    REPLACE: N_("the new one replaces it"),
    IGNORE: N_("the new one is ignored"),
    STRONGEST: N_("the stronger damage stays, end unchanged"),
}


def stack(old: Effect, new: Effect) -> Effect:
    """``new`` arriving on a bearer that has ``old`` (same name), by ``new``'s stacking."""
    return _STACKERS[new.stacking](old, new)


# --- text ------------------------------------------------------------------------

_DAMAGE_AT: dict[str, Callable[[str], str]] = {
    TURN_START: lambda a: _("{amount} damage at the start of each of its turns").format(amount=a),
    TURN_END: lambda a: _("{amount} damage at the end of each of its turns").format(amount=a),
    ROUND_START: lambda a: _("{amount} damage at the start of each round").format(amount=a),
    ROUND_END: lambda a: _("{amount} damage at the end of each round").format(amount=a),
    ROUND_SETTLES: lambda a: _("{amount} damage every round, with the round's blows").format(amount=a),
}
_HEALS_AT: dict[str, Callable[[int], str]] = {
    TURN_START: lambda a: _("heals {amount} at the start of each of its turns").format(amount=a),
    TURN_END: lambda a: _("heals {amount} at the end of each of its turns").format(amount=a),
    ROUND_START: lambda a: _("heals {amount} at the start of each round").format(amount=a),
    ROUND_END: lambda a: _("heals {amount} at the end of each round").format(amount=a),
    ROUND_SETTLES: lambda a: _("heals {amount} every round, with the round's blows").format(amount=a),
}
_END_TEXT: dict[str, Callable[[int], str]] = {
    NEVER: lambda r: _("until removed"),
    FIGHT_END: lambda r: _("until the end of the fight"),
    TURN_START: lambda r: _("until the start of its turn in round {n}").format(n=r),
    TURN_END: lambda r: _("through the end of its turn in round {n}").format(n=r),
    ROUND_START: lambda r: _("until round {n} begins").format(n=r),
    ROUND_END: lambda r: _("through the end of round {n}").format(n=r),
}

def shown_name(name: str) -> str:
    """An effect's name (or note) for people.

    A system's presets store their names and notes as English texts that the system
    marks for its own catalog (``rules/systems/<id>/presets.py``), so the reader's
    language has them: any stored text is looked up, and one that no catalog holds (a
    name the master typed) is shown as typed.  The core names no system's effects.
    """
    return _(name) if name else name


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


def effect_record(effect: Effect) -> dict[str, Any]:
    """Every field of an effect that differs from its default, for events and files."""
    return {f.name: (dict(v) if isinstance(v, Mapping) else v)
            for f in fields(effect) if (v := getattr(effect, f.name)) != f.default
            and not (f.name == "modifiers" and not v)} | {"name": effect.name}


def describe(effect: Effect) -> str:
    """One line for people: ``bleeding x2: 2 damage at the start of each of its turns, ...``."""
    parts = []
    amount = _joined_dice(effect.damage_dice, str(effect.damage) if effect.damage else "")
    if amount:
        parts.append(_DAMAGE_AT[effect.tick](amount))
    if effect.heal:
        parts.append(_HEALS_AT[effect.tick](effect.heal))
    if effect.modifiers:
        parts.append(", ".join(f"{field_word(key)} {_signed(v)}" for key, v in effect.modifiers.items()))
    if effect.skip_turn:
        parts.append(_("loses its turns"))
    if effect.floor:
        parts.append(_("never below {n} {hp}").format(n=effect.floor, hp=pgettext("hit points", "HP")))
    if effect.healing_removes:
        parts.append(_("healing removes it"))
    parts.append(_END_TEXT[effect.until](effect.until_round))
    name = shown_name(effect.name)
    head = name if effect.stacks == 1 else _("{name} x{stacks}").format(name=name, stacks=effect.stacks)
    text = f"{head}: " + ", ".join(parts)
    return f"{text} ({shown_name(effect.note)})" if effect.note else text


# --- an effect every system may use ----------------------------------------------------


def lose_turns(name: str, turns: int) -> EffectSpec:
    """Paralysed, knocked down hard, asleep ...: the next ``turns`` turns are lost."""
    return EffectSpec(name, skip_turn=True, duration=Duration(TURNS, turns))
