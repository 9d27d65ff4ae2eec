"""Dice notation -> AST.

Grammar (whitespace allowed between tokens)::

    expression := compare [label]
    compare    := sum (CMP sum)*                          (1 or 0; d20)
    sum        := product (("+" | "-") product)*
    product    := unary (("*" | "/" | "//" | "%") unary)*
    unary      := "-" unary | "+" unary | atom NOTE*
    atom       := INT "%" | dice | INT | DEC | FUNC "(" compare ("," compare)* ")"
                | "(" compare ")" [steps] | "(" [items] ")" steps | "{" items "}" group-mods
    items      := compare ("," compare)* [","]
    dice       := [INT] DIE (INT | "%" | "F") modifier*
    modifier   := step | ("r" | "rr" | "ro") sel | "ra" sel | ("!" | "e" | "x") [cond]
                | ("xo" | "!!" | "!p") [cond] | ("mi" | "min" | "ma" | "max") INT
                | cond | "cs" cond | "f" cond | "cf" cond | "sa" | "sd"
    step       := ("kh" | "kl" | "dh" | "dl" | "ph" | "pl" | "k" | "d") INT | ("k" | "p") sel
    sel        := ("h" | "l") INT | cond
    cond       := (">=" | ">" | "<=" | "<" | "=") INT | INT
    DIE        := d D д Д к К          (C-DICE-1)

Modifiers may be written in any order and are applied in a fixed one (see
ast.More): rerolls, explosions, keep/drop, success counting.  A comparison
right after ``!`` is the explosion's own: ``5d6!>=5`` explodes on 5 and 6,
while ``5d6>=5!`` counts fives and sixes and explodes on 6.  ``d`` followed
by a number after a die is "drop lowest" (``4d6d1``), ``k`` is "keep
highest" (d20 reads ``k3`` as "keep the threes": ours wins, ``k=3`` says
that).  Consecutive keep (or drop) steps pick the union of what each picks,
as d20 does (``4d6kh1kl1`` keeps the highest and the lowest die).
"""

from __future__ import annotations

from functools import lru_cache

from ..i18n import N_, _, ngettext
from .ast import (
    Bag,
    Calc,
    Chain,
    Cond,
    Dec,
    Dice,
    Expression,
    Func,
    Group,
    Keep,
    More,
    Neg,
    Node,
    Num,
    Percent,
    Sel,
    Select,
)
from .budget import check_budget
from .errors import DiceError
from .limits import DEFAULT_LIMITS, Limits

TYPE_CHECKING = False  # typing is start-up cost on the roll path
if TYPE_CHECKING:
    from collections.abc import Callable

# Typographic signs masters paste from forums and office software.
_SIGNS = {"×": "*", "·": "*", "÷": "/", "−": "-", "–": "-", "≥": ">=", "≤": "<=", "⩾": ">=", "⩽": "<="}

# The tokens, in the order they are tried at a position (the first that matches wins, as in
# an alternation); a scanner of string methods, not a regular expression, because compiling
# one and loading ``re`` cost a bare roll a sixth of its start-up.  tests/rules/dice/
# test_tokens.py keeps the regular expression this scanner replaced and checks both agree.
_DIGITS = frozenset("0123456789")
_DIE = frozenset("дДкК")
_NOT_AFTER_D = frozenset("hHlL")
_OPS = frozenset("-+*/×·÷−–")
_FUNCS = ("floor", "ceil", "round", "abs", "min", "max")
_MODS = ("min", "max", "kh", "kl", "dh", "dl", "ph", "pl", "rr", "ro", "ra", "mi", "ma", "xo", "cs", "cf",
         "sa", "sd")
_SHORT = frozenset("krfpexhl")
_CMPS = ("==", "!=", ">=", "<=", ">", "<", "=", "≥", "≤", "⩾", "⩽")
_SINGLE = {"(": "lp", ")": "rp", "{": "lb", "}": "rb", ",": "comma", "%": "pct"}
#: letters that match an ASCII letter case-blind beyond what ``str.lower`` gives (as ``re`` folds them)
_FOLD = {"İ": "i", "ı": "i", "ſ": "s"}


