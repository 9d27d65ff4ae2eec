"""One vocabulary per system (issue 24, section 2): every Russian text a session of a system
can show keeps to that system's glossary (docs/glossary.md), read through the chained
catalogs the session gets (docs/i18n.md, "Which catalog answers"); and the words a master
reads in real output are the seed's."""

from __future__ import annotations

import functools
import re
import shutil
from dataclasses import dataclass

import pytest
from support.paths import ROOT_DIR

from ttcli import i18n
from ttcli.i18n import catalogs

SYSTEMS = ("dungeon", "skirmish", "terra", "twilight")
GLOSSARY = ROOT_DIR / "docs" / "glossary.md"
SHARED = "shared"


@dataclass(frozen=True)
class Variant:
    system: str
    concept: str
    text: str
    pattern: re.Pattern[str]


def variant_pattern(text: str) -> re.Pattern[str]:
    """A glossary variant as a whole-word pattern: ``#`` a number, ``*`` the rest of a word; a
    variant all in lower case matches in any case, one with a capital only as written."""
    body = "".join(r"\d+" if ch == "#" else r"\w*" if ch == "*" else re.escape(ch) for ch in text)
    flags = re.IGNORECASE if text == text.lower() else 0
    return re.compile(rf"(?<!\w){body}(?!\w)", flags)


def read_glossary(text: str) -> dict[str, list[Variant]]:
    """Section (a system id, or ``shared``) -> its forbidden variants, from the tables."""
    found: dict[str, list[Variant]] = {}
    section = None
    for line in text.splitlines():
        heading = re.match(r"##\s+(\S+)", line)
        if heading:
            word = heading.group(1).casefold()
            section = SHARED if word == "shared" else word
            found.setdefault(section, [])
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else []
        if section is None or len(cells) != 3 or cells[0] in ("concept", "") or set(cells[0]) <= {"-"}:
            continue
        for variant in re.findall(r"`([^`]+)`", cells[2]):
            found[section].append(Variant(section, cells[0], variant, variant_pattern(variant)))
    return found


#: what a master types, or a placeholder: not a word of the vocabulary
_TYPED = [
    re.compile(r"\{[^{}]*\}"),                      # a placeholder's field
    re.compile(r"ttcli [^\n]*"),                    # a command line to type
    re.compile(r"'[^'\n]*'|\"[^\"\n]*\"|«[^»\n]*»|`[^`\n]*`"),   # quoted words
    re.compile(r"--[\w-]+"),                        # an option
    re.compile(r"[^\s(),;:]+=[^\s(),;]*"),          # a key=value word
    re.compile(r"\b\w+ = \S+"),                     # a line of the session file
    re.compile(r"\[[^\]\n]*\]"),                    # a value of the session file ([x, y])
    re.compile(r"\b[A-Z]{2}-[A-Z]+-\d+\b"),            # a rule's code (TT-AP-1)
]

#: the dice notation a master types (`d6`, `d%`): the program's own, the same in every system
_NOTATION = ("rules/dice/", "rules/odds/")

#: a shared text that names one system is that system's own
_NAMES = {
    "terra": r"terra|терр\w*",
    "dungeon": r"dungeon|подземель\w*",
    "twilight": r"twilight|сумерк\w*|сумерек",
    "skirmish": r"skirmish|стычк\w*",
}


def spoken(text: str) -> str:
    for pattern in _TYPED:
        text = pattern.sub(" ", text)
    return text


def named_system(text: str) -> str | None:
    for system, names in _NAMES.items():
        if re.search(rf"(?<!\w)(?:{names})(?=\)|:)", text):
            return system
    return None


def offences(text: str, variants: list[Variant]) -> list[str]:
    said = spoken(text)
    return [f"{v.text!r} ({v.concept})" for v in variants if v.pattern.search(said)]


def _entries(po):
    return catalogs.read_po(po.read_text(encoding="utf-8"))[1].values()


