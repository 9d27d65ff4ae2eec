"""What an undo or a redo changed, in words: the session before and after, compared.

Undo restores an exact earlier file (hand edits included), so the honest account of
what it took back is the difference between the two documents, not a guess at which
command made them differ.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.i18n import _, ngettext

from .roster import field_word, value_word

#: how many lines an account gives before it only counts the rest
MOST = 12


def _values(table: Mapping[str, Any]) -> dict[str, Any]:
    """A combatant's values a master reads: current values, stats, side, status, hidden, effects."""
    flat: dict[str, Any] = {}
    for where in ("resources", "stats"):
        part = table.get(where)
        if isinstance(part, Mapping):
            flat.update(part)
    for key in ("side", "status", "hidden"):
        if key in table:
            flat[key] = table[key]
    data = table.get("data")
    if isinstance(data, Mapping):
        flat.update({key: value for key, value in data.items() if not isinstance(value, (Mapping, list))})
    effects = table.get("effects")
    if isinstance(effects, list):
        flat["effects"] = ", ".join(str(e.get("name", "?")) for e in effects if isinstance(e, Mapping)) or "-"
    return flat


def _turn(fight: Any) -> dict[str, Any]:
    """The current turn's plain values (actions, spent ...), the actor left out."""
    turn = fight.get("turn") if isinstance(fight, Mapping) else None
    if not isinstance(turn, Mapping):
        return {}
    return {key: value for key, value in turn.items() if key != "actor" and not isinstance(value, (Mapping, list))}


def _fight_words(fight: Any) -> str:
    if not isinstance(fight, Mapping):
        return _("no fight")
    turn = fight.get("turn")
    actor = turn.get("actor") if isinstance(turn, Mapping) else None
    if actor:
        return _("round {round}, {actor}'s turn").format(round=fight.get("round", "?"), actor=actor)
    return _("round {round}").format(round=fight.get("round", "?"))


def what_changed(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """Lines saying how ``after`` differs from ``before``: the fight, then each combatant."""

    lines: list[str] = []
    fight_before, fight_after = _fight_words(before.get("fight")), _fight_words(after.get("fight"))
    if fight_before != fight_after:
        lines.append(_("fight: {old} -> {new}").format(old=fight_before, new=fight_after))
    else:
        old_turn, new_turn = _turn(before.get("fight")), _turn(after.get("fight"))
        changed = [_("{key} {old} -> {new}").format(key=key, old=old_turn.get(key, "-"), new=new_turn.get(key, "-"))
                   for key in dict.fromkeys([*old_turn, *new_turn]) if old_turn.get(key) != new_turn.get(key)]
        if changed:
            lines.append(_("{fight}: {changes}").format(fight=fight_after, changes=", ".join(changed)))
    old_roster = before.get("combatants", {}) or {}
    new_roster = after.get("combatants", {}) or {}
    gone = [name for name in old_roster if name not in new_roster]
    back = [name for name in new_roster if name not in old_roster]
    if gone:
        lines.append(_("removed: {names}").format(names=", ".join(gone)))
    if back:
        lines.append(_("back: {names}").format(names=", ".join(back)))

    system = after.get("system") if isinstance(after.get("system"), str) else None

    def shown(values: Mapping[str, Any], key: str) -> str:
        return value_word(key, values[key]) if key in values else "-"

    for name in (n for n in new_roster if n in old_roster):
        old, new = _values(old_roster[name]), _values(new_roster[name])
        changed = [_("{key} {old} -> {new}").format(key=field_word(key, system), old=shown(old, key),
                                                      new=shown(new, key))
                   for key in dict.fromkeys([*old, *new]) if old.get(key) != new.get(key)]
        if changed:
            lines.append(_("{name}: {changes}").format(name=name, changes=", ".join(changed)))
    if not lines and before != after:
        lines.append(_("settings or other data changed"))
    if not lines:
        lines.append(_("nothing changed in the session (a roll or a check leaves it as it was)"))
    if len(lines) > MOST:
        rest = len(lines) - MOST
        lines = lines[:MOST] + [ngettext("... and {count} more change", "... and {count} more changes", rest)
                                .format(count=rest)]
    return lines
