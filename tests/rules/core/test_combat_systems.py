"""Which systems can fight, and the purity of the combat modules."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rules import fight as cb
from rules.core.errors import RuleError
from rules.dice.sources import GivenSource
from rules.systems import system_rules
from rules.systems.dungeon.rules import RULES as DG
from rules.systems.unbuilt import Unbuilt

#: every bundled system fights now; the refusal of a system without fight rules is kept for new ones
LATER = Unbuilt("later", "Later", "Позже")


@pytest.fixture
def later(monkeypatch):
    """A registered system whose fight rules are not built yet."""
    real = cb.system_rules
    monkeypatch.setattr(cb, "system_rules", lambda system: LATER if system == "later" else real(system))
    return "later"


def roster(system: str) -> cb.Encounter:
    return cb.Encounter(system, {}, (cb.Combatant("Арн", "party"), cb.Combatant("Тролль", "enemy")))


def test_dungeon_fights_are_available():
    assert system_rules("dungeon").id == "dungeon"
    assert system_rules("dungeon").action("атака").verb == "attack"


def test_start_fight_for_systems_not_built_says_so(later):
    system = later
    enc = roster(system)
    with pytest.raises(RuleError) as caught:
        cb.start_fight(enc, GivenSource([]))
    assert str(caught.value) == (
        f"fights, checks and health tracking for {system} are not available yet "
        f"(they come with its fight rules); dice rolls, odds, the roster and the journal work"
    )


OPERATIONS = [
    lambda enc, src: cb.next_turn(enc, src),
    lambda enc, src: cb.end_fight(enc),
    lambda enc, src: cb.perform(enc, src, "attack", attacker="Арн", target="Тролль"),
    lambda enc, src: cb.damage(enc, "Арн", 1),
    lambda enc, src: cb.heal(enc, "Арн", 1),
    lambda enc, src: cb.add_effect(enc, "Арн", cb.EffectSpec("x")),
    lambda enc, src: cb.remove_effect(enc, "Арн", "x"),
    lambda enc, src: cb.join_fight(enc, "Арн"),
]


@pytest.mark.parametrize("operation", OPERATIONS)
def test_no_fight_operation_pretends_for_systems_not_built(later, operation):
    with pytest.raises(RuleError, match="not available yet"):
        operation(roster(later), GivenSource([]))


def test_unavailable_rules_object_draws_no_dice():
    class Refuse:
        def draw(self, sides):
            raise AssertionError("no die should be drawn")

    with pytest.raises(RuleError):
        LATER.start(roster("later"), Refuse())


def test_unknown_system_is_bad_input():
    with pytest.raises(ValueError, match="unknown system"):
        system_rules("chess")


def test_combat_modules_are_pure_and_load_only_what_they_need():
    code = (
        "import sys\n"
        "import rules.fight, rules.systems.dungeon.fight, rules.core.codec\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "('typer', 'rich', 'prompt_toolkit', 'ttcli', 'tomli_w')]\n"
        "other = [m for m in sys.modules if m.startswith('rules.systems.') and "
        "m.split('.')[-1] in ('terra', 'twilight', 'skirmish')]\n"
        "print(bad, other)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[] []"


def test_combat_rules_never_touch_module_level_random(monkeypatch):
    import random

    def forbidden(*args, **kwargs):
        raise AssertionError("module-level random was used")

    for name in ("random", "randint", "choice", "shuffle", "randrange"):
        monkeypatch.setattr(random, name, forbidden)
    enc = cb.Encounter("dungeon", {}, (
        cb.Combatant("Арн", "party", stats={"weapon": "1d6"}),
        cb.Combatant("Тролль", "enemy", stats={"weapon": "1d6"}),
    ))
    enc = cb.start_fight(enc, GivenSource([4, 2])).encounter
    enc = DG.attack(enc, GivenSource([20, 3]), "арн", "тролль").encounter
    cb.next_turn(enc, GivenSource([]))
