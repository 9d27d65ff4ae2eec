"""Dice notation -> AST.

Grammar (whitespace allowed between tokens)::

    expression := sum [label]
    sum        := product (("+" | "-") product)*
    product    := unary (("*" | "/") unary)*
    unary      := "-" unary | "+" unary | atom
    atom       := INT "%" | dice | INT | "(" sum ")"
    dice       := [INT] DIE (INT | "%") modifier*
    modifier   := ("kh" | "kl" | "dh" | "dl" | "k" | "d") INT
                | ("r" | "ro") cond | "!" [cond] | cond | "f" cond
    cond       := (">=" | ">" | "<=" | "<" | "=") INT | INT
    DIE        := d D д Д к К          (C-DICE-1)

Modifiers may be written in any order and are applied in a fixed one:
rerolls, explosions, keep/drop, success counting.  A comparison right after
``!`` is the explosion's own: ``5d6!>=5`` explodes on 5 and 6, while
``5d6>=5!`` counts fives and sixes and explodes on 6.  ``d`` followed by a
number after a die is "drop lowest" (``4d6d1``), ``k`` is "keep highest".
"""

from __future__ import annotations

import re
from functools import lru_cache

from .ast import Chain, Cond, Dice, Expression, Group, Keep, Neg, Node, Num, Percent
from .budget import check_budget
from .errors import DiceError
from .limits import DEFAULT_LIMITS, Limits

# Typographic signs masters paste from forums and office software.
_SIGNS = {"×": "*", "·": "*", "÷": "/", "−": "-", "–": "-", "≥": ">=", "≤": "<=", "⩾": ">=", "⩽": "<="}

_TOKEN = re.compile(
    r"""
    (?P<ws>\s+)
  | (?P<int>[0-9]+)
  | (?P<mod>(?i:kh|kl|dh|dl|ro))
  | (?P<die>[dDдДкК])
  | (?P<short>(?i:k|r|f))
  | (?P<cmp>>=|<=|>|<|=|≥|≤|⩾|⩽)
  | (?P<op>[-+*/×·÷−–])
  | (?P<lp>\()
  | (?P<rp>\))
  | (?P<pct>%)
  | (?P<bang>!)
  | (?P<bad>.)
    """,
    re.VERBOSE | re.DOTALL,
)


def _split_label(text: str) -> tuple[str, str | None]:
    """``2d6 [атака мечом]`` -> ("2d6 ", "атака мечом").  String methods, not a
    searching regex: a search would retry at every offset of a long input."""
    end = len(text.rstrip())
    if not end or text[end - 1] != "]":
        return text, None
    start = text.rfind("[", 0, end - 1)
    if start == -1 or "]" in text[start + 1:end - 1]:
        return text, None  # the tokenizer then points at the stray bracket
    return text[:start], text[start + 1:end - 1].strip() or None


def _tokenize(text: str, source: str) -> list[tuple[str, str, int]]:
    tokens: list[tuple[str, str, int]] = []
    signs = _SIGNS
    for m in _TOKEN.finditer(text):  # "bad" matches any character, so nothing is skipped
        kind = m.lastgroup
        if kind == "ws":
            continue
        value = m.group()
        if kind == "bad":
            pos = m.start()
            hint = "labels go in square brackets at the end: 2d6 [damage]" if value in "[]" else \
                "dice are written like 2d6, 4d6kh3, 9d6>=5 or 20%"
            raise DiceError(f"unexpected character {value!r}", source, pos, hint=hint)
        tokens.append((kind, signs.get(value, value), m.start()))
    tokens.append(("end", "", len(text)))
    return tokens