def _answers(chain, entry) -> list[str]:
    if entry.plural is not None:
        if entry.context is not None:
            return [chain.npgettext(entry.context, entry.msgid, entry.plural, n) for n in (1, 2, 5)]
        return [chain.ngettext(entry.msgid, entry.plural, n) for n in (1, 2, 5)]
    if entry.context is not None:
        return [chain.pgettext(entry.context, entry.msgid)]
    return [chain.gettext(entry.msgid)]


@functools.cache
def _program_sources():
    """The program's texts with the files they come from (the .po's own comments)."""
    return catalogs.extract()["ttcli"]


def shown(system: str):
    """(origin, msgid, text) for every Russian text a session of ``system`` can show: its own
    catalog's and the program's, each as the session's chain answers it."""
    chain = i18n.load("ru", system)
    own = i18n.system_folders()[system] / "locale" / "ru" / "LC_MESSAGES" / f"{system}.po"
    program = catalogs.po_path("ttcli", "ru")
    notation = {key for key, entry in _program_sources().items()
                if entry.sources and all(source.startswith(_NOTATION) for source in entry.sources)}
    seen = set()
    for origin, po in ((system, own), (SHARED, program)):
        for entry in _entries(po):
            if entry.key in seen:
                continue
            seen.add(entry.key)
            if origin == SHARED and entry.key in notation:
                continue
            for text in _answers(chain, entry):
                yield origin, entry.msgid, str(text)


def violations(system: str, glossary: dict[str, list[Variant]]) -> list[str]:
    found = []
    for origin, msgid, text in shown(system):
        if origin == SHARED:
            owner = named_system(text) or named_system(msgid)
            if owner is not None and owner != system:
                continue            # another system's text: not shown here
            # a text that names this system speaks its words; any other, the plain ones too
            rules = [*([] if owner else glossary.get(SHARED, [])), *glossary.get(system, [])]
        else:
            rules = glossary.get(system, [])
        bad = offences(text, rules)
        if bad:
            found.append(f"[{origin}] {msgid!r} -> {text!r}: {', '.join(bad)}")
    return found


@pytest.fixture(scope="module")
def glossary():
    return read_glossary(GLOSSARY.read_text(encoding="utf-8"))


def test_the_glossary_has_a_table_for_every_system(glossary):
    for section in (SHARED, *SYSTEMS):
        assert glossary.get(section), f"docs/glossary.md has no forbidden words for {section}"


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_text_a_session_shows_keeps_to_its_systems_words(system, glossary):
    found = violations(system, glossary)
    assert not found, "\n".join(found)


def test_the_check_finds_a_forbidden_word_and_spares_what_is_typed(glossary):
    dungeon = glossary["dungeon"]
    assert offences("Короткий отдых (стоит паёк).", dungeon) == ["'паёк' (rations)"]
    assert offences("занято 3 из 12 ячеек", dungeon) == ["'ячеек' (inventory space)"]
    assert offences("Урон: д20 + ТЕЛО, ЗД 7 -> 4", dungeon) == []
    assert offences("места = ТЕЛО x 3", dungeon) == ["'x' (times (capacity = ТЕЛО × 3))"]
    # typed words, placeholders and other systems' shared texts are not the vocabulary
    assert offences("{hp} {before}: ttcli char set Вор hp=5, --pool st", dungeon) == []
    assert named_system("проверка (стычка): перебросы проваленного д20") == "skirmish"
    skirmish = glossary["skirmish"]
    assert offences("Разбойник 1 теряет 3 ХП (15 -> 12), ст 6", skirmish) == [
        "'ХП' (hit points)", "'ст' (stamina)"]
    assert offences("d20 + навык; def 3; hp 30/30, st 10/10", skirmish) == []


# -- real output, replayed in Russian ----------------------------------------------------


