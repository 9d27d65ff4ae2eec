"""What the program asks of a system without its fight rules: one :class:`SystemData`.

A system's ``data`` module offers it as ``DECODERS`` (a system without one is
asked through its rules object, which extends this class), so checking a
session file, editing the roster or drawing a status table loads no fight
rules.  Every hook is declared here with a default that fits a system that
has no such rule, so the program calls each one plainly and no system is
named outside its own folder.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core.errors import DocumentError, RuleError
from rules.i18n import _

Path = tuple[str | int, ...]


class SystemData:
    """The base of every system's data readers; defaults fit a plain system."""

    #: ``char give`` and ``char take`` work on this system's inventory
    keeps_inventory: bool = False

    # --- the session file's ``data`` tables --------------------------------------------

    def upgrade_combatant(self, table: Mapping[str, Any]) -> Mapping[str, Any]:
        """A combatant's table as an older release wrote it, in today's shape; read before
        anything else of it is checked (what today's release writes is returned as it is)."""
        return table

    def decode_combatant_data(self, raw: Mapping[str, Any], path: Path) -> Mapping[str, Any]:
        """Check the ``data`` table of a combatant; raise DocumentError at its path."""
        return plain(raw, path)

    def decode_fight_data(self, raw: Mapping[str, Any], path: Path) -> Mapping[str, Any]:
        """Check the ``data`` table of the fight; raise DocumentError at its path."""
        return plain(raw, path)

    def decode_turn_data(self, raw: Mapping[str, Any], path: Path) -> Mapping[str, Any]:
        """Check the ``data`` table of a turn (running or delayed); raise DocumentError at its path."""
        return plain(raw, path)

    def combatant_problems(self, sheet: Any, table: Mapping[str, Any]) -> list[tuple[Path, str]]:
        """What is wrong in a stored combatant beyond what its sheet checks: (field, problem) pairs."""
        return []

    # --- the roster ---------------------------------------------------------------------

    def parse_status(self, text: str) -> str | None:
        """A status a master types (``char set NAME status=...``), or None when the
        system's fight keeps the status and a master does not set it."""
        return None

    def settle_health(self, sheet: Any, stats: Mapping[str, Any], old_resources: Mapping[str, int],
                      resources: dict[str, Any], status_before: str, given: Mapping[str, int],
                      status: str | None) -> str:
        """The status after a change of HP, status or maximum; HP may follow a lowered
        maximum (``resources`` is changed in place).  By default the status is as given."""
        return status if status is not None else status_before

    def settle_marks(self, table: dict[str, Any], old_resources: Mapping[str, Any],
                     given: Mapping[str, Any]) -> dict[str, Any]:
        """After ``char set`` changed a combatant (``table``, changed in place), the system's own
        marks brought in step with its new values (twilight: wounds and bleeding follow HP);
        ``given`` holds the current values the master typed.  Returns the marks changed (a
        ``data`` key or an effect's name, False for an effect that ended) for the change line.
        By default nothing follows."""
        return {}

    @property
    def item_kinds(self) -> tuple[str, ...]:
        """The kinds of item a master may give (``char give --kind``)."""
        return ()

    def give(self, sheet: Any, combatants: Any, name: str, item: str, count: int, **options: Any) -> Any:
        """``char give``: see ``keeps_inventory``."""
        raise RuleError(_("this system keeps no inventory"))

    def take(self, sheet: Any, combatants: Any, name: str, item: str, count: int, **options: Any) -> Any:
        """``char take``: see ``keeps_inventory``."""
        raise RuleError(_("this system keeps no inventory"))

    def require_room(self, sheet: Any, combatants: Mapping[str, Any], name: str) -> None:
        """Refuse a change of stats that leaves ``name`` too little room for what is carried."""
        return None

    def inventory_load(self, table: Mapping[str, Any], derived: Mapping[str, int]) -> Any:
        """(slots used of those carried, the items in words), or None without an inventory."""
        return None

    # --- words about a combatant and a fight -----------------------------------------------

    def status_notes(self, combatant: Any) -> Sequence[str]:
        """A combatant's own state in the system's words (prone, wounds, a cell on the grid)."""
        return ()

    def fight_notes(self, enc: Any, hidden: set[str]) -> Sequence[str]:
        """What the system says about the running fight beyond the clock (attacks
        waiting for an answer ...); nothing about the names in ``hidden``."""
        return ()


def plain(raw: Mapping[str, Any], path: Path) -> Mapping[str, Any]:
    """Any TOML-safe table, kept as it is (a system with no data of its own)."""
    if not isinstance(raw, Mapping):
        raise DocumentError(path, _("must be a table, got {type}").format(type=type(raw).__name__))
    return dict(raw)


__all__ = ["Path", "SystemData", "plain"]
