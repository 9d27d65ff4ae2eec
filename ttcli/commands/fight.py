"""Fight commands: ``fight start|status|next|end``, the prompt, and the actions.

Each action is one call into ``rules.fight`` through ``ttcli.fighting``;
the prompt (``ttcli fight`` alone, or ``ttcli repl``) dispatches its lines to
these same commands.
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ..errors import CliError
from ..exitcodes import ExitCode
from .char import complete_combatant, complete_stat
from .options import FormatOpt, JsonOpt, pick_format

app = typer.Typer(help="Run a fight: start, status, next, end; alone it opens the combat prompt.",
                  invoke_without_command=True)
effect_app = typer.Typer(help="Add or remove timed effects (bleeding, poison, stun, burning, your own).",
                         no_args_is_help=True)

Name = Annotated[str, typer.Argument(help="Combatant (unique prefix, any case).",
                                     autocompletion=complete_combatant)]
PublicOpt = Annotated[bool, typer.Option("--public", help="The players' version: hidden combatants left out.")]


def _run(ctx, command: str, operation, *, dice: bool = True, fmt: str = "auto", public: bool = False):
    from ..fighting import emit_fight, run_operation

    result = run_operation(ctx.obj, command, operation, needs_dice=dice)
    if public:
        from dataclasses import replace

        result = replace(result, public=True)
    emit_fight(ctx, result, fmt)


def open_prompt(ctx: typer.Context) -> None:
    from ..repl import Repl
    from ..session import open_session, require_current

    env = ctx.obj
    name = require_current(env)
    open_session(env, name).read()  # a broken file is reported before the prompt opens
    code = Repl(env, name).run()
    if code:
        raise typer.Exit(code)


@app.callback()
def fight(ctx: typer.Context) -> None:
    """Run a fight. Without a subcommand: open the combat prompt on the current session."""
    if ctx.invoked_subcommand is None:
        open_prompt(ctx)


@app.command("start")
def start(
    ctx: typer.Context,
    ambush: Annotated[Optional[str], typer.Option(
        help="The side that ambushes (party or enemy) acts first without a roll.")] = None,
    fmt: FormatOpt = "auto",
) -> None:
    """Roll initiative by the system's rules and show the order."""
    from rules import fight as combat

    if ambush not in (None, "party", "enemy"):
        raise CliError(f"--ambush {ambush!r}: party or enemy", ExitCode.USAGE)
    _run(ctx, "fight start" + (f" --ambush {ambush}" if ambush else ""),
         lambda enc, src: combat.start_fight(enc, src, ambush), fmt=fmt)


@app.command("status")
def status(ctx: typer.Context, public: PublicOpt = False, fmt: FormatOpt = "auto",
           as_json: JsonOpt = False) -> None:
    """Round, whose turn, order, HP, resources and effects (--format bbcode for the forum)."""
    from ..fightview import StatusView
    from ..render import emit
    from ..session import open_session

    emit(StatusView(open_session(ctx.obj).read(), public), pick_format(fmt, as_json), ctx.obj)


@app.command("next")
def next_(ctx: typer.Context, fmt: FormatOpt = "auto") -> None:
    """End the current turn (its effects tick) and start the next one."""
    from rules import fight as combat

    _run(ctx, "fight next", combat.next_turn, fmt=fmt)


@app.command("end")
def end(ctx: typer.Context, fmt: FormatOpt = "auto") -> None:
    """End the fight: fight-long effects end; who is down or dead is reported."""
    from rules import fight as combat

    _run(ctx, "fight end", combat.end_fight, dice=False, fmt=fmt)


@app.command("join")
def join(ctx: typer.Context, name: Name) -> None:
    """Put a combatant added during the fight into the order."""
    from rules import fight as combat

    _run(ctx, f"fight join {name}", lambda enc: combat.join_fight(enc, name), dice=False)


def attack_command(
    ctx: typer.Context,
    attacker: Name,
    target: Name,
    ranged: Annotated[bool, typer.Option("--ranged", help="A ranged attack (d20 + РЕАК).")] = False,
    adv: Annotated[int, typer.Option("--adv", min=0, help="Advantages (+5 each, up to +10 with disadvantages).")] = 0,
    dis: Annotated[int, typer.Option("--dis", min=0, help="Disadvantages (-5 each).")] = 0,
    fatigue_adv: Annotated[bool, typer.Option("--fatigue-adv", help="Buy +5 on the hit with fatigue.")] = False,
    extra_die: Annotated[bool, typer.Option("--extra-die", help="Buy one more damage die with fatigue.")] = False,
    weapon: Annotated[Optional[str], typer.Option(help="Weapon dice, e.g. 1d8 (default: the weapon stat).")] = None,
    public: PublicOpt = False,
    fmt: FormatOpt = "auto",
) -> None:
    """The acting character attacks TARGET: hit roll, damage, armor, status."""
    from rules import fight as combat

    kind = "ranged" if ranged else "melee"
    words = [f"attack {attacker} {target}"] + (["--ranged"] if ranged else []) + \
        ([f"--adv {adv}"] if adv else []) + ([f"--dis {dis}"] if dis else []) + \
        (["--fatigue-adv"] if fatigue_adv else []) + (["--extra-die"] if extra_die else []) + \
        ([f"--weapon {weapon}"] if weapon else [])
    _run(ctx, " ".join(words), lambda enc, src: combat.attack(
        enc, src, attacker, target, kind=kind, advantages=adv, disadvantages=dis,
        fatigue_advantage=fatigue_adv, extra_die=extra_die, weapon=weapon), fmt=fmt, public=public)


