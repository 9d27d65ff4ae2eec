"""The cheap path of a journaled command: append to a clean session's journal.

A roll in a session changes nothing but the journal, unless the session's
dice are committed.  This path holds the same session lock, reads the file
and the history's record of what ttcli last wrote, and appends one event,
without loading the TOML reader, the history or the validation: those cost
more than the roll itself.  Whenever it cannot be sure (a hand edit since the
last write, bytes that mention ``unless``, counters a killed command left to
settle), it answers None and the caller runs a full transaction.
"""

from __future__ import annotations

import json
import os

from .files import beside, locked, read_bytes
from .journal import append_event


def _sha256(data: bytes) -> str:
    try:
        # typeshed has no stub for the private module
        from _sha256 import sha256  # type: ignore[import-not-found]  # the built-in module: OpenSSL's loader costs more than the hash
    except ImportError:
        from hashlib import sha256
    return sha256(data).hexdigest()


def append_if_clean(session_path, make_event, unless: bytes) -> dict | None:
    """Under the session lock: if the file is as ttcli last wrote it and does not
    contain ``unless``, append ``make_event()`` and return it as written; else None."""
    path = os.fspath(session_path)
    with locked(path):
        data = read_bytes(path)
        if unless in data or os.path.lexists(beside(path, "dice")):
            return None
        try:
            written = json.loads(read_bytes(os.path.join(beside(path, "history"), "index.json"))).get("written")
        except (FileNotFoundError, ValueError, AttributeError):
            return None
        if written != _sha256(data):
            return None
        return append_event(beside(path, "journal"), make_event())
