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


# ------------------------------------------------------------------ what the shells are offered
#
# Typer-style callbacks, ``(ctx, incomplete) -> words``: each reads the session the
# line names (its --saves and --session, else the current one) and matches the
# typed start like a name (any case, ё = е).  The combat prompt offers the same
# words through the pure functions they are built on.


def cyrillic(text: str) -> bool:
    """Whether ``text`` holds a Russian letter (the master is typing Russian)."""
    return any("а" <= ch <= "я" or ch == "ё" for ch in text.casefold())


def matching(words, incomplete: str) -> list[str]:
    """The words that start with ``incomplete``, any case (ё = е), each once, in order."""
    from ..session import fold

    wanted = fold(incomplete)
    return [w for w in dict.fromkeys(words) if fold(w).startswith(wanted)]


def line_environment(ctx):
    """The environment a command line being completed names: the root's object when the
    prompt runs it, with the --saves and --session typed on the line (Click has read
    them, and runs no callback while it completes)."""
    from ..env import Environment

    root = ctx.find_root() if ctx is not None else None
    base = root.obj if root is not None and isinstance(root.obj, Environment) else Environment()
    env = Environment(stdout=base.stdout, stderr=base.stderr, stdin=base.stdin, environ=base.environ,
                      saves=base.saves, session=base.session)
    params = root.params if root is not None else {}
    if params.get("saves") is not None:
        env.saves = params["saves"]
    if params.get("session") is not None:
        env.session = params["session"]
    return env


def line_document(ctx) -> dict | None:
    """The session document the line acts on, or None (completion never fails loudly)."""
    from ..session import current_name, open_session

    env = line_environment(ctx)
    try:
        return open_session(env).read() if env.session is not None or current_name(env) is not None else None
    except Exception:  # noqa: BLE001 - a broken or missing file offers nothing
        return None


def document_language(doc: dict | None) -> str:
    """The language the session's words are offered in: its setting, else the reader's."""
    settings = (doc or {}).get("settings")
    language = settings.get("language") if isinstance(settings, dict) else None
    if isinstance(language, str) and language:
        return language.split("_")[0].lower()
    from ..i18n import language as reader_language

    return reader_language()


def stat_words_of(system: str, language: str, incomplete: str = "", *, skills: bool = True,
                  every_field: bool = False) -> list[str]:
    """Stat words of ``system``'s sheet (and its skills) that start with ``incomplete``.

    Offered in ``language`` until the master types a letter of the other alphabet:
    ``ат`` -> ``атлетика``, ``ath`` -> ``athletics``.  ``every_field`` adds the
    derived values and resources (what ``char set`` takes).
    """
    from rules.systems import get_sheet, system_rules

    russian = cyrillic(incomplete) if incomplete else language == "ru"
    sheet = get_sheet(system)
    fields = [*sheet.stats, *((*sheet.derived, *sheet.resources) if every_field else ())]
    # every spelling once the master has typed a letter; the main one of each at first
    spellings = (lambda words: words) if incomplete else (lambda words: words[:1])
    words = [w for f in fields for w in spellings((*f.ru,) if russian else (f.key, *f.en)) if w]
    if skills:
        words += [ru if russian else key for key, ru, _en in system_rules(system).skill_words]
    return matching(words, incomplete)


def effect_words_of(system: str, language: str, incomplete: str = "") -> list[str]:
    """The system's effect presets that start with ``incomplete``, in the session's language
    until the master types the other alphabet."""
    from rules.systems import system_rules

    presets = list(system_rules(system).effect_presets)
    russian = cyrillic(incomplete) if incomplete else language == "ru"
    return matching([p for p in presets if cyrillic(p) == russian] or presets, incomplete)


def verb_words_of(system: str | None, incomplete: str = "", noun: str = "") -> list[str]:
    """The verbs (Russian aliases once a Russian letter is typed) of ``system`` (every system's
    when the session is unknown) filed under ``noun``."""
    russian = cyrillic(incomplete)
    words = []
    for action in _actions(noun, (system,) if system else None):
        words.append(action.verb)
        if russian:
            words += [a for a in action.aliases if cyrillic(a)]
    return matching(words, incomplete)


def _actions(noun: str, systems: tuple[str, ...] | None = None) -> list:
    """The actions filed under ``noun`` of ``systems`` (every system's by default), read from
    their catalogues (as ``actions.declarations`` reads them)."""
    from rules.systems import known, system_card

    return [action for system in (known() if systems is None else systems)
            for action in system_card(system).actions.actions if action.noun == noun]


def command_words(group, path: tuple[str, ...], system: str | None, incomplete: str) -> list[str]:
    """What may follow ``ttcli PATH`` as its command: the group's own commands, the session's
    system's verbs, and the Russian words of both once a Russian letter is typed."""
    from ..argv import COMMAND_WORDS, SUBCOMMAND_WORDS

    russian = cyrillic(incomplete)
    noun = path[-1] if path else ""
    every_verb = {action.verb for action in _actions(noun)}
    own = [c for c in group.list_commands(None) if c not in every_verb
           and not getattr(group.commands.get(c) if c in getattr(group, "commands", {}) else None, "hidden", False)]
    words = [*own, *verb_words_of(system, incomplete, noun)]
    if russian:
        words += list(COMMAND_WORDS) if not path else list(SUBCOMMAND_WORDS.get(noun, {}))
    return matching(words, incomplete)


