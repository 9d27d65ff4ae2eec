from rules.core.sheet import Resource, Sheet, Stat

SHEET = Sheet(
    system="relay",
    title="Relay",
    stats=(Stat(key="hp_max", ru=("жизни",), en=("hp max",), default=6, minimum=1, description="maximum HP",
                rule="RELAY-1"),
           Stat(key="init", ru=("инициатива",), en=("initiative",), default=1, minimum=0,
                description="higher acts first; equal values act together", rule="RELAY-2")),
    resources=(Resource(key="hp", ru=("жизнь",), en=("health",), start="hp_max", cap="hp_max",
                        description="HP now", rule="RELAY-1"),),
)
