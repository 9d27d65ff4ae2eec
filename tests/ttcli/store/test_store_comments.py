"""The master's comments in a session file survive every save, undo and redo (DESIGN
decision 4: the session file is the master's to edit; docs/session-format.md, "Your
comments"), beside the key, table or array item they stood by, and the data read the same.

Real files in tmp_path: the commands run through CliRunner on a copy of the example dungeon
session (the ``crypt`` fixture), the round trip through :class:`SessionFile` with comments
hypothesis places by random keys, tables and array items of every example session.
"""

from __future__ import annotations

import tomllib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.paths import ROOT_DIR

from ttcli.session import HEADER
from ttcli.store import SessionFile
from ttcli.store.toml import dump_document

SAVES = sorted((ROOT_DIR / "saves").glob("*.toml"))


def ok(result):
    assert result.exit_code == 0, result.output
    return result


def edit(path, old: str, new: str) -> None:
    """A hand edit: ``old`` (once in the file) becomes ``new``."""
    text = path.read_text("utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), "utf-8")


def lines(path) -> list[str]:
    return path.read_text("utf-8").split("\n")


def above(path, comment: str, line: str) -> bool:
    """Whether ``comment`` is a line of the comment lines right above ``line``."""
    text = lines(path)
    at = text.index(line)
    block = []
    while at > 0 and text[at - 1].lstrip().startswith("#"):
        at -= 1
        block.append(text[at].strip())
    return comment in block


def data(path) -> dict:
    return tomllib.loads(path.read_text("utf-8"))


# Hand notes on the example dungeon session: over a combatant's table, at the end of a
# key's line, inside an inventory, over a goblin who will be removed.
TABLE_NOTE = "# Викинг: игрок Петя, ходит по вторникам"
HP_NOTE = "# было 15 до ловушки"
SWORD_NOTE = "# дедов меч, +1 против нежити"
GOBLIN_NOTE = "# этот гоблин несёт ключ от склепа"
GOBLIN_HP_NOTE = "# ранен стрелой"


def annotate(path) -> None:
    edit(path, '[combatants."Викинг"]\n', f'{TABLE_NOTE}\n[combatants."Викинг"]\n')
    hp = hp_line(path, "Викинг")
    edit(path, f'[combatants."Викинг".resources]\n{hp}\n', f'[combatants."Викинг".resources]\n{hp}  {HP_NOTE}\n')
    edit(path, '    { name = "меч" },\n', f'    {SWORD_NOTE}\n    {{ name = "меч" }},\n')
    edit(path, '[combatants."Гоблин 1"]\n', f'{GOBLIN_NOTE}\n[combatants."Гоблин 1"]\n')


def hp_line(path, name: str) -> str:
    """The ``hp = N`` line of a combatant's resources, as it is in the file."""
    text = lines(path)
    at = text.index(f'[combatants."{name}".resources]')
    return next(line for line in text[at:] if line.startswith("hp = "))


def assert_notes_in_place(path) -> None:
    assert above(path, TABLE_NOTE, '[combatants."Викинг"]')
    assert hp_line(path, "Викинг").endswith(f"  {HP_NOTE}")
    assert above(path, SWORD_NOTE, '    { name = "меч" },')


# ---------------------------------------------------------------- commands


def test_design_4_comments_survive_damage_undo_and_redo(crypt):
    annotate(crypt.path)
    ok(crypt("damage", "Викинг", "3"))
    assert_notes_in_place(crypt.path)
    assert hp_line(crypt.path, "Викинг") == f"hp = 10  {HP_NOTE}"
    assert above(crypt.path, GOBLIN_NOTE, '[combatants."Гоблин 1"]')
    ok(crypt("undo"))
    assert_notes_in_place(crypt.path)
    assert hp_line(crypt.path, "Викинг") == f"hp = 13  {HP_NOTE}"
    ok(crypt("redo"))
    assert_notes_in_place(crypt.path)
    assert hp_line(crypt.path, "Викинг") == f"hp = 10  {HP_NOTE}"
    ok(crypt("session", "check"))


def test_design_4_a_comment_added_after_the_last_write_survives_undo_and_redo(crypt):
    ok(crypt("damage", "Викинг", "3"))  # ttcli's own bytes: undo trusts them by their digest
    ok(crypt("damage", "Вор", "2"))
    annotate(crypt.path)  # then the master writes notes by hand
    edited = crypt.path.read_text("utf-8")
    ok(crypt("undo"))  # the hand edit is a state of its own: first back to ttcli's last write, notes carried
    assert crypt.path.read_text("utf-8") == edited
    ok(crypt("undo"))
    assert_notes_in_place(crypt.path)
    assert (hp_line(crypt.path, "Викинг"), hp_line(crypt.path, "Вор")) == (f"hp = 10  {HP_NOTE}", "hp = 7")
    ok(crypt("undo"))
    assert_notes_in_place(crypt.path)
    assert hp_line(crypt.path, "Викинг") == f"hp = 13  {HP_NOTE}"
    ok(crypt("redo", "2"))
    assert_notes_in_place(crypt.path)
    assert (hp_line(crypt.path, "Викинг"), hp_line(crypt.path, "Вор")) == (f"hp = 10  {HP_NOTE}", "hp = 5")
    ok(crypt("redo"))
    assert crypt.path.read_text("utf-8") == edited
    ok(crypt("session", "check"))


def test_design_4_a_comment_whose_key_is_gone_is_kept_near_its_parent_table(crypt):
    annotate(crypt.path)
    table = '[combatants."Гоблин 1".resources]\n'
    edit(crypt.path, f"{table}hp = ", f"{table}{GOBLIN_HP_NOTE}\nhp = ")
    ok(crypt("char", "rm", "Гоблин 1"))
    text = crypt.path.read_text("utf-8")
    assert "Гоблин 1" not in data(crypt.path)["combatants"]
    assert GOBLIN_NOTE in lines(crypt.path) and GOBLIN_HP_NOTE in lines(crypt.path)
    # at the end of the combatants, the nearest table still there, in their order
    assert text.index(GOBLIN_NOTE) > text.index('[combatants."Огр"]') and \
        text.index(GOBLIN_HP_NOTE) > text.index(GOBLIN_NOTE)
    assert_notes_in_place(crypt.path)
    ok(crypt("undo"))  # the goblin is back; the notes stay where the file had them
    assert "Гоблин 1" in data(crypt.path)["combatants"]
    assert GOBLIN_NOTE in lines(crypt.path) and GOBLIN_HP_NOTE in lines(crypt.path)
    ok(crypt("session", "check"))


def test_design_4_comments_survive_char_add_and_fight_start(crypt):
    annotate(crypt.path)
    ok(crypt("char", "add", "Крыса", "--side", "enemy", "тело=1", "--force"))
    assert_notes_in_place(crypt.path)
    assert above(crypt.path, GOBLIN_NOTE, '[combatants."Гоблин 1"]')
    ok(crypt("char", "rm", "Крыса"))
    assert_notes_in_place(crypt.path)
    ok(crypt("fight", "start"))
    assert "fight" in data(crypt.path)
    assert_notes_in_place(crypt.path)
    assert above(crypt.path, GOBLIN_NOTE, '[combatants."Гоблин 1"]')
    ok(crypt("session", "check"))


def test_design_4_an_inventory_note_follows_its_item_by_name(crypt):
    """An item taken out of an inventory takes no note of another with it: the notes
    follow the items' names, not their places."""
    for item, note in (('{ name = "кинжал" }', "# кинжал отца"),
                       ('{ name = "отмычка", kind = "small", quantity = 10 }', "# отмычки из гильдии"),
                       ('{ name = "верёвка" }', "# 15 метров")):
        edit(crypt.path, f"    {item},\n", f"    {item},  {note}\n")
    ok(crypt("char", "take", "Вор", "кинжал"))
    assert '    { name = "отмычка", kind = "small", quantity = 10 },  # отмычки из гильдии' in lines(crypt.path)
    assert '    { name = "верёвка" },  # 15 метров' in lines(crypt.path)
    text = lines(crypt.path)  # the dagger's note: kept in the inventory, before its ']'
    assert text[text.index('    { name = "верёвка" },  # 15 метров') + 1:][:2] == ["    # кинжал отца", "]"]
    ok(crypt("char", "take", "Вор", "отмычка"))
    assert '    { name = "отмычка", kind = "small", quantity = 9 },  # отмычки из гильдии' in lines(crypt.path)
    ok(crypt("undo"))
    assert '    { name = "отмычка", kind = "small", quantity = 10 },  # отмычки из гильдии' in lines(crypt.path)


OLD_HEADER_END = "# Comments other than this header are not kept when ttcli saves."


def test_design_4_the_header_is_the_programs_and_says_comments_are_kept(crypt):
    text = lines(crypt.path)
    crypt.path.write_text("\n".join([*text[:3], OLD_HEADER_END, *text[4:]]), "utf-8")  # an earlier wording
    annotate(crypt.path)
    ok(crypt("damage", "Викинг", "1"))
    header = [f"# {line}" for line in HEADER.split("\n")]
    assert lines(crypt.path)[:len(header)] == header
    assert "comments are kept" in HEADER.lower()
    assert OLD_HEADER_END not in lines(crypt.path)
    assert sum(line in header for line in lines(crypt.path)) == len(header)  # once, not twice


def test_design_4_a_file_without_comments_is_written_as_before(crypt):
    ok(crypt("damage", "Викинг", "3"))
    doc = data(crypt.path)
    assert crypt.path.read_text("utf-8") == dump_document(doc, HEADER)


# ---------------------------------------------------------------- what is not a comment


HAND_WRITTEN = '''\
# заметки мастера о партии
format = 1   # не трогать
name = "склеп #2"
system = "dungeon"  # dungeon
motto = """многострочная # не комментарий
[не таблица]
"""

[combatants."Вор"]   # рыжий
hp = 7
tags = [
    "быстрый",  # ловкач
    # а это про второй
    'ночной #1',
    [1, 2],
]
'''


def test_design_4_a_hash_inside_a_string_is_not_a_comment(tmp_path):
    path = tmp_path / "fight.toml"
    path.write_text(HAND_WRITTEN, "utf-8")
    session = SessionFile(path, header=HEADER)
    with session.transaction() as doc:
        doc["combatants"]["Вор"]["hp"] = 5
    text = path.read_text("utf-8")
    assert tomllib.loads(text) == {**tomllib.loads(HAND_WRITTEN),
                                   "combatants": {"Вор": {**tomllib.loads(HAND_WRITTEN)["combatants"]["Вор"], "hp": 5}}}
    for line in ('format = 1   # не трогать', 'system = "dungeon"  # dungeon', '[combatants."Вор"]   # рыжий',
                 '    "быстрый",  # ловкач', "    # а это про второй", "# заметки мастера о партии"):
        assert line in text.split("\n"), line
    assert text.split("\n")[HEADER.count("\n") + 1] == "# заметки мастера о партии"  # right under the header


# ---------------------------------------------------------------- round trip


def _placements(text: str):
    """Hypothesis: comments by random lines of ``text``, each (line, how, words); ``how`` is
    "above" (a line of its own over a key, table header or array item), "trailing" (at the end
    of its line) or "below" (under the last line of a table's keys, before its blank line)."""
    body = text.split("\n")
    content = [i for i, line in enumerate(body) if line.strip() and not line.startswith("#")]
    last_of_table = [i for i in content if i + 1 < len(body) and not body[i + 1].strip()]
    words = st.text(st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters="\x7f"),
                    max_size=12).map(str.rstrip)
    placement = st.one_of(
        st.tuples(st.sampled_from(content), st.sampled_from(["above", "trailing"]), words),
        st.tuples(st.sampled_from(last_of_table), st.just("below"), words))
    return st.lists(placement, max_size=12, unique_by=lambda p: (p[0], p[1]) if p[1] == "trailing" else p)


