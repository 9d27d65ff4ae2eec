"""The journal's events: one builder per kind, and the keys each kind holds (its schema).

The store stamps every event with ``seq``, ``time`` and the session's ``system``
(``journal.append_event``); everything else of an event is made here, so a kind's
shape is written in one place.  A fight command's event (``ttcli.operations.journal_event``)
carries its system's own outcome fields beside the common ones of :data:`FIGHT`.
``tests/ttcli/store/test_journal_events.py`` plays a session through every kind and checks each
event it wrote against :data:`SCHEMA`.
"""

from __future__ import annotations

from datetime import datetime

TYPE_CHECKING = False  # the journaled roll builds its event here: typing is start-up cost
if TYPE_CHECKING:
    from typing import Any

#: the keys the store stamps on every event (``system`` on those written since it does)
STAMPED: dict[str, type | tuple[type, ...]] = {"seq": int, "time": datetime}

#: kind -> its keys and their types; ``None`` marks a key that may be left out
SCHEMA: dict[str, dict[str, Any]] = {
    "roll": {"command": str, "hidden": bool, "text": list, "rolls": list},
    "char-add": {"command": str, "names": list, "side": str, "hidden": bool, "text": list},
    "char-set": {"command": str, "actor": str, "changes": dict, "hidden": bool, "text": list},
    "char-give": {"command": str, "actor": str, "item": str, "count": int, "from": str, "to": str,
                  "hidden": bool, "text": list},
    "char-take": {"command": str, "actor": str, "item": str, "count": int, "from": str, "to": str,
                  "hidden": bool, "text": list},
    "char-rm": {"command": str, "names": list, "hidden": bool, "text": list},
    "commit": {"command": str, "commitment": str},
    "reveal": {"command": str, "commitment": str, "secret": str, "rolls": int},
    "undo": {"command": str, "steps": int},
    "redo": {"command": str, "steps": int},
    "restore": {"command": str, "text": list},
    "burned": {"commitment": str, "counters": list, "text": list, "drawn_by": (str, None)},
}

#: what every fight command's event holds, whatever its kind (the system's own fields beside)
FIGHT: dict[str, Any] = {"command": str, "hidden": bool, "text": list, "round": (int, None),
                         "public_text": (list, None), "events": (list, None), "dice": (list, None),
                         "passed": (bool, None)}


def problems(event: dict[str, Any]) -> list[str]:
    """What in ``event`` does not fit its kind's schema (a key missing or of another type)."""
    kind = event.get("kind")
    if not isinstance(kind, str):
        return ["kind: missing"]
    shape = {**STAMPED, "system": (str, None), **SCHEMA.get(kind, FIGHT)}
    found = []
    for key, kinds in shape.items():
        allowed = kinds if isinstance(kinds, tuple) else (kinds,)
        if key not in event:
            if None not in allowed:
                found.append(f"{kind}.{key}: missing")
        elif not isinstance(event[key], tuple(k for k in allowed if k is not None)) \
                or (bool not in allowed and type(event[key]) is bool):
            found.append(f"{kind}.{key}: {type(event[key]).__name__}")
    if kind in SCHEMA:
        found.extend(f"{kind}.{key}: not of this kind" for key in event
                     if key not in shape and key != "kind")
    return found


def roll(texts: list[str], hidden: bool, records: list[dict]) -> dict[str, Any]:
    return {"kind": "roll", "command": "roll " + " ".join(texts), "hidden": hidden,
            "text": [r["text"] for r in records], "rolls": records}


def char_added(names: list[str], side: str, hidden: bool, line: str) -> dict[str, Any]:
    return {"kind": "char-add", "command": "char add", "names": names, "side": side, "hidden": hidden,
            "text": [line]}


def char_set(assignments: list[str], actor: str, changes: dict, hidden: bool, line: str) -> dict[str, Any]:
    return {"kind": "char-set", "command": "char set " + " ".join(assignments), "actor": actor,
            "changes": dict(changes), "hidden": hidden, "text": [line]}


def char_carried(command: str, actor: str, item: str, count: int, giver: str, taker: str, hidden: bool,
                 text: list[str]) -> dict[str, Any]:
    """``char give`` or ``char take`` (``command``)."""
    return {"kind": "char-" + command, "command": "char " + command, "actor": actor, "item": item,
            "count": count, "from": giver, "to": taker, "hidden": hidden, "text": list(text)}


def char_removed(names: list[str], hidden: bool, line: str) -> dict[str, Any]:
    return {"kind": "char-rm", "command": "char rm", "names": names, "hidden": hidden, "text": [line]}


def committed(commitment: str) -> dict[str, Any]:
    return {"kind": "commit", "command": "session commit", "commitment": commitment}


def revealed(commitment: str, secret: str, rolls: int) -> dict[str, Any]:
    return {"kind": "reveal", "command": "session reveal", "commitment": commitment, "secret": secret,
            "rolls": rolls}


def moved(word: str, steps: int) -> dict[str, Any]:
    """``undo`` or ``redo`` (``word``) of ``steps`` states."""
    return {"kind": word, "command": f"{word} {steps}", "steps": steps}


def restored(line: str) -> dict[str, Any]:
    return {"kind": "restore", "command": "undo", "text": [line]}


def burned(commitment: str, start: int, end: int, line: str, command: str = "") -> dict[str, Any]:
    """Committed counters ``start``..``end - 1`` drawn and never shown; ``command``, the command
    line that drew them (players ask the master about it: verify lists it)."""
    event: dict[str, Any] = {"kind": "burned", "commitment": commitment, "counters": [start, end], "text": [line]}
    if command:
        event["drawn_by"] = command
    return event
