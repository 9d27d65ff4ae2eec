"""Transactions, hand edits, undo and redo over real files (DESIGN decisions 4 and 5)."""

from __future__ import annotations

import os
import stat

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.documents import containers as _containers
from test_store_toml import documents, first_difference

from ttcli.store import (
    FORMAT,
    FormatTooNew,
    HistoryLimit,
    SessionFile,
    StoreError,
    UnsafePath,
    Unwritable,
    format_field,
)
from ttcli.store import files as store_files
from ttcli.store import history as store_history
from ttcli.store.history import History


def validate(doc) -> list[StoreError]:
    """A stand-in for the session checks: every combatant needs an integer hp."""
    errors = []
    for name, fighter in doc.get("combatants", {}).items():
        hp = fighter.get("hp") if isinstance(fighter, dict) else None
        if not isinstance(hp, int) or isinstance(hp, bool):
            errors.append(StoreError(None, "hp must be an integer",
                                     field=format_field(("combatants", name, "hp")), hint="hp = 10"))
    return errors


def start_doc() -> dict:
    return {"format": FORMAT, "round": 0, "combatants": {"Викинг": {"hp": 10}, "Эльф": {"hp": 7}}}


@pytest.fixture
def session(tmp_path) -> SessionFile:
    s = SessionFile(tmp_path / "fight.toml", validate)
    s.create(start_doc())
    return s


def next_round(session: SessionFile) -> bytes:
    with session.transaction() as doc:
        doc["round"] += 1
        doc["combatants"]["Викинг"]["hp"] -= 1
    return session.path.read_bytes()


def snapshot_folder(session: SessionFile) -> dict[str, bytes]:
    folder = session.history.folder
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


# ---------------------------------------------------------------- transactions


def test_design_4_transaction_saves_the_change(session):
    with session.transaction() as doc:
        doc["round"] = 1
        doc["combatants"]["Викинг"]["hp"] = 4
    assert session.read()["combatants"]["Викинг"]["hp"] == 4
    assert session.path.read_text("utf-8").startswith("# ttcli session file.")


def test_design_4_a_second_handle_on_the_file_shares_its_transactions(session):
    with SessionFile(session.path, validate).transaction() as doc:
        doc["round"] = 5
    assert session.read()["round"] == 5


def test_design_4_unchanged_document_is_not_rewritten(session):
    before = session.path.stat().st_mtime_ns, session.path.read_bytes(), len(session.states())
    with session.transaction() as doc:
        doc["round"] = doc["round"]
    assert (session.path.stat().st_mtime_ns, session.path.read_bytes(), len(session.states())) == before


def test_design_4_exception_in_the_block_writes_nothing(session):
    before = session.path.read_bytes()
    with pytest.raises(ZeroDivisionError), session.transaction() as doc:
        doc["round"] = 99
        doc.log({"kind": "never"})
        raise ZeroDivisionError
    assert session.path.read_bytes() == before
    assert session.events() == []


def test_design_4_logged_events_go_to_the_journal_even_without_a_state_change(session):
    with session.transaction() as doc:
        doc.log({"kind": "roll", "expr": "2d6", "dice": [3, 4]})
    with session.transaction() as doc:
        doc["round"] = 1
        doc.log({"kind": "round", "round": 1})
    assert [(e["seq"], e["kind"]) for e in session.events()] == [(1, "roll"), (2, "round")]
    assert session.journal_path.name == "fight.journal.toml"


# The store writes what a command hands it without checking it (docs/design-notes.md,
# "Verification of what is written"): the suite's own check (conftest) validates every
# written document.  These prove that check refuses, and that a refused or unstorable
# change writes nothing.

def test_design_5_the_suites_check_refuses_an_invalid_write_and_nothing_is_written(session):
    before = session.path.read_bytes(), snapshot_folder(session)
    with pytest.raises(StoreError) as caught, session.transaction() as doc:
        doc["combatants"]["Викинг"]["hp"] = "много"
        doc.log({"kind": "damage"})
    assert caught.value.field == 'combatants."Викинг".hp'
    assert (session.path.read_bytes(), snapshot_folder(session)) == before
    assert session.events() == []


