"""Texts that put names in their case and verbs in their gender.

A translation may write a name's placeholder with a case, ``{target:acc}``, or with the
forms of a word that agrees with the name's gender, ``{name:устоял|устояла|устояло|устояли}``
(masculine, feminine, then neuter and plural when they differ; a missing form falls back to
the masculine).  The same field on a number counts instead: ``{amount:урон|урона|урона}``
gives the form for 1 (21, 101), for 2-4 (22-24) and for 5-20 (0, 11-14); a dice
expression (``1d4``) reads as many.  The forms of each name are the ones :func:`rules.i18n.install_forms` holds
(the session's combatants, worked out by :mod:`ttcli.declension` when they were added);
a name with no forms stays as written, and its words agree as masculine.

:func:`as_phrase` makes such a translation a :class:`Phrase` the first time it is asked for
(``ttcli.i18n`` keeps the answer), so only the texts a command prints are looked at; texts
without a case or a gender stay plain strings.
"""

from __future__ import annotations

from _string import formatter_parser  # type: ignore[import-not-found]  # the parser str.format itself uses; `string` would load `re`
from collections.abc import Mapping
from typing import Any

from rules.i18n import forms_of

#: what a translation writes after the colon -> the key of the stored form
CASES = {"gen": "genitive", "dat": "dative", "acc": "accusative", "ins": "instrumental",
         "pre": "prepositional"}

#: words the program itself puts where a name goes (the players' "someone")
_OWN: dict[str, Mapping[str, str]] = {
    "кто-то": {"gender": "m", "genitive": "кого-то", "dative": "кому-то", "accusative": "кого-то",
               "instrumental": "кем-то", "prepositional": "ком-то"},
}

_GENDERS = ("m", "f", "n", "plural")


def forms(name: str) -> Mapping[str, str]:
    return forms_of(name) or _OWN.get(name, {})


def declined(name: str, case: str) -> str:
    """``name`` in ``case`` (``gen``, ``dat``...): its stored form, else as written."""
    return forms(name).get(CASES[case]) or name


def counted(n: int, words: list[str]) -> str:
    """The one of ``words`` (one, few, many: ``урон|урона|урона``) that goes with ``n``."""
    n = abs(n)
    last, last_two = n % 10, n % 100
    index = 2 if 11 <= last_two <= 14 else 0 if last == 1 else 1 if 2 <= last <= 4 else 2
    return words[min(index, len(words) - 1)]


def agreeing(value: object, choices: str) -> str:
    """The one of ``choices`` that agrees with ``value``: a name's gender (``устоял|устояла|…``),
    or a number's count (``урон|урона|урона``)."""
    words = choices.split("|")
    if isinstance(value, int) and not isinstance(value, bool):
        return counted(value, words)
    name = str(value)
    if name not in _OWN and not forms_of(name) and name[:1].isdigit():
        # a number written out, or dice (1d4): no name starts with a digit
        return counted(int(name), words) if name.isdigit() else words[-1]
    gender = forms(name).get("gender", "m")
    index = _GENDERS.index(gender) if gender in _GENDERS else 0
    return words[index] if index < len(words) and words[index] else words[0]


def _escaped(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def _field(name: str, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> Any:
    return args[int(name)] if name.isdigit() else kwargs[name]


def _render(template: str, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> str:
    """``template.format(...)`` with the case and gender fields worked out first."""
    parts: list[str] = []
    for literal, field, spec, conversion in formatter_parser(template):
        parts.append(_escaped(literal))
        if field is None:
            continue
        if spec in CASES:
            parts.append(_escaped(declined(str(_field(field, args, kwargs)), spec)))
        elif spec and "|" in spec:
            parts.append(_escaped(agreeing(_field(field, args, kwargs), spec)))
        else:
            parts.append("{" + field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
    return str.format("".join(parts), *args, **kwargs)


class Phrase(str):
    """A translated text whose placeholders may ask for a case or a gender."""

    __slots__ = ()

    def format(self, *args: Any, **kwargs: Any) -> str:
        return _render(self, args, kwargs)

    def format_map(self, mapping: Mapping[str, Any]) -> str:  # type: ignore[override]
        return _render(self, (), mapping)

    def __add__(self, other: str) -> Phrase:
        return Phrase(str.__add__(self, other))

    def __radd__(self, other: str) -> Phrase:
        return Phrase(str.__add__(other, self))


def _asks(text: str) -> bool:
    """Does ``text`` hold a placeholder with a case or a gender."""
    if "{" not in text or ":" not in text:
        return False
    for _literal, field, spec, _conversion in formatter_parser(text):
        if field is not None and spec and (spec in CASES or "|" in spec):
            return True
    return False


def as_phrase(text: str) -> str:
    """``text`` as a :class:`Phrase` when it asks for a case or a gender, else as it is."""
    try:
        return Phrase(text) if _asks(text) else text
    except ValueError:  # a broken placeholder stays as the catalog has it
        return text
