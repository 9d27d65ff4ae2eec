"""Theatrical actions (TT-AP-1) and the sign powers that decide checks (TT-SIGN-2).

The seed: "Некоторые специальные действия, называемые Театральными, совершаемые в бою, по
усмотрению Мастера тоже могут требовать некоторое количество ОД и каких-либо проверок": the
master names the AP and the check; [I] a check is a percentage chance, d100 <= N (C-PCT-1), as
the seed's other chances are.  Two auras decide a check without a roll:

- Лев: "Выигрывает все защитные проверки в бою"; from level 5 "гарантирует 1 выигрыш любой
  защитной проверки в ход любому сопартийцу в радиусе 1" (radius 2 at level 10);
- Близнецы: "все враги в радиусе 2 проваливают все свои проверки".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.core.errors import RuleError
from rules.core.state import DEAD, find
from rules.dice.datatypes import replace
from rules.i18n import _
from rules.systems.terra.fight import LION_USED
from rules.systems.terra.grid import distance
from rules.systems.terra.positions import cell_of
from rules.systems.terra.reading import int_stat as _int

if TYPE_CHECKING:
    from rules.core.outcome import Outcome, Work
    from rules.core.state import Combatant, Encounter
    from rules.dice.sources import DiceSource
    from rules.systems.terra.rules import Terra

def _near(work: Work, c: Combatant, radius: int, *, enemies: bool, sign: str) -> list[Combatant]:
    here = cell_of(c)
    if here is None:
        return []
    found = []
    for o in work.combatants.values():
        there = cell_of(o)
        if (o.name != c.name and o.status != DEAD and there is not None and str(o.stats.get("zodiac")) == sign
                and (o.side != c.side) == enemies and distance(here, there) <= radius):
            found.append(o)
    return found


def theatre(rules: Terra, enc: Encounter, source: DiceSource, name: str, what: str, ap: int,
            chance: int | None, defensive: bool) -> Outcome:
    """A theatrical action: ``ap`` AP of the turn (not a combat action) and, with ``chance``, its check."""
    work = rules.work(enc)
    name = find(enc, name)
    if chance is not None and not 0 <= chance <= 100:
        raise ValueError(_("--chance is a percentage, 0..100, got {chance}").format(chance=chance))
    if defensive and chance is None:
        raise ValueError(_("--defensive marks a check: give its --chance too"))
    left = None
    if ap or not defensive:
        turn = rules.turn_for(work, source, name, "theatre", "TT-AP-1")
        if turn is None and ap:
            raise RuleError(_("AP are spent in a fight; outside one a theatrical action costs nothing: leave "
                              "out --ap"), rule="TT-AP-1")
        left = rules.spend(work, turn, ap)
    c = work.get(name)
    if c.status == DEAD:
        raise RuleError(_("{name} is dead").format(name=name), rule="TT-END-1")
    work.tell("theatre", about=[name], name=name, what=what, ap=ap, ap_left=left)
    event: dict[str, Any] = {"kind": "theatre", "actor": name, "what": what, "ap": ap}
    if chance is None:
        return work.outcome(event, hidden=c.hidden)
    decided = _decided(work, c, defensive)
    if decided is not None:
        success, sign, by = decided
        work.tell("check_decided", about=[name], name=name, sign=sign, by=by, success=success)
    else:
        die = work.roll(source, 100, "theatre_check")
        success = die.face <= chance
        work.tell("theatre_check", about=[name], name=name, chance=chance, die=die.face, success=success)
    event.update(chance=chance, success=success)
    return work.outcome(event, passed=success, hidden=c.hidden)


def _decided(work: Work, c: Combatant, defensive: bool) -> tuple[bool, str, str] | None:
    """(success, sign, whose aura) when an aura decides the check; None when it is rolled.

    [I] A defensive check Лев wins stays won next to an enemy Близнецы: the defender's aura holds."""
    if defensive and str(c.stats.get("zodiac")) == "leo":
        return True, "leo", c.name
    if defensive and work.fight is not None:
        used = list(work.fight.data.get(LION_USED, []))
        for lion in sorted(_near(work, c, 2, enemies=False, sign="leo"), key=lambda o: o.name):
            level = _int(lion, "sign_level", 1)
            radius = 2 if level >= 10 else 1 if level >= 5 else 0
            if radius and lion.name not in used and distance(cell_of(lion), cell_of(c)) <= radius:  # type: ignore[arg-type]
                work.fight = replace(work.fight, data={**work.fight.data, LION_USED: [*used, lion.name]})
                return True, "leo", lion.name
    gemini = _near(work, c, 2, enemies=True, sign="gemini")
    if gemini:
        return False, "gemini", gemini[0].name
    return None