def _folded(text: str, at: int, word: str) -> bool:
    """Whether ``word`` (lower-case ASCII) starts at ``at``, letters compared case-blind."""
    if len(text) - at < len(word):
        return False
    for i, letter in enumerate(word):
        c = text[at + i]
        if c != letter and _FOLD.get(c, c.lower()) != letter:
            return False
    return True


def _token_at(text: str, i: int) -> tuple[str, int]:
    """(kind, end) of the token at ``i``."""
    c = text[i]
    n = len(text)
    if c.isspace():
        j = i + 1
        while j < n and text[j].isspace():
            j += 1
        return "ws", j
    if c in _DIGITS:
        j = i + 1
        while j < n and text[j] in _DIGITS:
            j += 1
        if j == n or text[j] != ".":
            return "int", j
    if (c in "dD" and (i + 1 == n or text[i + 1] not in _NOT_AFTER_D)) or c in _DIE:
        return "die", i + 1
    if c in _OPS:
        return "op", i + (2 if text.startswith("//", i) else 1)
    if c in "()":
        return _SINGLE[c], i + 1
    for word in _FUNCS:
        if _folded(text, i, word):
            j = i + len(word)
            while j < n and text[j].isspace():
                j += 1
            if j < n and text[j] == "(":
                return "func", i + len(word)
    for word in _MODS:
        if _folded(text, i, word):
            return "mod", i + len(word)
    if _FOLD.get(c, c.lower()) in _SHORT:
        return "short", i + 1
    for word in _CMPS:
        if text.startswith(word, i):
            return "cmp", i + len(word)
    if c in _DIGITS or c == ".":
        j = i
        while j < n and text[j] in _DIGITS:
            j += 1
        if j < n and text[j] == "." and j + 1 < n and text[j + 1] in _DIGITS:
            j += 2
            while j < n and text[j] in _DIGITS:
                j += 1
            return "dec", j
    if c in _SINGLE:
        return _SINGLE[c], i + 1
    if c == "!":
        return "bang", i + (2 if i + 1 < n and text[i + 1] in "!pP" else 1)
    if c == "[":
        j = i + 1
        while j < n and text[j] not in "[]":
            j += 1
        if j < n and text[j] == "]":
            return "note", j + 1
    return "bad", i + 1


# Tokens that can start an operand: after ``13 %`` one of these makes % a modulo.
_OPERAND = frozenset(("int", "dec", "die", "lp", "lb", "func"))
_RANK = {"kh": (True, "h"), "kl": (True, "l"), "dh": (False, "h"), "dl": (False, "l"),
         "ph": (False, "h"), "pl": (False, "l")}
