"""The journal told as a forum post, and the players' share of it.

``log --round N`` is the round's story in order (who acted, the dice, the
result) and a closing status table; ``log --public`` and every players' output
leave out what concerns hidden combatants (rules.core.messages.View decides).
Fight events are told again from their typed records, so a journal kept in one
language is posted in another, and the players' words (a foe "wounded", not
"HP 7 -> 4") are the same in the log as in ``fight status``.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import MASTER, View, event_lines, players_lines, players_records
from rules.dice import datatype, field
from rules.i18n import _, ngettext
from rules.systems import read_encounter, system_rules

from . import posts
from .dicelog import event_dice
from .jsonout import to_plain
from .session import fold
from .statusview import StatusView
from .statuswords import foes_hp_caps
from .store import printable

Event = Mapping[str, Any]

#: journal kinds that change no state: an undo counts back over the others
_NO_STATE = frozenset({"undo", "redo", "restore", "burned", "roll", "commit", "reveal"})
#: where a journal event names the one it is about (a hidden actor's own commands)
_ACTOR_KEYS = ("actor", "name", "attacker")


def messages_of(system: str) -> Mapping[str, Any]:
    """The system's message table (the core's is the fallback inside render)."""

    try:
        return system_rules(system).messages
    except (KeyError, ValueError, ImportError):
        return {}


def hidden_names(doc: Mapping[str, Any], events: Sequence[Event]) -> set[str]:
    """Who the players must not learn of: the hidden combatants, and those a hidden event
    was about who are no longer in the session (removed, but still in the journal)."""
    combatants = doc.get("combatants", {})
    combatants = combatants if isinstance(combatants, Mapping) else {}
    names = {n for n, t in combatants.items() if isinstance(t, Mapping) and t.get("hidden")}
    for e in events:
        if e.get("hidden"):
            names.update(str(e[k]) for k in _ACTOR_KEYS if isinstance(e.get(k), str) and e[k] not in combatants)
    return names


def guarded(doc: Mapping[str, Any]) -> dict[str, int]:
    """Max HP of everyone outside the party: the players read their health as a word."""

    try:
        enc = read_encounter(doc)
    except Exception:  # noqa: BLE001 - a hand-broken file: no words to give, the numbers stay hidden
        return {}
    return foes_hp_caps(enc)


def reader(doc: Mapping[str, Any], events: Sequence[Event], public: bool) -> View:
    if not public:
        return MASTER
    return View(public=True, hidden=hidden_names(doc, events), guarded=guarded(doc))


def master_lines(event: Event, messages: Mapping[str, Any]) -> list[str]:
    """The event's lines for the master, told again from its records when it has them.

    A hand-edited journal may hold terminal escapes: they are spelled out, never printed."""
    return [printable(line) for line in _master_lines(event, messages)]


def _master_lines(event: Event, messages: Mapping[str, Any]) -> list[str]:
    records = event.get("events")
    if isinstance(records, list) and records:
        told = [line for r in records if isinstance(r, Mapping)
                for line in event_lines(messages, str(r.get("kind")), r)]
        if told:
            return told
    text = event.get("text")
    if isinstance(text, list):
        return [str(t) for t in text]
    return [str(text)] if isinstance(text, str) else [_kind_line(event)]


def shown_lines(event: Event, messages: Mapping[str, Any], view: View) -> list[str]:
    """The event's lines for ``view``'s reader."""
    if not view.public:
        return master_lines(event, messages)
    records = event.get("events")
    if isinstance(records, list) and records:
        # a hidden event is a hidden combatant's doing: only words made for the players
        by_hidden = bool(event.get("hidden"))
        return [printable(line) for r in records if isinstance(r, Mapping)
                for line in players_lines(messages, str(r.get("kind")), r, view, by_hidden)]
    if event.get("hidden") or view.mentions_hidden(event):
        return []
    return [line for line in master_lines(event, messages) if not view.leaks(line)]


def _count(event: Event, key: str) -> int:
    n = event.get(key)
    return n if isinstance(n, int) else 0


#: the words of the journal's events that carry no sentence of their own
_KIND_LINES: dict[str, Any] = {
    "commit": lambda e: _("dice committed in advance: commitment {commitment}").format(
        commitment=e.get("commitment", "?")),
    "reveal": lambda e: ngettext("secret revealed: {secret} (commitment {commitment}; {n} die drawn from it)",
                                 "secret revealed: {secret} (commitment {commitment}; {n} dice drawn from it)",
                                 _count(e, "rolls")).format(
        secret=e.get("secret", "?"), commitment=e.get("commitment", "?"), n=_count(e, "rolls")),
    "undo": lambda e: ngettext("undone: {n} step back", "undone: {n} steps back", _count(e, "steps")).format(
        n=_count(e, "steps")),
    "redo": lambda e: ngettext("redone: {n} step", "redone: {n} steps", _count(e, "steps")).format(
        n=_count(e, "steps")),
}


def _kind_line(event: Event) -> str:
    """The words of an event that carries no sentence: its kind's own, else its fields."""
    words = _KIND_LINES.get(str(event.get("kind")))
    if words is not None:
        return str(words(event))
    skip = {"seq", "time", "kind", "command", "hidden", "text", "public_text", "events", "dice", "system"}
    details = ", ".join(f"{k} {v}" for k, v in event.items() if k not in skip and not isinstance(v, (dict, list)))
    names = event.get("names")
    if isinstance(names, list):
        details = ", ".join(map(str, names)) + (f"; {details}" if details else "")
    kind = str(event.get("kind", "event"))
    return f"{kind}: {details}" if details else kind


