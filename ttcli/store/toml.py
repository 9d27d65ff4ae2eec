"""Session documents as TOML text: strict reading, writing, field paths.

Reading refuses what it would have to guess about (a BOM, bytes that are not
UTF-8, a missing or unknown ``format``, integers beyond 64 bits, deep nesting) and
says where.  Writing refuses, by the same limits and before a byte is written, a
document the reading would refuse: what ttcli writes, ttcli reads back.
"""

from __future__ import annotations

import re

from rules.core import INT_LIMIT, beyond_64_bits
from rules.i18n import _

from .errors import FormatTooNew, StoreError, Unwritable

#: the session format this version writes and fully understands
FORMAT = 1
#: INT_LIMIT (rules.core): TOML's integers are signed 64-bit, a file holds -INT_LIMIT..INT_LIMIT-1
# patterns, not compiled objects: re caches them on first use
_TOML_PLACE = r"^(?P<msg>.*?) \(at (?:line (?P<line>\d+), column (?P<col>\d+)|end of document)\)$"
_BARE = r"[A-Za-z0-9_-]+"
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
_PART = r"""(?:[A-Za-z0-9_-]+|"(?:[^"\\\n]|\\.)*"|'[^'\n]*')"""
_KEY_LINE = rf"[ \t]*(?P<open>\[?\[?)[ \t]*(?P<key>{_PART}(?:[ \t]*\.[ \t]*{_PART})*)[ \t]*"
_UNQUOTED_KEY = r"^\s*\[*\s*(?:[A-Za-z0-9_-]+\s*\.\s*)*(?P<key>[^\s=\"'.\[\]#]*[^\x00-\x7f][^\s=\"'.\[\]#]*)"


def _fix() -> str:
    return _("fix the file by hand, or restore it with `undo`")


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


def _parts(key: str) -> tuple | None:
    """The parts of a dotted key as TOML spells it (bare, "basic", 'literal'), or None."""
    import tomllib

    try:
        found = tomllib.loads(key + " = 0")
    except tomllib.TOMLDecodeError:
        return None
    parts: list = []
    while isinstance(found, dict):
        ((part, found),) = found.items()
        parts.append(part)
    return tuple(parts)


def locate_field(text: str, field) -> tuple[int, int] | None:
    """(line, column) of ``field`` (a path as :func:`format_field` spells it, or its parts)
    in ``text``, 1-based, or of its nearest enclosing key or table; None if none is there.

    A line scanner for the TOML tomli-w writes and ordinary hand edits.
    """
    target = field if isinstance(field, str) else format_field(field)
    best: tuple[int, tuple[int, int]] = (0, (0, 0))
    table: tuple = ()
    array_index: dict[tuple, int] = {}
    in_multiline = False
    for number, raw in enumerate(text.split("\n"), start=1):  # TOML ends lines at \n alone (not \x85 ...)
        quotes = len(re.findall(r'"""|\'\'\'', raw)) % 2
        if in_multiline:
            in_multiline = not quotes
            continue
        found = re.match(_KEY_LINE, raw)
        # a key of thousands of parts is refused by its depth; reading it again would take seconds
        if found is None or found["key"].count(".") > MAX_DEPTH or (parts := _parts(found["key"])) is None or \
                not raw.startswith({"[[": "]]", "[": "]", "": "="}[found["open"]], found.end()):
            continue
        paths = [table + parts]
        if found["open"]:
            resolved: list = []
            for i, key in enumerate(parts):
                resolved.append(key)
                if found["open"] == "[[" and i == len(parts) - 1:
                    array_index[tuple(resolved)] = array_index.get(tuple(resolved), -1) + 1
                if tuple(resolved) in array_index:
                    resolved.append(array_index[tuple(resolved)])
            table = tuple(resolved)
            paths = [table, table[:-1]] if found["open"] == "[[" else [table]
        else:
            in_multiline = bool(quotes)
        for path in paths:
            spelled = format_field(path)
            if (target == spelled or target.startswith((spelled + ".", spelled + "["))) and len(path) > best[0]:
                best = (len(path), (number, found.start("open") + 1))
    return best[1] if best[0] else None


