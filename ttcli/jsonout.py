"""JSON shapes of outcomes (inside the versioned envelope of render.envelope)."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.dice import to_text

if TYPE_CHECKING:
    from rules.dice import Roll, RolledDie


def to_plain(value: Any) -> Any:
    """TOML values -> JSON values (dates and times become ISO strings)."""
    if isinstance(value, (_dt.datetime, _dt.date, _dt.time)):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {k: to_plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [to_plain(v) for v in value]
    return value


def die_json(d: RolledDie) -> dict:
    out = {
        "sides": d.sides,
        "face": d.face,
        "kept": d.kept,
        "rerolled": d.rerolled,
        "exploded": d.exploded,
        "extra": d.extra,
        "success": d.success,
        "failure": d.failure,
        "origin": d.origin,
    }
    if d.counter is not None:
        out["counter"] = d.counter
    return out


def roll_json(r: Roll) -> dict:
    groups = []
    for g in r.groups:
        groups.append({
            "term": g.node.text,
            "value": g.value,
            "successes": g.successes,
            "failures": g.failures,
            "capped": g.capped,
            "dice": [die_json(d) for d in g.dice],
        })
    if r.kind == "percent":
        groups.append({"term": r.text, "value": r.value, "successes": None, "failures": None,
                       "capped": False, "dice": [die_json(d) for d in r.dice]})
    return {
        "expression": r.text,
        "label": r.label,
        "kind": r.kind,
        "value": r.value,
        "passed": r.passed,
        "text": to_text(r),
        "groups": groups,
    }
