"""Session documents as TOML text: strict reading, checked writing, field paths.

Reading refuses anything it would have to guess about (a byte order mark,
bytes that are not UTF-8, a missing or unknown ``format``, integers beyond 64
bits, nesting deeper than Python can follow) and says where the problem is.
Writing checks every value first, so a value TOML cannot hold is refused by
its field before anything is written; that tomli-w's text reads back as the
very same document is proved by the tests, not re-parsed on every save.
"""

from __future__ import annotations

import datetime as _dt
import math
import re

from .errors import FormatTooNew, StoreError

TYPE_CHECKING = False  # typing is start-up cost on the roll path
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

#: the session format this version writes and fully understands
FORMAT = 1
_INT64 = (-(2**63), 2**63 - 1)
# patterns, not compiled objects: the journal's append loads this module for
# check_values, and compiling them would cost every journaled roll (re caches them)
_TOML_PLACE = r"^(?P<msg>.*?) \(at (?:line (?P<line>\d+), column (?P<col>\d+)|end of document)\)$"
_BARE = r"[A-Za-z0-9_-]+"
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
_UNQUOTED_KEY = r"^\s*\[*\s*(?:[A-Za-z0-9_-]+\s*\.\s*)*(?P<key>[^\s=\"'.\[\]#]*[^\x00-\x7f][^\s=\"'.\[\]#]*)"
_FIX = "fix the file by hand, or restore it with `undo`"


# ---------------------------------------------------------------- field paths


def quote_key(key: str) -> str:
    if re.fullmatch(_BARE, key):
        return key
    # control and bidi characters are spelled as escapes: the path is shown to people
    return '"' + "".join(_ESCAPES.get(c) or (c if c.isprintable() else f"\\U{ord(c):08x}") for c in key) + '"'


def format_field(parts) -> str:
    """``("combatants", "Викинг", "hp")`` -> ``combatants."Викинг".hp``; ints are ``[i]``."""
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else ("." if text else "") + quote_key(part)
    return text


def _dotted_key(text: str, pos: int) -> tuple[list[str], int] | None:
    """A dotted TOML key (bare, "basic" or 'literal' parts) at ``pos``: (parts, end) or None."""
    keys = []
    while True:
        pos += len(text[pos:]) - len(text[pos:].lstrip(" \t"))
        if text.startswith('"', pos):
            end = pos + 1
            while end < len(text) and text[end] != '"':
                end += 2 if text[end] == "\\" else 1
            import tomllib

            try:
                keys.append(tomllib.loads(f"k = {text[pos:end + 1]}")["k"])
            except tomllib.TOMLDecodeError:
                return None
            pos = end + 1
        elif text.startswith("'", pos):
            end = text.find("'", pos + 1)
            if end < 0:
                return None
            keys.append(text[pos + 1:end])
            pos = end + 1
        else:
            match = re.compile(_BARE).match(text, pos)
            if match is None:
                return None
            keys.append(match.group())
            pos = match.end()
        pos += len(text[pos:]) - len(text[pos:].lstrip(" \t"))
        if not text.startswith(".", pos):
            return keys, pos
        pos += 1


def locate_field(text: str, field) -> tuple[int, int] | None:
    """(line, column) of ``field`` (a path as :func:`format_field` spells it, or its parts)
    in ``text``, 1-based, or of its nearest enclosing key or table; None if none is there.

    A line scanner for the TOML tomli-w writes and ordinary hand edits.
    """
    target = field if isinstance(field, str) else format_field(field)
    best: tuple[int, tuple[int, int]] | None = None
    table: tuple = ()
    array_index: dict[tuple, int] = {}
    in_multiline = False

    def consider(path: tuple, place: tuple[int, int]) -> None:
        nonlocal best
        spelled = format_field(path)
        if (target == spelled or target.startswith((spelled + ".", spelled + "["))) and \
                (best is None or len(path) > best[0]):
            best = (len(path), place)

    for number, raw in enumerate(text.split("\n"), start=1):  # TOML ends lines at \n alone (not \x85 ...)
        stripped = raw.lstrip()
        indent = len(raw) - len(stripped)
        quotes = len(re.findall(r'"""|\'\'\'', raw)) % 2
        if in_multiline:
            in_multiline = not quotes
            continue
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith("["):
            array = stripped.startswith("[[")
            found = _dotted_key(stripped, 2 if array else 1)
            if found is None or not stripped.startswith("]]" if array else "]", found[1]):
                continue
            resolved: list = []
            for i, key in enumerate(found[0]):
                resolved.append(key)
                here = tuple(resolved)
                if array and i == len(found[0]) - 1:
                    array_index[here] = array_index.get(here, -1) + 1
                    resolved.append(array_index[here])
                elif here in array_index:
                    resolved.append(array_index[here])
            table = tuple(resolved)
            consider(table, (number, indent + 1))
            if array:
                consider(table[:-1], (number, indent + 1))
            continue
        found = _dotted_key(raw, indent)
        if found is None or not raw.startswith("=", found[1]):
            continue
        consider(table + tuple(found[0]), (number, indent + 1))
        in_multiline = bool(quotes)
    return best[1] if best else None


