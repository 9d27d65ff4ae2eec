"""``ttcli completion SHELL``: the shell completion script, generated from the app."""

from __future__ import annotations

from typing import Annotated

import typer

SHELLS = ("bash", "zsh", "fish")


def completion_script(shell: str, command) -> str:
    """The completion script of ``shell`` for the Click command tree ``command``
    (the app's; passed in, so that this module never imports the app that lists it)."""
    from typer.completion import completion_init

    from .._compat import completion_class

    completion_init()
    cls = completion_class(shell)
    if cls is None:
        from rules.i18n import _

        raise typer.BadParameter(_("unknown shell {shell!r}; one of: {shells}").format(
            shell=shell, shells=", ".join(SHELLS)), param_hint="SHELL")
    # zsh reads a completion function's first line for its #compdef tag: nothing may come before it
    return cls(command, {}, "ttcli", "_TTCLI_COMPLETE").source().lstrip("\n")


#: characters bash would split or expand in a completed word
_SHELL_SPECIAL = set(" \t'\"\\$`!&;|<>()*?[]#~{}")


def shell_values(values) -> list[str]:
    """Completion values as the asking shell inserts them.

    bash puts a completion on the line as it is, so a name with a space
    (``Гоблин 1``) comes quoted; zsh and fish quote what they insert themselves.
    """
    import os
    import shlex

    values = list(values)
    if "bash" not in os.environ.get("_TTCLI_COMPLETE", ""):
        return values
    return [shlex.quote(v) if any(c in _SHELL_SPECIAL for c in v) else v for v in values]


def completion_command(
    ctx: typer.Context,
    shell: Annotated[str, typer.Argument(help="bash, zsh or fish.",
                                         autocompletion=lambda incomplete: [
                                             s for s in SHELLS if s.startswith(incomplete)])],
) -> None:
    """Print the completion script for SHELL (see the README for where to put it).

    Examples:

      ttcli completion bash > ~/.local/share/bash-completion/completions/ttcli

      ttcli completion fish > ~/.config/fish/completions/ttcli.fish
    """
    typer.echo(completion_script(shell, ctx.find_root().command), nl=False)


#: file names the shells look for, in the checked-in completions/ folder
#: (regenerated with ``ttcli completion SHELL > completions/FILE``; a test keeps them current)
FILES = {"bash": "ttcli.bash", "zsh": "_ttcli", "fish": "ttcli.fish"}
