"""The endgame of a twilight fight: one attack roll each, more successes wins (TW-END-1, TW-MASS-4).

With two champions standing it is the duel's endgame; in a mass endgame the
pairs are the champions who attack each other, and a second cycle in a row
without one lets the master's die choose the pair.  Under the gods a 1v1
endgame is best of three (TW-GODS-1).
"""

from __future__ import annotations

from rules.core import rounds
from rules.core.common import require_fight
from rules.core.outcome import Work
from rules.core.state import OK
from rules.dice.datatypes import replace
from rules.dice.sources import DiceSource
from rules.systems.twilight import fight_round
from rules.systems.twilight.resolve import ATTACK_KIND, Round, at_death, rolls_of
from rules.systems.twilight.verdict import decide


def settle(work: Work, source: DiceSource, declared: rounds.Declarations) -> None:
    """One attack roll each; more successes wins, ties repeat; the loser goes AT DEATH (TW-END-1, TW-MASS-4)."""
    fight = require_fight(work)
    data = dict(fight.data)
    threshold = fight_round.threshold(work)
    gods = bool(work.settings.get("gods", False))
    fight_round.betrayals(work, declared)
    rnd = Round(work, source, threshold)
    rnd.rolls = rolls_of(work, declared, threshold)
    best: dict[str, tuple[int, str]] = {}
    for r in rnd.rolls:
        if r.kind != ATTACK_KIND:
            continue
        work.tell("pool", about=[r.owner], name=r.owner, roll=r.kind, target=r.target or None,
                  faces=list(r.faces), successes=r.successes, threshold=threshold)
        if r.owner not in best or r.successes > best[r.owner][0]:
            best[r.owner] = (r.successes, r.target)
    up = [c.name for c in work.combatants.values() if c.status == OK]
    if len(up) == 2:
        a, b = up
        best.setdefault(a, (0, b))
        best.setdefault(b, (0, a))
        pairs = [(a, b)]
    else:
        pairs = sorted({(min(n, t), max(n, t)) for n, (_s, t) in best.items()
                        if t in best and best[t][1] == n})
        picks = sorted((n, t) for n, (_s, t) in best.items() if t in best)
        if not pairs and _has_cycle(picks):
            data["cycles"] = int(data.get("cycles", 0)) + 1
            work.tell("endgame_cycle", count=data["cycles"])
            if data["cycles"] >= 2:
                die = work.roll(source, len(picks), "endgame_pair")
                pairs = [picks[die.face - 1]]
                work.tell("endgame_pair", d=len(picks), face=die.face, names=list(pairs[0]))
        elif not pairs:
            # picks of champions who rolled nothing: no mutual pair and no triangle, so nothing for
            # the master's die to choose from; the endgame repeats (TW-MASS-4)
            work.tell("endgame_no_pair", about=up, idle=[n for n in up if n not in best])
    pairs_done = False
    for a, b in pairs:
        sa, sb = best.get(a, (0, ""))[0], best.get(b, (0, ""))[0]
        if sa == sb:
            work.tell("endgame_tie", names=[a, b], successes=sa)
            continue
        winner, loser = (a, b) if sa > sb else (b, a)
        pairs_done = True
        if gods and len(up) == 2:
            score = dict(data.get("score", {}))
            score[winner] = int(score.get(winner, 0)) + 1
            data["score"] = score
            work.tell("endgame_point", name=winner, loser=loser, score=[score.get(a, 0), score.get(b, 0)],
                      names=[a, b])
            if score[winner] < 2:
                continue
        work.tell("endgame_won", about=[winner, loser], name=winner, loser=loser,
                  successes=[max(sa, sb), min(sa, sb)])
        at_death(rnd, loser, gods=gods, endgame=True)
    if pairs_done:
        data["cycles"] = 0
    data["fallen"] = [*data.get("fallen", []), *rnd.fallen]
    work.fight = replace(require_fight(work), data=data)
    decide(work)


def _has_cycle(picks: list[tuple[str, str]]) -> bool:
    """Whether the picks (each champion's one target) close a cycle: the seed's "треугольник"."""
    target = dict(picks)
    for start in target:
        seen = {start}
        node = target[start]
        while node in target and node not in seen:
            seen.add(node)
            node = target[node]
        if node == start:
            return True
    return False
