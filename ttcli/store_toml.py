"""Session documents as TOML text: strict reading and verified writing.

Reading refuses anything it would have to guess about (a byte order mark,
bytes that are not UTF-8, a missing or unknown ``format``) and says where the
problem is.  Writing checks every value before tomli-w sees it, then parses
the produced text back and compares it with the input: tomli-w can emit TOML
that tomllib rejects, and some Python values (tuples, Decimals, enums) come
back as something else.  A document that would not come back exactly is
never written.
"""

from __future__ import annotations

import datetime as _dt
import math
import os
import re
import tomllib
from pathlib import Path
from typing import Any, Mapping


from .store_errors import FormatTooNew, StoreError
from .store_fields import Part, format_field, locate_field

#: the session format this version writes and fully understands
FORMAT = 1

_INT64 = (-(2**63), 2**63 - 1)
_BOM = b"\xef\xbb\xbf"
_TOML_PLACE = re.compile(r"^(?P<msg>.*?) \(at (?:line (?P<line>\d+), column (?P<col>\d+)|end of document)\)$", re.S)


# ---------------------------------------------------------------- reading


def load_document(path: str | os.PathLike[str], *, read_only: bool = False) -> dict:
    """Read and parse a session file; see :func:`parse_document`."""
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise StoreError(path, "no such session file", hint="check the name, or create the session first") from None
    except OSError as exc:
        raise StoreError(path, f"cannot read: {exc.strerror or exc}") from None
    return parse_document(data, path, read_only=read_only)


def parse_document(data: bytes, path: str | os.PathLike[str] | None = None, *, read_only: bool = False) -> dict:
    """Bytes of a session file -> dict, or StoreError saying where it broke.

    A newer ``format`` than :data:`FORMAT` raises :class:`FormatTooNew`
    unless ``read_only`` is true: then the document is returned so it can be
    shown, and :func:`dump_document` and transactions still refuse to write it.
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
    return doc


def decode_text(data: bytes, path: str | os.PathLike[str] | None) -> str:
    # A BOM is refused rather than stripped: rewriting would silently drop it
    # and tools disagree on whether it belongs in TOML at all.
    if data.startswith(_BOM):
        raise StoreError(
            path,
            "file starts with a UTF-8 byte order mark (BOM)",
            line=1,
            col=1,
            hint="save the file as UTF-8 without BOM",
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, col = byte_offset_to_line_col(data, exc.start)
        raise StoreError(
            path,
            f"byte 0x{data[exc.start]:02X} at offset {exc.start} is not UTF-8",
            line=line,
            col=col,
            hint="the file was saved in another encoding (Windows-1251? Latin-1?): save it as UTF-8",
        ) from None


def byte_offset_to_line_col(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and character column of a byte offset."""
    line_start = data.rfind(b"\n", 0, offset) + 1
    line = data.count(b"\n", 0, offset) + 1
    col = len(data[line_start:offset].decode("utf-8", errors="replace")) + 1
    return line, col


def parse_toml(text: str, path: str | os.PathLike[str] | None) -> dict:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise toml_error(exc, text, path) from None


def toml_error(exc: tomllib.TOMLDecodeError, text: str, path) -> StoreError:
    message = str(exc)
    match = _TOML_PLACE.match(message)
    line = getattr(exc, "lineno", None)
    col = getattr(exc, "colno", None)
    if match:
        message = match.group("msg")
        if match.group("line"):
            line, col = int(match.group("line")), int(match.group("col"))
        elif line is None:
            # "at end of document": the last line that has any text
            lines = text.rstrip("\n").split("\n")
            line, col = len(lines), len(lines[-1]) + 1
    hint = _unquoted_key_hint(text, line) or "fix the file by hand, or restore it with `undo`"
    return StoreError(path, f"TOML syntax: {message}", line=line, col=col, hint=hint)


_UNQUOTED_KEY = re.compile(r"^\s*\[*\s*(?:[A-Za-z0-9_-]+\s*\.\s*)*(?P<key>[^\s=\"'.\[\]#]*[^\x00-\x7f][^\s=\"'.\[\]#]*)")


def _unquoted_key_hint(text: str, line: int | None) -> str | None:
    # The commonest hand-edit slip in Russian sessions: `Викинг = ...` needs quotes.
    if line is None:
        return None
    lines = text.split("\n")
    match = _UNQUOTED_KEY.match(lines[line - 1]) if 0 < line <= len(lines) else None
    if not match:
        return None
    key = match.group("key")
    return f'keys with letters other than A-Z need quotes: write "{key}" instead of {key}'



