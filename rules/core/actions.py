"""A system's actions, declared as data.

Each system lists its actions once (:class:`Action`): the verb, its Russian
and English aliases, typed parameters with help, whether it rolls, and the
pure function that plays it.  The command line, its ``--help``, the prompt's
completion and the JSON output are generated from these declarations, so a
system never edits the interface to add an action.

Values arrive as the master typed them (strings, whole numbers, flags);
:func:`convert` turns each into what the action's function takes, raising
``ValueError`` with a message for people when it cannot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core.names import name_key
from rules.dice.datatypes import datatype, field
from rules.i18n import _

# parameter kinds
NAME = "name"  # a combatant's name (completion: the roster)
INT = "int"  # a whole number
COUNT = "count"  # a whole number, 0 or more
TEXT = "text"  # one word or a quoted phrase
WORDS = "words"  # the rest of the line, joined by spaces
FLAG = "flag"  # an option without a value
CHOICE = "choice"  # one word of a closed list (aliases allowed)
CELLS = "cells"  # a path of grid cells: "0,0 1,1 2,1"
STAT = "stat"  # a stat or skill word of the system's sheet (completion: the sheet)
EFFECT = "effect"  # an effect name (completion: the system's presets)

KINDS = (NAME, INT, COUNT, TEXT, WORDS, FLAG, CHOICE, CELLS, STAT, EFFECT)


@datatype(frozen=True)
class Param:
    """One parameter of an action.

    ``option`` parameters are written ``--name value`` (``flags`` give the
    spellings, the first one shown); the others are positional, in order.
    ``choices`` maps every accepted word (any case) to the value the
    action's function receives.
    """

    name: str
    kind: str
    help: str
    help_ru: str = ""
    option: bool = False
    required: bool = True
    default: Any = None
    flags: tuple[str, ...] = ()
    choices: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(_("parameter {name}: unknown kind {kind!r}").format(name=self.name, kind=self.kind))
        if self.kind == CHOICE and not self.choices:
            raise ValueError(_("parameter {name}: a choice needs its words").format(name=self.name))
        if self.kind == FLAG and not self.option:
            raise ValueError(_("parameter {name}: a flag is an option").format(name=self.name))

    @property
    def spellings(self) -> tuple[str, ...]:
        return self.flags or ("--" + self.name.replace("_", "-"),)

    @property
    def words(self) -> tuple[str, ...]:
        """The words a choice accepts, as declared."""
        return tuple(word for word, _label in self.choices)


@datatype(frozen=True)
class Action:
    """One thing a master can make a combatant (or the fight) do.

    ``run(encounter, source, **values)`` plays it and returns an Outcome;
    ``source`` is None for actions that do not roll.  ``out_of_turn``
    actions (a defender's reaction, SK-OUT-1) may be played by anyone in the
    fight at any moment: the system's turn check
    (``rules.core.clock.take_turn`` with the verb) honours it.  ``noun``
    files the command under a command group instead of the root: ``"fight"``
    makes it ``ttcli fight VERB`` (dungeon's ``fight order``).
    """

    verb: str
    help: str
    run: Callable[..., Any]
    help_ru: str = ""
    aliases: tuple[str, ...] = ()
    params: tuple[Param, ...] = ()
    rolls: bool = False
    examples: tuple[str, ...] = ()
    out_of_turn: bool = False
    noun: str = ""

    def __post_init__(self) -> None:
        names = [p.name for p in self.params]
        if len(set(names)) != len(names):
            raise ValueError(_("action {verb}: two parameters share a name").format(verb=self.verb))
        seen_optional = False
        for p in self.params:
            if p.option:
                continue
            if p.kind == WORDS and p is not self.positionals[-1]:
                raise ValueError(_("action {verb}: only the last argument may take the rest of the line").format(
                    verb=self.verb))
            if not p.required:
                seen_optional = True
            elif seen_optional:
                raise ValueError(_("action {verb}: a required argument follows an optional one").format(verb=self.verb))

    @property
    def positionals(self) -> tuple[Param, ...]:
        return tuple(p for p in self.params if not p.option)

    @property
    def options(self) -> tuple[Param, ...]:
        return tuple(p for p in self.params if p.option)

    @property
    def spellings(self) -> tuple[str, ...]:
        return (self.verb, *self.aliases)


@datatype(frozen=True)
class Catalogue:
    """Every action of one system, found by verb or alias (any case, ``ё`` = ``е``)."""

    actions: tuple[Action, ...] = ()
    _index: dict[str, Action] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for action in self.actions:
            for word in action.spellings:
                key = name_key(word)
                if key in self._index:
                    raise ValueError(_("the word {word!r} names two actions").format(word=word))
                self._index[key] = action

    def find(self, word: str) -> Action | None:
        return self._index.get(name_key(word))

    @property
    def verbs(self) -> tuple[str, ...]:
        return tuple(a.verb for a in self.actions)


@datatype(frozen=True)
class SystemCard:
    """What the command line needs of a system without its fight rules: who it is, its
    verbs and the options of ``fight start``.  A system's ``catalogue`` module holds it
    (``CARD``) and imports no fight rule: an action's ``run`` receives the rules object
    when it is played, and reaches the rules through it.  ``day_params`` are the options of
    ``day`` (the in-world day ends)."""

    id: str
    name_en: str
    name_ru: str
    actions: Catalogue = Catalogue()
    start_params: tuple[Param, ...] = ()
    #: options of ``day`` (terra's ``--aspects``)
    day_params: tuple[Param, ...] = ()


def convert(param: Param, raw: Any) -> Any:
    """The value an action's function receives for what the master typed."""
    if raw is None:
        return param.default
    if param.kind in (INT, COUNT):
        value = raw if isinstance(raw, int) and not isinstance(raw, bool) else _whole(param, raw)
        if param.kind == COUNT and value < 0:
            raise ValueError(_("{param}: {value} is negative; give 0 or more").format(param=_shown(param), value=value))
        return value
    if param.kind == FLAG:
        return bool(raw)
    if param.kind == WORDS:
        text = " ".join(raw) if isinstance(raw, (list, tuple)) else str(raw)
        if param.required and not text.strip():
            raise ValueError(_("{param}: say what happens").format(param=_shown(param)))
        return text
    if param.kind == CHOICE:
        wanted = name_key(str(raw))
        for word, chosen in param.choices:
            if name_key(word) == wanted:
                return chosen
        raise ValueError(_("{param}: {value!r} is not one of {words}").format(
            param=_shown(param), value=raw, words=", ".join(param.words)))
    if param.kind == CELLS:
        return parse_cells(str(raw), _shown(param))
    return str(raw)


def parse_cells(text: str, where: str = "path") -> tuple[tuple[int, int], ...]:
    """``"0,0 1,1 2,1"`` -> ((0, 0), (1, 1), (2, 1)); ``;`` separates cells too."""
    cells = []
    for part in text.replace(";", " ").split():
        x, _comma, y = part.partition(",")
        try:
            cells.append((whole(x), whole(y)))
        except ValueError:
            shown = part if len(part) <= 40 else f"{part[:40]}... ({len(part)})"
            raise ValueError(_("{where}: {part!r} is not a cell like 2,3").format(where=where, part=shown)) from None
    if not cells:
        raise ValueError(_("{where}: give cells like \"0,0 1,1\"").format(where=where))
    return tuple(cells)


#: digits of the longest whole number a command may name: a session file holds 19 (2^63)
MAX_DIGITS = 20


def whole(text: str) -> int:
    """``text`` as a whole number, read with a length limit (a sign and at most :data:`MAX_DIGITS`
    ASCII digits), so thousands of digits cost nothing; ValueError otherwise."""
    text = text.strip()
    digits = text[1:] if text[:1] in "+-" else text
    if not (0 < len(digits) <= MAX_DIGITS and digits.isascii() and digits.isdigit()):
        raise ValueError(text)
    return int(text)


def _whole(param: Param, raw: Any) -> int:
    try:
        return whole(str(raw))
    except ValueError:
        shown = str(raw) if len(str(raw)) <= 40 else f"{str(raw)[:40]}... ({len(str(raw))})"
        raise ValueError(_("{param}: {value!r} is not a whole number").format(param=_shown(param),
                                                                                value=shown)) from None


def _shown(param: Param) -> str:
    return param.spellings[0] if param.option else param.name.upper()
