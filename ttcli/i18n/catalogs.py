"""Keeps the gettext catalogs current: extract, merge, compile, check.

    python -m ttcli.i18n.catalogs update   # sources -> every .po (translations kept) -> .mo
    python -m ttcli.i18n.catalogs check    # exit 1 if a catalog is stale or untranslated

Written in Python so that a checkout needs no GNU gettext tools: the texts are
found with ``ast`` (calls of ``_``, ``N_``, ``ngettext``, ``pgettext``,
``npgettext``, and the ``help=``/``epilog=`` texts and docstrings of commands,
which the interface translates when it shows help), and the binary catalogs
are written in the GNU .mo layout that ``gettext.GNUTranslations`` reads.

Domains follow the folders: a system's texts (``rules/systems/<id>/``) go to
that system's catalog beside it, so a system brings its own words; everything
else goes to ``ttcli/locale``.  Entries are sorted by text and carry no line
numbers, so two branches adding texts rarely touch the same lines.
"""

from __future__ import annotations

import ast
import inspect
import struct
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from rules.dice import datatype, field

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("ru",)
SOURCES = ("ttcli", "rules")

#: the plural rule written into each language's header
PLURAL_FORMS = {
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}
NPLURALS = {"ru": 3}

_SIMPLE = {"_": 0, "N_": 0}
_HELP_KEYWORDS = ("help", "epilog", "short_help", "rich_help_panel")


@datatype
class Entry:
    msgid: str
    plural: str | None = None
    context: str | None = None
    translations: list[str] = field(default_factory=list)
    sources: set[str] = field(default_factory=set)

    @property
    def key(self) -> tuple[str, str]:
        return (self.context or "", self.msgid)

    def translated(self) -> bool:
        return bool(self.translations) and all(self.translations)


# ---------------------------------------------------------------- extraction