def session_system(ctx) -> str | None:
    """The system of the session the line acts on (its file's head only)."""
    from ..session import peek_system

    return peek_system(line_environment(ctx))


def complete_stat_word(ctx, incomplete: str) -> list[str]:
    """A check's stat or skill in the session's system and language (``ат`` -> ``атлетика``)."""
    doc = line_document(ctx)
    if not doc or "system" not in doc:
        return []
    return shell_values(stat_words_of(doc["system"], document_language(doc), incomplete))


def complete_assignment(ctx, incomplete: str) -> list[str]:
    """``stat=`` words for ``char add|set`` in the session's system and language."""
    doc = line_document(ctx)
    if not doc or "system" not in doc:
        return []
    head, eq, _value = incomplete.partition("=")
    if eq:
        return []
    words = stat_words_of(doc["system"], document_language(doc), head, skills=False, every_field=True)
    return [w + "=" for w in words if " " not in w]


def complete_effect(ctx, incomplete: str) -> list[str]:
    """The session's system's effect presets."""
    doc = line_document(ctx)
    if not doc or "system" not in doc:
        return []
    return shell_values(effect_words_of(doc["system"], document_language(doc), incomplete))


#: the words the app's fixed option values are offered as (every spelling is accepted)
SIDE_WORDS = ("party", "enemy", "отряд", "враг")
LANG_WORDS = ("en", "ru")


def complete_side(incomplete: str) -> list[str]:
    russian = cyrillic(incomplete)
    return matching([w for w in SIDE_WORDS if cyrillic(w) == russian] if incomplete else SIDE_WORDS[:2],
                    incomplete)


def complete_lang(incomplete: str) -> list[str]:
    return matching(LANG_WORDS, incomplete)


def complete_dialect(incomplete: str) -> list[str]:
    from ..choices import DIALECTS

    words = [*DIALECTS.spellings, *(w for ws in DIALECTS.spellings.values() for w in ws)]
    russian = cyrillic(incomplete)
    return matching([w for w in words if cyrillic(w) == russian] if incomplete else list(DIALECTS.spellings),
                    incomplete)


def choice_words(words, incomplete: str) -> list[str]:
    """A declared choice's words (``--ambush``): English ones, Russian once a Russian letter is typed."""
    russian = cyrillic(incomplete)
    return matching([w for w in words if cyrillic(w) == russian], incomplete)


# ------------------------------------------------------------------ one engine for every shell


def completion_items(ctx, obj, incomplete: str) -> list:
    """Click's completion items for the word being typed, matched like names in every shell.

    A group's commands come from :func:`command_words` (Click's own are matched by a
    case-sensitive prefix, and list every system's verbs); a parameter completes
    through its callback, which ``options.name_arguments`` matches like names.
    """
    from .._compat import completion_item

    if hasattr(obj, "list_commands") and not incomplete.startswith("-"):
        path = tuple(c.info_name for c in _contexts(ctx)[1:] if c.info_name)
        words = command_words(obj, path, session_system(ctx), incomplete)
        return [completion_item(w) for w in shell_values(words)]
    return obj.shell_complete(ctx, incomplete)


def _contexts(ctx) -> list:
    chain = []
    while ctx is not None:
        chain.append(ctx)
        ctx = ctx.parent
    return chain[::-1]


def install() -> None:
    """Register the app's completion classes: Typer's, with :func:`completion_items` asked."""
    from typer.completion import completion_init

    from .._compat import add_completion_class, completion_class, resolve_for_completion

    completion_init()
    for shell in SHELLS:
        base = completion_class(shell)
        if base is None or getattr(base, "ttcli", False):
            continue

        def get_completions(self, args, incomplete):
            from ..argv import GLOBALS, read_line

            if args and GLOBALS.get(args[-1], ("", False, False))[1:] == (True, True):
                args = args[-1:]  # the value of --lang, --bbcode-dialect typed anywhere: the root's
            args = read_line(args).for_click()  # the Russian command words read as the shell reads them
            ctx, obj, incomplete = resolve_for_completion(self.cli, self.ctx_args, self.prog_name, args, incomplete)
            return completion_items(ctx, obj, incomplete)

        members = {"ttcli": True, "get_completions": get_completions}
        if shell == "zsh":
            members["complete"] = _zsh_complete
        add_completion_class(type(base.__name__, (base,), members), shell)


def _zsh_complete(self) -> str:
    """What the zsh script evaluates: the offers added as they are (``compadd -U``).

    Typer's ``_arguments`` lets zsh keep only the offers that start with the typed
    word, case and all, so ``вик`` never became ``Викинг``; ttcli has matched them
    already, like names.  A word of a shell's special characters is quoted for zsh.
    """
    import shlex

    args, incomplete = self.get_completion_args()
    values = [item.value for item in self.get_completions(args, incomplete)]
    if not values:
        return "_files"
    return "compadd -U -- " + " ".join(shlex.quote(v) for v in values)
