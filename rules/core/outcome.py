"""What every combat operation returns, and the scratch pad it is built on.

An :class:`Outcome` carries the new encounter, every die drawn, the lines a
master would paste into a forum post (and the same lines without what
concerns hidden combatants), and one journal event of TOML-safe values.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rules.core.die import Die, roll
from rules.core.events import Event
from rules.core.messages import MASTER, View, event_lines, players_lines
from rules.core.state import Combatant, Encounter, Fight
from rules.dice.datatypes import datatype, field
from rules.dice.sources import DiceSource
from rules.i18n import _


@datatype(frozen=True)
class Outcome:
    """What an operation did: the new encounter, every die, the lines and events, the journal entry."""

    encounter: Encounter
    #: every die drawn, in order: face, sides, purpose, origin, counter
    dice: tuple[Die, ...] = ()
    #: the master's view, plain English, names as given
    lines: tuple[str, ...] = ()
    #: journal event: str/int/bool/lists/tables only, never None
    event: dict[str, Any] = field(default_factory=dict)
    #: for checks and saves; None for everything else
    passed: bool | None = None
    #: the whole outcome concerns a hidden combatant (C-DICE-4)
    hidden: bool = False
    #: ``lines`` without what concerns hidden combatants, for the players
    public_lines: tuple[str, ...] = ()
    #: what happened, as typed records with every number (rules.core.events)
    events: tuple[Event, ...] = ()
    #: names of the hidden combatants, so the players' version can drop their events
    hidden_names: tuple[str, ...] = ()


#: a system's route to a combatant's max HP (``SystemRules.hp_max``), or None where none is known
HpMax = Callable[[Combatant], int | None] | None


@datatype(frozen=True, slots=True)
class HealthChange:
    """What one change of health did, in any system."""

    name: str
    amount: int
    hp_before: int
    hp_after: int
    status_before: str
    status_after: str


@datatype(frozen=True)
class Damage:
    """One dose of damage: how much, of what kind, from whom, with which dice."""

    amount: int
    kind: str = ""
    source: str = ""
    dice: tuple[Die, ...] = ()

    def __post_init__(self) -> None:
        if self.amount < 0:
            raise ValueError(_("damage cannot be negative; heal instead"))


class Work:
    """A mutable copy of an encounter that an operation edits, then freezes.

    Lives only inside one operation call; nothing outside ever sees it
    half-done.
    """

    #: whether it keeps no record of what happened (:class:`QuietWork`): a rule may then skip
    #: making the words and numbers of an event nobody reads
    quiet = False

    def __init__(self, enc: Encounter, messages: Mapping[str, Any] | None = None,
                 hp_max: HpMax = None) -> None:
        self.system = enc.system
        self.settings = enc.settings
        self.combatants: dict[str, Combatant] = {c.name: c for c in enc.combatants}
        self.fight: Fight | None = enc.fight
        self.dice: list[Die] = []
        self._lines: list[tuple[str, str | None]] = []
        self.events: list[Event] = []
        #: the system's message table (event kind -> words); the core's own is the fallback
        self.messages = messages or {}
        #: each combatant's max HP by the stats it was read from: every event asks for them
        #: (guarded), and the sheet's derivation is too dear to repeat per event
        self._hp_caps: dict[str, tuple[Mapping[str, Any], int | None]] = {}
        #: the system's one route to a combatant's max HP (SystemRules.hp_max); without it a
        #: foe's current HP stands in for its maximum
        self._hp_max = hp_max
        #: the players' view every event is told in, until a put changes what it holds,
        #: and the hidden names it was made with
        self._players: Any = None
        self._hiding: frozenset[str] = frozenset()

    def get(self, name: str) -> Combatant:
        return self.combatants[name]

    def put(self, combatant: Combatant) -> None:
        if self._players is not None:
            old = self.combatants.get(combatant.name)
            if (old is None or old.hidden != combatant.hidden or old.side != combatant.side
                    or (combatant.side != "party" and (
                        (old.stats is not combatant.stats and old.stats != combatant.stats)
                        # a foe's HP stands in for a max HP its stats do not give
                        or (old.resources.get("hp", 0) != combatant.resources.get("hp", 0)
                            and not self._capped(combatant))))):
                self._players = None
        self.combatants[combatant.name] = combatant

    def _capped(self, c: Combatant) -> bool:
        """Whether ``c``'s max HP is known from its very stats (its HP then does not matter)."""
        known = self._hp_caps.get(c.name)
        return known is not None and known[1] is not None and known[0] is c.stats

    def hidden(self, *names: str) -> bool:
        combatants = self.combatants
        for n in names:  # every action asks it of its actor
            c = combatants.get(n)
            if c is not None and c.hidden:
                return True
        return False

    def tell(self, kind: str, *, about: Iterable[str] = (), public: bool = False,
             secret: Iterable[str] = (), **fields: Any) -> Event:
        """Record an event and its words.  An event ``about`` a hidden combatant is
        left out of the players' lines, unless ``public`` asks for its players'
        version or its message has one (rules.core.messages.players_version):
        the message leaves the hidden names out itself."""
        names = tuple(about)
        event = self.emit(kind, about=names, secret=secret, **fields)
        master = event_lines(self.messages, kind, event.fields, MASTER)
        view = self._players
        if view is None:
            self._hiding = frozenset(n for n, c in self.combatants.items() if c.hidden)
            view = self._players = View(public=True, hidden=self._hiding, guarded=self.guarded)
        if public:
            shown = event_lines(self.messages, kind, event.fields, view)
        else:
            # the very words log --public tells again from the record: one players' producer
            shown = players_lines(self.messages, kind, event.fields, view,
                                  by_hidden=not self._hiding.isdisjoint(names))
        if len(master) == 1 and len(shown) == 1:
            self._lines.append((master[0], shown[0]))
            return event
        for i, line in enumerate(master):
            self._lines.append((line, shown[i] if i < len(shown) else ""))
        for line in shown[len(master):]:
            self._lines.append(("", line))
        return event

    def guarded(self) -> dict[str, int]:
        """Max HP of those whose health the players read as a word: everyone not in the party."""
        out = {}
        for c in self.combatants.values():
            if c.side != "party":
                known = self._hp_caps.get(c.name)
                if known is None or (known[0] is not c.stats and known[0] != c.stats):
                    try:
                        cap = self._hp_max(c) if self._hp_max is not None else None
                    except ValueError:  # stats too incomplete to give a maximum: its HP stands in
                        cap = None
                    known = self._hp_caps[c.name] = (c.stats, cap)
                out[c.name] = known[1] if known[1] is not None else c.resources.get("hp", 0)
        return out

    def emit(self, kind: str, *, about: Iterable[str] = (), secret: Iterable[str] = (), **fields: Any) -> Event:
        """Record a typed event (fields that are None are left out; ``secret``
        names fields left out of the players' version)."""
        event = Event(kind, tuple(about), {k: v for k, v in fields.items() if v is not None}, tuple(secret))
        self.events.append(event)
        return event

    def roll(self, source: DiceSource, sides: int, purpose: str) -> Die:
        die = roll(source, sides, purpose)
        self.dice.append(die)
        return die

    def add_dice(self, dice: Iterable[Die]) -> None:
        self.dice.extend(dice)

    def encounter(self) -> Encounter:
        return Encounter(self.system, self.settings, tuple(self.combatants.values()), self.fight)

    def outcome(
        self, event: dict[str, Any], *, passed: bool | None = None, hidden: bool = False
    ) -> Outcome:
        return Outcome(
            encounter=self.encounter(),
            dice=tuple(self.dice),
            lines=tuple(text for text, _public in self._lines if text),
            event=event,
            passed=passed,
            hidden=hidden,
            public_lines=tuple(public for _text, public in self._lines if public),
            events=tuple(self.events),
            hidden_names=tuple(n for n, c in self.combatants.items() if c.hidden),
        )