@pytest.fixture
def session(tmp_path, runner):
    from ttcli.app import app

    saves = tmp_path / "saves"
    saves.mkdir()
    for name in ("crypt", "skirmish", "terra", "arena"):
        shutil.copy(ROOT_DIR / "saves" / f"{name}.toml", saves / f"{name}.toml")

    def open_(name):
        def run(*args):
            r = runner.invoke(app, ["--lang", "ru", "--saves", str(saves), "--session", name, *args])
            assert r.exit_code == 0, r.output
            return r.stdout
        return run

    return open_


def assert_words(system: str, text: str, glossary) -> None:
    assert not offences(text, glossary[system]), (offences(text, glossary[system]), text)


def test_skirmish_status_reads_hp_st_as_the_seed_writes_them(session, glossary):
    """The seed writes `hp`, `st`: the status read `ХП 30/30, ст 10/10`."""
    out = session("skirmish")("fight", "status")
    assert "О Рыцарь: hp 30/30, st 10/10" in out.splitlines()[2], out
    assert_words("skirmish", out, glossary)


def test_skirmish_bleeding_damage_and_healing_read_hp(session, glossary):
    """An effect's tick is the core's sentence: in skirmish it read `ОЗ 15 -> 14`."""
    run = session("skirmish")
    run("fight", "start", "--given", "20 15 10 5 1")
    run("effect", "add", "Разбойник 1", "кровотечение", "--duration", "3 хода")
    run("fight", "next")
    out = run("fight", "next") + run("damage", "Разбойник 2", "3") + run("heal", "Разбойник 2", "1")
    assert out.splitlines() == [
        "Разбойник 1: кровотечение наносит 1 урон (hp 15 -> 14).",
        "Ход: Разбойник 1.",
        "Разбойник 2 получает 3 урона (hp 15 -> 12).",
        "Разбойник 2 лечится на 1 (hp 12 -> 13).",
    ], out
    assert_words("skirmish", out, glossary)


def test_skirmish_odds_of_an_attack_read_d20_def_hp(session, glossary):
    """The odds header read `д20+…, деф 1, ОЗ 15`."""
    out = session("skirmish")("odds", "attack", "Рыцарь", "Разбойник 2", "--weapon", "Меч")
    assert out.splitlines()[0].startswith("Рыцарь атакует Разбойника 2 (Меч): d20+"), out
    assert ", def 1, hp 15" in out.splitlines()[0], out
    assert_words("skirmish", out, glossary)


def test_dungeon_status_inventory_and_odds_read_the_seeds_words(session, glossary):
    """The dungeon's rations are «рационы» (was «пайки»), its inventory counts «мест» with a
    «×» (was «ячеек», «x10»), and its odds read ЗД (was ОЗ)."""
    run = session("crypt")
    status = run("fight", "status")
    assert "О Викинг: ЗД 13/13, УСТ 0/5, рационы 3" in status, status
    show = run("char", "show", "Вор")
    assert "инвентарь: занято 3 из 6 мест, свободно 3: кинжал, отмычка ×10 (мелочь, 10 на место), верёвка" in show
    odds = run("odds", "attack", "Викинг", "Гоблин 1")
    assert odds.splitlines()[:3] == [
        "Викинг атакует Гоблина 1 (ближний бой, 1d8): д20 против УВ 13, БР 0, ЗД 7",
        "Викинг попадает по Гоблину 1: 40,00\u00a0%",
        "Гоблин 1 падает (0 ЗД) от этого действия: 30,00\u00a0%",
    ], odds
    rest = run("rest", "Вор", "короткий", "--given", "3")
    assert rest.strip() == "Вор: короткий отдых: ЗД 7 -> 7; УСТ 0 -> 0; рационы 3 -> 2.", rest
    # char show names each value with its file key too (`ЗД (hp)`): only its inventory is words
    inventory = [line for line in show.splitlines() if "инвентарь" in line]
    for out in (status, *inventory, odds, rest):
        assert_words("dungeon", out, glossary)

