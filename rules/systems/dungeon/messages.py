"""The words for the dungeon's events (see rules.core.messages for the shape).

The events store English keys (``body``, ``melee``, ``short``, ``target
prone``); the tables below give their words, so a master reading Russian
sees the seed's own terms (ТЕЛО, РЕАК, ЗД, УСТ, помеха, ближний бой).
"""

from __future__ import annotations

from rules.core.messages import (
    Fields,
    Message,
    View,
    actions_text,
    healed,
    health_message,
    hp_text,
    listed,
    natural,
    nothing_healed,
    players_version,
    signed_terms,
    status_news,
    tick_message,
    words,
)
from rules.i18n import N_, _, ngettext, pgettext
from rules.systems.dungeon.checks import SKILLS
from rules.systems.dungeon.fatigue import FATIGUE_ABILITIES

#: what the dungeon looks names up as (rules.core.errors translates the kind)
KINDS = (N_("fatigue ability"), N_("stat to modify"), N_("attack situation"), N_("item kind"))

#: the seed's names of the stats and the resources, as the events store them
STAT_WORDS = {
    "body": N_("body"),
    "reaction": N_("reaction"),
    "mind": N_("mind"),
    "charisma": N_("charisma"),
}
RESOURCE_WORDS = {
    "hp": N_("HP"),
    "fatigue": N_("fatigue"),
    "mp": N_("MP"),
    "rations": N_("rations"),
}
#: the reasons of a roll's modifiers (rules.systems.dungeon.situations)
REASON_WORDS = {
    **STAT_WORDS,
    "bonus": N_("bonus"),
    "armor": N_("armor"),
    "target prone": N_("target prone"),
    "target in cover": N_("target in cover"),
    "attacker prone": N_("attacker prone"),
    "dim light": N_("dim light"),
    "darkness": N_("darkness"),
    "target invisible": N_("target invisible"),
    "advantage": N_("advantage"),
    "disadvantage": N_("disadvantage"),
    "advantage bought with fatigue": N_("advantage bought with fatigue"),
    "advantage cap": N_("advantage cap"),
}
_ATTACK_WORDS = {"melee": N_("melee"), "ranged": N_("ranged")}
_REST_TEXT = {
    "short": (N_("{name}: short rest: {changes}."), N_("{name} has no ration: the short rest does nothing.")),
    "long": (N_("{name}: long rest: {changes}."), N_("{name} has no ration: the long rest does nothing.")),
}


def hp() -> str:
    """The seed's word for hit points (ЗД); the same text the core's sentences ask for, so in a
    dungeon session they read ЗД too (docs/glossary.md)."""
    return pgettext("hit points", "HP")


def stat(key: str) -> str:
    return words(STAT_WORDS, key)


def _terms(modifiers: list[Fields]) -> str:
    return signed_terms(modifiers, REASON_WORDS)


def _initiative(f: Fields, view: View) -> str:
    text = {
        ("party", False): N_("Initiative: party d6 = {party}, enemies d6 = {enemies}: the party side acts first."),
        ("enemy", False): N_("Initiative: party d6 = {party}, enemies d6 = {enemies}: the enemy side acts first."),
        ("enemy", True): N_("Initiative: party d6 = {party}, enemies d6 = {enemies}: "
                            "the enemy side acts first (a tie goes to the enemies)."),
    }[(f["first"], f["party_roll"] == f["enemy_roll"])]
    return _(text).format(party=f["party_roll"], enemies=f["enemy_roll"])


@players_version("target", "attack", "hit")
def _hit(f: Fields, view: View) -> str | None:
    if view.hides(f["target"]):
        return None
    attack = words(_ATTACK_WORDS, f["attack"])
    if view.hides(f["attacker"]):
        # the players see the blow land on them, not the hidden one's name, die or stats
        text = (_("Someone attacks {target} ({attack}): hit.") if f["hit"]
                else _("Someone attacks {target} ({attack}): miss."))
        return text.format(target=f["target"], attack=attack)
    if f.get("distance") is not None:
        attack = ngettext("{attack}, {distance} of {reach} cell", "{attack}, {distance} of {reach} cells",
                          f["reach"]).format(attack=attack, distance=f["distance"], reach=f["reach"])
    text = (_("{attacker} attacks {target} ({attack}): d20 {die}{terms} = {total} vs dodge {dodge}: hit{natural}.")
            if f["hit"] else
            _("{attacker} attacks {target} ({attack}): d20 {die}{terms} = {total} vs dodge {dodge}: miss{natural}."))
    return text.format(attacker=f["attacker"], target=f["target"], attack=attack, die=f["die"],
                       terms=_terms(f["modifiers"]), total=f["total"], dodge=f["target_number"], natural=natural(f))


