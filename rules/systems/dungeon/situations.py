"""What the situation adds to a dungeon hit roll, term by term (DG-ADV-1, DG-PRONE-1).

A hit roll shows every modifier with its reason (``d20 12 + 4 reaction - 5
target in cover - 5 dim light = 6``), so the players can follow it.  The
terms come from :func:`hit_modifiers`; the hit roll adds them up.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from rules.core.errors import NotFound, RuleError, UnknownNameError
from rules.core.names import Names
from rules.dice.datatypes import datatype
from rules.i18n import N_, _
from rules.systems.dungeon import fightdata
from rules.systems.dungeon.common import ADVANTAGE_CAP, ADVANTAGE_STEP, require_non_negative

if TYPE_CHECKING:
    from rules.core.state import Combatant

MELEE = "melee"
RANGED = "ranged"
ATTACK_KINDS = (MELEE, RANGED)

BRIGHT = "bright"
DIM = "dim"
DARK = "dark"
LIGHTS = (BRIGHT, DIM, DARK)
#: disadvantages a target's lighting gives every attack on it
_LIGHT_DISADVANTAGES = {BRIGHT: 0, DIM: 1, DARK: 2}
_INVISIBLE_DISADVANTAGES = 2

#: reasons as they appear in the terms (stable keys for JSON and translation)
REACTION = "reaction"
BONUS = "bonus"
TARGET_PRONE = "target prone"
TARGET_IN_COVER = "target in cover"
ATTACKER_PRONE = "attacker prone"
DIM_LIGHT = "dim light"
DARKNESS = "darkness"
INVISIBLE = "target invisible"
ADVANTAGE = "advantage"
DISADVANTAGE = "disadvantage"
FATIGUE_ADVANTAGE = "advantage bought with fatigue"
CAP = "advantage cap"


@datatype(frozen=True, slots=True)
class Term:
    """One modifier of a roll: how much, and why."""

    amount: int
    reason: str


@datatype(frozen=True, slots=True)
class Situation:
    """Where attacker and target are, as the seed's situations name them.

    Defaults are the plain case: both standing, no cover, bright light,
    the target visible.
    """

    attacker_prone: bool = False
    target_prone: bool = False
    target_in_cover: bool = False
    light: str = BRIGHT
    target_invisible: bool = False

    def __post_init__(self) -> None:
        if self.light not in _LIGHT_DISADVANTAGES:
            raise ValueError(_("light is one of {allowed}, not {light!r}").format(
                allowed=", ".join(LIGHTS), light=self.light))


#: words a master types for the situations (``--situation укрытие``)
SITUATION_NAMES = Names(
    N_("attack situation"),
    {
        "target_prone": ("target prone", "prone target", "цель лежит", "лежит", "лежачий"),
        "target_in_cover": ("cover", "in cover", "укрытие", "в укрытии"),
        "attacker_prone": ("attacker prone", "лежа", "атакующий лежит", "лёжа"),
        "dim": ("dim", "dim light", "полумрак", "в полумраке"),
        "dark": ("dark", "darkness", "темнота", "полная темнота", "в темноте"),
        "target_invisible": ("invisible", "невидим", "невидимый", "невидима", "невидимость"),
    },
)


def situation_from_words(words: Iterable[str], *, attacker_prone: bool = False,
                         target_prone: bool = False) -> Situation:
    """``["укрытие", "полумрак"]`` -> the situation; unknown words suggest known ones.

    ``attacker_prone`` and ``target_prone`` come from the tracked state
    (DG-PRONE-1); a word may add them as well.
    """
    found = {"attacker_prone": attacker_prone, "target_prone": target_prone,
             "target_in_cover": False, "target_invisible": False}
    light = BRIGHT
    for word in words:
        key = SITUATION_NAMES.key(word)
        if key in (DIM, DARK):
            # the darker of two lights counts
            light = key if _LIGHT_DISADVANTAGES[key] > _LIGHT_DISADVANTAGES[light] else light
        else:
            found[key] = True
    return Situation(light=light, **found)


def require_kind(kind: str) -> str:
    if kind not in ATTACK_KINDS:
        raise ValueError(_("an attack is {melee!r} or {ranged!r}, not {kind!r}").format(
            melee=MELEE, ranged=RANGED, kind=kind))
    return kind


def situation_terms(kind: str, situation: Situation) -> tuple[Term, ...]:
    """Advantages (+5) and disadvantages (-5) the situation gives (DG-ADV-1, DG-PRONE-1).

    A prone target: melee +5, ranged -5.  Cover: ranged -5 only (the seed
    names ranged attacks).  Attacking while prone: -5, melee and ranged.
    Dim light -5; darkness or invisibility -10, and both together still
    -10 [I] (the seed names them as one condition, "в полной темноте /
    невидима").
    """
    require_kind(kind)
    step = ADVANTAGE_STEP
    terms: list[Term] = []
    if situation.target_prone:
        terms.append(Term(step if kind == MELEE else -step, TARGET_PRONE))
    if situation.target_in_cover and kind == RANGED:
        terms.append(Term(-step, TARGET_IN_COVER))
    if situation.attacker_prone:
        terms.append(Term(-step, ATTACKER_PRONE))
    light = _LIGHT_DISADVANTAGES[situation.light]
    unseen = _INVISIBLE_DISADVANTAGES if situation.target_invisible else 0
    if unseen and unseen >= light:
        terms.append(Term(-step * unseen, INVISIBLE if situation.light != DARK
                          else f"{DARKNESS}, {INVISIBLE}"))
    elif light:
        terms.append(Term(-step * light, DIM_LIGHT if situation.light == DIM else DARKNESS))
    return tuple(terms)


@datatype(frozen=True, slots=True)
class HitModifiers:
    """Every modifier of one hit roll and what they add up to."""

    kind: str
    terms: tuple[Term, ...]
    #: advantages and disadvantages counted, situations and the master's together
    advantages: int
    disadvantages: int
    #: the advantage sum before the cap, and after it
    uncapped: int
    advantage: int
    #: the +5 bought with fatigue changed nothing (the cap threw it away)
    fatigue_wasted: bool

    @property
    def total(self) -> int:
        return sum(term.amount for term in self.terms)


def _capped(net: int, cap: int | None) -> int:
    return net if cap is None else max(-cap, min(cap, net))


def hit_modifiers(
    kind: str,
    situation: Situation = Situation(),  # noqa: B008 -- frozen, so one shared default is safe
    *,
    reaction: int = 0,
    bonus: int = 0,
    advantages: int = 0,
    disadvantages: int = 0,
    fatigue_advantage: bool = False,
    cap: int | None = ADVANTAGE_CAP,
) -> HitModifiers:
    """The terms a hit roll adds to the d20 (DG-HIT-1, DG-ADV-1, DG-PRONE-1).

    In order: the reaction (ranged only), the bonus from effects, each
    situation, the master's own advantages and disadvantages, the advantage
    bought with fatigue, and, when the net goes past ``cap``, one term that
    takes the excess back (``None``: no cap, the sum as it is).
    """
    require_kind(kind)
    require_non_negative(advantages=advantages, disadvantages=disadvantages)
    if cap is not None and cap < 0:
        raise ValueError(_("the advantage cap cannot be negative (got {cap})").format(cap=cap))
    terms: list[Term] = []
    if kind == RANGED and reaction:
        terms.append(Term(reaction, REACTION))
    if bonus:
        terms.append(Term(bonus, BONUS))
    situational = list(situation_terms(kind, situation))
    if advantages:
        situational.append(Term(ADVANTAGE_STEP * advantages, ADVANTAGE))
    if disadvantages:
        situational.append(Term(-ADVANTAGE_STEP * disadvantages, DISADVANTAGE))
    if fatigue_advantage:
        situational.append(Term(ADVANTAGE_STEP, FATIGUE_ADVANTAGE))
    terms.extend(situational)
    net = sum(term.amount for term in situational)
    capped = _capped(net, cap)
    if capped != net:
        terms.append(Term(capped - net, f"{CAP} +-{cap}"))
    plus = sum(t.amount for t in situational if t.amount > 0) // ADVANTAGE_STEP
    minus = -sum(t.amount for t in situational if t.amount < 0) // ADVANTAGE_STEP
    wasted = fatigue_advantage and _capped(net - ADVANTAGE_STEP, cap) == capped
    return HitModifiers(kind, tuple(terms), plus, minus, net, capped, wasted)


def require_fatigue_advantage_counts(
    kind: str,
    situation: Situation = Situation(),  # noqa: B008 -- frozen, so one shared default is safe
    *,
    advantages: int = 0,
    disadvantages: int = 0,
    cap: int | None = ADVANTAGE_CAP,
) -> int:
    """What the +5 bought with fatigue would add to this hit roll; refused when nothing.

    Call it before charging the fatigue (DG-FAT-1): with the advantages at
    the cap already (+10 of +-10), or the disadvantages so deep that +5
    still leaves the roll at -10, the bought advantage would be thrown away,
    so it is refused and no fatigue is spent.
    """
    without = hit_modifiers(kind, situation, advantages=advantages,
                            disadvantages=disadvantages, cap=cap)
    bought = hit_modifiers(kind, situation, advantages=advantages, disadvantages=disadvantages,
                           fatigue_advantage=True, cap=cap)
    gain = bought.advantage - without.advantage
    if gain <= 0:
        raise RuleError(
            _("the advantage bought with fatigue would add nothing: the advantages already come to {uncapped:+d}, held "
              "at {advantage:+d} by the +-{cap} cap; no fatigue was spent").format(
                uncapped=without.uncapped, advantage=without.advantage, cap=cap),
            rule="DG-FAT-1",
        )
    return gain


def situation_of(words: Sequence[str], attacker: Combatant, target: Combatant) -> Situation:
    """The attack's situation: the words typed, and who lies prone (DG-ADV-1, DG-PRONE-1)."""
    try:
        return situation_from_words(
            [w for text in words for w in _situation_words(text)],
            attacker_prone=fightdata.prone(attacker), target_prone=fightdata.prone(target))
    except UnknownNameError as err:
        # with nothing close, the master sees the words there are
        raise NotFound(N_("attack situation"), err.name, err.suggestions or _SITUATION_WORDS) from None


_SITUATION_WORDS = ("укрытие", "полумрак", "темнота", "невидимость", "cover", "dim", "dark", "invisible")


def _situation_words(text: str) -> list[str]:
    """``"укрытие полумрак"`` -> the situations it names; a two-word name
    (``dim light``, ``в укрытии``) is read as one, longest first."""
    words = text.replace(",", " ").split()
    found: list[str] = []
    i = 0
    while i < len(words):
        for size in (3, 2, 1):
            phrase = " ".join(words[i:i + size])
            if size == 1 or _known_situation(phrase):
                found.append(phrase)
                i += size
                break
    return found


def _known_situation(phrase: str) -> bool:
    try:
        SITUATION_NAMES.key(phrase)
    except UnknownNameError:
        return False
    return True
