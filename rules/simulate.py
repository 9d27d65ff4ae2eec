"""A whole fight, played to its end many times with the real rules (``ttcli fight simulate``).

Each run starts from the session's encounter (its running fight, or its roster as ``fight
start`` would open it), and plays it through the system's declared contract only: each
combatant's tactic (``rules.core.tactics``) proposes moves, which are the system's own
catalogue actions played through its rules object; when none is accepted the clock steps
(the next turn, or the round resolves).  A run ends when at most one side still stands
(then ``end`` settles who is down and who is dead) or after :data:`ROUND_CAP` rounds
("unfinished").  Nothing is written anywhere: the encounter is frozen and every run works
on its own copies.

Run ``i`` of seed ``s`` rolls with its own seeded source, so a run gives the same fight
whichever process plays it, and the summary (integer counts, merged in any order) is the
same for any number of processes.  The rules object is played with a :class:`QuietWork`,
so no event becomes words nobody reads.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from rules.core.actions import convert
from rules.core.clock import waiting
from rules.core.codec import encounter_from_doc
from rules.core.contract import SystemRules
from rules.core.errors import NotFound, RuleError
from rules.core.outcome import QuietWork
from rules.core.state import DEAD, Combatant, Encounter, Status, status_in
from rules.core.tactics import Move, Tactic, Tactics
from rules.dice.datatypes import datatype, field
from rules.dice.sources import RandomSource
from rules.i18n import _
from rules.systems import system_rules, system_tactics

#: a fight still going after this many rounds counts as unfinished (never a hang)
ROUND_CAP = 100
#: at most this many moves in one turn (or one combatant's declarations in a round)
MOVES_PER_TURN = 12
#: the runs a simulation may be asked for
RUNS_MIN, RUNS_MAX = 1, 1_000_000

#: how a combatant ends a run
STANDING, DOWN, GONE = "standing", "down", "dead"
ENDS = (STANDING, DOWN, GONE)
#: the winner of a run that ends with nobody standing on either side, and of one cut off at the cap
DRAW, UNFINISHED = "draw", "unfinished"


class SimulationError(ValueError):
    """The simulation cannot be run as asked (unknown tactic, nobody to fight)."""


def tactics_of(system: str) -> Tactics:
    """The system's tactics, or a SimulationError for a system that declares none."""
    found = system_tactics(system)
    if found is None:
        raise SimulationError(_("fights of {system} cannot be simulated: it declares no tactics").format(
            system=system))
    return found


def assign(enc: Encounter, tactics: Tactics, asked: Mapping[str, str] = {}) -> dict[str, Tactic]:
    """Each combatant's tactic: asked for its side or its name (``--tactic``), else the one its
    session entry names (``tactic = ...``), else its side's default.  Unknown words are refused."""
    out: dict[str, Tactic] = {}
    chosen: dict[str, Tactic] = {}
    for who, word in asked.items():
        found = tactics.find(word)
        if found is None:
            raise SimulationError(_("unknown tactic {tactic!r} for {who}; known: {names}").format(
                tactic=word, who=who, names=", ".join(tactics.tactics)))
        chosen[who] = found
    for c in enc:
        tactic = chosen.get(c.name) or chosen.get(c.side)
        if tactic is None and c.tactic:
            tactic = tactics.find(c.tactic)
            if tactic is None:
                raise SimulationError(_("{name}: unknown tactic {tactic!r} in the session; known: {names}").format(
                    name=c.name, tactic=c.tactic, names=", ".join(tactics.tactics)))
        if tactic is None:
            tactic = tactics.tactics[tactics.defaults.get(c.side, next(iter(tactics.tactics)))]
        out[c.name] = tactic
    return out


