from rules.core.sheet import Resource, Sheet, Stat

SHEET = Sheet(
    system="duel",
    title="Duel",
    stats=(Stat(key="hp_max", ru=("жизни",), en=("hp max",), default=6, minimum=1, description="maximum HP",
                rule="DUEL-1"),),
    resources=(Resource(key="hp", ru=("жизнь",), en=("health",), start="hp_max", cap="hp_max",
                        description="HP now", rule="DUEL-1"),),
)
