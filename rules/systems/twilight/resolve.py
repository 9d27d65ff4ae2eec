"""One fight round of twilight, resolved at once (TW-ROUND-1).

Order: round circumstances (already known when the round opened) -> cancelling
specials (full and absolute defense) -> defense, counter and attack
comparisons -> weapon effects -> mutual lethal blows (TW-SIM-1, TW-MASS-3) ->
damage and ticks land together -> wounds, energy, exhaustion -> AT DEATH.

The pools were rolled when they were declared (the player's posted dice,
TW-AUDIT-1); only the master's d100s (ties of initiative, AT DEATH) are drawn
here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.effects import ROUND_SETTLES, stack
from rules.core.outcome import Work
from rules.core.state import DEAD, OK, Combatant
from rules.dice.datatypes import datatype, field, replace
from rules.dice.sources import DiceSource
from rules.systems.twilight import champion as ch
from rules.systems.twilight import presets
from rules.systems.twilight.perks import (
    ABSOLUTE_DEFENSE,
    ATTACK,
    CANCEL,
    COPY,
    DAMAGE,
    DEADLY_BLOCK,
    DODGE,
    FINISHER,
    FULL_DEFENSE,
    REFLECT,
    SHIELD,
    Perk,
    find_perk,
)
from rules.systems.twilight.presets import IMMUNITY, event_word
from rules.systems.twilight.vocabulary import ATTACK_KIND, COUNTER, DEFEND, GUARD, PHANTOM, SPECIAL

DYING = "dying"  # survived the AT DEATH d100: bleeds out, awaits the choice (TW-DEATH-1)
OUT = "out"  # over 90% lost, or surrendered: out of the fight, alive



@datatype(frozen=True)
class PoolRoll:
    """One declared roll with its dice (given by the player or rolled and marked)."""

    owner: str
    kind: str
    faces: tuple[int, ...]
    successes: int
    target: str = ""
    weapon: int = 1
    perk: Perk | None = None
    #: the fallen champion whose phantom makes this roll (legends of the arena); its weapon strikes
    helper: str = ""

    @property
    def main_weapon_attack(self) -> bool:
        """An attack roll, or a special that attacks with the main weapon (TW-SPEC-2)."""
        return self.kind == ATTACK_KIND or (self.perk is not None and self.perk.effect == ATTACK)


@datatype
class Hit:
    """Damage one champion's roll does to another this round, before it lands."""

    source: str
    target: str
    amount: int
    successes: int
    weapon: ch.Weapon | None
    via: str  # attack | counter | special
    deadly: bool = False


@datatype
class Round:
    """The scratch state of one resolution."""

    work: Work
    source: DiceSource
    threshold: int
    resonance: bool = False
    rolls: list[PoolRoll] = field(default_factory=list)
    hits: list[Hit] = field(default_factory=list)
    d100: dict[str, int] = field(default_factory=dict)
    void: set[str] = field(default_factory=set)  # whose blows no longer land (TW-SIM-1)
    dodged: set[str] = field(default_factory=set)  # won the d100 of a dodge: every attack on them misses
    #: champions whose first attack by initiative is cancelled this round -> "shield" or "reflect"
    guards: dict[str, str] = field(default_factory=dict)
    #: a finisher's target -> who throws it (the barrier, TW-COND-1)
    finishers: dict[str, str] = field(default_factory=dict)
    fallen: list[str] = field(default_factory=list)  # in the order they fell (TW-MASS-5)


def helper_of(work: Work, name: str) -> Combatant | None:
    """The fallen champion whose phantom helps ``name`` this round (legends of the arena), if any."""
    chaos = work.fight.data.get("chaos") if work.fight is not None else None
    helpers = chaos.get("helpers", {}) if isinstance(chaos, Mapping) else {}
    fallen = helpers.get(name)
    return work.get(fallen) if fallen in work.combatants else None


def rolls_of(work: Work, declared: Mapping[str, Mapping[str, Any]], threshold: int) -> list[PoolRoll]:
    out = []
    fight_data = work.fight.data if work.fight is not None else {}
    for name, declaration in declared.items():
        if name not in work.combatants or work.get(name).status != OK:
            continue
        perks = ch.usable_perks(work.get(name), fight_data)
        for r in declaration.get("rolls", []):
            faces = tuple(int(f) for f in r.get("faces", []))
            helper = str(r.get("legend", ""))
            mine = ch.perks(work.get(helper)) if helper in work.combatants else perks
            perk = find_perk(mine, r["perk"]) if r.get("perk") else None
            kind = ATTACK_KIND if r["kind"] == PHANTOM else r["kind"]
            out.append(PoolRoll(name, kind, faces, ch.successes(faces, threshold), r.get("target", ""),
                            int(r.get("weapon", 1)), perk, helper if r["kind"] == PHANTOM else ""))
    return out


