"""Random dice and odds expressions in-process: only DiceError escapes, nothing is slow.

    python benchmarks/fuzz.py                      # 10**6 dice, 10**4 odds expressions
    python benchmarks/fuzz.py --dice 20000 --odds 300 --seed 7   # a quick look
    python benchmarks/fuzz.py --dice 0 --memory    # the odds' peak memory instead of their time

Dice: each expression is parsed, rolled with a seeded source and turned into
text (what ``ttcli roll`` does); the goal is that nothing but ``DiceError``
escapes and that no expression takes over 100 ms.  Odds: each expression
goes through ``ttcli odds`` in-process, distribution and folded text (every
fifth also as JSON, every twentieth with ``--full``); the goal is nothing but
``DiceError`` (and the ``--full`` refusal, a documented exit 3) and no
expression over 2 s.  Expressions come from a grammar walk with extreme
numbers and every modifier, a tenth of them mangled by random edits, so
syntax errors, limits and odd combinations are all exercised.

Prints counts by outcome, the slowest cases, and any escape with its
traceback; exits 1 if a goal is missed.  Each case is timed twice: CPU time
of this process (``time.process_time``), which the goals are judged on, and
wall-clock time, which on a shared machine also counts the time spent
waiting for a core; both are printed.  Rerun a slow case alone before
believing it.

Numbers (``--numbers``): every whole-number option and argument of the session
commands (``roll --times/-n/--seed/--given``, ``damage``, ``heal``, ``effect add
--duration/--damage/--heal/--floor/--mod``, ``char set``, ``char give --count``,
``check --dc``, ``save --mod``, ``undo``, ``redo``, ``log -n``, ``fight next``) is
given extreme text (2^63 and its neighbours, thousands of digits, Unicode digits,
signs, underscores) through the CLI in-process, on a copy of a dungeon session with
a fight running; the goal is a documented exit code (never 70, never an escaped
exception) and a session that still loads afterwards.  Verify (``--verify``):
an honest journal with committed hidden and public rolls, as TOML and as the
players' JSON export, is mutated at random (numbers made extreme, keys dropped,
values of other types, events swapped or cut, deep nesting) and handed to
``ttcli verify``; the goal is exit 0, 1, 4 or 7, nothing escaping, and under 1 s.

``--memory`` traces the odds' allocations (``tracemalloc``): the goal is no
expression holding over 200 MB at its peak.  Tracing slows Python several
times over, so a run judges memory and not time.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
import traceback
import tracemalloc
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.dice import DiceError, parse, resolve, to_text
from rules.dice.sources import RandomSource
from ttcli.errors import CliError
from ttcli.oddsview import odds_of
from ttcli.render import render_text

DICE_LIMIT = 0.100
ODDS_LIMIT = 2.0
ODDS_MEMORY = 200e6
NUMBER_LIMIT = 5.0  # reported, not judged: a command's time includes loading its system
VERIFY_LIMIT = 1.0

DIE_LETTERS = "dDдДкК"
OPS = ["+", "-", "*", "/", " + ", " - ", "×", "÷", "−"]
CMPS = [">=", ">", "<=", "<", "=", "", "≥", "≤"]
MANGLE = "0123456789dDкkhlrof!<>=+-*/()%[] д×÷−≥≤\t.,"


def number(r: random.Random, big: bool = True) -> str:
    roll = r.random()
    if roll < 0.5:
        return str(r.randint(0, 20))
    if roll < 0.8:
        return str(r.randint(0, 1000))
    if roll < 0.93 or not big:
        return str(10 ** r.randint(3, 7) + r.randint(-1, 1))
    if roll < 0.97:
        return str(r.randint(0, 2 ** 64))
    return "0" * r.randint(1, 5) + str(r.randint(0, 99))


def cond(r: random.Random, sides: int) -> str:
    value = r.randint(0, sides + 1) if r.random() < 0.8 else int(number(r))
    return r.choice(CMPS) + str(value)


def die(r: random.Random, odds: bool) -> str:
    if odds:
        count = r.choice([1, 2, 3, 4, 5, 10, 20, 50, 100, 200, 500, 1000, r.randint(1, 1000)])
        sides = r.choice([2, 3, 4, 6, 8, 10, 12, 20, 100, 1000, 10 ** 6, r.randint(1, 10 ** 6)])
        text = (str(count) if r.random() < 0.9 else "") + r.choice(DIE_LETTERS)
        text += "%" if r.random() < 0.05 else str(sides)
    else:
        count_text = number(r) if r.random() < 0.8 else ""
        sides_text = number(r) if r.random() < 0.95 else "%"
        text = count_text + r.choice(DIE_LETTERS) + sides_text
        count = int(count_text) if count_text.isdigit() else 1
        sides = int(sides_text) if sides_text.isdigit() else 100
    for _ in range(r.choice([0, 0, 1, 1, 2, 3])):
        kind = r.random()
        if kind < 0.3:
            text += r.choice(["kh", "kl", "dh", "dl", "k", "d"]) + str(r.randint(0, max(count, 1)))
        elif kind < 0.5:
            text += r.choice(["r", "ro"]) + cond(r, sides)
        elif kind < 0.7:
            text += "!" + (cond(r, sides) if r.random() < 0.5 else "")
        elif kind < 0.9:
            text += cond(r, sides)
        else:
            text += "f" + cond(r, sides)
    return text


def atom(r: random.Random, depth: int, odds: bool) -> str:
    roll = r.random()
    if roll < 0.55 or depth > 3:
        return die(r, odds)
    if roll < 0.75:
        return number(r, big=not odds)
    if roll < 0.82:
        return number(r, big=False) + "%"
    if roll < 0.93:
        return "(" + expression(r, depth + 1, odds) + ")"
    return "-" + atom(r, depth + 1, odds)


def expression(r: random.Random, depth: int = 0, odds: bool = False) -> str:
    parts = [atom(r, depth, odds)]
    for _ in range(r.choice([0, 0, 1, 1, 2, 3] if odds else [0, 1, 1, 2, 3, 5])):
        parts.append(r.choice(OPS))
        parts.append(atom(r, depth, odds))
    return "".join(parts)


def mangle(r: random.Random, text: str) -> str:
    chars = list(text)
    for _ in range(r.randint(1, 4)):
        what = r.random()
        at = r.randint(0, len(chars))
        if what < 0.4:
            chars.insert(at, r.choice(MANGLE))
        elif what < 0.7 and chars:
            del chars[min(at, len(chars) - 1)]
        elif chars:
            chars[min(at, len(chars) - 1)] = r.choice(MANGLE)
    return "".join(chars)


def generate(r: random.Random, odds: bool) -> str:
    text = expression(r, odds=odds)
    if r.random() < 0.1:
        text = mangle(r, text)
    if r.random() < 0.05:
        text += " [" + r.choice(["атака", "урон", "x]", ""]) + "]"
    return text


def run_dice(text: str, seed: int) -> str:
    expr = parse(text)
    to_text(resolve(expr, RandomSource(seed)))
    return "rolled"


def run_odds(text: str, i: int) -> str:
    full = i % 20 == 0
    result = odds_of(text, full=full)
    render_text(result, "json" if i % 5 == 0 else "plain")
    return "answered"


def _keep_top(cases: list, case: tuple) -> None:
    """Add ``case``; past 200, keep only the 10 largest (the first field ranks them)."""
    cases.append(case)
    if len(cases) > 200:
        cases.sort(reverse=True)
        del cases[10:]


def _shown(text: str) -> str:
    return text if len(text) <= 70 else text[:67] + "..."


class Tally:
    def __init__(self, name: str, limit: float) -> None:
        self.name = name
        self.limit = limit
        self.outcomes: Counter = Counter()
        self.slowest: list[tuple[float, float, str, str]] = []
        self.over = 0
        self.over_wall = 0
        self.escapes: list[tuple[str, str]] = []
        self.seconds = 0.0
        self.wall = 0.0
        #: with --memory: (peak bytes, text, outcome) of the largest cases, and how many went over
        self.memory: list[tuple[int, str, str]] | None = None
        self.over_memory = 0

    def one(self, text: str, call) -> None:
        if self.memory is not None:
            tracemalloc.reset_peak()
        start = time.process_time()
        start_wall = time.perf_counter()
        try:
            outcome = call()
        except DiceError as e:
            outcome = f"DiceError ({e.kind})"
        except CliError as e:
            outcome = "refused --full (exit 3)" if "--full" in e.message else "CliError"
            if outcome == "CliError":
                self.escapes.append((text, traceback.format_exc()))
        except Exception:  # noqa: BLE001 - an escape: exactly what this script looks for
            outcome = "ESCAPED"
            self.escapes.append((text, traceback.format_exc()))
        took = time.process_time() - start
        wall = time.perf_counter() - start_wall
        self.seconds += took
        self.wall += wall
        self.outcomes[outcome] += 1
        self.over += took > self.limit
        self.over_wall += wall > self.limit
        _keep_top(self.slowest, (took, wall, text, outcome))
        if self.memory is not None:
            peak = tracemalloc.get_traced_memory()[1]
            self.over_memory += peak > ODDS_MEMORY
            _keep_top(self.memory, (peak, text, outcome))

    def report(self, show: int) -> None:
        n = sum(self.outcomes.values())
        print(f"\n{self.name}: {n:,} expressions, {self.seconds:.1f} s CPU "
              f"({1e6 * self.seconds / max(n, 1):.0f} µs each on average), {self.wall:.1f} s wall")
        for outcome, count in self.outcomes.most_common():
            print(f"  {count:>9,}  {outcome}")
        if self.memory is not None:
            print(f"  over {ODDS_MEMORY / 1e6:.0f} MB at the peak: {self.over_memory}; escapes: {len(self.escapes)} "
                  "(times traced, not judged)")
            print(f"  largest {show} (peak MB):")
            for peak, text, outcome in sorted(self.memory, reverse=True)[:show]:
                print(f"    {peak / 1e6:9.1f}  {_shown(text)!r}  {outcome}")
        else:
            print(f"  over {self.limit * 1000:.0f} ms: {self.over} by CPU time, {self.over_wall} by "
                  f"wall-clock; escapes: {len(self.escapes)}")
            print(f"  slowest {show} (CPU ms, wall ms):")
            for took, wall, text, outcome in sorted(self.slowest, reverse=True)[:show]:
                print(f"    {took * 1000:9.1f} {wall * 1000:9.1f}  {_shown(text)!r}  {outcome}")
        for text, tb in self.escapes[:5]:
            print(f"  ESCAPE {_shown(text)!r}\n{tb[-1500:]}")
        for text, tb in self.escapes[5:]:
            print(f"  ESCAPE {_shown(text)!r}: {tb.strip().splitlines()[-1][:150]}")


# ---------------------------------------------------------------- numbers on the command line

#: text a master (or a script gone wrong) may type where a whole number is asked
NUMBERS = ["0", "1", "-1", "+5", str(2 ** 63 - 1), str(2 ** 63), str(-2 ** 63), str(-2 ** 63 - 1),
           "9" * 19, "1" + "0" * 20, "9" * 4300, "9" * 5000, "-" + "9" * 5000, "0" * 5000 + "7", "²", "٣", "1_000",
           " 7", "0x10", "1e3", "", "-", "NaN"]
#: command lines with {N} where the number goes (a dungeon fight is running: Огр, Викинг are in it)
NUMERIC_COMMANDS = [
    "roll 1d6 --times {N}", "roll 1d6 -n {N}", "roll 1d6 --seed {N}", "roll 1d6 --given {N}",
    "roll 2d6 --given 3,{N}", "roll {N}d6", "roll 1d{N}", "roll 1d6+{N}",
    "damage Огр {N}", "heal Огр {N}",
    "effect add Огр bleeding --duration {N}_rounds", "effect add Огр bleeding --damage {N}",
    "effect add Огр bleeding --heal {N}", "effect add Огр bleeding --floor {N}",
    "effect add Огр bleeding --mod защита={N}",
    "char set Огр hp={N}", "char give Викинг верёвка --count {N}",
    "check Викинг атлетика --dc {N}", "check Викинг атлетика --dc 10 --given {N}",
    "save Викинг ловкость --mod {N}", "undo {N}", "redo {N}", "log -n {N}",
    "fight next --seed {N}", "fight next --given {N}",
]


def numeric_cases() -> list[list[str]]:
    cases = []
    for template in NUMERIC_COMMANDS:
        for number_text in NUMBERS:
            # a word stays one word: "_" in a template stands for a space inside it
            cases.append([w.replace("{N}", number_text).replace("_", " ") if "{N}" in w else w
                          for w in template.split()])
    return cases


def _fight_folder(root: Path) -> Path:
    """A saves folder with the example dungeon session and its fight started."""
    import shutil

    from typer.testing import CliRunner

    from ttcli.app import app

    folder = root / "template"
    folder.mkdir()
    shutil.copy(Path(__file__).resolve().parent.parent / "saves" / "crypt.toml", folder / "crypt.toml")
    result = CliRunner().invoke(app, ["--saves", str(folder), "--session", "crypt", "fight", "start"])
    assert result.exit_code == 0, result.output
    return folder


def run_numbers(tally: Tally, root: Path) -> None:
    import shutil

    from typer.testing import CliRunner

    from ttcli.app import app
    from ttcli.session import HEADER, validate
    from ttcli.store import SessionFile

    template = _fight_folder(root)
    runner = CliRunner()
    for n, words in enumerate(numeric_cases()):
        folder = root / f"case{n}"
        shutil.copytree(template, folder)

        def call(words=words, folder=folder) -> str:
            result = runner.invoke(app, ["--saves", str(folder), "--session", "crypt", *words])
            if result.exception is not None and not isinstance(result.exception, SystemExit):
                raise result.exception
            if result.exit_code == 70 or "Traceback" in result.output:
                raise RuntimeError(f"exit {result.exit_code}: {result.output[-300:]}")
            SessionFile(folder / "crypt.toml", validate, header=HEADER).read()  # still loads
            return f"exit {result.exit_code}"

        tally.one(" ".join(words), call)
        shutil.rmtree(folder)


# ---------------------------------------------------------------- verify's own input

VERIFY_CODES = {0, 1, 4, 7}


def _honest_journal(root: Path) -> tuple[Path, Path, str]:
    """An honest journal (TOML) and the players' export (JSON) of a session with committed
    hidden and public rolls, revealed; and its secret."""

    from typer.testing import CliRunner

    from ttcli.app import app

    (root / "verify").mkdir(exist_ok=True)
    folder = _fight_folder(root / "verify")
    runner = CliRunner()

    def run(*words: str) -> str:
        result = runner.invoke(app, ["--saves", str(folder), "--session", "crypt", *words])
        assert result.exit_code in (0, 1), (words, result.output)
        return result.output

    run("session", "commit")
    for words in (["roll", "3d6", "1d20+2"], ["roll", "1d100", "--hidden"], ["roll", "2d8"],
                  ["roll", "1d6", "--hidden"], ["fight", "next"]):
        run(*words)
    secret = run("session", "reveal").splitlines()[0].split(": ")[1].strip()
    exported = folder / "public.json"
    exported.write_text(run("log", "--public", "--json", "-n", "0"), encoding="utf-8")
    return folder / "crypt.journal.toml", exported, secret


def _mutate_value(r: random.Random, value):
    choice = r.random()
    if choice < 0.3:
        return r.choice([2 ** 63 - 1, 2 ** 63, -1, 0, 10 ** 30, -2 ** 63, 2 ** 64 + 1, 10 ** 9])
    if choice < 0.45:
        return r.choice(["", "x", "1", "\x1b[31m", "‮"])
    if choice < 0.55:
        return r.choice([None, True, [], {}, [1, 2], {"a": 1}])
    if choice < 0.65:
        deep = value
        for _ in range(r.randint(1, 400)):
            deep = [deep]
        return deep
    if isinstance(value, int) and not isinstance(value, bool):
        return value + r.choice([-1, 1, 2 ** 40])
    if isinstance(value, list) and value:
        return value[: r.randint(0, len(value))]
    return value


def _paths(doc, at=()):
    yield at
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _paths(v, at + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _paths(v, at + (i,))


def mutate_events(r: random.Random, events: list) -> list:
    import copy

    events = copy.deepcopy(events)
    for _ in range(r.randint(1, 4)):
        what = r.random()
        if what < 0.1 and len(events) > 1:
            i = r.randrange(len(events) - 1)
            events[i], events[i + 1] = events[i + 1], events[i]
        elif what < 0.15 and events:
            del events[r.randrange(len(events))]
        else:
            paths = [p for p in _paths(events) if len(p) >= 2]
            if not paths:
                continue
            path = r.choice(paths)
            parent = events
            for key in path[:-1]:
                parent = parent[key]
            if r.random() < 0.15 and isinstance(parent, dict):
                del parent[path[-1]]
            else:
                parent[path[-1]] = _mutate_value(r, parent[path[-1]])
    return events


def _as_toml(events: list) -> str | None:
    from ttcli.store.journal import JOURNAL_HEADER, render_event

    try:
        return JOURNAL_HEADER + "".join(render_event({**e, "seq": e.get("seq", 0)}) if isinstance(e, dict)
                                        else "" for e in events)
    except (ValueError, TypeError, RecursionError, KeyError):
        return None


def run_verify(tally: Tally, root: Path, cases: int, r: random.Random) -> None:
    import json

    from typer.testing import CliRunner

    from ttcli.app import app
    from ttcli.store import read_events

    journal, exported, secret = _honest_journal(root)
    toml_events = read_events(journal)
    public = json.loads(exported.read_text(encoding="utf-8"))
    runner = CliRunner()
    target = root / "verify" / "case"
    for n in range(cases):
        as_json = n % 2 == 1
        with_secret = n % 3 != 2
        if as_json:
            doc = json.loads(json.dumps(public))
            key = "events" if isinstance(doc.get("events"), list) else None
            if key is None:
                doc = mutate_events(r, [doc])[0] if r.random() < 0.5 else doc
            else:
                doc[key] = mutate_events(r, doc[key])
            try:
                text = json.dumps(doc, ensure_ascii=False)
            except (ValueError, RecursionError):
                continue
            path = target.with_suffix(".json")
        else:
            text = _as_toml(mutate_events(r, toml_events))
            if text is None:
                continue
            path = target.with_suffix(".toml")
        path.write_text(text, encoding="utf-8")
        words = ["verify", str(path), "--secret", secret if with_secret else "00" * 32]  # or a wrong secret

        def call(words=words) -> str:
            result = runner.invoke(app, words)
            if result.exception is not None and not isinstance(result.exception, SystemExit):
                raise result.exception
            if result.exit_code not in VERIFY_CODES or "Traceback" in result.output:
                raise RuntimeError(f"exit {result.exit_code}: {result.output[-300:]}")
            return f"exit {result.exit_code}"

        tally.one(f"{'json' if as_json else 'toml'} case {n}", call)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dice", type=int, default=10 ** 6, help="dice expressions (default 10**6)")
    ap.add_argument("--odds", type=int, default=10 ** 4, help="odds expressions (default 10**4)")
    ap.add_argument("--seed", type=int, default=12, help="seed of the expression generator")
    ap.add_argument("--show", type=int, default=10, help="slowest cases to print")
    ap.add_argument("--memory", action="store_true", help="judge the odds' peak memory, not their time")
    ap.add_argument("--numbers", action="store_true", help="also every whole-number option of the session commands")
    ap.add_argument("--verify", type=int, default=0, help="mutated journals handed to verify (default 0)")
    args = ap.parse_args(argv)
    r = random.Random(args.seed)
    print(f"fuzz: seed {args.seed}, Python {sys.version.split()[0]}")

    dice = Tally("dice (parse + roll + text)", DICE_LIMIT)
    for i in range(args.dice):
        text = generate(r, odds=False)
        dice.one(text, lambda text=text, i=i: run_dice(text, i))
    dice.report(args.show)

    odds = Tally("odds (distribution + folded text or JSON)", ODDS_LIMIT)
    if args.memory:
        odds.memory = []
        tracemalloc.start()
    for i in range(args.odds):
        text = generate(r, odds=True)
        odds.one(text, lambda text=text, i=i: run_odds(text, i))
        if i % 50 == 0:
            gc.collect()  # big distributions: collect between cases, not inside one
    odds.report(args.show)

    ok = not (dice.escapes or odds.escapes or dice.over or odds.over_memory
              or (odds.over and not args.memory))
    if args.numbers or args.verify:
        import os
        import tempfile

        os.environ.setdefault("TTCLI_LANG", "en")
        with tempfile.TemporaryDirectory(prefix="ttcli-fuzz-") as tmp:
            if args.numbers:
                numbers = Tally("numbers (session commands, extreme whole numbers)", NUMBER_LIMIT)
                run_numbers(numbers, Path(tmp))
                numbers.report(args.show)
                ok = ok and not numbers.escapes
            if args.verify:
                checked = Tally("verify (mutated journals, TOML and JSON)", VERIFY_LIMIT)
                run_verify(checked, Path(tmp), args.verify, r)
                checked.report(args.show)
                ok = ok and not checked.escapes and not checked.over
    print("\ngoals met" if ok else "\ngoals MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
