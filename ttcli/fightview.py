"""What the master and the players see of a fight: status, forum summary, toolbar.

The master's view has every number.  The players' view (``--public``) leaves
out hidden combatants and shows enemies' health as a condition word instead of
numbers, the way masters usually describe a foe.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

#: share of max HP left -> the word players see for an enemy
CONDITIONS = ((1.0, "unhurt"), (0.5, "wounded"), (0.0, "badly wounded"))


def condition(hp: int, hp_max: int, status: str) -> str:
    if status != "ok":
        return status
    if hp_max <= 0:
        return "unhurt"
    share = hp / hp_max
    for floor, word in CONDITIONS:
        if share >= floor:
            return word
    return "badly wounded"


def _caps(system: str, stats: Mapping[str, Any]) -> dict[str, int]:
    from rules.systems import get_sheet

    try:
        return get_sheet(system).resource_caps(stats)
    except ValueError:
        return {}


def resources_text(system: str, c) -> str:
    caps = _caps(system, c.stats)
    # a resource the character lacks (MP of a non-caster: 0 of 0) is left out
    return ", ".join(f"{k} {v}/{caps[k]}" if k in caps else f"{k} {v}"
                     for k, v in c.resources.items() if caps.get(k) or v)


@dataclass(frozen=True)
class StatusView:
    doc: Mapping[str, Any]
    public: bool = False
    kind = "status"

    def _encounter(self):
        from rules.fight import encounter_from_doc

        return encounter_from_doc(self.doc)

    def lines(self, s) -> list[str]:
        from rules.fight import describe

        enc = self._encounter()
        fight = enc.fight
        title = f"{self.doc.get('name')} ({enc.system})"
        out = [s.strong(s.escape(title))]
        if fight is None:
            out.append("no fight running (start one: fight start)")
        else:
            turn = fight.turn
            now = fight.current or "-"
            if self.public and now in enc.names and enc.get(now).hidden:
                now = "?"
            left = f", {turn.remaining} action(s) left" if turn is not None and not self.public else ""
            out.append(s.strong(f"round {fight.round}") + s.escape(f", turn: {now}{left}"))
            order = [n for n in fight.order if not (self.public and enc.get(n).hidden)]
            if order:
                marked = [f"{n} (now)" if n == fight.current else n for n in order]
                out.append(s.escape("order: " + " > ".join(marked)))
        for c in enc:
            if self.public and c.hidden:
                continue
            if self.public and c.side == "enemy":
                hp, caps = c.resources.get("hp", 0), _caps(enc.system, c.stats)
                state = condition(hp, caps.get("hp", hp), c.status)
            else:
                state = resources_text(enc.system, c)
                if c.status != "ok":
                    state += f", {c.status}"
            tag = " (hidden)" if c.hidden else ""
            out.append(s.escape(f"  {c.side[0].upper()} {c.name}{tag}: {state}"))
            for effect in c.effects:
                out.append(s.escape(f"      {describe(effect)}"))
        return out

    def rich(self):
        """The status as a table for a terminal (ttcli.tracker)."""
        from .tracker import status_table

        return status_table(self.doc, self.public)

    def to_json(self) -> dict:
        from .jsonout import to_plain

        enc = self._encounter()
        combatants = [c for c in enc if not (self.public and c.hidden)]
        data: dict[str, Any] = {"session": self.doc.get("name"), "system": enc.system,
                                "public": self.public}
        if enc.fight is not None:
            fight = self.doc.get("fight", {})
            if self.public:
                from rules.core.rounds import players_fight

                # a round's declarations stay secret until it resolves
                fight = players_fight(fight)
            data["fight"] = to_plain(fight)
        data["combatants"] = [
            {"name": c.name, "side": c.side, "status": c.status, "hidden": c.hidden,
             "resources": dict(c.resources) if not (self.public and c.side == "enemy") else {},
             "effects": [e.name for e in c.effects]}
            for c in combatants
        ]
        return data


def toolbar_text(doc: Mapping[str, Any]) -> str:
    """The prompt's bottom line (ttcli.tracker): round, whose turn, resources, effects, who is next."""
    from .tracker import toolbar_text as text

    return text(doc)
