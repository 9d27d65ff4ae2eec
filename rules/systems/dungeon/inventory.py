"""Dungeon inventory slots (DG-INV-1).

Most things take a slot, armor and two-handed weapons two; very small
things stack, a whole stack in one slot (10 candles = 1 slot).  A character
carries body x 3 slots.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from rules.systems.dungeon.common import Names, normalise
from rules.core.errors import RuleError

ITEM = "item"
ARMOR = "armor"
TWO_HANDED = "two_handed"
SMALL = "small"

#: slots one piece of each kind takes; small things go by stacks instead
KIND_SLOTS = {ITEM: 1, ARMOR: 2, TWO_HANDED: 2}
#: the seed's example stack (10 candles), used when an item gives none [I]
DEFAULT_STACK = 10
SLOTS_PER_BODY = 3

KIND_NAMES = Names(
    "item kind",
    {
        ITEM: (ITEM, "предмет", "вещь"),
        ARMOR: (ARMOR, "броня", "доспех", "доспехи"),
        TWO_HANDED: (TWO_HANDED, "two handed", "двуручное", "двуручное оружие"),
        SMALL: (SMALL, "мелочь", "мелкое", "мелкая вещь"),
    },
)


@dataclass(frozen=True, slots=True)
class Item:
    name: str
    kind: str = ITEM
    quantity: int = 1
    #: how many fit in one slot; small items only
    stack: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", KIND_NAMES.key(self.kind))
        if self.quantity < 1:
            raise ValueError(f"{self.name}: quantity must be at least 1 (got {self.quantity})")
        if self.stack is not None and (self.kind != SMALL or self.stack < 1):
            raise ValueError(f"{self.name}: only small items stack, at least 1 per slot")

    @property
    def per_slot(self) -> int:
        return self.stack if self.stack is not None else DEFAULT_STACK


@dataclass(frozen=True, slots=True)
class InventoryLine:
    name: str
    kind: str
    quantity: int
    slots: int


@dataclass(frozen=True, slots=True)
class InventoryLoad:
    lines: tuple[InventoryLine, ...]
    used: int
    capacity: int

    @property
    def free(self) -> int:
        return self.capacity - self.used

    @property
    def fits(self) -> bool:
        return self.used <= self.capacity

    def require_fits(self) -> InventoryLoad:
        if not self.fits:
            raise RuleError(
                f"{self.used} slots used but only {self.capacity} can be carried "
                f"(body x {SLOTS_PER_BODY}); drop {self.used - self.capacity}",
                rule="DG-INV-1",
            )
        return self


def inventory_load(items: Iterable[Item], body: int) -> InventoryLoad:
    """Slots a list of items uses against the body x 3 a character carries.

    Small items with the same name and stack size are counted together [I]
    (3 candles + 3 candles share one slot); everything else counts apiece.
    """
    lines: list[InventoryLine] = []
    stacks: dict[tuple[str, int], int] = {}
    for item in items:
        if item.kind == SMALL:
            key = (normalise(item.name), item.per_slot)
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
    return InventoryLoad(tuple(lines), sum(line.slots for line in lines), body * SLOTS_PER_BODY)
