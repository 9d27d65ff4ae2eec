"""The words for the core's events: event kind -> text, in one table.

A message function takes the event's fields and a :class:`View` (the master's,
or the players' with hidden names left out) and returns a line, several
lines, or None (nothing to say in that view).  Systems add their own tables
(``rules/systems/<id>/messages.py``); the interface renders events through
these tables, so text lives in one place per event kind and can be translated
there.  This is data for the interface: the rules never print.

Every text goes through :mod:`rules.i18n` as a whole sentence with named
placeholders.  Values the rules store as plain English keys (a side, a
status, a skip reason) are turned into words by the tables here, so a
journal written in one language reads in the other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rules.core.effects import STACKING_TEXT, Effect, describe, shown_name
from rules.i18n import N_, _, forms_of, ngettext, pgettext

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

    __slots__ = ("public", "_hidden", "_guarded", "_guard")

    def __init__(self, public: bool = False, hidden: Iterable[str] = (),
                 guarded: Mapping[str, int] | Callable[[], Mapping[str, int]] | None = None) -> None:
        """``guarded`` may be a function giving the table: it is asked once, when a line
        first needs a foe's health (most of a round's lines never do, and finding the
        max HP of each foe is dear)."""
        self.public = public
        self._hidden = frozenset(hidden)
        #: name -> max HP of those whose health the players read as a word (the enemies)
        self._guarded: dict[str, int] | None = None
        self._guard: Callable[[], Mapping[str, int]] | None = None
        if callable(guarded):
            self._guard = guarded
        else:
            self._guarded = dict(guarded or {})

    def _caps(self) -> dict[str, int]:
        if self._guarded is None:
            assert self._guard is not None
            self._guarded = dict(self._guard() or {})
        return self._guarded

    def health(self, name: str, hp: int, status: str = "ok") -> str | None:
        """The condition word the players read instead of ``name``'s HP, or None when they see numbers."""
        if not self.public:
            return None
        caps = self._caps()
        if name not in caps:
            return None
        return condition(hp, caps[name], status)

    def worded(self, record: Mapping[str, Any]) -> dict[str, Any]:
        """``record`` as the players may read it in JSON: a foe's HP numbers become the
        condition they read (``hp_after`` 3 -> ``condition_after`` "wounded"), its max HP
        goes; any other record is unchanged."""
        name = health_owner(record)
        if not self.public or name is None or name not in self._caps():
            return dict(record)
        caps = self._caps()
        out: dict[str, Any] = {}
        for key, value in record.items():
            status_key = _HEALTH_NUMBERS.get(key)
            if key == "hp_max":
                continue
            if status_key is None or type(value) is not int:
                out[key] = value
            else:
                status = record.get(status_key, "ok")
                out["condition" + key[2:]] = condition_key(value, caps[name], str(status))
        return out

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
        return self.public and any(form in line for n in self._hidden for form in _spellings(n))

    def scrub(self, value: Any) -> Any:
        """``value`` with every hidden name taken out: from lists, the keys that hold one and the
        keys that are one from tables; a table that held a hidden name (a hidden one's pending
        attack) loses that one's rolls and gear too (:data:`HIDDEN_ONES_OWN`), and a list loses
        the entries that are a hidden one's own (whose ``name`` it is: its initiative roll)."""
        if isinstance(value, Mapping):
            theirs = any(isinstance(v, str) and self.hides(v) for v in value.values())
            return {k: self.scrub(v) for k, v in value.items()
                    if not (isinstance(v, str) and self.hides(v)) and not self.hides(k)
                    and not (theirs and k in HIDDEN_ONES_OWN)}
        if isinstance(value, (list, tuple)):
            return [self.scrub(v) for v in value
                    if not self.hides(v.get("name") if isinstance(v, Mapping) else v)]
        return value


def _spellings(name: str) -> set[str]:
    """``name`` as any text may spell it: as written and in each of its stored cases."""
    return {name, *(form for key, form in forms_of(name).items() if key != "gender")}


#: what a record or a table of a hidden one's doing keeps from the players: the dice it
#: rolled, the terms its stats added, the weapon it used
HIDDEN_ONES_OWN = frozenset({"die", "dice", "faces", "terms", "modifiers", "rolled", "weapon", "stat"})