def weapon_of(work: Work, r: PoolRoll) -> ch.Weapon:
    """The weapon a roll strikes with: its owner's, or the fallen helper's for a phantom's attack."""
    return ch.weapon(work.get(r.helper or r.owner), r.weapon)


def initiative(rnd: Round, names: list[str]) -> list[str]:
    """Higher main stat first; ties by the master's d100, re-rolled while tied (TW-MASS-1)."""
    work = rnd.work
    unique = list(dict.fromkeys(names))
    if len(unique) < 2:
        return unique  # nobody to tie with: no stat to compare, no d100 (a duel's every exchange)
    stats = {n: ch.main_stat(work.get(n)) for n in unique}

    def key(n: str) -> tuple[int, int]:
        return (-stats[n], -rnd.d100.get(n, 0))

    for _ in range(20):
        keys = [key(n) for n in unique]
        counts: dict[tuple[int, int], int] = {}
        for k in keys:
            counts[k] = counts.get(k, 0) + 1
        tied = [n for n, k in sorted(zip(unique, keys, strict=True), key=lambda nk: nk[1]) if counts[k] > 1]
        if not tied:
            break
        for n in tied:
            rnd.d100[n] = work.roll(rnd.source, 100, "initiative").face
            work.tell("initiative_roll", about=[n], name=n, d100=rnd.d100[n])
    return sorted(unique, key=key)


def _best(rolls: list[PoolRoll], owner: str, kind: str) -> PoolRoll | None:
    mine = [r for r in rolls if r.owner == owner and r.kind == kind]
    return max(mine, key=lambda r: r.successes) if mine else None


def _specials(rolls: list[PoolRoll], owner: str, effect: str) -> bool:
    return any(r.owner == owner and r.kind == SPECIAL and r.perk is not None and r.perk.effect == effect
               for r in rolls)


def _effect(r: PoolRoll, *effects: str) -> bool:
    return r.kind == SPECIAL and r.perk is not None and r.perk.effect in effects


def prepare(rnd: Round) -> None:
    """Cancelling, copying and dodging specials, before any comparison (TW-ROUND-1).

    Battle sense voids its target's first special action (several on one target void
    the same one; they act together, so two that aim at each other void each other);
    the twilight shadow adds a copy of its bearer's first attack roll on its own target;
    a dodge rolls the master's d100; shields (a perk's or a fallen legend's) and reflections
    are noted for ``compare``."""
    work = rnd.work
    voided: set[int] = set()
    for r in rnd.rolls:
        if not _effect(r, CANCEL):
            continue
        first = next((i for i, v in enumerate(rnd.rolls) if v.owner == r.target and v.kind == SPECIAL), None)
        if first is not None and first not in voided:
            voided.add(first)
            v = rnd.rolls[first]
            work.tell("special_cancelled", about=[r.owner, v.owner], name=r.owner, perk=r.perk.name if r.perk else "",
                      target=v.owner, cancelled=v.perk.name if v.perk else "")
    rnd.rolls = [r for i, r in enumerate(rnd.rolls) if i not in voided]
    for r in list(rnd.rolls):
        if _effect(r, COPY) and r.target:
            original = next((a for a in rnd.rolls if a.owner == r.owner and a.kind == ATTACK_KIND), None)
            work.tell("attack_copied", about=[r.owner, r.target], name=r.owner, target=r.target,
                      perk=r.perk.name if r.perk else "", successes=original.successes if original else None)
            if original is not None:
                rnd.rolls.append(replace(original, target=r.target, perk=None))
    for r in rnd.rolls:
        if _effect(r, DODGE) and r.perk is not None and r.owner not in rnd.dodged:
            die = work.roll(rnd.source, 100, "dodge")
            dodged = die.face <= r.perk.chance
            work.tell("dodge_roll", about=[r.owner], name=r.owner, perk=r.perk.name, d100=die.face,
                      chance=r.perk.chance, dodged=dodged)
            if dodged:
                rnd.dodged.add(r.owner)
        elif _effect(r, SHIELD, REFLECT) and r.perk is not None:
            rnd.guards[r.owner] = REFLECT if REFLECT in (r.perk.effect, rnd.guards.get(r.owner)) else SHIELD
        elif _effect(r, FINISHER) and r.target:
            rnd.finishers.setdefault(r.target, r.owner)
        elif r.kind == GUARD:
            rnd.guards.setdefault(r.owner, SHIELD)


