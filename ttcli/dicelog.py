"""Dice in the journal: how rolls and dice are recorded, and the session's dice source.

Every die is recorded with its sides, face and origin; a die from a committed
sequence also carries its counter, so anyone with the revealed secret can
recompute it (``ttcli verify``, in ``verifier``).
"""

from __future__ import annotations

from rules.dice import CommittedSource, GivenSource, RandomSource, to_text
from rules.i18n import _

from .errors import CliError
from .exitcodes import ExitCode
from .store import INT_LIMIT

TYPE_CHECKING = False  # typing is start-up cost on the roll path
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from typing import Any


def die_record(d) -> dict:
    """One die for the journal: sides, face, origin; its counter if committed, and
    whether it was dropped or what it was rolled for, where the die says so."""
    out = {"sides": d.sides, "face": d.face, "origin": d.origin}
    if d.counter is not None:
        out["counter"] = d.counter
    if not d.kept:
        out["kept"] = False
    if d.purpose:
        out["purpose"] = d.purpose
    return out


def roll_record(roll) -> dict:
    out: dict[str, Any] = {"expression": roll.text, "kind": roll.kind, "value": roll.value,
                           "text": to_text(roll), "dice": [die_record(d) for d in roll.dice]}
    if roll.label:
        out["label"] = roll.label
    if roll.passed is not None:
        out["passed"] = roll.passed
    return out


def session_source(doc: Mapping[str, Any], seed: int | None, session_target=None):
    """The dice source for a session's rolls: its committed sequence while one is active.

    The counter is the furthest of the session file's and the dice sidecar's
    (``undo`` rewinds the file, never the dice).
    """

    commit = doc.get("commit")
    if commit is not None and not commit.get("revealed"):
        if seed is not None:
            raise CliError(_("this session's dice are committed; --seed would bypass the commitment"),
                           ExitCode.RULES, _("roll without --seed, or reveal first: ttcli session reveal"))
        counter = commit["counter"]
        if session_target is not None:
            from .store import dice_counter

            counter = max(counter, dice_counter(session_target, commit["commitment"]))
        # the file keeps the next counter: the last one drawn is the one before the largest it holds
        return CommittedSource(bytes.fromhex(commit["secret"]), counter, last=INT_LIMIT - 2)
    return RandomSource(seed)


def store_counter(doc, source, session_target=None) -> None:
    """Record the next counter, so no committed value is ever used twice.

    The store moves the dice sidecar on once the roll is journaled (see
    ttcli/store/session.py), so a command that fails before that uses none.
    """

    # given faces fill a roll first; the dice they leave are drawn from the session's source
    inner = source.fallback if isinstance(source, GivenSource) else source
    if isinstance(inner, CommittedSource) and doc.get("commit"):
        commitment = doc["commit"]["commitment"]
        if inner.counter != doc["commit"]["counter"]:
            doc["commit"] = {**doc["commit"], "counter": inner.counter}
        if hasattr(doc, "use_dice") and inner.counter > _start(doc, session_target, commitment):
            doc.use_dice(commitment, inner.counter)


def _start(doc, session_target, commitment: str) -> int:
    if session_target is None:
        return -1
    from .store import dice_counter

    return dice_counter(session_target, commitment)


def event_dice(event: Mapping[str, Any]) -> Iterable[Mapping[str, Any]]:
    """Every die recorded in an event, wherever the event kept it."""
    stack = [event]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if "face" in item and "sides" in item:
                yield item
            else:
                stack.extend(reversed(list(item.values())))
        elif isinstance(item, list):
            stack.extend(reversed(item))


def event_rolls(event: Mapping[str, Any]) -> Iterable[Mapping[str, Any]]:
    """Every roll record (expression, value, dice) in an event."""
    stack = [event]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if "expression" in item and "value" in item and isinstance(item.get("dice"), list):
                yield item
            else:
                stack.extend(reversed(list(item.values())))
        elif isinstance(item, list):
            stack.extend(reversed(item))
