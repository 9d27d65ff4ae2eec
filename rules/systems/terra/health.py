"""Health in terra: the rhesus states of the dying, death, trance.

A character at 0 HP or below does not fall in a fight: its rhesus decides
(TT-RH-1, TT-RH-2), at -6 or lower it is down (TT-RH-4), and outside a fight
it faints (TT-HP-1).  A state once entered holds for the character's next
turn even if it is healed meanwhile (TT-RH-3): ``data.held`` is ``entered``
until that turn starts, ``playing`` during it, and the state is released as
the following turn starts.  Monsters have no rhesus: at 0 HP they die [I].
The rules object's health hooks (``status``, ``cannot_act``, ``hurt``,
``mend``) apply them to the encounter.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.outcome import Damage, HealthChange, Work
from rules.core.state import DEAD, OK, UNCONSCIOUS, Combatant, Status, status_in
from rules.dice.datatypes import replace
from rules.i18n import N_, _
from rules.systems.terra.sheet import hp_max

RAGE, BERSERK, PANIC, SHOCK, DOWN = "rage", "berserk", "panic", "shock", "down"
DYING = (RAGE, BERSERK, PANIC, SHOCK)

STATUSES: dict[str, Status] = {
    OK: Status(OK),
    RAGE: Status(RAGE),
    BERSERK: Status(BERSERK),
    # a panicking character flees on its turn: it moves and does nothing else
    PANIC: Status(PANIC),
    SHOCK: Status(SHOCK, can_act=False, standing=False),
    DOWN: Status(DOWN, can_act=False, standing=False),
    UNCONSCIOUS: Status(UNCONSCIOUS, can_act=False, standing=False),
    DEAD: Status(DEAD, can_act=False, standing=False, ticks=False),
}

#: what each state adds (TT-RH-1, TT-RH-2): attack damage, and defenses
ATTACK_BONUS = {RAGE: 3, BERSERK: 4}
DEFENSE_BONUS: dict[str, dict[str, int]] = {PANIC: {"pdef": 2}, SHOCK: {"pdef": 4, "pdef_dice": 2}}

ENTERED, PLAYING = "entered", "playing"

#: why a combatant loses its turn, by state
_CANNOT_ACT = {
    SHOCK: N_("is in Shock"), DOWN: N_("is down (HP -6 or lower)"),
    "unconscious": N_("is unconscious"), DEAD: N_("is dead"),
}


def is_monster(c: Combatant) -> bool:
    return bool(c.stats.get("monster", False))


def band(hp: int, rhesus: str) -> str:
    """The state an HP value means in a fight (TT-RH-1, TT-RH-2, TT-RH-4)."""
    if hp > 0:
        return OK
    if hp <= -6:
        return DOWN
    positive = rhesus != "-"
    if hp >= -2:
        return RAGE if positive else PANIC
    return BERSERK if positive else SHOCK


def settle(c: Combatant, hp: int, in_fight: bool) -> tuple[str, dict[str, Any]]:
    """The status and data of ``c`` once its HP is ``hp``."""
    data = dict(c.data)
    if c.status == DEAD:
        return DEAD, data
    if is_monster(c):
        return (OK if hp > 0 else DEAD), data
    if not in_fight:
        data.pop("held", None)
        return (OK if hp > 0 else UNCONSCIOUS), data
    state = band(hp, str(c.stats.get("rhesus", "+")))
    if state == c.status:
        return state, data
    if state in DYING:
        data["held"] = ENTERED
        return state, data
    if state == OK and c.status in DYING and data.get("held") in (ENTERED, PLAYING):
        return c.status, data  # TT-RH-3: healed, but the next turn is still played in the state
    data.pop("held", None)
    return state, data


def turn_starts(c: Combatant) -> tuple[str, dict[str, Any]]:
    """TT-RH-3 as a turn starts: a held state is played now, or released if it was."""
    data = dict(c.data)
    held = data.get("held")
    if held == ENTERED:
        data["held"] = PLAYING
        return c.status, data
    if held == PLAYING:
        data.pop("held")
        state = band(c.resources.get("hp", 0), str(c.stats.get("rhesus", "+")))
        return state, data
    return c.status, data


def defense_bonus(c: Combatant) -> Mapping[str, int]:
    bonus = dict(DEFENSE_BONUS.get(c.status, {}))
    for key in ("pdef", "pdef_dice", "mdef_mana", "mdef_life", "mdef_time", "mdef_soul"):
        bonus[key] = bonus.get(key, 0) + c.modifier(key)
    return bonus


def after_fight(c: Combatant) -> str:
    """TT-END-1: at the end of a fight -6 or lower is death, 0 or lower fainting."""
    hp = c.resources.get("hp", 0)
    if c.status == DEAD or (hp <= -6 and not is_monster(c)):
        return DEAD
    if hp <= 0:
        return DEAD if is_monster(c) else UNCONSCIOUS
    return OK


# --- the rules object's hooks --------------------------------------------------------


def status(combatant: Combatant) -> Status:
    return status_in(STATUSES, combatant)


def cannot_act(combatant: Combatant) -> str | None:
    state = status(combatant)
    if state.can_act:
        return None
    return _(_CANNOT_ACT[state.label]) if state.label in _CANNOT_ACT else state.label


def hurt(work: Work, name: str, damage: Damage) -> HealthChange:
    c = work.get(name)
    before = c.resources.get("hp", 0)
    after = before - damage.amount
    if c.data.get("trance") and work.fight is not None:
        after = max(after, min(before, 1))  # TT-TRANCE-1: HP cannot fall below 1
    state, data = settle(c, after, work.fight is not None)
    work.put(replace(c.with_resource("hp", after), status=state, data=data))
    return HealthChange(name, damage.amount, before, after, c.status, state)


def mend(work: Work, name: str, amount: int) -> HealthChange:
    c = work.get(name)
    before = c.resources.get("hp", 0)
    if c.status == DEAD:
        return HealthChange(name, amount, before, before, DEAD, DEAD)
    cap = hp_max(c)
    after = before + amount if cap is None else max(before, min(cap, before + amount))
    state, data = settle(c, after, work.fight is not None)
    work.put(replace(c.with_resource("hp", after), status=state, data=data))
    return HealthChange(name, amount, before, after, c.status, state)