def _guard(rnd: Round, target: str, incoming: list[PoolRoll]) -> None:
    """A shield cancels the first attack by initiative; a reflection turns it on its attacker."""
    how = rnd.guards.get(target)
    if not how or not incoming:
        return
    first = incoming.pop(0)
    work = rnd.work
    if how == SHIELD:
        work.tell("shielded", about=[target, first.owner], name=target, attacker=first.owner)
        return
    own = _best(rnd.rolls, first.owner, DEFEND)
    defense = own.successes if own else 0
    w = weapon_of(work, first)
    through = max(0, first.successes - defense)
    work.tell("reflected", about=[target, first.owner], name=target, attacker=first.owner,
              successes=first.successes, defense=defense, damage=through * w.damage)
    if through:
        rnd.hits.append(Hit(target, first.owner, through * w.damage, first.successes, w, "reflect"))


def compare(rnd: Round) -> None:
    """Every attack against its target's best defense, or its counter (TW-DEF-1, TW-CTR-2, TW-MASS-2)."""
    work, rolls = rnd.work, rnd.rolls
    names = list(dict.fromkeys(r.owner for r in rolls))
    targets = list(dict.fromkeys([*names, *(r.target for r in rolls if r.target in work.combatants)]))
    # each target's own rolls, in order, and the rolls on it: a 6-against-6 round has four dozen
    own: dict[str, list[PoolRoll]] = {}
    aimed: dict[str, list[PoolRoll]] = {}
    for r in rolls:
        own.setdefault(r.owner, []).append(r)
        aimed.setdefault(r.target, []).append(r)
    for target in targets:
        mine = own.get(target, [])
        absolute = _specials(mine, target, ABSOLUTE_DEFENSE)
        full = _specials(mine, target, FULL_DEFENSE)
        incoming = [r for r in aimed.get(target, []) if r.owner != target and r.main_weapon_attack]
        counter = _best(mine, target, COUNTER)
        defense = _best(mine, target, DEFEND)
        if counter is None and (defense is not None or incoming):
            work.tell("best_defense", about=[target], name=target, successes=defense.successes if defense else 0,
                      faces=list(defense.faces) if defense else [])
        if not incoming:
            continue
        order = initiative(rnd, [r.owner for r in incoming])
        incoming.sort(key=lambda r: order.index(r.owner))
        if target in rnd.dodged:
            work.tell("absorbed", about=[target], name=target, why="dodge", attacks=len(incoming))
            continue
        _guard(rnd, target, incoming)
        if not incoming:
            continue
        if absolute and counter is None:
            work.tell("absorbed", about=[target], name=target, why="absolute_defense", attacks=len(incoming))
            continue
        if full:
            work.tell("absorbed", about=[target], name=target, why="full_defense", attacks=len(incoming))
            continue
        if counter is not None:
            _counter(rnd, target, counter, incoming, absolute)
            continue
        best = defense.successes if defense else 0
        for r in incoming:
            w = weapon_of(work, r)
            through = max(0, r.successes - best)
            work.tell("attack_vs_defense", about=[r.owner, target], attacker=r.owner, target=target,
                      successes=r.successes, defense=best, through=through, damage=through * w.damage)
            if through:
                rnd.hits.append(Hit(r.owner, target, through * w.damage, r.successes, w, "attack"))


