"""The words for twilight's events, through rules.i18n (the Russian catalog gives the seed's terms)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.messages import Fields, Message, View, health_message, health_word, players_version
from rules.i18n import N_, _, ngettext, pgettext
from rules.systems.twilight.presets import BLEEDING, POISON

_MOVES = {"attack": N_("attack"), "defend": N_("defense"), "counter": N_("counter"), "special": N_("special"),
          "phantom": N_("a fallen legend's attack"), "shield": N_("a fallen legend's shield")}
_STAGES = {"approach": N_("the approach (no attacks or damage)"), "fight": N_("fight round {round} of {max_rounds}"),
           "endgame": N_("the endgame: one attack roll each"), "choice": N_("the choice: execution or mercy for "
                                                                              "{loser} (won: {winners})"),
           "over": N_("the fight is decided")}
_CONDITIONS = {"none": N_("no special condition"), "rain": N_("rain: -2d6 defense"),
               "storm": N_("thunderstorm: lightning in fight round {storm_round}"),
               "random": N_("random weapons and equipment, the same for all"),
               "barrier": N_("a magic barrier: no special actions")}
_CHAOS = {"resonance": N_("resonance: specials deal double damage, passives are off"),
          "euphoria": N_("euphoria: specials cost no AP"), "flash": N_("flash: +1 AP to all, specials may repeat"),
          "overload": N_("overload: -1 AP, -2d6 to every roll, no specials"),
          "march": N_("march of the dead: -2 energy each, the exhausted die"),
          "legends": N_("legends of the arena: each gets a fallen champion's help"),
          "fog": N_("ghost fog: every declaration of the round is void"),
          "fates": N_("duel of fates: the endgame starts now")}
# the words a rule error puts in its sentence for a stage, a champion's state, a reason
_WORDS = {"approach": N_("approach"), "fight": N_("fight"), "endgame": N_("endgame"), "choice": N_("choice"),
          "over": N_("decided"), "out": N_("out of the fight"), "dying": N_("bleeding out"), "dead": N_("dead"),
          "unconscious": N_("unconscious"), "barrier": N_("the magic barrier"), "storm": N_("the lightning round"),
          "overload": N_("overload")}


def word(key: str) -> str:
    """The reader's word for a stage, a state or a reason that blocks specials."""
    return _(_WORDS[key]) if key in _WORDS else key


_STATS = {"deadliness": N_("deadliness"), "might": N_("might")}
_ABSORBED = {"absolute_defense": N_("{name} is in absolute defense: no damage this round."),
             "full_defense": N_("{name}'s full defense blocks every attack roll."),
             "dodge": N_("{name} dodges every attack this round.")}
_WOUNDS = {0: N_("no wound"), 1: N_("light wound (-1d6)"), 2: N_("medium wound (-3d6)"),
           3: N_("heavy wound (-4d6, -1 AP)")}
_AFFLICTIONS = {"bleed": N_("BLEEDING({n}) from round {since}"), "poison": N_("POISON({n}) from round {since}")}
def _damage_lands(f: Fields, view: View) -> str:
    # the players read a foe's health as a word, in the log as in `fight status --public`
    condition = health_word(f, view)
    damage = f["damage"] + f.get("ticks", 0)
    if condition is not None:
        return _("{name} takes {damage}: {condition}.").format(name=f["name"], damage=damage, condition=condition)
    return _("{name} takes {damage}: HP {before} -> {after}.").format(
        name=f["name"], damage=damage, before=f["hp_before"], after=f["hp_after"])


def _healed(f: Fields, view: View) -> str:
    # the players read a foe's health as a word, as for damage
    condition = health_word(f, view)
    stands = f["status_before"] != "ok" and f["status_after"] == "ok"
    if condition is not None:
        return (_("{name} is healed: {condition}, and is back on their feet.") if stands else
                _("{name} is healed: {condition}.")).format(name=f["name"], condition=condition)
    return (_("{name} is healed by {amount}: HP {before} -> {after}, and is back on their feet.") if stands else
            _("{name} is healed by {amount}: HP {before} -> {after}.")).format(
        name=f["name"], amount=f["amount"], before=f["hp_before"], after=f["hp_after"])


#: the effects of presets.py in a champion's marks, as the seed writes them: КРОВОТЕЧЕНИЕ(1)
_MARKS = {BLEEDING: N_("BLEEDING({n})"), POISON: N_("POISON({n})")}
_TICKS = {"bleed": N_("{name}: bleeding takes {amount} HP"), "poison": N_("{name}: poison takes {amount} HP")}