class QuietWork(Work):
    """A :class:`Work` that keeps no record of what happened, only the new encounter: for runs
    nobody reads (``fight simulate`` plays thousands of fights and prints only a summary; the
    odds of an action play the same comparison once per way the dice fall),
    where turning every event into the master's and the players' lines, and even making the
    event records, would be most of the cost.  Its outcomes have the encounter, the dice and
    the journal entry; no lines and no events.  The rules never read back what they told."""

    quiet = True

    def __init__(self, enc: Encounter, messages: Mapping[str, Any] | None = None,
                 hp_max: HpMax = None) -> None:
        super().__init__(enc, messages, hp_max)
        self._start = enc

    def encounter(self) -> Encounter:
        start = self._start
        fight = self.fight
        if len(self.combatants) != len(start.combatants) or self.settings is not start.settings or (
                fight is not None and (start.fight is None or fight.order is not start.fight.order
                                       or fight.groups is not start.fight.groups)):
            return super().encounter()
        # the roster of the encounter this work began with (a put only replaces or adds, so as
        # many combatants are the same names in the same order) and its very fight order:
        # the checks that encounter passed are passed again, and a run makes one per move
        made: Encounter = object.__new__(Encounter)
        object.__setattr__(made, "__dict__", {"system": self.system, "settings": self.settings,
                                              "combatants": tuple(self.combatants.values()), "fight": fight})
        return made

    def tell(self, kind: str, *, about: Iterable[str] = (), public: bool = False,
             secret: Iterable[str] = (), **fields: Any) -> Event:
        return _UNTOLD

    def emit(self, kind: str, *, about: Iterable[str] = (), secret: Iterable[str] = (), **fields: Any) -> Event:
        return _UNTOLD

    def outcome(
        self, event: dict[str, Any], *, passed: bool | None = None, hidden: bool = False
    ) -> Outcome:
        # what Outcome(self.encounter(), tuple(self.dice), (), event, passed, hidden) makes, without
        # the keyword walk: a run makes one per move, and Outcome checks nothing
        made: Outcome = object.__new__(Outcome)
        object.__setattr__(made, "__dict__", {
            "encounter": self.encounter(), "dice": tuple(self.dice), "lines": (), "event": event,
            "passed": passed, "hidden": hidden, "public_lines": (), "events": (), "hidden_names": ()})
        return made


#: what a QuietWork hands back for an event it does not keep
_UNTOLD = Event("untold")