def placed(error: StoreError, text: str | None) -> StoreError:
    """``error`` with the line and column of its field in ``text``, when it can be found."""
    place = locate_field(text, error.field) if text is not None and error.field and error.line is None else None
    return error.located(line=place[0], col=place[1]) if place else error


# ---------------------------------------------------------------- reading


def parse_toml(data: bytes, path) -> tuple[dict, str]:
    """TOML bytes -> (document, text), or StoreError with the line and column where they broke."""
    import tomllib

    # A BOM is refused rather than stripped: rewriting would silently drop it.
    if data.startswith(b"\xef\xbb\xbf"):
        raise StoreError(path, _("the file starts with a UTF-8 byte order mark (BOM)"), line=1, col=1,
                         hint=_("save the file as UTF-8 without BOM"))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        raise StoreError(path, _("byte 0x{byte:02X} at offset {offset} is not UTF-8").format(
            byte=data[exc.start], offset=exc.start), line=data.count(b"\n", 0, exc.start) + 1,
            col=len(data[line_start:exc.start].decode("utf-8", errors="replace")) + 1,
            hint=_("the file was saved in another encoding (Windows-1251? Latin-1?): save it as UTF-8")) from None
    try:
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as exc:
        raise _syntax_error(str(exc), text, path) from None
    except RecursionError:
        raise StoreError(path, _("arrays or tables are nested too deeply to read"), hint=_fix()) from None
    except ValueError as exc:  # Python's limit on the digits of an integer
        raise StoreError(path, _("a number is far too long ({reason})").format(reason=exc),
                         hint=_("integers must fit in 64 bits: {hint}").format(hint=_fix())) from None


def _syntax_error(message: str, text: str, path) -> StoreError:
    match = re.match(_TOML_PLACE, message, re.S)
    line = col = None
    lines = text.split("\n")
    if match:
        message = match.group("msg")
        if match.group("line"):
            line, col = int(match.group("line")), int(match.group("col"))
        else:  # "at end of document": the last line with any text
            line = len(text.rstrip("\n").split("\n"))
            col = len(lines[line - 1]) + 1
    found = re.match(_UNQUOTED_KEY, lines[line - 1]) if line and 0 < line <= len(lines) else None
    # the commonest slip in Russian sessions: `Викинг = ...` needs quotes
    hint = _('keys with letters other than A-Z need quotes: write "{key}" instead of {key}').format(
        key=found.group("key")) if found else _fix()
    return StoreError(path, _("TOML syntax: {problem}").format(problem=message), line=line, col=col, hint=hint)


def parse_document(data: bytes, path=None, *, read_only: bool = False) -> dict:
    """Bytes of a session file -> dict, or StoreError saying where it broke.

    A newer ``format`` raises :class:`FormatTooNew` unless ``read_only``: then
    the document is returned to be shown, and writing it is still refused.
    """
    if not data.strip():
        raise StoreError(path, _("empty session file"), line=1,
                         hint=_("restore it with `undo`, or create the session again"))
    doc, text = parse_toml(data, path)
    try:
        if not (read_only and is_read_only(doc)):
            check_format(doc)
        check_depth(doc)  # first: it stops at the limit, while a walk of the whole would take seconds
        check_integers(doc)
    except StoreError as exc:
        raise placed(exc.located(path=path), text) from None
    return doc


#: tables and arrays nested deeper than this are refused on load and on save: a session
#: ttcli writes is a few levels deep, and every reader and writer of a document recurses
MAX_DEPTH = 64


def check_depth(doc, path=None, error=StoreError) -> None:
    """Refuse (``error``, naming the field) tables and arrays nested deeper than :data:`MAX_DEPTH`:
    a file read but not written back, or a change every later command fails on, would lock
    the master out.  Walked without recursion."""
    stack: list = [(doc, ())]
    while stack:
        value, at = stack.pop()
        if len(at) > MAX_DEPTH:
            problem = _("tables and arrays are nested too deeply: more than {most} levels").format(most=MAX_DEPTH)
            raise error(path, problem, field=format_field(at[:3]), hint=_fix())  # where it starts
        for key, item in value.items() if isinstance(value, dict) else enumerate(value):
            if type(item) in (dict, list, tuple):
                stack.append((item, at + (key,)))