def successes_text(n: int) -> str:
    return ngettext("{n} success", "{n} successes", n).format(n=n)


def dice_text(faces: list[int] | tuple[int, ...]) -> str:
    """``9d6 = 5+4+3 = 2 successes`` (the seed's way)."""
    shown = "+".join(map(str, faces)) if faces else "0"
    return _("{n}d6").format(n=len(faces)) + f" = {shown}"


def _roll(r: Mapping[str, Any]) -> str:
    words = _(_MOVES.get(r["kind"]) or r["kind"])
    if r.get("perk"):
        words += f" «{r['perk']}»"
    if r.get("legend"):
        words += " " + _("(the phantom of {name})").format(name=r["legend"])
    if r.get("target"):
        words += " -> " + str(r["target"])
    if r.get("weapon", 1) != 1:
        words += " " + _("(weapon {n})").format(n=r["weapon"])
    if "faces" in r:
        words += ": " + dice_text(r["faces"])
        if r.get("rolled"):
            words += " " + ngettext("({n} die rolled here)", "({n} dice rolled here)", r["rolled"]).format(
                n=r["rolled"])
    return words


def declaration_text(declaration: Mapping[str, Any]) -> str:
    rolls = declaration.get("rolls", [])
    return "; ".join(_roll(r) for r in rolls) if rolls else _("nothing")


@players_version()
def _declared(f: Fields, view: View) -> str | None:
    name = f["name"]
    if view.public:
        if not view.visible([name]):
            return None
        text = (_("{name} adds to the declaration.") if f.get("added") else
                _("{name} changes the declaration.") if f.get("changed") else _("{name} declares."))
        return text.format(name=name)
    return _("{name} declares: {what}.").format(name=name, what=declaration_text(f["declaration"]))


@players_version()
def _withdrawn(f: Fields, view: View) -> str | None:
    name = f["name"]
    if view.public:
        return _("{name} withdraws the declaration.").format(name=name) if view.visible([name]) else None
    return _("{name} withdraws the declaration ({what}).").format(name=name,
                                                                  what=declaration_text(f["declaration"]))


def _revealed(f: Fields, view: View) -> str:
    if not f.get("declaration"):
        return _("{name} declared nothing.").format(name=f["name"])
    return _("{name} declared: {what}.").format(name=f["name"], what=declaration_text(f["declaration"]))


def _stage(f: Fields, view: View) -> str:
    stage = f["stage"]
    text = _(_STAGES[stage]).format(round=f.get("round", 1), max_rounds=f.get("max_rounds", 3),
                                    winners=", ".join(f.get("winners", [])), loser=f.get("loser", ""))
    line = _("Stage: {stage}.").format(stage=text)
    if stage == "approach":
        cond = _(_CONDITIONS[f.get("condition", "none")]).format(storm_round=f.get("storm_round", ""))
        line += " " + _("Conditions: {what}.").format(what=cond)
        if f.get("gods"):
            line += " " + _("Twilight of the Gods: AT DEATH means death.")
    return line


def stage_text(stage: str, data: Mapping[str, Any]) -> str:
    """``stage: fight round 2 of 3; conditions: rain ...`` for ``fight status``."""
    text = _(_STAGES.get(stage) or stage).format(
        round=data.get("fight_round", 1), max_rounds=data.get("max_rounds", 3),
        winners=", ".join(data.get("winners", [])), loser=data.get("loser", ""))
    line = _("Stage: {stage}.").format(stage=text)
    condition = data.get("condition")
    if condition:
        line += " " + _("Conditions: {what}.").format(
            what=_(_CONDITIONS[condition]).format(storm_round=data.get("storm_round", "")))
    return line


def champion_notes(c: Any) -> tuple[str, ...]:
    """A champion's marks in ``fight status``: wound, bleeding, poison, exhaustion, counter, legend."""
    notes = []
    wound = c.data.get("wound", 0)
    if wound:
        notes.append(_(_WOUNDS[wound]))
    for effect in c.effects:
        label = _MARKS.get(effect.name)
        if label is not None:
            notes.append(_(label).format(n=effect.damage))
    if c.resources.get("energy", 1) <= 0:
        notes.append(_("EXHAUSTED"))
    if c.data.get("counter_used"):
        notes.append(_("counter spent"))
    if c.data.get("ap_loss"):
        notes.append(_("-{n} AP this round").format(n=c.data["ap_loss"]))
    if c.data.get("sight"):
        notes.append(_("knows {name}'s declarations").format(name=c.data["sight"]))
    notes.append(_("legend {unspent} ({total})").format(unspent=c.resources.get("legend", 0),
                                                        total=c.resources.get("legend_total", 0)))
    return tuple(notes)


