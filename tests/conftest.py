import pytest
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
def crypt(tmp_path, runner):
    """The example dungeon session, copied: four heroes with some kit, goblins, a shaman, an ogre."""
    import shutil
    from pathlib import Path

    from ttcli.app import app

    saves = tmp_path / "saves"
    saves.mkdir()
    shutil.copy(Path(__file__).resolve().parent.parent / "saves" / "crypt.toml", saves / "crypt.toml")

    def run(*args):
        return runner.invoke(app, ["--saves", str(saves), "--session", "crypt", *args])

    run.path = saves / "crypt.toml"
    return run
