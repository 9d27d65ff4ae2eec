"""``ttcli completion SHELL``: the shell completion script, generated from the app."""

from __future__ import annotations

from typing import Annotated

import typer

SHELLS = ("bash", "zsh", "fish")


def completion_script(shell: str) -> str:
    from typer._click.shell_completion import get_completion_class
    from typer.completion import completion_init
    from typer.main import get_command

    from ..app import app

    completion_init()
    cls = get_completion_class(shell)
    if cls is None:
        raise typer.BadParameter(f"unknown shell {shell!r}; one of: {', '.join(SHELLS)}")
    return cls(get_command(app), {}, "ttcli", "_TTCLI_COMPLETE").source()


def completion_command(
    shell: Annotated[str, typer.Argument(help="bash, zsh or fish.",
                                         autocompletion=lambda incomplete: [
                                             s for s in SHELLS if s.startswith(incomplete)])],
) -> None:
    """Print the completion script for SHELL (see the README for where to put it)."""
    typer.echo(completion_script(shell), nl=False)


#: file names the shells look for, in the checked-in completions/ folder
FILES = {"bash": "ttcli.bash", "zsh": "_ttcli", "fish": "ttcli.fish"}


def write_all(folder) -> None:
    """Regenerate every checked-in completion script (``python -m ttcli.commands.completion``)."""
    from pathlib import Path

    for shell, name in FILES.items():
        (Path(folder) / name).write_text(completion_script(shell), encoding="utf-8")


if __name__ == "__main__":
    write_all("completions")