def quiet(rules: SystemRules) -> SystemRules:
    """A copy of ``rules`` whose operations make no words and keep no records (the dice and
    the encounters are the same), and whose statuses are looked up in one table."""
    twin = copy.copy(rules)
    twin.work = lambda enc: QuietWork(enc, twin.messages, twin.hp_max)  # type: ignore[method-assign]
    if type(rules).status is SystemRules.status:
        # the contract's own lookup (status_in): the status a word means, the same for every
        # combatant with that word; asked of everyone after every move
        meanings = dict(rules.statuses)

        def status(combatant: Combatant) -> Status:
            meaning = meanings.get(combatant.status)
            if meaning is None:
                meaning = meanings[combatant.status] = status_in(rules.statuses, combatant)
            return meaning

        twin.status = status  # type: ignore[method-assign]
    return twin


def play_move(rules: SystemRules, enc: Encounter, source: Any, move: Move) -> Any:
    """Play one move: its declared action with the values given and the declared defaults."""
    plan = _PLANS.get((id(rules), move.verb))
    if plan is None or plan[0] is not rules:
        action = rules.action(move.verb)
        if action is None:
            raise RuleError(_("{verb} is not an action of {system}").format(verb=move.verb, system=enc.system))
        if len(_PLANS) >= 64:
            _PLANS.clear()
        # a value not given is the parameter's default (convert's answer for None), taken once
        plan = _PLANS[(id(rules), move.verb)] = (rules, action, {p.name: p for p in action.params},
                                                 {p.name: p.default for p in action.params}, {})
    action, made = plan[1], plan[4]
    given = move.values
    # the types are in the key: True and 1 are one key of a dict, and not one value for convert
    key: Any = (tuple(given.items()), tuple(map(type, given.values())))
    try:
        values = made.get(key)
    except TypeError:  # a value that is no key (a list): converted at every move
        values = key = None
    if values is None:
        values, plain = _converted(plan[2], plan[3], given)
        if plain and key is not None:
            if len(made) >= 4096:
                made.clear()
            # the same few tactics' moves come back at every turn of every run; the table is
            # only ever unpacked into the action's keywords, never changed
            made[key] = values
    return action.run(rules, enc, source if action.rolls else None, **values)


