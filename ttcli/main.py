"""Console entry point (``ttcli``) and ``python -m ttcli``."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    import gc

    # A one-shot command makes a few thousand objects while it imports and exits at once:
    # collecting cycles on the way only costs time (about a tenth of a journaled roll).
    # The full app turns collection back on (the prompt is a long-lived process).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _main(argv, collecting)
    finally:
        if collecting:
            gc.enable()


def _main(argv: list[str] | None, collecting: bool) -> int:
    import gc
    import os

    from .i18n import normalize, setup, take_lang_flag

    # --lang works anywhere on the line; the root group reads it first
    lang, args = take_lang_flag(list(sys.argv[1:] if argv is None else argv))
    setup(None if lang is not None and normalize(lang) is None else lang)
    if lang is not None and normalize(lang) is None:
        from rules.i18n import _

        sys.stderr.write(_("ttcli: error: invalid value for --lang: unknown language {language!r}; one of: en, ru "
                           "(see 'ttcli --help')").format(language=lang) + "\n")
        return 2
    if args[:1] == ["roll"] and not os.environ.get("TTCLI_NO_FASTPATH"):
        from .fastroll import run

        # --no-color is global, so it may come anywhere; the fast path honours it too
        head = args[1:args.index("--")] if "--" in args else args[1:]
        code = run([a for a in head if a != "--no-color"] + args[1 + len(head):], no_color="--no-color" in head)
        if code is not None:
            return code
    argv = args if lang is None else ["--lang", lang, *args]
    from .argv import take_option

    # --bbcode-dialect too works anywhere on the line: the root group reads it
    dialect, argv = take_option(argv, "--bbcode-dialect")
    if dialect is not None:
        argv = ["--bbcode-dialect", dialect, *argv]

    if args[:1] != ["roll"] and "_TTCLI_COMPLETE" not in os.environ and not os.environ.get("TTCLI_NO_FASTPATH"):
        from .fastfight import run as run_fight

        code = run_fight(args)
        if code is not None:
            return code

    if collecting:
        gc.enable()
    from .app import app

    if "_TTCLI_COMPLETE" in os.environ:
        # Typer registers its shell classes only when it adds its own
        # --install-completion option, which ttcli replaces with `ttcli completion`.
        from typer.completion import completion_init

        completion_init()
    try:
        app(args=argv, prog_name="ttcli", standalone_mode=True)
    except SystemExit as e:
        return int(e.code or 0) if not isinstance(e.code, str) else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