class _Parser:
    __slots__ = ("text", "source", "tokens", "i", "limits", "depth")

    def __init__(self, text: str, limits: Limits, source: str) -> None:
        self.text = text
        self.source = source  # the whole input, label included: errors quote it
        self.tokens = _tokenize(text, source)
        self.i = 0
        self.limits = limits
        self.depth = 0

    # -- helpers -----------------------------------------------------------
    def peek(self) -> tuple[str, str, int]:
        return self.tokens[self.i]

    def take(self) -> tuple[str, str, int]:
        tok = self.tokens[self.i]
        self.i += 1
        return tok

    def error(self, message: str, pos: int, hint: str = "", kind: str = "syntax") -> DiceError:
        return DiceError(message, self.source, pos, kind, hint)

    def integer(self, what: str, limit: int | None = None) -> int:
        kind, value, pos = self.take()
        if kind != "int":
            shown = "the end" if kind == "end" else repr(value)
            raise self.error(f"expected a number for {what}, found {shown}", pos)
        if len(value) > 12 or int(value) > (limit or self.limits.max_literal):
            top = limit or self.limits.max_literal
            raise self.error(f"{what} {value} is too large (at most {top:,})", pos, kind="limit")
        return int(value)

    def enter(self, pos: int) -> None:
        self.depth += 1
        if self.depth > self.limits.max_depth:
            raise self.error(f"nested too deeply (more than {self.limits.max_depth} levels)", pos,
                             kind="limit")

    # -- grammar -----------------------------------------------------------
    def expression(self) -> Node:
        node = self.sum()
        kind, value, pos = self.peek()
        if kind != "end":
            hint = "put several expressions in separate arguments: ttcli roll 2d6 1d20" \
                if kind in ("int", "die") else ""
            raise self.error(f"unexpected {value!r}", pos, hint)
        return node

    def sum(self) -> Node:
        return self._chain(self.product, "+-")

    def product(self) -> Node:
        return self._chain(self.unary, "*/")

    def _chain(self, operand, ops: str) -> Node:
        first = operand()
        rest = []
        while True:
            kind, value, pos = self.peek()
            if kind != "op" or value not in ops:
                break
            self.i += 1
            rest.append((value, operand(), pos))
        return Chain(first, tuple(rest)) if rest else first

    def unary(self) -> Node:
        kind, value, pos = self.peek()
        if kind == "op" and value in "+-":
            self.i += 1
            self.enter(pos)
            operand = self.unary()
            self.depth -= 1
            return Neg(operand, pos) if value == "-" else operand
        return self.atom()

    def atom(self) -> Node:
        kind, value, pos = self.peek()
        if kind == "lp":
            self.i += 1
            self.enter(pos)
            inner = self.sum()
            self.depth -= 1
            k, v, p = self.take()
            if k != "rp":
                raise self.error("missing closing parenthesis", p, f"the one opened at column {pos + 1}")
            return Group(inner, pos)
        if kind == "die":
            return self.dice(None, pos)
        if kind == "int":
            number = self.integer("number")
            k, _, p = self.peek()
            if k == "die":
                return self.dice(number, pos)
            if k == "pct":
                self.i += 1
                return Percent(number, pos)
            return Num(number, pos)
        if kind == "end":
            raise self.error("expression ends too early", pos, "something is missing after the last sign")
        if kind == "rp":
            raise self.error("closing parenthesis without an opening one", pos)
        raise self.error(f"unexpected {value!r}", pos)

    def dice(self, count: int | None, start: int) -> Dice:
        self.take()  # the die letter
        kind, value, pos = self.peek()
        if kind == "pct":
            self.i += 1
            sides = 100
        elif kind == "int":
            sides = self.integer("die size", self.limits.max_sides)
            if sides < 1:
                raise self.error("a die needs at least one side", pos)
        else:
            raise self.error("a die letter must be followed by its size, like d6 or d%", pos)
        count = 1 if count is None else count
        mods: dict[str, object] = {}
        while True:
            kind, value, pos = self.peek()
            low = value.lower()
            if kind == "mod" and low in ("kh", "kl", "dh", "dl"):
                self.i += 1
                self._once(mods, "keep", pos)
                mods["keep"] = Keep(low, self.integer(f"'{low}'"))
            elif kind == "short" and low == "k" or kind == "die" and low == "d" and \
                    self.tokens[self.i + 1][0] == "int":
                self.i += 1
                self._once(mods, "keep", pos)
                mode = "kh" if low == "k" else "dl"
                mods["keep"] = Keep(mode, self.integer(f"'{low}'"))
            elif kind == "mod" and low == "ro" or kind == "short" and low == "r":
                self.i += 1
                self._once(mods, "reroll", pos)
                mods["reroll"] = self.cond("reroll", required=True)
                mods["reroll_once"] = low == "ro"
            elif kind == "bang":
                self.i += 1
                self._once(mods, "explode", pos)
                mods["explode"] = self.cond("explode", required=False) or Cond("=", sides)
            elif kind == "cmp":
                self._once(mods, "success", pos)
                mods["success"] = self.cond("success", required=True)
            elif kind == "short" and low == "f":
                self.i += 1
                self._once(mods, "failure", pos)
                mods["failure"] = self.cond("failure", required=True)
            else:
                break
        end = self.peek()[2]
        node = Dice(count, sides, start, self.text[start:end].strip(), **mods)
        self.check_dice(node)
        return node

    def _once(self, mods: dict, key: str, pos: int) -> None:
        if key in mods:
            raise self.error(f"a second {key} modifier on the same dice", pos, "one of each kind")

    def cond(self, what: str, required: bool) -> Cond | None:
        kind, value, pos = self.peek()
        if kind == "cmp":
            self.i += 1
            return Cond(value, self.integer(f"the {what} target"))
        if kind == "int":
            return Cond("=", self.integer(f"the {what} target"))
        if required:
            raise self.error(f"{what} needs a target such as >=5, <=1 or 6", pos)
        return None

    def check_dice(self, d: Dice) -> None:
        """Rules of a single dice term that do not need rolling to see."""
        if d.reroll is not None and not d.reroll_once and d.reroll.faces(d.sides) >= d.sides:
            raise self.error(f"reroll {d.reroll} matches every face of a d{d.sides}: it would never end",
                             d.pos, "use ro for a single reroll", "limit")
        if d.explode is not None and d.explode.faces(d.sides) >= d.sides:
            raise self.error(f"explode {d.explode} matches every face of a d{d.sides}: it would never end",
                             d.pos, kind="limit")
        if d.keep is not None and d.explode is None and d.keep.count > d.count:
            raise self.error(f"{d.keep} asks for {d.keep.count} of {d.count} dice", d.pos,
                             f"at most {d.count}")
        if d.failure is not None and d.success is None:
            raise self.error("a failure count needs a success count first, like 9d6>=5f1", d.pos)


