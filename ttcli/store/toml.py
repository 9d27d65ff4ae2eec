"""Session documents as TOML text: strict reading, checked writing, field paths.

Reading refuses anything it would have to guess about (a byte order mark,
bytes that are not UTF-8, a missing or unknown ``format``, integers beyond 64
bits, nesting deeper than Python can follow) and says where the problem is.
Writing checks every value first, so a value TOML cannot hold is refused by
its field before anything is written; that tomli-w's text reads back as the
very same document is proved by the tests (hypothesis round trips), not
re-parsed on every save.
"""

from __future__ import annotations

import math
import re

from .errors import FormatTooNew, StoreError

#: the session format this version writes and fully understands
FORMAT = 1
_INT64 = (-(2**63), 2**63 - 1)
# patterns, not compiled objects: the journal's append loads this module for
# check_values, and compiling them would cost every journaled roll (re caches them)
_TOML_PLACE = r"^(?P<msg>.*?) \(at (?:line (?P<line>\d+), column (?P<col>\d+)|end of document)\)$"
_BARE = r"[A-Za-z0-9_-]+"
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
_UNQUOTED_KEY = r"^\s*\[*\s*(?:[A-Za-z0-9_-]+\s*\.\s*)*(?P<key>[^\s=\"'.\[\]#]*[^\x00-\x7f][^\s=\"'.\[\]#]*)"


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


def _key_at(text: str, pos: int) -> tuple[str, int] | None:
    """One TOML key (bare, "basic" or 'literal') at ``pos``: (key, end) or None."""
    if text.startswith('"', pos):
        end = pos + 1
        while end < len(text) and text[end] != '"':
            end += 2 if text[end] == "\\" else 1
        if end >= len(text):
            return None
        import tomllib

        try:
            return tomllib.loads(f"k = {text[pos:end + 1]}")["k"], end + 1
        except tomllib.TOMLDecodeError:
            return None
    if text.startswith("'", pos):
        end = text.find("'", pos + 1)
        return (text[pos + 1:end], end + 1) if end > 0 else None
    match = re.compile(_BARE).match(text, pos)
    return (match.group(), match.end()) if match else None


def _dotted_key(text: str, pos: int) -> tuple[list[str], int] | None:
    keys = []
    while True:
        while text[pos:pos + 1] in (" ", "\t") and pos < len(text):
            pos += 1
        found = _key_at(text, pos)
        if found is None:
            return None
        keys.append(found[0])
        pos = found[1]
        while text[pos:pos + 1] in (" ", "\t") and pos < len(text):
            pos += 1
        if not text.startswith(".", pos):
            return keys, pos
        pos += 1


def parse_field(field: str) -> tuple:
    """Inverse of :func:`format_field`; ValueError on a malformed path."""
    parts: list = []
    pos = 0
    while pos < len(field):
        if field.startswith("[", pos):
            close = field.find("]", pos)
            digits = field[pos + 1:close] if close > 0 else ""
            if not digits.isdigit() or not parts:
                raise ValueError(f"bad index in field path {field!r}")
            parts.append(int(digits))
            pos = close + 1
            continue
        if parts:
            if not field.startswith(".", pos):
                raise ValueError(f"expected '.' in field path {field!r}")
            pos += 1
        found = _key_at(field, pos)
        if found is None:
            raise ValueError(f"bad key in field path {field!r}")
        parts.append(found[0])
        pos = found[1]
    if not parts:
        raise ValueError("empty field path")
    return tuple(parts)


def locate_field(text: str, field) -> tuple[int, int] | None:
    """(line, column) of ``field`` in ``text``, 1-based, or of its nearest enclosing key or table.

    A line scanner for the TOML tomli-w writes and ordinary hand edits.
    """
    try:
        target = parse_field(field) if isinstance(field, str) else tuple(field)
    except ValueError:
        return None
    best: tuple[int, tuple[int, int]] | None = None
    table: tuple = ()
    array_index: dict[tuple, int] = {}
    in_multiline = False

    def consider(path: tuple, place: tuple[int, int]) -> None:
        nonlocal best
        if target[:len(path)] == path and (best is None or len(path) > best[0]):
            best = (len(path), place)

    for number, raw in enumerate(text.splitlines(), start=1):
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


# ---------------------------------------------------------------- reading


def parse_document(data: bytes, path=None, *, read_only: bool = False) -> dict:
    """Bytes of a session file -> dict, or StoreError saying where it broke.

    A newer ``format`` raises :class:`FormatTooNew` unless ``read_only``: then
    the document is returned to be shown, and writing it is still refused.
    """
    text = decode_text(data, path)
    if not text.strip():
        raise StoreError(path, "empty session file", line=1, hint="restore it with `undo`, or create the session again")
    doc = parse_toml(text, path)
    try:
        check_format(doc, path, text)
    except FormatTooNew:
        if not read_only:
            raise
    try:
        check_values(doc)
    except StoreError as exc:
        place = locate_field(text, exc.field) if exc.field else None
        raise exc.located(path=path, **dict(zip(("line", "col"), place or (), strict=False))) from None
    return doc


def load_document(path, *, read_only: bool = False) -> dict:
    """Read and parse a session file; see :func:`parse_document`."""
    from .files import read_bytes

    try:
        data = read_bytes(path)
    except FileNotFoundError:
        raise StoreError(path, "no such session file", hint="check the name, or create the session first") from None
    return parse_document(data, path, read_only=read_only)