@st.composite
def annotated(draw):
    source = draw(st.sampled_from(SAVES))
    text = dump_document(tomllib.loads(source.read_text("utf-8")), HEADER)  # as ttcli writes it now
    return source.name, text, draw(_placements(text))


def _insert(text: str, placements) -> tuple[str, list[tuple[str, str, int]]]:
    """``text`` with the comments placed; each comment as (how, its text, its line in ``text``)."""
    body = text.split("\n")
    above: dict[int, list[str]] = {}
    below: dict[int, list[str]] = {}
    trailing: dict[int, str] = {}
    placed = []
    for number, (line, how, words) in enumerate(placements):
        comment = f"# n{number}: {words}".rstrip()
        placed.append((how, comment, line))
        if how == "trailing":
            trailing[line] = comment
        else:
            (above if how == "above" else below).setdefault(line, []).append(comment)
    out = []
    for i, line in enumerate(body):
        pad = line[:len(line) - len(line.lstrip())]
        out.extend(pad + c for c in above.get(i, ()))
        out.append(line + ("  " + trailing[i] if i in trailing else ""))
        out.extend(below.get(i, ()))
    return "\n".join(out), placed


def _where(saved: str, placed) -> tuple[list[str], dict[str, tuple[str, int]]]:
    """The saved text without the placed comments, and where each comment is: ("trailing",
    clean line it ends), ("above", clean line right after its block) or ("below", clean line
    right before it)."""
    mine = {comment for _how, comment, _line in placed}
    clean: list[str] = []
    found: dict[str, tuple[str, int]] = {}
    pending: list[str] = []
    for line in saved.split("\n"):
        if line.strip() in mine:
            found[line.strip()] = ("below", len(clean) - 1)
            pending.append(line.strip())
            continue
        ends = next((c for c in mine if line.endswith("  " + c)), None)
        if ends is not None:
            line = line[:-len("  " + ends)]
            found[ends] = ("trailing", len(clean))
        for comment in pending:
            found[comment] = (*found[comment], len(clean))  # type: ignore[assignment]
        pending = []
        clean.append(line)
    return clean, found


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=annotated())
def test_design_4_comments_by_random_keys_survive_a_load_and_save_and_the_data_is_unchanged(tmp_path, case):
    name, text, placements = case
    path = tmp_path / name
    annotated_text, placed = _insert(text, placements)
    path.write_text(annotated_text, "utf-8")
    before = tomllib.loads(annotated_text)
    session = SessionFile(path, header=HEADER)
    with session.transaction() as doc:  # a change of one line's value makes it save
        doc["name"] = doc["name"] + "!"
    saved = path.read_text("utf-8")
    assert tomllib.loads(saved) == {**before, "name": before["name"] + "!"}
    clean, found = _where(saved, placed)
    # without the comments, the file is what ttcli writes without them (the old header's wording aside)
    assert "\n".join(clean) == dump_document({**before, "name": before["name"] + "!"}, HEADER)
    for how, comment, at in placed:
        assert comment in found, comment  # every comment is kept...
        where = found[comment]
        if how == "trailing":  # ... on its line,
            assert where == ("trailing", at), (comment, where, at)
        elif how == "above":  # ... right above its key, table or item,
            assert where[2] == at, (comment, where, at)
        else:  # ... or right under the last key of its table
            assert where[1] == at, (comment, where, at)
    # and a second save moves nothing
    with session.transaction() as doc:
        doc["name"] = before["name"]
    with session.transaction() as doc:
        doc["name"] = before["name"] + "!"
    assert path.read_text("utf-8") == saved


