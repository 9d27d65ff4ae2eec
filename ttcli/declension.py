"""The cases and gender of a Russian name, worked out once, when a combatant is added.

The forms come from pymorphy3 and its Russian dictionary (OpenCorpora): it knows common
nouns and adjectives (Гоблин, Лучница, Старый волк) as well as personal names (Борис), which
a forum's roster mixes freely; petrovich knows only personal names.  The dictionary takes a
noticeable moment to load, so only ``char add`` (and ``char forms --again``) load it, and the
forms are stored in the session file, where the master corrects them by hand.

A name is declined word by word: nouns and adjectives change, numbers and Latin words stay
(``Гоблин 1`` -> ``Гоблина 1``).  A word the dictionary does not know (``Огр``, ``Лич``) is
declined as the commonest pattern of its ending suggests; the master corrects the rare miss.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

#: the stored keys, in the order people read them, and pymorphy3's grammeme for each case
CASE_TAGS = {"genitive": "gent", "dative": "datv", "accusative": "accs", "instrumental": "ablt",
             "prepositional": "loct"}
_GENDER_OF = {"masc": "m", "femn": "f", "neut": "n"}


def needs_forms(name: str) -> bool:
    """Only Cyrillic names change with their case."""
    return any("а" <= c.casefold() <= "я" or c in "ёЁ" for c in name)


@lru_cache(maxsize=1)
def _analyzer() -> Any:
    import pymorphy3  # type: ignore[import-untyped]  # no type hints; the dictionary's load is paid here, by the commands that add a name

    return pymorphy3.MorphAnalyzer(lang="ru")


def _words(name: str) -> list[str]:
    """``name`` cut into words and what lies between them (kept as typed)."""
    parts: list[str] = []
    word = ""
    for c in name:
        if c.isalpha() or (c == "-" and word):
            word += c
        else:
            if word:
                parts.append(word)
                word = ""
            parts.append(c)
    if word:
        parts.append(word)
    return parts


def _nominative(word: str) -> Any | None:
    """The dictionary's best reading of ``word`` as a noun or adjective in the nominative."""
    best = None
    for parse in _analyzer().parse(word):
        tag = parse.tag
        if tag.case != "nomn" or tag.POS not in ("NOUN", "ADJF") or tag.number == "plur":
            continue
        if best is None or (tag.POS == "NOUN" and "anim" in tag and "anim" not in best.tag):
            best = parse
    return best


def _cased(word: str, like: str) -> str:
    """``word`` written in the capitals of ``like`` (the dictionary answers in lower case)."""
    if like.isupper() and len(like) > 1:
        return word.upper()
    if like[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def _guessed(word: str) -> tuple[str, dict[str, str]] | None:
    """Forms of an unknown word by its ending: the two commonest patterns of names."""
    low = word.casefold()
    if low[-1:] in ("а", "я"):
        stem, soft = low[:-1], low[-1] == "я" or low[-2:-1] in "гкхжчшщ"
        ending = "и" if soft else "ы"
        soft_end = low[-1] == "я"
        return "f", {"genitive": stem + ending, "dative": stem + "е", "accusative": stem + ("ю" if soft_end else "у"),
                     "instrumental": stem + ("ей" if soft_end else "ой"), "prepositional": stem + "е"}
    if low[-1:].isalpha() and low[-1:] not in "аеёиоуыэюяйь":
        hushing = low[-1:] in "жчшщц"
        return "m", {"genitive": low + "а", "dative": low + "у", "accusative": low + "а",
                     "instrumental": low + ("ем" if hushing else "ом"), "prepositional": low + "е"}
    return None


def work_out(name: str) -> dict[str, str]:
    """The stored forms of ``name``: its gender and its five oblique cases.

    The head noun (the last noun of the name) gives the gender; adjectives agree with it.
    A name with nothing to decline gets its own spelling in every case."""
    parts = _words(name)
    readings = {i: _nominative(p) for i, p in enumerate(parts) if p[:1].isalpha() and needs_forms(p)}
    nouns = [i for i, r in readings.items() if r is not None and r.tag.POS == "NOUN"]
    head = readings[nouns[-1]] if nouns else None
    gender = _GENDER_OF.get(str(head.tag.gender), "m") if head is not None else None
    guessed: dict[int, tuple[str, dict[str, str]]] = {}
    for i, reading in readings.items():
        if reading is None:
            guess = _guessed(parts[i])
            if guess is not None:
                guessed[i] = guess
    if gender is None:
        gender = next((g for g, _forms in guessed.values()), "m")
    out: dict[str, str] = {"gender": gender}
    for key, tag in CASE_TAGS.items():
        words = list(parts)
        for i, reading in readings.items():
            if reading is not None:
                wanted = {tag}
                if reading.tag.POS == "ADJF":
                    wanted |= {"masc" if gender == "m" else "femn" if gender == "f" else "neut"}
                    if key == "accusative" and gender == "m":
                        wanted |= {"anim"}
                elif key == "accusative" and "inan" in reading.tag:
                    # a combatant is alive: masculine "вижу Стрелка", not "вижу Стрелок"
                    wanted = {"gent"} if reading.tag.gender == "masc" else wanted
                form = reading.inflect(wanted)
                if form is not None:
                    words[i] = _cased(form.word, parts[i])
            elif i in guessed:
                words[i] = _cased(guessed[i][1][key], parts[i])
        out[key] = "".join(words)
    return out

