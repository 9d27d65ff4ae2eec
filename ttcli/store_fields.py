"""Field paths (``combatants."Викинг".hp``) and finding them in TOML text.

Errors name the field the way the master would type it in the file, and, when
the text is at hand, the line where it sits, so a hand edit can be fixed
without hunting.  The locator is a best-effort line scanner: it understands
the TOML that tomli-w writes (tables, arrays of tables, dotted keys, inline
values) and ordinary hand edits; when it cannot place a field exactly it
returns the line of the nearest enclosing key or table it found.
"""

from __future__ import annotations

import re
import tomllib
from typing import Iterable, Sequence

Part = str | int

_BARE = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def quote_key(key: str) -> str:
    if _BARE.fullmatch(key):
        return key
    out = []
    for ch in key:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def format_field(parts: Iterable[Part]) -> str:
    """``("combatants", "Викинг", "hp")`` -> ``combatants."Викинг".hp``; ints are ``[i]``."""
    text = ""
    for part in parts:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += ("." if text else "") + quote_key(part)
    return text


class _Reader:
    """Reads TOML keys (bare, "basic", 'literal') from a string."""

    def __init__(self, text: str, pos: int = 0) -> None:
        self.text = text
        self.pos = pos

    def skip_blanks(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] in " \t":
            self.pos += 1

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def key_part(self) -> str | None:
        ch = self.peek()
        if ch == '"':
            end = self.pos + 1
            while end < len(self.text) and self.text[end] != '"':
                end += 2 if self.text[end] == "\\" else 1
            if end >= len(self.text):
                return None
            token = self.text[self.pos : end + 1]
            self.pos = end + 1
            try:
                return tomllib.loads(f"k = {token}")["k"]
            except tomllib.TOMLDecodeError:
                return None
        if ch == "'":
            end = self.text.find("'", self.pos + 1)
            if end < 0:
                return None
            token = self.text[self.pos + 1 : end]
            self.pos = end + 1
            return token
        match = _BARE.match(self.text, self.pos)
        if not match:
            return None
        self.pos = match.end()
        return match.group()

    def dotted_key(self) -> list[str] | None:
        keys = []
        while True:
            self.skip_blanks()
            part = self.key_part()
            if part is None:
                return None
            keys.append(part)
            self.skip_blanks()
            if self.peek() != ".":
                return keys
            self.pos += 1


def parse_field(field: str) -> tuple[Part, ...]:
    """Inverse of :func:`format_field`; raises ValueError on a malformed path."""
    reader = _Reader(field)
    parts: list[Part] = []
    while reader.pos < len(field):
        ch = reader.peek()
        if ch == "[":
            close = field.find("]", reader.pos)
            digits = field[reader.pos + 1 : close] if close > 0 else ""
            if not digits.isdigit() or not parts:
                raise ValueError(f"bad index in field path {field!r}")
            parts.append(int(digits))
            reader.pos = close + 1
            continue
        if parts:
            if ch != ".":
                raise ValueError(f"expected '.' in field path {field!r}")
            reader.pos += 1
        part = reader.key_part()
        if part is None:
            raise ValueError(f"bad key in field path {field!r}")
        parts.append(part)
    if not parts:
        raise ValueError("empty field path")
    return tuple(parts)


_MULTILINE_QUOTES = re.compile(r'"""|\'\'\'')


def _header_keys(line: str) -> tuple[list[str], bool] | None:
    """``[a."b"]`` -> (["a", "b"], False); ``[[a]]`` -> (["a"], True)."""
    array = line.startswith("[[")
    reader = _Reader(line, 2 if array else 1)
    keys = reader.dotted_key()
    if keys is None:
        return None
    closing = "]]" if array else "]"
    if not line.startswith(closing, reader.pos):
        return None
    return keys, array


def locate_field(text: str, field: str | Sequence[Part]) -> tuple[int, int] | None:
    """(line, column) of ``field`` in ``text``, both 1-based, or None.

    Falls back to the longest enclosing path found (the table of a missing
    key, the key of an array whose element is wrong).
    """
    try:
        target = tuple(parse_field(field)) if isinstance(field, str) else tuple(field)
    except ValueError:
        return None
    best: tuple[int, tuple[int, int]] | None = None  # (matched length, place)

    def consider(path: tuple[Part, ...], place: tuple[int, int]) -> None:
        nonlocal best
        if target[: len(path)] != path:
            return
        if best is None or len(path) > best[0]:
            best = (len(path), place)

    table: tuple[Part, ...] = ()
    array_index: dict[tuple[Part, ...], int] = {}
    in_multiline = False
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.lstrip()
        indent = len(raw) - len(stripped)
        if in_multiline:
            if len(_MULTILINE_QUOTES.findall(raw)) % 2:
                in_multiline = False
            continue
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith("["):
            header = _header_keys(stripped)
            if header is None:
                continue
            keys, is_array = header
            resolved: list[Part] = []
            for i, key in enumerate(keys):
                resolved.append(key)
                here = tuple(resolved)
                last = i == len(keys) - 1
                if is_array and last:
                    array_index[here] = array_index.get(here, -1) + 1
                    resolved.append(array_index[here])
                elif here in array_index:
                    resolved.append(array_index[here])
            table = tuple(resolved)
            consider(table, (number, indent + 1))
            if is_array:
                consider(table[:-1], (number, indent + 1))
            continue
        reader = _Reader(raw, indent)
        keys = reader.dotted_key()
        if keys is None or reader.peek() != "=":
            continue
        consider(table + tuple(keys), (number, indent + 1))
        value = raw[reader.pos + 1 :]
        if len(_MULTILINE_QUOTES.findall(value)) % 2:
            in_multiline = True
    return best[1] if best else None
