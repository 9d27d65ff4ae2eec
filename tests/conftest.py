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
