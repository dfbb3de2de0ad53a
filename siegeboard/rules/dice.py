"""Dice, injected into every rule that rolls: never a global random state.

``RandomDice`` rolls from a seeded generator; ``ScriptedDice`` hands out given values in
order, which is how tests pin rolls and how a GM types in dice rolled at the table.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable
from typing import Protocol


class DiceExhausted(RuntimeError):
    """A ScriptedDice was asked for more dice than it was given."""


class Dice(Protocol):
    def roll(self, count: int, sides: int) -> list[int]:
        """``count`` dice of ``sides`` sides, each 1..sides."""


def _check(count: int, sides: int) -> None:
    if not isinstance(count, int) or count < 0:
        raise ValueError(f"dice count must be a whole number 0 or more, not {count!r}")
    if not isinstance(sides, int) or sides < 2:
        raise ValueError(f"a die needs at least 2 sides, not {sides!r}")


class RandomDice:
    """Fair dice from ``random.Random(seed)``: the same seed gives the same rolls."""

    def __init__(self, seed: int | None = None):
        self.seed = seed  # kept: a long advance logs it instead of its rolls (R2)
        self._random = random.Random(seed)

    def roll(self, count: int, sides: int) -> list[int]:
        _check(count, sides)
        return [self._random.randint(1, sides) for _ in range(count)]


def parse_table_dice(text: str) -> list[int] | None:
    """Dice rolled at the table as typed: "3 5 6" or "3,5,6" -> [3, 5, 6]; None when blank
    (the program rolls). ``ValueError`` in plain words for anything but whole numbers of 1
    or more."""
    parts = text.replace(",", " ").split()
    if not parts:
        return None
    try:
        values = [int(part) for part in parts]
    except ValueError:
        values = []
    if len(values) != len(parts) or any(value < 1 for value in values):
        raise ValueError(f"{text.strip()!r} are not dice: type whole numbers of 1 or more, "
                         "e.g. 3 5 6")
    return values


def siege_dice(seed: int, seq: int, attempt: int = 0) -> RandomDice:
    """The program's own dice for the action at log position ``seq`` of a siege whose dice
    seed is ``seed``: the same in the window and on the command line, so the same file and
    the same action roll the same dice. ``attempt`` counts how often the window has rolled
    for that position in one session (an undone shot fired again rolls afresh); the command
    line always rolls attempt 0.
    """
    key = f"siegeboard:{seed}:{seq}:{attempt}".encode()
    return RandomDice(int.from_bytes(hashlib.sha256(key).digest()[:8], "big"))


class ScriptedDice:
    """Returns the given values in order; raises ``DiceExhausted`` when they run out.

    A value outside 1..sides of the die asked for is refused with ``ValueError``: a typo
    at the table must not become a wrong number.
    """

    def __init__(self, values: Iterable[int]):
        self._values = [int(value) for value in values]
        self._next = 0

    @property
    def remaining(self) -> int:
        return len(self._values) - self._next

    def roll(self, count: int, sides: int) -> list[int]:
        _check(count, sides)
        if self.remaining < count:
            raise DiceExhausted(
                f"asked for {count}D{sides} but only {self.remaining} scripted "
                f"{'die is' if self.remaining == 1 else 'dice are'} left")
        values = self._values[self._next:self._next + count]
        for value in values:
            if not 1 <= value <= sides:
                raise ValueError(f"scripted die {value} cannot come from a D{sides}")
        self._next += count
        return values