def test_design_5_the_suites_check_reports_every_problem(session):
    with pytest.raises(StoreError) as caught, session.transaction() as doc:
        doc["combatants"]["Викинг"]["hp"] = 1.5
        doc["combatants"]["Эльф"]["hp"] = True
    assert [e.field for e in caught.value.errors] == ['combatants."Викинг".hp', 'combatants."Эльф".hp']


@pytest.mark.parametrize("value", [None, {1, 2}, b"bytes", "\ud800"])
def test_design_5_a_value_toml_cannot_hold_writes_nothing(session, value):
    before = session.path.read_bytes(), snapshot_folder(session)
    with pytest.raises((TypeError, ValueError)), session.transaction() as doc:
        doc["combatants"]["Эльф"]["note"] = value
        doc.log({"kind": "note"})
    assert (session.path.read_bytes(), snapshot_folder(session)) == before
    assert session.events() == []


# Trust item 1: what the reader refuses is never written.  The store holds every state and
# every event to the reader's limits before its first byte is written.

@pytest.mark.parametrize("value", [2**63, -(2**63) - 1, 10**5000, [[2**64]]],
                         ids=["2^63", "-2^63-1", "5000 digits", "in an array"])
def test_trust_1_a_state_beyond_64_bits_is_refused_before_anything_is_written(session, value):
    before = session.path.read_bytes(), snapshot_folder(session)
    with pytest.raises(Unwritable, match="64 bits") as caught, session.transaction() as doc:
        doc["combatants"]["Эльф"]["note"] = value
        doc.log({"kind": "note"})
    assert caught.value.field.startswith('combatants."Эльф".note')
    assert "nothing was changed" in str(caught.value)
    assert (session.path.read_bytes(), snapshot_folder(session)) == before
    assert session.events() == []


def test_trust_1_an_event_beyond_64_bits_writes_neither_the_state_nor_the_journal(session):
    before = session.path.read_bytes(), snapshot_folder(session)
    with pytest.raises(Unwritable) as caught, session.transaction() as doc:
        doc["round"] += 1
        doc.log({"kind": "round", "round": doc["round"]})
        doc.log({"kind": "damage", "amount": 2**63})
    assert caught.value.field == "event.amount" and caught.value.path == str(session.journal_path)
    assert (session.path.read_bytes(), snapshot_folder(session)) == before
    assert session.events() == []


def test_trust_1_nesting_too_deep_to_read_is_refused_before_anything_is_written(session):
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    before = session.path.read_bytes(), snapshot_folder(session)
    with pytest.raises(Unwritable, match="nested too deeply"), session.transaction() as doc:
        doc["combatants"]["Эльф"]["note"] = deep
    assert (session.path.read_bytes(), snapshot_folder(session)) == before


def test_trust_1_create_refuses_a_document_beyond_64_bits(tmp_path):
    new = SessionFile(tmp_path / "new.toml", validate)
    with pytest.raises(Unwritable):
        new.create({**start_doc(), "round": 2**63})
    assert not new.path.exists()


def test_trust_1_undo_and_redo_restore_over_own_bytes_that_do_not_load(session):
    good = next_round(session)
    bad = good.replace(b"round = 1", b"round = 9223372036854775808")
    with store_files.locked(session.path):  # as an older ttcli with this bug wrote it
        session._save(session.history.load(), bad, store_history.WRITTEN)
    with pytest.raises(StoreError, match="64 bits"):
        session.read()
    assert session.wrote()
    assert session.undo()["round"] == 1
    assert session.path.read_bytes() == good
    assert session.redo() is None  # ttcli's own bytes again: restored, yet they do not load
    assert session.path.read_bytes() == bad
    assert session.undo(2)["round"] == 0
    assert not (session.history.folder / "broken.toml").exists()


