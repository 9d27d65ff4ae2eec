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

from rules.i18n import N_, _

Fields = Mapping[str, Any]
Message = Callable[[Fields, "View"], "str | list[str] | None"]


class View:
    """Who reads: the master sees every name; the players' view drops hidden ones.

    The players' rules, in one place: a hidden combatant's name, numbers, rolls
    and effects never reach them.  A message that knows how to speak of a hidden
    combatant without giving it away (an order without its name, "someone knocks
    Вор down") is marked with :func:`players_version`; every other message about
    a hidden combatant says nothing to the players.
    """

    __slots__ = ("public", "_hidden", "_guarded")

    def __init__(self, public: bool = False, hidden: Iterable[str] = (),
                 guarded: Mapping[str, int] | None = None) -> None:
        self.public = public
        self._hidden = frozenset(hidden)
        #: name -> max HP of those whose health the players read as a word (the enemies)
        self._guarded = dict(guarded or {})

    def health(self, name: str, hp: int, status: str = "ok") -> str | None:
        """The condition word the players read instead of ``name``'s HP, or None when they see numbers."""
        if not self.public or name not in self._guarded:
            return None
        return condition(hp, self._guarded[name], status)

    def visible(self, names: Iterable[str]) -> list[str]:
        return [n for n in names if not self.hides(n)]

    def hides(self, name: object) -> bool:
        """Is ``name`` a combatant this reader must not learn of."""
        return self.public and isinstance(name, str) and name in self._hidden

    def name(self, name: str) -> str:
        """The name as this reader may see it: a hidden one is "someone"."""
        return _("someone") if self.hides(name) else name

    def mentions_hidden(self, value: object) -> bool:
        """Does a record (or any value inside it) name a combatant this reader must not learn of."""
        if isinstance(value, str):
            return self.hides(value)
        if isinstance(value, Mapping):
            return any(self.mentions_hidden(v) for v in value.values())
        if isinstance(value, (list, tuple)):
            return any(self.mentions_hidden(v) for v in value)
        return False

    def leaks(self, line: str) -> bool:
        """A last guard on text: does ``line`` spell a hidden name."""
        return self.public and any(n in line for n in self._hidden)

    def scrub(self, value: Any) -> Any:
        """``value`` with every hidden name taken out: from lists, and the keys that hold one from tables."""
        if isinstance(value, Mapping):
            return {k: self.scrub(v) for k, v in value.items() if not (isinstance(v, str) and self.hides(v))}
        if isinstance(value, (list, tuple)):
            return [self.scrub(v) for v in value if not (isinstance(v, str) and self.hides(v))]
        return value


#: share of max HP left -> what players read of an enemy's health
CONDITIONS = ((1.0, N_("unhurt")), (0.5, N_("wounded")), (0.0, N_("badly wounded")))
_DOWN = {"unconscious": N_("unconscious"), "dead": N_("dead")}


def condition(hp: int, hp_max: int, status: str = "ok") -> str:
    """The word for a foe's health: by the share of its HP left, or its state when down."""
    if status in _DOWN:
        return _(_DOWN[status])
    if status != "ok":
        return status
    share = hp / hp_max if hp_max > 0 else 1.0
    word = next((w for floor, w in CONDITIONS if share >= floor), CONDITIONS[-1][1])
    return _(word)


def players_version(*keep: str) -> Callable[[Message], Message]:
    """Mark a message as safe to show the players for events about hidden combatants:
    it asks its :class:`View` what may be named and says no hidden number.

    When a hidden combatant stands in one of the event's own fields (the attacker
    of a knock-down), the players' record keeps only the fields in ``keep``; a
    hidden name in a list (an order) is just taken out of the list.
    """

    def mark(message: Message) -> Message:
        message.players_keep = frozenset(keep)  # type: ignore[attr-defined]
        return message

    return mark


def _players_keep(message: Message | None) -> frozenset[str] | None:
    return getattr(message, "players_keep", None)


MASTER = View()

_STATUS_NEWS: dict[tuple[str | None, str | None], str] = {
    ("ok", "unconscious"): " and falls unconscious",
    ("ok", "dead"): " and dies",
    ("unconscious", "dead"): " and dies",
    ("unconscious", "ok"): " and wakes up",
}