def health_owner(record: Mapping[str, Any]) -> str | None:
    """Whose health a record's HP numbers are: its ``name``, else its ``target`` (a hit)."""
    for key in ("name", "target"):
        owner = record.get(key)
        if isinstance(owner, str):
            return owner
    return None


#: share of max HP left -> what players read of an enemy's health
CONDITIONS = ((1.0, N_("unhurt")), (0.5, N_("wounded")), (0.0, N_("badly wounded")))
_DOWN = {"unconscious": N_("unconscious"), "dead": N_("dead")}


_CONDITION_WORDS = frozenset(w for _floor, w in CONDITIONS)
#: a health number in a record -> the status field that goes with it
_HEALTH_NUMBERS = {"hp": "status", "hp_before": "status_before", "hp_after": "status_after"}


def condition_key(hp: int, hp_max: int, status: str = "ok") -> str:
    """The condition of a foe's health in stable English (JSON): its state when not ok,
    else "unhurt", "wounded" or "badly wounded" by the share of its HP left."""
    if status != "ok":
        return status
    share = hp / hp_max if hp_max > 0 else 1.0
    return next((w for floor, w in CONDITIONS if share >= floor), CONDITIONS[-1][1])


def condition(hp: int, hp_max: int, status: str = "ok") -> str:
    """The word for a foe's health, in the reader's language."""
    if status in _DOWN:
        return _(_DOWN[status])
    if status != "ok":
        return status
    return _(condition_key(hp, hp_max, status))


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

#: a change of status told at the end of a sentence; the sentence has a {news} place for it
_STATUS_NEWS: dict[tuple[str | None, str | None], str] = {
    ("ok", "unconscious"): N_(" and falls unconscious"),
    ("ok", "dead"): N_(" and dies"),
    ("unconscious", "dead"): N_(" and dies"),
    ("unconscious", "ok"): N_(" and wakes up"),
}

#: why a turn is skipped, as the rules store it (SystemRules.cannot_act)
_SKIP_REASONS = {
    "is unconscious": N_("is unconscious"),
    "is dead": N_("is dead"),
}


def words(table: Mapping[str, str], key: str) -> str:
    """The translated words for a stored key, or the key itself when it has none
    (a system's own reason or label the table does not know)."""
    text = table.get(key)
    return _(text) if text is not None else key


def status_news(f: Fields) -> str:
    """`` and falls unconscious`` ... for a change of status in ``f``, else ``""``.

    It fills the ``{news}`` place of a whole sentence, so a translation puts it
    where its language wants it."""
    news = _STATUS_NEWS.get((f.get("status_before"), f.get("status_after")))
    return _(news) if news is not None else ""


def hp_word() -> str:
    """The name of hit points in the core's sentences (a system may bring its own)."""
    return pgettext("hit points", "HP")


def health_word(f: Fields, view: View | None) -> str | None:
    """The condition word this reader gets for a record's health, or None when it reads numbers;
    a players' record (:meth:`View.worded`) carries the condition instead of the numbers."""
    if "condition_after" in f:
        key = str(f["condition_after"])
        return _(_DOWN[key]) if key in _DOWN else _(key) if key in _CONDITION_WORDS else key
    owner = health_owner(f)
    if view is None or owner is None:
        return None
    return view.health(owner, f["hp_after"], f.get("status_after", "ok"))


def hp_text(f: Fields, view: View | None = None, hp: str | None = None) -> str:
    """``HP 7 -> 4``; ``hp`` is a system's own word for hit points. The players read an
    enemy's condition word instead (``view``)."""
    word = health_word(f, view)
    if word is not None:
        return word
    return _("{hp} {before} -> {after}").format(hp=hp or hp_word(), before=f["hp_before"], after=f["hp_after"])


def healed(f: Fields, view: View | None = None) -> Any:
    """What a heal restored: the HP gained when the reader sees the numbers (a heal of 4 on
    5 of 7 restores 2), else the amount given (the players reading a foe's condition word
    learn no more than they did)."""
    before, after = f.get("hp_before"), f.get("hp_after")
    if health_word(f, view) is not None:
        return f["amount"]
    if isinstance(before, int) and isinstance(after, int) and after >= before:
        return after - before
    return f["amount"]