def players_event(event: Event, messages: Mapping[str, Any], view: View) -> dict[str, Any] | None:
    """One journal event as the players may have it in JSON: whole when nothing in it is
    hidden; else its players' lines and records only (no dice, no command); else None."""
    records = event.get("events")
    secret = isinstance(records, list) and any(isinstance(r, Mapping) and r.get("secret") for r in records)
    if not event.get("hidden") and not secret and not view.mentions_hidden(event) and "public_text" not in event:
        whole = dict(event)
        if isinstance(records, list):
            whole["events"] = [view.worded(r) if isinstance(r, Mapping) else r for r in records]
        return whole
    kept = players_records(messages, [r for r in records if isinstance(r, Mapping)] if isinstance(records, list)
                           else [], view, bool(event.get("hidden")))
    lines = shown_lines(event, messages, view)
    if not lines and not kept:
        return None
    out = {k: event[k] for k in ("seq", "time", "kind", "round") if k in event}
    out["text"] = lines
    if kept:
        out["events"] = kept
    if not event.get("hidden") and not secret and not view.mentions_hidden(event) and "dice" in event:
        # shortened only for the players' words (a foe's health): its dice are no secret, and
        # with them the players can check the rolls against the revealed secret (verify)
        out["dice"] = event["dice"]
    return out


# ---------------------------------------------------------------- the current fight, and undo


def current_fight(events: Sequence[Event]) -> list[Event]:
    """The events from the last ``fight start`` on (a journal holds every fight of the session)."""
    starts = [i for i, e in enumerate(events) if e.get("kind") == "fight_start"]
    return list(events[starts[-1]:]) if starts else list(events)


def round_events(events: Sequence[Event], number: int) -> list[Event]:
    """Round ``number``'s events, with the undos and redos typed while it was played: from its
    first event up to the first event of a later round."""
    first = next((i for i, e in enumerate(events) if e.get("round") == number), None)
    if first is None:
        return []
    out = []
    for e in events[first:]:
        r = e.get("round")
        if isinstance(r, int) and r > number:
            break
        if r == number or e.get("kind") in ("undo", "redo"):
            out.append(e)
    return out


def involves(event: Event, name: str) -> bool:
    """Is ``event`` about ``name`` (as actor, target, or in its list of names)."""

    target = fold(name)
    for key in ("actor", "target", "name"):
        if isinstance(event.get(key), str) and fold(event[key]) == target:
            return True
    names = event.get("names")
    return isinstance(names, list) and any(fold(str(n)) == target for n in names)


@datatype
class Replay:
    """Which events an undo took back (and a redo put back), counted the way the store counts
    states: one per command that changed the session."""

    taken: dict[int, list[Event]] = field(default_factory=dict)
    back: set[int] = field(default_factory=set)


def replay(events: Sequence[Event]) -> Replay:
    out = Replay()
    done: list[int] = []
    undone: list[int] = []
    for i, e in enumerate(events):
        kind = e.get("kind")
        raw = e.get("steps")
        steps = raw if isinstance(raw, int) else 1
        if kind == "undo":
            moved = [done.pop() for _ in range(min(steps, len(done)))]
            undone.extend(moved)
            out.back.update(moved)
            out.taken[i] = [events[j] for j in moved]
        elif kind == "redo":
            moved = [undone.pop() for _ in range(min(steps, len(undone)))]
            done.extend(moved)
            out.back.difference_update(moved)
            out.taken[i] = [events[j] for j in moved]
        elif kind not in _NO_STATE:
            done.append(i)
            undone.clear()
    return out


# ---------------------------------------------------------------- the log


