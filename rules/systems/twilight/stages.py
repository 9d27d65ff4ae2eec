"""The stages of a twilight fight and what each round brings (TW-STAGE-1, TW-COND-1, TW-GODS-1).

The fight's own data (``Fight.data``) keeps: ``fight_round`` (fight rounds
begun, the approach is not one), ``max_rounds`` (3, or 4 once extended),
``condition`` and ``storm_round``, ``chaos`` (this round's Twilight d10s),
``cycles`` and ``score`` (mass endgame cycles, the gods' best of three),
``fallen`` (in the order they fell), ``loser``, ``winners`` and ``draw`` for the
choice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.systems.twilight.champion import Circumstances

# the conditions' words, read here by the stages' users as st.RAIN ...
from rules.systems.twilight.vocabulary import BARRIER as BARRIER
from rules.systems.twilight.vocabulary import CONDITIONS as CONDITIONS
from rules.systems.twilight.vocabulary import NONE as NONE
from rules.systems.twilight.vocabulary import RAIN as RAIN
from rules.systems.twilight.vocabulary import RANDOM as RANDOM
from rules.systems.twilight.vocabulary import STORM as STORM

APPROACH, FIGHT, ENDGAME, CHOICE, OVER = "approach", "fight", "endgame", "choice", "over"
STAGES = (APPROACH, FIGHT, ENDGAME, CHOICE, OVER)

# special conditions (TW-COND-1), by the master's d10


def condition_of_d10(face: int) -> str:
    """1-3 none, 4-5 rain, 6 storm, 7-8 random weapons, 9-10 barrier (TW-COND-1)."""
    return {1: NONE, 2: NONE, 3: NONE, 4: RAIN, 5: RAIN, 6: STORM, 7: RANDOM, 8: RANDOM}.get(face, BARRIER)


# the Twilight of the Gods' chaos effects (TW-GODS-1), by the second d10
RESONANCE, EUPHORIA, FLASH, OVERLOAD, MARCH, LEGENDS, FOG, FATES = (
    "resonance", "euphoria", "flash", "overload", "march", "legends", "fog", "fates")
HIDDEN_CHAOS = (RESONANCE, FOG)


def chaos_of_d10(face: int) -> str:
    return {1: RESONANCE, 2: EUPHORIA, 3: FLASH, 4: OVERLOAD, 5: MARCH, 9: FOG, 10: FATES}.get(face, LEGENDS)


def chaos(fight_data: Mapping[str, Any]) -> str:
    """This round's chaos effect, or ``""``."""
    table = fight_data.get("chaos")
    return str(table.get("effect", "")) if isinstance(table, Mapping) else ""


def circumstances(fight_data: Mapping[str, Any], stage: str) -> tuple[Circumstances, ...]:
    """What the round's condition and chaos do to pools and AP (TW-COND-1, TW-GODS-1)."""
    out = []
    if stage == FIGHT:
        cond = fight_data.get("condition", NONE)
        if cond == RAIN:
            out.append(Circumstances(defense=-2, from_condition=True))
        elif cond == STORM and fight_data.get("storm_round") == fight_data.get("fight_round"):
            out.append(Circumstances(defense=-3, attack=1, from_condition=True))
        effect = chaos(fight_data)
        if effect == OVERLOAD:
            out.append(Circumstances(attack=-2, defense=-2, counter=-2, ap=-1))
        elif effect == FLASH:
            out.append(Circumstances(ap=1))
    return tuple(out)


def specials_blocked(fight_data: Mapping[str, Any], stage: str) -> str:
    """Why no special action may be declared now, or ``""`` (TW-SPEC-1)."""
    if stage == ENDGAME:
        return "endgame"
    if fight_data.get("condition") == BARRIER:
        return "barrier"
    if fight_data.get("condition") == STORM and fight_data.get("storm_round") == fight_data.get("fight_round"):
        return "storm"
    if chaos(fight_data) == OVERLOAD:
        return "overload"
    return ""


def special_cost(fight_data: Mapping[str, Any], cost: int) -> int:
    """Euphoria makes specials free (TW-GODS-1)."""
    return 0 if chaos(fight_data) == EUPHORIA else cost


def legend_text(unspent: int, total: int) -> str:
    """``300 (600)``: unspent, then the total ever earned (TW-LEG-1)."""
    return f"{unspent} ({total})"


def free_points(total: int) -> int:
    """One free point for every 200 legend earned (TW-LEG-1)."""
    return total // 200
