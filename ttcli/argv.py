"""Global options a master may type anywhere on the line (``--lang``, ``--bbcode-dialect``).

Click reads a group's options only before the subcommand; these are taken out of
the line first, wherever they stand (before ``--``), and handed to the root group.
"""

from __future__ import annotations


def take_option(args: list[str], option: str) -> tuple[str | None, list[str]]:
    """The value of ``option VALUE`` / ``option=VALUE`` (the last one typed), and the rest of the line."""
    rest: list[str] = []
    found = None
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            rest.extend(args[i:])
            break
        if arg == option and i + 1 < len(args):
            found = args[i + 1]
            i += 2
            continue
        if arg.startswith(option + "="):
            found = arg.partition("=")[2]
        else:
            rest.append(arg)
        i += 1
    return found, rest
