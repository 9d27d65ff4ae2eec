"""The global options of a command line, read in one pass for every front end.

The shell (``main``), the fast paths and the combat prompt (``app.run_words``) all
read a line through :func:`read_line`.  Click reads a group's options only before
the subcommand; a master types ``--lang``, ``--bbcode-dialect`` and ``--no-color``
anywhere (``ttcli roll 1d6 --no-color``), so those are taken out of the line
wherever they stand before ``--`` and handed to the root group.  ``--saves`` and
``--session`` (``-s``) stand before the command, as Click reads them.

A test checks :data:`GLOBALS` against the root group's own options, so an option
cannot exist in one and not the other.

The Russian words of the app's own commands (:data:`COMMAND_WORDS`,
:data:`SUBCOMMAND_WORDS`) are read here too, so ``ttcli статус`` in the shell and
``статус`` at the combat prompt are one command; a system's verbs bring their own
Russian aliases (its catalogue), and a test holds the two lists apart.
"""

from __future__ import annotations

from rules.i18n import _

#: spelling -> (parameter name, takes a value, may stand anywhere on the line)
GLOBALS: dict[str, tuple[str, bool, bool]] = {
    "--no-color": ("no_color", False, True),
    "--lang": ("lang", True, True),
    "--bbcode-dialect": ("bbcode_dialect", True, True),
    "--saves": ("saves", True, False),
    "--session": ("session", True, False),
    "-s": ("session", True, False),
}


#: Russian words for the app's commands, the first word of a line: word -> the command's words.
#: A word here never names a system's verb too (a test walks every system's aliases).
COMMAND_WORDS: dict[str, tuple[str, ...]] = {
    "начать": ("fight", "start"), "старт": ("fight", "start"),
    "статус": ("fight", "status"), "состояние": ("fight", "status"),
    "ход": ("fight", "next"), "дальше": ("fight", "next"),
    "конец": ("fight", "end"),
    "отмена": ("undo",), "отменить": ("undo",), "повтор": ("redo",), "вернуть": ("redo",),
    "эффект": ("effect",), "бросок": ("roll",), "шансы": ("odds",), "журнал": ("log",),
    "персонаж": ("char",), "сессия": ("session",), "бой": ("fight",),
    "сверить": ("verify",),
    "день": ("day",), "полночь": ("day",), "сутки": ("day",),
    "симуляция": ("fight", "simulate"), "симулировать": ("fight", "simulate"),
}
#: Russian words for the subcommands of the app's groups: group -> word -> subcommand
SUBCOMMAND_WORDS: dict[str, dict[str, str]] = {
    "effect": {"добавить": "add", "наложить": "add", "снять": "rm", "убрать": "rm", "удалить": "rm"},
    "fight": {"начать": "start", "старт": "start", "статус": "status", "состояние": "status",
              "ход": "next", "дальше": "next", "конец": "end", "вступить": "join",
              "симуляция": "simulate", "симулировать": "simulate"},
    "char": {"добавить": "add", "изменить": "set", "показать": "show", "список": "list", "убрать": "rm",
             "удалить": "rm", "дать": "give", "забрать": "take", "формы": "forms", "склонение": "forms"},
    "session": {"новая": "new", "список": "list", "выбрать": "use", "показать": "show", "проверить": "check",
                "удалить": "rm", "зафиксировать": "commit", "раскрыть": "reveal"},
}


def fold_word(word: str) -> str:
    """A command word as the tables above hold it: any case, ``ё`` read as ``е``."""
    return word if word.isascii() else word.casefold().replace("ё", "е")


def english_command(words: list[str]) -> list[str]:
    """``words`` (a command and its own words) with a Russian command word, and a Russian
    subcommand word after a group, replaced by the app's; anything else as typed."""
    if not words or words[0].isascii():
        head = list(words)
    else:
        head = [*COMMAND_WORDS.get(fold_word(words[0]), words[:1]), *words[1:]]
    if len(head) > 1 and head[0] in SUBCOMMAND_WORDS and not head[1].isascii():
        sub = SUBCOMMAND_WORDS[head[0]].get(fold_word(head[1]))
        if sub is not None:
            head[1] = sub
    return head


