"""The words for terra's events (see rules.core.messages for the shape).

Every text goes through ``rules.i18n`` with named placeholders, so the
Russian catalog can use the seed's own terms (ОД, ДЗ, ГК, Ярость ...).
"""

from __future__ import annotations

from rules.core.messages import (
    Fields,
    Message,
    View,
    healed,
    health_message,
    health_word,
    nothing_healed,
    players_version,
    tick_message,
)
from rules.i18n import N_, _, ngettext, pgettext
from rules.systems.terra.damage import DEFENSE_LABELS, label
from rules.systems.terra.techniques import aspect_label

_STATES = {
    "ok": N_("on their feet"), "rage": N_("Rage"), "berserk": N_("Berserk"), "panic": N_("Panic"),
    "shock": N_("Shock"), "down": N_("down"), "unconscious": N_("unconscious"), "dead": N_("dead"),
}
_SIGNS = {
    "pisces": N_("Рыбы"), "gemini": N_("Близнецы"), "capricorn": N_("Козерог"), "aries": N_("Овен"),
    "sagittarius": N_("Стрелец"), "ophiuchus": N_("Змееносец"), "cetus": N_("Кит"),
}


def state_name(label: str) -> str:
    return _(_STATES[label]) if label in _STATES else label


def _faces(f: Fields) -> str:
    return "+".join(str(face) for face in f["faces"]) or "-"


def _check(f: Fields) -> str:
    if f.get("shifted") is not None:
        return _("check D4 = {check}, shifted to {shifted}").format(check=f["check"], shifted=f["shifted"])
    return _("check D4 = {check}").format(check=f["check"])


def _formula(f: Fields, view: View) -> str:
    who = f.get("roller")
    values = {"formula": f["formula"], "faces": _faces(f), "total": f["total"], "gk": f.get("blood_group"),
              "check": _check(f) if f.get("check") is not None else ""}
    result = f["result"]
    if result == "plain":
        text = _("{formula}: rolled {faces} = {total} (no crit check)").format(**values)
    elif result == "normal":
        text = _("{formula}: rolled {faces} = {total}").format(**values)
    elif result == "crit" and f.get("forced"):
        text = _("{formula}: rolled {faces}; a technique of Козерог always crits: {total}").format(**values)
    elif result == "crit":
        text = _("{formula}: rolled {faces}; first die 1 → {check} = ГК {gk}: crit, {total}").format(**values)
    elif result == "minimum":
        text = _("{formula}: rolled {faces}; first die 1 → {check}, farthest from ГК {gk}: minimum, {total}").format(
            **values)
    else:
        text = _("{formula}: rolled {faces}; first die 1 → {check}: miss, 0").format(**values)
    return _("{name}: {roll}").format(name=who, roll=text) if who else text


def _damage_label(kind: str) -> str:
    return label(kind)


def _blocks(f: Fields) -> str:
    parts = []
    for block in f.get("blocks", ()):
        name = _("all defenses") if block["defense"] == "all" else _(DEFENSE_LABELS[block["defense"]])
        parts.append(_("{defense} {value} blocks {blocked}").format(
            defense=name, value=block["value"], blocked=block["blocked"]))
    return ", ".join(parts)


@players_version("target", "damage_type", "incoming", "blocks", "dealt", "sp_loss", "sp_before", "sp_after",
                 "absorbed", "immune", "into_hp", "name", "hp_before", "hp_after", "status_before", "status_after")