def test_design_5_a_reader_knows_the_stores_own_bytes_as_the_index_does(session):
    """A reader skips validating bytes the store wrote (History.knows, a look for the digest in
    the index) exactly when the loaded index says it wrote them (History.wrote)."""
    first = session.path.read_bytes()
    second = next_round(session)
    edited = second.replace(b"round = 1", b"round = 5")
    for data in (first, second, edited, b"", b"format = 1\n"):
        assert History(session.path).knows(data) == History(session.path).load().wrote(data)
    assert History(session.path).knows(second) and not History(session.path).knows(edited)
    validated = []
    reader = SessionFile(session.path, lambda doc: validated.append(doc["round"]) or [])
    reader.read()
    assert validated == []
    session.path.write_bytes(edited)
    reader.read()
    assert validated == [5]
    session.history.index_path.unlink()
    assert not History(session.path).knows(second)


def test_trust_1_undo_still_validates_a_hand_edit_first(session):
    next_round(session)
    session.path.write_bytes(session.path.read_bytes().replace(b"round = 1", b"round = 9223372036854775808"))
    assert not session.wrote()
    before = session.path.read_bytes(), snapshot_folder(session)
    with pytest.raises(StoreError, match="64 bits"):
        session.undo()
    assert (session.path.read_bytes(), snapshot_folder(session)) == before


def test_design_4_create_refuses_an_existing_file(session):
    with pytest.raises(StoreError, match="already exists"):
        session.create(start_doc())


def test_design_4_create_starts_a_fresh_history(tmp_path):
    old = SessionFile(tmp_path / "fight.toml", validate)
    old.create(start_doc())
    next_round(old)
    old.path.unlink()
    old.create(start_doc())
    assert len(old.states()) == 1
    with pytest.raises(StoreError, match="cannot undo"):
        old.undo()


# ---------------------------------------------------------------- broken files

BROKEN = [
    # (bytes on disk, expected error type, (line, col) or None, field or None)
    (b"format = 1\nround = = 2\n", StoreError, (2, 9), None),
    (b'format = 1\nround = 1\n\n[combatants."\xd0\x92\xd0\xb8\xd0\xba\xd0\xb8\xd0\xbd\xd0\xb3"]\nhp = "10"\n',
     StoreError, (5, 1), 'combatants."Викинг".hp'),
    (b"\xef\xbb\xbfformat = 1\n", StoreError, (1, 1), None),
    (b"format = 1\nname = \"Caf\xe9\"\n", StoreError, (2, 12), None),
    (b"", StoreError, (1, None), None),
    (b"format = 0\n", StoreError, (1, 1), "format"),
    (b"round = 1\n", StoreError, None, "format"),
    (b"format = 2\nround = 1\n", FormatTooNew, (1, 1), "format"),
]


@pytest.mark.parametrize(("data", "kind", "place", "field"), BROKEN)
@pytest.mark.parametrize("operation", ["transaction", "undo", "redo"])
def test_design_5_broken_file_is_reported_and_left_byte_identical(session, data, kind, place, field, operation):
    next_round(session)
    session.undo()
    session.path.write_bytes(data)
    before = snapshot_folder(session)
    with pytest.raises(kind) as caught:
        if operation == "transaction":
            with session.transaction() as doc:
                doc["round"] = 42
        else:
            getattr(session, operation)()
    error = caught.value
    if place is not None:
        assert (error.line, error.col) == place
    assert error.field == field
    assert error.path == str(session.path)
    assert session.path.read_bytes() == data
    assert snapshot_folder(session) == before


def test_design_5_newer_format_can_still_be_read(session):
    session.path.write_text('format = 9\n"нечто" = 1\n', "utf-8")
    assert session.read() == {"format": 9, "нечто": 1}


