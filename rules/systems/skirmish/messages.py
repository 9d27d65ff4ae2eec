"""The words for the skirmish's events (see rules.core.messages for the shape).

Every text goes through ``rules.i18n`` with named placeholders, so a
translation may order a sentence as its language needs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules.core.messages import (
    Fields,
    Message,
    View,
    healed,
    health_message,
    health_word,
    nothing_healed,
    players_version,
    tick_message,
)
from rules.i18n import N_, _, ngettext, pgettext

#: the reasons a roll's terms carry, marked for the catalog
REASONS = {
    "accuracy": N_("accuracy"), "ranged": N_("ranged"), "defense": N_("defense"),
    "dexterity": N_("dexterity"), "wind": N_("wind"), "rain": N_("rain or snow"), "terrain": N_("terrain"),
    "target dexterity": N_("target's dexterity"), "dash": N_("dash"), "bonus": N_("bonus"),
}

#: the answers to an attack
ANSWERS = {"block": N_("blocks"), "dodge": N_("dodges"), "miss": N_("rolls to make it miss"),
           "none": N_("takes it")}

#: effect names the seed gives words to
EFFECTS = {"bleeding": N_("bleeding"), "poison": N_("poison"), "stun": N_("stun"), "burning": N_("burning")}

#: the pools a cost comes from (SK-EXH-1)
POOLS = {"mp": N_("MP"), "st": N_("st")}

BANDS = {"nothing": N_("nothing breaks"), "worn": N_("-1 durability"),
         "damaged": N_("-2 durability, -1 to its other values (def and dexterity -0.1)"),
         "crippled": N_("-3 durability, its other values halved"), "destroyed": N_("destroyed")}


def _number(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _terms(terms: Iterable[Mapping[str, Any]]) -> str:
    parts = []
    for term in terms:
        amount = term["amount"]
        sign = "+" if amount >= 0 else "-"
        reason = _(REASONS.get(term["reason"], term["reason"]))
        parts.append(f" {sign} {abs(amount)} {reason}")
    return "".join(parts)


def _faces(f: Fields) -> str:
    """``d20 14`` or, after rerolls, ``d20 3 -> 14``."""
    faces = f.get("faces") or [f["die"]]
    return "d20 " + " -> ".join(str(face) for face in faces)


def _pool(key: str) -> str:
    return _(POOLS[key]) if key in POOLS else key


def _effect(name: str) -> str:
    return _(EFFECTS[name]) if name in EFFECTS else name


@players_version()
def _initiative(f: Fields, view: View) -> str:
    shown = [r for r in f["rolls"] if view.visible([r["name"]])]
    rolls = "; ".join(_("{name} d20 {die} + {dexterity} = {total}").format(**r) for r in shown)
    return _("Initiative (d20 + dexterity): {rolls}.").format(rolls=rolls)


@players_version("target", "total", "waits", "counter", "shot", "chase")
def _attack(f: Fields, view: View) -> str | None:
    if view.hides(f["target"]):
        return None
    if view.hides(f["attacker"]):
        # the total is what the target's answer must beat: the players need it, not the
        # hidden one's name, die, skill or weapon
        if f["counter"]:
            line = _("Someone counterattacks {target}: {total}.")
        elif f.get("chase"):
            line = _("Someone chases {target} and attacks it as it flees: {total}.")
        elif f["shot"]:
            line = _("Someone shoots at {target}: {total}.")
        else:
            line = _("Someone attacks {target}: {total}.")
        line = line.format(target=f["target"], total=f["total"])
        if f["waits"]:
            line += " " + _("{target} answers: block or dodge.").format(target=f["target"])
        return line
    if f["counter"]:
        template = _("{attacker} counterattacks {target}{weapon}: {dice}{terms} = {total}.")
    elif f.get("chase"):
        template = _("{attacker} chases {target} and attacks it as it flees{weapon}: {dice}{terms} = {total}.")
    elif f["shot"]:
        template = _("{attacker} shoots at {target}{weapon}: {dice}{terms} = {total}.")
    else:
        template = _("{attacker} attacks {target}{weapon}: {dice}{terms} = {total}.")
    weapon = _(" with {weapon}").format(weapon=f["weapon"]) if f.get("weapon") else ""
    line = template.format(attacker=f["attacker"], target=f["target"], weapon=weapon, dice=_faces(f),
                           terms=_terms(f["terms"]), total=f["total"])
    if f["waits"]:
        line += " " + _("{target} answers: block or dodge.").format(target=f["target"])
    return line


@players_version("defender", "how", "item", "die", "faces", "terms", "total", "attack_total", "landed", "tie")
def _defence(f: Fields, view: View) -> str | None:
    if view.hides(f["defender"]):
        return None
    how = _(ANSWERS[f["how"]])
    if f["how"] == "none":
        return _("{defender} {how}.").format(defender=f["defender"], how=how)
    item = _(" with {item}").format(item=f["item"]) if f.get("item") else ""
    verdict = _("the attack lands") if f["landed"] else _("the attack fails")
    tie = _(" (a tie goes to the defender)") if f.get("tie") and not f["landed"] else ""
    return _("{defender} {how}{item}: {dice}{terms} = {total} against {attack}: {verdict}{tie}.").format(
        defender=f["defender"], how=how, item=item, dice=_faces(f), terms=_terms(f["terms"]), total=f["total"],
        attack=f["attack_total"], verdict=verdict, tie=tie)


@players_version("target", "dealt", "hp_before", "hp_after", "status_before", "status_after")
def _hit(f: Fields, view: View) -> str | None:
    if view.hides(f["target"]):
        return None
    condition = health_word(f, view)
    if view.hides(f["attacker"]):
        # the blow, not the hidden one's weapon, dice or strength
        if condition is not None:
            return _("{target} loses {dealt} HP ({condition}).").format(
                target=f["target"], dealt=f["dealt"], condition=condition)
        return _("{target} loses {dealt} HP ({before} -> {after}){news}.").format(
            target=f["target"], dealt=f["dealt"], before=f["hp_before"], after=f["hp_after"], news=_status(f))
    parts = [_number(f["fixed"])] if f["fixed"] or not f.get("dice") else []
    if f.get("dice"):
        parts.append(_("{dice} ({faces})").format(dice=f["dice"], faces="+".join(map(str, f["faces"]))))
    if f["strength"]:
        parts.append(_("{n} strength").format(n=f["strength"]))
    shield = _(" - {n} shield").format(n=_number(f["shield"])) if f["shield"] else ""
    values = {"parts": " + ".join(parts), "damage": _number(f["damage"]), "armour": _number(f["armour"]),
              "shield": shield, "target": f["target"], "dealt": f["dealt"]}
    if condition is not None:
        # the players read a foe's health as the word `fight status --public` gives
        return _("Damage {parts} = {damage} - def {armour}{shield}: {target} loses {dealt} HP ({condition}).").format(
            condition=condition, **values)
    return _("Damage {parts} = {damage} - def {armour}{shield}: {target} loses {dealt} HP "
             "({before} -> {after}){news}.").format(before=f["hp_before"], after=f["hp_after"], news=_status(f),
                                                   **values)


def _status(f: Fields) -> str:
    news: dict[tuple[Any, Any], str] = {
        ("ok", "unconscious"): _(" and falls unconscious"), ("ok", "dead"): _(" and dies"),
        ("unconscious", "dead"): _(" and dies"), ("unconscious", "ok"): _(" and wakes up")}
    return news.get((f.get("status_before"), f.get("status_after")), "")


@players_version("target", "effect", "landed")
def _effect_roll(f: Fields, view: View) -> str | None:
    if view.hides(f["target"]):
        return None
    if view.hides(f.get("source")):
        # a hidden one's weapon: its chance and the d100 are its own; what took hold is not
        return _("{effect} takes hold.").format(effect=_effect(f["effect"])) if f["landed"] else None
    verdict = _("it takes hold") if f["landed"] else _("no effect")
    return _("{effect} {chance}%: d100 {die}: {verdict}.").format(
        effect=_effect(f["effect"]), chance=f["chance"], die=f["die"], verdict=verdict)


def _effect_duration(f: Fields, view: View) -> str:
    return ngettext("{effect} lasts d10 = {n} turn.", "{effect} lasts d10 = {n} turns.", f["turns"]).format(
        effect=_effect(f["effect"]), n=f["turns"])


def _stun_resisted(f: Fields, view: View) -> str:
    if f["resisted"]:
        return _("{target} resists the stun: d100 {die} <= 50.").format(target=f["target"], die=f["die"])
    return _("{target} fails to resist the stun: d100 {die} > 50.").format(target=f["target"], die=f["die"])


def _drop(f: Fields, view: View) -> str:
    verdict = _("drops it") if f["dropped"] else _("keeps it")
    return _("{target} may drop {weapon} ({chance}%): d100 {die}: {verdict}.").format(
        target=f["target"], weapon=f["weapon"], chance=f["chance"], die=f["die"], verdict=verdict)


def _may_counter(f: Fields, view: View) -> str:
    return _("{name} may counterattack {target} out of turn for {cost} st.").format(**f)


def _counter(f: Fields, view: View) -> str:
    return _("{name} counterattacks (number {number} this fight) for {cost} st: st {before} -> {after}.").format(
        name=f["name"], number=f["number"], cost=f["cost"], before=f["st_before"], after=f["st_after"])


def _cover(f: Fields, view: View) -> str:
    verdict = _("the cover is destroyed") if f["destroyed"] else _("the cover holds")
    return _("The shot hits {target}'s cover: d20 {die} + {rating} = {total} against {threshold}: {verdict}.").format(
        target=f["target"], die=f["die"], rating=f["rating"], total=f["total"], threshold=f["threshold"],
        verdict=verdict)


def _cover_set(f: Fields, view: View) -> str:
    if f.get("rating") is None:
        return _("{name} leaves cover.").format(name=f["name"])
    return _("{name} is in cover (destruction rating {rating}): shots hit the cover.").format(
        name=f["name"], rating=f["rating"])


def _breakage(f: Fields, view: View) -> str:
    if "durability_before" in f:
        durability = _(" (durability {before} -> {after})").format(before=f["durability_before"],
                                                                   after=f["durability_after"])
    else:
        durability = ""
    why = _(" (burning)") if f.get("why") == "burning" else ""
    return _("{name}: {item} breakage{why}: d10 {die}: {band}{durability}.").format(
        name=f["name"], item=f["item"], why=why, die=f["die"], band=_(BANDS[f["band"]]), durability=durability)


def _check(f: Fields, view: View) -> str:
    verdict = _("success") if f["passed"] else _("failure")
    bonus = _terms([{"amount": f["bonus"], "reason": "bonus"}]) if f.get("bonus") else ""
    return _("{name}: {stat} check: {dice} + {score}{bonus} = {total} against {dc}: {verdict}.").format(
        name=f["name"], stat=f["stat"], dice=_faces(f), score=f["score"], bonus=bonus, total=f["total"], dc=f["dc"],
        verdict=verdict)


def _extinguish(f: Fields, view: View) -> str:
    who = f["name"] if f["by"] == f["name"] else _("{by} helps {name}").format(by=f["by"], name=f["name"])
    verdict = _("the fire is out") if f["out"] else _("it still burns")
    return _("{who} puts out the fire: d20 {die} against {threshold}: {verdict}.").format(
        who=who, die=f["die"], threshold=f["threshold"], verdict=verdict)


def _flee(f: Fields, view: View) -> str:
    verdict = _("escapes") if f["escaped"] else _("stays in the fight")
    if "chaser" in f:
        return _("{name} flees: d20 {die} + {dex} = {total} against {chaser}'s d20 {chaser_die} + dexterity = "
                 "{chaser_total}: {verdict}.").format(name=f["name"], die=f["die"], dex=f["dexterity"],
                                                     total=f["total"], chaser=f["chaser"],
                                                     chaser_die=f["chaser_die"], chaser_total=f["chaser_total"],
                                                     verdict=verdict)
    return _("{name} flees: d20 {die} + {dex} = {total} against {threshold}: {verdict}.").format(
        name=f["name"], die=f["die"], dex=f["dexterity"], total=f["total"], threshold=f["threshold"],
        verdict=verdict)


def _exhaustion(f: Fields, view: View) -> str:
    penalty = _(" - {n} earlier checks").format(n=f["penalty"]) if f["penalty"] else ""
    if f["passed"]:
        verdict = _("keeps going, paying HP")
    else:
        verdict = ngettext("faints for {n} turn", "faints for {n} turns", f["turns"]).format(n=f["turns"])
    return _("{name}: exhaustion check: d20 {die} + {endurance} endurance{penalty} = {total} against "
             "{difficulty}: {verdict}.").format(name=f["name"], die=f["die"], endurance=f["endurance"],
                                                penalty=penalty, total=f["total"], difficulty=f["difficulty"],
                                                verdict=verdict)


def _cast(f: Fields, view: View) -> str:
    target = _(" on {target}").format(target=f["target"]) if f.get("target") else ""
    pool = _pool(f["pool"])
    if not f["done"]:
        return _("{name} faints before casting {spell}: nothing is spent.").format(name=f["name"], spell=f["spell"])
    paid = _(", {hp} of it with HP").format(hp=f["hp"]) if f.get("hp") else ""
    return _("{name} casts {spell}{target}: {cost} {pool}{paid} ({pool} {before} -> {after}).").format(
        name=f["name"], spell=f["spell"], target=target, cost=f["cost"], pool=pool, paid=paid, before=f["before"],
        after=f["after"])


def _move(f: Fields, view: View) -> str:
    if f.get("walked"):
        return _("{name} moves {metres} m ({left} of {free} free m left this turn): {cost} st, "
                 "st {before} -> {after}.").format(
            name=f["name"], metres=f["metres"], left=f["free_left"], free=f["free"], cost=f["cost"],
            before=f["st_before"], after=f["st_after"])
    return _("{name} moves {metres} m ({free} m free): {cost} st, st {before} -> {after}.").format(
        name=f["name"], metres=f["metres"], free=f["free"], cost=f["cost"], before=f["st_before"],
        after=f["st_after"])


def _dash(f: Fields, view: View) -> str:
    roll = _(", d{accuracy} {die} - {accuracy} on the attack").format(accuracy=f["accuracy"], die=f["die"]) \
        if f["accuracy"] >= 1 else ""
    return _("{name} dashes {metres} m: st {before} -> {after}{roll}.").format(
        name=f["name"], metres=f["metres"], before=f["st_before"], after=f["st_after"], roll=roll)


def _slots(f: Fields, view: View) -> str:
    return _("{name}: {used} weapon slots used ({tucked} short weapons tucked away): stealth {stealth}, "
             "dexterity {dexterity}.").format(name=f["name"], used=f["used"], tucked=f["tucked"],
                                              stealth=f["stealth"], dexterity=f["dexterity"])


def _bandaged(f: Fields, view: View) -> str:
    if f["failed"]:
        return _("{name}'s bandage fails, but the bleeding stops.").format(name=f["name"])
    return _("{name} is bandaged: the bleeding stops.").format(name=f["name"])


def _master_damage(f: Fields, view: View) -> str:
    condition = health_word(f, view)
    if condition is not None:
        return _("{name} takes {amount} damage ({condition}).").format(
            name=f["name"], amount=f["amount"], condition=condition)
    return _("{name} takes {amount} damage (HP {before} -> {after}){news}.").format(
        name=f["name"], amount=f["amount"], before=f["hp_before"], after=f["hp_after"], news=_status(f))


def _master_heal(f: Fields, view: View) -> str:
    nothing = nothing_healed(f, view, pgettext("hit points", "HP"))  # the skirmish's own word: ХП
    if nothing is not None:
        return nothing
    condition = health_word(f, view)
    if condition is not None:
        return _("{name} heals {amount} ({condition}).").format(name=f["name"], amount=healed(f, view),
                                                                 condition=condition)
    return _("{name} heals {amount} (HP {before} -> {after}){news}.").format(
        name=f["name"], amount=healed(f, view), before=f["hp_before"], after=f["hp_after"], news=_status(f))


def _paid(f: Fields, view: View) -> str:
    condition = health_word(f, view)
    if condition is not None:
        return _("{name} pays {points} {pool} with HP ({condition}).").format(
            name=f["name"], points=f["points"], pool=_pool(f["pool"]), condition=condition)
    return _("{name} pays {points} {pool} with HP: HP {before} -> {after}{news}.").format(
        name=f["name"], points=f["points"], pool=_pool(f["pool"]), before=f["hp_before"],
        after=f["hp_after"],
        news=_status(f))


def hp() -> str:
    """The seed's word for hit points (hp): the text the core's sentences ask for, so a
    session of this system reads its own word there too (docs/glossary.md)."""
    return pgettext("hit points", "HP")


MESSAGES: dict[str, Message] = {
    "health": health_message(hp),
    "tick": tick_message(hp),
    "turn": lambda f, v: _("Turn: {name}.").format(name=f["name"]),
    "initiative": _initiative,
    "attack_roll": _attack,
    "defence": _defence,
    "no_defence": lambda f, v: _("{target} {reason} and cannot answer: the attack lands.").format(**f),
    "cover": _cover,
    "cover_set": _cover_set,
    "cast": _cast,
    "gear": lambda f, v: (_("{name}: {item} is now: {values}.") if f["changed"] else _("{name}: {item}: {values}."))
    .format(**f),
    "caught": lambda f, v: _("{name} fell and does not get away.").format(**f),
    "burning_item": lambda f, v: _("{name} burns: {item} rolls for breakage each burning turn.").format(**f),
    "hit": _hit,
    "effect_roll": _effect_roll,
    "effect_duration": _effect_duration,
    "stun_resisted": _stun_resisted,
    "weapon_drop": _drop,
    "may_counter": _may_counter,
    "counter": _counter,
    "dash": _dash,
    "breakage": _breakage,
    "pending_dropped": lambda f, v: _("{attacker}'s attack on {target} was never answered.").format(**f),
    "check": _check,
    "bandaged": _bandaged,
    "extinguish": _extinguish,
    "flee": _flee,
    "exhaustion": _exhaustion,
    "paid_with_hp": _paid,
    "move": _move,
    "picked_up": lambda f, v: _("{name} picks up {weapon}.").format(**f),
    "slots": _slots,
    "master_damage": _master_damage,
    "master_heal": _master_heal,
}