def _hit(f: Fields, view: View) -> list[str]:
    """What a blow did to its target; whoever struck it (a hidden one too) is not named. The
    players read a foe's health, and its SP, as the condition word `fight status` gives."""
    if view.hides(f["target"]):
        return []
    kind = _damage_label(f["damage_type"])
    condition = health_word(f, view)
    lines = []
    if f.get("absorbed"):
        if condition is not None:
            return [_("{target} absorbs {amount} {kind}: heals ({condition}).").format(
                target=f["target"], amount=f["incoming"], kind=kind, condition=condition)]
        lines.append(_("{target} absorbs {amount} {kind}: heals (HP {before} -> {after}).").format(
            target=f["target"], amount=f["incoming"], kind=kind, before=f["hp_before"], after=f["hp_after"]))
        return lines
    if f.get("immune"):
        return [_("{target} is immune to {kind}: no damage.").format(target=f["target"], kind=kind)]
    blocks = _blocks(f)
    values = {"target": f["target"], "amount": f["incoming"], "kind": kind, "blocks": blocks, "dealt": f["dealt"],
              "condition": condition}
    if condition is not None and blocks:
        lines.append(_("{target} takes {amount} {kind}: {blocks}; {dealt} to HP ({condition}).").format(**values))
    elif condition is not None:
        lines.append(_("{target} takes {amount} {kind}: {dealt} to HP ({condition}).").format(**values))
    elif blocks:
        lines.append(_("{target} takes {amount} {kind}: {blocks}; {dealt} to HP (HP {before} -> {after}).").format(
            before=f["hp_before"], after=f["hp_after"], **values))
    else:
        lines.append(_("{target} takes {amount} {kind}: {dealt} to HP (HP {before} -> {after}).").format(
            before=f["hp_before"], after=f["hp_after"], **values))
    if f.get("into_hp"):
        lines.append(_("{target} takes the blocked {amount} in HP instead of SP (ГК 4).").format(
            target=f["target"], amount=f["into_hp"]))
    if f.get("sp_loss") and condition is not None:
        lines.append(_("{target} loses {amount} SP.").format(target=f["target"], amount=f["sp_loss"]))
    elif f.get("sp_loss"):
        lines.append(_("{target} loses {amount} SP (SP {before} -> {after}).").format(
            target=f["target"], amount=f["sp_loss"], before=f["sp_before"], after=f["sp_after"]))
    lines += _state_news(f, "target")
    return lines


def _state_news(f: Fields, who: str = "name") -> list[str]:
    before, after = f.get("status_before"), f.get("status_after")
    if before == after or after is None:
        return []
    return [_("{name}: {before} → {after}.").format(name=f[who], before=state_name(str(before)),
                                                     after=state_name(after))]


@players_version()
def _initiative(f: Fields, view: View) -> list[str]:
    lines = []
    for r in f["rolls"]:
        if not view.visible([r["name"]]):
            continue
        if "sync" in r or r.get("always"):
            if r.get("always"):
                sync = _("synchronization always succeeds (Козерог)")
            elif r.get("shifted") is not None:
                sync = _("synchronization D4 {sync}, shifted to {shifted} (Козерог): synchronized").format(
                    sync=r["sync"], shifted=r["shifted"])
            elif r["synced"]:
                sync = _("synchronization D4 {sync}: synchronized").format(sync=r["sync"])
            else:
                sync = _("synchronization D4 {sync}").format(sync=r["sync"])
            lines.append(_("{name}: initiative D6 {init}, {sync}.").format(
                name=r["name"], init=r["initiative"], sync=sync))
        else:
            lines.append(_("{name}: initiative D6 {init}.").format(name=r["name"], init=r["initiative"]))
    for tie in f.get("ties", ()):
        rolls = "; ".join(f"{p}:{e}" for p, e in tie["rolls"])
        side = _("the party") if tie["first"] == "party" else _("the enemies")
        lines.append(_("Initiative {init} is shared by both sides: D6 party:enemies {rolls}; {side} act first.")
                     .format(init=tie["initiative"], rolls=rolls, side=side))
    lines.append(_("Order: {order}.").format(order=", ".join(view.visible(f["order"]))))
    return lines


def _ap_left(f: Fields) -> str:
    if f.get("ap_left") is None:
        return ""
    return " " + ngettext("({n} AP left)", "({n} AP left)", f["ap_left"]).format(n=f["ap_left"])


@players_version("target", "counter", "technique")
def _attack(f: Fields, view: View) -> str | None:
    if view.hides(f["target"]):
        return None
    if view.hides(f["attacker"]):
        # the blow on a visible one is told (its hit follows); the hidden one's AP and roll are not
        if f.get("counter"):
            return _("Someone makes a counter attack on {target}.").format(target=f["target"])
        if f.get("technique"):
            return _("Someone uses a technique on {target}.").format(target=f["target"])
        return _("Someone attacks {target}.").format(target=f["target"])
    values = {"name": f["attacker"], "target": f["target"], "ap": f.get("ap", 0), "left": _ap_left(f)}
    if f.get("counter"):
        return _("{name} makes a counter attack on {target}.").format(**values)
    if f.get("technique"):
        return _("{name} uses a technique on {target} for {ap} AP{left}.").format(**values)
    return _("{name} attacks {target} for {ap} AP{left}.").format(**values)


def _bonus(f: Fields, view: View) -> str:
    return _("{name} in {state}: +{bonus} to the attack, {total} in all.").format(
        name=f["name"], state=state_name(f["state"]), bonus=f["bonus"], total=f["total"])