def test_design_5_read_validates_a_known_format(session):
    session.path.write_text('format = 1\n[combatants."Эльф"]\nhp = 1.5\n', "utf-8")
    with pytest.raises(StoreError) as caught:
        session.read()
    assert (caught.value.line, caught.value.field) == (3, 'combatants."Эльф".hp')


# ---------------------------------------------------------------- undo and redo


def test_design_4_undo_and_redo_are_byte_exact_over_25_writes(session):
    states = [session.path.read_bytes()]
    for _ in range(25):
        states.append(next_round(session))
    # the default history keeps 20 undo steps
    for back in range(1, 21):
        session.undo()
        assert session.path.read_bytes() == states[-1 - back]
    with pytest.raises(HistoryLimit, match="cannot undo 1 step"):
        session.undo()
    assert session.path.read_bytes() == states[-21]
    for forward in range(1, 21):
        session.redo()
        assert session.path.read_bytes() == states[-21 + forward]
    with pytest.raises(HistoryLimit, match="cannot redo"):
        session.redo()
    assert len(os.listdir(session.history.folder)) == 21 + 1  # snapshots + index


def test_design_4_undo_several_steps_at_once_returns_the_document(session):
    states = [session.path.read_bytes()] + [next_round(session) for _ in range(4)]
    doc = session.undo(3)
    assert session.path.read_bytes() == states[1]
    assert doc["round"] == 1
    assert session.redo(2)["round"] == 3


def test_design_4_a_write_after_undo_drops_the_redo_branch(session):
    for _ in range(3):
        next_round(session)
    session.undo(2)
    with session.transaction() as doc:
        doc["round"] = 100
    with pytest.raises(StoreError, match="cannot redo"):
        session.redo()
    assert [s.origin for s in session.states()] == ["create", "write", "write"]
    assert session.states()[-1].current
    files = sorted(p.name for p in session.history.folder.iterdir())
    assert len(files) == 4  # three snapshots and the index


def test_design_4_history_length_is_configurable(tmp_path):
    s = SessionFile(tmp_path / "fight.toml", validate, keep=3)
    s.create(start_doc())
    for _ in range(6):
        next_round(s)
    assert len(s.states()) == 4
    s.undo(3)
    assert s.read()["round"] == 3
    with pytest.raises(StoreError, match="only 0 earlier state"):
        s.undo()


def test_design_4_undo_refuses_a_damaged_snapshot(session):
    next_round(session)
    first = session.states()[0]
    session.history.snapshot_path(first.id).write_text("format = 1\n")
    before = session.path.read_bytes()
    with pytest.raises(StoreError, match="checksum"):
        session.undo()
    assert session.path.read_bytes() == before


def test_design_4_undo_without_history_says_so(session):
    with pytest.raises(StoreError, match="only 0 earlier state"):
        session.undo()


@pytest.mark.parametrize("steps", [0, -1])
def test_design_4_undo_needs_a_positive_step_count(session, steps):
    with pytest.raises(ValueError):
        session.undo(steps)


# ---------------------------------------------------------------- hand edits

HAND_EDIT = '# мой комментарий\nformat = 1\nround = 7\n\n[combatants."Викинг"]\nhp = 99\n'


def test_design_4_hand_edit_becomes_an_undoable_state(session):
    next_round(session)
    session.path.write_text(HAND_EDIT, "utf-8")
    with session.transaction() as doc:
        assert doc["round"] == 7
        doc["round"] = 8
    assert [s.origin for s in session.states()] == ["create", "write", "hand-edit", "write"]
    session.undo()
    assert session.path.read_text("utf-8") == HAND_EDIT  # comment and layout kept
    session.redo()
    assert session.read()["round"] == 8


def test_design_4_undo_right_after_a_hand_edit_can_be_redone(session):
    written = next_round(session)
    session.path.write_text(HAND_EDIT, "utf-8")
    session.undo()
    # the state written before, with the master's comment of the file it replaced carried over
    restored = session.path.read_text("utf-8").split("\n")
    assert "# мой комментарий" in restored
    assert [line for line in restored if line != "# мой комментарий"] == written.decode("utf-8").split("\n")
    session.redo()
    assert session.path.read_text("utf-8") == HAND_EDIT


