"""What the toy's events say: event kind -> words (the core's table says the rest)."""


def _loud(text, f):
    """In a loud fight (``fight start --loud``) each of the toy's lines ends in a squeak."""
    return f"{text} Squeak!" if f.get("loud") else text


def _times(n, word):
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _health(f):
    return f"(HP {f['hp_before']} -> {f['hp_after']})"


MESSAGES = {
    "poke": lambda f, view: _loud(f"{f['poker']} pokes {f['target']} for {f['die']} {_health(f)}.", f),
    "turn": lambda f, view: _loud(f"Turn: {f['name']}.", f),
    "lined_up": lambda f, view: _loud(f"The toys line up: {', '.join(f['order'])}.", f),
    "joined": lambda f, view: _loud(f"{f['name']} cuts in at the front.", f),
    "stuck": lambda f, view: _loud(f"{f['name']} picks up a stray marble ({f['marbles']} now).", f),
    "rolls_away": lambda f, view: _loud(f"{f['name']}'s pockets are full: the marble rolls away.", f),
    "peeled": lambda f, view: _loud(f"Peeling {f['effect']} off stings {f['name']} {_health(f)}.", f),
    "steady": lambda f, view: f"{f['name']} is steady again.",
    "smoothed": lambda f, view: f"Overnight {f['name']}'s {_times(f['dents'], 'dent')} smooth out.",
    "wound_up": lambda f, view: f"{f['name']} is wound up and cheers up.",
    "fight_ended": lambda f, view: f"The toys go back in the box after {_times(f['rounds'], 'round')}.",
}
