"""Twilight of the Gods: fights of secret declarations resolved by rounds.

``fight start`` opens the approach; each champion declares its rolls (each
``declare`` adds one, its pool rolled then: the player's posted dice, the
missing ones rolled and marked, TW-AUDIT-1); ``fight next`` resolves the
round and moves through the stages: approach, fight rounds, endgame, choice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.core import rounds
from rules.core.actions import CHOICE as CHOICE_KIND
from rules.core.actions import COUNT, FLAG, INT, NAME, TEXT, Action, Catalogue, Param
from rules.core.clock import ClockReport, open_rounds
from rules.core.common import require_fight
from rules.core.contract import ROUNDS_CLOCK, SystemRules
from rules.core.errors import RuleError
from rules.core.outcome import Outcome, Work
from rules.core.state import DEAD, OK, Combatant, Encounter, Fight, Status, find
from rules.core.systemdata import Path
from rules.dice.sources import DiceSource
from rules.i18n import N_, _, ngettext
from rules.systems.twilight import champion as ch
from rules.systems.twilight import stages as st
from rules.systems.twilight.data import DECODERS
from rules.systems.twilight.messages import MESSAGES, word
from rules.systems.twilight.perks import ATTACK, ENDGAME, EXTEND, FINISHER, SIGHT, find_perk
from rules.systems.twilight.presets import PRESETS
from rules.systems.twilight.resolve import (
    ATTACK_KIND,
    COUNTER,
    DEFEND,
    DYING,
    GUARD,
    OUT,
    PHANTOM,
    SPECIAL,
    Round,
    at_death,
    compare,
    helper_of,
    land,
    prepare,
    rolls_of,
    settle_lethal,
    special_damage,
    weapon_effects,
)
from rules.systems.twilight.sheet import SHEET

MOVES = ((ATTACK_KIND, ATTACK_KIND), ("нападение", ATTACK_KIND), ("атака", ATTACK_KIND),
         (DEFEND, DEFEND), ("defense", DEFEND), ("защита", DEFEND),
         (COUNTER, COUNTER), ("контратака", COUNTER),
         (SPECIAL, SPECIAL), ("спец", SPECIAL), ("спецдействие", SPECIAL),
         (PHANTOM, PHANTOM), ("фантом", PHANTOM), (GUARD, GUARD), ("щит", GUARD))
VERDICTS = (("execute", "execute"), ("казнь", "execute"), ("spare", "spare"), ("mercy", "spare"),
            ("пощада", "spare"))
LEGEND_MOVES = (("award", "award"), ("награда", "award"), ("spend", "spend"), ("трата", "spend"),
                ("refuse", "refuse"), ("отказ", "refuse"), ("loot", "loot"), ("мародёрство", "loot"))
CONDITION_WORDS = tuple((w, w) for w in (*st.CONDITIONS, "roll")) + (
    ("ливень", st.RAIN), ("гроза", st.STORM), ("барьер", st.BARRIER), ("бросок", "roll"), ("нет", st.NONE))

_STATUS = {
    OK: Status(OK),
    OUT: Status(OUT, can_act=False, standing=False),
    DYING: Status(DYING, can_act=False, standing=False),
    DEAD: Status(DEAD, can_act=False, standing=False, ticks=False),
}


def _threshold(enc: Encounter | Work) -> int:
    value = enc.settings.get("success_threshold", 5)
    return value if isinstance(value, int) and not isinstance(value, bool) else 5


def _stage(work: Work) -> str:
    return require_fight(work).stage


def _roll_pool(work: Work, source: DiceSource, size: int, purpose: str) -> tuple[list[int], int]:
    """``size`` d6: the given ones first, the rest rolled here (their count is kept: TW-AUDIT-1)."""
    faces, rolled = [], 0
    for _i in range(size):
        die = work.roll(source, 6, purpose)
        faces.append(die.face)
        rolled += die.origin != "given"
    return faces, rolled


def _cost(fight_data: Mapping[str, Any], c: Combatant, rolls: list[dict[str, Any]], stage: str,
          work: Work) -> int:
    """AP the rolls cost: 1 an attack or a defense, 2 a counter, a special its own; free attacks of perks."""
    if stage == st.ENDGAME:
        return 1 if rolls else 0
    cost = 0
    attacks = [r for r in rolls if r["kind"] == ATTACK_KIND]
    for r in rolls:
        if r.get("legend"):
            continue  # a fallen legend's help costs no AP (TW-GODS-1)
        if r["kind"] in (ATTACK_KIND, DEFEND):
            cost += 1
        elif r["kind"] == COUNTER:
            cost += 2
        elif r["kind"] == SPECIAL:
            perk = find_perk(ch.usable_perks(c, fight_data), r["perk"])
            cost += st.special_cost(fight_data, perk.cost if perk else 1)
    for perk in ch.perks(c):
        if not perk.extra_attacks:
            continue
        fits = [r for r in attacks
                if (not perk.extra_attack_weapon or r.get("weapon", 1) == perk.extra_attack_weapon)
                and (not perk.extra_attack_heretic or _heretic(work, c, r.get("target", "")))]
        free = min(perk.extra_attacks, len(fits))
        cost -= free
        for r in fits[:free]:
            attacks.remove(r)
    return cost


def _heretic(work: Work, c: Combatant, target: str) -> bool:
    if target not in work.combatants:
        return False
    mine, theirs = c.data.get("faith", ""), work.get(target).data.get("faith", "")
    return bool(mine) and bool(theirs) and mine != theirs


def _declare(rules: Twilight, enc: Encounter, source: DiceSource, name: str, move: str,
             target: str | None = None, at: str | None = None, weapon: int | None = None,
             betray: bool = False) -> Outcome:
    # a special names its perk where an attack names its target
    what, target = target, at
    work = rules.work(enc)
    fight = require_fight(work)
    stage = fight.stage
    who = find(enc, name)
    c = work.get(who)
    if stage in (st.CHOICE, st.OVER):
        raise RuleError(_("the fight is in its {stage} stage: nobody declares; give the verdict or end "
                          "the fight").format(stage=word(stage)), rule="TW-STAGE-1")
    if c.status != OK:
        raise RuleError(_("{name} is out of the fight ({status}) and cannot declare").format(
            name=who, status=word(c.status)), rule="TW-STAGE-1")
    mine = [dict(r) for r in rounds.pending_of(fight, who).get("rolls", [])]
    roll: dict[str, Any] = {"kind": move}
    circ = st.circumstances(fight.data, stage)
    if betray and not (move == ATTACK_KIND or (move == SPECIAL and target)):
        raise RuleError(_("only an attack or a directed special (--at) turns on an ally; --betray goes with "
                          "them"), rule="TW-MASS-7")
    if move in (ATTACK_KIND, COUNTER):
        aim = what or target
        if move == ATTACK_KIND and not aim:
            raise ValueError(_("an attack names its TARGET, e.g. declare {name} attack Викинг").format(name=who))
        if aim:
            roll["target"] = _target(work, enc, who, aim, betray)
    if move == ATTACK_KIND:
        roll["weapon"] = weapon or 1
        ch.weapon(c, roll["weapon"])
    helper = helper_of(work, who)
    if move in (PHANTOM, GUARD):
        _legend_help(work, who, helper, mine)
        roll["legend"] = helper.name if helper else ""
        if move == PHANTOM:
            if not what:
                raise ValueError(_("the phantom's attack names its TARGET, e.g. declare {name} phantom "
                                   "Викинг").format(name=who))
            roll["target"] = _target(work, enc, who, what, betray)
    perk = None
    if move == SPECIAL:
        if not what:
            raise ValueError(_("a special names its perk, e.g. declare {name} special \"Глухая оборона\"").format(
                name=who))
        usable = ch.usable_perks(c, fight.data)
        perk = find_perk(usable, what)
        if perk is None and helper is not None:
            # one special of the fallen legend's arsenal, free this round (TW-GODS-1)
            perk = find_perk(ch.perks(helper), what)
            if perk is not None and perk.special:
                _legend_help(work, who, helper, mine)
                roll["legend"] = helper.name
        if perk is None or not perk.special:
            known = ", ".join(p.name for p in usable if p.special) or _("none")
            raise RuleError(_("{name} has no special action {perk!r}; theirs: {known}").format(
                name=who, perk=what, known=known), rule="TW-SPEC-1")
        roll["perk"] = perk.name
        if target:
            roll["target"] = _target(work, enc, who, target, betray)
        elif perk.targeted:
            raise ValueError(_("{perk} is directed: give --at NAME").format(perk=perk.name))
    _check_stage(work, stage, who, move, perk, mine)
    if move == COUNTER:
        if c.data.get("counter_used"):
            raise RuleError(_("{name} has countered once this fight already").format(name=who), rule="TW-CTR-1")
        if ch.exhausted(c):
            raise RuleError(_("{name} is exhausted and cannot counter").format(name=who), rule="TW-EXH-1")
        if any(r["kind"] in (ATTACK_KIND, DEFEND) for r in mine):
            raise RuleError(_("a counter cannot be combined with attack or defense rolls"), rule="TW-CTR-1")
    if move in (ATTACK_KIND, DEFEND) and any(r["kind"] == COUNTER for r in mine):
        raise RuleError(_("a counter cannot be combined with attack or defense rolls"), rule="TW-CTR-1")
    rolls = [*mine, roll]
    ap = 1 if stage == st.ENDGAME else ch.action_points(c, circ)
    cost = _cost(fight.data, c, rolls, stage, work)
    endgame_rolls = 2 if stage == st.ENDGAME and ch.weapon(c, roll.get("weapon", 1)).twin_roll else 1
    if cost > ap or (stage == st.ENDGAME and len(rolls) > endgame_rolls):
        raise RuleError(_("{name} has {ap} AP this round; these declarations cost {cost}").format(
            name=who, ap=ap, cost=len(rolls) if stage == st.ENDGAME else cost), rule="TW-AP-1")
    size = _pool(c, move, roll, perk, circ, work)
    if size is not None:
        roll["faces"], rolled = _roll_pool(work, source, size, move)
        if rolled:
            roll["rolled"] = rolled
    declaration = {"rolls": rolls}
    for seer in work.combatants.values():
        # the shaman's sight: the master passes this declaration on (TW-PERK-1)
        if seer.data.get("sight") == who and seer.status == OK:
            work.tell("seen", about=[seer.name, who], name=seer.name, target=who)
    return rounds.declare(rules, enc, who, declaration, work=work)


def _legend_help(work: Work, who: str, helper: Combatant | None, mine: list[dict[str, Any]]) -> None:
    """A fallen legend helps once a round, and only when the gods' chaos calls the legends (TW-GODS-1)."""
    if st.chaos(require_fight(work).data) != st.LEGENDS:
        raise RuleError(_("no legend of the arena helps this round; the chaos d10 must call them (6-8)"),
                        rule="TW-GODS-1")
    if helper is None:
        raise RuleError(_("no fallen champion answers {name}: nobody has died in this arena yet").format(name=who),
                        rule="TW-GODS-1")
    if any(r.get("legend") for r in mine):
        raise RuleError(_("{name}'s legend helps once this round: a special, an attack or a shield").format(
            name=who), rule="TW-GODS-1")


