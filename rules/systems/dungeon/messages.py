"""The words for the dungeon's events (see rules.core.messages for the shape)."""

from __future__ import annotations

from rules.core.messages import (
    Fields,
    Message,
    View,
    actions_text,
    hp_text,
    natural,
    players_version,
    signed_terms,
    status_news,
)
from rules.i18n import _


def _initiative(f: Fields, view: View) -> str:
    tie = " (a tie goes to the enemies)" if f["party_roll"] == f["enemy_roll"] else ""
    return (f"Initiative: party d6 = {f['party_roll']}, enemies d6 = {f['enemy_roll']}: "
            f"the {f['first']} side acts first{tie}.")


def _hit(f: Fields, view: View) -> str:
    verdict = "hit" if f["hit"] else "miss"
    reach = f", {f['distance']} of {f['reach']} cells" if f.get("distance") is not None else ""
    return (f"{f['attacker']} attacks {f['target']} ({f['attack']}{reach}): "
            f"d20 {f['die']}{signed_terms(f['modifiers'])}"
            f" = {f['total']} vs dodge {f['target_number']}: {verdict}{natural(f)}.")


def _left(f: Fields) -> str:
    return f"; {actions_text(f['actions'])} left" if f.get("actions") is not None else ""


def _posture(f: Fields, view: View) -> str:
    return f"{f['name']} {'drops prone' if f['prone'] else 'stands up'}{_left(f)}."


@players_version("target", "knocked_down")
def _knock(f: Fields, view: View) -> str | None:
    if view.hides(f["attacker"]):
        # the players see their friend fall, not who pushed or what was rolled
        return _("Someone knocks {target} down.").format(target=f["target"]) if f["knocked_down"] else None
    if f["resist"] == "save":
        roll = f"{f['target']} saves with d10 {f['target_die']} vs {f['target_total']}"
    else:
        roll = (f"d20 {f['attacker_die']} + body = {f['attacker_total']} vs {f['target']}'s "
                f"d20 {f['target_die']} + body = {f['target_total']}")
    verdict = f"{f['target']} falls prone" if f["knocked_down"] else f"{f['target']} keeps its feet"
    return f"{f['attacker']} tries to knock {f['target']} down: {roll}: {verdict}{_left(f)}."


def _push(f: Fields, view: View) -> str:
    where = (f": {f['cell_before'][0]},{f['cell_before'][1]} -> {f['cell_after'][0]},{f['cell_after'][1]}"
             if f.get("cell_after") else "")
    return f"{f['pusher']} pushes {f['target']}{where}{_left(f)}."


def _action(f: Fields, view: View) -> str:
    what = f"{f['action_name']} ({f['what']})" if f.get("action_name") else f["what"]
    return f"{f['name']}: {what} ({actions_text(f['actions'])} left)."


def _party_order(f: Fields, view: View) -> str:
    when = "" if f.get("now") is not False else " from the end of the party's turns this round"
    return f"The party's agreed order{when}: {', '.join(f['order'])}."


def _treated(f: Fields, view: View) -> str:
    kept = f"; {', '.join(f['kept'])} cannot be treated" if f.get("kept") else ""
    return f"{f['name']} uses a {f['kit']}: {', '.join(f['removed'])} treated{kept}."


def _damage(f: Fields, view: View) -> str:
    dice = f"{f['count']}d{f['sides']}" + (f" + extra d{f['sides']}" if f.get("extra_die") else "")
    faces = "+".join(map(str, f["dice"]))
    terms = signed_terms([{"amount": f["body"], "reason": "body"}, {"amount": f["bonus"], "reason": "bonus"},
                          {"amount": -f["armor"], "reason": "armor"}])
    return f"Damage: {dice} ({faces}){terms} = {f['dealt']}."


def _move(f: Fields, view: View) -> str:
    n = f["move_actions"]
    return (f"{f['name']} moves {f['cells']} cells (speed {f['speed']}): {n} move action{'s' if n != 1 else ''}; "
            f"{actions_text(f['actions'])} left.")


def _bought(f: Fields, view: View) -> str:
    free = ", 1 free move" if f.get("free_move") else ""
    return (f"{f['name']} buys {f['ability_name']} (fatigue {f['fatigue_before']} -> {f['fatigue_after']} of "
            f"{f['fatigue_max']}); {actions_text(f['actions'])} left{free}.")


def _rally(f: Fields, view: View) -> str:
    return (f"{f['name']} rallies: {f['body']} body + d4 {f['die']} = {f['rolled']}; HP {f['hp_before']} -> "
            f"{f['hp_after']}; fatigue {f['fatigue_before']} -> {f['fatigue_after']}; "
            f"{actions_text(f['actions'])} left.")


def _check(f: Fields, view: View) -> str:
    label = f"{f['skill_name']} ({f['stat']})" if f.get("skill_name") else f["stat"]
    verdict = "success" if f["passed"] else "failure"
    return (f"{f['name']}: {label} check: d20 {f['die']}{signed_terms(f['modifiers'])} = {f['total']} "
            f"vs {f['dc']}: {verdict}{natural(f)}.")


def _rest(f: Fields, view: View) -> str:
    if not f["rested"]:
        return f"{f['name']} has no ration: the {f['rest']} rest does nothing."
    parts = [f"{p['resource']} {p['before']} -> {p['after']}" for p in f["changes"]]
    return f"{f['name']}: {f['rest']} rest: {'; '.join(parts)}."


MESSAGES: dict[str, Message] = {
    "turn": lambda f, v: f"Turn: {f['name']} ({actions_text(f['actions'])}).",
    "ambush": lambda f, v: f"Ambush: the {f['side']} side acts first.",
    "initiative": _initiative,
    "hit_roll": _hit,
    "damage": _damage,
    "actions_left": lambda f, v: f"{f['name']}: {actions_text(f['actions'])} left.",
    "action": _action,
    "posture": _posture,
    "knock": _knock,
    "push": _push,
    "placed": lambda f, v: (f"{f['name']} stands on {f['cell'][0]},{f['cell'][1]}." if f.get("cell")
                            else f"{f['name']} is off the grid."),
    "party_order": _party_order,
    "treated": _treated,
    "move": _move,
    "fatigue_bought": _bought,
    "rally": _rally,
    "master_damage": lambda f, v: f"{f['name']} takes {f['amount']} damage ({hp_text(f, v)}){status_news(f)}.",
    "master_heal": lambda f, v: f"{f['name']} heals {f['amount']} ({hp_text(f, v)}){status_news(f)}.",
    "check": _check,
    "save": lambda f, v: (f"{f['name']}: {f['stat']} save: d10 {f['die']} vs {f['target']}: "
                          f"{'saved' if f['passed'] else 'failed'}."),
    "rest": _rest,
}
