"""TOY-ODDS-1: the exact odds of a poke, through the toy's own rule (``rules._poke``):
the package's ``odds`` module, which ``ttcli odds`` finds as it finds every system's.
"""

from fractions import Fraction

from rules.core.state import find
from rules.odds.actions import ActionOdds, Chance, Law, enumerate_dice

from .rules import RULES, _poke


def attack(enc, attacker, target):
    """A poke (TOY-POKE-1) played once per face of its d6: the damage, and the chance the target drops."""
    poker, poked = find(enc, attacker), find(enc, target)
    hp = enc.get(poked).resources.get("hp", 0)

    def run(source):
        done = _poke(RULES, enc, source, poker, poked).event
        return done["damage"], done["hp_after"]

    results = enumerate_dice(run)
    drops = sum((p for (_damage, after), p in results.items() if after == 0), Fraction(0))
    law = Law.of((damage, p) for (damage, _after), p in results.items())
    return ActionOdds("attack", f"{poker} pokes {poked}: a d6 against HP {hp}",
                      (Chance("drop", f"{poked} drops to 0 HP", drops),), law, "damage dealt",
                      facts=(("attacker", poker), ("target", poked), ("hp", hp)))


ODDS = {"attack": attack}