def _pool(c: Combatant, move: str, roll: Mapping[str, Any], perk: Any,
          circ: tuple[ch.Circumstances, ...], work: Work | None = None) -> int | None:
    if move == PHANTOM and work is not None:
        # the fallen champion's full attack roll at its death, with every bonus (TW-GODS-1)
        return ch.attack_pool(work.get(roll["legend"]))
    if move == ATTACK_KIND or (move == SPECIAL and perk is not None and perk.effect == ATTACK):
        return ch.after_penalty(ch.attack_pool(c, int(roll.get("weapon", 1))), ch.penalty(c, circ, "attack"))
    if move == DEFEND:
        return ch.after_penalty(ch.defense_pool(c), ch.penalty(c, circ, "defense"))
    if move == COUNTER:
        return ch.after_penalty(ch.counter_pool(c), ch.penalty(c, circ, "counter"))
    return None


def _target(work: Work, enc: Encounter, who: str, query: str, betray: bool = False) -> str:
    name = find(enc, query)
    t = work.get(name)
    if name == who:
        raise RuleError(_("{name} cannot target itself").format(name=who))
    if t.status != OK:
        raise RuleError(_("{name} is out of the fight ({status})").format(name=name, status=word(t.status)))
    allies = ch.team(t) == ch.team(work.get(who))
    if allies and not betray:
        raise RuleError(_("{target} fights on {name}'s side: turning on an ally ends the alliance; add --betray "
                          "to declare it").format(target=name, name=who), rule="TW-MASS-7")
    if betray and not allies:
        raise RuleError(_("{target} is not on {name}'s side: there is no alliance to betray").format(
            target=name, name=who), rule="TW-MASS-7")
    return name


