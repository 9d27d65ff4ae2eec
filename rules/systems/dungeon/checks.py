"""Dungeon checks: skills, d20 checks with advantage, d10 saving throws.

DG-SKILL-1, DG-CHECK-1, DG-ADV-1, DG-SAVE-1.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.die import Die, roll
from rules.core.errors import NotFound, RuleError, UnknownNameError
from rules.core.names import Names
from rules.core.sheet import UnknownStat
from rules.dice.datatypes import datatype
from rules.dice.sources import DiceSource
from rules.i18n import N_, _
from rules.systems.dungeon.common import (
    ADVANTAGE_CAP,
    ADVANTAGE_STEP,
    BODY,
    CHARISMA,
    MIND,
    REACTION,
    STAT_KEYS,
    require_non_negative,
)
from rules.systems.dungeon.sheet import SHEET

CHECK_DIE = 20
SAVE_DIE = 10

#: a natural face that decides the roll whatever the modifiers (DG-CHECK-1)
NATURAL_RESULTS = {1: False, CHECK_DIE: True}


@datatype(frozen=True, slots=True)
class Skill:
    """A skill of the seed's list (DG-SKILL-1) and the stats it may use."""

    key: str
    name_ru: str
    name_en: str
    #: stats the skill may use; with more than one the higher value counts
    stats: tuple[str, ...]


SKILLS = (
    Skill("athletics", "Атлетика", N_("Athletics"), (BODY,)),
    Skill("acrobatics", "Акробатика", N_("Acrobatics"), (BODY,)),
    Skill("sleight_of_hand", "Ловкость рук", N_("Sleight of hand"), (REACTION,)),
    Skill("stealth", "Скрытность", N_("Stealth"), (REACTION,)),
    Skill("perception", "Зоркость", N_("Perception"), (REACTION,)),
    Skill("history", "История", N_("History"), (MIND,)),
    Skill("arcana", "Магия", N_("Arcana"), (MIND,)),
    Skill("nature", "Природа", N_("Nature"), (MIND,)),
    Skill("investigation", "Расследование", N_("Investigation"), (MIND,)),
    Skill("religion", "Религия", N_("Religion"), (MIND,)),
    Skill("survival", "Выживание", N_("Survival"), (MIND,)),
    Skill("medicine", "Медицина", N_("Medicine"), (MIND,)),
    Skill("insight", "Проницательность", N_("Insight"), (MIND,)),
    Skill("performance", "Выступление", N_("Performance"), (CHARISMA,)),
    # the seed lists "Харизма / Телосложение"; the higher of the two counts [I]
    Skill("intimidation", "Запугивание", N_("Intimidation"), (CHARISMA, BODY)),
    Skill("deception", "Обман", N_("Deception"), (CHARISMA,)),
    Skill("persuasion", "Убеждение", N_("Persuasion"), (CHARISMA,)),
)

_SKILLS_BY_KEY = {skill.key: skill for skill in SKILLS}
SKILL_NAMES = Names("skill", {s.key: (s.name_ru, s.name_en, s.key) for s in SKILLS})


def find_skill(name: str) -> Skill:
    """``"Атлетика"``, ``"athletics"``, ``"ловкость  рук"`` ... -> the skill.

    Raises :class:`rules.core.errors.UnknownNameError` (a ``ValueError``) with
    "did you mean" suggestions for a name that matches no skill.
    """
    return _SKILLS_BY_KEY[SKILL_NAMES.key(name)]


def skill_stat(name: str, stats: Mapping[str, int]) -> str:
    """The stat key a skill check uses for a character with ``stats``.

    A skill with two stats (Intimidation) takes the higher; on a tie the one
    the seed names first (ХАР).
    """
    skill = find_skill(name)
    missing = [key for key in skill.stats if key not in stats]
    if missing:
        raise ValueError(_("{skill} needs the stats {stats}").format(skill=skill.name_en, stats=", ".join(missing)))
    return max(skill.stats, key=lambda key: (stats[key], -skill.stats.index(key)))


#: the stats a check or a saving throw names directly
PRIMARY = STAT_KEYS


