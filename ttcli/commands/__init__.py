"""The app's commands, one module per noun or verb group.

This table is read without Typer (the fast paths consult it to tell a built-in
command from a system's verb), so it lives apart from the app.
"""

#: the app's commands, in the order help lists them (commands before groups, as
#: Typer orders them): name -> (module in ttcli.commands, the command function or
#: sub-app in it).  A module is imported, and its Typer declarations turned into
#: Click commands, only when its command is run or help lists it: a one-shot
#: `fight status` pays for the fight commands alone.
COMMANDS: dict[str, tuple[str, str]] = {
    "roll": ("roll", "roll_command"),
    "odds": ("odds", "odds_command"),
    "repl": ("fight", "repl_command"),
    "log": ("history", "log_command"),
    "undo": ("history", "undo_command"),
    "redo": ("history", "redo_command"),
    "verify": ("history", "verify_command"),
    "completion": ("completion", "completion_command"),
    "day": ("day", "day_command"),
    "session": ("session_cmd", "app"),
    "char": ("char", "app"),
    "fight": ("fight", "app"),
    "effect": ("fight", "effect_app"),
}