def _betrayals(work: Work, declared: rounds.Declarations) -> None:
    """An attack or a special on an ally ends the alliance as the round resolves (TW-MASS-7).

    A team is one word, so the betrayer leaves its team and fights alone (its own
    name becomes its team) for the rest of the fight; ``left_team`` keeps the old
    one for the next fight."""
    for name, declaration in declared.items():
        if name not in work.combatants:
            continue
        for r in declaration.get("rolls", []):
            target = r.get("target", "")
            me = work.get(name)
            if target in work.combatants and ch.team(work.get(target)) == ch.team(me):
                work.put(replace(me, data={**me.data, "team": name, "left_team": str(me.data.get("team", ""))}))
                work.tell("betrayal", about=[name, target], name=name, target=target)


def _check_stage(work: Work, stage: str, who: str, move: str, perk: Any, mine: list[dict[str, Any]]) -> None:
    fight = require_fight(work)
    if stage == st.APPROACH:
        if move != SPECIAL or perk is None or not perk.tactical:
            raise RuleError(_("the approach: no attacks or damage, only tactical perks"), rule="TW-STAGE-1")
        return
    if move == SPECIAL and perk is not None:
        if perk.tactical:
            raise RuleError(_("{perk} is tactical: the approach only").format(perk=perk.name), rule="TW-SPEC-1")
        blocked = st.specials_blocked(fight.data, stage)
        # the barrier blocks every special but the throw into it (TW-COND-1)
        if blocked and not (stage == st.ENDGAME and perk.endgame) and not (
                blocked == st.BARRIER and perk.effect == FINISHER):
            raise RuleError(_("no special actions this round ({why})").format(why=word(blocked)), rule="TW-SPEC-1")
        if any(r.get("perk") == perk.name for r in mine) and st.chaos(fight.data) != st.FLASH:
            raise RuleError(_("{perk} is declared already this round").format(perk=perk.name), rule="TW-SPEC-1")
    if stage == st.ENDGAME and move != ATTACK_KIND and not (perk is not None and perk.endgame):
        raise RuleError(_("the endgame: one attack roll each, no defense, counter or specials"),
                        rule="TW-END-1")


def _withdraw(rules: Twilight, enc: Encounter, source: DiceSource | None, name: str,
              roll: int | None = None) -> Outcome:
    work = rules.work(enc)
    fight = require_fight(work)
    who = find(enc, name)
    declared = rounds.pending(fight)
    if roll is None or who not in declared:
        return rounds.withdraw(rules, enc, who, work=work)
    mine = list(declared[who].get("rolls", []))
    if not 1 <= roll <= len(mine):
        raise RuleError(ngettext("{name} declared {n} roll; there is no roll {roll}",
                                 "{name} declared {n} rolls; there is no roll {roll}", len(mine)).format(
            name=who, n=len(mine), roll=roll))
    del mine[roll - 1]
    if not mine:
        return rounds.withdraw(rules, enc, who, work=work)
    return rounds.declare(rules, enc, who, {"rolls": mine}, work=work)