def _pool(f: Fields, view: View) -> str:
    what = _(_MOVES.get(f["roll"]) or f["roll"])
    if f.get("perk"):
        what += f" «{f['perk']}»"
    if f.get("legend"):
        what += " " + _("(the phantom of {name})").format(name=f["legend"])
    target = (" -> " + f["target"]) if f.get("target") else ""
    return _("{name}, {what}{target}: {dice} = {successes}.").format(
        name=f["name"], what=what, target=target, dice=dice_text(f["faces"]), successes=successes_text(f["successes"]))


def _best_defense(f: Fields, view: View) -> str:
    return _("{name}: best defense {successes}.").format(name=f["name"], successes=successes_text(f["successes"]))


@players_version("target", "through", "damage")
def _attack_vs_defense(f: Fields, view: View) -> str | None:
    if view.hides(f["target"]):
        return None
    if view.hides(f["attacker"]):
        # the blow on a visible one, without the hidden one's name or successes
        if not f["through"]:
            return _("Someone attacks {target}: blocked.").format(target=f["target"])
        return _("Someone attacks {target}: {damage} damage.").format(target=f["target"], damage=f["damage"])
    if not f["through"]:
        return _("{attacker} -> {target}: {a} against {d} of defense: blocked.").format(
            attacker=f["attacker"], target=f["target"], a=f["successes"], d=f["defense"])
    return _("{attacker} -> {target}: {a} against {d} of defense: {through} through, {damage} damage.").format(
        attacker=f["attacker"], target=f["target"], a=f["successes"], d=f["defense"],
        through=successes_text(f["through"]), damage=f["damage"])


@players_version("name")
def _deadly_strike(f: Fields, view: View) -> str | None:
    if view.hides(f["name"]):
        return None
    if view.hides(f["attacker"]):
        return _("A deadly strike: {name} goes AT DEATH.").format(name=f["name"])
    return _("{attacker}'s deadly strike: {name} goes AT DEATH.").format(attacker=f["attacker"], name=f["name"])


def _counter_wins(f: Fields, view: View) -> str:
    line = _("{name}'s counter ({c}) beats every attack (best {best}): {attacker} takes {damage} damage.").format(
        name=f["name"], c=f["successes"], best=f["best"], attacker=f["attacker"], damage=f["damage"])
    if f.get("absolute"):
        line = _("{name}'s counter ({c}) parries {attacker}, who is in absolute defense: no damage.").format(
            name=f["name"], c=f["successes"], attacker=f["attacker"])
    if f.get("parried"):
        line += " " + _("Parried only: {names}.").format(names=", ".join(f["parried"]))
    return line


def hp() -> str:
    """The seed's word for hit points (ОЗ): the text the core's sentences ask for, so a
    session of this system reads its own word there too (docs/glossary.md)."""
    return pgettext("hit points", "HP")


