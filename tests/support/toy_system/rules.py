"""Toy fights: everyone in roster order, one turn each; ``poke`` deals a d6.

Every hook of ``SystemRules`` is the toy's own (the data hooks are in
``data.py``); each method says the toy rule it plays.
"""

from dataclasses import replace

from rules.core.actions import FLAG, NAME, Action, Catalogue, Param
from rules.core.clock import ClockReport, advance, end_turn, open_rounds, take_turn
from rules.core.common import end_fight, require_fight
from rules.core.contract import DEFAULT_STATUSES, TURNS_CLOCK, SystemRules
from rules.core.effects import TURN_START, TURNS, Duration, EffectSpec
from rules.core.errors import RuleError
from rules.core.names import name_key
from rules.core.outcome import Damage, Work
from rules.core.state import Fight, Status, TurnState, find

from .data import DEAD, DIZZY, EAGER, FROZEN, GRUMPY, OK, SULKY, ToyData
from .marbles import pockets
from .sheet import SHEET
from .words import MESSAGES

#: TOY-STICKY-1: the preset effect, and the hook it calls at each tick
STICKY, STICK = "sticky", "stick"
#: the colour of the marbles a sticky toy picks up
STRAY = "stray"


def sticky(turns=None, damage=None):
    """TOY-STICKY-1: until peeled off (or for as many turns as asked) the bearer picks up a
    stray marble as each of its turns starts."""
    return EffectSpec(STICKY, tick=TURN_START, hook=STICK, duration=Duration(TURNS, turns) if turns else Duration())


#: effect words (either language) -> the preset's builder
PRESETS = {STICKY: sticky, "липучка": sticky}

#: TOY-STATUS-1: the core's three, and dizzy: a dizzy toy cannot act and no longer counts for
#: its side, but its effects tick
MEANINGS = {**DEFAULT_STATUSES, DIZZY: Status(DIZZY, can_act=False, standing=False)}


def _poke(rules, enc, source, poker, target):
    """TOY-POKE-1: a d6 off the target's HP.  Any toy in the fight may poke at any moment
    (``Toy.action``); the pokes of the toy whose turn it is are counted in the turn."""
    work = rules.work(enc)
    poker, target = find(enc, poker), find(enc, target)
    if work.fight is not None:
        take_turn(work, source, rules, poker, ClockReport(), verb="poke")
        turn = work.fight.turn
        if turn is not None and turn.actor == poker:
            counted = replace(turn, data={**turn.data, "pokes": turn.data.get("pokes", 0) + 1})
            work.fight = replace(work.fight, turn=counted)
    die = work.roll(source, 6, "poke")
    change = rules.hurt(work, target, Damage(die.face, kind="poke", source=poker, dice=(die,)))
    work.tell("poke", about=[poker, target], poker=poker, target=target, die=die.face,
              hp_before=change.hp_before, hp_after=change.hp_after)
    return work.outcome({"kind": "poke", "damage": die.face, "hp_after": change.hp_after})


def joined(first, second):
    """Two outcomes of one command as one: the second's encounter, both records."""
    return replace(second, dice=first.dice + second.dice, lines=first.lines + second.lines,
                   public_lines=first.public_lines + second.public_lines, events=first.events + second.events,
                   hidden=first.hidden or second.hidden)


class ToyWork(Work):
    """A toy operation's scratch copy: in a loud fight every event it tells is marked ``loud``
    (the toy's words then end in a squeak, in the journal's retelling too)."""

    def tell(self, kind, **fields):
        if self.fight is not None and self.fight.data.get("loud"):
            fields["loud"] = True
        return super().tell(kind, **fields)