# --- the fight -------------------------------------------------------------------------


class Twilight(SystemRules):
    id = "twilight"
    sheet = SHEET
    name_en = "Twilight of the Gods"
    name_ru = "Сумерки богов"
    clock = ROUNDS_CLOCK
    messages: Mapping[str, Any] = MESSAGES
    effect_presets = PRESETS
    start_params = (
        Param("condition", CHOICE_KIND, N_("Special condition after the first circle (TW-COND-1): none, rain, "
              "storm, random, barrier, or roll for the master's d10."), option=True,
              required=False, default=st.NONE, choices=CONDITION_WORDS),
    )

    def __init__(self) -> None:
        self.actions = Catalogue((
            Action("declare", N_("Declare in secret one roll of NAME this round: attack TARGET, defend, counter "
                   "or special PERK; its d6 pool is rolled now (--given: the dice the player posted)."),
                   aliases=("заявка",), run=_declare, rolls=True,
                   examples=('declare Кочевник attack Викинг --given "5 4 3 2 4 5 5 5 4"', "declare Викинг defend",
                             'declare Викинг special "Глухая оборона"'),
                   params=(Param("name", NAME, N_("Who declares.")),
                           Param("move", CHOICE_KIND, N_("attack, defend, counter or special."), choices=MOVES),
                           Param("target", TEXT, N_("The attack's target (a special: its perk)."), required=False),
                           Param("at", NAME, N_("The target of a directed special."), option=True,
                                 required=False),
                           Param("weapon", INT, N_("Which weapon attacks (1 the sheet's, 2 the first of "
                                 "data.weapons ...)."), option=True, required=False),
                           Param("betray", FLAG, N_("The target is an ally: the attack or special ends the "
                                 "alliance (TW-MASS-7)."), option=True, default=False))),
            Action("withdraw", N_("Take back NAME's declaration of this round (or one roll of it)."),
                   aliases=("отозвать",), run=_withdraw,
                   examples=("withdraw Викинг", "withdraw Кочевник --roll 2"),
                   params=(Param("name", NAME, N_("Who withdraws.")),
                           Param("roll", COUNT, N_("Only this roll (1, 2 ... as declared)."), option=True,
                                 required=False))),
            Action("verdict", N_("The choice: the winner executes or spares the loser (TW-CHOICE-1)."),
                   aliases=("выбор",), run=_verdict,
                   examples=("verdict execute", "verdict spare --crowd execute"),
                   params=(Param("choice", CHOICE_KIND, N_("execute or spare."), choices=VERDICTS),
                           Param("crowd", CHOICE_KIND, N_("What the crowd wants; going against it halves the "
                                 "reward."), option=True, required=False, choices=VERDICTS))),
            Action("surrender", N_("NAME surrenders: half the unspent legend lost, the choice follows "
                                 "(TW-SURR-1)."),
                   aliases=("сдаться",), run=_surrender,
                   examples=("surrender Викинг",), params=(Param("name", NAME, N_("Who surrenders.")),)),
            Action("legend", N_("Change NAME's legend: award, spend, refuse (a challenge, -50) or loot (an ally, "
                   "-100) (TW-LEG-1)."), aliases=("легенда",), run=_legend,
                   examples=("legend Кочевник award 100", "legend Кочевник spend 200", "legend Викинг refuse"),
                   params=(Param("name", NAME, N_("Whose legend.")),
                           Param("move", CHOICE_KIND, N_("award, spend, refuse or loot."), choices=LEGEND_MOVES),
                           Param("amount", COUNT, N_("Points (award, spend)."), required=False))),
        ))

    def status(self, combatant: Combatant) -> Status:
        known = _STATUS.get(combatant.status)  # asked of everyone at every moment of a round
        return known if known is not None else Status(combatant.status)

    def decode_combatant_data(self, raw: Mapping[str, Any], path: Path) -> Mapping[str, Any]:
        return DECODERS.decode_combatant_data(raw, path)

    def decode_fight_data(self, raw: Mapping[str, Any], path: Path) -> Mapping[str, Any]:
        return DECODERS.decode_fight_data(raw, path)

    def upgrade_combatant(self, table: Mapping[str, Any]) -> Mapping[str, Any]:
        return DECODERS.upgrade_combatant(table)

    def hp_max(self, combatant: Combatant) -> int | None:
        """The champion's own ОЗ (TW-WOUND-1), read alone: a champion whose weapon is not
        filled in yet still has a maximum."""
        return ch.stat(combatant, "hp_max") or None

    def mend(self, work: Work, name: str, amount: int) -> Any:
        """Healing also lowers the wound level and stops bleeding, never poison (TW-BLEED-1, TW-POISON-1)."""
        from rules.systems.twilight.resolve import set_wound

        change = super().mend(work, name, amount)
        if change.hp_after > change.hp_before:
            c = work.get(name)
            work.put(replace(c, effects=tuple(e for e in c.effects if not e.healing_removes)))
            set_wound(work, name, change.hp_after)
        return change

    # --- start and step -----------------------------------------------------------------

    def start(self, enc: Encounter, source: DiceSource, **options: Any) -> Outcome:
        work = self.work(enc)
        if work.fight is not None:
            raise RuleError(_("a fight is already running; end it first"))
        up = [c for c in work.combatants.values() if c.status == OK]
        if len({ch.team(c) for c in up}) < 2:
            raise RuleError(_("a fight needs champions on both sides (char add NAME ... --side enemy)"))
        condition = options.get("condition") or st.NONE
        data: dict[str, Any] = {"fight_round": 0, "max_rounds": 3}
        gods = bool(enc.settings.get("gods", False))
        if gods:
            condition = st.NONE  # the gods replace the condition roll (TW-GODS-1)
        elif condition == "roll":
            die = work.roll(source, 10, "condition")
            condition = st.condition_of_d10(die.face)
            work.tell("condition_roll", d10=die.face, condition=condition)
        if condition != st.NONE:
            data["condition"] = condition
        if condition == st.STORM:
            die = work.roll(source, 3, "storm_round")
            data["storm_round"] = die.face
        kit = 0
        if condition == st.RANDOM:
            kit = work.roll(source, len(ch.RANDOM_KIT), "random_kit").face
        for c in up:
            fresh = {k: v for k, v in c.data.items() if k not in _FIGHT_MARKS}
            if "left_team" in c.data:  # a betrayal ended an alliance for one fight only (TW-MASS-7)
                fresh.pop("team", None)
                if c.data["left_team"]:
                    fresh["team"] = c.data["left_team"]
            if kit and not any(p.ignores_conditions for p in ch.perks(c)):
                fresh["arena_kit"] = kit  # the same for all; "Грамотный воин" keeps his own
            work.put(replace(c, data=fresh))
        work.fight = Fight(order=(), stage=st.APPROACH, data=data)
        if kit:
            chosen = ch.RANDOM_KIT[kit - 1]
            work.tell("random_kit", d=len(ch.RANDOM_KIT), face=kit, weapon=chosen.weapon.name,
                      dice=chosen.weapon.dice, damage=chosen.weapon.damage, stat=chosen.weapon.stat,
                      armor=chosen.armor_dice)
        open_rounds(work, source, self, ClockReport())
        work.tell("stage", stage=st.APPROACH, condition=condition, storm_round=data.get("storm_round"),
                  gods=gods)
        return work.outcome({"kind": "fight_start", "stage": st.APPROACH, "condition": condition})

    def step(self, enc: Encounter, source: DiceSource) -> Outcome:
        work = self.work(enc)
        fight = require_fight(work)
        if fight.stage == st.CHOICE:
            raise RuleError(_("the choice stage: give the verdict (verdict execute|spare)"), rule="TW-CHOICE-1")
        if fight.stage == st.OVER:
            raise RuleError(_("the fight is decided; fight end closes it"))
        round_ = fight.round
        stage = fight.stage
        settle = {st.APPROACH: self._approach, st.FIGHT: self._fight_round, st.ENDGAME: self._endgame}[stage]
        report = ClockReport()
        rounds.resolve(work, source, self, settle, report)
        self._open_round(work, source)
        now = require_fight(work)
        return work.outcome({"kind": "round_resolved", "round": round_, "stage": stage, "next_stage": now.stage,
                             **report.event_parts()})

    # --- stages ---------------------------------------------------------------------------

    def _approach(self, work: Work, source: DiceSource, declared: rounds.Declarations) -> None:
        fight = require_fight(work)
        data = dict(fight.data)
        for name, declaration in declared.items():
            for r in declaration.get("rolls", []):
                perk = find_perk(ch.perks(work.get(name)), r.get("perk", ""))
                if perk is not None and perk.effect == EXTEND:
                    data["max_rounds"] = 4  # extensions never stack beyond 4 (TW-STAGE-1)
                    work.tell("extended", about=[name], name=name, perk=perk.name)
                if perk is not None and perk.effect == SIGHT and r.get("target") in work.combatants:
                    seer = work.get(name)
                    work.put(replace(seer, data={**seer.data, "sight": r["target"]}))
                    work.tell("sight", about=[name, r["target"]], name=name, target=r["target"], perk=perk.name)
        longest = max((p.fight_rounds for c in work.combatants.values() for p in ch.perks(c)), default=0)
        if longest > data["max_rounds"]:
            data["max_rounds"] = min(4, longest)
        data["fight_round"] = 1
        work.fight = replace(fight, stage=st.FIGHT, data=data)
        work.tell("stage", stage=st.FIGHT, round=1, max_rounds=data["max_rounds"])

    def _fight_round(self, work: Work, source: DiceSource, declared: rounds.Declarations) -> None:
        fight = require_fight(work)
        data = dict(fight.data)
        effect = st.chaos(data)
        gods = bool(work.settings.get("gods", False))
        self._burn_counters(work, declared)
        if effect == st.FOG:
            work.tell("chaos_revealed", effect=effect)
            declared = {}
        elif effect == st.RESONANCE:
            work.tell("chaos_revealed", effect=effect)
        _betrayals(work, declared)
        rnd = Round(work, source, _threshold(work), resonance=effect == st.RESONANCE)
        rnd.rolls = rolls_of(work, declared, rnd.threshold)
        self._lift_ap_loss(work)
        for r in rnd.rolls:
            if r.faces or r.kind not in (SPECIAL, GUARD):
                work.tell("pool", about=[r.owner], name=r.owner, roll=r.kind, target=r.target or None,
                          faces=list(r.faces), successes=r.successes, threshold=rnd.threshold,
                          perk=r.perk.name if r.perk else None, legend=r.helper or None)
        prepare(rnd)
        compare(rnd)
        special_damage(rnd)
        effects = weapon_effects(rnd)
        settle_lethal(rnd)
        land(rnd, effects, fight.round, gods)
        self._take_ap(work, rnd)
        if effect != st.RESONANCE:
            self._auras(work)
        force = any(r.perk is not None and r.perk.effect == ENDGAME for r in rnd.rolls)
        for r in rnd.rolls:
            if r.perk is not None and r.perk.effect == EXTEND:
                data["max_rounds"] = 4
        data["fallen"] = [*data.get("fallen", []), *rnd.fallen]
        work.fight = replace(require_fight(work), data=data)
        if self._decide(work):
            return
        if force or effect == st.FATES or data["fight_round"] >= data["max_rounds"]:
            self._to_endgame(work)
            return
        data["fight_round"] += 1
        work.fight = replace(require_fight(work), data=data)

    def _lift_ap_loss(self, work: Work) -> None:
        # AP a mantle took counted for the declarations just made; they come back now
        for c in list(work.combatants.values()):
            if "ap_loss" in c.data:
                work.put(replace(c, data={k: v for k, v in c.data.items() if k != "ap_loss"}))

    def _take_ap(self, work: Work, rnd: Round) -> None:
        """The reaper's mantle: its target has fewer AP in the next fight round (TW-PERK-1)."""
        for r in rnd.rolls:
            if (r.kind != SPECIAL or r.perk is None or not r.perk.ap_loss or r.target not in work.combatants
                    or r.owner in rnd.void):
                continue
            t = work.get(r.target)
            if t.status != OK:
                continue
            n = max(r.perk.ap_loss, int(t.data.get("ap_loss", 0)))
            work.put(replace(t, data={**t.data, "ap_loss": n}))
            work.tell("ap_taken", about=[r.owner, r.target], name=r.owner, target=r.target, perk=r.perk.name, n=n)

    def _burn_counters(self, work: Work, declared: rounds.Declarations) -> None:
        # declaring a counter uses it up even if nothing happens (TW-CTR-1)
        for name, declaration in declared.items():
            if any(r.get("kind") == COUNTER for r in declaration.get("rolls", [])) and name in work.combatants:
                c = work.get(name)
                work.put(replace(c, data={**c.data, "counter_used": True}))

    def _auras(self, work: Work) -> None:
        """The death knight's grip: -1 energy to every other champion a round, never more (TW-PERK-1)."""
        holders = [c.name for c in work.combatants.values() if c.status == OK
                   and any(p.energy_aura for p in ch.perks(c))]
        if not holders:
            return
        for c in list(work.combatants.values()):
            if c.status != OK or ch.immune(c, "energy") or holders == [c.name]:
                continue
            energy = c.resources.get("energy", 0)
            if energy > 0:
                work.put(c.with_resource("energy", energy - 1))
                work.tell("aura", about=[c.name], name=c.name, energy=1, exhausted=energy == 1)

    def _to_endgame(self, work: Work) -> None:
        fight = require_fight(work)
        work.fight = replace(fight, stage=st.ENDGAME)
        work.tell("stage", stage=st.ENDGAME)

    def _endgame(self, work: Work, source: DiceSource, declared: rounds.Declarations) -> None:
        """One attack roll each; more successes wins, ties repeat; the loser goes AT DEATH (TW-END-1, TW-MASS-4)."""
        fight = require_fight(work)
        data = dict(fight.data)
        threshold = _threshold(work)
        gods = bool(work.settings.get("gods", False))
        _betrayals(work, declared)
        rnd = Round(work, source, threshold)
        rnd.rolls = rolls_of(work, declared, threshold)
        best: dict[str, tuple[int, str]] = {}
        for r in rnd.rolls:
            if r.kind != ATTACK_KIND:
                continue
            work.tell("pool", about=[r.owner], name=r.owner, roll=r.kind, target=r.target or None,
                      faces=list(r.faces), successes=r.successes, threshold=threshold)
            if r.owner not in best or r.successes > best[r.owner][0]:
                best[r.owner] = (r.successes, r.target)
        up = [c.name for c in work.combatants.values() if c.status == OK]
        if len(up) == 2:
            a, b = up
            best.setdefault(a, (0, b))
            best.setdefault(b, (0, a))
            pairs = [(a, b)]
        else:
            pairs = sorted({(min(n, t), max(n, t)) for n, (_s, t) in best.items()
                            if t in best and best[t][1] == n})
            if not pairs and best:
                data["cycles"] = int(data.get("cycles", 0)) + 1
                work.tell("endgame_cycle", count=data["cycles"])
                if data["cycles"] >= 2:
                    picks = sorted((n, t) for n, (_s, t) in best.items() if t in best)
                    die = work.roll(source, len(picks), "endgame_pair")
                    pairs = [picks[die.face - 1]]
                    work.tell("endgame_pair", d=len(picks), face=die.face, names=list(pairs[0]))
        pairs_done = False
        for a, b in pairs:
            sa, sb = best.get(a, (0, ""))[0], best.get(b, (0, ""))[0]
            if sa == sb:
                work.tell("endgame_tie", names=[a, b], successes=sa)
                continue
            winner, loser = (a, b) if sa > sb else (b, a)
            pairs_done = True
            if gods and len(up) == 2:
                score = dict(data.get("score", {}))
                score[winner] = int(score.get(winner, 0)) + 1
                data["score"] = score
                work.tell("endgame_point", name=winner, loser=loser, score=[score.get(a, 0), score.get(b, 0)],
                          names=[a, b])
                if score[winner] < 2:
                    continue
            work.tell("endgame_won", about=[winner, loser], name=winner, loser=loser,
                      successes=[max(sa, sb), min(sa, sb)])
            at_death(rnd, loser, gods=gods, endgame=True)
        if pairs_done:
            data["cycles"] = 0
        data["fallen"] = [*data.get("fallen", []), *rnd.fallen]
        work.fight = replace(require_fight(work), data=data)
        self._decide(work)

    def _decide(self, work: Work) -> bool:
        """Whether a side is left alone: then the choice or the end (TW-STAGE-1, TW-SIM-1, TW-MASS-5/6)."""
        fight = require_fight(work)
        teams = list(dict.fromkeys(ch.team(c) for c in work.combatants.values()))
        up = {team: [c.name for c in work.combatants.values() if ch.team(c) == team and c.status == OK]
              for team in teams}
        standing = [team for team in teams if up[team]]
        if len(standing) > 1:
            return False
        data = dict(fight.data)
        if standing:
            winners = up[standing[0]]
            losers = [c.name for c in work.combatants.values() if ch.team(c) != standing[0]]
            fell = list(data.get("fallen", []))
            alive = sorted((n for n in losers if work.get(n).status in (OUT, DYING)),
                           key=lambda n: fell.index(n) if n in fell else -1)
            data["winners"] = winners
            if alive:
                data["loser"] = alive[-1]  # the last to fall gets the choice (TW-MASS-5)
                work.fight = replace(fight, stage=st.CHOICE, data=data)
                work.tell("stage", stage=st.CHOICE, winners=winners, loser=alive[-1])
                return True
            work.fight = replace(fight, stage=st.OVER, data=data)
            work.tell("decided_twilight", winners=winners, draw=False)
            self._reward(work, winners, 1.0)
            return True
        survivors = [c.name for c in work.combatants.values() if c.status in (OUT, DYING)]
        sides = {ch.team(work.get(n)) for n in survivors}
        if len(sides) == 1:
            data["winners"] = survivors
            work.fight = replace(fight, stage=st.OVER, data=data)
            work.tell("decided_twilight", winners=survivors, draw=False)
            self._reward(work, survivors, 1.0)
            return True
        data["winners"] = []
        data["draw"] = bool(survivors)
        work.fight = replace(fight, stage=st.OVER, data=data)
        work.tell("decided_twilight", winners=survivors, draw=bool(survivors))
        if survivors:
            self._reward(work, survivors, 0.5)  # a draw halves the reward (TW-SIM-1, TW-LEG-1)
        return True

    def _reward(self, work: Work, names: list[str], share: float) -> None:
        reward = work.settings.get("win_legend", 100)
        amount = int(int(reward if isinstance(reward, int) else 100) * share)
        for name in names:
            _give(work, name, amount)

    def _open_round(self, work: Work, source: DiceSource) -> None:
        """A fight round under the gods opens with the master's d10 (TW-GODS-1)."""
        fight = require_fight(work)
        data = {k: v for k, v in fight.data.items() if k != "chaos"}
        work.fight = replace(fight, data=data)
        if fight.stage != st.FIGHT or not work.settings.get("gods", False):
            return
        first = work.roll(source, 10, "chaos")
        # the players' version of an odd roll and of a hidden effect read the same
        # (TW-GODS-1): the dice and a hidden effect are secret fields
        if first.face % 2:
            work.tell("chaos", d10=first.face, secret=("d10",))
            return
        second = work.roll(source, 10, "chaos_effect")
        effect = st.chaos_of_d10(second.face)
        data["chaos"] = {"roll": first.face, "face": second.face, "effect": effect}
        work.fight = replace(fight, data=data)
        hidden = effect in st.HIDDEN_CHAOS
        work.tell("chaos", d10=first.face, face=second.face, effect=effect, hidden=hidden or None,
                  secret=("d10", "face", "effect", "hidden") if hidden else ("d10", "face"))
        if effect == st.MARCH:
            for c in list(work.combatants.values()):
                if c.status != OK:
                    continue
                if ch.exhausted(c):
                    work.put(replace(c, status=DEAD))
                    work.tell("march_death", about=[c.name], name=c.name)
                elif not ch.immune(c, "energy"):
                    work.put(c.with_resource("energy", max(0, c.resources.get("energy", 0) - 2)))
                    work.tell("aura", about=[c.name], name=c.name, energy=2,
                              exhausted=c.resources.get("energy", 0) <= 2)
            self._decide(work)
        elif effect == st.FATES:
            self._to_endgame(work)
        elif effect == st.LEGENDS:
            self._call_legends(work, source)

    def _call_legends(self, work: Work, source: DiceSource) -> None:
        """Each standing champion's helper: a die over the champions dead so far (TW-GODS-1, 6-8)."""
        fallen = [c.name for c in work.combatants.values() if c.status == DEAD]
        if not fallen:
            work.tell("legends_none")
            return
        helpers = {}
        for c in work.combatants.values():
            if c.status != OK:
                continue
            die = work.roll(source, len(fallen), "legend_helper")
            helpers[c.name] = fallen[die.face - 1]
            work.tell("legend_helper", about=[c.name], name=c.name, helper=helpers[c.name], d=len(fallen),
                      face=die.face)
        fight = require_fight(work)
        work.fight = replace(fight, data={**fight.data, "chaos": {**fight.data["chaos"], "helpers": helpers}})