def nothing_healed(f: Fields, view: View | None = None, hp: str | None = None) -> str | None:
    """The line of a heal that restored nothing, its target being at full health already
    (``Лечить Лучницу нечего: ЗД и так 7``, not ``восстанавливает 2 ЗД (ЗД 7 -> 7)``);
    None for a heal that restored something."""
    before, after = f.get("hp_before"), f.get("hp_after")
    if not (isinstance(before, int) and before == after) or f.get("status_before", "ok") != f.get("status_after", "ok"):
        return None
    word = health_word(f, view)
    if word is not None:
        return _("{name} has nothing to heal ({condition}).").format(name=f["name"], condition=word)
    return _("{name} has nothing to heal: {hp} stays {after}.").format(
        name=f["name"], hp=hp or hp_word(), after=f["hp_after"])


def signed_terms(modifiers: Iterable[Mapping[str, Any]], reasons: Mapping[str, str] | None = None) -> str:
    """`` + 3 reaction - 5 disadvantage`` from [{amount, reason}]; ``reasons`` translates the reasons."""
    return "".join(
        _(" {sign} {amount} {reason}").format(
            sign="+" if m["amount"] >= 0 else "-", amount=abs(m["amount"]),
            reason=words(reasons or {}, m["reason"]))
        for m in modifiers if m["amount"]
    )


def natural(f: Fields) -> str:
    return _(" (natural {n})").format(n=f["natural"]) if f.get("natural") is not None else ""


def actions_text(count: int) -> str:
    return ngettext("{n} action", "{n} actions", count).format(n=count)


def rounds_text(count: int) -> str:
    return ngettext("{n} round", "{n} rounds", count).format(n=count)


def listed(names: Iterable[str]) -> str:
    return ", ".join(names)


def effect_name(name: str) -> str:
    """An effect's name for people (a preset's name in the reader's language)."""
    return shown_name(name)


def _effect_text(record: Fields) -> str:
    return describe(Effect(**record))


def _stacked(f: Fields, view: View) -> str:
    return _("{name} already has {old}; {stacking}: {effect}.").format(
        name=f["name"], old=effect_name(f["old"]), stacking=words(STACKING_TEXT, f["stacking"]),
        effect=_effect_text(f["effect"]))


@players_version()
def _joined(f: Fields, view: View) -> str | list[str] | None:
    if view.public:
        return _order(f, view)
    text = {"party": N_("{name} joins the fight (party); order: {order}."),
            "enemy": N_("{name} joins the fight (enemy); order: {order}.")}.get(f["side"])
    if text is None:
        return _("{name} joins the fight ({side}); order: {order}.").format(
            name=f["name"], side=f["side"], order=listed(f["order"]))
    return _(text).format(name=f["name"], order=listed(f["order"]))


_FIGHT_DOWN = (
    ("unconscious", N_("Unconscious: {names}.")),
    ("dead", N_("Dead: {names}.")),
)


@players_version()
def _fight_ended(f: Fields, view: View) -> list[str]:
    rounds = f["rounds"]
    lines = [ngettext("The fight ends after {n} round.", "The fight ends after {n} rounds.", rounds).format(n=rounds)]
    for key, text in _FIGHT_DOWN:
        shown = view.visible(f.get(key, ()))
        if shown:
            lines.append(_(text).format(names=listed(shown)))
    return lines


def _fight_effects_ended(f: Fields, view: View) -> str:
    ended = listed(f"{e['combatant']} ({effect_name(e['effect'])})" for e in f["ended"])
    return _("Effects that lasted for the fight end: {ended}.").format(ended=ended)


def _tick_with(f: Fields, view: View, hp: str | None) -> str:
    shown = (_(" ({dice}: {faces})").format(dice=f["dice"], faces="+".join(map(str, f["faces"])))
             if f.get("dice") else "")
    text = (_("{name}: {effect} deals {amount}{rolled} ({hp}){news}.") if f["what"] == "damage"
            else _("{name}: {effect} heals {amount}{rolled} ({hp}){news}."))
    return text.format(name=f["name"], effect=effect_name(f["effect"]), amount=f["amount"], rolled=shown,
                       hp=hp_text(f, view, hp), news=status_news(f))