def check_subject(text: str) -> tuple[str, Skill | None]:
    """A primary stat key, or the skill a check uses (DG-SKILL-1)."""
    try:
        key = SHEET.resolve(text)
    except UnknownStat as stat_error:
        try:
            return "", find_skill(text)
        except UnknownNameError as skill_error:
            suggestions = dict.fromkeys(stat_error.suggestions + skill_error.suggestions)
            raise NotFound(N_("stat or skill"), text, list(suggestions)[:3]) from None
    if key not in PRIMARY:
        raise RuleError(_("checks use {stats} or a skill, not {key}").format(stats=", ".join(PRIMARY), key=key),
                        rule="DG-CHECK-1")
    return key, None


def advantage_modifier(advantages: int = 0, disadvantages: int = 0) -> int:
    """+5 per advantage, -5 per disadvantage, the net held within +-10 (DG-ADV-1)."""
    require_non_negative(advantages=advantages, disadvantages=disadvantages)
    net = ADVANTAGE_STEP * (advantages - disadvantages)
    return max(-ADVANTAGE_CAP, min(ADVANTAGE_CAP, net))


@datatype(frozen=True, slots=True)
class D20Result:
    """What a d20 against a target number came to; checks and hits share it."""

    die: Die
    advantage: int
    total: int
    success: bool
    #: 1 or 20 when the natural face decided the roll, else None
    natural: int | None


def roll_d20(
    source: DiceSource,
    purpose: str,
    modifier: int,
    advantages: int,
    disadvantages: int,
    target: int,
) -> D20Result:
    """d20 + modifier + advantage >= target, a natural 1 or 20 overriding."""
    advantage = advantage_modifier(advantages, disadvantages)
    die = roll(source, CHECK_DIE, purpose)
    total = die.face + modifier + advantage
    natural = die.face if die.face in NATURAL_RESULTS else None
    success = NATURAL_RESULTS[die.face] if natural is not None else total >= target
    return D20Result(die, advantage, total, success, natural)


@datatype(frozen=True, slots=True)
class CheckOutcome:
    """A check (DG-CHECK-1): the d20, the stat and modifiers, the difficulty, the result."""

    die: Die
    stat: int
    bonus: int
    advantages: int
    disadvantages: int
    #: the clamped advantage modifier actually added
    advantage: int
    total: int
    dc: int
    success: bool
    natural: int | None
    #: set when the check came from a skill or named stat
    stat_key: str | None = None
    skill: str | None = None

    @property
    def dice(self) -> tuple[Die, ...]:
        return (self.die,)


def check(
    source: DiceSource,
    stat: int,
    dc: int,
    *,
    bonus: int = 0,
    advantages: int = 0,
    disadvantages: int = 0,
    stat_key: str | None = None,
    skill: str | None = None,
) -> CheckOutcome:
    """DG-CHECK-1: d20 + stat (+ bonus, + advantage) >= dc succeeds."""
    result = roll_d20(source, "check", stat + bonus, advantages, disadvantages, dc)
    return CheckOutcome(
        die=result.die,
        stat=stat,
        bonus=bonus,
        advantages=advantages,
        disadvantages=disadvantages,
        advantage=result.advantage,
        total=result.total,
        dc=dc,
        success=result.success,
        natural=result.natural,
        stat_key=stat_key,
        skill=skill,
    )


def skill_check(
    source: DiceSource,
    skill: str,
    stats: Mapping[str, int],
    dc: int,
    *,
    bonus: int = 0,
    advantages: int = 0,
    disadvantages: int = 0,
) -> CheckOutcome:
    """A check with the stat the skill uses (DG-SKILL-1, DG-CHECK-1)."""
    key = skill_stat(skill, stats)
    return check(
        source,
        stats[key],
        dc,
        bonus=bonus,
        advantages=advantages,
        disadvantages=disadvantages,
        stat_key=key,
        skill=find_skill(skill).key,
    )


@datatype(frozen=True, slots=True)
class SaveOutcome:
    """A saving throw: the d10 against the stat plus the master's modifier."""

    die: Die
    stat: int
    #: the master's bonus (+) or penalty (-), added to the stat
    modifier: int
    #: the highest face that still saves
    target: int
    success: bool

    @property
    def dice(self) -> tuple[Die, ...]:
        return (self.die,)


def saving_throw(source: DiceSource, stat: int, *, modifier: int = 0) -> SaveOutcome:
    """DG-SAVE-1: 1d10 <= stat + modifier saves; no natural faces [I]."""
    die = roll(source, SAVE_DIE, "save")
    target = stat + modifier
    return SaveOutcome(die, stat, modifier, target, die.face <= target)
