"""The master's comments in a session file, carried over every save, undo and redo.

ttcli writes a session with tomli-w, which knows nothing of comments.  Before a save the
comments of the file being replaced are read with the key, table or array item they stand
by; after tomli-w has written the new document they are put back beside the same key in
its text.  Undo and redo put the comments of the file they replace into the bytes they
restore, the same way: the notes follow the file, the data follow the undo history.

Where each comment goes (docs/session-format.md, "Your comments"):

- a comment at the end of a line stays at the end of that key's, table header's or array
  item's line;
- comment lines directly above a key, a table header or an array item stay above it;
  comment lines with a blank line below them and a key's last line directly above stay
  under that key; other comment lines (blank lines on both sides) stay above the next
  key or table, a blank line kept on each side; inside an array, lines after its last
  item stay before its ``]``;
- an array item is followed by its ``name`` (inventory items, effects) or else by its
  value, not by its place: an item taken out of the middle takes its comment along;
- a comment whose key, table or item is gone is kept at the end of the nearest table or
  array that is still there (the end of the file at the last), its text unchanged;
- the header on top is the program's: its lines are written anew; other lines of that
  first block of comments stay right under it.

Nothing here is imported unless a file holds a ``#`` beyond its header: a session without
comments is written byte for byte as before.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator

# One token of TOML text.  Strings come whole (multi-line ones across lines), so a `#`,
# a bracket or a comma inside one is never taken for a comment or for structure.
#: (a pattern, compiled on first use: tomli-w's layout never needs it)
_TOKEN = (r'''
    (?P<nl>\n)
  | (?P<ws>[ \t\r]+)
  | (?P<comment>\#[^\n]*)
  | (?P<mstr>"""(?:[^"\\]|\\.|"(?!""))*"""(?:"{1,2})?|\'\'\'(?:[^']|'(?!''))*\'\'\'(?:'{1,2})?)
  | (?P<str>"(?:[^"\\\n]|\\.)*"|'[^'\n]*')
  | (?P<punct>[\[\]{},=.])
  | (?P<bare>[^\s\#"'\[\]{},=.]+)
  | (?P<other>.)
''', re.S | re.X)
_PART = r"""[A-Za-z0-9_-]+|"(?:[^"\\\n]|\\.)*"|'[^'\n]*'"""
_PARTS = re.compile(_PART)
_INLINE = r"""(?:"(?:[^"\\\n]|\\.)*"|'[^'\n]*'|[^"'\#\n\[\]{}])"""
_NEST = rf"[\[{{](?:{_INLINE}|[\[{{]{_INLINE}*[\]}}])*[\]}}]"
#: a value that ends on its line
_VALUE = rf"""(?:"(?:[^"\\\n]|\\.)*"|'[^'\n]*'|[A-Za-z0-9_+.:-]+(?:[ ][0-9:.+Z-]+)?|{_NEST})"""
#: a table header; a key whose value ends on its line (nesting two deep at most), or that
#: opens a multi-line array; or, inside one, a line of one item and its comma, or its ``]``;
#: with a comment after it or not (one pattern: compiling it is most of this module's import)
_SIMPLE = re.compile(rf"""[ \t]*(?:
    (?P<open>\[\[?)[ \t]*(?P<hkey>(?:{_PART})(?:[ \t]*\.[ \t]*(?:{_PART}))*)[ \t]*\]\]?
  | (?P<close>\])
  | (?:(?P<key>(?:{_PART})(?:[ \t]*\.[ \t]*(?:{_PART}))*)[ \t]*=[ \t]*)?
    (?:{_VALUE}(?P<comma>[ \t]*,)?|(?P<array>\[))
)(?P<space>[ \t]*)(?:(?P<comment>\#.*))?$""", re.X)
_ESCAPE = r'\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))'
_ESCAPED = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\", "e": "\x1b"}
_TABLE, _KEY, _ITEM = "table", "key", "item"
_KEYS: dict[str, tuple] = {}  # a dotted key as written -> its parts: a session repeats its keys