def _converted(params: Mapping[str, Any], defaults: Mapping[str, Any],
               given: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
    """A move's values as its action's function receives them, and whether every value given and
    made is plain (immutable, a key by type and value)."""
    values = dict(defaults)
    plain = True
    for name, raw in given.items():
        kind = type(raw)
        if kind not in _PLAIN:
            plain = False
        param = params.get(name)
        if param is not None and raw is not None:
            known = _CONVERTED.get((id(param), kind, raw)) if kind in _PLAIN else None
            if known is not None and known[0] is param:
                values[name] = known[1]
                continue
            value = values[name] = convert(param, raw)
            if type(value) not in _PLAIN:
                plain = False
            elif kind in _PLAIN:
                if len(_CONVERTED) >= 4096:
                    _CONVERTED.clear()
                # the parameter is held with its value, so its id is never reused meanwhile
                _CONVERTED[(id(param), kind, raw)] = (param, value)
    return values, plain


#: (id of a parameter, type and value a tactic gave) -> (the parameter, what convert makes of
#: it): the same few names, weapons and answers come back at every move
_CONVERTED: dict[tuple[int, type, Any], tuple[Any, Any]] = {}
#: the values whose conversions are kept: immutable, and a key by type and value
_PLAIN = (str, int, bool, type(None))


#: (id of a rules object, verb) -> (the rules, its action, its parameters by name, their defaults,
#: and the keywords made of each move's values and their types): every move of every run looks
#: its verb up
_PLANS: dict[tuple[int, str], tuple[Any, Any, dict[str, Any], dict[str, Any], dict[Any, dict[str, Any]]]] = {}


def sides_standing(rules: SystemRules, enc: Encounter) -> set[str]:
    return {c.side for c in enc if rules.status(c).standing}


def _fought_out(rules: SystemRules, enc: Encounter) -> bool:
    """Whether at most one side still stands (``len(sides_standing(...)) < 2``), asked after
    every move: it stops at the first combatant standing on a second side."""
    combatants = enc.combatants
    last = _LAST_SEEN[0]
    if last[0] is rules and last[1] is combatants:
        return last[2]  # the very roster asked about last (a move that changed nobody)
    status = rules.status
    first = None
    done = True
    for c in combatants:
        side = c.side
        if side != first and status(c).standing:
            if first is not None:
                done = False
                break
            first = side
    _LAST_SEEN[0] = (rules, combatants, done)
    return done


#: the rules, the roster (its very tuple of frozen combatants) and the answer of the last
#: _fought_out: the tuple is held, so its id cannot be reused meanwhile
_LAST_SEEN: list[tuple[Any, Any, bool]] = [(None, None, False)]


def _try(rules: SystemRules, enc: Encounter, source: Any, moves: Iterable[Move]) -> Encounter | None:
    """The encounter after the first of ``moves`` the rules accept; None when none is."""
    for move in moves:
        try:
            return play_move(rules, enc, source, move).encounter
        except (RuleError, NotFound, ValueError):
            continue
    return None


def _react(rules: SystemRules, enc: Encounter, source: Any, kit: Tactics, tactics: Mapping[str, Tactic]) -> Encounter:
    for _i in range(MOVES_PER_TURN):
        after = _try(rules, enc, source, kit.reactions(rules, enc, tactics))
        if after is None:
            return enc
        enc = after
    return enc


#: one run: the winner (a side, DRAW or UNFINISHED), the rounds played, and for each
#: combatant in roster order how it ended (an index into ENDS) and its HP
Run = tuple[str, int, tuple[tuple[int, int], ...]]


def play(rules: SystemRules, enc: Encounter, source: Any, kit: Tactics, tactics: Mapping[str, Tactic],
         cap: int = ROUND_CAP) -> Run:
    """Play one fight to its end (or the round cap) and say how it ended."""
    if enc.fight is None:
        enc = rules.start(enc, source).encounter
    while True:
        fight = enc.fight
        assert fight is not None
        if _fought_out(rules, enc):
            break
        if fight.round > cap:
            return UNFINISHED, cap, _ends(rules, enc, enc)
        if not fight.order:  # a round clock: no order, everyone able to act declares (rules.core.rounds)
            for c in enc.combatants:
                if rules.status(c).can_act:
                    enc = _moves(rules, enc, source, kit, tactics, c.name)
        else:
            actors = waiting(fight)
            if actors:
                enc = _moves(rules, enc, source, kit, tactics, actors[0])
                if _fought_out(rules, enc):
                    break
        try:
            enc = rules.step(enc, source).encounter
        except RuleError:  # the clock cannot go on (nobody able to act): a fight that cannot end
            return UNFINISHED, fight.round, _ends(rules, enc, enc)
        enc = _react(rules, enc, source, kit, tactics)
    fight = enc.fight
    rounds = fight.round if fight is not None else 0
    try:
        ended = rules.end(enc, source).encounter
    except (RuleError, ValueError):
        ended = enc
    live = sides_standing(rules, enc)
    winner = next(iter(live)) if live else DRAW
    return winner, rounds, _ends(rules, enc, ended)


def _moves(rules: SystemRules, enc: Encounter, source: Any, kit: Tactics, tactics: Mapping[str, Tactic],
           name: str) -> Encounter:
    for _i in range(MOVES_PER_TURN):
        after = _try(rules, enc, source, kit.choices(rules, enc, name, tactics))
        if after is None:
            break
        enc = _react(rules, after, source, kit, tactics)
        if _fought_out(rules, enc):
            break
    return enc


def _ends(rules: SystemRules, last: Encounter, ended: Encounter) -> tuple[tuple[int, int], ...]:
    out = []
    for c in ended.combatants:
        if c.status == DEAD:
            end = 2
        else:
            before = next((b for b in last.combatants if b.name == c.name), c)
            end = 0 if rules.status(before).standing and rules.status(c).standing else 1
        out.append((end, c.resources.get("hp", 0)))
    return tuple(out)


@datatype(frozen=True)
class Summary:
    """What many runs came to, as integer counts (merged in any order, the same sums)."""

    names: tuple[str, ...]
    sides: tuple[str, ...]
    runs: int = 0
    #: side, DRAW or UNFINISHED -> runs
    wins: Mapping[str, int] = field(default_factory=dict)
    #: rounds -> runs that ended after that many (unfinished ones left out)
    rounds: Mapping[int, int] = field(default_factory=dict)
    #: per combatant (roster order): runs it ended standing, down, dead
    ends: tuple[tuple[int, int, int], ...] = ()
    #: per combatant: the sum of its HP at the end over all runs
    hp: tuple[int, ...] = ()

    def merge(self, other: Summary) -> Summary:
        if not other.runs:
            return self
        if not self.runs:
            return other
        wins = Counter(self.wins)
        wins.update(other.wins)
        rounds = Counter(self.rounds)
        rounds.update(other.rounds)
        return Summary(self.names, self.sides, self.runs + other.runs, dict(wins), dict(rounds),
                       tuple(tuple(a + b for a, b in zip(x, y, strict=True))  # type: ignore[misc]
                             for x, y in zip(self.ends, other.ends, strict=True)),
                       tuple(a + b for a, b in zip(self.hp, other.hp, strict=True)))


def empty_summary(enc: Encounter) -> Summary:
    names = enc.names
    return Summary(names, tuple(c.side for c in enc), 0, {}, {}, tuple((0, 0, 0) for _n in names),
                   tuple(0 for _n in names))


def summarize(enc: Encounter, runs: Iterable[Run]) -> Summary:
    wins: Counter[str] = Counter()
    rounds: Counter[int] = Counter()
    size = len(enc.combatants)
    ends = [[0, 0, 0] for _i in range(size)]
    hp = [0] * size
    count = 0
    for winner, played, people in runs:
        count += 1
        wins[winner] += 1
        if winner != UNFINISHED:
            rounds[played] += 1
        for i, (end, left) in enumerate(people):
            ends[i][end] += 1
            hp[i] += left
    return Summary(enc.names, tuple(c.side for c in enc), count, dict(wins), dict(rounds),
                   tuple((a, b, c) for a, b, c in ends), tuple(hp))


def run_seed(seed: int, index: int) -> int:
    """The seed of run ``index`` of a simulation seeded ``seed``."""
    return (seed << 32) | index


def prepare(enc: Encounter, asked: Mapping[str, str] = {}) -> tuple[SystemRules, Tactics, dict[str, Tactic]]:
    """What the runs need: the quiet rules, the system's tactics, each combatant's tactic;
    refuses a roster with nobody to fight."""
    kit = tactics_of(enc.system)
    tactics = assign(enc, kit, asked)
    rules = quiet(system_rules(enc.system))
    if enc.fight is None and len({c.side for c in enc}) < 2:
        raise SimulationError(_("nobody to fight: the roster needs combatants on both sides"))
    return rules, kit, tactics


def run_block(enc: Encounter, asked: Mapping[str, str], seed: int, start: int, stop: int,
              cap: int = ROUND_CAP) -> Summary:
    """Runs ``start`` .. ``stop - 1`` of the simulation seeded ``seed``, summed up."""
    rules, kit, tactics = prepare(enc, asked)
    return summarize(enc, (play(rules, enc, RandomSource(run_seed(seed, i)), kit, tactics, cap)
                           for i in range(start, stop)))


def run_block_doc(doc: Mapping[str, Any], asked: Mapping[str, str], seed: int, start: int, stop: int,
                  cap: int = ROUND_CAP) -> Summary:
    """:func:`run_block` from a session document (what a worker process is handed)."""
    return run_block(encounter_from_doc(doc, system_rules(str(doc.get("system")))), asked, seed, start, stop, cap)
