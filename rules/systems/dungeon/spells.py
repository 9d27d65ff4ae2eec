"""A spell: one of the turn's two actions (DG-ACT-2, "заклинание") paid with MP (DG-DER-1).

The seed gives casters MP (РАЗ x 3) and lists the spell among the actions, but names
no spell and no cost: the master names the cost, as in the skirmish.  What the spell
does is the master's too (damage, healing, an effect), with the commands for those.

Refused, with nothing spent: a character without MP (not a caster), one who has
fewer MP than the cost (the seed has no paying with HP), one who is down, and in a
fight anyone whose turn it is not or who has no action left.  Outside a fight a
spell costs its MP and no action [I].
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.core.errors import RuleError
from rules.core.outcome import Outcome
from rules.core.state import OK, Encounter, find
from rules.i18n import N_, _
from rules.systems.dungeon.acting import budget_of, set_turn, turn_of
from rules.systems.dungeon.values import cap, resource

if TYPE_CHECKING:
    from rules.systems.dungeon.rules import Dungeon

MP = "mp"
#: why the down cast nothing outside a fight (in one, their turn never comes: DG-DEATH-1)
_DOWN = {"unconscious": N_("{name} is unconscious and casts nothing; any healing wakes {name} (heal {name} N)"),
         "dead": N_("{name} is dead and casts nothing")}


def cast(rules: Dungeon, enc: Encounter, name: str, spell: str, cost: int, target: str | None = None) -> Outcome:
    """NAME casts SPELL for COST MP: one action in a fight, on its own turn."""
    if cost < 1:
        raise ValueError(_("a spell costs 1 MP or more; give the cost the master names, e.g. spell {name} "
                           "{spell!r} 3").format(name=name, spell=spell))
    if not spell.strip():
        raise ValueError(_("name the spell, e.g. spell {name} Исцеление 3").format(name=name))
    work = rules.work(enc)
    n = find(enc, name)
    on = find(enc, target) if target is not None else None
    turn = turn_of(work, n) if work.fight is not None else None
    c = work.get(n)
    if turn is None and c.status != OK:
        raise RuleError(_(_DOWN.get(c.status, _DOWN["dead"])).format(name=n), rule="DG-DEATH-1")
    top = cap(c, MP)
    if not top:
        raise RuleError(_("{name} has no MP: only casters have MP (РАЗ x 3); mark a caster with "
                          "char set {name} caster=yes").format(name=n), rule="DG-DER-1")
    mp = resource(c, MP)
    if mp < cost:
        raise RuleError(_("{name} has {mp} MP and {spell} costs {cost}: not enough MP; a rest restores MP "
                          "(rest {name} short or long)").format(name=n, mp=mp, spell=spell, cost=cost),
                        rule="DG-DER-1")
    budget = budget_of(turn).spend() if turn is not None else None
    work.put(c.with_resource(MP, mp - cost))
    event: dict[str, Any] = {"kind": "cast", "actor": n, "spell": spell, "cost": cost, "mp": mp - cost}
    fields: dict[str, Any] = {"name": n, "spell": spell, "target": on, "cost": cost, "before": mp,
                              "after": mp - cost, "top": top, "rule": "DG-ACT-2"}
    if turn is not None and budget is not None:
        turn = set_turn(work, turn, budget, turn.used)
        fields["actions"] = turn.remaining
    if on is not None:
        event["target"] = on
    work.tell("cast", about=[n, *([on] if on and on != n else [])], **fields)
    return work.outcome(event, hidden=c.hidden)


__all__ = ["cast"]