def _unescape(match: re.Match) -> str:
    code = match.group(1) or match.group(2)
    return chr(int(code, 16)) if code else _ESCAPED.get(match.group(3), match.group(3))


def _key_part(text: str) -> str:
    if text[0] == '"':
        body = text[1:-1]
        return re.sub(_ESCAPE, _unescape, body, flags=re.S) if "\\" in body else body
    return text[1:-1] if text[0] == "'" else text


class _Scan:
    """What a TOML text holds, line by line: its items (table headers, keys with the lines
    their values take, and the items of multi-line arrays) and its comments.

    A line that is a table header or a key whose value ends on it is read by one regular
    expression (most lines of a session); any other statement (a multi-line array, a
    multi-line string, deep nesting) by the token reader, from its first line to its last."""

    def __init__(self, text: str, by_lines: bool = True) -> None:
        #: (path, first line, last line, kind); a path spells an array item by its index
        self.items: list[tuple[tuple, int, int, str]] = []
        #: (line, column of '#', text, space before it, own line, anchor); anchor is
        #: (kind, path, at_end) for a comment at the end of a line, None for one on a line of its own
        self.notes: list[tuple[int, int, str, str, bool, tuple | None]] = []
        #: per own-line comment (its index in ``notes``): the key whose multi-line array holds it
        self.inside: dict[int, tuple] = {}
        self.text = text
        self.lines = text.split("\n")
        self.content = [False] * len(self.lines)  # a line with something other than a comment
        self._tokens: Iterator[re.Match[str]] = iter(())
        self._line = self._line_start = 0
        self._space = self._ws = ""
        self._by_lines = by_lines  # False: every statement by the token reader (the tests compare the two)
        self._parse()

    # ------------------------------------------------ tokens

    def _next(self):
        """The next token that is not a blank (kind, text, line, column), or None at the end.
        Comments and line ends are returned; comments are recorded by the caller."""
        for match in self._tokens:
            kind, text, start = match.lastgroup, match.group(), match.start()
            if kind == "ws":
                self._ws = text
                continue
            self._space, self._ws = self._ws, ""
            line, col = self._line, start - self._line_start
            if kind == "nl":
                self._line, self._line_start = line + 1, start + 1
            elif kind == "mstr" and "\n" in text:
                for number in range(line, line + text.count("\n") + 1):
                    self.content[number] = True
                self._line += text.count("\n")
                self._line_start = start + text.rindex("\n") + 1
            if kind != "nl" and kind != "comment":
                self.content[line] = True
            return kind, text, line, col
        return None

    def _note(self, token, anchor: tuple | None) -> None:
        _kind, text, line, col = token
        own = not self.content[line]
        self.notes.append((line, col, text.rstrip(), "" if own else self._space, own, None if own else anchor))

    # ------------------------------------------------ structure

    def _parse(self) -> None:
        table: tuple = ()
        arrays: dict[tuple, int] = {}  # arrays of tables: the index of their latest item
        lines, content, items, notes = self.lines, self.content, self.items, self.notes
        offset = number = 0
        while number < len(lines):
            line = lines[number]
            start = offset
            stripped = line.lstrip(" \t")
            if not stripped or stripped.isspace():
                pass
            elif stripped[0] == "#":
                notes.append((number, len(line) - len(stripped), stripped.rstrip(), "", True, None))
            elif self._by_lines and '"""' not in line and "\'\'\'" not in line and (found := _SIMPLE.match(line)) \
                    and (found["open"] or found["key"]) and not found["comma"]:
                content[number] = True
                key = found["hkey"] or found["key"]
                parts = _KEYS.get(key) or _KEYS.setdefault(key, tuple(map(_key_part, _PARTS.findall(key))))
                if found["open"] is not None:
                    table = self._table(parts, found["open"] == "[[", arrays)
                    path, kind = table, _TABLE
                else:
                    path, kind = table + parts, _KEY
                comment = None if found["comment"] is None else (
                    number, found.start("comment"), found["comment"].rstrip(), found["space"], False,
                    (kind, path, False))
                if found["array"] is not None:
                    last = self._array(number, path, comment)
                    if last is None:  # not one item a line: the token reader reads it
                        content[number] = False
                        self._tokens = re.compile(*_TOKEN).finditer(self.text, offset)
                        self._line, self._line_start = number, offset
                        self._key_value(self._next(), table)
                        offset, number = self._line_start, self._line
                        continue
                    for skipped in range(number, last):
                        offset += len(lines[skipped]) + 1
                    number = last
                    start = offset
                    line = lines[number]
                else:
                    items.append((path, number, number, kind))
                    if comment is not None:
                        notes.append(comment)
            else:  # the token reader, from this line to the end of its statement
                self._tokens = re.compile(*_TOKEN).finditer(self.text, offset)
                self._line, self._line_start = number, offset
                token = self._next()
                if token is not None and token[1] == "[":
                    table = self._header(arrays)
                elif token is not None:
                    self._key_value(token, table)
                offset = self._line_start
                number = self._line
                continue
            offset = start + len(line) + 1
            number += 1

    def _array(self, opening: int, path: tuple, comment: tuple | None) -> int | None:
        """The multi-line array ``path`` opened on line ``opening``, read line by line when each
        of its lines holds one item (as tomli-w writes it), a comment or nothing: the line of
        its ``]``, or None (nothing recorded) for any other layout."""
        lines, content = self.lines, self.content
        items: list[tuple] = []
        notes: list[tuple] = [comment] if comment is not None else []
        inside: list[int] = []
        number = opening + 1
        while number < len(lines):
            line = lines[number]
            stripped = line.lstrip(" \t")
            if not stripped or stripped.isspace():
                number += 1
                continue
            if stripped[0] == "#":
                inside.append(len(notes))
                notes.append((number, len(line) - len(stripped), stripped.rstrip(), "", True, None))
                number += 1
                continue
            found = _SIMPLE.match(line) if '"""' not in line and "\'\'\'" not in line else None
            if found is None or found["open"] or found["key"] or found["array"]:
                return None
            if found["close"] is not None:
                if found["comment"] is not None:
                    notes.append((number, found.start("comment"), found["comment"].rstrip(), found["space"], False,
                                  (_KEY, path, True)))
                break
            item = path + (len(items),)
            items.append((item, number, number, _ITEM))
            if found["comment"] is not None:
                notes.append((number, found.start("comment"), found["comment"].rstrip(), found["space"], False,
                              (_ITEM, item, False)))
            number += 1
        else:
            return None
        for line_number in [opening, number, *(item[1] for item in items)]:
            content[line_number] = True
        self.items.append((path, opening, number, _KEY))
        self.items.extend(items)
        for index, note in enumerate(notes):
            if index in inside:
                self.inside[len(self.notes)] = path
            self.notes.append(note)
        return number

    def _table(self, parts: tuple, double: bool, arrays: dict[tuple, int]) -> tuple:
        """The path of a table header (with the index of each array of tables' item)."""
        resolved: list = []
        for i, part in enumerate(parts):
            resolved.append(part)
            if double and i == len(parts) - 1:
                arrays[tuple(resolved)] = arrays.get(tuple(resolved), -1) + 1
            if tuple(resolved) in arrays:
                resolved.append(arrays[tuple(resolved)])
        return tuple(resolved)

    def _key(self, token) -> tuple[list[str], tuple | None]:
        """Parts of a dotted key from ``token`` on, and the token after it."""
        parts = []
        while token is not None and token[0] in ("bare", "str"):
            parts.append(_key_part(token[1]))
            token = self._next()
            if token is None or token[1] != ".":
                break
            token = self._next()
        return parts, token

    def _header(self, arrays: dict[tuple, int]) -> tuple:
        line = self._line
        token = self._next()
        double = token is not None and token[1] == "["
        if double:
            token = self._next()
        parts, token = self._key(token)
        if double:
            token = self._next()  # the second ']'
        path = self._table(tuple(parts), double, arrays)
        self.items.append((path, line, line, _TABLE))
        while (token := self._next()) is not None and token[0] != "nl":
            if token[0] == "comment":
                self._note(token, (_TABLE, path, False))
        return path

    def _key_value(self, token, table: tuple) -> None:
        parts, token = self._key(token)  # token is now '='
        path = table + tuple(parts)
        first = token[2] if token else 0
        stack: list[str] = []
        items: list[list[int]] = []  # [first, last] line of each item of a top-level array
        want = False  # the next token at depth 1 starts an item
        last = first
        while (token := self._next()) is not None:
            kind, text, line, _col = token
            if kind == "nl":
                if not stack:
                    break
                continue
            if kind == "comment":
                if not stack:
                    self._note(token, (_KEY, path, line > first))
                    continue
                if not self.content[line]:  # a line of its own inside the array
                    self.inside[len(self.notes)] = path
                    self._note(token, None)
                elif items and items[-1][1] == line and len(stack) >= 1:
                    self._note(token, (_ITEM, path + (len(items) - 1,), False))
                else:
                    self._note(token, (_KEY, path, line > first))
                continue
            array = stack[:1] == ["["]
            if array and len(stack) == 1 and text in ",]":
                want = text == ","
            elif array and want:
                items.append([line, line])
                want = False
            if text in "[{" and kind == "punct":
                stack.append(text)
                if len(stack) == 1 and text == "[":
                    want = True
            elif text in "]}" and kind == "punct" and stack:
                stack.pop()
            if stack and len(stack) >= 1 and items and not (len(stack) == 1 and text in ",]"):
                items[-1][1] = self._line if kind == "mstr" else line
            last = self._line if kind == "mstr" else line
        self.items.append((path, first, last, _KEY))
        for index, (start, end) in enumerate(items):
            self.items.append((path + (index,), start, end, _ITEM))


