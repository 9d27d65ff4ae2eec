"""Dungeon inventory slots (DG-INV-1).

Most things take a slot, armor and two-handed weapons two; very small
things stack, a whole stack in one slot (10 candles = 1 slot).  A character
carries body x 3 slots (the sheet's ``slots``, which a house rule may
override).

:class:`Inventory` is the immutable value kept in the session under each
combatant (``[[combatants."Викинг".inventory]]``); giving and taking build
new inventories and refuse what the slots cannot hold, so a refused request
changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rules.core.errors import DocumentError, RuleError
from rules.core.names import Names, name_key, pick
from rules.dice.datatypes import datatype, replace
from rules.i18n import N_, _, pgettext

ITEM = "item"
ARMOR = "armor"
TWO_HANDED = "two_handed"
SMALL = "small"

#: slots one piece of each kind takes; small things go by stacks instead
KIND_SLOTS = {ITEM: 1, ARMOR: 2, TWO_HANDED: 2}
#: the seed's example stack (10 candles), used when an item gives none [I]
DEFAULT_STACK = 10
SLOTS_PER_BODY = 3
#: one request moves at most this many pieces (a typo guard, not a rule)
MAX_QUANTITY = 10_000

KIND_NAMES = Names(
    N_("item kind"),
    {
        ITEM: (ITEM, "предмет", "вещь"),
        ARMOR: (ARMOR, "броня", "доспех", "доспехи"),
        TWO_HANDED: (TWO_HANDED, "two handed", "двуручное", "двуручное оружие"),
        SMALL: (SMALL, "мелочь", "мелкое", "мелкая вещь"),
    },
)


_KINDS = frozenset((ITEM, ARMOR, TWO_HANDED, SMALL))


@datatype(frozen=True, slots=True)
class Item:
    """One carried item (DG-INV-1): its kind decides the slots it takes."""

    name: str
    kind: str = ITEM
    quantity: int = 1
    #: how many fit in one slot; small items only
    stack: int | None = None

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise ValueError(_("an item needs a name"))
        object.__setattr__(self, "name", self.name.strip())
        if self.kind not in _KINDS:  # stored kinds skip the spelling lookup (session loads)
            object.__setattr__(self, "kind", KIND_NAMES.key(self.kind))
        if not 1 <= self.quantity <= MAX_QUANTITY:
            raise ValueError(_("{name}: quantity must be 1..{most} (got {quantity})").format(
                name=self.name, most=MAX_QUANTITY, quantity=self.quantity))
        if self.stack is not None and (self.kind != SMALL or self.stack < 1):
            raise ValueError(_("{name}: only small items stack, at least 1 per slot").format(name=self.name))

    @property
    def per_slot(self) -> int:
        return self.stack if self.stack is not None else DEFAULT_STACK

    @property
    def key(self) -> str:
        """The form item names are compared in (case and ё/е do not matter)."""
        return name_key(self.name)


@datatype(frozen=True, slots=True)
class InventoryLine:
    """One item of an inventory with the slots it takes."""

    name: str
    kind: str
    quantity: int
    slots: int


@datatype(frozen=True, slots=True)
class InventoryLoad:
    """What an inventory weighs against the slots its carrier has."""

    lines: tuple[InventoryLine, ...]
    used: int
    capacity: int

    @property
    def free(self) -> int:
        return self.capacity - self.used

    @property
    def fits(self) -> bool:
        return self.used <= self.capacity

    def require_fits(self, who: str = N_("the character")) -> InventoryLoad:
        if not self.fits:
            raise RuleError(
                _("{who} would use {used} slots but can carry only {capacity} (ТЕЛО x {per_body}); "
                  "{extra} too many").format(who=_(who), used=self.used, capacity=self.capacity,
                                             per_body=SLOTS_PER_BODY, extra=self.used - self.capacity),
                rule="DG-INV-1",
            )
        return self


def inventory_load(items: Iterable[Item], body: int | None = None, *,
                   capacity: int | None = None) -> InventoryLoad:
    """Slots a list of items uses against what the character carries.

    ``capacity`` is the sheet's ``slots``; without it, body x 3.  Small items
    with the same name and stack size are counted together [I] (3 candles +
    3 candles share one slot); everything else counts apiece.
    """
    if capacity is None:
        if body is None:
            raise ValueError(_("give the body or the capacity in slots"))
        capacity = body * SLOTS_PER_BODY
    lines: list[InventoryLine] = []
    stacks: dict[tuple[str, int], int] = {}
    for item in items:
        if item.kind == SMALL:
            key = (name_key(item.name), item.per_slot)
            if key not in stacks:
                stacks[key] = len(lines)
                lines.append(InventoryLine(item.name, SMALL, 0, 0))
            index = stacks[key]
            quantity = lines[index].quantity + item.quantity
            slots = -(-quantity // item.per_slot)
            lines[index] = InventoryLine(lines[index].name, SMALL, quantity, slots)
        else:
            lines.append(
                InventoryLine(item.name, item.kind, item.quantity, KIND_SLOTS[item.kind] * item.quantity)
            )
    return InventoryLoad(tuple(lines), sum(line.slots for line in lines), capacity)


_ITEM_KEYS = ("name", "kind", "quantity", "stack")
Path = tuple[str | int, ...]


def _item_from_toml(raw: Any, path: Path) -> Item:
    if not isinstance(raw, Mapping):
        raise DocumentError(path, _("must be a table (name, kind, quantity, stack), got {raw!r}").format(raw=raw))
    for key in raw:
        if key not in _ITEM_KEYS:
            raise DocumentError(path + (key,), _("unknown key; an item has: {keys}").format(keys=", ".join(_ITEM_KEYS)))
    if "name" not in raw:
        raise DocumentError(path + ("name",), _("missing; every item has a name"))
    name = raw["name"]
    if not isinstance(name, str) or not name.strip():
        raise DocumentError(path + ("name",), _("must be a non-empty text, got {name!r}").format(name=name))
    kind = raw.get("kind", ITEM)
    if not isinstance(kind, str):
        raise DocumentError(path + ("kind",), _("must be text ({kinds} or {small})").format(
            kinds=", ".join(KIND_SLOTS), small=SMALL))
    if kind not in _KINDS:
        try:
            kind = KIND_NAMES.key(kind)
        except ValueError as err:
            raise DocumentError(path + ("kind",), str(err)) from None
    numbers: dict[str, int | None] = {}
    for key, default in (("quantity", 1), ("stack", None)):
        value = raw.get(key, default)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise DocumentError(path + (key,), _("must be a whole number, got {value!r}").format(value=value))
        numbers[key] = value
    quantity, stack = numbers["quantity"], numbers["stack"]
    if quantity is None or not 1 <= quantity <= MAX_QUANTITY:
        raise DocumentError(path + ("quantity",), _("must be 1..{most}, got {quantity}").format(
            most=MAX_QUANTITY, quantity=quantity))
    if stack is not None and kind != SMALL:
        raise DocumentError(path + ("stack",), _("only small items stack; this one is {kind}").format(kind=kind))
    if stack is not None and stack < 1:
        raise DocumentError(path + ("stack",), _("must be at least 1, got {stack}").format(stack=stack))
    return Item(name, kind, quantity, stack)


@datatype(frozen=True, slots=True)
class Inventory:
    """What one character carries, in the order it was added."""

    items: tuple[Item, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "items", tuple(self.items))
        seen: set[str] = set()
        for item in self.items:
            if item.key in seen:
                raise ValueError(_("{name} is listed twice; give one line a total quantity").format(name=item.name))
            seen.add(item.key)

    # -- the session form ------------------------------------------------

    @classmethod
    def from_toml(cls, raw: Any, path: Path = ("inventory",)) -> Inventory:
        """An inventory from its TOML array of tables.

        Raises :class:`DocumentError` whose path names the bad field
        (``path + (2, "quantity")``), so a hand edit can be found and fixed.
        """
        if not isinstance(raw, list):
            raise DocumentError(path, _("must be a list of item tables ([[...inventory]])"))
        items = [_item_from_toml(entry, path + (i,)) for i, entry in enumerate(raw)]
        first: dict[str, int] = {}
        for i, item in enumerate(items):
            if item.key in first:
                raise DocumentError(
                    path + (i, "name"),
                    _("{name!r} is already listed at [{line}]; keep one line with the total quantity").format(
                        name=item.name, line=first[item.key]),
                )
            first[item.key] = i
        return cls(tuple(items))

    def to_toml(self) -> list[dict[str, Any]]:
        """Name always; kind, quantity and stack only when not at their default."""
        out = []
        for item in self.items:
            table: dict[str, Any] = {"name": item.name}
            if item.kind != ITEM:
                table["kind"] = item.kind
            if item.quantity != 1:
                table["quantity"] = item.quantity
            if item.stack is not None:
                table["stack"] = item.stack
            out.append(table)
        return out

    # -- reading -----------------------------------------------------------

    def load(self, capacity: int) -> InventoryLoad:
        """Used and free slots against ``capacity`` (the sheet's ``slots``)."""
        return inventory_load(self.items, capacity=capacity)

    def find(self, name: str) -> Item:
        """The item ``name`` means: exact name, else a unique prefix (NotFound otherwise)."""
        chosen = pick("item", name, [item.name for item in self.items])
        return next(item for item in self.items if item.name == chosen)

    def count(self, name: str) -> int:
        wanted = name_key(name)
        return sum(item.quantity for item in self.items if item.key == wanted)

    # -- changing ----------------------------------------------------------

    def plus(self, item: Item) -> Inventory:
        """This inventory with ``item`` added to a line of the same name, or as a new line.

        Adding to a line of another kind or stack size is refused: the slots
        would be counted wrongly.
        """
        for i, held in enumerate(self.items):
            if held.key != item.key:
                continue
            if (held.kind, held.stack) != (item.kind, item.stack):
                raise RuleError(
                    _("{name} is carried as {kind}, not {other}; use the same kind, or another name").format(
                        name=held.name, kind=_kind_text(held), other=_kind_text(item)),
                    rule="DG-INV-1",
                )
            total = held.quantity + item.quantity
            if total > MAX_QUANTITY:
                raise RuleError(_("{name}: more than {most} pieces in one line").format(
                    name=held.name, most=MAX_QUANTITY))
            merged = replace(held, quantity=total)
            return Inventory(self.items[:i] + (merged,) + self.items[i + 1:])
        return Inventory(self.items + (item,))

    def minus(self, name: str, count: int = 1) -> tuple[Inventory, Item]:
        """This inventory without ``count`` pieces of the item ``name`` means, and those pieces."""
        if count < 1:
            raise ValueError(_("take at least one piece (got {count})").format(count=count))
        held = self.find(name)
        if count > held.quantity:
            raise RuleError(_("only {quantity} x {name} carried, {count} asked").format(
                quantity=held.quantity, name=held.name, count=count),
                            rule="DG-INV-1")
        taken = replace(held, quantity=count)
        index = self.items.index(held)
        if count == held.quantity:
            rest = self.items[:index] + self.items[index + 1:]
        else:
            rest = self.items[:index] + (replace(held, quantity=held.quantity - count),) \
                + self.items[index + 1:]
        return Inventory(rest), taken


def _kind_text(item: Item) -> str:
    if item.kind == SMALL:
        return _("small items, {n} a slot").format(n=item.per_slot)
    words = {ARMOR: pgettext("item kind", "armor"), TWO_HANDED: pgettext("item kind", "two-handed")}
    return words.get(item.kind, item.kind.replace("_", "-"))


@datatype(frozen=True, slots=True)
class InventoryChange:
    """Items given to one character, taken from it, or moved between two."""

    #: the pieces that moved (quantity = how many)
    item: Item
    giver: str | None
    taker: str | None
    #: None for the side that is not a character (the master's world)
    giver_before: Inventory | None
    giver_after: Inventory | None
    taker_before: Inventory | None
    taker_after: Inventory | None
    #: the taker's slots after the change, when there is a taker
    taker_load: InventoryLoad | None

    #: nothing is rolled; kept so every outcome lists its dice
    dice: tuple = ()


def give_item(who: str, inventory: Inventory, item: Item, capacity: int) -> InventoryChange:
    """``who`` receives ``item`` (found, bought, handed out by the master) (DG-INV-1).

    Refused, with the free slots in the message, when it would not fit.
    """
    after = inventory.plus(item)
    load = after.load(capacity).require_fits(who)
    return InventoryChange(item, None, who, None, None, inventory, after, load)


def drop_item(who: str, inventory: Inventory, name: str, count: int = 1) -> InventoryChange:
    """``who`` loses ``count`` pieces of an item: used up, sold, dropped."""
    after, taken = inventory.minus(name, count)
    return InventoryChange(taken, who, None, inventory, after, None, None, None)


def hand_over(giver: str, giver_inventory: Inventory, taker: str, taker_inventory: Inventory,
              name: str, count: int, taker_capacity: int) -> InventoryChange:
    """``giver`` hands ``count`` pieces of an item to ``taker``, who must have room."""
    if name_key(giver) == name_key(taker):
        raise RuleError(_("{giver} cannot hand something to itself").format(giver=giver))
    giver_after, moved = giver_inventory.minus(name, count)
    taker_after = taker_inventory.plus(moved)
    load = taker_after.load(taker_capacity).require_fits(taker)
    return InventoryChange(moved, giver, taker, giver_inventory, giver_after,
                           taker_inventory, taker_after, load)


def items_text(items: Sequence[Item]) -> str:
    """``меч, кольчуга (armor), свеча x12`` for people."""
    parts = []
    for item in items:
        text = item.name if item.quantity == 1 else _("{item} x{count}").format(item=item.name, count=item.quantity)
        if item.kind != ITEM:
            text += f" ({_kind_text(item)})"
        parts.append(text)
    return ", ".join(parts)