def _counter(rnd: Round, target: str, counter: PoolRoll, incoming: list[PoolRoll], absolute: bool) -> None:
    work = rnd.work
    c = counter.successes
    best = max(r.successes for r in incoming)
    if c > best:
        first = incoming[0].owner
        parried_by_absolute = _specials(rnd.rolls, first, ABSOLUTE_DEFENSE)
        w = ch.main_weapon(work.get(target))
        dealt = 0 if parried_by_absolute else c * w.damage
        # the other attackers are only parried (TW-MASS-2); the first one's own further rolls are
        # beaten with the rest, not parried: it takes the return damage once
        parried = list(dict.fromkeys(r.owner for r in incoming if r.owner != first))
        work.tell("counter_wins", about=[target, first], name=target, attacker=first, successes=c,
                  best=best, damage=dealt, parried=parried, absolute=parried_by_absolute)
        if dealt:
            rnd.hits.append(Hit(target, first, dealt, c, w, "counter"))
        return
    if c == best:
        work.tell("counter_parts", about=[target], name=target, successes=c, best=best)
        return
    for r in incoming:
        w = weapon_of(work, r)
        beats = r.successes > c
        dealt = r.successes * w.damage if beats and not absolute else 0
        work.tell("counter_broken", about=[r.owner, target], attacker=r.owner, name=target, successes=r.successes,
                  counter=c, damage=dealt)
        if dealt:
            rnd.hits.append(Hit(r.owner, target, dealt, r.successes, w, "attack"))


def special_damage(rnd: Round) -> None:
    """Specials that do not use the main weapon: past counters and full defense (TW-SPEC-2, TW-FULL-1)."""
    for r in rnd.rolls:
        if r.kind != SPECIAL or r.perk is None or r.perk.effect != DAMAGE or r.target not in rnd.work.combatants:
            continue
        amount = r.perk.damage * (2 if rnd.resonance else 1)
        if _specials(rnd.rolls, r.target, ABSOLUTE_DEFENSE) or r.target in rnd.dodged:
            amount = 0
        rnd.work.tell("special_hit", about=[r.owner, r.target], name=r.owner, target=r.target, perk=r.perk.name,
                      damage=amount)
        if amount:
            rnd.hits.append(Hit(r.owner, r.target, amount, 0, None, "special"))


def weapon_effects(rnd: Round) -> dict[str, dict[str, Any]]:
    """Bleeding, poison, deadly strike and drain of the round's hits (TW-HIT-1 and the four effect rules)."""
    work = rnd.work
    out: dict[str, dict[str, Any]] = {}
    deadly_used: set[str] = set()
    blocked: set[str] = set()  # a deadly-strike block special already used this round
    for hit in rnd.hits:
        w = hit.weapon
        if w is None or hit.amount <= 0:
            continue
        t = work.get(hit.target)
        got = out.setdefault(hit.target, {"drain": 0})
        s = hit.successes
        if w.bleed_threshold and s >= w.bleed_threshold and not ch.immune(t, "bleeding"):
            got["bleed"] = max(got.get("bleed", 0), w.bleed)
        if w.poison_threshold and s >= w.poison_threshold and not ch.immune(t, "poison"):
            got["poison"] = max(got.get("poison", 0), w.poison)
        if w.deadly_threshold and s >= w.deadly_threshold and hit.source not in deadly_used:
            deadly_used.add(hit.source)  # one deadly strike a round (TW-DEADLY-1)
            if _blocks_deadly(rnd, hit.target, blocked):
                work.tell("deadly_blocked", about=[hit.source, hit.target], name=hit.target, attacker=hit.source)
            else:
                hit.deadly = True
                got.setdefault("deadly", hit.source)
        if w.drain_threshold and s >= w.drain_threshold and not ch.immune(t, "energy"):
            got["drain"] += w.drain  # several draining hits drain again (TW-DRAIN-1)
    return out


def _blocks_deadly(rnd: Round, target: str, blocked: set[str]) -> bool:
    """The first deadly strike on a champion with a block this round (a special) or this fight (a
    passive ``deadly_blocks``) is shrugged off, whichever attacker it came from (TW-PERK-1)."""
    work = rnd.work
    if target not in blocked and any(_effect(r, DEADLY_BLOCK) for r in rnd.rolls if r.owner == target):
        blocked.add(target)
        return True
    c = work.get(target)
    used = int(c.data.get("deadly_blocked", 0))
    # a passive: off in a resonance round, like every passive (TW-GODS-1)
    if not rnd.resonance and used < ch.perk_sum(c, "deadly_blocks"):
        work.put(replace(c, data={**c.data, "deadly_blocked": used + 1}))
        return True
    return False