# ---------------------------------------------------------------- identity of array items


def _same(a, b) -> bool:
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def _identity(item):
    return ("name", item["name"]) if isinstance(item, dict) and isinstance(item.get("name"), str) else ("value", item)


def _matches(identity, item) -> bool:
    kind, value = identity
    return _identity(item)[0] == kind and _same(_identity(item)[1], value)


def _steady(path: tuple, doc) -> tuple | None:
    """``path`` with each array index replaced by what names that item in ``doc``:
    (identity, how many equal items come before it); None if ``doc`` has no such place."""
    out: list = []
    node = doc
    for part in path:
        if isinstance(part, int):
            if not isinstance(node, (list, tuple)) or part >= len(node):
                return None
            identity = _identity(node[part])
            out.append((identity, sum(_matches(identity, item) for item in node[:part])))
            node = node[part]
        else:
            if not isinstance(node, dict) or part not in node:
                return None
            out.append(part)
            node = node[part]
    return tuple(out)


def _resolve(steady: tuple, doc) -> tuple[tuple, int]:
    """The longest start of ``steady`` found in ``doc``, as a path with indices, and
    how many of its parts were found (``len(steady)``: all of them)."""
    out: list = []
    node = doc
    for part in steady:
        if isinstance(part, tuple):
            if not isinstance(node, (list, tuple)):
                break
            identity, before = part
            found = [i for i, item in enumerate(node) if _matches(identity, item)]
            if len(found) <= before:
                break
            out.append(found[before])
            node = node[found[before]]
        else:
            if not isinstance(node, dict) or part not in node:
                break
            out.append(part)
            node = node[part]
    return tuple(out), len(out)