_MESSAGES: dict[str, Message] = {
    "health": health_message(hp),
    "declared": _declared,
    "withdrawn": _withdrawn,
    "revealed": _revealed,
    "round_resolves": lambda f, v: _("Round {round} resolves.").format(round=f["round"]),
    "round": lambda f, v: _("Round {round}.").format(round=f["round"]),
    "stage": _stage,
    "condition_roll": lambda f, v: _("Conditions: d10 = {d10}.").format(d10=f["d10"]),
    "initiative_roll": lambda f, v: _("{name}: initiative d100 = {d100}.").format(name=f["name"], d100=f["d100"]),
    "pool": _pool,
    "best_defense": _best_defense,
    "attack_vs_defense": _attack_vs_defense,
    "absorbed": lambda f, v: _(_ABSORBED[f["why"]]).format(name=f["name"]),
    "special_cancelled": lambda f, v: _("{name}'s «{perk}» voids {target}'s «{cancelled}».").format(
        name=f["name"], perk=f["perk"], target=f["target"], cancelled=f["cancelled"]),
    "attack_copied": lambda f, v: (_("{name}'s «{perk}»: the same attack roll ({successes}) strikes {target}.")
                                   if f.get("successes") is not None else
                                   _("{name}'s «{perk}» has no attack roll to copy: nothing strikes {target}."))
    .format(name=f["name"], perk=f["perk"], target=f["target"], successes=successes_text(f.get("successes") or 0)),
    "dodge_roll": lambda f, v: (_("{name}'s «{perk}»: d100 = {d100} (at most {chance}): every attack misses.")
                                if f["dodged"] else
                                _("{name}'s «{perk}»: d100 = {d100} (at most {chance}): no dodge.")).format(
        name=f["name"], perk=f["perk"], d100=f["d100"], chance=f["chance"]),
    "shielded": lambda f, v: _("{name}'s shield takes {attacker}'s first attack.").format(
        name=f["name"], attacker=f["attacker"]),
    "reflected": lambda f, v: _("{name} reflects {attacker}'s first attack ({a} against {attacker}'s own "
                                "defense {d}): {damage} damage to {attacker}.").format(
        name=f["name"], attacker=f["attacker"], a=f["successes"], d=f["defense"], damage=f["damage"]),
    "deadly_blocked": lambda f, v: _("{name} shrugs off {attacker}'s deadly strike.").format(
        name=f["name"], attacker=f["attacker"]),
    "thrown_into_barrier": lambda f, v: _("{attacker} throws {name} into the magic barrier: {name} goes AT "
                                          "DEATH.").format(name=f["name"], attacker=f["attacker"]),
    "ap_taken": lambda f, v: _("{name}'s «{perk}»: {target} has {n} AP less next round.").format(
        name=f["name"], perk=f["perk"], target=f["target"], n=f["n"]),
    "sight": lambda f, v: _("{name}'s «{perk}»: {name} will know {target}'s declarations.").format(
        name=f["name"], perk=f["perk"], target=f["target"]),
    "seen": lambda f, v: None if v.public else _("(The master shows this declaration to {name}: sight.)").format(
        name=f["name"]),
    "counter_wins": _counter_wins,
    "counter_parts": lambda f, v: _("{name}'s counter ({c}) equals the best attack: they part, no damage.").format(
        name=f["name"], c=f["successes"]),
    "counter_broken": lambda f, v: _("{attacker} ({a}) against {name}'s counter ({c}): {damage} damage.").format(
        attacker=f["attacker"], a=f["successes"], name=f["name"], c=f["counter"], damage=f["damage"]),
    "special_hit": lambda f, v: _("{name}'s «{perk}» deals {damage} to {target}.").format(
        name=f["name"], perk=f["perk"], damage=f["damage"], target=f["target"]),
    "tick": lambda f, v: _(_TICKS[f["what"]]).format(name=f["name"], amount=f["amount"]) + ".",
    "afflicted": lambda f, v: f"{f['name']}: " + _(_AFFLICTIONS[f["what"]]).format(n=f["n"], since=f["since"])
    + ".",
    "damage_lands": lambda f, v: _damage_lands(f, v),
    "drained": lambda f, v: _("{name}: drain, -{energy} energy.").format(name=f["name"], energy=f["energy"]),
    "deadly_strike": _deadly_strike,
    "out_of_fight": lambda f, v: _("{name} has lost over 90% of HP and is out of the fight.").format(name=f["name"]),
    "wound": lambda f, v: (_("{name}: the wound eases: {wound}.") if f["level"] < f.get("was", 0) else
                           _("{name}: {wound} from the next round{energy}.")).format(
        name=f["name"], wound=_(_WOUNDS[f["level"]]),
        energy=(", " + _("-{n} energy").format(n=f["energy"])) if f.get("energy") else ""),
    "healed": lambda f, v: _healed(f, v),
    "reborn": lambda f, v: _("{name} rises again with 1 HP.").format(name=f["name"]),
    "exhausted": lambda f, v: _("{name} is EXHAUSTED: -1 AP, -4d6, no counter.").format(name=f["name"]),
    "at_death": lambda f, v: _at_death(f),
    "mutual_blows": lambda f, v: (_("Mutual lethal blows: {first} has the higher main stat and lands first.")
                                  .format(first=f["first"]) if f.get("first") else
                                  _("Mutual lethal blows with equal main stats: {names} both go AT DEATH.").format(
                                      names=", ".join(f["names"]))),
    "triangle": lambda f, v: _("Imperial triangle ({names}): {first} strikes first; {victim}'s blows are void.")
    .format(names=", ".join(f["names"]), first=f["first"], victim=f["victim"]),
    "extended": lambda f, v: _("{name}'s «{perk}»: the fight lasts 4 rounds.").format(name=f["name"], perk=f["perk"]),
    "chaos": lambda f, v: _chaos(f, v),
    "chaos_revealed": lambda f, v: _("Revealed: {effect}.").format(effect=_(_CHAOS[f["effect"]])),
    "march_death": lambda f, v: _("{name} was exhausted: the march of the dead takes them.").format(name=f["name"]),
    "aura": lambda f, v: _("{name} loses {n} energy.").format(name=f["name"], n=f["energy"]),
    "endgame_cycle": lambda f, v: _("No mutual picks in the endgame (a cycle): the endgame repeats."),
    "endgame_no_pair": lambda f, v: _endgame_no_pair(f),
    "endgame_pair": lambda f, v: _("The master's d{d} = {face} picks the pair: {names}.").format(
        d=f["d"], face=f["face"], names=" - ".join(f["names"])),
    "endgame_tie": lambda f, v: _("{names}: a tie at {n}: the endgame repeats.").format(
        names=" - ".join(f["names"]), n=f["successes"]),
    "endgame_point": lambda f, v: _("{name} takes the point: {score}.").format(
        name=f["name"], score=":".join(str(s) for s in f["score"])),
    "endgame_won": lambda f, v: _("{name} wins the endgame ({a} against {b}): {loser} goes AT DEATH.").format(
        name=f["name"], a=f["successes"][0], b=f["successes"][1], loser=f["loser"]),
    "decided_twilight": lambda f, v: _decided(f),
    "legend": lambda f, v: _("{name}: legend {change:+d}, now {unspent} ({total}); free points: {free}.").format(
        name=f["name"], change=f["change"], unspent=f["unspent"], total=f["total"], free=f["free_points"]),
    "verdict": lambda f, v: (_("{name} is executed.") if f["choice"] == "execute" else
                             _("{name} is spared and will return.")).format(name=f["name"]),
    "betrayal": lambda f, v: _("{name} turns on {target}: the alliance ends, {name} fights alone from now on.")
    .format(name=f["name"], target=f["target"]),
    "legend_helper": lambda f, v: _("d{d} = {face}: the phantom of {helper} comes to help {name}.").format(
        d=f["d"], face=f["face"], helper=f["helper"], name=f["name"]),
    "random_kit": lambda f, v: _("Random weapons: d{d} = {face}: everyone fights with {weapon} ({dice}d6 + "
                                 "{stat}, {damage} damage a success) and armor {armor}d6.").format(
        d=f["d"], face=f["face"], weapon=f["weapon"], dice=f["dice"], stat=_(_STATS[f["stat"]]), damage=f["damage"],
        armor=f["armor"]),
    "legends_none": lambda f, v: _("Legends of the arena: nobody has died here yet; no phantom comes."),
    "surrendered": lambda f, v: _("{name} surrenders and loses {lost} legend.").format(name=f["name"], lost=f["lost"]),
}