_FIGHT_MARKS = ("wound_energy", "counter_used", "reborn", "left_team", "ap_loss",
                "deadly_blocked", "sight", "arena_kit")


def _give(work: Work, name: str, amount: int) -> None:
    c = work.get(name)
    unspent, total = c.resources.get("legend", 0) + amount, c.resources.get("legend_total", 0) + amount
    c = c.with_resource("legend", unspent).with_resource("legend_total", total)
    work.put(c)
    work.tell("legend", about=[name], name=name, change=amount, unspent=unspent, total=total,
              free_points=st.free_points(total))


def _verdict(rules: Twilight, enc: Encounter, source: DiceSource | None, choice: str,
             crowd: str | None = None) -> Outcome:
    """Execution or mercy (TW-CHOICE-1); two losses in a row cannot be spared (TW-LEG-1)."""
    work = rules.work(enc)
    fight = require_fight(work)
    if fight.stage != st.CHOICE:
        raise RuleError(_("no choice to make: the fight is in its {stage} stage").format(stage=word(fight.stage)),
                        rule="TW-CHOICE-1")
    loser = str(fight.data["loser"])
    winners = [str(n) for n in fight.data.get("winners", [])]
    c = work.get(loser)
    losses = int(c.data.get("losses", 0))
    if choice == "spare" and losses >= 1:
        raise RuleError(_("{name} lost twice in a row and cannot be spared").format(name=loser), rule="TW-LEG-1")
    work.tell("verdict", about=[loser], name=loser, choice=choice, crowd=crowd, winners=winners)
    status = DEAD if choice == "execute" else OUT
    work.put(replace(c, status=status, data={**c.data, "losses": losses + 1}))
    share = 0.5 if crowd is not None and crowd != choice else 1.0  # against the crowd: -50% (TW-LEG-1)
    rules._reward(work, winners, share)
    for name in winners:
        w = work.get(name)
        work.put(replace(w, data={k: v for k, v in w.data.items() if k != "losses"}))
    work.fight = replace(fight, stage=st.OVER)
    return work.outcome({"kind": "verdict", "loser": loser, "choice": choice})