# ---------------------------------------------------------------- reading the comments


def _header_end(lines: list[str]) -> int:
    """The number of lines of the first block of comments."""
    count = 0
    while count < len(lines) and lines[count].startswith("#"):
        count += 1
    return count


def has_notes(data: bytes, header: frozenset[str]) -> bool:
    """Whether ``data`` may hold a comment besides the program's header: a quick look, a
    ``#`` in a string answers True too."""
    if b"#" not in data:
        return False
    lines = data.split(b"\n")
    top = _header_end([line.decode("utf-8", "replace") for line in lines[:64]])
    return any(line.decode("utf-8", "replace").rstrip() not in header for line in lines[:top]) or \
        any(b"#" in line for line in lines[top:])


def notes(text: str, doc, header: frozenset[str]) -> list[tuple]:
    """The comments of ``text`` (``doc``: what it reads as), each as (where, steady path,
    lines, space before it); where is "top", "before", "before+gap", "after", "end",
    "trailing" or "trailing-end"."""
    scan = _Scan(text)
    lines, content = scan.lines, scan.content
    top = _header_end(lines)
    out: list[tuple] = []
    statements = sorted((first, last, path) for path, first, last, kind in scan.items if kind != _ITEM)
    firsts = {first: path for first, _last, path in statements}
    lasts = {last: path for _first, last, path in statements}
    members: dict[tuple, list[tuple[int, tuple]]] = {}
    for path, first, _last, kind in scan.items:
        if kind == _ITEM:
            members.setdefault(path[:-1], []).append((first, path))

    def steady(path):
        found = _steady(path, doc)
        return found if found is not None else ()

    mine = [comment for line, _c, comment, _s, own, _a in scan.notes if own and line < top and comment not in header]
    if mine:
        out.append(("top", (), mine, ""))
    block: list[str] = []
    for number, (line, _col, comment, space, own, anchor) in enumerate(scan.notes):
        if not own:
            kind, path, at_end = anchor  # type: ignore[misc]
            out.append(("trailing-end" if at_end else "trailing", steady(path), [comment], space))
            continue
        if line < top:
            continue
        block.append(comment)
        following_note = scan.notes[number + 1] if number + 1 < len(scan.notes) else None
        if following_note is not None and following_note[4] and following_note[0] == line + 1 \
                and scan.inside.get(number + 1) == scan.inside.get(number):
            continue  # the block goes on
        start = line - len(block) + 1
        if number in scan.inside:
            key = scan.inside[number]
            later = [path for first, path in members.get(key, []) if first > line]
            out.append(("before", steady(later[0]), block, "") if later else ("end", steady(key), block, ""))
        else:
            blank_after = line + 1 >= len(lines) or not lines[line + 1].strip()
            following = next((p for first, _l, p in statements if first > line), None)
            if following is not None and not blank_after and (line + 1) in firsts:
                out.append(("before", steady(following), block, ""))
            elif start > 0 and lines[start - 1].strip() and content[start - 1] and (start - 1) in lasts:
                out.append(("after", steady(lasts[start - 1]), block, ""))
            elif following is not None:
                out.append(("before+gap", steady(following), block, ""))
            else:
                out.append(("end", (), block, ""))
        block = []
    return out