def placed(error: StoreError, text: str | None) -> StoreError:
    """``error`` with the line and column of its field in ``text``, when it can be found."""
    place = locate_field(text, error.field) if text is not None and error.field and error.line is None else None
    return error.located(line=place[0], col=place[1]) if place else error


# ---------------------------------------------------------------- reading


def parse_toml(data: bytes, path, hint: str = _FIX) -> tuple[dict, str]:
    """TOML bytes -> (document, text), or StoreError with the line and column where they broke."""
    import tomllib

    # A BOM is refused rather than stripped: rewriting would silently drop it.
    if data.startswith(b"\xef\xbb\xbf"):
        raise StoreError(path, "file starts with a UTF-8 byte order mark (BOM)", line=1, col=1,
                         hint="save the file as UTF-8 without BOM")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        col = len(data[line_start:exc.start].decode("utf-8", errors="replace")) + 1
        raise StoreError(path, f"byte 0x{data[exc.start]:02X} at offset {exc.start} is not UTF-8",
                         line=data.count(b"\n", 0, exc.start) + 1, col=col,
                         hint="the file was saved in another encoding (Windows-1251? Latin-1?): "
                              "save it as UTF-8") from None
    try:
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as exc:
        raise _syntax_error(exc, text, path, hint) from None
    except RecursionError:
        raise StoreError(path, "arrays or tables are nested too deeply to read", hint=hint) from None
    except ValueError as exc:  # Python's limit on the digits of an integer
        raise StoreError(path, f"a number is far too long ({exc})",
                         hint=f"integers must fit in 64 bits: {hint}") from None


def _syntax_error(exc, text: str, path, hint: str) -> StoreError:
    message = str(exc)
    match = re.match(_TOML_PLACE, message, re.S)
    line, col = getattr(exc, "lineno", None), getattr(exc, "colno", None)
    if match:
        message = match.group("msg")
        if match.group("line"):
            line, col = int(match.group("line")), int(match.group("col"))
        elif line is None:  # "at end of document": the last line with any text
            lines = text.rstrip("\n").split("\n")
            line, col = len(lines), len(lines[-1]) + 1
    lines = text.split("\n")
    found = re.match(_UNQUOTED_KEY, lines[line - 1]) if line and 0 < line <= len(lines) else None
    if found:  # the commonest slip in Russian sessions: `Викинг = ...` needs quotes
        key = found.group("key")
        hint = f'keys with letters other than A-Z need quotes: write "{key}" instead of {key}'
    return StoreError(path, f"TOML syntax: {message}", line=line, col=col, hint=hint)


def parse_document(data: bytes, path=None, *, read_only: bool = False) -> dict:
    """Bytes of a session file -> dict, or StoreError saying where it broke.

    A newer ``format`` raises :class:`FormatTooNew` unless ``read_only``: then
    the document is returned to be shown, and writing it is still refused.
    """
    if not data.strip():
        raise StoreError(path, "empty session file", line=1, hint="restore it with `undo`, or create the session again")
    doc, text = parse_toml(data, path)
    try:
        try:
            check_format(doc)
        except FormatTooNew:
            if not read_only:
                raise
        check_values(doc)
    except StoreError as exc:
        raise placed(exc.located(path=path), text) from None
    return doc