_OLD_KEEP = {(True, "h"): "kh", (True, "l"): "kl", (False, "h"): "dh", (False, "l"): "dl"}
#: token kinds that can continue a dice term: anything else ends it at once
_MODIFIER_KINDS = frozenset(("mod", "short", "bang", "cmp", "die"))


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
    i = 0
    while i < len(text):  # "bad" takes any character, so nothing is skipped
        kind, end = _token_at(text, i)
        if kind == "ws":
            i = end
            continue
        value = text[i:end]
        if kind == "bad":
            hint = _("labels go in square brackets at the end: 2d6 [damage]") if value in "[]" else \
                _("dice are written like 2d6, 4d6kh3, 9d6>=5 or 20%")
            raise DiceError(_("unexpected character {char!r}").format(char=value), source, i, hint=hint)
        tokens.append((kind, signs.get(value, value), i))
        i = end
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
        """A whole number for ``what``: a modifier as written (``'kh'``) or a noun marked with N_."""
        kind, value, pos = self.take()
        if kind != "int":
            if kind == "end":
                raise self.error(_("expected a number for {what}, found the end").format(what=_(what)), pos)
            raise self.error(_("expected a number for {what}, found {found!r}").format(what=_(what), found=value),
                             pos)
        if len(value) > 12 or int(value) > (limit or self.limits.max_literal):
            top = limit or self.limits.max_literal
            raise self.error(_("{what} {value} is too large (at most {top:,})").format(
                what=_(what), value=value, top=top), pos, kind="limit")
        return int(value)

    def enter(self, pos: int) -> None:
        self.depth += 1
        if self.depth > self.limits.max_depth:
            raise self.error(ngettext("nested too deeply (more than {n} level)",
                                      "nested too deeply (more than {n} levels)",
                                      self.limits.max_depth).format(n=self.limits.max_depth), pos, kind="limit")

    # -- grammar -----------------------------------------------------------
    def expression(self) -> Node:
        node = self.compare()
        kind, value, pos = self.peek()
        if kind != "end":
            hint = _("put several expressions in separate arguments: ttcli roll 2d6 1d20") \
                if kind in ("int", "die") else ""
            raise self.error(_("unexpected {text!r}").format(text=value), pos, hint)
        return node

    def compare(self) -> Node:
        first = self.sum()
        if self.peek()[0] != "cmp":
            return first
        rest = []
        while True:
            kind, value, pos = self.peek()
            if kind != "cmp":
                break
            self.i += 1
            rest.append(("==" if value == "=" else value, self.sum(), pos))
        return Calc(first, tuple(rest))

    def sum(self) -> Node:
        return self._chain(self.product, "+-")

    def product(self) -> Node:
        first = self.unary()
        rest = []
        calc = False
        while True:
            kind, value, pos = self.peek()
            if (kind == "op" and value in "*/") or (kind == "op" and value == "//"):
                pass
            elif kind == "pct":
                nxt = self.tokens[self.i + 1]
                if nxt[0] not in _OPERAND and not (nxt[0] == "op" and nxt[1] in "+-"):
                    raise self.error(_("unexpected '%'"), pos,
                                     _("a chance is written 20%, a remainder 13 % 2"))
                value = "%"
            else:
                break
            self.i += 1
            calc = calc or value in ("//", "%")
            rest.append((value, self.unary(), pos))
        if not rest:
            return first
        return Calc(first, tuple(rest)) if calc else Chain(first, tuple(rest))

    def _chain(self, operand: Callable[[], Node], ops: str) -> Node:
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
        node = self.atom()
        tokens = self.tokens
        while tokens[self.i][0] == "note":  # d20's inline notes, 9[fire]: shown in the text only
            self.i += 1
        kind, value, pos = tokens[self.i]
        if (kind == "mod" or kind == "short") and type(node) not in (Dice, Bag):
            if value.lower() in _RANK or value.lower() in ("k", "p"):
                raise self.error(_("'{modifier}' picks among dice or the items of a set, and this has none")
                                 .format(modifier=value),
                                 pos, _("write it after dice (4d6kh3) or a set ((1d20+5, 15)kh1)"))
            raise self.error(_("unexpected character {char!r}").format(char=value) if len(value) == 1 else
                             _("unexpected {text!r}").format(text=value), pos,
                             _("multiply with *") if value.lower() == "x" else
                             _("modifiers go right after the dice, like 4d6kh3 or 2d6!"))
        return node

    def atom(self) -> Node:
        kind, value, pos = self.peek()
        if kind == "lp":
            return self.parens(pos)
        if kind == "die":
            return self.dice(None, pos)
        if kind == "int":
            number = self.integer(N_("number"))
            k, _v, _p = self.peek()
            if k == "die":
                return self.dice(number, pos)
            if k == "pct" and self.tokens[self.i + 1][0] not in _OPERAND:
                self.i += 1
                return Percent(number, pos)
            return Num(number, pos)
        if kind == "dec":
            self.i += 1
            whole, _point, frac = value.partition(".")
            if len(value) > 24:
                raise self.error(_("number {value} has too many digits").format(value=value), pos, kind="limit")
            den = 10 ** len(frac)
            num = int(whole or "0") * den + int(frac)
            if num // den > self.limits.max_literal:
                raise self.error(_("number {value} is too large (at most {top:,})").format(
                    value=value, top=self.limits.max_literal), pos, kind="limit")
            return Dec(num, den, pos)
        if kind == "func":
            return self.func(value.lower(), pos)
        if kind == "lb":
            return self.braces(pos)
        if kind == "end":
            raise self.error(_("expression ends too early"), pos, _("something is missing after the last sign"))
        if kind == "rp":
            raise self.error(_("closing parenthesis without an opening one"), pos)
        raise self.error(_("unexpected {text!r}").format(text=value), pos)

    def items(self, close: str, opened: int) -> tuple[list[Node], bool]:
        """``a, b, ...`` up to the closing bracket; also says whether a comma was seen."""
        items: list[Node] = []
        comma = False
        while True:
            if self.peek()[0] == close:
                break
            items.append(self.compare())
            k, _v, p = self.peek()
            if k == "comma":
                self.i += 1
                comma = True
                continue
            if k != close:
                raise self.error(_("missing closing parenthesis") if close == "rp" else _("missing closing brace"),
                                 p, _("the one opened at column {column}").format(column=opened + 1))
        self.i += 1
        return items, comma

    def parens(self, pos: int) -> Node:
        self.i += 1
        self.enter(pos)
        items, comma = self.items("rp", pos)
        self.depth -= 1
        steps = self.steps()
        if not comma and len(items) == 1:
            inner = items[0]
            if not steps:
                return Group(inner, pos)
            core = inner
            while type(core) is Group:
                core = core.inner
            if type(core) is Dice:  # (10d6kh5)kl2: d20 keeps among the same dice
                return Group(self.with_steps(core, steps, pos), pos)
        end = self.peek()[2]
        return Bag(tuple(items), pos, False, self.text[pos:end].strip(), steps, None, None)

    def braces(self, pos: int) -> Node:
        self.i += 1
        self.enter(pos)
        items, _comma = self.items("rb", pos)
        self.depth -= 1
        if not items:
            raise self.error(_("an empty group"), pos, _("put rolls in it: {2d6, 1d8}"))
        steps = self.steps()
        success = failure = None
        if self.peek()[0] == "cmp" and self.peek()[1] not in ("==", "!="):
            success = self.cond("success", required=True)
            if self.peek()[0] == "short" and self.peek()[1].lower() == "f":
                self.i += 1
                failure = self.cond("failure", required=True)
            steps = steps + self.steps()
        end = self.peek()[2]
        return Bag(tuple(items), pos, True, self.text[pos:end].strip(), steps, success, failure)

    def func(self, name: str, pos: int) -> Node:
        self.i += 1
        _k, _v, p = self.take()  # the lookahead of the token guarantees "("
        self.enter(p)
        args, _comma = self.items("rp", p)
        self.depth -= 1
        want = (1, 1) if name in ("floor", "ceil", "round", "abs") else (1, 64)
        if not want[0] <= len(args) <= want[1]:
            if want[1] == 1:
                raise self.error(_("{name}() takes one value").format(name=name), pos,
                                 _("like {example}").format(example=f"{name}(7/2)"))
            raise self.error(_("{name}() takes one or more values").format(name=name), pos,
                             _("like {example}").format(example=f"{name}(1d6, 3)"))
        return Func(name, tuple(args), pos)

    def steps(self) -> tuple[Select, ...]:
        """Keep/drop steps after a set or a group; consecutive keeps (or drops) merge."""
        picks: list[tuple[bool, Sel]] = []
        while True:
            kind, value, _pos = self.peek()
            low = value.lower()
            if kind == "mod" and low in _RANK:
                self.i += 1
                keep, cat = _RANK[low]
                picks.append((keep, Sel(cat, self.integer(f"'{low}'"))))
            elif (kind == "short" and low in ("k", "p")) or (kind == "die" and low == "d" and \
                    self.tokens[self.i + 1][0] == "int"):
                self.i += 1
                picks.append((low == "k", self.selector(low, default="h" if low == "k" else
                                                        "l" if low == "d" else "=")))
            else:
                break
        return _merge(picks)

    def selector(self, what: str, default: str) -> Sel:
        kind, value, pos = self.peek()
        if kind == "short" and value.lower() in ("h", "l"):
            self.i += 1
            return Sel(value.lower(), self.integer(f"'{what}{value.lower()}'"))
        if kind == "cmp" and value in ("==", "!="):
            raise self.error(_("'{modifier}' picks with >, <, >=, <=, =, h or l").format(modifier=what), pos)
        if kind == "cmp":
            self.i += 1
            return Sel(value, self.integer(f"'{what}{value}'"))
        if kind == "int":
            return Sel(default, self.integer(f"'{what}'"))
        raise self.error(_("'{modifier}' needs a number, like {modifier}1, {modifier}h1, {modifier}>3").format(
            modifier=what), pos)

    def with_steps(self, d: Dice, steps: tuple[Select, ...], start: int) -> Dice:
        more = d.more or More()
        select = more.select
        if d.keep is not None:  # the term's own keep comes first
            select = _merge([(d.keep.mode[0] == "k", Sel(d.keep.mode[1], d.keep.count))]) + select
        more = more._replace(select=select + steps)
        end = self.peek()[2]
        node = d._replace(keep=None, more=more, text=self.text[start:end].strip())
        self.check_dice(node)
        return node

    def dice(self, count: int | None, start: int) -> Dice:
        self.take()  # the die letter
        kind, value, pos = self.peek()
        fudge = False
        if kind == "pct":
            self.i += 1
            sides = 100
        elif kind == "int":
            sides = self.integer(N_("die size"), self.limits.max_sides)
            if sides < 1:
                raise self.error(_("a die needs at least one side"), pos)
        elif kind == "short" and value in "fF":
            self.i += 1
            sides, fudge = 3, True
        else:
            raise self.error(_("a die letter must be followed by its size, like d6, d% or dF"), pos)
        count = 1 if count is None else count
        mods: dict[str, object] = {}
        more: dict[str, object] = {"fudge": True} if fudge else {}
        picks: list[tuple[bool, Sel]] = []
        high = 1 if fudge else sides
        tokens = self.tokens
        while True:
            kind, value, pos = tokens[self.i]
            if kind not in _MODIFIER_KINDS:
                break
            low = value.lower()
            if (kind == "mod" and low in _RANK) or (kind == "short" and low in ("k", "p")) or \
                    (kind == "die" and low == "d" and self.tokens[self.i + 1][0] == "int"):
                if kind == "mod":
                    self.i += 1
                    keep, cat = _RANK[low]
                    picks.append((keep, Sel(cat, self.integer(f"'{low}'"))))
                else:
                    self.i += 1
                    picks.append((low == "k", self.selector(
                        low, default="h" if low == "k" else "l" if low == "d" else "=")))
            elif (kind == "mod" and low in ("ro", "rr")) or (kind == "short" and low == "r"):
                self.i += 1
                self._once(mods, "reroll", pos)
                sel = self.selector(low, "=")
                if sel.cat in ("h", "l"):
                    if low != "ro":
                        raise self.error(_("'{modifier}' always picks a die to reroll: it would never end")
                                         .format(modifier=f"{low}{sel}"),
                                         pos, _("use ro for a single reroll"), "limit")
                    more["rank_reroll"] = (sel,)
                    mods["reroll"] = None
                else:
                    mods["reroll"] = Cond(sel.cat, sel.num)
                    mods["reroll_once"] = low == "ro"
            elif kind == "mod" and low == "ra":
                self.i += 1
                self._once(more, "add_once", pos, "'ra'")
                more["add_once"] = (self.selector("ra", "="),)
            elif kind == "bang" or (kind == "short" and low in ("e", "x")) or (kind == "mod" and low == "xo"):
                self.i += 1
                self._once(mods, "explode", pos)
                cond = self.cond("explode", required=low == "e")
                if cond is not None and cond.op in ("==", "!="):
                    raise self.error(_("explode on a face or a range, like !6 or !>=5"), pos)
                mods["explode"] = cond or Cond("=", high)
                mode = {"!!": "compound", "!p": "penetrate", "xo": "once"}.get(low, "")
                if mode:
                    more["explode_mode"] = mode
            elif kind == "cmp" and value == "!=":  # ours: 1d6!=6 explodes on 6
                self.i += 1
                self._once(mods, "explode", pos)
                mods["explode"] = Cond("=", self.integer(_TARGET["explode"]))
            elif kind == "cmp" and value != "==":
                self._once(mods, "success", pos)
                mods["success"] = self.cond("success", required=True)
            elif kind == "mod" and low in ("mi", "min", "ma", "max"):
                self.i += 1
                k, v, p = self.peek()
                if k != "int":
                    raise self.error(_("'{modifier}' takes a number: the lowest (or highest) a die counts")
                                     .format(modifier=low), p, _("like {example}").format(example=f"4d6{low}2"))
                more["low" if low.startswith("mi") else "high"] = self.integer(f"'{low}'")
            elif kind == "mod" and low == "cs":
                self.i += 1
                k, v, p = self.peek()
                if k == "cmp" and v in (">=", "<="):  # Foundry's cs>=N counts successes
                    self._once(mods, "success", pos)
                    mods["success"] = self.cond("success", required=True)
                else:  # Roll20's crit mark
                    more["crit_hit"] = self.cond("crit", required=True)
            elif kind == "mod" and low == "cf":
                self.i += 1
                more["crit_miss"] = self.cond("crit", required=True)
            elif kind == "mod" and low in ("sa", "sd"):
                self.i += 1
                more["sort"] = low[1]
            elif kind == "short" and low == "f":
                self.i += 1
                self._once(mods, "failure", pos)
                mods["failure"] = self.cond("failure", required=True)
            else:
                break
        end = tokens[self.i][2]
        if not mods and not more and not picks:  # the common 2d6
            return Dice(count, sides, start, self.text[start:end].strip())
        if mods.get("reroll", 0) is None:
            del mods["reroll"]
        steps = _merge(picks)
        if len(steps) == 1 and len(steps[0].sels) == 1 and steps[0].sels[0].cat in ("h", "l"):
            sel = steps[0].sels[0]
            mods["keep"] = Keep(_OLD_KEEP[steps[0].keep, sel.cat], sel.num)
        elif steps:
            more["select"] = steps
        node = Dice(count, sides, start, self.text[start:end].strip(), **mods,
                    more=More(**more) if more else None)
        self.check_dice(node)
        return node

    def _once(self, mods: dict, key: str, pos: int, name: str = "") -> None:
        if key in mods:
            raise self.error(_("a second {modifier} on the same dice").format(
                modifier=_(_MODIFIERS[key]) if key in _MODIFIERS else name), pos, _("one of each kind"))

    def cond(self, what: str, required: bool) -> Cond | None:
        kind, value, pos = self.peek()
        if kind == "cmp":
            self.i += 1
            return Cond(value, self.integer(_TARGET[what]))
        if kind == "int":
            return Cond("=", self.integer(_TARGET[what]))
        if required:
            raise self.error(_("{modifier} needs a target such as >=5, <=1 or 6").format(modifier=_(_NAMED[what])),
                             pos)
        return None

    def check_dice(self, d: Dice) -> None:
        """Rules of a single dice term that do not need rolling to see."""
        faces = _Faces(d) if d.reroll is not None or d.explode is not None else None
        if d.reroll is not None and faces is not None and not d.reroll_once and faces.count(d.reroll) >= faces.n:
            raise self.error(_("reroll {target} matches every face of a {die}: it would never end").format(
                target=d.reroll, die=faces.name), d.pos, _("use ro for a single reroll"), "limit")
        once = d.more is not None and d.more.explode_mode == "once"
        if d.explode is not None and faces is not None and not once and faces.count(d.explode) >= faces.n:
            raise self.error(_("explode {target} matches every face of a {die}: it would never end").format(
                target=d.explode, die=faces.name), d.pos, kind="limit")
        if d.keep is not None and d.explode is None and d.keep.count > d.count:
            raise self.error(_too_many_picked(str(d.keep), d.keep.count, d.count), d.pos,
                             _("at most {n}").format(n=d.count))
        if d.failure is not None and d.success is None:
            raise self.error(_("a failure count needs a success count first, like 9d6>=5f1"), d.pos)
        grows = d.explode is not None or (d.more is not None and d.more.add_once is not None)
        for step in d.more.select if d.more is not None and not grows else ():
            for sel in step.sels:
                if sel.cat in ("h", "l") and sel.num > d.count:
                    word = ("k" if step.keep else "d") + sel.cat
                    raise self.error(_too_many_picked(f"{word}{sel.num}", sel.num, d.count), d.pos,
                                     _("at most {n}").format(n=d.count))
        for v in (d.more.low, d.more.high) if d.more is not None else ():
            if v is not None and v > self.limits.max_sides:
                raise self.error(_("mi/ma {value} is larger than the largest die").format(value=v), d.pos,
                                 kind="limit")


