"""What the master and the players see of a fight: status, forum post, toolbar.

The master's view has every number.  The players' view (``--public``) leaves
out hidden combatants and shows enemies' health as a condition word instead of
numbers, the way masters usually describe a foe; the words and the rules of
what players may see are rules.core.messages.View's, shared with the log.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core import View, describe
from rules.core import players_fight as undeclared
from rules.dice import datatype
from rules.i18n import _, ngettext
from rules.systems import read_encounter, system_data

from . import posts
from .jsonout import to_plain
from .statuswords import (
    condition_word,
    effect_short,
    resources_text,
    side_word,
    state_words,
    status_word,
    system_word,
)

__all__ = ["StatusView", "players_fight"]


@datatype(frozen=True)
class StatusView:
    """``fight status``: round, turn, order and every combatant's state, for the master or the players."""

    doc: Mapping[str, Any]
    public: bool = False
    kind = "status"

    def _encounter(self):
        return read_encounter(self.doc)

    def _hides(self, c) -> bool:
        return self.public and c.hidden

    def _state(self, enc, c) -> str:
        """Resources and state; for the players an enemy's health is a word."""
        if self.public and c.side != "party":
            return condition_word(enc.system, c)
        state = resources_text(enc.system, c)
        word = status_word(c.status)
        state = f"{state}, {word}" if word else state
        notes = state_words(enc.system, c)
        return ", ".join([state, *notes])

    def _now(self, enc) -> str:
        fight = enc.fight
        now = fight.current
        if now is None:
            return "-"
        if now in enc.names and enc.get(now).hidden and self.public:
            return _("someone")
        return now

    def lines(self, s) -> list[str]:
        enc = self._encounter()
        fight = enc.fight
        out = [s.strong(s.escape(_("{session} ({system})").format(session=self.doc.get("name"),
                                                                    system=system_word(enc.system))))]
        if fight is None:
            out.append(s.escape(_("no fight running (start one: fight start)")))
        else:
            out.append(s.strong(s.escape(_("round {round}").format(round=fight.round))) + s.escape(", ")
                       + s.escape(self._turn_text(enc)))
            order = [n for n in fight.order if not self._hides(enc.get(n))]
            if order:
                marked = [_("{name} (now)").format(name=n) if n == fight.current else n for n in order]
                out.append(s.escape(_("order: {order}").format(order=" > ".join(marked))))
            out.extend(s.escape(line) for line in _fight_notes(enc, self.public))
        for c in enc:
            if self._hides(c):
                continue
            name = _("{name} (hidden)").format(name=c.name) if c.hidden else c.name
            out.append(s.escape(f"  {side_word(c.side)[:1].upper()} {name}: {self._state(enc, c)}"))
            for effect in c.effects:
                out.append(s.escape(f"- {describe(effect)}"))
        return out

    def rich(self):
        """The status as a table for a terminal (ttcli.tracker)."""
        from .tracker import status_table

        return status_table(self.doc, self.public)

    def _turn_text(self, enc) -> str:
        """Whose turn it is: the players read a hidden one as "someone"."""
        turn = enc.fight.turn
        now = self._now(enc)
        if turn is not None and not self.public:
            left = ngettext("{n} action left", "{n} actions left", turn.remaining).format(n=turn.remaining)
            return _("turn: {name}, {left}").format(name=now, left=left)
        return _("turn: {name}").format(name=now)

    # -- the forum post

    def post(self) -> tuple[posts.Block, ...]:
        enc = self._encounter()
        title = _("{session}: {system}").format(session=self.doc.get("name"), system=system_word(enc.system))
        return (posts.Heading(title), *self.blocks())

    def _rows(self, enc, names) -> tuple[tuple[str, ...], ...]:
        fight = enc.fight
        now = fight.current if fight is not None else None
        rounds = fight.round if fight is not None else 0
        rows = []
        for n in names:
            c = enc.get(n)
            # the one whose turn it is: marked in the name's cell, so no row starts with spaces
            name = f"> {c.name}" if n == now and not (self.public and c.hidden) else c.name
            effects = ", ".join(effect_short(e, rounds) for e in c.effects)
            rows.append((name, side_word(c.side), self._state(enc, c), effects))
        return tuple(rows)

    def blocks(self, closing: bool = False) -> list[posts.Block]:
        """The status as post blocks: where the fight stands, then the table; the master's
        hidden combatants in a spoiler of their own."""
        enc = self._encounter()
        fight = enc.fight
        out: list[posts.Block] = []
        if closing:
            out.append(posts.Heading(_("Status now")))
        if fight is None:
            out.append(posts.Note(_("no fight running")))
        else:
            # the master's version names everyone, a hidden one whose turn it is too
            turn = self._turn_text(enc)
            out.append(posts.Entry((_("Round {round}, {turn}.").format(round=fight.round, turn=turn),)))
            out.extend(posts.Entry((line,)) for line in _fight_notes(enc, self.public))
        ordered = list(fight.order) if fight is not None else []
        rest = [c.name for c in enc if c.name not in ordered]
        names = [n for n in ordered + rest if n in enc.names]
        header = (_("name"), _("side"), _("state"), _("effects"))
        shown = [n for n in names if not enc.get(n).hidden]
        out.append(posts.Table(header, self._rows(enc, shown)))
        hidden = [n for n in names if enc.get(n).hidden]
        if hidden and not self.public:
            out.append(posts.Spoiler(_("Hidden from the players"), (posts.Table(header, self._rows(enc, hidden)),)))
        return out

    # -- JSON

    def to_json(self) -> dict:
        enc = self._encounter()
        combatants = [c for c in enc if not self._hides(c)]
        data: dict[str, Any] = {"session": self.doc.get("name"), "system": enc.system,
                                "public": self.public}
        if enc.fight is not None:
            fight = self.doc.get("fight", {})
            if self.public:
                fight = players_fight(fight, enc)
            data["fight"] = to_plain(fight)
        data["combatants"] = [
            {"name": c.name, "side": c.side, "status": c.status, "hidden": c.hidden,
             **({"condition": condition_word(enc.system, c),
                 "resources": {}} if self.public and c.side != "party" else {"resources": dict(c.resources)}),
             "effects": [e.name for e in c.effects],
             "state": [] if self.public and c.side != "party" else state_words(enc.system, c)}
            for c in combatants
        ]
        return data


def _fight_notes(enc, public: bool) -> list[str]:
    """What the system says about the running fight beyond the clock (attacks
    waiting for an answer ...), through its light data readers' ``fight_notes``."""

    if enc.fight is None:
        return []
    hidden = {c.name for c in enc if c.hidden} if public else set()
    lines = list(system_data(enc.system).fight_notes(enc, hidden))
    if public:  # and a line that still spells a hidden name is not read

        view = View(public=True, hidden=hidden)
        lines = [line for line in lines if not view.leaks(line)]
    return lines


def players_fight(fight: Mapping[str, Any], enc) -> dict[str, Any]:
    """The fight table as the players may read it: a round's declarations stay secret until it
    resolves, and no hidden combatant is named (in the order, the turn, the system's data)."""

    view = View(public=True, hidden=[c.name for c in enc if c.hidden])
    whole = dict(undeclared(fight))
    turn = whole.get("turn")
    if isinstance(turn, Mapping) and view.hides(turn.get("actor")):
        del whole["turn"]  # how many actions a hidden combatant has left is its own business
    shown: dict[str, Any] = view.scrub(whole)
    # a place in the full order would count the hidden ones before it
    shown.pop("index", None)
    current = enc.fight.current
    if current is not None and not view.hides(current):
        shown["current"] = current
    return shown
