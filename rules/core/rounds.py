"""The round clock: secret declarations, resolved together (twilight's TW-ROUND-1).

Nobody takes turns.  Everyone able to act declares what it does; a
declaration may be changed or withdrawn until the round resolves; then the
system resolves them all at once (``settle``) and the next round opens.

Until then a declaration is the master's alone.  It is kept in the fight's
``data`` table under :data:`DECLARED` (name -> the system's own table), and
every players' output leaves it out: an Outcome's public lines say only who
declared, the typed events carry it in secret fields (see
``rules.core.events``), and the players' view of the fight
(:func:`players_fight`) drops the table.  The journal keeps all of it for the
master.

A system calls these functions from its actions (``declare``, ``withdraw``) and
its ``step`` (:func:`resolve`); its ``decode_fight_data`` checks the table
with :func:`decode_declared`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.core.clock import ClockReport, next_round
from rules.core.common import require_fight
from rules.core.errors import DocumentError, RuleError
from rules.core.messages import DECLARED, reason_words
from rules.core.outcome import Outcome, Work
from rules.core.plain import copy_plain
from rules.core.state import Encounter, Fight, find
from rules.dice.datatypes import replace
from rules.dice.sources import DiceSource
from rules.i18n import _

Declarations = dict[str, dict[str, Any]]
#: the system's resolution: (work, dice, declarations by name) -> None
Settle = Callable[[Work, DiceSource, Declarations], None]
Path = tuple[str | int, ...]


def pending(fight: Fight | None) -> Declarations:
    """The declarations of the round, by name, in the order they were made."""
    if fight is None:
        return {}
    declared: Declarations = copy_plain(dict(fight.data.get(DECLARED, {})))
    return declared


def pending_of(fight: Fight | None, name: str) -> dict[str, Any]:
    """``name``'s declaration of the round (empty when none): a copy of that one alone."""
    if fight is None:
        return {}
    declared = fight.data.get(DECLARED, {})
    return copy_plain(declared[name]) if name in declared else {}


def _with_declared(fight: Fight, declared: Declarations) -> Fight:
    data = {k: v for k, v in fight.data.items() if k != DECLARED}
    if declared:
        data[DECLARED] = declared
    return replace(fight, data=data)


def _declarer(rules: Any, work: Work, enc: Encounter, query: str) -> str:
    fight = require_fight(work)
    name = find(enc, query)
    if fight.order and name not in fight.order:
        raise RuleError(_("{name} is not in the fight").format(name=name))
    reason = rules.cannot_act(work.get(name))
    if reason is not None:
        raise RuleError(_("{name} {reason} and cannot declare").format(name=name, reason=reason_words(reason)))
    return name


def declare(rules: Any, enc: Encounter, query: str, declaration: Mapping[str, Any],
            work: Work | None = None) -> Outcome:
    """``query`` declares ``declaration`` (the system's table of TOML-safe
    values) for this round, replacing an earlier one of the same round.

    A system that drew dice for the declaration (a pool rolled when it is
    declared) passes the ``work`` that holds them and speaks its words."""
    work = work if work is not None else Work(enc, hp_max=rules.hp_max)
    name = _declarer(rules, work, enc, query)
    _check_table(declaration, (DECLARED, name))
    declared = pending(work.fight)
    before = declared.get(name)
    declared[name] = copy_plain(dict(declaration))
    assert work.fight is not None
    work.fight = _with_declared(work.fight, declared)
    round_ = work.fight.round
    work.tell("declared", about=[name], public=True, secret=("declaration", "was"), name=name, round=round_,
              declaration=dict(declaration), changed=before is not None, added=_adds_to(before, declaration),
              was=before)
    event = {"kind": "declare", "name": name, "declaration": dict(declaration)}
    return work.outcome(event, hidden=work.get(name).hidden)


def _adds_to(before: Mapping[str, Any] | None, after: Mapping[str, Any]) -> bool:
    """Does ``after`` keep all of ``before`` and add to it (a second roll declared after the
    first), rather than change it."""
    if not before or before == after:
        return False
    for key, old in before.items():
        new = after.get(key)
        if new != old and not (isinstance(old, list) and isinstance(new, list) and new[:len(old)] == old):
            return False
    return True


def withdraw(rules: Any, enc: Encounter, query: str, work: Work | None = None) -> Outcome:
    """``query`` takes its declaration of this round back (``work``: the
    system's own, to speak its words)."""
    work = work if work is not None else Work(enc, hp_max=rules.hp_max)
    fight = require_fight(work)
    name = find(enc, query)
    declared = pending(fight)
    if name not in declared:
        raise RuleError(_("{name} has declared nothing this round").format(name=name))
    before = declared.pop(name)
    work.fight = _with_declared(fight, declared)
    work.tell("withdrawn", about=[name], public=True, secret=("declaration",), name=name, round=fight.round,
              declaration=before)
    return work.outcome({"kind": "withdraw", "name": name, "declaration": before},
                        hidden=work.get(name).hidden)


def resolve(work: Work, source: DiceSource, rules: Any, settle: Settle, report: ClockReport) -> Declarations:
    """The round resolves: every declaration is revealed, the system settles
    them together, and the next round opens (its round ticks run).

    Returns the declarations that were resolved.
    """
    fight = require_fight(work)
    declared = pending(fight)
    waiting = [c.name for c in work.combatants.values()
               if c.name not in declared and (not fight.order or c.name in fight.order)
               and rules.cannot_act(c) is None]
    work.tell("round_resolves", round=fight.round, declared=len(declared))
    for name, declaration in declared.items():
        work.tell("revealed", about=[name], name=name, round=fight.round, declaration=declaration)
    for name in waiting:
        work.tell("revealed", about=[name], name=name, round=fight.round, declaration={})
    work.fight = _with_declared(fight, {})
    settle(work, source, declared)
    next_round(work, source, rules, report)
    return declared


# --- reading a session file -----------------------------------------------------------


#: a value of one of these very types is fine as it is: every fight's file is checked on every
#: command, a round's posted dice and all, so they are told apart without a path or an ABC check
_SCALARS = frozenset((str, int, bool, float))


def _check_table(value: Any, path: Path) -> None:
    if type(value) is not dict and not isinstance(value, Mapping):
        raise DocumentError(path, _("a declaration is a table, got {value!r}").format(value=value))
    for key, item in value.items():
        if type(item) not in _SCALARS:
            _check_value(item, path + (key,))


def _check_value(value: Any, path: Path) -> None:
    if type(value) is dict or isinstance(value, Mapping):
        _check_table(value, path)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            if type(item) not in _SCALARS:
                _check_value(item, path + (i,))
    elif not isinstance(value, (str, int, bool, float)):
        raise DocumentError(path, _("must be text, a number, true/false, a list or a table, got {value!r}").format(
            value=value))


def decode_declared(raw: Mapping[str, Any], path: Path) -> Declarations:
    """Check the ``declared`` table of a fight's data (``path`` is the data
    table's); names the place of a hand edit's mistake."""
    table = raw.get(DECLARED, {})
    if not isinstance(table, Mapping):
        raise DocumentError(path + (DECLARED,), _("must be a table: name -> declaration"))
    for name, declaration in table.items():
        _check_table(declaration, path + (DECLARED, name))
    return {name: dict(declaration) for name, declaration in table.items()}


__all__ = [
    "DECLARED", "Declarations", "Settle", "declare", "decode_declared", "pending", "pending_of",
    "resolve", "withdraw",
]