#: what a modifier's number is called in "expected a number for ..."
_TARGET = {"success": N_("the success target"), "failure": N_("the failure target"),
           "explode": N_("the explode target"), "crit": N_("the crit target")}
#: a modifier's kind, in "a second ... modifier"
_MODIFIERS = {"reroll": N_("reroll modifier"), "explode": N_("explosion modifier"),
              "success": N_("success count"), "failure": N_("failure count"), "add_once": N_("'ra' modifier")}
#: the modifier itself, in "... needs a target"
_NAMED = {"success": N_("a success count"), "failure": N_("a failure count"),
          "explode": N_("an explosion"), "crit": N_("a critical mark")}


def _too_many_picked(step: str, asked: int, count: int) -> str:
    return ngettext("{step} asks for {asked} of {count} die", "{step} asks for {asked} of {count} dice",
                    count).format(step=step, asked=asked, count=count)


class _Faces:
    """The values a die of a term can show before anything changes them."""

    __slots__ = ("lo", "n", "name")

    def __init__(self, d: Dice) -> None:
        fudge = d.more is not None and d.more.fudge
        self.lo, self.n = (-1, 3) if fudge else (1, d.sides)
        self.name = "dF" if fudge else f"d{d.sides}"

    def count(self, cond: Cond) -> int:
        if self.lo == 1:
            return cond.faces(self.n)
        return sum(1 for v in range(self.lo, self.lo + self.n) if cond.test(v))


