"""A system whose fight rules are not built yet.

Sessions of such a system keep their roster and sheets, roll dice and keep the
journal; fights, checks and health tracking are refused with a message that
says so, until its own rules object plays them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NoReturn

from rules.core.contract import SystemRules
from rules.core.errors import RuleError
from rules.i18n import _

if TYPE_CHECKING:
    from rules.core.state import Encounter
    from rules.dice.sources import DiceSource


class Unbuilt(SystemRules):
    def __init__(self, system: str, name_en: str, name_ru: str) -> None:
        self.id = system
        self.name_en = name_en
        self.name_ru = name_ru

    def start(self, enc: Encounter | None, source: DiceSource | None, **options: Any) -> NoReturn:
        raise RuleError(
            _("fights, checks and health tracking for {id} are not available yet (they come with its fight rules); "
              "dice rolls, odds, the roster and the journal work").format(id=self.id)
        )

    def refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        self.start(None, None)

    step = end = join = add_effect = remove_effect = action = resolve_modifier = refuse
