"""Perks as data: a small vocabulary of effects a master writes in the session file.

A champion's ``data.perks`` lists perks, each a preset's id (``"twin_blades"``)
or a table of vocabulary keys (TW-PERK-1)::

    perks = ["twin_blades", {name = "Мастер меча", attack_dice = 2}]

Passive keys change pools, AP, thresholds and stages; a perk with a ``cost``
is a special action (TW-SPEC-1) declared with ``declare NAME special PERK``.
The words each key takes are in :data:`KEYS`; docs/twilight.md lists them
with the presets.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.errors import DocumentError
from rules.core.names import name_key
from rules.dice.datatypes import datatype
from rules.i18n import _

Path = tuple[str | int, ...]

# what a special action does (the ``effect`` key)
ATTACK = "attack"  # an attack roll with the main weapon (countered, blocked by full defense; TW-SPEC-2)
DAMAGE = "damage"  # fixed damage to its target, not with the main weapon (bypasses counter and full defense)
FULL_DEFENSE = "full_defense"  # TW-FULL-1
ABSOLUTE_DEFENSE = "absolute_defense"  # TW-ABS-1
EXTEND = "extend"  # the fight lasts 4 rounds (TW-STAGE-1)
ENDGAME = "endgame"  # the endgame starts after this round (the samurai's way)
DODGE = "dodge"  # the master's d100 <= chance: every attack on the bearer this round misses (the amazon's dance)
SHIELD = "shield"  # the first attack on the bearer by initiative is cancelled (a fallen legend's shield)
REFLECT = "reflect"  # ... and turned on its attacker, against the attacker's own best defense
DEADLY_BLOCK = "deadly_block"  # the first deadly strike on the bearer this round does not put it AT DEATH
COPY = "copy"  # the bearer's first attack roll this round, dice and all, also strikes the special's target
CANCEL = "cancel"  # the target's first special action of the round is void (battle sense)
SIGHT = "sight"  # the master shows the bearer every declaration of the target for the rest of the fight
FINISHER = "finisher"  # the target, if the round leaves it out of the fight, goes AT DEATH instead (the barrier)
NOTE = "note"  # anything else: shown to the master, settled by hand
SPECIAL_EFFECTS = (ATTACK, DAMAGE, FULL_DEFENSE, ABSOLUTE_DEFENSE, EXTEND, ENDGAME, DODGE, SHIELD, REFLECT,
                   DEADLY_BLOCK, COPY, CANCEL, SIGHT, FINISHER, NOTE)

IMMUNITIES = ("poison", "bleeding", "energy")  # TW-IMM-1


@datatype(frozen=True)
class Perk:
    """One perk: passive changes, and (with a ``cost``) a special action."""

    id: str
    name: str
    #: free attack rolls a round (TW-PERK-1: the nomad's second blade); none in the endgame
    extra_attacks: int = 0
    #: the weapon (1, 2 ...) the free attacks use; 0 = any
    extra_attack_weapon: int = 0
    #: the free attacks only against a target of another faith (the paladin's heretics)
    extra_attack_heretic: bool = False
    attack_dice: int = 0
    defense_dice: int = 0
    counter_dice: int = 0
    #: raises the weapon's base dice: attack and counter rolls (TW-CTR-1)
    weapon_dice: int = 0
    immune: tuple[str, ...] = ()
    #: fight rounds this champion's presence allows (4 at most, TW-STAGE-1)
    fight_rounds: int = 0
    #: a champion this one brings AT DEATH dies without the d100 (the samurai, TW-DEATH-1)
    kills_outright: bool = False
    #: rises once a fight at 1 HP instead of going AT DEATH; never after an endgame defeat
    #: or in a resonance round (TW-REVIVE-1)
    rebirth: bool = False
    #: energy every other champion loses each fight round (the death knight's grip)
    energy_aura: int = 0
    #: conditions (TW-COND-1) do not touch this champion ("Грамотный воин"), never the gods'
    ignores_conditions: bool = False
    #: special action: AP it costs (1 or 2); 0 = a passive perk
    cost: int = 0
    effect: str = ""
    #: damage of a ``damage`` special, to each target
    damage: int = 0
    #: a ``dodge`` works on the master's d100 at most this (1-100)
    chance: int = 0
    #: AP the special's target loses in the next fight round (the reaper's mantle)
    ap_loss: int = 0
    #: deadly strikes a fight this champion shrugs off (the damage still lands)
    deadly_blocks: int = 0
    #: usable in the approach only (TW-SPEC-1)
    tactical: bool = False
    #: usable in the endgame (TW-END-1 "unless the perk says so")
    endgame: bool = False
    #: a directed special names its target
    targeted: bool = False

    @property
    def special(self) -> bool:
        return self.cost > 0 or bool(self.effect)


_INT_KEYS = ("extra_attacks", "extra_attack_weapon", "attack_dice", "defense_dice", "counter_dice",
             "weapon_dice", "fight_rounds", "energy_aura", "cost", "damage", "chance", "ap_loss", "deadly_blocks")
_BOOL_KEYS = ("extra_attack_heretic", "kills_outright", "rebirth", "ignores_conditions", "tactical", "endgame",
              "targeted")
#: every key of a perk table -> what it takes
KEYS: dict[str, str] = {"name": "text", "effect": "one of " + ", ".join(SPECIAL_EFFECTS),
                        "immune": "list of " + ", ".join(IMMUNITIES),
                        **dict.fromkeys(_INT_KEYS, "whole number"), **dict.fromkeys(_BOOL_KEYS, "true/false")}


def _preset(pid: str, name: str, **keys: Any) -> Perk:
    return Perk(id=pid, name=name, **keys)


#: the classes' perks the seed's examples use (TW-PERK-1), by id
PRESETS: dict[str, Perk] = {p.id: p for p in (
    _preset("twin_blades", "Два клинка", extra_attacks=1, extra_attack_weapon=2),
    _preset("heretic_bane", "Гроза иноверцев", extra_attacks=1, extra_attack_heretic=True),
    _preset("bee_sting", "Жалит как пчела", cost=1, effect=ATTACK, targeted=True),
    _preset("life_drain", "Высос жизни", cost=1, effect=DAMAGE, damage=1, targeted=True),
    _preset("death_grip", "Хватка смерти", energy_aura=1),
    _preset("shadow_mantle", "Мантия тени", cost=2, effect=ABSOLUTE_DEFENSE, ap_loss=1),
    _preset("twilight_step", "Шаг в сумрак", cost=2, effect=ABSOLUTE_DEFENSE),
    _preset("full_defense", "Глухая оборона", cost=2, effect=FULL_DEFENSE),
    _preset("control_zone", "Зона контроля", cost=1, effect=EXTEND, tactical=True),
    _preset("samurai", "Самурай", kills_outright=True),
    _preset("samurai_way", "Путь самурая", cost=2, effect=ENDGAME, targeted=True),
    _preset("seasoned_warrior", "Грамотный воин", ignores_conditions=True),
    _preset("risen", "Восставший из мёртвых", rebirth=True),
    _preset("throwing_knife", "Метательный кинжал", cost=1, effect=DAMAGE, damage=2, targeted=True),
    _preset("deadly_dance", "Смертельный танец", cost=1, effect=DODGE, chance=50),
    _preset("shamans_sight", "Дальновидность шаманов", cost=1, effect=SIGHT, tactical=True, targeted=True),
    _preset("mirror", "Отражение", cost=1, effect=REFLECT),
    _preset("deadly_block", "Блок смертельного удара", deadly_blocks=1),
    _preset("twilight_shadow", "Сумеречная тень", cost=1, effect=COPY, targeted=True),
    _preset("battle_sense", "Боевое чутьё", cost=1, effect=CANCEL, targeted=True),
)}

#: what every champion may do behind the magic barrier (TW-COND-1): throw a beaten opponent into it
BARRIER_THROW = Perk(id="barrier_throw", name="Бросок в барьер", cost=1, effect=FINISHER, targeted=True)


def decode_perk(raw: Any, path: Path) -> Perk:
    """A preset's id or a perk table; DocumentError at ``path`` for anything else."""
    if isinstance(raw, str):
        wanted = name_key(raw)
        for perk in PRESETS.values():
            if wanted in (name_key(perk.id), name_key(perk.name)):
                return perk
        raise DocumentError(path, _("no perk preset {name!r}; presets: {presets}, or write a table of perk "
                                    "keys").format(name=raw, presets=", ".join(PRESETS)))
    if not isinstance(raw, Mapping):
        raise DocumentError(path, _("a perk is a preset's id or a table, got {value!r}").format(value=raw))
    values: dict[str, Any] = {}
    for key, value in raw.items():
        where = path + (key,)
        if key not in KEYS:
            raise DocumentError(where, _("unknown perk key; known: {known}").format(known=", ".join(KEYS)))
        if key in _INT_KEYS:
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise DocumentError(where, _("must be a whole number 0 or more, got {value!r}").format(value=value))
        elif key in _BOOL_KEYS:
            if not isinstance(value, bool):
                raise DocumentError(where, _("must be true or false, got {value!r}").format(value=value))
        elif key == "effect":
            if value not in SPECIAL_EFFECTS:
                raise DocumentError(where, _("must be one of {options}, got {value!r}").format(
                    options=", ".join(SPECIAL_EFFECTS), value=value))
        elif key == "immune":
            if not isinstance(value, list) or any(v not in IMMUNITIES for v in value):
                raise DocumentError(where, _("must be a list of {options}, got {value!r}").format(
                    options=", ".join(IMMUNITIES), value=value))
            value = tuple(value)
        elif not isinstance(value, str) or not value.strip():
            raise DocumentError(where, _("must be the perk's name"))
        values[key] = value
    if "name" not in values:
        raise DocumentError(path + ("name",), _("a perk table needs a name"))
    if values.get("cost", 0) > 2:
        raise DocumentError(path + ("cost",), _("a special action costs 1 or 2 AP (TW-SPEC-1)"))
    if values.get("effect") == DODGE and not values.get("chance"):
        raise DocumentError(path + ("chance",), _("a dodge needs its chance: it works on a d100 at most this"))
    if values.get("chance", 0) > 100:
        raise DocumentError(path + ("chance",), _("a chance is a d100 face: 1 to 100"))
    if values.get("fight_rounds", 0) > 4:
        raise DocumentError(path + ("fight_rounds",), _("a fight lasts 4 rounds at most (TW-STAGE-1)"))
    if values.get("effect") and not values.get("cost") and values["effect"] != NOTE:
        values["cost"] = 1
    return Perk(id=values["name"], **values)


def decode_perks(raw: Any, path: Path) -> tuple[Perk, ...]:
    if not isinstance(raw, list):
        raise DocumentError(path, _("perks is a list of preset ids or perk tables"))
    return tuple(decode_perk(item, path + (i,)) for i, item in enumerate(raw))


def find_perk(perks: tuple[Perk, ...], query: str) -> Perk | None:
    wanted = name_key(query)
    exact = [p for p in perks if wanted in (name_key(p.id), name_key(p.name))]
    if exact:
        return exact[0]
    prefix = [p for p in perks if name_key(p.name).startswith(wanted) or name_key(p.id).startswith(wanted)]
    return prefix[0] if len(prefix) == 1 else None
