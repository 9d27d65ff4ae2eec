"""What a system's verify hook works with: a journal event's records, recomputed.

A system may keep a ``verify`` module next to its rules (``rules/systems/<id>/verify.py``)
with ``CHECKS``: event kind -> ``check(record, records)``, which yields one sentence for
each result of ``record`` that does not follow from its own dice and inputs.  ``records``
are all the records of the same journal event, for results that compare rolls (a best
defense, a counter against the attacks it met).

A check says nothing about a record it cannot read (a field missing, or of another
type): the journal's shape is checked elsewhere, and a players' record may have lost
fields on purpose.  Checks are pure: they read the records and return words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

Record = Mapping[str, Any]
Check = Callable[[Record, list[Record]], Iterable[str]]

#: the fields that name who a record is about, most telling first (for "where" in a report)
WHO_KEYS = ("attacker", "roller", "name", "defender", "source", "target")


def whole(record: Record, *keys: str) -> tuple[int, ...] | None:
    """The values of ``keys`` when every one is a whole number (bool is not), else None."""
    values = tuple(record.get(k) for k in keys)
    return values if all(type(v) is int for v in values) else None  # type: ignore[return-value]


def faces(value: object, sides: int | None = None) -> list[int] | None:
    """A list of die faces (each within 1..``sides`` when given), else None."""
    if not isinstance(value, list) or not all(type(v) is int for v in value):
        return None
    if sides is not None and not all(1 <= v <= sides for v in value):
        return None
    return value


def amounts(terms: object) -> int | None:
    """The sum of ``[{amount, reason}]`` modifiers, or None when one has no whole amount."""
    if not isinstance(terms, list):
        return None
    total = 0
    for term in terms:
        amount = term.get("amount") if isinstance(term, Mapping) else None
        if type(amount) is not int:
            return None
        total += amount
    return total


def flag(record: Record, key: str) -> bool | None:
    value = record.get(key)
    return value if isinstance(value, bool) else None


def others(records: list[Record], kind: str, **match: Any) -> Iterator[Record]:
    """The records of ``kind`` in the same event whose fields equal ``match``."""
    for r in records:
        if r.get("kind") == kind and all(r.get(k) == v for k, v in match.items()):
            yield r


def actor_of(record: Record) -> str | None:
    """Whom the record is about first (the attacker, the roller, the one named)."""
    return next((record[k] for k in WHO_KEYS if isinstance(record.get(k), str) and record[k]), None)


def recheck_event(checks: Mapping[str, Check], records: list[Record]) -> list[tuple[int, str]]:
    """Every finding of ``checks`` on one event's records: (record index, sentence)."""
    out: list[tuple[int, str]] = []
    for i, record in enumerate(records):
        check = checks.get(str(record.get("kind")))
        if check is not None:
            out.extend((i, text) for text in check(record, records))
    return out