def test_design_4_a_hand_edit_back_to_a_kept_text_stands_the_history_at_that_state(session):
    first = session.path.read_bytes()
    next_round(session)
    session.path.write_bytes(first)  # the master typed the earlier file back, byte for byte
    with session.transaction():
        pass
    assert [(s.origin, s.current) for s in session.states()] == [("create", True), ("write", False)]
    session.redo()
    assert session.read()["round"] == 1


def test_design_5_invalid_hand_edit_is_refused_and_nothing_written(session):
    next_round(session)
    broken = HAND_EDIT.replace("hp = 99", 'hp = "девяносто"')
    session.path.write_text(broken, "utf-8")
    before = snapshot_folder(session)
    with pytest.raises(StoreError) as caught, session.transaction() as doc:
        doc["round"] = 1
    assert (caught.value.line, caught.value.col, caught.value.field) == (6, 1, 'combatants."Викинг".hp')
    assert str(caught.value).startswith(f'{session.path}:6:1: combatants."Викинг".hp: hp must be an integer')
    assert session.path.read_text("utf-8") == broken
    assert snapshot_folder(session) == before


def test_design_4_file_without_history_is_adopted_as_first_state(tmp_path):
    path = tmp_path / "fight.toml"
    path.write_text(HAND_EDIT, "utf-8")
    s = SessionFile(path, validate)
    with s.transaction() as doc:
        doc["round"] = 8
    assert [x.origin for x in s.states()] == ["first-seen", "write"]
    s.undo()
    assert path.read_text("utf-8") == HAND_EDIT


# ---------------------------------------------------------------- crash recovery of the history


def test_design_4_write_interrupted_before_the_index_is_not_taken_for_a_hand_edit(session, monkeypatch):
    real_commit = History.commit

    def crash(self, state_id, sha, origin):
        raise KeyboardInterrupt  # the process dies after replacing the file

    monkeypatch.setattr(History, "commit", crash)
    with pytest.raises(KeyboardInterrupt):
        next_round(session)
    monkeypatch.setattr(History, "commit", real_commit)
    assert session.read()["round"] == 1
    next_round(session)
    assert [s.origin for s in session.states()] == ["create", "write", "write"]


def test_design_4_undo_interrupted_after_the_file_was_replaced_completes(session, monkeypatch):
    first = session.path.read_bytes()
    next_round(session)
    real_save = History.save

    def crash(self):  # the file holds the earlier state; the index still names the later one
        raise KeyboardInterrupt

    monkeypatch.setattr(History, "save", crash)
    with pytest.raises(KeyboardInterrupt):
        session.undo()
    monkeypatch.setattr(History, "save", real_save)
    assert session.path.read_bytes() == first
    with session.transaction():
        pass
    assert [s.origin for s in session.states()] == ["create", "write"]
    assert session.states()[0].current
    session.redo()
    assert session.read()["round"] == 1


def test_design_5_damaged_history_index_names_the_way_out(session):
    session.history.index_path.write_text("{ nope")
    with pytest.raises(StoreError, match="undo history is damaged") as caught:
        next_round(session)
    assert "delete the folder fight.history" in caught.value.hint


# ---------------------------------------------------------------- files around the session