def _left(f: Fields) -> str:
    return _("; {actions} left").format(actions=actions_text(f["actions"])) if f.get("actions") is not None else ""


def _posture(f: Fields, view: View) -> str:
    text = _("{name} drops prone{left}.") if f["prone"] else _("{name} stands up{left}.")
    return text.format(name=f["name"], left=_left(f))


@players_version("target", "knocked_down")
def _knock(f: Fields, view: View) -> str | None:
    if view.hides(f["attacker"]):
        # the players see their friend fall, not who pushed or what was rolled
        return _("Someone knocks {target} down.").format(target=f["target"]) if f["knocked_down"] else None
    if f["resist"] == "save":
        roll = _("{target} saves with d10 {die} vs {total}").format(
            target=f["target"], die=f["target_die"], total=f["target_total"])
    else:
        roll = _("d20 {die} + body = {total} vs {target}'s d20 {target_die} + body = {target_total}").format(
            die=f["attacker_die"], total=f["attacker_total"], target=f["target"], target_die=f["target_die"],
            target_total=f["target_total"])
    text = (_("{attacker} tries to knock {target} down ({roll}): {target} falls prone{left}.") if f["knocked_down"]
            else _("{attacker} tries to knock {target} down ({roll}): {target} keeps its feet{left}."))
    return text.format(attacker=f["attacker"], target=f["target"], roll=roll, left=_left(f))


def _push(f: Fields, view: View) -> str:
    if f.get("cell_after"):
        (x0, y0), (x1, y1) = f["cell_before"], f["cell_after"]
        return _("{pusher} pushes {target}: {x0},{y0} -> {x1},{y1}{left}.").format(
            pusher=f["pusher"], target=f["target"], x0=x0, y0=y0, x1=x1, y1=y1, left=_left(f))
    return _("{pusher} pushes {target}{left}.").format(pusher=f["pusher"], target=f["target"], left=_left(f))


def _action(f: Fields, view: View) -> str:
    what = f["what"]
    if f.get("action_name"):
        what = _("{action} ({what})").format(action=_(f["action_name"]), what=what)
    return _("{name}: {what} ({actions} left).").format(name=f["name"], what=what, actions=actions_text(f["actions"]))


def _party_order(f: Fields, view: View) -> str:
    if f.get("now") is not False:
        return _("The party's agreed order: {order}.").format(order=listed(f["order"]))
    return _("The party's agreed order from the end of the party's turns this round: {order}.").format(
        order=listed(f["order"]))


def _treated(f: Fields, view: View) -> str:
    if f.get("kept"):
        return _("{name} uses a {kit}: {removed} treated; {kept} cannot be treated.").format(
            name=f["name"], kit=f["kit"], removed=listed(f["removed"]), kept=listed(f["kept"]))
    return _("{name} uses a {kit}: {removed} treated.").format(name=f["name"], kit=f["kit"],
                                                               removed=listed(f["removed"]))


@players_version("target", "dealt")
def _damage(f: Fields, view: View) -> str | None:
    if view.hides(f["target"]):
        return None
    if view.hides(f["source"]):
        return _("Damage: {dealt}.").format(dealt=f["dealt"])
    dice = (_("{count}d{sides} + extra d{sides}") if f.get("extra_die") else _("{count}d{sides}")).format(
        count=f["count"], sides=f["sides"])
    faces = "+".join(map(str, f["dice"]))
    terms = _terms([{"amount": f["body"], "reason": "body"}, {"amount": f["bonus"], "reason": "bonus"},
                    {"amount": -f["armor"], "reason": "armor"}])
    return _("Damage: {dice} ({faces}){terms} = {dealt}.").format(dice=dice, faces=faces, terms=terms,
                                                                  dealt=f["dealt"])


def _move(f: Fields, view: View) -> str:
    cells = ngettext("{name} moves {n} cell (speed {speed})", "{name} moves {n} cells (speed {speed})",
                     f["cells"]).format(name=f["name"], n=f["cells"], speed=f["speed"])
    moves = ngettext("{n} move action", "{n} move actions", f["move_actions"]).format(n=f["move_actions"])
    return _("{moved}: {moves}; {actions} left.").format(moved=cells, moves=moves, actions=actions_text(f["actions"]))


def _bought(f: Fields, view: View) -> str:
    text = (_("{name} buys {ability} (fatigue {before} -> {after} of {top}); {actions} left, 1 free move.")
            if f.get("free_move") else
            _("{name} buys {ability} (fatigue {before} -> {after} of {top}); {actions} left."))
    return text.format(name=f["name"], ability=_ability(f), before=f["fatigue_before"], after=f["fatigue_after"],
                       top=f["fatigue_max"], actions=actions_text(f["actions"]))