# ---------------------------------------------------------------- writing them back


def weave(text: str, doc, found: list[tuple], header: frozenset[str]) -> str:
    """``text`` (what ``doc`` reads as) with its own comments other than its header taken
    out and the comments ``found`` by :func:`notes` put in."""
    scan = _Scan(text)
    lines = list(scan.lines)
    top = _header_end(lines)
    drop: set[int] = set()
    for number, col, comment, _space, alone, _anchor in scan.notes:
        if alone:
            if not (number < top and comment in header):
                drop.add(number)
        else:
            lines[number] = lines[number][:col].rstrip()
    where: dict[tuple, tuple[int, int, str]] = {path: (first, last, kind) for path, first, last, kind in scan.items}
    before: dict[int, list[str]] = {}
    after: dict[int, list[str]] = {}
    trailing: dict[int, str] = {}
    gaps: set[int] = set()
    ends: list[str] = []

    spans: dict[tuple, tuple[int, int]] = {}

    def extent(path: tuple) -> tuple[int, int] | None:
        """The lines of ``path`` and of everything under it."""
        if not spans:  # every table, key and item spans the lines of what it holds
            for p, first, last, _k in scan.items:
                for end in range(1, len(p) + 1):
                    known = spans.get(p[:end])
                    spans[p[:end]] = (min(known[0], first), max(known[1], last)) if known else (first, last)
        return spans.get(path)

    def indent(number: int) -> str:
        return lines[number][:len(lines[number]) - len(lines[number].lstrip(" \t"))]

    for kind, steady, block, space in found:
        if kind == "top":
            header_end = max((i for i in range(top) if i not in drop), default=-1)
            if header_end >= 0:
                after.setdefault(header_end, []).extend(block)
            else:
                before.setdefault(0, []).extend(block)
            continue
        path, depth = _resolve(steady, doc)
        if depth < len(steady):
            kind = "end"  # the place is gone: the end of the nearest table or array still there
        while path and path not in where and extent(path) is None:
            path, kind = path[:-1], "end"
        if not path:
            ends.extend(block)
            continue
        own = where.get(path)
        if own is not None and own[2] == _ITEM and where[path[:-1]][0] == own[0]:
            # an item of an array written on one line: beside the array's key
            path, own = path[:-1], where[path[:-1]]
            kind = {"trailing": "trailing-end", "before": "before", "before+gap": "before+gap"}.get(kind, "after")
        if kind in ("trailing", "trailing-end") and own is not None:
            number = own[1] if kind == "trailing-end" or own[2] == _ITEM else own[0]
            if number not in trailing:
                trailing[number] = (space or "  ") + block[0]
                continue
            kind = "after"
        first, last = own[:2] if own is not None and kind != "end" else extent(path)  # type: ignore[misc]
        if kind == "end":
            if own is not None and own[2] == _KEY and own[1] > own[0]:  # a multi-line array: before its ']'
                before.setdefault(own[1], []).extend(indent(own[0]) + "    " + c for c in block)
            else:
                after.setdefault(last, []).extend(block)
        elif kind == "after":
            number = own[1] if own is not None else last
            after.setdefault(number, []).extend(indent(first) + c for c in block)
        else:  # before, before+gap, and a comment at the end of a line that has no line of its own
            if kind == "before+gap":
                gaps.add(first)
            before.setdefault(first, []).extend(indent(first) + c for c in block)

    out: list[str] = []
    final = len(lines) - 1 if lines and lines[-1] == "" else len(lines)
    for number, written in enumerate(lines[:final]):
        if number in before:
            if number in gaps and out and out[-1].strip():
                out.append("")
            out.extend(before[number])
            if number in gaps:
                out.append("")
        if number not in drop:
            out.append(written + trailing.get(number, ""))
        out.extend(after.get(number, ()))
    if ends:
        if out and out[-1].strip():
            out.append("")
        out.extend(ends)
    return "\n".join(out + lines[final:])


def carry(old: bytes, new: bytes, header: frozenset[str], old_doc=None, new_doc=None) -> bytes:
    """``new`` with the comments of ``old`` in place of its own (``old_doc``, ``new_doc``: what
    they read as, parsed here when not given); ``new`` itself when neither holds a comment
    beyond the header."""
    keep = has_notes(old, header)
    if not keep and not has_notes(new, header):
        return new
    found: list[tuple] = []
    if keep:
        old_text = old.decode("utf-8")
        found = notes(old_text, tomllib.loads(old_text) if old_doc is None else old_doc, header)
    new_text = new.decode("utf-8")
    if found and new_doc is None:
        new_doc = tomllib.loads(new_text)
    return weave(new_text, new_doc, found, header).encode("utf-8")