def _surrender(rules: Twilight, enc: Encounter, source: DiceSource | None, name: str) -> Outcome:
    """Half the unspent legend lost (rounded down), out of the fight, the choice follows (TW-SURR-1)."""
    work = rules.work(enc)
    fight = require_fight(work)
    who = find(enc, name)
    c = work.get(who)
    if fight.stage in (st.CHOICE, st.OVER) or c.status != OK:
        raise RuleError(_("{name} cannot surrender now").format(name=who), rule="TW-SURR-1")
    lost = c.resources.get("legend", 0) // 2
    work.put(replace(c.with_resource("legend", c.resources.get("legend", 0) - lost), status=OUT))
    work.tell("surrendered", about=[who], name=who, lost=lost)
    declared = rounds.pending(fight)
    declared.pop(who, None)
    data = {k: v for k, v in fight.data.items() if k != rounds.DECLARED}
    data["fallen"] = [*data.get("fallen", []), who]
    if declared:
        data[rounds.DECLARED] = declared
    work.fight = replace(fight, data=data)
    rules._decide(work)
    return work.outcome({"kind": "surrender", "name": who, "lost": lost})


def _legend(rules: Twilight, enc: Encounter, source: DiceSource | None, name: str, move: str,
            amount: int | None = None) -> Outcome:
    """Legend by hand: rewards, spending, refusals (-50, not below 0), looting an ally (-100) (TW-LEG-1)."""
    work = rules.work(enc)
    who = find(enc, name)
    c = work.get(who)
    unspent, total = c.resources.get("legend", 0), c.resources.get("legend_total", 0)
    if move in ("award", "spend") and not amount:
        raise ValueError(_("legend {move}: give the AMOUNT").format(move=move))
    if move == "award":
        _give(work, who, int(amount or 0))
        return work.outcome({"kind": "legend", "name": who, "move": move})
    if move == "spend":
        if (amount or 0) > unspent:
            raise RuleError(_("{name} has {unspent} unspent legend; cannot spend {amount}").format(
                name=who, unspent=unspent, amount=amount), rule="TW-LEG-1")
        change = -int(amount or 0)
    else:
        change = -min(unspent, 50 if move == "refuse" else 100)
    work.put(c.with_resource("legend", unspent + change))
    work.tell("legend", about=[who], name=who, change=change, unspent=unspent + change, total=total,
              free_points=st.free_points(total), why=move)
    return work.outcome({"kind": "legend", "name": who, "move": move})


RULES = Twilight()
