"""``ttcli session``: create, choose, inspect, check and remove sessions; committed dice."""

from __future__ import annotations

from typing import Annotated

import typer

from rules.dice import datatype, field
from rules.i18n import N_, _, ngettext

from ..errors import CliError
from ..exitcodes import ExitCode
from ..store import events
from .options import FormatOpt, JsonOpt, pick_format

app = typer.Typer(help="Create, choose, inspect and check sessions; commit to hidden dice.",
                  epilog="Examples:\n\n  ttcli session new Склеп --system подземелье\n\n"
                         "  ttcli session use crypt\n\n  ttcli session list",
                  no_args_is_help=True)

SYSTEM_HELP = N_("terra, dungeon, twilight or skirmish (or its Russian name: терра, подземелье ...).")


def system_words() -> dict[str, str]:
    """Every word a master may type for a system: its id and its names in both languages."""
    from rules.systems import known, system_rules

    words: dict[str, str] = {}
    for system in known():
        words[system] = system
        rules = system_rules(system)
        for name in (rules.name_ru, rules.name_en):
            if name:
                words[name] = system
    return words


def system_id(text: str) -> str:
    """The system ``text`` names: an id, or a unique start of a system's name (``подземелье``)."""
    from rules.core import NotFound, pick

    words = system_words()
    try:
        return words[pick("system", text, words)]
    except NotFound:
        raise CliError(_("unknown system {system!r}").format(system=text), ExitCode.USAGE,
                       _("one of: {systems}").format(systems=", ".join(dict.fromkeys(words.values())))) from None


def _complete_system(incomplete: str) -> list[str]:
    from ..session import fold
    from .completion import shell_values

    return shell_values(s for s in system_words() if fold(s).startswith(fold(incomplete)))


def complete_session(ctx: typer.Context, incomplete: str) -> list[str]:
    from ..session import fold, list_sessions
    from .completion import line_environment, shell_values

    env = line_environment(ctx)
    return shell_values(n for n in list_sessions(env.saves_dir) if fold(n).startswith(fold(incomplete)))


@datatype(frozen=True)
class Message:
    """A short confirmation: one or more lines, and the same in JSON."""

    text: tuple[str, ...]
    data: dict = field(default_factory=dict)
    kind: str = "message"

    def lines(self, s) -> list[str]:
        return [s.escape(t) for t in self.text]

    def to_json(self) -> dict:
        return {"message": list(self.text), **self.data}


def emit(ctx, result, fmt: str = "auto") -> None:
    from ..render import emit as render

    render(result, fmt, ctx.obj)


@app.command("new")
def new(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="Session name (Cyrillic welcome).")],
    system: Annotated[str, typer.Option("--system", help=SYSTEM_HELP, autocompletion=_complete_system)],
    use: Annotated[bool, typer.Option(
        "--use/--no-use", show_default=False,
        help="Make it the current session (the default; --no-use keeps the current one).")] = True,
) -> None:
    """Create a session file for SYSTEM and make it current.

    Examples:

      ttcli session new Склеп --system dungeon

      ttcli session new Склеп --system подземелье --no-use
    """
    from ..session import (
        HEADER,
        check_name,
        new_document,
        saves_folder,
        session_path,
        set_current,
        validate,
    )
    from ..store import SessionFile

    system = system_id(system)
    env = ctx.obj
    name = check_name(name)
    path = session_path(saves_folder(env, create=True), name)
    SessionFile(path, validate, header=HEADER).create(new_document(name, system))
    from ..statuswords import system_word

    lines = [_("created session {name} ({system}) in {path}").format(name=name, system=system_word(system), path=path)]
    if use:
        set_current(env, name)
        lines.append(_("current session: {name}").format(name=name))
    emit(ctx, Message(tuple(lines), {"name": name, "system": system, "path": str(path)}))