class Toy(ToyData, SystemRules):
    """The toy's rules object: who it is, what it declares, and its fight."""

    id = "toy"
    #: ``session new --system toybox`` (or ``игрушка``) names the toy too
    name_en = "Toybox"
    name_ru = "Игрушка"
    #: its fights run on the turn clock
    clock = TURNS_CLOCK
    sheet = SHEET
    messages = MESSAGES
    #: read by the contract's status(), which no system overrides (the one status model)
    statuses = MEANINGS
    actions = Catalogue((
        Action("poke", "Poke TARGET for a d6.", run=_poke, aliases=("тык",), rolls=True,
               params=(Param("poker", NAME, "Who pokes."), Param("target", NAME, "Who is poked."))),
    ))
    #: TOY-LOUD-1: ``fight start --loud``
    start_params = (Param("loud", FLAG, "Every toy squeaks loudly all fight.", option=True, default=False),)
    effect_presets = PRESETS
    #: TOY-SQUEAK-1: a check may test a toy's squeak besides its stats (completion offers it)
    skill_words = (("squeak", "писк", "squeak"),)
    #: TOY-DAY-1: ``day --wind-up``
    day_params = (Param("wind_up", FLAG, "Wind every toy up: a sulky toy cheers up.", option=True,
                        default=False),)

    def work(self, enc):
        """TOY-LOUD-1: a scratch copy that speaks the toy's words, loudly in a loud fight."""
        return ToyWork(enc, self.messages, self.hp_max)

    # --- who is who ---

    def resolve_modifier(self, key):
        """An effect's ``--mod`` names a stat of the toy's sheet in either language (``жизни=1``)."""
        return self.sheet.resolve(key)

    def hp_max(self, combatant):
        """TOY-MOOD-1: the sheet's max HP; a grumpy toy's is one less (it never heals the last point)."""
        cap = self.sheet.resource_caps(combatant.stats).get("hp")
        return cap - 1 if cap is not None and combatant.data.get("mood") == GRUMPY else cap

    def ticks(self, combatant):
        """TOY-MOOD-1: a frozen toy is out of time: its effects neither tick nor end."""
        return super().ticks(combatant) and combatant.data.get("mood") != FROZEN

    def cannot_act(self, combatant):
        """TOY-MOOD-1: a sulky toy sits its turns out; else as its status says (a dizzy toy cannot act)."""
        reason = super().cannot_act(combatant)
        return "sulks" if reason is None and combatant.data.get("mood") == SULKY else reason

    def action(self, word):
        """TOY-POKE-1: toys never wait for their turn: every toy verb is played out of turn
        (the turn check, ``rules.core.clock.take_turn``, asks here)."""
        found = super().action(word)
        return None if found is None else replace(found, out_of_turn=True)

    # --- the fight ---

    def start(self, enc, source, **options):
        """Everyone in roster order; ``--loud`` makes the whole fight loud (TOY-LOUD-1)."""
        work = self.work(enc)
        work.fight = Fight(order=tuple(c.name for c in enc.combatants),
                           data={"loud": True} if options.get("loud") else {})
        work.tell("lined_up", about=work.fight.order, order=list(work.fight.order))
        open_rounds(work, source, self, ClockReport())
        return work.outcome({"kind": "fight_start"})

    def step(self, enc, source):
        """The next turn in roster order; the toy's words name whose it is."""
        work = self.work(enc)
        require_fight(work)
        report = ClockReport()
        end_turn(work, source, self, report)
        advance(work, source, self, report)
        work.tell("turn", name=work.fight.current)
        return work.outcome({"kind": "turn", "actor": work.fight.current})

    def end(self, enc, source=None):
        """The fight ends in the toy's words, and a dizzy toy is steady again."""
        ended = end_fight(enc, self.messages, self.hp_max, status=self.status)
        work = self.work(ended.encounter)
        for c in ended.encounter.combatants:
            if c.status == DIZZY:
                work.put(replace(c, status=OK))
                work.tell("steady", about=[c.name], name=c.name)
        return joined(ended, work.outcome(ended.event))

    def end_day(self, work, source, **options):
        """TOY-DAY-1: overnight every dent is smoothed out; ``--wind-up`` cheers a sulky toy up."""
        changed = False
        for c in list(work.combatants.values()):
            data = dict(c.data)
            dents = data.pop("dents", 0)
            if options.get("wind_up") and data.get("mood") == SULKY:
                data.pop("mood")
                work.tell("wound_up", about=[c.name], name=c.name)
            if dents:
                work.tell("smoothed", about=[c.name], name=c.name, dents=dents)
            if data != dict(c.data):
                work.put(replace(c, data=data))
                changed = True
        return changed

    def join(self, enc, name):
        """TOY-JOIN-1: a newcomer cuts in at the front of the order."""
        name = find(enc, name)
        work = self.work(enc)
        fight = require_fight(work)
        if name in fight.order:
            raise RuleError(f"{name} is already in the fight")
        if work.get(name).status == DEAD:
            raise RuleError(f"{name} is dead and cannot join the fight")
        order = (name, *fight.order)
        work.fight = replace(fight, order=order, index=fight.index + 1,
                             initiative=(name, *fight.initiative) if fight.initiative else ())
        work.tell("joined", about=[name], name=name, side=work.get(name).side, order=list(order))
        return work.outcome({"kind": "fight_join", "actor": name, "order": list(order)},
                            hidden=work.get(name).hidden)

    def add_effect(self, enc, name, spec):
        """TOY-PAWS-1: a toy has two paws: it holds two effects at most (the same one again stacks)."""
        bearer = enc.get(find(enc, name))
        if bearer.effect(spec.name) is None and len(bearer.effects) >= 2:
            held = ", ".join(e.name for e in bearer.effects)
            raise RuleError(f"{bearer.name} already holds two effects ({held}); a toy has two paws")
        return super().add_effect(enc, name, spec)

    def remove_effect(self, enc, name, effect_name):
        """TOY-STICKY-1: peeling sticky off stings: 1 damage."""
        removed = super().remove_effect(enc, name, effect_name)
        target, effect = removed.event["target"], removed.event["effect"]
        if name_key(effect) != name_key(STICKY):
            return removed
        work = self.work(removed.encounter)
        change = self.hurt(work, target, Damage(1, kind="peel", source=effect))
        work.tell("peeled", about=[target], name=target, effect=effect,
                  hp_before=change.hp_before, hp_after=change.hp_after)
        return joined(removed, work.outcome(removed.event, hidden=removed.hidden))

    # --- what the clock asks ---

    def new_turn(self, work, name):
        """TOY-MOOD-1: an eager toy's turn holds two actions, any other's one."""
        return TurnState(name, actions=2 if work.get(name).data.get("mood") == EAGER else 1)

    def hurt(self, work, name, damage):
        """TOY-DENT-1: HP falls as the core says, and every blow that lands leaves a dent."""
        change = super().hurt(work, name, damage)
        if damage.amount > 0:
            c = work.get(name)
            work.put(replace(c, data={**c.data, "dents": c.data.get("dents", 0) + 1}))
        return change

    def mend(self, work, name, amount):
        """TOY-DENT-1: healing smooths out every dent, then HP rises as the core says (up to hp_max)."""
        c = work.get(name)
        if c.data.get("dents") and c.status != DEAD:
            work.put(replace(c, data={k: v for k, v in c.data.items() if k != "dents"}))
        return super().mend(work, name, amount)

    def effect_hook(self, work, source, name, effect):
        """TOY-STICKY-1: the bearer picks up a stray marble, if its pockets have room."""
        if effect.hook != STICK:
            super().effect_hook(work, source, name, effect)
            return
        c = work.get(name)
        held = dict(c.data.get("marbles", {}))
        if sum(held.values()) >= pockets(self.sheet, c.stats):
            work.tell("rolls_away", about=[name], name=name)
            return
        held[STRAY] = held.get(STRAY, 0) + 1
        work.put(replace(c, data={**c.data, "marbles": held}))
        work.tell("stuck", about=[name], name=name, marbles=held[STRAY])


RULES = Toy()