@pytest.mark.parametrize("save", SAVES, ids=lambda p: p.stem)
def test_design_4_undo_and_redo_carry_the_files_comments_into_the_state_they_restore(tmp_path, save):
    path = tmp_path / save.name
    path.write_bytes(save.read_bytes())
    session = SessionFile(path, header=HEADER)
    with session.transaction() as doc:
        doc["name"] = "один"
    written = path.read_text("utf-8")
    with session.transaction() as doc:
        doc["name"] = "два"
    edited = path.read_text("utf-8").replace('name = "два"\n', 'name = "два"  # новое имя\n')
    path.write_text(edited, "utf-8")
    session.undo()  # the hand edit is a state of its own: back to ttcli's "два", the note carried into it
    assert path.read_text("utf-8") == edited
    session.undo()
    assert path.read_text("utf-8") == written.replace('name = "один"\n', 'name = "один"  # новое имя\n')
    session.redo(2)
    assert path.read_text("utf-8") == edited


@settings(max_examples=60, deadline=None)
@given(case=annotated())
def test_design_4_the_line_reader_and_the_token_reader_find_the_same_comments(case):
    """Lines as tomli-w writes them are read by regular expressions, anything else by the
    token reader: on the same text both find the same keys, items and comments."""
    from ttcli.store.comments import _Scan

    _name, text, placements = case
    annotated_text, _placed = _insert(text, placements)
    by_lines, by_tokens = _Scan(annotated_text), _Scan(annotated_text, by_lines=False)
    assert by_lines.items == by_tokens.items
    assert by_lines.notes == by_tokens.notes
    assert by_lines.inside == by_tokens.inside
    assert by_lines.content == by_tokens.content
