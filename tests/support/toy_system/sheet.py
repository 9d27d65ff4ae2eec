from rules.core.sheet import Resource, Sheet, Stat

SHEET = Sheet(
    system="toy",
    title="Toy",
    stats=(Stat(key="hp_max", ru=("жизни",), en=("hp max",), default=6, minimum=1, description="maximum HP",
                rule="TOY-1"),),
    resources=(Resource(key="hp", ru=("жизнь",), en=("health",), start="hp_max", cap="hp_max",
                        description="HP now", rule="TOY-1"),),
)