def _merge(picks: list[tuple[bool, Sel]]) -> tuple[Select, ...]:
    out: list[Select] = []
    for keep, sel in picks:
        if out and out[-1].keep == keep:
            out[-1] = Select(keep, out[-1].sels + (sel,))
        else:
            out.append(Select(keep, (sel,)))
    return tuple(out)


def parse(text: str, limits: Limits = DEFAULT_LIMITS) -> Expression:
    """Parse one expression (with an optional trailing ``[label]``).

    Expressions are immutable, so text parsed before is answered from a
    cache: macros, ``--times`` and combat rounds repeat the same few.
    """
    if len(text) > limits.max_length:
        raise DiceError(_("expression is too long ({length:,} characters, at most {top:,})").format(
            length=len(text), top=limits.max_length), text, limits.max_length, "limit")
    if limits is DEFAULT_LIMITS:  # skips hashing the Limits on the common path
        return _parse_default(text)
    return _parse_cached(text, limits)


def parse_uncached(text: str, limits: Limits = DEFAULT_LIMITS) -> Expression:
    """:func:`parse` without the cache or the length check (for benchmarks)."""
    body, label = _split_label(text)
    if not body.strip():
        raise DiceError(_("empty expression"), text, 0, hint=_("try 2d6 or 1d20+3"))
    root = _Parser(body, limits, text).expression()
    expr = Expression(root, body.strip(), label, text)
    check_budget(expr, limits)
    return expr


_CACHE_SIZE = 4096
_parse_cached = lru_cache(maxsize=_CACHE_SIZE)(parse_uncached)


@lru_cache(maxsize=_CACHE_SIZE)
def _parse_default(text: str) -> Expression:
    return parse_uncached(text, DEFAULT_LIMITS)
