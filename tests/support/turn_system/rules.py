"""Relay fights: initiative groups, delayed turns and counterattacks out of turn."""

from dataclasses import replace
from itertools import groupby
from typing import ClassVar

from rules.core.actions import NAME, Action, Catalogue, Param
from rules.core.clock import ClockReport, delay, open_rounds, proceed, take_turn
from rules.core.common import require_fight
from rules.core.contract import SystemRules
from rules.core.errors import RuleError
from rules.core.events import health_fields
from rules.core.outcome import Damage, Work
from rules.core.state import Fight, TurnState, find


def _strike(rules, enc, source, verb, name, target, sides):
    work = rules.work(enc)
    name, target = find(enc, name), find(enc, target)
    report = ClockReport()
    turn = take_turn(work, source, rules, name, report, verb=verb)
    if turn is not None:
        if turn.remaining < 1:
            raise RuleError(f"{name} has no action left this turn")
        work.fight = replace(work.fight, turn=replace(turn, spent=turn.spent + 1))
    die = work.roll(source, sides, verb)
    change = rules.hurt(work, target, Damage(die.face, kind=verb, source=name, dice=(die,)))
    work.tell("struck", about=[name, target], attacker=name, verb=verb, target=target, die=die.face,
              hp_before=change.hp_before, hp_after=change.hp_after)
    work.emit("health", about=[name, target], **health_fields(change))
    return work.outcome({"kind": verb, "actor": name})


def _wait(rules, enc, source, name):
    work = Work(enc)
    delay(work, source, rules, find(enc, name), ClockReport())
    return work.outcome({"kind": "wait"})


_WHO = Param("name", NAME, "Who acts.")
_TARGET = Param("target", NAME, "Whom.")


class Relay(SystemRules):
    id = "relay"
    name_en = "Relay"
    name_ru = "Эстафета"
    messages: ClassVar[dict] = {
        "struck": lambda f, view: (f"{f['attacker']} {f['verb']}s {f['target']} for {f['die']} "
                                   f"(HP {f['hp_before']} -> {f['hp_after']})."),
    }
    actions = Catalogue((
        Action("hit", "NAME hits TARGET for a d6 in its turn.", help_ru="Удар в свой ход.", rolls=True,
               run=lambda r, e, s, name, target: _strike(r, e, s, "hit", name, target, 6),
               params=(_WHO, _TARGET), examples=("hit Ёж Лис",)),
        Action("counter", "NAME counters TARGET for a d4, out of turn.", help_ru="Контратака вне хода.",
               rolls=True, out_of_turn=True,
               run=lambda r, e, s, name, target: _strike(r, e, s, "counter", name, target, 4),
               params=(_WHO, _TARGET), examples=("counter Лис Уж",)),
        Action("wait", "NAME delays its turn to the end of the round.", help_ru="Отложить ход.", rolls=True,
               run=_wait, params=(_WHO,), examples=("wait Ёж",)),
    ))

    def hp_max(self, combatant):
        return combatant.stats.get("hp_max", 6)

    def new_turn(self, work, name):
        return TurnState(name, actions=1)

    def start(self, enc, source, **options):
        work = Work(enc)
        ranked = sorted(enc.combatants, key=lambda c: -c.stats.get("init", 1))
        groups = [tuple(c.name for c in same)
                  for _, same in groupby(ranked, key=lambda c: c.stats.get("init", 1))]
        work.fight = Fight(order=tuple(c.name for c in ranked), groups=tuple(g for g in groups if len(g) > 1))
        open_rounds(work, source, self, ClockReport())
        return work.outcome({"kind": "fight_start"})

    def step(self, enc, source):
        work = Work(enc)
        require_fight(work)
        proceed(work, source, self, ClockReport())
        return work.outcome({"kind": "turn", "actor": work.fight.current})


RULES = Relay()