@app.command("list")
def list_(ctx: typer.Context, fmt: FormatOpt = "auto", as_json: JsonOpt = False) -> None:
    """List the sessions in the saves folder; * marks the current one.

    Examples:

      ttcli session list

      ttcli session list --json
    """
    from ..session import current_name, list_sessions, open_session, saves_folder
    from ..statuswords import system_word

    env = ctx.obj
    saves = saves_folder(env)  # a file where the folder should be is an error, not "no sessions"
    current = current_name(env)
    rows, data = [], []
    for name in list_sessions(saves):
        try:
            doc = open_session(env, name).read()
            count = len(doc.get("combatants", {}))
            info = ngettext("{system}, {count} combatant", "{system}, {count} combatants", count).format(
                system=system_word(str(doc.get("system", "?"))), count=count)
            ok = True
        except Exception as e:  # noqa: BLE001 - a broken file is listed, not fatal
            info, ok = _("BROKEN: {problem}").format(problem=e), False
        rows.append(f"{'*' if name == current else ' '} {name}  ({info})")
        data.append({"name": name, "current": name == current, "ok": ok, "info": info})
    if not rows:
        rows = [_("no sessions in {folder} (create one: ttcli session new NAME --system dungeon)").format(
            folder=env.saves_dir)]
    emit(ctx, Message(tuple(rows), {"sessions": data}, "sessions"), pick_format(fmt, as_json))


@app.command("use")
def use(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="Session to make current.", autocompletion=complete_session)],
) -> None:
    """Make NAME the current session for commands without --session.

    Examples:

      ttcli session use crypt
    """
    from ..session import open_session, set_current

    env = ctx.obj
    open_session(env, name).read()
    set_current(env, name)
    emit(ctx, Message((_("current session: {name}").format(name=name),), {"name": name}))


@app.command("show")
def show(
    ctx: typer.Context,
    name: Annotated[str | None, typer.Argument(help="Session (default: current).",
                                                  autocompletion=complete_session)] = None,
    fmt: FormatOpt = "auto",
    as_json: JsonOpt = False,
) -> None:
    """Show a session: system, settings, roster, fight and commitment.

    Examples:

      ttcli session show

      ttcli session show crypt --format markdown
    """
    from ..roster import session_summary
    from ..session import open_session

    doc = open_session(ctx.obj, name).read()
    emit(ctx, session_summary(doc), pick_format(fmt, as_json))


@app.command("check")
def check(
    ctx: typer.Context,
    name: Annotated[str | None, typer.Argument(help="Session (default: current).",
                                                  autocompletion=complete_session)] = None,
) -> None:
    """Validate a session file without changing it (exit 4 if it is broken).

    Examples:

      ttcli session check crypt
    """
    from ..session import open_session
    from ..store import FORMAT, StoreError, is_read_only

    session = open_session(ctx.obj, name)
    try:
        doc = session.read()
        if is_read_only(doc):
            raise StoreError(session.path, _("format {found} is newer than this ttcli knows (format {known})").format(
                found=doc.get("format"), known=FORMAT), field="format",
                hint=_("upgrade ttcli to change this session; it can still be shown"))
    except StoreError as e:
        from ..render import error

        for problem in e.errors:
            error(ctx.obj, str(problem))
        raise typer.Exit(ExitCode.BAD_DATA) from None
    emit(ctx, Message((_("{path}: ok").format(path=session.path),), {"path": str(session.path), "ok": True}))


@app.command("rm")
def rm(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="Session to delete.", autocompletion=complete_session)],
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask.")] = False,
) -> None:
    """Delete a session with its journal and undo history (asks first).

    Examples:

      ttcli session rm crypt

      ttcli session rm crypt --yes
    """
    from ..session import current_name, open_session, set_current

    env = ctx.obj
    session = open_session(env, name)
    if not yes:
        confirmed = env.ask(_("Delete session {name} with its journal and history?").format(name=name))
        if confirmed is None:  # no terminal to answer on
            raise CliError(_("nothing deleted: no confirmation"), ExitCode.USAGE, _("add --yes")) from None
        if not confirmed:
            emit(ctx, Message((_("nothing deleted"),)))
            return
    session.remove()  # under the session's lock: a command changing it finishes first
    if current_name(env) == name and env.session is None:
        set_current(env, None)
    emit(ctx, Message((_("deleted session {name}").format(name=name),), {"name": name}))


