"""Forum posts: a few kinds of block, written out in BBCode or Markdown.

A post is what a master would write by hand: a title, the story in entries
(one per action, its lines kept apart), a closing table of who stands how,
and the master's hidden details folded away.  Views build posts from these
blocks; this module alone knows the markup, so a post reads the same in every
format and dialect.

BBCode comes in dialects, because forums differ in the tags they know:

- ``mybb``: MyBB and the rusff/mybb.ru hosts most Russian forum games live on:
  ``[s]`` and ``[spoiler=title]``.
- ``phpbb``: stock phpBB 3: no ``[s]`` and no ``[spoiler]`` (hidden details go
  in a titled ``[quote]``, struck dice in grey).
- ``plain``: the tags every board knows (``[b]``, ``[i]``, ``[quote]``, ``[code]``).

Tables and charts always go in ``[code]`` or a fenced block: monospace keeps
their columns on every board, and no board collapses the spaces inside.
Nothing outside a code block starts with spaces, which boards collapse.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from unicodedata import category, east_asian_width

from rules.dice import Stringifier, datatype
from rules.i18n import _

from .choices import DIALECTS as WORDS
from .errors import CliError
from .exitcodes import ExitCode
from .formats import BBCode, Markdown
from .store import printable

DIALECTS = ("mybb", "phpbb", "plain")
#: what a post uses when neither the command line nor the session names a dialect
DEFAULT_DIALECT = "mybb"


@datatype(frozen=True)
class Heading:
    text: str


@datatype(frozen=True)
class Entry:
    """One step of the story (one action): its lines stay lines on every board."""

    lines: tuple[str, ...]


@datatype(frozen=True)
class Note:
    """An aside in the master's voice (italic)."""

    text: str


