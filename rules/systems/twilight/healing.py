"""Healing: abilities that restore HP in a fight, and the organisers' healing of the spared.

Restoring HP stops bleeding, never poison (TW-BLEED-1, TW-POISON-1), and lowers
the wound level to the new HP's without giving energy back (TW-WOUND-1).  A
champion who fell (out of the fight, or bleeding out after AT DEATH) is put back
on their feet between fights (after ``fight end``): "Пощада – раненый чемпион вернётся в
строй ..., поставленный на ноги при помощи целительной магии организаторов"
(TW-CHOICE-1).  ``char set hp=`` keeps the same marks in step (``marks.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core.errors import RuleError
from rules.core.outcome import HealthChange, Outcome, Work
from rules.core.state import DEAD, OK, Combatant, Encounter, find
from rules.dice.datatypes import replace
from rules.dice.sources import DiceSource
from rules.i18n import _
from rules.systems.twilight import champion as ch
from rules.systems.twilight.messages import word
from rules.systems.twilight.resolve import set_wound

if TYPE_CHECKING:
    from rules.systems.twilight.rules import Twilight


def _healed(work: Work, c: Combatant, amount: int) -> tuple[int, str]:
    """The HP and status ``amount`` of healing gives ``c``: never above the maximum; a fallen
    champion stands again between fights, once the HP are no longer over 90% lost."""
    before = c.resources.get("hp", 0)
    cap = ch.hp_max(c)
    after = before + amount if cap is None else min(cap, before + amount)
    if c.status != OK and work.fight is None and (cap is None or ch.fate_of_loss(cap, after) is None):
        return after, OK
    return after, c.status


def mend(work: Work, name: str, amount: int) -> HealthChange:
    """``amount`` HP back: bleeding stops, never poison (TW-BLEED-1, TW-POISON-1); the wound
    level follows the new HP, no energy back (TW-WOUND-1); the dead stay dead."""
    c = work.get(name)
    before = c.resources.get("hp", 0)
    if c.status == DEAD:
        return HealthChange(name, amount, before, before, DEAD, DEAD)
    after, status = _healed(work, c, amount)
    effects = tuple(e for e in c.effects if not e.healing_removes) if after > before else c.effects
    work.put(replace(c.with_resource("hp", after), status=status, effects=effects))
    if after > before or status != c.status:
        set_wound(work, name, after)
    return HealthChange(name, amount, before, after, c.status, status)


def heal(rules: Twilight, enc: Encounter, source: DiceSource | None, name: str,
         amount: int | None = None) -> Outcome:
    """An ability that restores HP, or the organisers' healing of a spared champion (all HP
    without ``amount``): bleeding stops, the wound eases, the fallen stand again."""
    work = rules.work(enc)
    who = find(enc, name)
    c = work.get(who)
    if c.status == DEAD:
        raise RuleError(_("{name} is dead: no healing brings the dead back").format(name=who), rule="TW-DEATH-1")
    if c.status != OK and work.fight is not None:
        raise RuleError(_("{name} is {state}: the organisers heal a fallen champion between fights; "
                          "heal {name} after fight end").format(name=who, state=word(c.status)),
                        rule="TW-CHOICE-1")
    hp, cap = c.resources.get("hp", 0), ch.hp_max(c) or 0
    if amount == 0:
        raise RuleError(_("healing of 0 HP heals nothing: give the HP to restore, or none for all of them"),
                        rule="TW-BLEED-1")
    if amount is None:
        amount = max(0, cap - hp)
    if c.status == OK and hp >= cap:
        raise RuleError(_("{name} has all {hp} HP: nothing to heal").format(name=who, hp=hp), rule="TW-BLEED-1")
    after, status = _healed(work, c, amount)
    work.tell("healed", about=[who], name=who, amount=after - hp, hp_before=hp, hp_after=after,
              status_before=c.status, status_after=status)
    mend(work, who, amount)
    for effect in c.effects if after > hp else ():
        if effect.healing_removes:
            work.tell("effect_ended", about=[who], name=who, effect=effect.name, why="healed")
    return work.outcome({"kind": "heal", "name": who, "amount": after - hp, "hp": after, "status": status},
                        hidden=c.hidden)