def _unarmed(f: Fields, view: View) -> str:
    values = {"name": f["attacker"], "target": f["target"], "ap": f["ap"], "left": _ap_left(f),
              "amount": f["amount"]}
    if f["effect"] == "identify":
        return _("{name} identifies {target} with an unarmed attack for {ap} AP{left}: {amount} damage.").format(
            **values)
    return _("{name} hits {target} unarmed for {ap} AP{left}: {amount} damage.").format(**values)


def _identified(f: Fields, view: View) -> str | None:
    if view.public:
        return None
    stats = ", ".join(f"{k} {v}" for k, v in f["stats"].items())
    return _("{name} learns what {target} is: {stats}.").format(name=f["name"], target=f["target"], stats=stats)


def _moved(f: Fields, view: View) -> str:
    path = " ".join(f"{x},{y}" for x, y in f["path"])
    return ngettext("{name} moves {n} cell: {path}{left}.", "{name} moves {n} cells: {path}{left}.",
                    len(f["path"])).format(name=f["name"], n=len(f["path"]), path=path, left=_ap_left(f))


def _sign_roll(f: Fields, view: View) -> str:
    sign = _(_SIGNS[f["sign"]]) if f["sign"] in _SIGNS else str(f["sign"])
    if f["sign"] == "pisces":
        verdict = _("dodges") if f["success"] else _("does not dodge")
        return _("{name} ({sign}, {chance}%): d100 = {die}: {verdict}.").format(
            name=f["name"], sign=sign, chance=f["chance"], die=f["die"], verdict=verdict)
    verdict = _("the technique misses") if f["success"] else _("the technique goes on")
    return _("{name} is near {sign} ({chance}%): d100 = {die}: {verdict}.").format(
        name=f["name"], sign=sign, chance=f["chance"], die=f["die"], verdict=verdict)


def _equip(f: Fields, view: View) -> str:
    texts = {
        "off": N_("{name} takes off {item} for {ap} AP and 1 SP{left}."),
        "on": N_("{name} puts on {item} for {ap} AP{left}."),
        "give": N_("{name} hands {item} over for {ap} AP{left}."),
        "take": N_("{name} takes {item} for {ap} AP{left}."),
    }
    if not f["ap"] and f["how"] in ("on", "off"):  # before the fight: chosen freely
        free = {"on": N_("{name} puts on {item}."), "off": N_("{name} takes off {item}.")}
        return _(free[f["how"]]).format(name=f["name"], item=f["item"])
    return _(texts[f["how"]]).format(name=f["name"], item=f["item"], ap=f["ap"], left=_ap_left(f))


def _aspect(word: str) -> str:
    return aspect_label(word)


def _costs(f: Fields) -> str:
    """ "4 AP, 3 MP" : the costs a technique names."""
    parts = [text.format(n=f[key]) for key, text in (("ap", _("{n} AP")), ("hp", _("{n} HP")), ("mp", _("{n} MP")))
             if f.get(key)]
    return ", ".join(parts) or _("no cost")


def _written(f: Fields, view: View) -> str:
    marks = [_(text) for key, text in (("weapon", N_("the weapon's own")), ("learned", N_("learned")),
                                       ("slot", N_("in a slot")), ("passive", N_("passive")),
                                       ("provokes", N_("provokes counter attacks")),
                                       ("copied", N_("copied, for this fight"))) if f.get(key)]
    values = {"name": f["name"], "technique": f["technique"], "aspect": _aspect(f["aspect"]), "costs": _costs(f),
              "formula": f.get("formula") or "-", "marks": "".join(f"; {m}" for m in marks)}
    if f.get("new"):
        return _("{name} knows {technique} ({aspect}, {formula}; {costs}{marks}).").format(**values)
    return _("{name}'s {technique} is now: {aspect}, {formula}; {costs}{marks}.").format(**values)