def check_format(doc: Mapping, path, text: str | None = None) -> int:
    def place() -> dict:
        found = locate_field(text, ("format",)) if text is not None else None
        return {"line": found[0], "col": found[1]} if found else {}

    if "format" not in doc:
        raise StoreError(path, "missing `format` key", field="format", hint=f"add `format = {FORMAT}` as the first line")
    version = doc["format"]
    if not isinstance(version, int) or isinstance(version, bool):
        raise StoreError(path, f"`format` must be an integer, not {_toml_type(version)}", field="format", hint=f"format = {FORMAT}", **place())
    if version < 1:
        raise StoreError(path, f"unknown format {version}", field="format", hint=f"this ttcli reads formats 1..{FORMAT}", **place())
    if version > FORMAT:
        raise FormatTooNew(
            path,
            f"format {version} is newer than this ttcli understands ({FORMAT}); the file is read-only",
            field="format",
            hint="upgrade ttcli to change this session",
            found=version,
            supported=FORMAT,
            **place(),
        )
    return version


def is_read_only(doc: Mapping) -> bool:
    """True for a document of a newer format: show it, never write it."""
    version = doc.get("format")
    return isinstance(version, int) and not isinstance(version, bool) and version > FORMAT


# ---------------------------------------------------------------- writing


def dump_document(doc: Mapping[str, Any], header: str = "") -> str:
    """Serialize a session document to TOML text that reads back identically.

    Key order is the dict's own (tables after plain keys, as TOML requires);
    ``header`` becomes ``#`` comment lines on top.
    """
    check_format(doc, None)
    return dump_verified(doc, header)


def dump_verified(doc: Mapping[str, Any], header: str = "") -> str:
    import tomli_w  # only commands that write pay for it

    check_values(doc)
    header_lines = header.rstrip("\n").split("\n") if header.strip("\n") else []
    for number, line in enumerate(header_lines, start=1):
        bad = next((ch for ch in line if (ord(ch) < 0x20 and ch != "\t") or ord(ch) == 0x7F), None)
        if bad is not None:
            raise StoreError(None, f"header line {number} holds control character {bad!r}")
    try:
        body = tomli_w.dumps(doc)
    except (TypeError, ValueError) as exc:
        raise StoreError(None, f"cannot be written as TOML: {exc}") from None
    comment = "".join(f"# {line}".rstrip() + "\n" for line in header_lines)
    text = comment + ("\n" if comment and body else "") + body
    try:
        back = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        culprit = _unreadable_leaf(doc)
        raise StoreError(
            None,
            f"value would be written as TOML that cannot be read back ({toml_error(exc, text, None).problem})",
            field=format_field(culprit) if culprit else None,
            hint="store plain str/int/float/bool/date values, lists and tables",
        ) from None
    # ``==`` settles the common case at C speed (tomli-w writes 1, 1.0 and true
    # back as the same types); the strict walk runs only to find a difference,
    # or to accept a tuple that reads back as a list
    where = None if back == doc else first_difference(doc, back)
    if where is not None:
        raise StoreError(
            None,
            "value would not read back the same after saving",
            field=format_field(where) or None,
            hint="store plain str/int/float/bool/date values, lists and tables",
        )
    return text


def _unreadable_leaf(doc: Mapping[str, Any]) -> tuple[Part, ...] | None:
    """Path of the first value that alone produces unreadable TOML (error path only)."""
    import tomli_w

    stack: list[tuple[Any, tuple[Part, ...]]] = [(doc, ())]
    while stack:
        value, at = stack.pop(0)
        if isinstance(value, Mapping):
            stack.extend((v, at + (k,)) for k, v in value.items())
        elif isinstance(value, (list, tuple)):
            stack.extend((v, at + (i,)) for i, v in enumerate(value))
        else:
            try:
                tomllib.loads(tomli_w.dumps({"v": value}))
            except tomllib.TOMLDecodeError:
                return at
    return None


def _toml_type(value: object) -> str:
    return {bool: "a boolean", int: "an integer", float: "a float", str: "a string", list: "an array", dict: "a table"}.get(
        type(value), type(value).__name__
    )


def _check_float(value: float, where: tuple[Part, ...]) -> None:
    if not math.isfinite(value):
        raise StoreError(None, f"{value} cannot be stored", field=format_field(where), hint="use a finite number")


def _check_int(value: int, where: tuple[Part, ...]) -> None:
    if not _INT64[0] <= value <= _INT64[1]:
        raise StoreError(None, "integer does not fit in 64 bits", field=format_field(where), hint="TOML integers are signed 64-bit")


