"""Limits of one expression, checked before any die is rolled."""

from __future__ import annotations

from dataclasses import dataclass

# The parser, roller and stringifier recurse a few frames per nesting level:
# past this the interpreter's own stack limit would be hit before ours.
MAX_DEPTH_CEILING = 100


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

    def __post_init__(self) -> None:
        for name in ("max_length", "max_depth", "max_dice", "max_sides", "max_literal", "max_value"):
            if getattr(self, name) < 1:
                raise ValueError(f"Limits.{name} must be at least 1")
        if self.max_depth > MAX_DEPTH_CEILING:
            raise ValueError(f"Limits.max_depth must be at most {MAX_DEPTH_CEILING}")


DEFAULT_LIMITS = Limits()