def parse(text: str, limits: Limits = DEFAULT_LIMITS) -> Expression:
    """Parse one expression (with an optional trailing ``[label]``).

    Expressions are immutable, so text parsed before is answered from a
    cache: macros, ``--times`` and combat rounds repeat the same few.
    """
    if len(text) > limits.max_length:
        raise DiceError(f"expression is too long ({len(text):,} characters, at most "
                        f"{limits.max_length:,})", text, limits.max_length, "limit")
    if limits is DEFAULT_LIMITS:  # skips hashing the Limits on the common path
        return _parse_default(text)
    return _parse_cached(text, limits)


def parse_uncached(text: str, limits: Limits = DEFAULT_LIMITS) -> Expression:
    """:func:`parse` without the cache or the length check (for benchmarks)."""
    body, label = _split_label(text)
    if not body.strip():
        raise DiceError("empty expression", text, 0, hint="try 2d6 or 1d20+3")
    root = _Parser(body, limits, text).expression()
    expr = Expression(root, body.strip(), label, text)
    check_budget(expr, limits)
    return expr


_CACHE_SIZE = 4096
_parse_cached = lru_cache(maxsize=_CACHE_SIZE)(parse_uncached)


@lru_cache(maxsize=_CACHE_SIZE)
def _parse_default(text: str) -> Expression:
    return parse_uncached(text, DEFAULT_LIMITS)