def tick_message(hp: Callable[[], str] | None = None) -> Message:
    """The words of an effect's tick, with a system's own word for hit points."""
    return lambda f, view: _tick_with(f, view, hp() if hp is not None else None)


def health_message(hp: Callable[[], str] | None = None) -> Message:
    """The words of a change of health, with a system's own word for hit points.

    The players read a visible one's health even when a hidden one dealt the blow; a
    hidden one's own health they never read."""
    @players_version()
    def health(f: Fields, view: View) -> str | None:
        if view.hides(f["name"]):
            return None
        word = hp() if hp is not None else None
        condition = health_word(f, view)
        if f["amount"]:
            if condition is not None:  # the players' condition word already says whether it fell
                return _("{name}: {condition}.").format(name=f["name"], condition=condition)
            return _("{name}: {hp}{news}.").format(name=f["name"], hp=hp_text(f, hp=word), news=status_news(f))
        if condition is not None:
            return _("{name}: no damage ({condition}).").format(name=f["name"], condition=condition)
        return _("{name}: no damage ({hp} {after}).").format(name=f["name"], hp=word or hp_word(),
                                                             after=f["hp_after"])
    return health


def _declaration(declaration: Fields) -> str:
    """``{"action": "strike", "target": "Уж"}`` -> ``strike Уж``."""
    return " ".join(_shown(v) for v in declaration.values() if v not in ("", None, False))