def _at_death(f: Fields) -> str:
    if "d100" not in f:
        why = _("Twilight of the Gods") if f.get("why") == "gods" else pgettext("perk", "the samurai")
        return _("{name} is AT DEATH: {why}, death without a roll.").format(name=f["name"], why=why)
    verdict = _("dies") if f["died"] else _("lives, bleeding out")
    return _("{name} is AT DEATH: d100 = {d100}: {verdict}.").format(name=f["name"], d100=f["d100"], verdict=verdict)


def _endgame_no_pair(f: Fields) -> str:
    line = _("No mutual picks and no cycle in the endgame: the endgame repeats.")
    if f.get("idle"):
        line += " " + _("No endgame roll from: {names}.").format(names=", ".join(f["idle"]))
    return line


def _chaos(f: Fields, view: View) -> str:
    if view.public:
        if not f.get("effect") or f.get("hidden"):
            return _("Twilight: nothing unusual this round.")
        return _("Twilight: {effect}.").format(effect=_(_CHAOS[f["effect"]]))
    if not f.get("effect"):
        return _("Twilight: d10 = {d10}, nothing unusual.").format(d10=f["d10"])
    line = _("Twilight: d10 = {d10}, effect d10 = {face}: {effect}.").format(
        d10=f["d10"], face=f["face"], effect=_(_CHAOS[f["effect"]]))
    if f.get("hidden"):
        line += " " + _("Hidden from the players until the round ends.")
    return line


def _decided(f: Fields) -> str:
    if f.get("draw"):
        return _("A draw: {names} take half the reward.").format(names=", ".join(f["winners"]))
    if not f["winners"]:
        return _("Nobody wins.")
    return _("The winner: {names}.").format(names=", ".join(f["winners"]))


MESSAGES: Mapping[str, Message] = _MESSAGES
