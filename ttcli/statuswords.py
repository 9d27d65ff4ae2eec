"""A combatant's values in the words a status shows: resources and their maximums, its own
state, side, health as a condition word, an effect's short form.  Read by the status view
(``statusview``), the terminal table and the prompt's toolbar (``tracker``) and the posts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core import FIGHT_END, ROUND_END, ROUND_START, TURN_END, TURN_START, condition, shown_name
from rules.i18n import _
from rules.systems import get_sheet, system_data

from .i18n import language


def caps(system: str, stats: Mapping[str, Any]) -> dict[str, int]:
    """Resource key -> its maximum by the sheet (none for a system the registry lacks)."""

    try:
        return get_sheet(system).resource_caps(stats)
    except ValueError:
        return {}


def hp_cap(system: str, c) -> int:
    return caps(system, c.stats).get("hp", c.resources.get("hp", 0))


def foes_hp_caps(enc, names=None) -> dict[str, int]:
    """Max HP of everyone outside the party (of ``names`` only, when given): the players
    read their health as a word."""
    return {c.name: hp_cap(enc.system, c) for c in enc
            if c.side != "party" and (names is None or c.name in names)}


def resource_words(system: str) -> dict[str, str]:
    """Resource key -> the name a reader of this language expects (ЗД, УСТ ... in Russian)."""

    try:
        sheet = get_sheet(system)
    except ValueError:
        return {}
    russian = language() == "ru"
    return {r.key: (r.ru[0] if russian and r.ru else r.key) for r in sheet.resources}


def sheet_words(system: str) -> dict[str, str]:
    """Key -> the sheet's first Russian name of every stat, derived value and resource, for a
    Russian reader; empty for an English one (the keys are English words)."""
    if language() != "ru":
        return {}
    try:
        sheet = get_sheet(system)
    except ValueError:
        return {}
    return {f.key: f.ru[0] for f in (*sheet.stats, *sheet.derived, *sheet.resources) if f.ru}


def system_word(system: str) -> str:
    """A system as the reader calls it: its sheet's title («Подземелье Ужаса») in Russian, its id
    (what an English master types) in English."""
    if language() != "ru":
        return system
    try:
        return get_sheet(system).title
    except ValueError:
        return system


def resource_word(system: str, key: str) -> str:
    return resource_words(system).get(key, key)


def state_words(system: str, c: Any) -> list[str]:
    """A combatant's own state in its system's words (dungeon: prone, its cell on the grid;
    twilight: wounds, bleeding, legend), from the system's data readers' ``status_notes``,
    so no system is named here.  ``c`` needs ``data`` and ``resources``."""

    return list(system_data(system).status_notes(c))


def resources_text(system: str, c) -> str:
    top = caps(system, c.stats)
    words = resource_words(system)
    # a resource the character lacks (MP of a non-caster: 0 of 0) is left out
    return ", ".join(f"{words.get(k, k)} {v}/{top[k]}" if k in top else f"{words.get(k, k)} {v}"
                     for k, v in c.resources.items() if top.get(k) or v)


def side_word(side: str) -> str:
    words = {"party": _("party"), "enemy": _("enemy")}
    return words.get(side, side)


def status_word(status: str) -> str:
    words = {"ok": "", "unconscious": _("unconscious"), "dead": _("dead")}
    return words.get(status, status)


def effect_short(effect, now: int) -> str:
    """An effect in a status table: its name in the reader's language, stacks, and when it ends."""
    name = shown_name(effect.name)
    head = name if effect.stacks == 1 else _("{name} x{stacks}").format(name=name, stacks=effect.stacks)
    if effect.until == FIGHT_END:
        return _("{effect} (to the end of the fight)").format(effect=head)
    if effect.until in (TURN_START, TURN_END, ROUND_START, ROUND_END) and effect.until_round:
        return _("{effect} (to round {round})").format(effect=head, round=effect.until_round)
    return head


def condition_word(system: str, c) -> str:
    """What the players read of a foe's health: a condition word by its share of max HP."""
    return condition(c.resources.get("hp", 0), hp_cap(system, c), c.status)