def status_news(f: Fields) -> str:
    """`` and falls unconscious`` ... for a change of status in ``f``, else ``""``."""
    return _STATUS_NEWS.get((f.get("status_before"), f.get("status_after")), "")


def hp_text(f: Fields, view: View | None = None) -> str:
    word = view.health(f["name"], f["hp_after"], f.get("status_after", "ok")) if view is not None else None
    if word is not None:
        return word
    return f"HP {f['hp_before']} -> {f['hp_after']}"


def _hp_now(f: Fields) -> str:
    return f"HP {f['hp_after']}"


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


@players_version()
def _joined(f: Fields, view: View) -> str:
    if view.public:
        return f"Order: {', '.join(view.visible(f['order']))}."
    return f"{f['name']} joins the fight ({f['side']}); order: {', '.join(f['order'])}."


@players_version()
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
    return f"{f['name']}: {f['effect']} {verb} {f['amount']}{shown} ({hp_text(f, view)}){status_news(f)}."


def _declaration(declaration: Fields) -> str:
    from rules.core.rounds import describe

    return describe(declaration)


@players_version()
def _declared(f: Fields, view: View) -> str | None:
    name = f["name"]
    if view.public:
        if not view.visible([name]):
            return None
        return f"{name} changes the declaration." if f.get("changed") else f"{name} declares."
    if f.get("changed"):
        return f"{name} changes the declaration: {_declaration(f['declaration'])} (was: {_declaration(f['was'])})."
    return f"{name} declares: {_declaration(f['declaration'])}."


@players_version()
def _withdrawn(f: Fields, view: View) -> str | None:
    name = f["name"]
    if view.public:
        return f"{name} withdraws the declaration." if view.visible([name]) else None
    return f"{name} withdraws the declaration ({_declaration(f['declaration'])})."


def _revealed(f: Fields, view: View) -> str:
    if not f.get("declaration"):
        return f"{f['name']} declared nothing."
    return f"{f['name']}: {_declaration(f['declaration'])}."


@players_version()
def _place_open(f: Fields, view: View) -> str | None:
    shown = view.visible(f["names"])
    return f"Together: {', '.join(shown)} act in the order they choose." if shown else None


def _effect_ended(f: Fields, view: View) -> str:
    if f.get("why") == "healed":
        return f"{f['name']}: the healing ends {f['effect']}."
    return f"{f['name']}: {f['effect']} ends."


@players_version()
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
    # the players read an enemy's condition word, which already says whether it fell
    "health": lambda f, v: (f"{f['name']}: {hp_text(f, v)}."
                            if f["amount"] and v.health(f["name"], f["hp_after"], f.get("status_after", "ok"))
                            else f"{f['name']}: {hp_text(f, v)}{status_news(f)}." if f["amount"]
                            else f"{f['name']}: no damage ({v.health(f['name'], f['hp_after']) or _hp_now(f)})."),
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


def has_players_version(messages: Mapping[str, Message], kind: str) -> bool:
    """Does the message of ``kind`` know how to speak of a hidden combatant to the players."""
    return _players_keep(messages.get(kind) or MESSAGES.get(kind)) is not None


def players_lines(messages: Mapping[str, Message], kind: str, fields: Fields, view: View,
                  by_hidden: bool = False) -> list[str]:
    """What the players read of one recorded event: nothing about a hidden combatant
    (named in its fields, or its doer when ``by_hidden``) unless the message has a
    players' version, and never a line that spells a hidden name."""
    if (by_hidden or view.mentions_hidden(fields)) and not has_players_version(messages, kind):
        return []
    return [line for line in render(messages, kind, fields, view) if not view.leaks(line)]


def players_record(messages: Mapping[str, Message], record: Fields, view: View) -> dict[str, Any] | None:
    """An event record as the players may have it (JSON), or None when it is all about the hidden.

    Fields the event marks ``secret`` (a round's declarations) are left out too.
    """
    secret = record.get("secret", ())
    shown = {k: v for k, v in record.items() if k != "secret" and k not in secret}
    if not view.mentions_hidden(shown):
        return shown
    keep = _players_keep(messages.get(str(record.get("kind"))) or MESSAGES.get(str(record.get("kind"))))
    if keep is None:
        return None
    if any(view.hides(v) for v in shown.values()):
        shown = {k: v for k, v in shown.items() if k == "kind" or k in keep}
    scrubbed: dict[str, Any] = view.scrub(shown)
    return scrubbed
