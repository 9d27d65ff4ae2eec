"""Rolled tree -> text.  Formatting returns strings; it never prints.

``Stringifier`` writes plain text; subclasses override the few hooks that
differ for Markdown, BBCode or terminal markup, so every format shows the same
dice in the same order.
"""

from __future__ import annotations

from rules.i18n import _, ngettext

from .ast import Dec, Percent
from .rolled import (
    PERCENT,
    SUCCESSES,
    Roll,
    Rolled,
    RolledBag,
    RolledChain,
    RolledDice,
    RolledDie,
    RolledFunc,
    RolledGroup,
    RolledNeg,
    RolledNum,
    RolledPercent,
    all_groups,
)

TYPE_CHECKING = False  # typing is start-up cost on the roll path
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

_FUDGE = {-1: "-", 0: "0", 1: "+"}


class Stringifier:
    """Plain text: ``9d6>=5 = 5+4+3+2+4+5+5+5+4 = 4 successes``."""

    rolled_mark = "*"  # after a die that was rolled here although dice were given

    def __init__(self) -> None:
        # bound once, so a subclass's override of any writer is the one called
        self._writers: dict[type, Callable[[Any, bool, bool], str]] = {
            RolledDice: self.dice_group,
            RolledNum: self._num,
            RolledNeg: self._neg,
            RolledGroup: self._group,
            RolledPercent: self._percent,
            RolledChain: self._chain,
            RolledBag: self._bag,
            RolledFunc: self._func,
        }

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

    def number(self, value: int) -> str:
        """A roll's total for people (the interface writes it in the reader's style: 49 946)."""
        return str(value)

    def crit_hit(self, text: str) -> str:
        """A die a ``cs`` mark matched (Roll20's critical success)."""
        return self.success(text + "✓")

    def crit_miss(self, text: str) -> str:
        """A die a ``cf`` mark matched (Roll20's critical failure)."""
        return self.failure(text + "✗")

    # -- structure -----------------------------------------------------------
    def die(self, d: RolledDie, given_mode: bool) -> str:
        text = str(d.face) if not d.mark else _marked(d)
        if d.exploded:
            text += "!!" if "c" in d.mark else "!"
        if given_mode and d.origin != "given":
            text += self.rolled_mark
        if not d.kept:
            return self.dropped(text)
        if d.crit:
            text = self.crit_hit(text) if d.crit > 0 else self.crit_miss(text)
        if d.success:
            return self.success(text)
        if d.failure:
            return self.failure(text)
        return text

    def dice_group(self, r: RolledDice, given_mode: bool, alone: bool) -> str:
        node = r.node
        if not given_mode and node.keep is None and node.success is None and \
                node.reroll is None and node.explode is None and node.more is None:
            # nothing marks a die of a plain term: its faces are all there is to show
            dice = r.dice
            if len(dice) <= 1 or alone:
                return "+".join([str(d.face) for d in dice]) or "0"
            return "(" + "+".join([str(d.face) for d in dice]) + ")"
        die = self.die
        # Fate players read their dice as "+ - 0 +", not as a sum
        sep = " " if node.fudge else "+"
        if r.node.more is not None and r.node.more.sort:
            body = _sorted_body(self, r, given_mode, sep)
        else:
            body = "".join([die(d, given_mode) + ("→" if d.rerolled else sep)
                            for d in r.dice])[:-1] or "0"
        if r.capped:
            body += " (" + _("dice limit reached") + ")"
        return body if alone or len(r.dice) <= 1 else f"({body})"

    def node(self, r: Rolled, given_mode: bool, alone: bool) -> str:
        return self._writers[type(r)](r, given_mode, alone)

    def _num(self, r: RolledNum, given_mode: bool, alone: bool) -> str:
        if type(r.node) is Dec:  # as typed, not as rounded
            return f"{r.node.num / r.node.den:g}"
        return str(r.value)

    def _neg(self, r: RolledNeg, given_mode: bool, alone: bool) -> str:
        return "-" + self.node(r.operand, given_mode, False)

    def _group(self, r: RolledGroup, given_mode: bool, alone: bool) -> str:
        return "(" + self.node(r.inner, given_mode, True) + ")"

    def _percent(self, r: RolledPercent, given_mode: bool, alone: bool) -> str:
        return self.die(r.die, given_mode)

    def _chain(self, r: RolledChain, given_mode: bool, alone: bool) -> str:
        writers = self._writers
        first = r.first
        out = [writers[type(first)](first, given_mode, False)]
        for op, term in r.rest:
            out.append(op)
            out.append(writers[type(term)](term, given_mode, False))
        return "".join(out)

    def _bag(self, r: RolledBag, given_mode: bool, alone: bool) -> str:
        node = r.node
        parts = []
        for item, kept in zip(r.items, r.kept, strict=True):
            text = self.node(item, given_mode, True)
            if not kept:
                text = self.dropped(text)
            elif node.success is not None and node.success.test(item.value):
                text = self.success(text)
            parts.append(text)
        body = ", ".join(parts)
        return "{" + body + "}" if node.braces else "(" + body + ("," if len(parts) == 1 else "") + ")"

    def _func(self, r: RolledFunc, given_mode: bool, alone: bool) -> str:
        return r.node.name + "(" + ", ".join(self.node(a, given_mode, True) for a in r.args) + ")"

    def result(self, roll: Roll) -> str:
        if roll.kind == PERCENT:
            verdict = _("success") if roll.passed else _("failure")
            root = roll.expression.root
            assert isinstance(root, Percent)  # a percent roll is its root
            return f"{roll.value} {'<=' if roll.passed else '>'} {root.chance}: " \
                   + self.strong(verdict)
        if roll.kind == SUCCESSES:
            return self.strong(ngettext("{n} success", "{n} successes", abs(roll.value)).format(n=roll.value))
        return self.strong(self.number(roll.value))

    def roll(self, roll: Roll) -> str:
        expression, root, value, kind, _, given = roll
        given_mode = given if given is not None else roll.has_given
        text = self.escape(expression.text)
        if kind == PERCENT:
            line = text + " = d100 = " + self.result(roll)
        else:
            t = type(root)
            # plain arithmetic (3+4) would only repeat the expression
            if t is RolledDice:
                shows = bool(root.dice)
            elif t is RolledChain and type(root.first) is RolledDice and root.first.dice:
                shows = True  # the common 2d6+3
            else:
                shows = t is not RolledNum and any(g.dice for g in all_groups(root))
            line = text + " = "
            if shows:
                shown = self._writers[t](root, given_mode, True)
                if shown != str(value):
                    line += shown + " = "
            line += self.result(roll)
        if expression.label:
            line = f"{self.label(self.escape(expression.label))} {line}"
        return line


