"""Character sheets: the stats a master declares, per system.

``get_sheet("dungeon").resolve("тело")`` -> ``"body"``.  Only the requested
system's module is imported, so a one-shot command pays for one sheet.
"""

from __future__ import annotations

import difflib
from importlib import import_module

from rules.sheets.base import (
    BOOL,
    INT,
    STR,
    Choice,
    Derived,
    Field,
    MissingStat,
    Resource,
    Setting,
    Sheet,
    Stat,
    UnknownStat,
    Value,
)

SYSTEMS = ("terra", "dungeon", "twilight", "skirmish")

__all__ = [
    "BOOL",
    "INT",
    "STR",
    "SYSTEMS",
    "Choice",
    "Derived",
    "Field",
    "MissingStat",
    "Resource",
    "Setting",
    "Sheet",
    "Stat",
    "UnknownStat",
    "Value",
    "get_sheet",
]


def get_sheet(system: str) -> Sheet:
    """The sheet of ``system`` (one of :data:`SYSTEMS`)."""
    wanted = system.strip().lower()
    if wanted not in SYSTEMS:
        close = difflib.get_close_matches(wanted, SYSTEMS, n=1)
        hint = f"; did you mean: {close[0]}?" if close else f"; known: {', '.join(SYSTEMS)}"
        raise ValueError(f'unknown system "{system}"{hint}')
    return import_module(f"{__name__}.{wanted}").SHEET
