"""The systems ttcli knows: one line each in :data:`REGISTRY`.

A system is a package (``rules/systems/<id>/``) with a ``sheet`` module
(``SHEET``: the stats a master declares) and a ``rules`` module (``RULES``:
its :class:`rules.core.contract.SystemRules`).  Only the requested system's
modules are imported: start-up time matters to one-shot commands.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from rules.i18n import _

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from rules.core.actions import SystemCard
    from rules.core.contract import SystemRules
    from rules.core.sheet import Sheet
    from rules.core.state import Encounter
    from rules.core.systemdata import SystemData
    from rules.core.tactics import Tactics

#: system id -> the package that holds its sheet and rules
REGISTRY: dict[str, str] = {
    "terra": "rules.systems.terra",
    "dungeon": "rules.systems.dungeon",
    "twilight": "rules.systems.twilight",
    "skirmish": "rules.systems.skirmish",
}

#: the systems that ship with ttcli, in the order help lists them
SYSTEMS = tuple(REGISTRY)


def known() -> tuple[str, ...]:
    """Every registered system id (the built-in ones and any registered later)."""
    return tuple(REGISTRY)


def register(system: str, package: str) -> None:
    """Add a system whose package lives elsewhere (a plug-in, or a test's own)."""
    REGISTRY[system] = package


def _package(system: str) -> str:
    wanted = system.strip().lower()
    if wanted not in REGISTRY:
        import difflib  # only a misspelt system pays for it

        close = difflib.get_close_matches(wanted, list(REGISTRY), n=1)
        message = _('unknown system "{system}"').format(system=system)
        if close:
            raise ValueError(_("{message}; did you mean: {names}?").format(message=message, names=close[0]))
        raise ValueError(_("{message}; known: {names}").format(message=message, names=", ".join(REGISTRY)))
    return REGISTRY[wanted]


def get_sheet(system: str) -> Sheet:
    """The sheet of ``system``."""
    return import_module(_package(system) + ".sheet").SHEET


def system_data(system: str) -> SystemData:
    """What reads ``system``'s own ``data`` tables: its package's ``data`` module
    (``DECODERS``) when it has one, so checking a file loads no fight rules;
    else its rules object, which extends the same class."""
    package = _package(system)
    try:
        return import_module(package + ".data").DECODERS
    except ModuleNotFoundError as err:
        if err.name != package + ".data":
            raise
        return system_rules(system)


def read_encounter(doc: Mapping[str, Any]) -> Encounter:
    """The encounter a session document holds, brought up to date and read by its system's
    data readers (no fight rules loaded); a system this ttcli does not know is read as written."""
    from rules.core.codec import encounter_from_doc

    try:
        data = system_data(str(doc.get("system")))
    except ValueError:
        data = None
    return encounter_from_doc(doc, data)


def system_card(system: str) -> SystemCard:
    """Who ``system`` is and its verbs, without its fight rules: its package's ``catalogue``
    module's ``CARD``, or, for a system without one, read off its rules object."""
    package = _package(system)
    try:
        return import_module(package + ".catalogue").CARD
    except ModuleNotFoundError as err:
        if err.name != package + ".catalogue":
            raise
    from rules.core.actions import SystemCard

    rules = system_rules(system)
    return SystemCard(rules.id, rules.name_en, rules.name_ru, rules.actions, rules.start_params,
                      rules.day_params)


def system_odds(system: str) -> Mapping[str, Callable[..., Any]]:
    """The actions ``ttcli odds`` answers for ``system``, each -> its function ``(enc, **values)``:
    its package's ``odds`` module's ``ODDS``, so the odds load the mechanics they use and
    not the fight rules; none for a system without one."""
    package = _package(system)
    try:
        return import_module(package + ".odds").ODDS
    except ModuleNotFoundError as err:
        if err.name != package + ".odds":
            raise
    return {}


def system_rules(system: str) -> SystemRules:
    """The rules object of ``system``."""
    return import_module(_package(system) + ".rules").RULES


def system_tactics(system: str) -> Tactics | None:
    """How ``system``'s combatants fight in a simulation: its package's ``tactics`` module's
    ``TACTICS`` (rules.core.tactics), or None for a system that declares none."""
    package = _package(system)
    try:
        return import_module(package + ".tactics").TACTICS
    except ModuleNotFoundError as err:
        if err.name != package + ".tactics":
            raise
        return None


def system_checks(system: str) -> Any:
    """What ``ttcli verify`` asks of ``system``: its package's ``verify`` module's ``CHECKS``
    (event kind -> check, rules.core.recheck), or none for a system without one."""
    package = _package(system)
    try:
        return import_module(package + ".verify").CHECKS
    except ModuleNotFoundError as err:
        if err.name != package + ".verify":
            raise
        return {}