@datatype(frozen=True)
class LogView:
    """``ttcli log``: the journal, or with ``--round`` (and in every forum format) the story as a post."""

    events: tuple[Event, ...]
    public: bool
    session: str
    #: the session as it is now: who is hidden, the closing table, the system's words
    doc: Mapping[str, Any] = field(default_factory=dict)
    round: int | None = None
    #: write the story as a post even in plain text (``--round``)
    story: bool = False
    kind = "log"

    def _messages(self) -> Mapping[str, Any]:
        return messages_of(str(self.doc.get("system", "")))

    def _view(self) -> View:
        return reader(self.doc, self.events, self.public)

    # -- text

    def lines(self, s) -> list[str]:
        if self.story:
            return posts.plain(self.post()).splitlines()
        if not self.events:
            return [_("the journal is empty")]
        messages, view = self._messages(), self._view()
        out = []
        for e in self.events:
            body = shown_lines(e, messages, view)
            if not body:
                continue
            when = e.get("time")
            stamp = when.strftime("%Y-%m-%d %H:%M") if isinstance(when, _dt.datetime) else str(when or "")
            head = f"#{e.get('seq')} {stamp}"
            if e.get("hidden") and not self.public:
                head = _("{head} (hidden)").format(head=head)
            out.append(s.strong(posts.marked(head, s)) + " " + posts.marked(body[0], s))
            out.extend(posts.marked(line, s) for line in body[1:])
        if self.public:
            withheld = players_journal(self.events, self.doc)[1]
            if withheld:
                out.append(ngettext("({n} event withheld or shortened: it concerns the hidden)",
                                    "({n} events withheld or shortened: they concern the hidden)",
                                    withheld).format(n=withheld))
        return out

    def post(self) -> tuple[posts.Block, ...]:
        messages, view = self._messages(), self._view()
        if self.round is not None:
            title = _("{session}: round {round}").format(session=self.session, round=self.round)
        else:
            title = _("{session}: the journal").format(session=self.session)
        blocks: list[posts.Block] = [posts.Heading(title)]
        shown = replay(self.events)
        hidden = hidden_names(self.doc, self.events)
        for i, e in enumerate(self.events):
            if e.get("kind") in ("undo", "redo"):
                blocks.extend(self._undo_note(e, shown.taken.get(i, []), messages, view))
                continue
            if i in shown.back:
                continue  # taken back and not put back: the undo's note says so
            blocks.extend(story_blocks(e, messages, view, hidden))
        if len(blocks) == 1:
            blocks.append(posts.Note(_("nothing happened in this round") if self.round is not None
                                     else _("the journal is empty")))
        if self.round is not None and self.doc.get("fight"):
            blocks.extend(StatusView(self.doc, self.public).blocks(closing=True))
        return tuple(_merged(blocks))

    def _undo_note(self, event: Event, moved: list[Event], messages, view: View) -> list[posts.Block]:
        what = [line for e in moved for line in shown_lines(e, messages, view)[:1]]
        if not what:
            return []
        if event.get("kind") == "undo":
            text = ngettext("Taken back (undo): {what}", "Taken back (undo, {n} steps): {what}", len(moved))
        else:
            text = ngettext("Put back (redo): {what}", "Put back (redo, {n} steps): {what}", len(moved))
        return [posts.Note(text.format(what=" / ".join(what), n=len(moved)))]

    # -- JSON

    def to_json(self) -> dict:
        events: Sequence[Event] = self.events
        withheld = 0
        if self.public:
            events, withheld = players_journal(self.events, self.doc)
        data: dict[str, Any] = {"session": self.session, "public": self.public,
                                "events": [to_plain(e) for e in events]}
        if isinstance(self.doc.get("system"), str):
            data["system"] = self.doc["system"]  # so verify asks the right system to recompute results
        if self.round is not None:
            data["round"] = self.round
        if self.public:
            data["withheld"] = withheld
        return data


def story_blocks(event: Event, messages: Mapping[str, Any], view: View, hidden: set[str]) -> list[posts.Block]:
    """One step of the story: what the reader may see, and (for the master) each hidden
    detail folded away right after the players' words for it."""
    if view.public:
        lines = shown_lines(event, messages, view)
        return [posts.Entry(tuple(lines))] if lines else []
    # what the players would read, hidden names aside (their words for a foe's health are no secret)
    probe = View(public=True, hidden=hidden)
    records = event.get("events")
    if isinstance(records, list) and records and any(isinstance(r, Mapping) for r in records):
        by_hidden = bool(event.get("hidden"))
        pairs = [([printable(line) for line in event_lines(messages, str(r.get("kind")), r)],
                  [printable(line) for line in players_lines(messages, str(r.get("kind")), r, probe, by_hidden)])
                 for r in records if isinstance(r, Mapping)]
        if not any(full for full, _seen in pairs):
            pairs = [(master_lines(event, messages), shown_lines(event, messages, probe))]
    else:
        pairs = [(master_lines(event, messages), shown_lines(event, messages, probe))]
    out: list[posts.Block] = []
    open_lines: list[str] = []

    def close() -> None:
        if open_lines:
            out.append(posts.Entry(tuple(open_lines)))
            open_lines.clear()

    for full, seen in pairs:
        if full == seen:
            open_lines.extend(full)
            continue
        open_lines.extend(seen)
        close()
        if full:
            out.append(posts.Spoiler(_("Hidden from the players"), (posts.Entry(tuple(full)),)))
    close()
    return _merged(out)


