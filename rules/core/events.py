"""Typed events: what an operation did, with every number, for renderers and scripts.

An event is a kind (``"hit_roll"``, ``"damage"``, ``"health"`` ...), the
combatants it concerns (so the players' version can leave out what concerns
hidden ones) and its fields: TOML-safe values only (str, int, bool, lists
and tables of them), never None.  Text for people is made from events by the
interface, once per format and language; JSON carries them as they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from rules.dice.datatypes import datatype, field
from rules.i18n import _


@datatype(frozen=True)
class Event:
    """One thing that happened, with every number: its words come from a message table."""

    kind: str
    about: tuple[str, ...] = ()
    fields: Mapping[str, Any] = field(default_factory=dict)
    #: fields the players must not see yet (a round's secret declarations)
    secret: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for key, value in self.fields.items():
            if value is None:
                raise ValueError(_("event {kind}: field {key} is None (leave it out instead)").format(
                    kind=self.kind, key=key))
        object.__setattr__(self, "fields", MappingProxyType(dict(self.fields)))
        object.__setattr__(self, "about", tuple(self.about))
        object.__setattr__(self, "secret", tuple(self.secret))

    def public(self) -> Event:
        """The event as the players may see it: its secret fields left out."""
        if not self.secret:
            return self
        return Event(self.kind, self.about, {k: v for k, v in self.fields.items() if k not in self.secret})

    def record(self) -> dict[str, Any]:
        """The event as one journal/JSON table."""
        out: dict[str, Any] = {"kind": self.kind}
        for k, v in self.fields.items():
            out[k] = v if type(v) in _SCALARS else _plain(v)
        if self.secret:
            # the journal keeps the whole event; its players' version (log --public) leaves these out
            out["secret"] = list(self.secret)
        return out


#: values of these very types are taken as they are, without an ABC check: every one of a
#: round's hundred events becomes a record, its posted dice and all
_SCALARS = frozenset((str, int, bool, float))


def _plain(value: Any) -> Any:
    if type(value) in _SCALARS:
        return value
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def health_fields(change: Any) -> dict[str, Any]:
    """The fields of a ``health`` event from a HealthChange."""
    return {
        "name": change.name, "amount": change.amount, "hp_before": change.hp_before,
        "hp_after": change.hp_after, "status_before": change.status_before,
        "status_after": change.status_after,
    }