def _cast(f: Fields, view: View) -> list[str]:
    values = {"name": f["name"], "technique": f["technique"], "target": f.get("target") or "",
              "aspect": _aspect(f["aspect"]), "costs": _costs(f), "left": _ap_left(f),
              "first": f.get("combined") or "", "owner": f.get("owner") or ""}
    if f.get("trance"):
        line = _("{name} uses {technique} ({aspect}) in trance, free{left}.")
    elif f.get("combined"):
        line = _("{name} follows {first} with {technique} ({aspect}) as one combined action, for {costs}{left}.")
    else:
        line = _("{name} uses {technique} ({aspect}) for {costs}{left}.")
    lines = [line.format(**values)]
    if f.get("owner"):
        if f.get("ea_paid"):
            lines.append(_("Водолей {name} uses {owner}'s weapon technique and pays {owner} {n} EA.").format(
                n=f["ea_paid"], **{k: values[k] for k in ("name", "owner")}))
        elif f.get("ea_to_owner"):
            lines.append(_("Водолей {name} uses {owner}'s weapon technique; {owner} gets {n} EA.").format(
                n=f["ea_to_owner"], **{k: values[k] for k in ("name", "owner")}))
        else:
            lines.append(_("Водолей {name} uses a technique {owner} knows.").format(
                **{k: values[k] for k in ("name", "owner")}))
    return lines


def _sign_power(f: Fields, view: View) -> str:
    texts = {
        ("libra", "lure", True): N_("{name} (Весы, {chance}%): d100 = {die}: the monster goes over to {name}'s "
                                    "side for this fight."),
        ("libra", "lure", False): N_("{name} (Весы, {chance}%): d100 = {die}: the monster stays where it is."),
        ("libra", "theft", True): N_("{name} (Весы, {chance}%): d100 = {die}: steals an item (the master says "
                                     "which)."),
        ("libra", "theft", False): N_("{name} (Весы, {chance}%): d100 = {die}: steals nothing."),
        ("cancer", "control", True): N_("{name} (Рак, {chance}%): d100 = {die}: the monster's turn is under "
                                        "{name}'s control."),
        ("cancer", "control", False): N_("{name} (Рак, {chance}%): d100 = {die}: no control."),
    }
    return _(texts[(f["sign"], f["power"], bool(f["success"]))]).format(
        name=f["name"], chance=f["chance"], die=f["die"])


def _mirror(f: Fields, view: View) -> str:
    """Змееносец's or Кит's aura on an enemy technique (TT-SIGN-1)."""
    sign = _(_SIGNS[f["sign"]]) if f["sign"] in _SIGNS else str(f["sign"])
    values = {"name": f["name"], "caster": f["caster"], "sign": sign,
              "technique": f.get("technique") or "", "die": f.get("die"),
              "chance": (_("{base}% - {penalty}% = {chance}%") if f["penalty"] else _("{chance}%")).format(
                  base=f["base"], penalty=f["penalty"], chance=f["chance"])}
    if f.get("die") is None:
        text = (ngettext("{name} ({sign}): {n} party member of Змееносец or Кит leaves no chance to reflect.",
                         "{name} ({sign}): {n} party members of Змееносец or Кит leave no chance to reflect.",
                         f["allies"]) if f["power"] == "reflect" else
                ngettext("{name} ({sign}): {n} party member of Змееносец or Кит leaves no chance to copy.",
                         "{name} ({sign}): {n} party members of Змееносец or Кит leave no chance to copy.",
                         f["allies"]))
        return text.format(n=f["allies"], **values)
    if f["power"] == "reflect":
        text = (_("{name} ({sign}, {chance}): d100 = {die}: the technique is reflected whole onto {caster}.")
                if f["success"] else _("{name} ({sign}, {chance}): d100 = {die}: the technique is not reflected."))
    elif not f["success"]:
        text = _("{name} ({sign}, {chance}): d100 = {die}: copies nothing.")
    elif f.get("unwritten"):
        text = _("{name} ({sign}, {chance}): d100 = {die}: copies {caster}'s technique; write it down to use it in "
                 "this fight: technique {name} NAME --copied ...")
    elif f.get("known"):
        text = _("{name} ({sign}, {chance}): d100 = {die}: copies {technique}, which {name} knows already.")
    else:
        text = _("{name} ({sign}, {chance}): d100 = {die}: copies {technique}; it is {name}'s for this fight.")
    return text.format(**values)


def _master_health(f: Fields, view: View, heal: bool) -> str:
    nothing = nothing_healed(f, view) if heal else None
    if nothing is not None:
        return nothing
    condition = health_word(f, view)
    if condition is not None and heal:
        text = _("{name} is healed by {amount} ({condition}).")
    elif condition is not None:
        text = _("{name} takes {amount} damage ({condition}).")
    elif heal:
        text = _("{name} is healed by {amount} (HP {before} -> {after}).")
    else:
        text = _("{name} takes {amount} damage (HP {before} -> {after}).")
    return text.format(name=f["name"], amount=healed(f, view) if heal else f["amount"], condition=condition,
                       before=f["hp_before"],
                       after=f["hp_after"])


