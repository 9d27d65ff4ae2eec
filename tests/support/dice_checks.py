"""What any dice text must give: a roll that prints, or one clear DiceError pointing into the text."""

from __future__ import annotations

from typing import Any

from rules.dice import DiceError, roll_text, to_text
from rules.dice.sources import RandomSource


def roll_or_error(text: str) -> Any:
    """The roll of ``text`` (None when it is refused), after checking the refusal names the text,
    a place within it and a kind of error, or that the roll prints and stays within 1,000 dice."""
    try:
        r = roll_text(text, RandomSource(7))
    except DiceError as e:
        assert e.text == text
        assert e.position is None or 0 <= e.position <= len(text), (text, e.position)
        assert e.kind in ("syntax", "limit", "math", "given")
        str(e), e.caret()
        return None
    to_text(r)
    assert len(r.dice) <= 1000
    return r