def check_format(doc) -> None:
    version = doc.get("format")
    if version is None:
        raise StoreError(None, _("missing `format` key"), field="format",
                         hint=_("add `format = {format}` as the first line").format(format=FORMAT))
    if type(version) is not int:
        raise StoreError(None, _("`format` must be an integer, not {value}").format(value=repr(version)),
                         field="format", hint=_("write `format = {format}`").format(format=FORMAT))
    if version < 1:
        raise StoreError(None, _("unknown format {format}").format(format=version), field="format",
                         hint=_("this ttcli reads formats 1..{format}").format(format=FORMAT))
    if version > FORMAT:
        raise FormatTooNew(None, _("format {found} is newer than this ttcli understands ({supported}); "
                                   "the file is read-only").format(found=version, supported=FORMAT),
                           field="format", hint=_("upgrade ttcli to change this session"),
                           found=version, supported=FORMAT)


def is_read_only(doc) -> bool:
    """True for a document of a newer format: show it, never write it."""
    version = doc.get("format")
    return type(version) is int and version > FORMAT


# ---------------------------------------------------------------- writing


def dump_document(doc, header: str = "") -> str:
    """A session document as TOML text; ``header`` (the program's own words) becomes ``#``
    comment lines on top.  Key order is the dict's own (tables after plain keys).  The store
    writes through :func:`encode_document`, which holds a document to the reader's limits; the
    session's own validation of what is written is left to the tests."""
    import tomli_w  # only commands that write pay for it

    body = tomli_w.dumps(doc)
    comment = header_comment(header)
    return comment + ("\n" if comment and body else "") + body


def header_comment(header: str) -> str:
    """``header`` as the ``#`` lines on top of a session file."""
    return "".join(f"# {line}".rstrip() + "\n" for line in header.strip("\n").split("\n")) if header.strip() else ""


def _beyond_64_bits(doc) -> tuple[tuple, int] | None:
    """(where, value) of an integer in ``doc`` that does not fit in 64 bits, or None.  Only tables
    and arrays are stacked: a journal event holds hundreds of lines of text, walked on every command."""
    stack: list = [(doc, ())]
    while stack:
        value, at = stack.pop()
        for key, item in value.items() if isinstance(value, dict) else enumerate(value):
            kind = type(item)
            if kind is int:
                if not -INT_LIMIT <= item < INT_LIMIT:
                    return at + (key,), item
            elif kind is dict or kind is list or kind is tuple:
                stack.append((item, at + (key,)))
    return None


def check_integers(doc) -> None:
    """Refuse an integer beyond 64 bits (TOML's limit, which Python's reader does not keep), naming its field."""
    found = _beyond_64_bits(doc)
    if found is not None:
        raise StoreError(None, _("the integer does not fit in 64 bits"), field=format_field(found[0]), hint=_fix())


def check_writable(doc, path, prefix: tuple = ()) -> None:
    """Refuse to write ``doc`` (a session document, or a journal event: ``prefix`` ``("event",)``)
    when the reader would refuse it: an integer beyond 64 bits, named by its field.  Every command
    writes through here, before its first byte: a walk of a document or of a round's event costs
    some hundredths of a millisecond."""
    found = _beyond_64_bits(doc)
    if found is not None:
        raise _too_large(path, prefix + found[0], found[1])


def _too_large(path, at: tuple, value: int) -> Unwritable:
    return Unwritable(path, beyond_64_bits(value), field=format_field(at),
                      hint=_("nothing was changed: give the command smaller numbers"))


def encode_document(doc, header: str, path) -> bytes:
    """:func:`dump_document` as UTF-8 bytes, refused (:class:`Unwritable`, nothing written) when
    the reader would not read them back: an integer beyond 64 bits, nesting too deep to read."""
    check_writable(doc, path)
    try:
        text = dump_document(doc, header)
    except RecursionError:
        raise Unwritable(path, _("arrays or tables are nested too deeply to read"),
                         hint=_("nothing was changed")) from None
    return text.encode("utf-8")  # a lone surrogate raises: main() refuses an argument that is not UTF-8


def system_of(data: bytes) -> str | None:
    """The ``system`` of a session file ttcli wrote, read from its bytes without parsing
    them (ttcli writes it as a top-level ``system = "..."`` line)."""

    found = re.search(rb'^system = "([A-Za-z0-9_-]+)"$', data, re.M)
    return found.group(1).decode() if found else None
