"""What a system provides to play fights: one :class:`SystemRules` object.

A system lives in its own folder (``rules/systems/<id>/``) and registers one
line in ``rules.systems``.  Its rules object says who it is, which clock its
fights run on, which actions it offers (declared as data, see
``rules.core.actions``), how damage and healing land, what state a combatant
is in, which effects it knows, and how to read the data it keeps on a
combatant and on the fight.  The core supplies the rest: state, clocks,
effects, the codec, outcomes.

Every method that changes the encounter returns an Outcome and never changes
the encounter it was given; methods that may roll take a dice source.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.core import common
from rules.core.actions import Action, Catalogue, Param
from rules.core.effects import Effect, EffectSpec
from rules.core.errors import RuleError
from rules.core.outcome import Damage, HealthChange, Outcome, Work
from rules.core.sheet import Sheet
from rules.core.state import DEAD, OK, UNCONSCIOUS, Combatant, Encounter, Status, TurnState, status_in
from rules.core.state import DEFAULT_STATUSES as DEFAULT_STATUSES
from rules.core.systemdata import SystemData
from rules.dice.datatypes import replace
from rules.dice.sources import DiceSource
from rules.i18n import _

#: a turn clock: combatants act one after another (groups may act together)
TURNS_CLOCK = "turns"
#: a round clock: everyone declares in secret, then the round resolves at once
ROUNDS_CLOCK = "rounds"


class SystemRules(SystemData):
    """The base every system's rules object extends; defaults fit a plain system.

    It is also the system's data readers (:class:`SystemData`) for a system
    whose package has no ``data`` module."""

    #: the id used in session files and the registry
    id: str = ""
    #: shown in help and messages
    name_en: str = ""
    name_ru: str = ""
    clock: str = TURNS_CLOCK
    #: the system's sheet (its stats, resources and their maximums); the max HP comes from it
    sheet: Sheet | None = None
    #: the verbs this system adds to the command line and the prompt
    actions: Catalogue = Catalogue()
    #: options of ``fight start`` (dungeon's ``--ambush``)
    start_params: tuple[Param, ...] = ()
    #: options of ``day`` (terra's ``--aspects``)
    day_params: tuple[Param, ...] = ()
    #: effect name (any language) -> builder(turns, damage) of the system's presets
    effect_presets: Mapping[str, Callable[[int | None, int | None], EffectSpec]] = {}
    #: words a check takes besides the sheet's stats (dungeon's skills): (key, Russian, English),
    #: offered by completion after ``check NAME`` in the session's language
    skill_words: tuple[tuple[str, str, str], ...] = ()

    #: event kind -> words (rules.core.messages); the core's table is the fallback
    messages: Mapping[str, Any] = {}
    #: the system's statuses: each word a combatant's ``status`` may hold -> what it means; a
    #: word not listed acts and stands (the one status model: systems declare, never override)
    statuses: Mapping[str, Status] = DEFAULT_STATUSES

    def work(self, enc: Encounter) -> Work:
        """A scratch copy of ``enc`` that speaks this system's words."""
        return Work(enc, self.messages, self.hp_max)

    # --- who is who ----------------------------------------------------------------

    def status(self, combatant: Combatant) -> Status:
        """The meaning of a combatant's stored status word, from :attr:`statuses`."""
        return status_in(self.statuses, combatant)

    def resolve_modifier(self, key: str) -> str:
        """The stat key an effect's modifier names (raise NotFound for none)."""
        return key

    # --- the fight -----------------------------------------------------------------

    def start(self, enc: Encounter, source: DiceSource, **options: Any) -> Outcome:
        raise RuleError(_("fights of {system} are not available yet").format(system=self.name_en or self.id))

    def step(self, enc: Encounter, source: DiceSource) -> Outcome:
        """Next turn, or resolve the round, or the next stage."""
        raise RuleError(_("fights of {system} are not available yet").format(system=self.name_en or self.id))

    def end(self, enc: Encounter, source: DiceSource | None = None) -> Outcome:
        return common.end_fight(enc, hp_max=self.hp_max, status=self.status)

    # --- the day ---------------------------------------------------------------------

    def day(self, enc: Encounter, source: DiceSource | None = None, **options: Any) -> Outcome:
        """``day``: the in-world day ends (midnight) and the system's daily rules apply
        (:meth:`end_day`).  A day ends between fights: refused while one runs."""
        work = self.work(enc)
        if work.fight is not None:
            raise RuleError(_("a day ends between fights, not during one (a fight lasts minutes); "
                              "end the fight first: ttcli fight end"))
        work.tell("day_ended")
        changed = self.end_day(work, source, **options)
        if not changed:
            work.tell("day_nothing", system=self.id)
        return work.outcome({"kind": "day"})

    def end_day(self, work: Work, source: DiceSource | None, **options: Any) -> bool:
        """What midnight does by the system's rules, on ``work``; True when it changed anything.
        By default nothing: a system whose rules tie nothing to a day."""
        return False

    def join(self, enc: Encounter, name: str) -> Outcome:
        return common.join_fight(enc, name, self.hp_max)

    def add_effect(self, enc: Encounter, name: str, spec: EffectSpec) -> Outcome:
        return common.add_effect(enc, name, spec, self.resolve_modifier, self.hp_max)

    def remove_effect(self, enc: Encounter, name: str, effect_name: str) -> Outcome:
        return common.remove_effect(enc, name, effect_name, self.hp_max)

    # --- what the clock asks ---------------------------------------------------------

    def new_turn(self, work: Work, name: str) -> TurnState:
        """The budget of the turn ``name`` starts (before its turn-start effects tick)."""
        return TurnState(name, actions=1)

    def hurt(self, work: Work, name: str, damage: Damage) -> HealthChange:
        """Take ``damage`` off ``name``'s HP (floor 0; 0 HP means unconscious)."""
        c = work.get(name)
        before = c.resources.get("hp", 0)
        after = max(0, before - damage.amount)
        status = c.status if after > 0 or c.status == DEAD else UNCONSCIOUS
        hurt = c.with_resource("hp", after)
        work.put(hurt if status == c.status else replace(hurt, status=status))
        return HealthChange(name, damage.amount, before, after, c.status, status)

    def mend(self, work: Work, name: str, amount: int) -> HealthChange:
        """Heal ``name`` by ``amount`` (the dead stay dead; any healing wakes)."""
        c = work.get(name)
        before = c.resources.get("hp", 0)
        if c.status == DEAD:
            return HealthChange(name, amount, before, before, DEAD, DEAD)
        cap = self.hp_max(c)
        after = before + amount if cap is None else min(cap, before + amount)
        status = OK if after > 0 else c.status
        work.put(replace(c.with_resource("hp", after), status=status))
        return HealthChange(name, amount, before, after, c.status, status)

    def effect_hook(self, work: Work, source: DiceSource, name: str, effect: Effect) -> None:
        """What an effect's ``hook`` does at its tick; the system's own (none by default)."""
        raise RuleError(_("{name}: {id} knows no effect hook {hook!r}").format(
            name=effect.name, id=self.id, hook=effect.hook))

    def hp_max(self, combatant: Combatant) -> int | None:
        """The one route to a combatant's max HP (healing's cap, the players' condition
        words): by default the sheet's maximum of ``hp``; None where the system keeps none."""
        if self.sheet is None:
            return None
        return self.sheet.resource_caps(combatant.stats).get("hp")

    # --- the clock's questions, derived from status ------------------------------------

    def ticks(self, combatant: Combatant) -> bool:
        return self.status(combatant).ticks

    def cannot_act(self, combatant: Combatant) -> str | None:
        state = self.status(combatant)
        return None if state.can_act else f"is {state.label}"

    def action(self, word: str) -> Action | None:
        return self.actions.find(word)


__all__ = ["ROUNDS_CLOCK", "TURNS_CLOCK", "Damage", "Status", "SystemRules"]