def _ability(f: Fields) -> str:
    for ability in FATIGUE_ABILITIES:
        if ability.key == f.get("ability"):
            return _(ability.name_en).lower()
    return str(f["ability_name"])


def _rally(f: Fields, view: View) -> str:
    return _("{name} rallies: {body} body + d4 {die} = {rolled}; {hp}; fatigue {before} -> {after}; "
             "{actions} left.").format(
        name=f["name"], body=f["body"], die=f["die"], rolled=f["rolled"], hp=hp_text(f, view, hp()),
        before=f["fatigue_before"], after=f["fatigue_after"], actions=actions_text(f["actions"]))


def _skill(f: Fields) -> str:
    for skill in SKILLS:
        if skill.key == f.get("skill"):
            return _(skill.name_en)
    return str(f["skill_name"])


def _check(f: Fields, view: View) -> str:
    label = (_("{skill} ({stat})").format(skill=_skill(f), stat=stat(f["stat"])) if f.get("skill_name")
             else stat(f["stat"]))
    text = (_("{name}: {label} check: d20 {die}{terms} = {total} vs {dc}: success{natural}.") if f["passed"]
            else _("{name}: {label} check: d20 {die}{terms} = {total} vs {dc}: failure{natural}."))
    return text.format(name=f["name"], label=label, die=f["die"], terms=_terms(f["modifiers"]), total=f["total"],
                       dc=f["dc"], natural=natural(f))


def _save(f: Fields, view: View) -> str:
    text = (_("{name}: {stat} save: d10 {die} vs {target}: saved.") if f["passed"]
            else _("{name}: {stat} save: d10 {die} vs {target}: failed."))
    return text.format(name=f["name"], stat=stat(f["stat"]), die=f["die"], target=f["target"])


def _rest(f: Fields, view: View) -> str:
    rested, hungry = _REST_TEXT.get(f["rest"], (N_("{name}: {rest} rest: {changes}."),
                                                N_("{name} has no ration: the {rest} rest does nothing.")))
    if not f["rested"]:
        return _(hungry).format(name=f["name"], rest=f["rest"])
    parts = [_("{resource} {before} -> {after}").format(
        resource=hp() if p["resource"] == "hp" else words(RESOURCE_WORDS, p["resource"]),
        before=p["before"], after=p["after"]) for p in f["changes"]]
    return _(rested).format(name=f["name"], rest=f["rest"], changes="; ".join(parts))


def _cast(f: Fields, view: View) -> str:
    target = _(" on {target}").format(target=f["target"]) if f.get("target") else ""
    values = {"name": f["name"], "spell": f["spell"], "target": target, "cost": f["cost"], "before": f["before"],
              "after": f["after"], "top": f["top"]}
    if "actions" in f:
        return _("{name} casts {spell}{target}: {cost} MP (MP {before} -> {after} of {top}); {actions} left.").format(
            actions=actions_text(f["actions"]), **values)
    return _("{name} casts {spell}{target}: {cost} MP (MP {before} -> {after} of {top}).").format(**values)


def _placed(f: Fields, view: View) -> str:
    if f.get("cell"):
        return _("{name} stands on {x},{y}.").format(name=f["name"], x=f["cell"][0], y=f["cell"][1])
    return _("{name} is off the grid.").format(name=f["name"])


def _ambush(f: Fields, view: View) -> str:
    text = {"party": N_("Ambush: the party side acts first."), "enemy": N_("Ambush: the enemy side acts first.")}
    return _(text[f["side"]])


MESSAGES: dict[str, Message] = {
    "turn": lambda f, v: _("Turn: {name} ({actions}).").format(name=f["name"], actions=actions_text(f["actions"])),
    "ambush": _ambush,
    "initiative": _initiative,
    "hit_roll": _hit,
    "damage": _damage,
    "actions_left": lambda f, v: _("{name}: {actions} left.").format(name=f["name"],
                                                                      actions=actions_text(f["actions"])),
    "action": _action,
    "posture": _posture,
    "knock": _knock,
    "push": _push,
    "placed": _placed,
    "party_order": _party_order,
    "treated": _treated,
    "move": _move,
    "cast": _cast,
    "fatigue_bought": _bought,
    "rally": _rally,
    "master_damage": lambda f, v: _("{name} takes {amount} damage ({hp}){news}.").format(
        name=f["name"], amount=f["amount"], hp=hp_text(f, v, hp()), news=status_news(f)),
    "master_heal": lambda f, v: nothing_healed(f, v, hp()) or _("{name} heals {amount} ({hp}){news}.").format(
        name=f["name"], amount=healed(f, v), hp=hp_text(f, v, hp()), news=status_news(f)),
    "check": _check,
    "save": _save,
    "rest": _rest,
    "health": health_message(hp),
    "tick": tick_message(hp),
}
