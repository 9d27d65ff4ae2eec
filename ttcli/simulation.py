"""``ttcli fight simulate``: the session's fight played to its end many times, and what came of it.

The runs are played by ``rules.simulate`` (the real rules, each combatant's tactic, run ``i``
seeded by the seed and ``i``); here they are spread over processes in blocks, counted as
they finish (a progress bar on a terminal), and reported: each side's chance to win with a
95% Wilson interval, how many rounds the fights lasted, how each combatant ended.  Nothing
is written to the session or its journal.  Ctrl-C stops the runs and reports those finished.
"""

from __future__ import annotations

import math
import os
import signal
from collections.abc import Callable, Mapping
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any

from rules import simulate as engine
from rules.i18n import _, ngettext
from rules.systems import system_tactics

from .i18n import language
from .numbers import style
from .statuswords import side_word

#: z of a two-sided 95% interval
Z95 = 1.959963984540054
BAR_WIDTH = 40
BAR = "█"
#: a block of runs handed to a process at once: small enough for a live progress bar and a
#: quick stop on Ctrl-C, large enough that handing it over costs nothing next to playing it
BLOCK_MAX = 100


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``k`` successes in ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # at k = 0 (k = n) the bound is 0 (1) exactly; rounding would put it a hair off
    return (0.0 if k == 0 else max(0.0, centre - half)), (1.0 if k == n else min(1.0, centre + half))


def blocks(runs: int, jobs: int) -> list[tuple[int, int]]:
    """Runs 0 .. runs-1 cut into blocks (start, stop), a few per process."""
    size = max(1, min(BLOCK_MAX, math.ceil(runs / (jobs * 8))))
    return [(start, min(runs, start + size)) for start in range(0, runs, size)]


