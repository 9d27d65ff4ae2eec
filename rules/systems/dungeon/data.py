"""The dungeon's own data on combatants, turns and the fight, as the codec reads it.

Kept apart from the fight rules so that checking a session file (every command
reads one) never loads the fight: the rules object delegates here too.
"""

from __future__ import annotations

from rules.systems.dungeon import fightdata


class Decoders:
    """The three ``decode_*_data`` methods of the contract, and nothing else."""

    decode_combatant_data = staticmethod(fightdata.decode_combatant)
    decode_fight_data = staticmethod(fightdata.decode_fight)
    decode_turn_data = staticmethod(fightdata.decode_turn)


DECODERS = Decoders()