def _shown(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(map(str, value))
    return str(value)


@players_version()
def _declared(f: Fields, view: View) -> str | None:
    name = f["name"]
    if view.public:
        if not view.visible([name]):
            return None
        text = (_("{name} adds to the declaration.") if f.get("added") else
                _("{name} changes the declaration.") if f.get("changed") else _("{name} declares."))
        return text.format(name=name)
    if f.get("changed") and not f.get("added"):
        return _("{name} changes the declaration: {declaration} (was: {was}).").format(
            name=name, declaration=_declaration(f["declaration"]), was=_declaration(f["was"]))
    return _("{name} declares: {declaration}.").format(name=name, declaration=_declaration(f["declaration"]))


@players_version()
def _withdrawn(f: Fields, view: View) -> str | None:
    name = f["name"]
    if view.public:
        return _("{name} withdraws the declaration.").format(name=name) if view.visible([name]) else None
    return _("{name} withdraws the declaration ({declaration}).").format(
        name=name, declaration=_declaration(f["declaration"]))


def _revealed(f: Fields, view: View) -> str:
    if not f.get("declaration"):
        return _("{name} declared nothing.").format(name=f["name"])
    return _("{name}: {declaration}.").format(name=f["name"], declaration=_declaration(f["declaration"]))


@players_version()
def _place_open(f: Fields, view: View) -> str | None:
    shown = view.visible(f["names"])
    return _("Together: {names} act in the order they choose.").format(names=listed(shown)) if shown else None


def _effect_ended(f: Fields, view: View) -> str:
    if f.get("why") == "healed":
        return _("{name}: the healing ends {effect}.").format(name=f["name"], effect=effect_name(f["effect"]))
    return _("{name}: {effect} ends.").format(name=f["name"], effect=effect_name(f["effect"]))


@players_version()
def _order(f: Fields, view: View) -> str:
    return _("Order: {order}.").format(order=listed(view.visible(f["order"])))


def _decided(f: Fields, view: View) -> str:
    text = {"party": N_("Nobody on the party side is standing: the fight can end."),
            "enemy": N_("Nobody on the enemy side is standing: the fight can end.")}.get(f["loser"])
    if text is None:
        return _("Nobody on the {side} side is standing: the fight can end.").format(side=f["loser"])
    return _(text)


def reason_words(reason: str) -> str:
    """Why someone cannot act, as stored (``is unconscious``, ``loses the turn (stun)``), for people."""
    if reason.startswith(_LOSES) and reason.endswith(")"):
        return _("loses the turn ({effect})").format(effect=effect_name(reason[len(_LOSES):-1]))
    return words(_SKIP_REASONS, reason)


#: the stored reason of an effect that takes the turn, before the effect's name
_LOSES = "loses the turn ("


def _skipped(f: Fields, view: View) -> str:
    return _("{name} {reason}: turn skipped.").format(name=f["name"], reason=reason_words(f["reason"]))


MESSAGES: dict[str, Message] = {
    "round": lambda f, v: _("Round {n}.").format(n=f["round"]),
    "order": _order,
    "effect_added": lambda f, v: _("{name}: {effect}.").format(name=f["name"], effect=_effect_text(f["effect"])),
    "effect_stacked": _stacked,
    "effect_removed": lambda f, v: _("{name}: {effect} removed.").format(
        name=f["name"], effect=effect_name(f["effect"])),
    "effect_ended": _effect_ended,
    "tick": tick_message(),
    "turn_skipped": _skipped,
    "turn_resumed": lambda f, v: _("{name} takes the delayed turn.").format(name=f["name"]),
    "turn_delayed": lambda f, v: _("{name} delays the turn to the end of round {n}.").format(
        name=f["name"], n=f["round"]),
    "place_open": _place_open,
    "declared": _declared,
    "withdrawn": _withdrawn,
    "round_resolves": lambda f, v: _("Round {n} resolves.").format(n=f["round"]),
    "revealed": _revealed,
    "joined": _joined,
    "left": lambda f, v: _("{name} leaves the fight.").format(name=f["name"]),
    "decided": _decided,
    "fight_ended": _fight_ended,
    "fight_effects_ended": _fight_effects_ended,
    "health": health_message(),
    "day_ended": lambda f, v: _("Midnight: the day ends."),
    "day_nothing": lambda f, v: _("This system's rules tie nothing to a day: nothing changes."),
}


def event_lines(messages: Mapping[str, Message], kind: str, fields: Fields, view: View = MASTER) -> list[str]:
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
    return [line for line in event_lines(messages, kind, fields, view) if not view.leaks(line)]


def players_record(messages: Mapping[str, Message], record: Fields, view: View) -> dict[str, Any] | None:
    """An event record as the players may have it (JSON), or None when it is all about the hidden.

    Fields the event marks ``secret`` (a round's declarations) are left out too.
    """
    secret = record.get("secret", ())
    shown = {k: v for k, v in record.items() if k != "secret" and k not in secret}
    if not view.mentions_hidden(shown):
        return view.worded(shown)
    keep = _players_keep(messages.get(str(record.get("kind"))) or MESSAGES.get(str(record.get("kind"))))
    if keep is None:
        return None
    if any(view.hides(v) for v in shown.values()):
        shown = {k: v for k, v in shown.items() if k == "kind" or k in keep}
    scrubbed: dict[str, Any] = view.scrub(shown)
    return view.worded(scrubbed)


def players_records(messages: Mapping[str, Message], records: Iterable[Fields], view: View,
                    by_hidden: bool = False) -> list[dict[str, Any]]:
    """The records the players may have of one command (JSON): each as :func:`players_record`
    gives it; one about the hidden (or any record of a hidden one's doing, ``by_hidden``) stays
    only when it has words for the players ("someone ..."), as in their text."""
    kept: list[dict[str, Any]] = []
    for r in records:
        shown = players_record(messages, r, view)
        if shown is not None and (not (by_hidden or view.mentions_hidden(r))
                                  or players_lines(messages, str(r.get("kind")), r, view, True)):
            kept.append(shown)
    return kept


# --- a round's declarations, kept from the players until it resolves ----------------------------

#: the key of a round clock's fight data that holds the round's secret declarations (rules.core.rounds)
DECLARED = "declared"


def players_fight(fight_doc: Mapping[str, Any]) -> dict[str, Any]:
    """A fight table of the session file as players may see it: the round's
    declarations left out."""
    out = dict(fight_doc)
    data = out.get("data")
    if isinstance(data, Mapping) and DECLARED in data:
        rest = {k: v for k, v in data.items() if k != DECLARED}
        if rest:
            out["data"] = rest
        else:
            del out["data"]
    return out
