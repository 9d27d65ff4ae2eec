"""The words for the dungeon's events (see rules.core.messages for the shape)."""

from __future__ import annotations

from rules.core.messages import Fields, Message, View, actions_text, hp_text, natural, signed_terms, status_news


def _initiative(f: Fields, view: View) -> str:
    tie = " (a tie goes to the enemies)" if f["party_roll"] == f["enemy_roll"] else ""
    return (f"Initiative: party d6 = {f['party_roll']}, enemies d6 = {f['enemy_roll']}: "
            f"the {f['first']} side acts first{tie}.")


def _hit(f: Fields, view: View) -> str:
    verdict = "hit" if f["hit"] else "miss"
    return (f"{f['attacker']} attacks {f['target']} ({f['attack']}): d20 {f['die']}{signed_terms(f['modifiers'])}"
            f" = {f['total']} vs dodge {f['target_number']}: {verdict}{natural(f)}.")


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
    "action": lambda f, v: f"{f['name']}: {f['what']} ({actions_text(f['actions'])} left).",
    "move": _move,
    "fatigue_bought": _bought,
    "rally": _rally,
    "master_damage": lambda f, v: f"{f['name']} takes {f['amount']} damage ({hp_text(f)}){status_news(f)}.",
    "master_heal": lambda f, v: f"{f['name']} heals {f['amount']} ({hp_text(f)}){status_news(f)}.",
    "check": _check,
    "save": lambda f, v: (f"{f['name']}: {f['stat']} save: d10 {f['die']} vs {f['target']}: "
                          f"{'saved' if f['passed'] else 'failed'}."),
    "rest": _rest,
}