@app.command("commit")
def commit(
    ctx: typer.Context,
    secret: Annotated[str | None, typer.Option(
        help="Use this secret (64 hex digits) instead of a fresh one: to replay a fight "
             "exactly. A secret already revealed in a journal of the saves folder is refused.")] = None,
    force: Annotated[bool, typer.Option(
        "--force", help="Accept a --secret that was already revealed (its dice are known to everyone).")] = False,
) -> None:
    """Start committed dice: print a hash to post before the fight; reveal the secret after.

    Examples:

      ttcli session commit

      ttcli session commit --secret 4f1c9a0b7d3e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e9
    """
    import re
    import secrets

    from rules.dice import commitment

    from ..session import open_session

    session = open_session(ctx.obj)
    with session.transaction() as doc:
        old = doc.get("commit")
        if old is not None and not old.get("revealed"):
            raise CliError(_("this session already has an unrevealed commitment"), ExitCode.RULES,
                           _("its hash is {commitment}; reveal it first: ttcli session reveal").format(
                               commitment=old["commitment"]))
        if secret is None:
            secret = secrets.token_hex(32)
        elif not re.fullmatch(r"[0-9a-f]{64}", secret.strip().lower()):
            raise CliError(_("--secret must be 64 hexadecimal digits"), ExitCode.USAGE)
        secret = secret.strip().lower()
        if not force:
            _refuse_revealed(session, secret, old)
        digest = commitment(bytes.fromhex(secret))
        doc["commit"] = {"commitment": digest, "secret": secret, "counter": 0, "revealed": False}
        doc.log(events.committed(digest))
    emit(ctx, Message((
        _("commitment (SHA-256): {digest}").format(digest=digest),
        _("post it before the fight; every roll of this session now comes from the hidden secret"),
        _("after the fight: ttcli session reveal"),
    ), {"commitment": digest}))


def _refuse_revealed(session, secret: str, old) -> None:
    """Refuse (exit 5) a secret revealed before: in this session's file, or in the reveal event
    of any journal of the saves folder.  Its dice are public: every roll would be known ahead."""
    import os

    where = None
    if isinstance(old, dict) and old.get("secret") == secret and old.get("revealed"):
        where = session.path
    else:
        needle = f'secret = "{secret}"'.encode("ascii")
        folder = session.path.parent
        for entry in sorted(os.scandir(folder), key=lambda e: e.name):
            if entry.name.endswith(".journal.toml") and entry.is_file(follow_symlinks=False):
                try:
                    with open(entry.path, "rb") as journal:
                        found = needle in journal.read()
                except OSError:
                    continue
                if found:
                    where = entry.path
                    break
    if where is not None:
        raise CliError(_("this secret was already revealed ({file}): players know every die it gives").format(
            file=where), ExitCode.RULES, _("leave out --secret for a fresh one, or add --force to replay a fight"))


@app.command("reveal")
def reveal(ctx: typer.Context) -> None:
    """End committed dice and print the secret, so players can verify every roll.

    Examples:

      ttcli session reveal
    """
    from ..session import open_session

    session = open_session(ctx.obj)
    with session.transaction() as doc:
        c = doc.get("commit")
        if c is None:
            raise CliError(_("this session has no commitment"), ExitCode.RULES,
                           _("start one: ttcli session commit"))
        from ..store import dice_counter

        # undo rewinds the file's counter, never the dice sidecar's
        used = max(c["counter"], dice_counter(session.path, c["commitment"]))
        c = {**c, "counter": used}
        doc["commit"] = {**c, "revealed": True}
        doc.log(events.revealed(c["commitment"], c["secret"], used))
    emit(ctx, Message((
        _("secret: {secret}").format(secret=c["secret"]),
        _("commitment: {digest}").format(digest=c["commitment"]),
        _("players verify with: ttcli verify JOURNAL --secret {secret}").format(secret=c["secret"]),
    ), {"secret": c["secret"], "commitment": c["commitment"], "counter": c["counter"]}))