def _quiet_worker() -> None:
    """A worker process leaves Ctrl-C to the parent, which stops the runs and reports."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run(doc: Mapping[str, Any], enc: Any, asked: Mapping[str, str], seed: int, runs: int, jobs: int,
        progress: Callable[[int], None] | None = None) -> tuple[Any, bool]:
    """Play ``runs`` runs on ``jobs`` processes; (the summary, whether Ctrl-C stopped them)."""
    total = engine.empty_summary(enc)
    parts = blocks(runs, jobs)
    try:
        if jobs == 1 or len(parts) == 1:
            for start, stop in parts:
                total = total.merge(engine.run_block(enc, asked, seed, start, stop))
                if progress is not None:
                    progress(total.runs)
            return total, False
        pool = ProcessPoolExecutor(max_workers=jobs, initializer=_quiet_worker)
        try:
            todo = {pool.submit(engine.run_block_doc, dict(doc), dict(asked), seed, start, stop)
                    for start, stop in parts}
            while todo:
                done, todo = wait(todo, return_when=FIRST_COMPLETED)
                for future in done:
                    total = total.merge(future.result())
                if progress is not None:
                    progress(total.runs)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
        return total, False
    except KeyboardInterrupt:
        return total, True


class SimulationResult:
    """A simulation's report: terminal table and chart, plain text, forum post, JSON."""

    kind = "simulation"

    def __init__(self, session: str, system: str, summary: Any, asked_runs: int, seed: int, jobs: int,
                 tactics: Mapping[str, str], interrupted: bool, cap: int) -> None:
        self.session = session
        self.system = system
        self.summary = summary
        self.asked_runs = asked_runs
        self.seed = seed
        self.jobs = jobs
        self.tactics = dict(tactics)
        self.interrupted = interrupted
        self.cap = cap

    # --- figures ----------------------------------------------------------------------

    def outcomes(self) -> list[tuple[str, str, int]]:
        """(key, words, runs) for each side, then draws and unfinished runs when there are any."""
        s = self.summary
        out = [(side, _("{side} wins").format(side=side_word(side)), s.wins.get(side, 0))
               for side in dict.fromkeys(s.sides)]
        if s.wins.get(engine.DRAW):
            out.append((engine.DRAW, _("draw (nobody left standing)"), s.wins[engine.DRAW]))
        if s.wins.get(engine.UNFINISHED):
            words = _("unfinished (over {cap} rounds, or nobody could act)").format(cap=self.cap)
            out.append((engine.UNFINISHED, words, s.wins[engine.UNFINISHED]))
        return out

    def mean_rounds(self) -> float | None:
        rounds = self.summary.rounds
        ended = sum(rounds.values())
        return sum(r * n for r, n in rounds.items()) / ended if ended else None

    def tactic_words(self) -> dict[str, str]:
        """A tactic's name -> the word a Russian reader types for it (its first Russian alias)."""
        tactics = system_tactics(self.system)
        if tactics is None or language() != "ru":
            return {}
        words: dict[str, str] = {}
        for alias, name in tactics.aliases.items():
            words.setdefault(name, alias)
        return words

    def people(self) -> list[dict[str, Any]]:
        s = self.summary
        out = []
        for i, name in enumerate(s.names):
            standing, down, dead = s.ends[i]
            out.append({"name": name, "side": s.sides[i], "tactic": self.tactics.get(name, ""),
                        "standing": standing / s.runs, "down": down / s.runs, "dead": dead / s.runs,
                        "hp": s.hp[i] / s.runs})
        return out

    # --- words ------------------------------------------------------------------------

    def head(self) -> str:
        s = self.summary
        text = ngettext("{session}: {runs} simulated fight, seed {seed}",
                        "{session}: {runs} simulated fights, seed {seed}", s.runs).format(
            session=self.session, runs=f"{s.runs:,}".replace(",", "\u202f"), seed=self.seed)
        if self.interrupted:
            text += " " + _("(interrupted: {done} of {asked} runs)").format(done=s.runs, asked=self.asked_runs)
        return text

    def chance_lines(self) -> list[tuple[str, str, str]]:
        n = self.summary.runs
        out = []
        for _key, words, k in self.outcomes():
            lo, hi = wilson(k, n)
            out.append((words, percent(k / n), _("95%: {low}–{high}").format(low=percent(lo), high=percent(hi))))
        return out

    def round_rows(self) -> list[tuple[str, int]]:
        return [(str(r), n) for r, n in sorted(self.summary.rounds.items())]

    def chart(self, rich: bool = False) -> list[str]:
        rows = self.round_rows()
        if not rows:
            return []
        n = self.summary.runs
        top = max(k for _r, k in rows)
        width = max(len(r) for r, _k in rows)
        lines = []
        for label, k in rows:
            bar = BAR * max(1, round(BAR_WIDTH * k / top))
            lines.append(f"{label:>{width}} {percent(k / n):>7} {f'[green]{bar}[/]' if rich else bar}")
        return lines

    def person_rows(self) -> list[tuple[str, ...]]:
        words = self.tactic_words()
        return [(p["name"], side_word(p["side"]), words.get(p["tactic"], p["tactic"]), percent(p["standing"]),
                 percent(p["down"]),
                 percent(p["dead"]), number(p["hp"])) for p in self.people()]

    def person_heads(self) -> tuple[str, ...]:
        return (_("combatant"), _("side"), _("tactic"), _("standing"), _("down"), _("dead"), _("HP left"))

    def lines(self, s) -> list[str]:
        block = {"Markdown": ("```", "```"), "BBCode": ("[code]", "[/code]")}.get(type(s).__name__)
        out = [s.strong(s.escape(self.head()))]
        for words, chance, interval in self.chance_lines():
            out.append(f"{s.escape(words)}: {s.strong(chance)} ({interval})")
        mean = self.mean_rounds()
        if mean is not None:
            out.append(_("rounds (mean {mean}):").format(mean=number(mean)))
            chart = self.chart()
            out += [block[0], *chart, block[1]] if block else chart
        heads = self.person_heads()
        rows = self.person_rows()
        widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(heads)]
        table = [" ".join(f"{t:<{w}}" if i < 3 else f"{t:>{w}}" for i, (t, w) in enumerate(zip(row, widths,
                                                                                             strict=True))).rstrip()
                 for row in (heads, *rows)]
        out += [block[0], *table, block[1]] if block else [s.escape(line) for line in table]
        return out

    def rich(self) -> Any:
        from rich.console import Group
        from rich.table import Table
        from rich.text import Text

        parts: list[Any] = [Text.from_markup(f"[bold]{escape(self.head())}[/]")]
        sides = Table(show_header=False, box=None, padding=(0, 1))
        for words, chance, interval in self.chance_lines():
            sides.add_row(escape(words), f"[bold]{chance}[/]", interval)
        parts.append(sides)
        mean = self.mean_rounds()
        if mean is not None:
            parts.append(Text(_("rounds (mean {mean}):").format(mean=number(mean))))
            parts += [Text.from_markup(line) for line in self.chart(rich=True)]
        people = Table(*self.person_heads())
        for column in people.columns[3:]:
            column.justify = "right"
        for row in self.person_rows():
            people.add_row(*(escape(cell) for cell in row))
        parts.append(people)
        return Group(*parts)

    def to_json(self) -> dict[str, Any]:
        s = self.summary
        n = s.runs
        outcomes = {}
        for key, _words, k in self.outcomes():
            lo, hi = wilson(k, n)
            outcomes[key] = {"runs": k, "probability": k / n, "low": lo, "high": hi}
        return {
            "session": self.session, "system": self.system, "runs": n, "asked_runs": self.asked_runs,
            "interrupted": self.interrupted, "seed": self.seed, "jobs": self.jobs, "round_cap": self.cap,
            "outcomes": outcomes,
            "rounds": [{"rounds": r, "runs": k, "probability": k / n} for r, k in sorted(s.rounds.items())],
            "mean_rounds": self.mean_rounds(),
            "combatants": [{**{k: v for k, v in p.items() if k != "hp"}, "hp_mean": p["hp"],
                            "runs": dict(zip(("standing", "down", "dead"), s.ends[i], strict=True))}
                           for i, p in enumerate(self.people())],
        }


def escape(text: str) -> str:
    return text.replace("[", "\\[")


def percent(p: float) -> str:
    """A share for people: one decimal; never rounds a share that happened to 0 or one that failed to 100."""
    if 0 < p < 0.0005:
        return style().percent("<0.1")
    if 0.9995 < p < 1:
        return style().percent(">99.9")
    return style().percent(f"{100 * p:.1f}")


def number(x: float) -> str:
    """A mean for people in the reader's style: one decimal at most (``3,4`` in Russian)."""
    return style().decimal(f"{x:.1f}".rstrip("0").rstrip("."))


def default_jobs() -> int:
    """The processes a simulation uses unless told: the cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on every platform
        return max(1, os.cpu_count() or 1)