@players_version()
def _fight_ended(f: Fields, view: View) -> list[str]:
    lines = [ngettext("The fight ends after {n} phase.", "The fight ends after {n} phases.",
                      f["rounds"]).format(n=f["rounds"])]
    for key, text in (("unconscious", N_("Fainted: {names}.")), ("dead", N_("Dead: {names}."))):
        shown = view.visible(f.get(key, ()))
        if shown:
            lines.append(_(text).format(names=", ".join(shown)))
    return lines


def _check_decided(f: Fields, view: View) -> str:
    if f["sign"] == "leo":
        if f["by"] == f["name"]:
            return _("{name} (Лев) wins every defensive check: success, no roll.").format(name=f["name"])
        return _("{by} (Лев) guarantees {name} this turn's defensive check: success, no roll.").format(
            by=f["by"], name=f["name"])
    return _("{name} is within radius 2 of the enemy {by} (Близнецы): the check fails, no roll.").format(
        name=f["name"], by=f["by"])


def hp() -> str:
    """The seed's word for hit points (ОЗ): the text the core's sentences ask for, so a
    session of this system reads its own word there too (docs/glossary.md)."""
    return pgettext("hit points", "HP")


MESSAGES: dict[str, Message] = {
    "health": health_message(hp),
    "tick": tick_message(hp),
    "round": lambda f, v: _("Phase {n}.").format(n=f["round"]),
    "turn_delayed": lambda f, v: _("{name} delays the turn to the end of phase {n}.").format(
        name=f["name"], n=f["round"]),
    "turn_claimed": lambda f, v: None,
    "place_open": players_version()(lambda f, v: (_("Together: {names} act in the order they choose.").format(
        names=", ".join(v.visible(f["names"]))) if v.visible(f["names"]) else None)),
    "fight_ended": _fight_ended,
    "formula": _formula,
    "hit": _hit,
    "initiative": _initiative,
    "sync_phase": players_version()(lambda f, v: _("Synchronization phase: {names} act together with 5 AP each.")
                                    .format(names=", ".join(v.visible(f["names"]))) if v.visible(f["names"])
                                    else None),
    "sync_skipped": players_version()(lambda f, v: _("The master skips the synchronization phase ({names} "
                                                     "synchronized).").format(
        names=", ".join(v.visible(f["names"]))) if v.visible(f["names"]) else None),
    "sync_ends": lambda f, v: _("The synchronization phase ends; unspent AP burn."),
    "sync_declined": lambda f, v: _("{name} declines the synchronization phase: it acts last in every phase "
                                    "and gets 1 temporary SP.").format(name=f["name"]),
    "turn_starts": lambda f, v: (_("{name}'s turn in the synchronization phase: {ap} AP.") if f.get("sync")
                                 else _("Phase {round}: {name}'s turn, {ap} AP.")).format(
        name=f["name"], ap=f["ap"], round=f["round"]),
    "ap_burn": lambda f, v: ngettext("{name}: {n} unspent AP burns.", "{name}: {n} unspent AP burn.",
                                     f["ap"]).format(name=f["name"], n=f["ap"]),
    "trance": lambda f, v: _("{name} falls into a combat trance: {uses} free techniques of Mana, Life or "
                             "Time within {turns} turns; HP cannot fall below 1.").format(
        name=f["name"], uses=f["uses"], turns=f["turns"]),
    "trance_use": lambda f, v: ngettext("{name} uses a trance technique ({n} use left).",
                                        "{name} uses a trance technique ({n} uses left).",
                                        f["left"]).format(name=f["name"], n=f["left"]),
    "trance_ends": lambda f, v: _("{name}'s trance ends.").format(name=f["name"]),
    "state_released": lambda f, v: _("{name} has played its turn in {was}: now {now}.").format(
        name=f["name"], was=state_name(f["was"]), now=state_name(f["now"])),
    "after_fight": lambda f, v: (
        _("After the fight {name} is {status}.") if v.health(f["name"], f["hp"], f["status"]) is not None
        else _("After the fight {name} (HP {hp}) is {status}.")).format(
        name=f["name"], hp=f["hp"], status=state_name(f["status"])),
    "sign_roll": _sign_roll,
    "counters_offered": lambda f, v: (
        _("Телец {names} may answer {name} with a counter attack.") if f.get("taurus")
        else _("{names} may answer {name} with a counter attack.")).format(
        names=", ".join(v.visible(f["names"])), name=f["name"]),
    "several_techniques": lambda f, v: _("{name} uses technique number {n} this phase: several techniques in one "
                                         "phase provoke counter attacks.").format(name=f["name"], n=f["n"]),
    "technique_written": _written,
    "technique_forgotten": lambda f, v: _("{name} no longer has {technique}.").format(
        name=f["name"], technique=f["technique"]),
    "cast": _cast,
    "sign_power": _sign_power,
    "mirror": _mirror,
    "copy_lost": lambda f, v: _("{name} forgets the copied {technique}: the fight is over.").format(
        name=f["name"], technique=f["technique"]),
    "sign_bonus": lambda f, v: _("{name} ({sign}): +{bonus} to the Attack, {total} in all.").format(
        name=f["name"], sign=_(_SIGNS[f["sign"]]) if f["sign"] in _SIGNS else f["sign"], bonus=f["bonus"],
        total=f["total"]),
    "attack": _attack,
    "attack_bonus": _bonus,
    "unarmed": _unarmed,
    "identified": _identified,
    "moved": _moved,
    "moved_blind": lambda f, v: ngettext("{name} moves {n} cell{left}.", "{name} moves {n} cells{left}.",
                                         f["cells"]).format(name=f["name"], n=f["cells"], left=_ap_left(f)),
    "placed": lambda f, v: (_("{name} stands at {cell}.").format(name=f["name"], cell=f"{f['cell'][0]},{f['cell'][1]}")
                            if f.get("cell") else _("{name} leaves the grid.").format(name=f["name"])),
    "equip": _equip,
    "aura": lambda f, v: _("{name} re-activates the aura of its sign for {ap} AP{left}.").format(
        name=f["name"], ap=f["ap"], left=_ap_left(f)),
    "item": lambda f, v: _("{name} uses {item} for {ap} AP{left}.").format(
        name=f["name"], item=f["item"], ap=f["ap"], left=_ap_left(f)),
    "master_damage": lambda f, v: [_master_health(f, v, heal=False), *_state_news(f)],
    "master_heal": lambda f, v: [_master_health(f, v, heal=True), *_state_news(f)],
    "dodged": lambda f, v: _("{target} takes no damage.").format(target=f["target"]),
    "theatre": lambda f, v: (_("{name}, a theatrical action: {what}, for {ap} AP{left}.") if f.get("ap")
                             else _("{name}, a theatrical action: {what}.")).format(
        name=f["name"], what=f["what"], ap=f["ap"], left=_ap_left(f)),
    "theatre_check": lambda f, v: (_("{name}'s check: d100 = {die} <= {chance}: success.") if f["success"]
                                   else _("{name}'s check: d100 = {die} > {chance}: failure.")).format(
        name=f["name"], die=f["die"], chance=f["chance"]),
    "check_decided": _check_decided,
    "spear_near": lambda f, v: _("{name}'s spear strikes the nearer cell too: {target}, {amount} (half).").format(
        name=f["name"], target=f["target"], amount=f["amount"]),
    "day_hp": lambda f, v: (
        _("{name}: HP restored at midnight.") if v.health(f["name"], f["hp_after"]) is not None
        else _("{name}: HP restored at midnight, {before} -> {after}.")).format(
        name=f["name"], before=f["hp_before"], after=f["hp_after"]),
    "day_death": lambda f, v: (
        _("{name} was not healed by the next day and dies.") if v.health(f["name"], f["hp"], "dead") is not None
        else _("{name} (HP {hp}) was not healed by the next day and dies.")).format(name=f["name"], hp=f["hp"]),
    "day_sp": lambda f, v: (
        _("{name}: SP restored, {before} -> {after}; abilities and magic are open again.") if f.get("banned")
        else _("{name}: SP restored, {before} -> {after}.")).format(
        name=f["name"], before=f["sp_before"], after=f["sp_after"]),
    "day_trance": lambda f, v: _("{name}: the day's combat trance is ready again.").format(name=f["name"]),
    "day_aspect": lambda f, v: (
        _("{name}: the day's aspect is {aspect} (was {was}).") if f.get("was")
        else _("{name}: the day's aspect is {aspect}.")).format(
        name=f["name"], aspect=aspect_label(f["aspect"]), was=aspect_label(str(f.get("was")))),
}