def _check_str(value: str, where: tuple[Part, ...]) -> None:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise StoreError(None, "text holds an unpaired surrogate and cannot be saved as UTF-8", field=format_field(where)) from None


def _check_time(value: _dt.time, where: tuple[Part, ...]) -> None:
    if value.tzinfo is not None:
        raise StoreError(None, "a time of day with a UTC offset cannot be stored in TOML", field=format_field(where), hint="store a full date and time instead")


_SCALAR_CHECKS = {bool: None, int: _check_int, float: _check_float, str: _check_str, _dt.time: _check_time}
_ALLOWED = (bool, int, float, str, _dt.datetime, _dt.date, _dt.time)


def check_values(doc: Mapping[str, Any], where: tuple[Part, ...] = ()) -> None:
    """Refuse None, NaN/inf, out-of-range ints and non-TOML types, naming the field."""
    stack: list[tuple[Any, tuple[Part, ...]]] = [(doc, where)]
    while stack:
        value, at = stack.pop()
        kind = type(value)
        # the plain kinds a session holds almost only, settled without the
        # general (and much slower) checks below
        if kind is bool:
            continue
        if kind is int:
            if not _INT64[0] <= value <= _INT64[1]:
                _check_int(value, at)
            continue
        if kind is str:
            if not value.isascii():
                _check_str(value, at)
            continue
        if isinstance(value, Mapping):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise StoreError(None, f"key {key!r} is not text", field=format_field(at) or None)
                _check_str(key, at + (key,))
                stack.append((item, at + (key,)))
        elif isinstance(value, (list, tuple)):
            stack.extend((item, at + (i,)) for i, item in enumerate(value))
        elif value is None:
            raise StoreError(None, "None (no value) cannot be stored in TOML", field=format_field(at), hint="leave the key out instead")
        elif isinstance(value, _ALLOWED):
            for kind in type(value).__mro__:
                if kind in _SCALAR_CHECKS:
                    check = _SCALAR_CHECKS[kind]
                    if check is not None:
                        check(value, at)
                    break
        else:
            raise StoreError(None, f"a {type(value).__name__} cannot be stored in TOML", field=format_field(at))


_EXACT_KINDS = {bool: "bool", int: "int", float: "float", str: "str", dict: "table", list: "array", tuple: "array",
                _dt.datetime: "datetime", _dt.date: "date", _dt.time: "time"}


def _kind(value: object) -> str:
    exact = _EXACT_KINDS.get(type(value))
    if exact is not None:
        return exact
    for kind, name in ((bool, "bool"), (int, "int"), (float, "float"), (str, "str"), (_dt.datetime, "datetime"),
                       (_dt.date, "date"), (_dt.time, "time"), (Mapping, "table"), ((list, tuple), "array")):
        if isinstance(value, kind):
            return name
    return type(value).__name__


def first_difference(a: object, b: object, at: tuple[Part, ...] = ()) -> tuple[Part, ...] | None:
    """Path of the first place where two documents differ, None if identical.

    Stricter than ``==``: ``1``, ``1.0`` and ``True`` differ, so do ``0.0`` and
    ``-0.0``, and so do datetimes with different offsets.  Key order is ignored
    (TOML moves tables after plain keys); a tuple equals the list it reads back as.
    """
    kind = _kind(a)
    if kind != _kind(b):
        return at
    if kind == "table":
        if a.keys() != b.keys():  # type: ignore[union-attr]
            missing = next(iter(set(a) ^ set(b)))  # type: ignore[arg-type]
            return at + (missing,)
        for key in a:  # type: ignore[union-attr]
            found = first_difference(a[key], b[key], at + (key,))  # type: ignore[index]
            if found is not None:
                return found
        return None
    if kind == "array":
        for i, (x, y) in enumerate(zip(a, b)):  # type: ignore[call-overload]
            found = first_difference(x, y, at + (i,))
            if found is not None:
                return found
        return None if len(a) == len(b) else at + (min(len(a), len(b)),)  # type: ignore[arg-type]
    if kind == "float":
        return None if repr(float(a)) == repr(float(b)) else at  # type: ignore[arg-type]
    if kind in ("datetime", "time"):
        same = a == b and _offset(a) == _offset(b)
        return None if same else at
    return None if a == b else at


def _offset(value) -> object:
    return value.utcoffset() if value.tzinfo is not None else "naive"


def same_document(a: Mapping, b: Mapping) -> bool:
    return first_difference(a, b) is None
