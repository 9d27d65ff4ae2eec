"""docs/systems.md is written from the contract: every hook a system may declare is in it
(issue 23, item 7). A hook added to the contract without its line in the guide fails here."""

from __future__ import annotations

import re

import pytest
from support.paths import ROOT_DIR

from rules.core.contract import SystemRules
from rules.core.systemdata import SystemData

GUIDE = (ROOT_DIR / "docs" / "systems.md").read_text(encoding="utf-8")
#: every name the guide spells as code: `hp_max(combatant)`, `decode_fight_data`, `sheet`
SPELT = set(re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)", GUIDE))


def _hooks(cls: type) -> list[str]:
    return sorted(n for n in vars(cls) if not n.startswith("_"))


@pytest.mark.parametrize("hook", _hooks(SystemData) + _hooks(SystemRules))
def test_every_hook_of_the_contract_is_in_the_guide_for_a_new_system(hook):
    assert hook in SPELT, f"docs/systems.md does not mention `{hook}`"