def _marked(d: RolledDie) -> str:
    """A die whose value is not simply its face."""
    mark = d.mark
    if "F" in mark:
        face = _FUDGE[d.face - 2]
    elif "p" in mark:
        face = f"{d.face}-1"
    else:
        face = str(d.face)
    if "m" in mark:  # raised by mi or lowered by ma
        assert d.value is not None  # a raised or lowered die records its value
        shown = _FUDGE.get(d.value, str(d.value)) if "F" in mark else str(d.value)
        return f"{face}{'↑' if d.value > d.face - (2 if 'F' in mark else 0) else '↓'}{shown}"
    return face


def _sorted_body(w: Stringifier, r: RolledDice, given_mode: bool, sep: str) -> str:
    """Entries (a die with the dice that replaced or compounded it) by value."""
    entries: list[list[RolledDie]] = []
    joined = False
    for d in r.dice:
        if joined:
            entries[-1].append(d)
        else:
            entries.append([d])
        joined = d.rerolled or "c" in d.mark
    more = r.node.more
    assert more is not None  # only a term with sorting options is sorted
    entries.sort(key=lambda e: sum(d.counts for d in e if not d.rerolled),
                 reverse=more.sort == "d")
    return sep.join("".join(w.die(d, given_mode) + ("→" if d.rerolled else sep) for d in e)[:-1]
                    for e in entries) or "0"

PLAIN = Stringifier()


def to_text(roll: Roll) -> str:
    return PLAIN.roll(roll)
