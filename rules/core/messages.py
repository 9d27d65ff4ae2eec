"""The words for the core's events: event kind -> text, in one table.

A message function takes the event's fields and a :class:`View` (the master's,
or the players' with hidden names left out) and returns a line, several
lines, or None (nothing to say in that view).  Systems add their own tables
(``rules/systems/<id>/messages.py``); the interface renders events through
these tables, so text lives in one place per event kind and can be translated
there.  This is data for the interface: the rules never print.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

Fields = Mapping[str, Any]


class View:
    """Who reads: the master sees every name; the players' view drops hidden ones."""

    __slots__ = ("public", "_hidden")

    def __init__(self, public: bool = False, hidden: Iterable[str] = ()) -> None:
        self.public = public
        self._hidden = frozenset(hidden)

    def visible(self, names: Iterable[str]) -> list[str]:
        return [n for n in names if not (self.public and n in self._hidden)]


MASTER = View()

Message = Callable[[Fields, View], "str | list[str] | None"]

_STATUS_NEWS: dict[tuple[str | None, str | None], str] = {
    ("ok", "unconscious"): " and falls unconscious",
    ("ok", "dead"): " and dies",
    ("unconscious", "dead"): " and dies",
    ("unconscious", "ok"): " and wakes up",
}


def status_news(f: Fields) -> str:
    """`` and falls unconscious`` ... for a change of status in ``f``, else ``""``."""
    return _STATUS_NEWS.get((f.get("status_before"), f.get("status_after")), "")


def hp_text(f: Fields) -> str:
    return f"HP {f['hp_before']} -> {f['hp_after']}"


def signed_terms(modifiers: Iterable[Mapping[str, Any]]) -> str:
    """`` + 3 reaction - 5 disadvantage`` from [{amount, reason}]."""
    return "".join(
        f" {'+' if m['amount'] >= 0 else '-'} {abs(m['amount'])} {m['reason']}" for m in modifiers if m["amount"]
    )


def natural(f: Fields) -> str:
    return f" (natural {f['natural']})" if f.get("natural") is not None else ""


def actions_text(count: int) -> str:
    return f"{count} action{'' if count == 1 else 's'}"


def _effect_text(record: Fields) -> str:
    from rules.core.effects import Effect, describe

    return describe(Effect(**record))


def _stacked(f: Fields, view: View) -> str:
    from rules.core.effects import STACKING_TEXT

    return f"{f['name']} already has {f['old']}; {STACKING_TEXT[f['stacking']]}: {_effect_text(f['effect'])}."


def _joined(f: Fields, view: View) -> str:
    if view.public:
        return f"Order: {', '.join(view.visible(f['order']))}."
    return f"{f['name']} joins the fight ({f['side']}); order: {', '.join(f['order'])}."


def _fight_ended(f: Fields, view: View) -> list[str]:
    rounds = f["rounds"]
    lines = [f"The fight ends after {rounds} round{'s' if rounds != 1 else ''}."]
    for label, key in (("Unconscious", "unconscious"), ("Dead", "dead")):
        shown = view.visible(f.get(key, ()))
        if shown:
            lines.append(f"{label}: {', '.join(shown)}.")
    return lines


def _fight_effects_ended(f: Fields, view: View) -> str:
    return "Effects that lasted for the fight end: " + ", ".join(
        f"{e['combatant']} ({e['effect']})" for e in f["ended"]) + "."


def _tick(f: Fields, view: View) -> str:
    shown = f" ({f['dice']}: {'+'.join(map(str, f['faces']))})" if f.get("dice") else ""
    verb = "deals" if f["what"] == "damage" else "heals"
    return f"{f['name']}: {f['effect']} {verb} {f['amount']}{shown} ({hp_text(f)}){status_news(f)}."


def _declaration(declaration: Fields) -> str:
    from rules.core.rounds import describe

    return describe(declaration)


def _declared(f: Fields, view: View) -> str | None:
    name = f["name"]
    if view.public:
        if not view.visible([name]):
            return None
        return f"{name} changes the declaration." if f.get("changed") else f"{name} declares."
    if f.get("changed"):
        return f"{name} changes the declaration: {_declaration(f['declaration'])} (was: {_declaration(f['was'])})."
    return f"{name} declares: {_declaration(f['declaration'])}."


def _withdrawn(f: Fields, view: View) -> str | None:
    name = f["name"]
    if view.public:
        return f"{name} withdraws the declaration." if view.visible([name]) else None
    return f"{name} withdraws the declaration ({_declaration(f['declaration'])})."


def _revealed(f: Fields, view: View) -> str:
    if not f.get("declaration"):
        return f"{f['name']} declared nothing."
    return f"{f['name']}: {_declaration(f['declaration'])}."


def _place_open(f: Fields, view: View) -> str | None:
    shown = view.visible(f["names"])
    return f"Together: {', '.join(shown)} act in the order they choose." if shown else None


def _effect_ended(f: Fields, view: View) -> str:
    if f.get("why") == "healed":
        return f"{f['name']}: the healing ends {f['effect']}."
    return f"{f['name']}: {f['effect']} ends."


def _order(f: Fields, view: View) -> str:
    return f"Order: {', '.join(view.visible(f['order']))}."


MESSAGES: dict[str, Message] = {
    "round": lambda f, v: f"Round {f['round']}.",
    "order": _order,
    "effect_added": lambda f, v: f"{f['name']}: {_effect_text(f['effect'])}.",
    "effect_stacked": _stacked,
    "effect_removed": lambda f, v: f"{f['name']}: {f['effect']} removed.",
    "effect_ended": _effect_ended,
    "tick": _tick,
    "turn_skipped": lambda f, v: f"{f['name']} {f['reason']}: turn skipped.",
    "turn_resumed": lambda f, v: f"{f['name']} takes the delayed turn.",
    "turn_delayed": lambda f, v: f"{f['name']} delays the turn to the end of round {f['round']}.",
    "place_open": _place_open,
    "declared": _declared,
    "withdrawn": _withdrawn,
    "round_resolves": lambda f, v: f"Round {f['round']} resolves.",
    "revealed": _revealed,
    "joined": _joined,
    "left": lambda f, v: f"{f['name']} leaves the fight.",
    "decided": lambda f, v: f"Nobody on the {f['loser']} side is standing: the fight can end.",
    "fight_ended": _fight_ended,
    "fight_effects_ended": _fight_effects_ended,
    "health": lambda f, v: (f"{f['name']}: {hp_text(f)}{status_news(f)}." if f["amount"]
                            else f"{f['name']}: no damage (HP {f['hp_after']})."),
}


def render(messages: Mapping[str, Message], kind: str, fields: Fields, view: View = MASTER) -> list[str]:
    """The lines of one event in ``view`` (none for an event kind without words)."""
    message = messages.get(kind) or MESSAGES.get(kind)
    if message is None:
        return []
    out = message(fields, view)
    if out is None:
        return []
    return [out] if isinstance(out, str) else [line for line in out if line]
