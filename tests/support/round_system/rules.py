"""Duel fights: secret declarations, then the round resolves at once.

A strike deals a d6 to its target; a guard halves what the guard takes
(rounded down).  Damage is worked out for every strike first and lands
together, so one who falls this round still strikes.
"""

from typing import ClassVar

from rules.core import rounds
from rules.core.actions import CHOICE, NAME, Action, Catalogue, Param
from rules.core.clock import ClockReport, open_rounds
from rules.core.common import require_fight
from rules.core.contract import ROUNDS_CLOCK, SystemRules
from rules.core.errors import DocumentError, RuleError
from rules.core.events import health_fields
from rules.core.outcome import Damage
from rules.core.state import Fight, find

STRIKE, GUARD = "strike", "guard"


def _declare(rules, enc, source, name, move, target):
    if move == STRIKE and target is None:
        raise ValueError("a strike needs a TARGET, e.g. declare Ёж strike Уж")
    declaration = {"move": move}
    if target is not None:
        declaration["target"] = find(enc, target)
    return rounds.declare(rules, enc, name, declaration)


class Duel(SystemRules):
    id = "duel"
    name_en = "Duel"
    name_ru = "Дуэль"
    clock = ROUNDS_CLOCK
    messages: ClassVar[dict] = {
        "duel_open": lambda f, view: "Declare, then fight next.",
        "blow": lambda f, view: (f"{f['source']} strikes {f['target']}: d6 {f['dice'][0]}, {f['dealt']} dealt "
                                 f"(HP {f['hp_before']} -> {f['hp_after']})."),
    }
    actions = Catalogue((
        Action("declare", "Declare in secret what NAME does this round.", help_ru="Тайно заявить действие.",
               aliases=("заявка",), run=_declare, examples=("declare Ёж strike Уж",),
               params=(Param("name", NAME, "Who declares."),
                       Param("move", CHOICE, "strike or guard.", choices=((STRIKE, STRIKE), (GUARD, GUARD),
                                                                           ("удар", STRIKE), ("защита", GUARD))),
                       Param("target", NAME, "Whom a strike is aimed at.", required=False))),
        Action("withdraw", "Take back NAME's declaration of this round.", help_ru="Отозвать заявку.",
               run=lambda rules, enc, source, name: rounds.withdraw(rules, enc, name),
               examples=("withdraw Ёж",), params=(Param("name", NAME, "Who withdraws."),)),
    ))

    def hp_max(self, combatant):
        return combatant.stats.get("hp_max", 6)

    def decode_fight_data(self, raw, path):
        for key in raw:
            if key != rounds.DECLARED:
                raise DocumentError(path + (key,), f"unknown key; a duel keeps only {rounds.DECLARED}")
        declared = rounds.decode_declared(raw, path)
        return {rounds.DECLARED: declared} if declared else {}

    def start(self, enc, source, **options):
        work = self.work(enc)
        if work.fight is not None:
            raise RuleError("a duel is already running")
        work.fight = Fight(order=())
        open_rounds(work, source, self, ClockReport())
        work.tell("duel_open")
        return work.outcome({"kind": "fight_start"})

    def step(self, enc, source):
        work = self.work(enc)
        round_ = require_fight(work).round
        report = ClockReport()
        rounds.resolve(work, source, self, self._settle, report)
        return work.outcome({"kind": "round_resolved", "round": round_, **report.event_parts()})

    def _settle(self, work, source, declared):
        guards = {name for name, d in declared.items() if d["move"] == GUARD}
        blows = []
        for name, d in declared.items():
            if d["move"] == STRIKE and d.get("target") in work.combatants:
                die = work.roll(source, 6, "strike")
                dealt = die.face // 2 if d["target"] in guards else die.face
                blows.append((name, d["target"], die, dealt))
        for striker, target, die, dealt in blows:  # all at once: the fallen still strike
            change = self.hurt(work, target, Damage(dealt, kind=STRIKE, source=striker, dice=(die,)))
            work.tell("blow", about=[striker, target], source=striker, target=target,
                      dice=[die.face], dealt=dealt, hp_before=change.hp_before, hp_after=change.hp_after)
            work.emit("health", about=[target], **health_fields(change))


RULES = Duel()
