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


def state_words(system: str, data: Mapping[str, Any]) -> list[str]:
    """A combatant's own state in its system's words (dungeon: prone, its cell on the grid).

    Asked of the system's data readers (``state_words``), so no system is named
    here; a system that offers none has its data shown as stored.
    """
    if not data:
        return []
    from rules.systems import system_data

    words = getattr(system_data(system), "state_words", None)
    if words is not None:
        return list(words(data))
    return [f"{k} {','.join(map(str, v)) if isinstance(v, list) else str(v).lower()}" for k, v in data.items()]


def resources_text(system: str, c) -> str:
    caps = _caps(system, c.stats)
    # a resource the character lacks (MP of a non-caster: 0 of 0) is left out
    return ", ".join(f"{k} {v}/{caps[k]}" if k in caps else f"{k} {v}"
                     for k, v in c.resources.items() if caps.get(k) or v)


@dataclass(frozen=True)
class StatusView:
    """``fight status``: round, turn, order and every combatant's state, for the master or the players."""

    doc: Mapping[str, Any]
    public: bool = False
    kind = "status"

    def _encounter(self):
        from rules.core.codec import encounter_from_doc

        return encounter_from_doc(self.doc)

    def lines(self, s) -> list[str]:
        from rules.core.effects import describe

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
            state = ", ".join([state, *state_words(enc.system, c.data)])
            tag = " (hidden)" if c.hidden else ""
            out.append(s.escape(f"  {c.side[0].upper()} {c.name}{tag}: {state}"))
            for effect in c.effects:
                out.append(s.escape(f"      {describe(effect)}"))
        return out

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
             "effects": [e.name for e in c.effects], "state": state_words(enc.system, c.data)}
            for c in combatants
        ]
        return data


def show_status(env, public: bool = False, fmt: str = "auto") -> None:
    """``fight status``: the current session's fight, written in ``fmt``."""
    from .render import emit
    from .session import open_session

    emit(StatusView(open_session(env).read(), public), fmt, env)


def toolbar_text(doc: Mapping[str, Any]) -> str:
    """The prompt's bottom line: round, whose turn, and that character's resources."""
    from rules.core.codec import encounter_from_doc

    name = doc.get("name", "?")
    try:
        enc = encounter_from_doc(doc)
    except Exception:  # noqa: BLE001 - a hand-broken file is reported by commands
        return f" {name}: the session file needs fixing (session check)"
    fight = enc.fight
    if fight is None or fight.current is None:
        return f" {name} ({enc.system}) | no fight: fight start"
    c = enc.get(fight.current)
    turn = fight.turn
    left = f" | actions {turn.remaining}" if turn is not None else ""
    return f" {name} | round {fight.round} | {c.name}{left} | {resources_text(enc.system, c)}"