def check_format(doc) -> int:
    version = doc.get("format")
    if version is None:
        problem, hint = "missing `format` key", f"add `format = {FORMAT}` as the first line"
    elif type(version) is not int:
        kind = {bool: "a boolean", float: "a float", str: "a string", list: "an array", dict: "a table"}.get(
            type(version), type(version).__name__)
        problem, hint = f"`format` must be an integer, not {kind}", f"format = {FORMAT}"
    elif version < 1:
        problem, hint = f"unknown format {version}", f"this ttcli reads formats 1..{FORMAT}"
    else:
        problem = hint = ""
    if problem:
        raise StoreError(None, problem, field="format", hint=hint)
    if version > FORMAT:
        raise FormatTooNew(None, f"format {version} is newer than this ttcli understands ({FORMAT}); "
                           "the file is read-only", field="format", hint="upgrade ttcli to change this session",
                           found=version, supported=FORMAT)
    return version


def is_read_only(doc) -> bool:
    """True for a document of a newer format: show it, never write it."""
    version = doc.get("format")
    return type(version) is int and version > FORMAT


# ---------------------------------------------------------------- writing


def dump_document(doc, header: str = "") -> str:
    """A session document as TOML text; ``header`` becomes ``#`` comment lines on top.

    Key order is the dict's own (tables after plain keys, as TOML requires).
    """
    import tomli_w  # only commands that write pay for it

    check_format(doc)
    check_values(doc)
    lines = header.rstrip("\n").split("\n") if header.strip("\n") else []
    for number, line in enumerate(lines, start=1):
        if not (line.replace("\t", " ").isprintable()):
            raise StoreError(None, f"header line {number} holds a control character")
    try:
        body = tomli_w.dumps(doc)
    except RecursionError:
        raise StoreError(None, "tables are nested too deeply to save") from None
    except (TypeError, ValueError) as exc:
        raise StoreError(None, f"cannot be written as TOML: {exc}") from None
    comment = "".join(f"# {line}".rstrip() + "\n" for line in lines)
    return comment + ("\n" if comment and body else "") + body


def _utf8(value: str):
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return "text holds an unpaired surrogate and cannot be saved as UTF-8", None
    return None


#: type -> what is wrong with a value of it (problem, hint), or None; tables and arrays are walked
_REFUSALS: dict[type, Callable[[Any], tuple[str, str | None] | None]] = {
    bool: lambda v: None,
    int: lambda v: None if _INT64[0] <= v <= _INT64[1] else ("integer does not fit in 64 bits",
                                                             "TOML integers are signed 64-bit"),
    str: lambda v: None if v.isascii() else _utf8(v),
    float: lambda v: None if math.isfinite(v) else (f"{v} cannot be stored", "use a finite number"),
    type(None): lambda v: ("None (no value) cannot be stored in TOML", "leave the key out instead"),
    _dt.date: lambda v: None,
    _dt.datetime: lambda v: None if v.tzinfo is None or not v.utcoffset().total_seconds() % 60 else (
        "a UTC offset must be whole minutes in TOML", None),
    _dt.time: lambda v: None if v.tzinfo is None else ("a time of day with a UTC offset cannot be stored in TOML",
                                                       "store a full date and time instead"),
}


def check_values(doc, where: tuple = ()) -> None:
    """Refuse None, NaN/inf, ints beyond 64 bits and non-TOML types, naming the field."""
    stack = [(doc, where)]
    while stack:
        value, at = stack.pop()
        if isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise StoreError(None, f"key {key!r} is not text", field=format_field(at) or None)
                if not key.isascii() and _utf8(key):
                    raise StoreError(None, _utf8(key)[0], field=format_field(at + (key,)))
                stack.append((item, at + (key,)))
        elif isinstance(value, (list, tuple)):
            stack.extend((item, at + (i,)) for i, item in enumerate(value))
        else:
            check = _REFUSALS.get(type(value))
            refusal = check(value) if check else (f"a {type(value).__name__} cannot be stored in TOML",
                                                  "store plain str/int/float/bool/date values, lists and tables")
            if refusal:
                raise StoreError(None, refusal[0], field=format_field(at), hint=refusal[1])
