"""rules/core: the mechanism every system shares, and the interface's door into it.

The interface imports what it needs of the core from this package, never from the
core's own modules (tests/test_layers.py), so those may be split or merged freely.
Each name loads only its own module, on first use (PEP 562): a one-shot command
pays for what it reads, not for the whole core.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs a journaled roll, which reads INT_LIMIT here, a good part of its start-up

#: name -> the core's module that holds it
_DOOR = {
    # what a session file holds
    "INT_LIMIT": "plain", "beyond_64_bits": "plain", "fits": "plain", "copy_plain": "plain",
    "encounter_from_doc": "codec", "effect_from_doc": "codec",
    # names and errors
    "Names": "names", "name_key": "names", "pick": "names",
    "DocumentError": "errors", "NotFound": "errors", "UnknownNameError": "errors",
    # a system's actions, declared as data
    "Action": "actions", "convert": "actions",
    # the words of events, and what the players may read of them
    "CONDITIONS": "messages", "MASTER": "messages", "View": "messages", "condition": "messages",
    "event_lines": "messages", "health_owner": "messages", "players_lines": "messages",
    "players_records": "messages",
    # a round's declarations, kept from the players until it resolves
    "players_fight": "messages",
    # effects
    "Effect": "effects", "describe": "effects", "shown_name": "effects",
    "FIGHT_END": "effects", "NEVER": "effects", "ROUND_END": "effects", "ROUND_START": "effects",
    "TURN_END": "effects", "TURN_START": "effects",
    # verify's second reading of a journal's fight records
    "actor_of": "recheck", "recheck_event": "recheck",
}

__all__ = [
    "Action", "CONDITIONS", "DocumentError", "Effect", "FIGHT_END", "INT_LIMIT", "MASTER", "NEVER",
    "Names", "NotFound", "ROUND_END", "ROUND_START", "TURN_END", "TURN_START", "UnknownNameError",
    "View", "actor_of", "beyond_64_bits", "condition", "convert", "copy_plain", "describe",
    "effect_from_doc", "encounter_from_doc", "event_lines", "fits", "health_owner", "name_key", "pick",
    "players_fight", "players_lines", "players_records", "recheck_event", "shown_name",
]


def __getattr__(name: str) -> Any:
    module = _DOOR.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    # __import__, not importlib.import_module: importlib is a module of its own to load, on every roll
    value = globals()[name] = getattr(__import__(f"{__name__}.{module}", fromlist=(name,)), name)
    return value


if TYPE_CHECKING:
    from typing import Any

    from rules.core.actions import Action, convert
    from rules.core.codec import encounter_from_doc
    from rules.core.effects import (
        FIGHT_END,
        NEVER,
        ROUND_END,
        ROUND_START,
        TURN_END,
        TURN_START,
        Effect,
        describe,
        shown_name,
    )
    from rules.core.errors import DocumentError, NotFound, UnknownNameError
    from rules.core.messages import (
        CONDITIONS,
        MASTER,
        View,
        condition,
        event_lines,
        health_owner,
        players_fight,
        players_lines,
        players_records,
    )
    from rules.core.names import Names, name_key, pick
    from rules.core.plain import INT_LIMIT, beyond_64_bits, copy_plain, fits
    from rules.core.recheck import actor_of, recheck_event