def damage_command(ctx: typer.Context, name: Name,
                   amount: Annotated[int, typer.Argument(help="Damage to deal.")],
                   fmt: FormatOpt = "auto") -> None:
    """Deal damage (the master's call: any time, no turn needed)."""
    from rules import fight as combat

    _check_amount(amount)
    _run(ctx, f"damage {name} {amount}", lambda enc: combat.damage(enc, name, amount), dice=False, fmt=fmt)


def heal_command(ctx: typer.Context, name: Name,
                 amount: Annotated[int, typer.Argument(help="HP to restore.")],
                 fmt: FormatOpt = "auto") -> None:
    """Heal (never above maximum HP; wakes the unconscious)."""
    from rules import fight as combat

    _check_amount(amount)
    _run(ctx, f"heal {name} {amount}", lambda enc: combat.heal(enc, name, amount), dice=False, fmt=fmt)


def _check_amount(amount: int) -> None:
    if amount < 0:
        raise CliError("the amount cannot be negative", ExitCode.USAGE, "use heal or damage instead")


def check_command(
    ctx: typer.Context,
    name: Name,
    stat: Annotated[str, typer.Argument(help="Stat or skill: тело, body, Атлетика, stealth ...",
                                        autocompletion=complete_stat)],
    dc: Annotated[int, typer.Option("--dc", help="Difficulty set by the master.")],
    adv: Annotated[int, typer.Option("--adv", min=0, help="Advantages (+5 each).")] = 0,
    dis: Annotated[int, typer.Option("--dis", min=0, help="Disadvantages (-5 each).")] = 0,
    bonus: Annotated[int, typer.Option("--bonus", help="Any other modifier.")] = 0,
    fmt: FormatOpt = "auto",
) -> None:
    """A stat or skill check against --dc; exit code 1 when it fails."""
    from rules import fight as combat

    _run(ctx, f"check {name} {stat} --dc {dc}", lambda enc, src: combat.check(
        enc, src, name, stat, dc, advantages=adv, disadvantages=dis, bonus=bonus), fmt=fmt)


def save_command(
    ctx: typer.Context,
    name: Name,
    stat: Annotated[str, typer.Argument(help="The stat to save with.", autocompletion=complete_stat)],
    modifier: Annotated[int, typer.Option("--mod", help="The master's bonus (+) or penalty (-).")] = 0,
    fmt: FormatOpt = "auto",
) -> None:
    """A saving throw; exit code 1 when it fails."""
    from rules import fight as combat

    _run(ctx, f"save {name} {stat}" + (f" --mod {modifier}" if modifier else ""),
         lambda enc, src: combat.save(enc, src, name, stat, modifier), fmt=fmt)


def fatigue_command(
    ctx: typer.Context,
    name: Name,
    ability: Annotated[str, typer.Argument(
        help="extra-action, extra-move, advantage, extra-die or rally (Russian names too).")],
    fmt: FormatOpt = "auto",
) -> None:
    """Buy a fatigue ability on one's own turn."""
    from rules import fight as combat

    _run(ctx, f"fatigue {name} {ability}", lambda enc, src: combat.spend_fatigue(enc, src, name, ability),
         fmt=fmt)


def move_command(
    ctx: typer.Context,
    name: Name,
    cells: Annotated[Optional[int], typer.Argument(help="Cells to move (a diagonal step counts 2).")] = None,
    path: Annotated[Optional[str], typer.Option(
        help='The cells walked through, "x,y x,y ...", starting where the character stands; '
             "diagonal steps cost 2 (DG-MOVE-1).")] = None,
    fmt: FormatOpt = "auto",
) -> None:
    """Move on one's own turn; uses move actions as the distance needs."""
    from rules import fight as combat

    if (cells is None) == (path is None):
        raise CliError("give either a number of cells or --path", ExitCode.USAGE,
                       'e.g. move Вор 3, or move Вор --path "0,0 1,1 2,1"')
    route = _parse_path(path) if path is not None else cells
    shown = f"--path {path!r}" if path is not None else str(cells)
    _run(ctx, f"move {name} {shown}", lambda enc: combat.move(enc, name, route), dice=False, fmt=fmt)


def _parse_path(text: str) -> list[tuple[int, int]]:
    cells = []
    for part in text.replace(";", " ").split():
        x, sep, y = part.partition(",")
        try:
            cells.append((int(x), int(y)))
        except ValueError:
            raise CliError(f"--path: {part!r} is not a cell like 2,3", ExitCode.USAGE) from None
    if len(cells) < 2:
        raise CliError("--path needs the starting cell and at least one more", ExitCode.USAGE)
    return cells


