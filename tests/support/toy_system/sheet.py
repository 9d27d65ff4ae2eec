"""The toy's sheet: max HP (TOY-1), the pockets it gives (TOY-MARBLE-1), and HP now."""

from rules.core.sheet import Derived, Resource, Sheet, Stat

HP_MAX = Stat(key="hp_max", ru=("жизни",), en=("hp max",), default=6, minimum=1, description="maximum HP",
              rule="TOY-1")

SHEET = Sheet(
    system="toy",
    title="Toy",
    stats=(HP_MAX,),
    derived=(Derived(key="pockets", ru=("карманы",), en=("pockets",), formula="hp max x 2",
                     compute=lambda v: v[HP_MAX] * 2, minimum=0, description="marbles a toy can carry",
                     rule="TOY-MARBLE-1"),),
    resources=(Resource(key="hp", ru=("жизнь",), en=("health",), start="hp_max", cap="hp_max",
                        description="HP now", rule="TOY-1"),),
)
