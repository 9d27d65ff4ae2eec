"""Limits of one expression, checked before any die is rolled."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Limits:
    #: characters in one expression (label included)
    max_length: int = 1000
    #: nested parentheses and unary signs
    max_depth: int = 50
    #: dice in the whole expression, rerolls and explosions included
    max_dice: int = 1000
    #: faces of one die
    max_sides: int = 1_000_000
    #: any number written in the expression
    max_literal: int = 1_000_000_000
    #: any value the expression can reach (fits a signed 64-bit integer,
    #: so it survives TOML and JSON)
    max_value: int = 2**63 - 1


DEFAULT_LIMITS = Limits()
