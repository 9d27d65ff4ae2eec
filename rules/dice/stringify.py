"""Rolled tree -> text.  Formatting returns strings; it never prints.

``Stringifier`` writes plain text; subclasses override the few hooks that
differ for Markdown, BBCode or terminal markup, so every format shows the same
dice in the same order.
"""

from __future__ import annotations

from .roller import (
    PERCENT, SUCCESSES, Roll, Rolled, RolledChain, RolledDice, RolledDie, RolledGroup,
    RolledNeg, RolledNum, RolledPercent,
)


def plural(n: int, one: str, many: str) -> str:
    return one if abs(n) == 1 else many


class Stringifier:
    """Plain text: ``9d6>=5 = 5+4+3+2+4+5+5+5+4 = 4 successes``."""

    rolled_mark = "*"  # after a die that was rolled here although dice were given

    # -- hooks ---------------------------------------------------------------
    def dropped(self, text: str) -> str:
        return f"~~{text}~~"

    def success(self, text: str) -> str:
        return text

    def failure(self, text: str) -> str:
        return text

    def strong(self, text: str) -> str:
        return text

    def escape(self, text: str) -> str:
        return text

    def label(self, text: str) -> str:
        return f"[{text}]"

    # -- structure -----------------------------------------------------------
    def die(self, d: RolledDie, given_mode: bool) -> str:
        text = str(d.face)
        if d.exploded:
            text += "!"
        if given_mode and d.origin != "given":
            text += self.rolled_mark
        if not d.kept:
            return self.dropped(text)
        if d.success:
            return self.success(text)
        if d.failure:
            return self.failure(text)
        return text

    def dice_group(self, r: RolledDice, given_mode: bool, alone: bool) -> str:
        parts = []
        for d in r.dice:
            text = self.die(d, given_mode)
            parts.append(text + ("→" if d.rerolled else "+"))
        body = "".join(parts)[:-1] if parts else "0"
        if r.capped:
            body += " (dice limit reached)"
        return body if alone or len(r.dice) <= 1 else f"({body})"

    def node(self, r: Rolled, given_mode: bool, alone: bool) -> str:
        if isinstance(r, RolledDice):
            return self.dice_group(r, given_mode, alone)
        if isinstance(r, RolledNum):
            return str(r.value)
        if isinstance(r, RolledNeg):
            return "-" + self.node(r.operand, given_mode, False)
        if isinstance(r, RolledGroup):
            return "(" + self.node(r.inner, given_mode, True) + ")"
        if isinstance(r, RolledPercent):
            return self.die(r.die, given_mode)
        assert isinstance(r, RolledChain)
        out = [self.node(r.first, given_mode, False)]
        for op, term in r.rest:
            out.append(op)
            out.append(self.node(term, given_mode, False))
        return "".join(out)

    def result(self, roll: Roll) -> str:
        if roll.kind == PERCENT:
            verdict = "success" if roll.passed else "failure"
            return f"{roll.value} {'<=' if roll.passed else '>'} {roll.expression.root.chance}: " \
                   + self.strong(verdict)
        if roll.kind == SUCCESSES:
            return self.strong(f"{roll.value} {plural(roll.value, 'success', 'successes')}")
        return self.strong(str(roll.value))

    def roll(self, roll: Roll) -> str:
        given_mode = any(d.origin == "given" for d in roll.dice)
        shown = self.node(roll.root, given_mode, True)
        parts = [self.escape(roll.text)]
        if roll.kind == PERCENT:
            parts.append("d100 = " + self.result(roll))
        else:
            if shown != str(roll.value):
                parts.append(shown)
            parts.append(self.result(roll))
        line = " = ".join(parts)
        if roll.label:
            line = f"{self.label(self.escape(roll.label))} {line}"
        return line


PLAIN = Stringifier()


def to_text(roll: Roll) -> str:
    return PLAIN.roll(roll)