def decode_text(data: bytes, path) -> str:
    # A BOM is refused rather than stripped: rewriting would silently drop it.
    if data.startswith(b"\xef\xbb\xbf"):
        raise StoreError(path, "file starts with a UTF-8 byte order mark (BOM)", line=1, col=1,
                         hint="save the file as UTF-8 without BOM")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, col = byte_offset_to_line_col(data, exc.start)
        raise StoreError(path, f"byte 0x{data[exc.start]:02X} at offset {exc.start} is not UTF-8",
                         line=line, col=col,
                         hint="the file was saved in another encoding (Windows-1251? Latin-1?): "
                              "save it as UTF-8") from None


def byte_offset_to_line_col(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and character column of a byte offset."""
    line_start = data.rfind(b"\n", 0, offset) + 1
    return data.count(b"\n", 0, offset) + 1, len(data[line_start:offset].decode("utf-8", errors="replace")) + 1


def parse_toml(text: str, path) -> dict:
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise toml_error(exc, text, path) from None
    except RecursionError:
        raise StoreError(path, "arrays or tables are nested too deeply to read",
                         hint="a session nests a few levels at most: fix the file by hand, "
                              "or restore it with `undo`") from None
    except ValueError as exc:  # Python's limit on the digits of an integer
        raise StoreError(path, f"a number is far too long ({exc})",
                         hint="integers must fit in 64 bits: fix the file by hand, or restore it with `undo`") from None


def toml_error(exc, text: str, path) -> StoreError:
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
    hint = "fix the file by hand, or restore it with `undo`"
    lines = text.split("\n")
    found = re.match(_UNQUOTED_KEY, lines[line - 1]) if line and 0 < line <= len(lines) else None
    if found:  # the commonest slip in Russian sessions: `Викинг = ...` needs quotes
        key = found.group("key")
        hint = f'keys with letters other than A-Z need quotes: write "{key}" instead of {key}'
    return StoreError(path, f"TOML syntax: {message}", line=line, col=col, hint=hint)


def check_format(doc, path, text: str | None = None) -> int:
    if "format" not in doc:
        raise StoreError(path, "missing `format` key", field="format",
                         hint=f"add `format = {FORMAT}` as the first line")
    version = doc["format"]
    if type(version) is int and 1 <= version <= FORMAT:
        return version
    # only a bad version is located in the text: scanning every line costs a read of a big session dearly
    found = locate_field(text, ("format",)) if text is not None else None
    place = {"line": found[0], "col": found[1]} if found else {}
    if type(version) is not int:
        kind = {bool: "a boolean", float: "a float", str: "a string", list: "an array", dict: "a table"}.get(
            type(version), type(version).__name__)
        raise StoreError(path, f"`format` must be an integer, not {kind}", field="format",
                         hint=f"format = {FORMAT}", **place)
    if version < 1:
        raise StoreError(path, f"unknown format {version}", field="format",
                         hint=f"this ttcli reads formats 1..{FORMAT}", **place)
    if version > FORMAT:
        raise FormatTooNew(path,
                           f"format {version} is newer than this ttcli understands ({FORMAT}); the file is read-only",
                           field="format", hint="upgrade ttcli to change this session", found=version,
                           supported=FORMAT, **place)
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

    check_format(doc, None)
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


_PLAIN = "store plain str/int/float/bool/date values, lists and tables"


def check_values(doc, where: tuple = ()) -> None:
    """Refuse None, NaN/inf, ints beyond 64 bits and non-TOML types, naming the field."""
    import datetime as _dt

    stack = [(doc, where)]
    while stack:
        value, at = stack.pop()
        kind = type(value)
        if kind is bool:
            continue
        if kind is int:
            if not _INT64[0] <= value <= _INT64[1]:
                raise StoreError(None, "integer does not fit in 64 bits", field=format_field(at),
                                 hint="TOML integers are signed 64-bit")
        elif kind is str:
            if not value.isascii():
                _check_text(value, at)
        elif isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise StoreError(None, f"key {key!r} is not text", field=format_field(at) or None)
                _check_text(key, at + (key,))
                stack.append((item, at + (key,)))
        elif isinstance(value, (list, tuple)):
            stack.extend((item, at + (i,)) for i, item in enumerate(value))
        elif value is None:
            raise StoreError(None, "None (no value) cannot be stored in TOML", field=format_field(at),
                             hint="leave the key out instead")
        elif kind is float:
            if not math.isfinite(value):
                raise StoreError(None, f"{value} cannot be stored", field=format_field(at), hint="use a finite number")
        elif kind is _dt.time:
            if value.tzinfo is not None:
                raise StoreError(None, "a time of day with a UTC offset cannot be stored in TOML",
                                 field=format_field(at), hint="store a full date and time instead")
        elif kind is _dt.datetime and value.tzinfo is not None and value.utcoffset().total_seconds() % 60:
            raise StoreError(None, "a UTC offset must be whole minutes in TOML", field=format_field(at))
        elif kind not in (_dt.datetime, _dt.date):
            raise StoreError(None, f"a {kind.__name__} cannot be stored in TOML", field=format_field(at), hint=_PLAIN)


def _check_text(value: str, at: tuple) -> None:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise StoreError(None, "text holds an unpaired surrogate and cannot be saved as UTF-8",
                         field=format_field(at)) from None