#: digits of the longest whole number a command line may hold: 2^63, a session file's limit, has 19;
#: a longer one is refused by its length before Python reads it (Python will not read 4,300 digits)
MAX_DIGITS = 20
#: characters of a typed word an error message repeats
SHOWN = 40


def shown(text: str) -> str:
    """A typed word as an error message repeats it: control and bidi characters spelled as
    escapes, and cut to :data:`SHOWN` characters with its length said."""
    if not text.isprintable():
        text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return text if len(text) <= SHOWN else f"{text[:SHOWN]}... ({len(text)})"


def unprintable(words) -> str | None:
    """The first word holding a control or bidi character (a terminal escape, a right-to-left
    override), or None: no name, label, note or expression a master types needs one, and
    every one of them is printed back to a terminal sooner or later."""
    return next((word for word in words if not word.isprintable()), None)


def unprintable_word(word: str) -> str:
    """The error of a typed word :func:`unprintable` found."""
    return _("the argument {word} holds a control or bidi character (a terminal escape, a right-to-left "
             "mark): type it again without it").format(word=shown(word))


def whole_number(text: str) -> int | None:
    """``text`` as a whole number (ASCII digits, one sign allowed, at most :data:`MAX_DIGITS`
    digits), else None: read with a length limit, so thousands of digits cost nothing."""
    digits = text[1:] if text[:1] in "+-" else text
    if not (0 < len(digits) <= MAX_DIGITS and digits.isascii() and digits.isdigit()):
        return None
    return int(text)


# --- a command's own options, as the fast paths read them ----------------------------------

#: the output formats of every command that prints a result (``--format``)
FORMATS = ("auto", "rich", "plain", "json", "bbcode", "markdown")


class Spec:
    """What one command takes: positional arguments in order, and options by spelling."""

    __slots__ = ("positionals", "options", "defaults")

    def __init__(self, positionals: list[tuple[str, str, bool]], options: tuple) -> None:
        #: (name, kind, required); kind "words" takes the rest of the line
        self.positionals = positionals
        self.options: dict[str, tuple[str, str]] = {}
        self.defaults: dict[str, object] = {}
        for spellings, name, kind in options:
            for spelling in spellings:
                self.options[spelling] = (name, kind)
            self.defaults[name] = False if kind == "flag" else ("auto" if name == "fmt" else None)


def parse_command(spec: Spec, args: list[str]) -> tuple[dict, list[str]] | None:
    """(every parameter's value, the options typed), as Click would give them; None when unsure:
    the one reader of a command's own options for both fast paths (``roll`` and the fight verbs)."""
    values: dict = dict(spec.defaults)
    typed: list[str] = []
    loose: list[str] = []
    i = 0
    only_args = False
    while i < len(args):
        arg = args[i]
        if only_args or not arg.startswith("-") or arg == "-":
            loose.append(arg)
        elif arg == "--":
            only_args = True
        else:
            spelling, eq, value = arg.partition("=")
            if spelling not in spec.options or (eq and not spelling.startswith("--")):
                return None  # an unknown option, or Click's reading of -n=3 as "=3"
            name, kind = spec.options[spelling]
            if kind == "flag":
                if eq:
                    return None
                values[name] = True
            else:
                if not eq:
                    i += 1
                    if i >= len(args):
                        return None
                    value = args[i]
                values[name] = _typed(kind, value)
                if values[name] is None:
                    return None
            if name not in typed:
                typed.append(name)
        i += 1
    for name, kind, required in spec.positionals:
        if kind == "words":
            values[name], loose = tuple(loose), []
        elif loose:
            values[name] = _typed(kind, loose.pop(0))
            if values[name] is None:
                return None
        elif required:
            return None
        else:
            values[name] = None
    if loose or values.get("fmt", "auto") not in FORMATS:
        return None
    return values, typed