def act_command(
    ctx: typer.Context,
    name: Name,
    what: Annotated[list[str], typer.Argument(help="What the character does.")],
    fmt: FormatOpt = "auto",
) -> None:
    """Spend an action on anything else (draw a potion, pull a lever)."""
    from rules import fight as combat

    text = " ".join(what)
    _run(ctx, f"act {name} {text}", lambda enc: combat.act(enc, name, text), dice=False, fmt=fmt)


def rest_command(
    ctx: typer.Context,
    name: Name,
    kind: Annotated[str, typer.Argument(help="short or long.")],
    fmt: FormatOpt = "auto",
) -> None:
    """A short or long rest outside fights (costs a ration)."""
    from rules import fight as combat

    _run(ctx, f"rest {name} {kind}", lambda enc, src: combat.rest(enc, src, name, kind), fmt=fmt)


_PRESETS = {
    "bleeding": "bleeding", "кровотечение": "bleeding",
    "poison": "poison", "яд": "poison", "отравление": "poison",
    "stun": "stun", "оглушение": "stun",
    "burning": "burning", "горение": "burning", "огонь": "burning",
}


@effect_app.command("add")
def effect_add(
    ctx: typer.Context,
    name: Name,
    effect: Annotated[str, typer.Argument(help="bleeding, poison, stun, burning, or a name of your own.")],
    duration: Annotated[Optional[str], typer.Option(
        help='"3 turns", "2 rounds", "until round 5", "fight", "forever" (Russian works too).')] = None,
    damage: Annotated[int, typer.Option(help="Damage per tick.")] = 0,
    dice: Annotated[Optional[str], typer.Option(help="Damage dice per tick, e.g. 1d4.")] = None,
    heal: Annotated[int, typer.Option(help="Healing per tick.")] = 0,
    tick: Annotated[str, typer.Option(help="turn_start, turn_end, round_start, round_end or never.")] = "turn_start",
    stack: Annotated[str, typer.Option(help="refresh, add, replace_damage, replace or ignore.")] = "refresh",
    skip_turn: Annotated[bool, typer.Option("--skip-turn", help="The bearer loses its turns.")] = False,
    mod: Annotated[Optional[list[str]], typer.Option(help="A modifier while active: stat=N (repeatable).")] = None,
) -> None:
    """Give a combatant a timed effect; the tool ticks it by itself."""
    from rules import fight as combat

    spec = _effect_spec(effect, duration, damage, dice, heal, tick, stack, skip_turn, mod or [])
    _run(ctx, f"effect add {name} {effect}", lambda enc: combat.add_effect(enc, name, spec), dice=False)


def _effect_spec(effect, duration, damage, dice, heal, tick, stack, skip_turn, mods):
    from rules import fight as combat

    from ..roster import split_assignment

    preset = _PRESETS.get(effect.casefold())
    try:
        dur = combat.parse_duration(duration) if duration else None
    except ValueError as e:
        raise CliError(f"--duration: {e}", ExitCode.USAGE) from None
    turns = dur.count if dur is not None and getattr(dur, "count", None) else None
    presets = {
        "bleeding": lambda: combat.bleeding(turns or 3, damage or 1),
        "poison": lambda: combat.poison(damage or 1, turns or 3),
        "stun": combat.stun,
        "burning": combat.burning,
    }
    if preset is not None:
        return presets[preset]()
    if tick == "never" and (damage or dice or heal):
        tick = "turn_start"
    modifiers = {}
    for text in mods:
        key, value = split_assignment(text)
        try:
            modifiers[key] = int(value)
        except ValueError:
            raise CliError(f"--mod {text!r}: the value must be a whole number", ExitCode.USAGE) from None
    if not (damage or dice or heal) and tick == "turn_start":
        tick = "never"
    try:
        return combat.EffectSpec(effect, tick=tick, damage=damage, damage_dice=dice or "", heal=heal,
                                 stacking=stack, skip_turn=skip_turn, modifiers=modifiers,
                                 duration=dur or combat.Duration(combat.FIGHT))
    except ValueError as e:
        raise CliError(str(e), ExitCode.USAGE) from None


@effect_app.command("rm")
def effect_rm(
    ctx: typer.Context,
    name: Name,
    effect: Annotated[str, typer.Argument(help="The effect to remove (bandaging stops bleeding).")],
) -> None:
    """Remove an effect before it ends by itself."""
    from rules import fight as combat

    _run(ctx, f"effect rm {name} {effect}", lambda enc: combat.remove_effect(enc, name, effect), dice=False)


def repl_command(ctx: typer.Context) -> None:
    """Open the combat prompt on the current session (same as 'ttcli fight')."""
    open_prompt(ctx)


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="fight")
    root.add_typer(effect_app, name="effect")
    for name, fn in (("attack", attack_command), ("damage", damage_command), ("heal", heal_command),
                     ("check", check_command), ("save", save_command), ("fatigue", fatigue_command),
                     ("move", move_command), ("act", act_command), ("rest", rest_command),
                     ("repl", repl_command)):
        root.command(name)(fn)