def ticks(rnd: Round, round_no: int) -> list[Hit]:
    """Bleeding and poison laid before this round take their HP, never below 1 (TW-BLEED-1, TW-POISON-1)."""
    out = []
    for c in rnd.work.combatants.values():
        if c.status != OK or _specials(rnd.rolls, c.name, ABSOLUTE_DEFENSE):
            continue
        for effect in c.effects:
            immunity = IMMUNITY.get(effect.name)
            if effect.due(ROUND_SETTLES, round_no) and not (immunity and ch.immune(c, immunity)):
                out.append(Hit(event_word(effect), c.name, effect.damage, 0, None, effect.name))
    return out


def lethal(rnd: Round, hits: list[Hit], target: str) -> bool:
    c = rnd.work.get(target)
    total = sum(h.amount for h in hits if h.target == target and h.source not in rnd.void)
    deadly = any(h.deadly for h in hits if h.target == target and h.source not in rnd.void)
    return deadly or c.resources.get("hp", 0) - total <= 0


def kills(rnd: Round, hits: list[Hit]) -> dict[str, set[str]]:
    """Who deals lethal damage to whom (a blow that helps make the round's damage lethal)."""
    edges: dict[str, set[str]] = {}
    for h in hits:
        if h.source in rnd.void or h.source not in rnd.work.combatants or h.source == h.target:
            continue
        if (h.amount > 0 or h.deadly) and lethal(rnd, hits, h.target):
            edges.setdefault(h.source, set()).add(h.target)
    return edges


def _cycle(edges: dict[str, set[str]]) -> list[str]:
    def walk(start: str, node: str, path: list[str]) -> list[str]:
        for nxt in sorted(edges.get(node, ())):
            if nxt == start:
                return path
            if nxt not in path:
                found = walk(start, nxt, [*path, nxt])
                if found:
                    return found
        return []

    for start in sorted(edges):
        found = walk(start, start, [start])
        if found:
            return found
    return []


def settle_lethal(rnd: Round) -> list[str]:
    """Mutual lethal blows (TW-SIM-1) and cycles of them (TW-MASS-3): whose blows are void.

    Returns the pairs that go AT DEATH together (equal main stats)."""
    work = rnd.work
    together: list[str] = []
    for _ in range(len(work.combatants) + 1):
        edges = kills(rnd, rnd.hits)
        mutual = sorted((a, b) for a in edges for b in edges[a] if a < b and a in edges.get(b, set()))
        mutual = [(a, b) for a, b in mutual if not {a, b} & set(together)]
        if mutual:
            a, b = mutual[0]
            sa, sb = ch.main_stat(work.get(a)), ch.main_stat(work.get(b))
            if sa == sb:
                together.extend((a, b))
                work.tell("mutual_blows", about=[a, b], first="", names=[a, b], stats=[sa, sb])
                continue
            first, second = (a, b) if sa > sb else (b, a)
            rnd.void.add(second)
            work.tell("mutual_blows", about=[a, b], first=first, names=[first, second], stats=[max(sa, sb),
                                                                                           min(sa, sb)])
            continue
        cycle = _cycle({k: v - set(together) for k, v in edges.items() if k not in together})
        if not cycle:
            break
        first = initiative(rnd, cycle)[0]
        victim = cycle[(cycle.index(first) + 1) % len(cycle)]
        rnd.void.add(victim)
        work.tell("triangle", about=cycle, names=cycle, first=first, victim=victim)
    return together


