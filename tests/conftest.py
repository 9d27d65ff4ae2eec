import pytest
from support.paths import ROOT_DIR
from typer.testing import CliRunner


@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture
def cli(runner, tmp_path, monkeypatch):
    """Invoke ttcli in-process with the saves folder in tmp_path."""
    from ttcli.app import app

    monkeypatch.delenv("TTCLI_SAVES", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)

    def invoke(*args, input=None):
        return runner.invoke(app, ["--saves", str(tmp_path / "saves"), *args], input=input)

    return invoke


@pytest.fixture
def saves(tmp_path):
    """A saves folder holding a copy of the example dungeon session, and no current session
    chosen (a test module with other needs defines its own)."""
    import shutil

    folder = tmp_path / "saves"
    folder.mkdir()
    shutil.copy(ROOT_DIR / "saves" / "crypt.toml", folder / "crypt.toml")
    return folder


@pytest.fixture
def crypt(tmp_path, runner):
    """The example dungeon session, copied: four heroes with some kit, goblins, a shaman, an ogre."""
    import shutil

    from ttcli.app import app

    saves = tmp_path / "saves"
    saves.mkdir()
    shutil.copy(ROOT_DIR / "saves" / "crypt.toml", saves / "crypt.toml")

    def run(*args):
        return runner.invoke(app, ["--saves", str(saves), "--session", "crypt", *args])

    run.path = saves / "crypt.toml"
    return run


@pytest.fixture(autouse=True)
def english(monkeypatch):
    """Tests read English unless they ask for a language: the machine's locale, the bundled
    sessions' Russian and a translator left installed by an earlier test must not change
    what they see. A test of another language sets TTCLI_LANG (or deletes it to test the
    session's setting or the locale)."""
    from rules import i18n

    for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.setenv("TTCLI_LANG", "en")
    i18n.install(i18n.ENGLISH)
    yield
    i18n.install(i18n.ENGLISH)


@pytest.fixture
def is_locked():
    """Whether a session's lock is held, by this process or another."""
    from ttcli.store import StoreError
    from ttcli.store.files import locked

    def held(path) -> bool:
        try:
            with locked(path, wait=False):
                return False
        except (StoreError, RuntimeError):  # another process holds it; this one does
            return True

    return held


def _plain(value):
    """``value`` as TOML reads it back (tuples are arrays), each value with its type:
    stricter than ``==``, for which 1, 1.0 and True are one value."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return type(value).__name__, repr(value) if type(value) is float else value


@pytest.fixture(autouse=True)
def every_written_document_is_checked(monkeypatch):
    """The store trusts its callers and writes without checking (docs/design-notes.md,
    "Verification of what is written"): here, in every test, each session document a
    command writes must pass the session's validation and read back as it was, and each
    journal event must read back exactly."""
    import tomllib

    from ttcli.store import journal, session
    from ttcli.store.toml import parse_document

    dump, render = session.SessionFile._dump, journal.render_event

    def checked_dump(self, doc):
        data = dump(self, doc)  # first: what the store itself refuses is refused as it is without the tests
        self._check(doc, None)
        assert _plain(parse_document(data)) == _plain(dict(doc)), "a written session reads back changed"
        return data

    def checked_render(event):
        chunk = render(event)
        assert _plain(tomllib.loads(chunk)["event"]) == [_plain(event)], "a journal event reads back changed"
        return chunk

    monkeypatch.setattr(session.SessionFile, "_dump", checked_dump)
    monkeypatch.setattr(journal, "render_event", checked_render)