@datatype(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@datatype(frozen=True)
class Code:
    """Lines already laid out in columns (a chart)."""

    lines: tuple[str, ...]


@datatype(frozen=True)
class Spoiler:
    """The master's hidden details, folded away."""

    title: str
    blocks: tuple[Block, ...]


Block = Heading | Entry | Note | Table | Code | Spoiler


def width(text: str) -> int:
    """The columns ``text`` takes in a terminal or a forum's monospaced block: an emoji or a
    CJK character two, a combining mark or a zero-width character none, an emoji-style
    symbol (``⚔️``: a narrow one with U+FE0F) two; like rich's ``cell_len``, without rich."""
    if text.isascii():
        return len(text)
    total, narrow = 0, False
    for ch in text:
        if ch == "\ufe0f":
            total, narrow = total + narrow, False
        elif category(ch) in ("Mn", "Me", "Cf"):
            continue
        elif east_asian_width(ch) in ("W", "F"):
            total, narrow = total + 2, False
        else:
            total, narrow = total + 1, True
    return total


def table_lines(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """Columns padded to their widest cell, separated by `` | ``; a rule under the header.
    Widths are display widths: a name with an emoji keeps its row in line."""
    widths = [max(width(str(r[i])) for r in (header, *rows)) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        return " | ".join(str(c) + " " * (w - width(str(c))) for c, w in zip(cells, widths, strict=True)).rstrip()

    return [line(header), "-+-".join("-" * w for w in widths), *(line(r) for r in rows)]


_STRUCK = re.compile(r"~~(.*?)~~")


def marked(line: str, s: Stringifier) -> str:
    """Plain text in the stringifier's markup: escaped, its struck dice (``~~2~~``) struck its way.

    A hand-edited journal may hold terminal escapes: they are spelled out, never printed."""

    line = printable(line)
    out, pos = [], 0
    for m in _STRUCK.finditer(line):
        out.append(s.escape(line[pos:m.start()]))
        out.append(s.dropped(s.escape(m.group(1))))
        pos = m.end()
    out.append(s.escape(line[pos:]))
    return "".join(out)


# ---------------------------------------------------------------- BBCode


BBCODE_STRINGIFIERS: dict[str, Stringifier] = {d: BBCode(d) for d in DIALECTS}


def _spoiler_mybb(title: str, body: str) -> str:
    return f"[spoiler={title}]\n{body}\n[/spoiler]"


def _spoiler_quote(title: str, body: str) -> str:
    return f'[quote="{title}"]\n{body}\n[/quote]'


def _spoiler_plain(title: str, body: str) -> str:
    return f"[quote][b]{title}[/b]\n{body}\n[/quote]"


_BB_SPOILERS: dict[str, Callable[[str, str], str]] = {
    "mybb": _spoiler_mybb, "phpbb": _spoiler_quote, "plain": _spoiler_plain,
}


def _title(text: str) -> str:
    # a title sits inside a tag's = value: brackets and quotes would end it
    return re.sub(r'[\[\]"]', "", text)


def bbcode(post: Sequence[Block], dialect: str = DEFAULT_DIALECT) -> str:
    s = BBCODE_STRINGIFIERS[dialect]
    parts = []
    for block in post:
        if isinstance(block, Heading):
            parts.append(s.strong(marked(block.text, s)))
        elif isinstance(block, Entry):
            parts.append("\n".join(marked(line, s) for line in block.lines))
        elif isinstance(block, Note):
            parts.append(f"[i]{marked(block.text, s)}[/i]")
        elif isinstance(block, Table):
            parts.append(_bb_code(table_lines(block.header, block.rows)))
        elif isinstance(block, Code):
            parts.append(_bb_code(block.lines))
        else:
            parts.append(_BB_SPOILERS[dialect](_title(block.title), bbcode(block.blocks, dialect)))
    return "\n\n".join(p for p in parts if p)


def _bb_code(lines: Sequence[str]) -> str:
    # inside [code] nothing is a tag on the boards we know, so nothing is escaped
    return "[code]\n" + "\n".join(lines) + "\n[/code]"


# ---------------------------------------------------------------- Markdown

_MARKDOWN = Markdown()


def markdown(post: Sequence[Block]) -> str:
    s = _MARKDOWN
    parts = []
    for block in post:
        if isinstance(block, Heading):
            parts.append(s.strong(marked(block.text, s)))
        elif isinstance(block, Entry):
            # a backslash at the end of a line is a hard break (CommonMark): the lines stay lines
            parts.append("\\\n".join(marked(line, s) for line in block.lines))
        elif isinstance(block, Note):
            parts.append(f"_{marked(block.text, s)}_")
        elif isinstance(block, Table):
            parts.append(_fenced(table_lines(block.header, block.rows)))
        elif isinstance(block, Code):
            parts.append(_fenced(block.lines))
        else:
            summary = block.title.replace("<", "&lt;").replace(">", "&gt;")
            parts.append(f"<details>\n<summary>{summary}</summary>\n\n{markdown(block.blocks)}\n\n</details>")
    return "\n\n".join(p for p in parts if p)


def _fenced(lines: Sequence[str]) -> str:
    fence = "```"
    while any(fence in line for line in lines):
        fence += "`"
    return f"{fence}text\n" + "\n".join(lines) + f"\n{fence}"


# ---------------------------------------------------------------- plain text


def plain(post: Sequence[Block]) -> str:
    """The same post for a terminal or a file: hidden details under their title."""
    parts = []
    for block in post:
        if isinstance(block, (Heading, Note)):
            parts.append(block.text)
        elif isinstance(block, Entry):
            parts.append("\n".join(block.lines))
        elif isinstance(block, Table):
            parts.append("\n".join(table_lines(block.header, block.rows)))
        elif isinstance(block, Code):
            parts.append("\n".join(block.lines))
        else:
            parts.append(f"[{block.title}]\n{plain(block.blocks)}")
    return "\n\n".join(p for p in parts if p)


def write(post: Sequence[Block], fmt: str, dialect: str = DEFAULT_DIALECT) -> str:
    """The post in ``fmt`` (bbcode, markdown; anything else as plain text)."""
    if fmt == "bbcode":
        return bbcode(post, dialect)
    if fmt == "markdown":
        return markdown(post)
    return plain(post)


def stringifier(fmt: str, dialect: str = DEFAULT_DIALECT) -> Stringifier:
    """The dice marks of ``fmt`` (a roll's dropped dice, successes) in ``dialect``."""
    return BBCODE_STRINGIFIERS[dialect] if fmt == "bbcode" else _MARKDOWN


def check_dialect(value: str, where: str) -> str:
    """``value`` as a dialect name, or a usage error that says which ones there are."""

    key = WORDS.get(value)  # mybb, rusff, пхпбб, простой ...
    if key is None:
        raise CliError(_("{where}: unknown BBCode dialect {value!r}").format(where=where, value=value),
                       ExitCode.USAGE, _("one of: {dialects}").format(dialects=", ".join(WORDS.shown())))
    return key