def land(rnd: Round, effects: dict[str, dict[str, Any]], round_no: int, gods: bool) -> None:
    """Damage, ticks and effects land together; wounds, energy and AT DEATH follow (who fell: ``rnd.fallen``)."""
    work = rnd.work
    tick_hits = ticks(rnd, round_no)
    names = list(work.combatants)
    for name in names:
        c = work.get(name)
        if c.status != OK:
            continue
        mine = [h for h in rnd.hits if h.target == name and h.source not in rnd.void]
        total = sum(h.amount for h in mine)
        tick_total = 0
        hp = c.resources.get("hp", 0)
        ticked = set()
        for t in tick_hits:
            if t.target == name:
                # bleeding and poison never bring a champion below 1 HP (TW-BLEED-1)
                amount = min(t.amount, max(0, hp - total - tick_total - 1))
                tick_total += amount
                ticked.add(t.via)
                work.tell("tick", about=[name], name=name, what=t.source, amount=amount)
        eff = effects.get(name, {})
        deadly_from = next((h.source for h in mine if h.deadly), "")
        laid = {e.key: e.ticked(round_no) if e.name in ticked else e for e in c.effects}
        for what in ("bleed", "poison"):
            if eff.get(what):
                new = presets.laid(what, eff[what], round_no)
                if new.key not in laid:
                    work.tell("afflicted", about=[name], name=name, what=what, n=eff[what], since=round_no + 1)
                laid[new.key] = stack(laid[new.key], new) if new.key in laid else new
        hp_after = hp - total - tick_total
        if total or tick_total:
            work.tell("damage_lands", about=[name], name=name, damage=total, ticks=tick_total, hp_before=hp,
                      hp_after=max(hp_after, 0))
        c = replace(c, effects=tuple(laid.values()), resources={**c.resources, "hp": max(hp_after, 0)})
        energy_loss = int(eff.get("drain", 0))
        if energy_loss:
            work.tell("drained", about=[name], name=name, energy=energy_loss)
        work.put(c)
        hp_max = ch.stat(c, "hp_max") or 1
        fate = ch.fate_of_loss(hp_max, hp_after)
        if deadly_from:
            work.tell("deadly_strike", about=[deadly_from, name], name=name, attacker=deadly_from)
            fate = ch.AT_DEATH
        c = set_wound(work, name, min(hp_max, max(hp_after, 0)), energy_loss)
        if fate == ch.OUT and name in rnd.finishers and rnd.finishers[name] not in rnd.void:
            # thrown into the magic barrier as a finishing blow (TW-COND-1)
            work.tell("thrown_into_barrier", about=[rnd.finishers[name], name], name=name,
                      attacker=rnd.finishers[name])
            fate = ch.AT_DEATH
        if fate == ch.OUT:
            work.put(replace(c, status=OUT))
            work.tell("out_of_fight", about=[name], name=name)
            rnd.fallen.append(name)
        elif fate == ch.AT_DEATH:
            killer = next((h.source for h in mine if h.source in work.combatants), "")
            outright = bool(killer) and any(p.kills_outright for p in ch.perks(work.get(killer)))
            at_death(rnd, name, gods=gods, outright=outright)


def set_wound(work: Work, name: str, hp: int, energy_loss: int = 0) -> Combatant:
    """The wound level of ``hp`` and the energy it costs (the level's total, once, TW-WOUND-1)."""
    c = work.get(name)
    hp_max = ch.stat(c, "hp_max") or 1
    level = ch.wound_level(hp_max, hp)
    data = dict(c.data)
    taken = int(data.get("wound_energy", 0))
    owed = max(0, ch.WOUND_ENERGY[level] - taken)
    if not ch.immune(c, "energy"):
        energy_loss += owed
        data["wound_energy"] = taken + owed
    if level != ch.wound(c):
        work.tell("wound", about=[name], name=name, level=level, was=ch.wound(c), energy=owed)
    if level:
        data["wound"] = level
    else:
        data.pop("wound", None)
    energy = c.resources.get("energy", 0)
    after = max(0, energy - energy_loss)
    c = replace(c, data=data, resources={**c.resources, "energy": after})
    if energy > 0 and after == 0:
        work.tell("exhausted", about=[name], name=name)
    work.put(c)
    return c


def at_death(rnd: Round, name: str, *, gods: bool, outright: bool = False, endgame: bool = False) -> str:
    """AT DEATH: d100 1-50 death, 51-100 bleeds out alive; the gods and the samurai kill (TW-DEATH-1).

    A rebirth perk raises its bearer once a fight at 1 HP instead, but not after an
    endgame defeat nor in a resonance round (TW-REVIVE-1)."""
    work = rnd.work
    c = work.get(name)
    if (not endgame and not rnd.resonance and not c.data.get("reborn")
            and any(p.rebirth for p in ch.perks(c))):
        work.put(replace(c.with_resource("hp", 1), status=OK, data={**c.data, "reborn": True}))
        work.tell("reborn", about=[name], name=name)
        return OK
    rnd.fallen.append(name)
    if gods or outright:
        work.put(replace(c, status=DEAD))
        work.tell("at_death", about=[name], name=name, why="gods" if gods else "samurai", died=True)
        return DEAD
    die = work.roll(rnd.source, 100, "at_death")
    status = DEAD if die.face <= 50 else DYING
    work.put(replace(c, status=status))
    work.tell("at_death", about=[name], name=name, d100=die.face, died=status == DEAD)
    return status