def test_issue_12_a_linked_session_is_refused_and_its_target_untouched(tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    target = SessionFile(real / "fight.toml", validate)
    target.create(start_doc())
    before = (real / "fight.toml").read_bytes()
    link = tmp_path / "current.toml"
    link.symlink_to(real / "fight.toml")
    s = SessionFile(link, validate)
    with pytest.raises(UnsafePath, match="symbolic link"), s.transaction() as doc:
        doc["round"] = 3
    with pytest.raises(UnsafePath):
        s.undo()
    assert (real / "fight.toml").read_bytes() == before and link.is_symlink()
    assert not (tmp_path / "current.history").exists() and not (tmp_path / "current.journal.toml").exists()


def test_issue_12_session_and_snapshots_are_private_files(session):
    # they hold the dice secret and the hidden combatants
    session.path.chmod(0o644)
    next_round(session)
    session.undo()
    files = [session.path, *session.history.folder.iterdir()]
    assert {stat.S_IMODE(p.stat().st_mode) for p in files} == {0o600}


def test_design_4_a_transaction_replaces_the_temps_a_killed_one_left(session):
    for stale in (session.path.with_name(".fight.toml.tmp"), session.history.folder / f".{2:06d}.toml.tmp",
                  session.history.folder / ".index.json.tmp"):
        stale.write_text("half a save")
    next_round(session)
    assert not list(session.path.parent.rglob("*.tmp"))


def test_design_4_history_folder_lists_only_kept_snapshots(session):
    for _ in range(30):
        next_round(session)
    names = sorted(os.listdir(session.history.folder))
    assert names[-1] == "index.json" and len(names) == store_history.DEFAULT_KEEP + 2


def test_issue_12_committed_dice_drawn_without_a_logged_event_are_journaled_as_burned(session):
    with session.transaction() as doc:
        doc.use_dice("ab" * 32, 3)
    assert [(e["kind"], e["counters"]) for e in session.events()] == [("burned", [0, 3])]


# ---------------------------------------------------------------- what is written reads back
#
# The store does not read back every document it writes (that cost every save);
# these tests do: a document written through a transaction is on disk exactly,
# its snapshot is the file byte for byte, and undo walks back through every state.


@settings(max_examples=40, deadline=None)
@given(st.lists(documents, min_size=1, max_size=4))
def test_design_4_every_state_written_reads_back_exactly_and_undoes_in_order(drawn):
    import tempfile
    import tomllib

    from ttcli.store import session as store_session

    states = [{**state, "step!": i} for i, state in enumerate(drawn)]  # "!" is in no drawn key: each state differs

    with tempfile.TemporaryDirectory() as folder:
        s = SessionFile(os.path.join(folder, "fight.toml"))
        s.create({"format": FORMAT})
        for state in states:
            with s.transaction() as doc:
                doc.clear()
                doc.update(state)
            data = s.path.read_bytes()
            assert first_difference(state, tomllib.loads(data.decode("utf-8"))) is None
            current = next(st for st in s.states() if st.current)
            assert s.history.snapshot_path(current.id).read_bytes() == data
        store_session._WRITTEN.clear()  # the next read parses the file, not the cached document
        for state in reversed(states[:-1]):
            assert first_difference(state, s.undo()) is None
            assert first_difference(state, SessionFile(s.path).read()) is None


def test_design_4_a_transaction_writes_the_draft_not_a_stale_copy(session):
    import tomllib

    with session.transaction() as doc:
        doc["combatants"] = {"Викинг": {"hp": 7, "заметки": "ранен\nдважды"}}
        doc["round"] = 3
    written = tomllib.loads(session.path.read_text("utf-8"))
    assert written["combatants"] == {"Викинг": {"hp": 7, "заметки": "ранен\nдважды"}} and written["round"] == 3


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.text(max_size=5) | st.integers() | st.booleans() | st.dates(),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
                    max_leaves=30))
def test_design_4_a_draft_copy_equals_the_document_and_shares_no_table_or_array(value):
    """A transaction's draft is equal to the document, and no table or array of it is one of
    the document's: editing the draft cannot touch the document it came from."""
    from ttcli.store.session import Draft

    doc = {"x": value}
    copy_ = Draft(doc)
    assert copy_ == doc
    originals = {id(c) for c in _containers(doc)}
    assert not any(id(c) in originals for c in _containers(copy_))