def _literal(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _call_name(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def _is_command(decorator: ast.expr) -> bool:
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    return isinstance(target, ast.Attribute) and target.attr in ("command", "callback")


def _is_named_command(node: ast.FunctionDef) -> bool:
    """``roll_command(ctx, ...)``: a command registered by name (ttcli.commands.COMMANDS), not by a
    decorator; told from helpers named alike by its Typer parameters (``Annotated``) or its ``ctx``."""
    return node.name.endswith("_command") and any(
        a.arg == "ctx" or (a.annotation is not None and "Annotated" in ast.unparse(a.annotation))
        for a in node.args.args)


def extract_source(text: str, where: str) -> Iterator[Entry]:
    """Every translatable text in one module's source."""
    tree = ast.parse(text, where)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _call_name(node)
            args = node.args
            if name in _SIMPLE and isinstance(node.func, ast.Name) and args and _literal(args[0]) is not None:
                yield Entry(_literal(args[0]) or "", sources={where})
            elif name == "ngettext" and len(args) >= 2 and _literal(args[0]) and _literal(args[1]):
                yield Entry(_literal(args[0]) or "", plural=_literal(args[1]), sources={where})
            elif name == "pgettext" and len(args) >= 2 and _literal(args[0]) and _literal(args[1]):
                yield Entry(_literal(args[1]) or "", context=_literal(args[0]), sources={where})
            elif name == "npgettext" and len(args) >= 3 and all(_literal(a) for a in args[:3]):
                yield Entry(_literal(args[1]) or "", plural=_literal(args[2]), context=_literal(args[0]),
                            sources={where})
            for keyword in node.keywords:
                if keyword.arg in _HELP_KEYWORDS:
                    value = _literal(keyword.value)
                    if value and value.strip():
                        yield Entry(inspect.cleandoc(value), sources={where})
        elif isinstance(node, ast.FunctionDef) and (any(_is_command(d) for d in node.decorator_list)
                                                    or _is_named_command(node)):
            doc = ast.get_docstring(node)
            if doc:
                yield Entry(doc, sources={where})


def domain_of(path: Path) -> str:
    """``dungeon`` for rules/systems/dungeon/..., else ``ttcli``."""
    parts = path.relative_to(ROOT).parts
    if parts[:2] == ("rules", "systems") and len(parts) > 3:
        return parts[2]
    return "ttcli"


def catalog_dir(domain: str) -> Path:
    return ROOT / "ttcli" / "locale" if domain == "ttcli" else ROOT / "rules" / "systems" / domain / "locale"


def po_path(domain: str, language: str) -> Path:
    return catalog_dir(domain) / language / "LC_MESSAGES" / f"{domain}.po"


def extract(root: Path = ROOT) -> dict[str, dict[tuple[str, str], Entry]]:
    """domain -> key -> entry, over every module of the package sources."""
    domains: dict[str, dict[tuple[str, str], Entry]] = {}
    for top in SOURCES:
        for path in sorted((root / top).rglob("*.py")):
            if "locale" in path.parts:
                continue
            where = path.relative_to(root).as_posix()
            found = domains.setdefault(domain_of(path), {})
            for entry in extract_source(path.read_text(encoding="utf-8"), where):
                known = found.get(entry.key)
                if known is None:
                    found[entry.key] = entry
                else:
                    known.sources |= entry.sources
                    known.plural = known.plural or entry.plural
    return domains


# ---------------------------------------------------------------- .po files


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    if "\n" not in text[:-1]:
        return '"' + escaped.replace("\n", "\\n") + '"'
    pieces = escaped.split("\n")
    lines = [p + "\\n" for p in pieces[:-1]] + ([pieces[-1]] if pieces[-1] else [])
    return '""\n' + "\n".join(f'"{line}"' for line in lines)


def _unquote(text: str) -> str:
    body = text.strip()
    assert body.startswith('"') and body.endswith('"'), body
    out: list[str] = []
    chars = iter(body[1:-1])
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
    for ch in chars:
        out.append(escapes.get(next(chars), "") if ch == "\\" else ch)
    return "".join(out)


def read_po(text: str) -> tuple[str, dict[tuple[str, str], Entry]]:
    """The header's msgstr and the entries of a .po text."""
    entries: dict[tuple[str, str], Entry] = {}
    header = ""
    current: dict[str, str] = {}
    field_name: str | None = None

    def finish() -> None:
        nonlocal header
        if "msgid" not in current:
            return
        msgid = current["msgid"]
        if msgid == "" and "msgctxt" not in current:
            header = current.get("msgstr", "")
        else:
            plural = current.get("msgid_plural")
            translations = ([current.get(f"msgstr[{i}]", "") for i in range(10) if f"msgstr[{i}]" in current]
                            if plural is not None else [current.get("msgstr", "")])
            entry = Entry(msgid, plural, current.get("msgctxt"), translations)
            entries[entry.key] = entry
        current.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            if not line:
                finish()
                field_name = None
            continue
        if line.startswith('"'):
            assert field_name is not None, raw
            current[field_name] += _unquote(line)
            continue
        keyword, _space, rest = line.partition(" ")
        if keyword == "msgctxt" or (keyword == "msgid" and any(k.startswith("msgstr") for k in current)):
            finish()
        field_name = keyword
        current[keyword] = _unquote(rest)
    finish()
    return header, entries


def write_po(domain: str, language: str, entries: Iterable[Entry]) -> str:
    header = (f"Project-Id-Version: ttcli {domain}\\n\n"
              f"Language: {language}\\n\n"
              "MIME-Version: 1.0\\n\n"
              "Content-Type: text/plain; charset=UTF-8\\n\n"
              "Content-Transfer-Encoding: 8bit\\n\n"
              f"Plural-Forms: {PLURAL_FORMS[language]}\\n")
    out = [f"# Russian texts of ttcli ({domain}). Made by `python -m ttcli.i18n.catalogs update`:",
           "# write the msgstr lines; the rest is rewritten from the sources.",
           'msgid ""', 'msgstr ""', *(f'"{line}"' for line in header.split("\n")), ""]
    for entry in sorted(entries, key=lambda e: (e.msgid.casefold(), e.msgid, e.context or "")):
        out.extend(f"#: {source}" for source in sorted(entry.sources))
        if entry.context is not None:
            out.append(f"msgctxt {_quote(entry.context)}")
        out.append(f"msgid {_quote(entry.msgid)}")
        if entry.plural is not None:
            out.append(f"msgid_plural {_quote(entry.plural)}")
            forms = entry.translations + [""] * (NPLURALS[language] - len(entry.translations))
            out.extend(f"msgstr[{i}] {_quote(t)}" for i, t in enumerate(forms[: NPLURALS[language]]))
        else:
            out.append(f"msgstr {_quote(entry.translations[0] if entry.translations else '')}")
        out.append("")
    return "\n".join(out)


def merge(extracted: dict[tuple[str, str], Entry],
          existing: dict[tuple[str, str], Entry]) -> list[Entry]:
    """The extracted texts with the translations already written for them."""
    merged = []
    for key, entry in extracted.items():
        old = existing.get(key)
        translations = old.translations if old is not None and (old.plural is None) == (entry.plural is None) else []
        merged.append(Entry(entry.msgid, entry.plural, entry.context, list(translations), set(entry.sources)))
    return merged


# ---------------------------------------------------------------- .mo files


def write_mo(header: str, entries: Iterable[Entry]) -> bytes:
    """A GNU .mo catalog of the translated entries (untranslated ones fall back to English)."""
    table: dict[bytes, bytes] = {b"": header.encode()}
    for entry in entries:
        if not entry.translated():
            continue
        key = entry.msgid if entry.context is None else f"{entry.context}\x04{entry.msgid}"
        if entry.plural is not None:
            key += "\0" + entry.plural
        table[key.encode()] = "\0".join(entry.translations).encode()
    keys = sorted(table)
    ids = b"".join(k + b"\0" for k in keys)
    strs = b"".join(table[k] + b"\0" for k in keys)
    start = 7 * 4 + 16 * len(keys)
    offsets: list[int] = []
    pos = 0
    for k in keys:
        offsets += [len(k), start + pos]
        pos += len(k) + 1
    str_start = start + len(ids)
    pos = 0
    for k in keys:
        offsets += [len(table[k]), str_start + pos]
        pos += len(table[k]) + 1
    head = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + len(keys) * 8, 0, 0)
    return head + struct.pack(f"{len(offsets)}i", *offsets) + ids + strs


# ---------------------------------------------------------------- commands


def planned(root: Path = ROOT) -> dict[Path, tuple[str, bytes]]:
    """Every catalog file as the sources and the written translations make it."""
    files: dict[Path, tuple[str, bytes]] = {}
    for domain, extracted in sorted(extract(root).items()):
        if not extracted:
            continue
        for language in LANGUAGES:
            po = po_path(domain, language)
            _header, existing = read_po(po.read_text(encoding="utf-8")) if po.exists() else ("", {})
            entries = merge(extracted, existing)
            text = write_po(domain, language, entries)
            new_header, _entries = read_po(text)
            files[po] = (text, write_mo(new_header, entries))
    return files


def untranslated(root: Path = ROOT) -> list[str]:
    out = []
    for po, (text, _mo) in planned(root).items():
        for entry in read_po(text)[1].values():
            if not entry.translated():
                out.append(f"{po.relative_to(root)}: {entry.msgid!r}")
    return out


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    files = planned()
    if command == "update":
        for po, (text, mo) in files.items():
            po.parent.mkdir(parents=True, exist_ok=True)
            po.write_text(text, encoding="utf-8")
            po.with_suffix(".mo").write_bytes(mo)
        missing = untranslated()
        print(f"{len(files)} catalogs written; {len(missing)} texts still to translate")
        for line in missing:
            print("  " + line)
        return 0
    if command == "check":
        stale = [str(po.relative_to(ROOT)) for po, (text, mo) in files.items()
                 if not po.exists() or po.read_text(encoding="utf-8") != text
                 or not po.with_suffix(".mo").exists() or po.with_suffix(".mo").read_bytes() != mo]
        missing = untranslated()
        for path in stale:
            print(f"stale: {path} (run: python -m ttcli.i18n.catalogs update)")
        for line in missing:
            print(f"untranslated: {line}")
        return 1 if stale or missing else 0
    print("usage: python -m ttcli.i18n.catalogs update|check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
