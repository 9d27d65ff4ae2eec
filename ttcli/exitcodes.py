"""Exit codes: part of the interface scripts rely on (documented in the README)."""

from enum import IntEnum


class ExitCode(IntEnum):
    OK = 0
    #: a roll that tests something (a percentage, a check, a save) failed
    FAILED = 1
    #: bad command line: unknown option, missing argument (Typer's own code)
    USAGE = 2
    #: a dice expression that cannot be rolled: syntax, limits, division by zero
    BAD_EXPRESSION = 3
    #: a session file that is broken or invalid; the file is left untouched
    BAD_DATA = 4
    #: the rules do not allow it (out of turn, no actions left, attacking the dead)
    RULES = 5
    #: no such session, combatant or stat
    NOT_FOUND = 6
    #: verify: every die checked matches, but committed dice were burned (drawn and never
    #: shown): each is listed with the command that drew it, so players can ask the master
    BURNED = 7
    #: a bug in ttcli: please report it
    INTERNAL = 70
    INTERRUPTED = 130
