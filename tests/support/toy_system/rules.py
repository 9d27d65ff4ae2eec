"""Toy fights: everyone in roster order, one turn each; ``poke`` deals a d6."""

from rules.core.actions import NAME, Action, Catalogue, Param
from rules.core.clock import ClockReport, advance, end_turn, open_rounds
from rules.core.contract import SystemRules
from rules.core.outcome import Damage
from rules.core.state import Fight, find


def _poke(rules, enc, source, poker, target):
    work = rules.work(enc)
    poker, target = find(enc, poker), find(enc, target)
    die = work.roll(source, 6, "poke")
    change = rules.hurt(work, target, Damage(die.face, kind="poke", source=poker, dice=(die,)))
    work.tell("poke", about=[poker, target], poker=poker, target=target, die=die.face,
              hp_before=change.hp_before, hp_after=change.hp_after)
    return work.outcome({"kind": "poke", "damage": die.face, "hp_after": change.hp_after})


MESSAGES = {
    "poke": lambda f, view: (f"{f['poker']} pokes {f['target']} for {f['die']} "
                             f"(HP {f['hp_before']} -> {f['hp_after']})."),
    "turn": lambda f, view: f"Turn: {f['name']}.",
}


class Toy(SystemRules):
    id = "toy"
    name_en = "Toy"
    name_ru = "Игрушка"
    messages = MESSAGES
    actions = Catalogue((
        Action("poke", "Poke TARGET for a d6.", run=_poke, aliases=("тык",), rolls=True,
               params=(Param("poker", NAME, "Who pokes."), Param("target", NAME, "Who is poked."))),
    ))

    def decode_combatant_data(self, raw, path):
        from rules.core.errors import DocumentError

        for key, value in raw.items():
            if key != "mood":
                raise DocumentError(path + (key,), "unknown key; the toy keeps only mood")
            if not isinstance(value, str):
                raise DocumentError(path + (key,), f"must be text, got {value!r}")
        return raw

    def hp_max(self, combatant):
        return combatant.stats.get("hp_max", 6)

    # --- the data readers' hooks (SystemData): the toy keeps them on its rules object ---

    def combatant_problems(self, sheet, table):
        mood = table.get("data", {}).get("mood", "")
        return [(("data", "mood"), "a toy's mood is one word")] if " " in mood else []

    def status_notes(self, combatant):
        mood = combatant.data.get("mood")
        return (f"feels {mood}",) if mood else ()

    def fight_notes(self, enc, hidden):
        awake = [c.name for c in enc if c.name not in hidden and c.status == "ok"]
        return (f"{len(awake)} toys still squeak",)

    def start(self, enc, source, **options):
        work = self.work(enc)
        work.fight = Fight(order=tuple(c.name for c in enc.combatants))
        open_rounds(work, source, self, ClockReport())
        return work.outcome({"kind": "fight_start"})

    def step(self, enc, source):
        work = self.work(enc)
        report = ClockReport()
        end_turn(work, source, self, report)
        advance(work, source, self, report)
        work.tell("turn", name=work.fight.current)
        return work.outcome({"kind": "turn", "actor": work.fight.current})


RULES = Toy()
