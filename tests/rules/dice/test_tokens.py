"""The dice text's scanner against the regular expression it replaced (the reference).

The scanner is string methods for start-up's sake (rules/dice/parser.py); this
alternation is the grammar's tokens as first written, tried in order.  Both must
give the same tokens, the same values and positions, and the same first bad
character, for any text.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.dice import DiceError
from rules.dice.parser import _tokenize

REFERENCE = re.compile(
    r"""
    (?P<ws>\s+)
  | (?P<int>[0-9]+(?![.0-9]))
  | (?P<die>[dD](?![hHlL])|[дДкК])
  | (?P<op>//|[-+*/×·÷−–])
  | (?P<lp>\()
  | (?P<rp>\))
  | (?P<func>(?i:floor|ceil|round|abs|min|max)(?=\s*\())
  | (?P<mod>(?i:min|max|kh|kl|dh|dl|ph|pl|rr|ro|ra|mi|ma|xo|cs|cf|sa|sd))
  | (?P<short>(?i:k|r|f|p|e|x|h|l))
  | (?P<cmp>==|!=|>=|<=|>|<|=|≥|≤|⩾|⩽)
  | (?P<dec>[0-9]*\.[0-9]+)
  | (?P<lb>\{)
  | (?P<rb>\})
  | (?P<comma>,)
  | (?P<pct>%)
  | (?P<bang>!!|![pP]|!)
  | (?P<note>\[[^\[\]]*\])
  | (?P<bad>.)
    """,
    re.VERBOSE | re.DOTALL,
)
_SIGNS = {"×": "*", "·": "*", "÷": "/", "−": "-", "–": "-", "≥": ">=", "≤": "<=", "⩾": ">=", "⩽": "<="}


def reference(text: str) -> list[tuple[str, str, int]] | int:
    """The tokens by the regular expression, or the position of the first bad character."""
    tokens = []
    for m in REFERENCE.finditer(text):
        kind = m.lastgroup
        if kind == "ws":
            continue
        if kind == "bad":
            return m.start()
        tokens.append((kind, _SIGNS.get(m.group(), m.group()), m.start()))
    return [*tokens, ("end", "", len(text))]


def scanned(text: str) -> list[tuple[str, str, int]] | int:
    try:
        return _tokenize(text, text)
    except DiceError as err:
        return err.position


#: the characters the grammar gives a meaning to, the case-blind look-alikes ``re`` folds
#: (Kelvin sign, dotted and dotless i, long s), and some that mean nothing
ALPHABET = ("0123456789.dDhHlLдДкК-+*/×·÷−–(){},%!pP[]=<>≥≤⩾⩽ \t\n\u00a0\u2003"
            "floorceilroundabsminmaxkhklrrroraxocscfsasdFLOORMINMAXKHRREX" "\u212aİıſ" "zZйё_#$")


@settings(max_examples=3000, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=24))
def test_the_scanner_reads_any_text_as_the_reference_does(text):
    assert scanned(text) == reference(text)


@pytest.mark.parametrize("text", [
    "4d6kh3", "2d20kl1 + 5", "1.5 * 2", "12.", ".5", "3d6!!", "3d6!p", "3d6 != 4", "min(2, 3)", "MIN (2,3)",
    "min2", "mi", "4d6dh1", "4dh", "дк", "10d6>=5 [урон]", "[a[b]", "2//3", "1d6 ×2 − 1", "floor(7/2)",
    "ceil\t(1)", "3d6rr1ro2ra3", "4d6xo", "1d20cs>19cf<2", "3d6sa", "20%", "д20", "К", "\u212ah",
])
def test_the_scanner_reads_the_grammars_own_examples_as_the_reference_does(text):
    assert scanned(text) == reference(text)