def _typed(kind: str, text: str):
    """A value as its kind reads it; None for a number the full app words an error for."""
    if kind in ("int", "count"):
        number = whole_number(text)
        return number if number is not None and fits_64_bits(text) else None
    return text


def fits_64_bits(text: str) -> bool:
    """Whether the digits ``text`` (a sign allowed) are a number a session file can hold; one
    that is not is refused by the full app, which names the option and the range."""
    if len(text.lstrip("+-")) < 19:
        return True
    from rules.core import fits

    return len(text.lstrip("+-")) == 19 and fits(int(text))


#: the command line this process runs (the prompt: its current line), as typed: a `burned`
#: event names it when committed dice it drew never reach the journal
RUNNING = [""]


def running(words) -> None:
    """Say which command line this process is running (one line, at most 500 characters)."""
    RUNNING[0] = " ".join(words).replace("\n", " ").strip()[:500]


class Line:
    """One command line, its global options read."""

    __slots__ = ("options", "leading", "hoisted", "command", "plain")

    def __init__(self) -> None:
        #: parameter name -> value (True for a flag); the last one typed wins, as in Click
        self.options: dict[str, object] = {}
        #: the words before the command, as typed (global options, or anything Click reads there)
        self.leading: list[str] = []
        #: the global options typed after the command, as typed
        self.hoisted: list[str] = []
        #: the command and its own words, the hoisted options taken out
        self.command: list[str] = []
        #: every word before the command is a global option in a form the fast paths read
        self.plain = True

    def for_click(self) -> list[str]:
        """The line as the root group reads it: every global option before the command."""
        return [*self.leading, *self.hoisted, *self.command]


def read_line(words: list[str]) -> Line:
    """``words`` split into global options and the command, in one pass."""
    line = Line()
    i, n = 0, len(words)
    while i < n and words[i].startswith("-") and words[i] != "--":  # before the command
        word = words[i]
        spelling, eq, value = word.partition("=")
        known = GLOBALS.get(spelling)
        # -s=NAME is Click's "=NAME": the full app's to read and word
        if known is None or (eq and (not known[1] or not spelling.startswith("--"))):
            line.plain = False
            line.leading.append(word)
            i += 1
            continue
        name, takes_value, _anywhere = known
        if takes_value and not eq:
            if i + 1 >= n:  # the value is missing: Click words the error
                line.plain = False
                line.leading.append(word)
                return line
            value = words[i + 1]
            line.leading.extend(words[i:i + 2])
            i += 2
        else:
            line.leading.append(word)
            i += 1
        line.options[name] = value if takes_value else True
    while i < n:  # the command: only the options that stand anywhere are taken out
        word = words[i]
        if word == "--":
            line.command.extend(words[i:])
            break
        spelling, eq, value = word.partition("=")
        known = GLOBALS.get(spelling)
        if known is None or not known[2] or (eq and not known[1]):
            line.command.append(word)
            i += 1
            continue
        name, takes_value, _anywhere = known
        if takes_value and not eq:
            if i + 1 >= n:
                line.command.append(word)
                break
            value = words[i + 1]
            line.hoisted.extend(words[i:i + 2])
            i += 2
        else:
            line.hoisted.append(word)
            i += 1
        line.options[name] = value if takes_value else True
    line.command = english_command(line.command)
    return line


def apply_globals(env, options: dict) -> None:
    """What the global options change in the environment; the same for the fast paths
    and the root group (``--lang`` is read before, by :func:`ttcli.i18n.setup`)."""
    if options.get("no_color"):
        env.no_color = True
    dialect = options.get("bbcode_dialect")
    if dialect is not None:
        from .posts import check_dialect

        # carried like the variable it stands for, so a post reads it in one place
        env.environ["TTCLI_BBCODE_DIALECT"] = check_dialect(str(dialect), "--bbcode-dialect")
    if options.get("saves") is not None:
        env.saves = options["saves"]
    if options.get("session") is not None:
        env.session = options["session"]
