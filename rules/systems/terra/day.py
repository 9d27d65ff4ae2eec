"""Midnight in terra: what the seed ties to a day (``day``).

- TT-END-1: "У здоровых персонажей все ОЗ каждые сутки в полночь восстанавливаются": a living
  combatant with HP above 0 gets its HP back to the maximum; "По прошествии боя персонажи с ОЗ
  равными 0 либо меньшими валятся в обморок. На следующий день, если их никто не лечил, то
  наступает смерть": a character still at 0 HP or below dies.
- TT-SP-2: at SP 0 or below a character "не может применять Способности и Магии в этот день":
  [I] with the new day the soul is whole again, SP back to the maximum (the seed gives SP no other
  way back).
- TT-TRANCE-1: the combat trance comes "1 раз в день": the day's trance is ready again.
- TT-TECH-2: "Изменять применяемые приемы можно в полночь": the day's aspect (``аспект``) may be
  chosen anew, ``day --aspects "Айрис=Мана, Торн=Душа"``.

MP are refilled before every fight (TT-MP-1), not by the day.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from rules.core.errors import RuleError
from rules.core.names import name_key
from rules.core.state import DEAD, OK, find
from rules.dice.datatypes import replace
from rules.i18n import _
from rules.systems.terra.health import is_monster
from rules.systems.terra.sheet import SHEET
from rules.systems.terra.techniques import ASPECT_WORDS

if TYPE_CHECKING:
    from rules.core.outcome import Work
    from rules.dice.sources import DiceSource
    from rules.systems.terra.rules import Terra


def parse_aspects(work: Work, text: str | None) -> dict[str, str]:
    """``"Айрис=Мана, Торн=Душа"`` -> {name: aspect}; a malformed pair is a ValueError."""
    if not text or not text.strip():
        return {}
    chunks = [c for c in re.split(r"[,;]", text) if c.strip()]
    if len(chunks) == 1 and chunks[0].count("=") > 1:
        chunks = chunks[0].split()
    words = dict(ASPECT_WORDS)
    chosen: dict[str, str] = {}
    for chunk in chunks:
        who, eq, aspect = chunk.partition("=")
        if not eq or not who.strip() or not aspect.strip():
            raise ValueError(_('--aspects: {chunk!r} is not NAME=ASPECT, e.g. --aspects "Айрис=Мана, Торн=Душа"')
                             .format(chunk=chunk.strip()))
        key = words.get(name_key(aspect.strip()))
        if key is None:
            raise ValueError(_("--aspects: {aspect!r} is not an aspect; the aspects are Время, Мана, Жизнь, "
                               "Душа").format(aspect=aspect.strip()))
        name = find(work.encounter(), who.strip())
        chosen[name] = key
    return chosen


def end_day(rules: Terra, work: Work, source: DiceSource | None, **options: Any) -> bool:
    """Midnight by terra's rules on ``work``; True when anything changed.  ``aspects``: the
    day's aspect chosen anew (``"Айрис=Мана, Торн=Душа"``)."""
    chosen = parse_aspects(work, options.get("aspects"))
    for name in chosen:
        c = work.get(name)
        if is_monster(c):
            raise RuleError(_("{name} is a monster: a monster has no day's aspect (only characters choose "
                              "one); leave it out of --aspects").format(name=name), rule="TT-TECH-2")
        if c.status == DEAD:
            raise RuleError(_("{name} is dead and chooses no aspect; leave it out of --aspects").format(name=name),
                            rule="TT-TECH-2")
    changed = False
    for name in list(work.combatants):
        c = work.get(name)
        if c.status == DEAD:
            continue
        hp = c.resources.get("hp", 0)
        if hp <= 0:
            # TT-END-1: nobody healed it by the next day
            work.put(replace(c, status=DEAD, data={k: v for k, v in c.data.items()
                                                   if k not in ("trance", "trance_used", "held")}))
            work.tell("day_death", about=[name], name=name, hp=hp)
            changed = True
            continue
        caps = SHEET.resource_caps(c.stats)
        resources = dict(c.resources)
        data = dict(c.data)
        hp_cap, sp_cap = caps.get("hp"), caps.get("sp")
        if hp_cap is not None and hp < hp_cap:
            resources["hp"] = hp_cap
            work.tell("day_hp", about=[name], name=name, hp_before=hp, hp_after=hp_cap)
        sp = resources.get("sp", 0)
        if sp_cap is not None and sp < sp_cap and not is_monster(c):
            resources["sp"] = sp_cap
            work.tell("day_sp", about=[name], name=name, sp_before=sp, sp_after=sp_cap, banned=sp <= 0)
        spent = data.pop("trance_used", None)
        if data.pop("trance", None) or spent:
            work.tell("day_trance", about=[name], name=name)
        stats = dict(c.stats)
        if name in chosen:
            was = stats.get("aspect")
            stats["aspect"] = chosen[name]
            work.tell("day_aspect", about=[name], name=name, aspect=chosen[name],
                      was=str(was) if was is not None else None)
        after = replace(c, resources=resources, data=data, stats=stats, status=OK if c.status != OK else c.status)
        if after != c:
            work.put(after)
            changed = True
    return changed