def _merged(blocks: list[posts.Block]) -> list[posts.Block]:
    """Neighbouring spoilers as one, their lines one under another (no blank line between
    two events the players do not see)."""
    out: list[posts.Block] = []
    for b in blocks:
        last = out[-1] if out else None
        if isinstance(b, posts.Spoiler) and isinstance(last, posts.Spoiler) and last.title == b.title:
            out[-1] = posts.Spoiler(b.title, _joined_entries(last.blocks + b.blocks))
        else:
            out.append(b)
    return out


def _joined_entries(blocks: tuple[posts.Block, ...]) -> tuple[posts.Block, ...]:
    """Neighbouring entries as one entry of all their lines."""
    out: list[posts.Block] = []
    for b in blocks:
        last = out[-1] if out else None
        if isinstance(b, posts.Entry) and isinstance(last, posts.Entry):
            out[-1] = posts.Entry(last.lines + b.lines)
        else:
            out.append(b)
    return tuple(out)


def players_journal(events: Sequence[Event], doc: Mapping[str, Any]) -> tuple[list[dict[str, Any]], int]:
    """The players' journal: each event as they may have it, and how many lost something."""
    messages = messages_of(str(doc.get("system", "")))
    view = reader(doc, events, True)
    out, withheld = [], 0
    for e in events:
        shown = players_event(e, messages, view)
        if shown is None or shown != dict(e):
            withheld += 1
            shown = with_withheld_dice(e, shown)
        if shown is not None:
            out.append(shown)
    return out, withheld


def with_withheld_dice(event: Event, shown: dict[str, Any] | None) -> dict[str, Any] | None:
    """``shown`` (the players' part of ``event``, or None) with a placeholder for every committed
    die of the event it leaves out: ``withheld_dice``, its counter and its sides, and a line
    saying them.  So the players' journal carries every counter (verify checks it for gaps
    and order), and what a hidden roll was is bound to the moment it was drawn: its counters
    and die sizes are public, its faces are not (docs/verify.md).  A whole hidden event becomes
    a ``withheld`` event saying them in a line; a shortened one keeps its players' lines."""
    seen = {d.get("counter") for d in event_dice(shown)} if shown is not None else set()
    drawn = sorted((d["counter"], d["sides"]) for d in event_dice(event)
                   if d.get("origin") == "committed" and type(d.get("counter")) is int
                   and type(d.get("sides")) is int and d["counter"] not in seen)
    if not drawn:
        return shown
    if shown is None:  # the whole event is hidden: a placeholder says what it drew
        dice = ", ".join(f"#{counter} d{sides}" for counter, sides in drawn)
        shown = {k: event[k] for k in ("seq", "time", "round") if k in event}
        shown.update(kind="withheld", text=[ngettext("hidden: committed die {dice}", "hidden: committed dice {dice}",
                                                     len(drawn)).format(dice=dice)])
    shown["withheld_dice"] = [{"counter": counter, "sides": sides} for counter, sides in drawn]
    return shown


# ---------------------------------------------------------------- one outcome as a post


def outcome_post(result) -> tuple[posts.Block, ...]:
    """A fight command's outcome as a post: the players' lines, or the master's with what
    the players do not see folded into a spoiler; then the status table it leaves."""
    return (*_outcome_story(result), *_closing_status(result))


def _outcome_story(result) -> tuple[posts.Block, ...]:
    ignored = (_("ignored given values: {faces}").format(faces=" ".join(map(str, result.ignored))),
               ) if result.ignored else ()
    if result.public:
        return (posts.Entry(tuple(result.players) + ignored),) if result.players or ignored else ()
    master, players = list(result.master), list(result.players)
    if master == players:
        return (posts.Entry(tuple(master) + ignored),)
    blocks: list[posts.Block] = []
    if players:
        blocks.append(posts.Entry(tuple(players)))
    blocks.append(posts.Spoiler(_("Hidden from the players"), (posts.Entry(tuple(master)),)))
    if ignored:
        blocks.append(posts.Note(ignored[0]))
    return tuple(blocks)


def _closing_status(result) -> list[posts.Block]:
    session = getattr(result, "session", None)
    if not isinstance(session, Mapping) or not session.get("fight"):
        return []  # no fight left to show (it ended), or a result made without a session

    return StatusView(session, result.public).blocks(closing=True)
