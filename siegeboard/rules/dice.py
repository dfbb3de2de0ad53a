"""Dice, injected into every rule that rolls: never a global random state.

Every roll says what it is for: ``roll(count, sides, label)``, the label a sentence a GM
can read ("large calibre of the Culverin"); ``roll_prompt`` makes the question asked at the
table ("2D6: large calibre of the Culverin").

``RandomDice`` rolls from a seeded generator; ``ScriptedDice`` hands out given values in
order (how tests pin rolls and replay feeds a log back); ``TypedFirstDice`` uses the dice a
GM typed in advance first and rolls the rest; ``AskingDice`` asks for each roll as it comes
("dice as they land"). A dice object that knows which of its last roll's dice were typed at
the table says so in ``last_typed`` (the count; 0 when absent): the log keeps it.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol


class DiceExhausted(RuntimeError):
    """A ScriptedDice was asked for more dice than it was given."""


class DiceCancelled(Exception):
    """The GM cancelled the action while asked for a roll: nothing is changed."""


class Dice(Protocol):
    def roll(self, count: int, sides: int, label: str | None = None) -> list[int]:
        """``count`` dice of ``sides`` sides, each 1..sides; ``label`` says what for."""


def roll_prompt(count: int, sides: int, label: str | None) -> str:
    """The roll as a GM is asked for it: "2D6: large calibre of the Culverin"."""
    return f"{count}D{sides}: {label}" if label else f"{count}D{sides}"


class TotalOnly(str):
    """A roll's label that also says only the dice's total counts (the people inside share
    the total of their damage dice, H5): a GM asked for the roll may give the total alone
    ("83" for 24D6), which ``dice_of_total`` turns into dice. Any other label means each
    die counts on its own (a pool's Successes, a die against a threshold)."""

    __slots__ = ()


def total_only(label: str | None) -> bool:
    """Whether only the total of the dice asked for under ``label`` counts (``TotalOnly``)."""
    return isinstance(label, TotalOnly)


def dice_of_total(total: int, count: int, sides: int) -> list[int]:
    """``count`` dice of ``sides`` that add up to ``total``, as even as they go (the higher
    ones first): how a total typed at the table is kept as dice, so that replay reads it
    back. ``ValueError`` when no ``count``D``sides`` makes ``total``."""
    if not count <= total <= count * sides:
        raise ValueError(f"a total of {count}D{sides} is {count} to {count * sides}, "
                         f"not {total}")
    low, extra = divmod(total, count)
    return [low + 1] * extra + [low] * (count - extra)


def typed_of(dice: object) -> int:
    """How many of the last roll's dice ``dice`` took as typed at the table (0: rolled)."""
    return int(getattr(dice, "last_typed", 0))


def _for(label: str | None) -> str:
    return f" (for {label})" if label else ""


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

    def roll(self, count: int, sides: int, label: str | None = None) -> list[int]:
        _check(count, sides)
        if not _DRAWS_BY_BITS:
            return [self._random.randint(1, sides) for _ in range(count)]
        # ``randint(1, sides)`` for each die, drawn as ``random.Random`` draws it (the bits
        # of ``sides``, drawn again while they are not below it) without its three calls a
        # die: the same dice, a quarter of the cost (a minute of a burning city rolls tens
        # of thousands). ``test_dice`` checks them against ``randint``.
        getrandbits = self._random.getrandbits
        bits = sides.bit_length()
        values = []
        for _ in range(count):
            value = getrandbits(bits)
            while value >= sides:
                value = getrandbits(bits)
            values.append(value + 1)
        return values


# Whether this Python's ``random.Random.randint`` draws ``randrange``'s ``_randbelow`` from
# ``getrandbits`` (CPython 3.2 onwards): then ``RandomDice`` draws the same way itself.
_DRAWS_BY_BITS = (getattr(random.Random, "_randbelow", None)
                  is getattr(random.Random, "_randbelow_with_getrandbits", object()))


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


MAX_SEED = 2**31 - 1  # RULINGS R3: a dice seed is 0 to 2^31 - 1


def fresh_dice_seed() -> int:
    """A random dice seed for a new siege (0 to ``MAX_SEED``), from the system's entropy:
    two new sieges do not roll the same first dice. The siege keeps it, so its own rolls
    stay reproducible."""
    return random.SystemRandom().randint(0, MAX_SEED)


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
    at the table must not become a wrong number. Both errors name the roll. ``typed`` marks
    the values as typed at the table (True), rolled (False, the default), or die by die (a
    sequence of flags, as replay gives a log's dice back with their marks).
    """

    def __init__(self, values: Iterable[int], typed: bool | Sequence[bool] = False):
        self._values = [int(value) for value in values]
        self._typed = ([bool(typed)] * len(self._values) if isinstance(typed, bool)
                       else [bool(flag) for flag in typed])
        if len(self._typed) != len(self._values):
            raise ValueError("one typed mark per scripted die")
        self._next = 0
        self.last_typed = 0

    @property
    def remaining(self) -> int:
        return len(self._values) - self._next

    def roll(self, count: int, sides: int, label: str | None = None) -> list[int]:
        _check(count, sides)
        if self.remaining < count:
            raise DiceExhausted(
                f"asked for {count}D{sides}{_for(label)} but only {self.remaining} scripted "
                f"{'die is' if self.remaining == 1 else 'dice are'} left")
        values = self._values[self._next:self._next + count]
        for value in values:
            if not 1 <= value <= sides:
                raise ValueError(f"die {value} cannot come from a D{sides}{_for(label)}")
        self.last_typed = sum(self._typed[self._next:self._next + count])
        self._next += count
        return values


class TypedFirstDice:
    """The dice a GM typed in advance first, in order; ``fallback`` rolls the rest.

    A roll that finds fewer typed dice left than it needs takes those and has ``fallback``
    give the others (``last_typed`` counts the typed ones, the fallback's own included).
    ``remaining`` is what the action did not need: the caller reports it, never drops it
    silently. A typed die that cannot come
    from the die asked for is refused with ``ValueError`` naming the roll.
    """

    def __init__(self, values: Iterable[int], fallback: Dice):
        self._values = [int(value) for value in values]
        self._fallback = fallback
        self._next = 0
        self.last_typed = 0
        self.rolled = 0  # dice the fallback rolled

    @property
    def remaining(self) -> int:
        return len(self._values) - self._next

    @property
    def unused(self) -> list[int]:
        return self._values[self._next:]

    def roll(self, count: int, sides: int, label: str | None = None) -> list[int]:
        _check(count, sides)
        taken = self._values[self._next:self._next + count]
        for value in taken:
            if not 1 <= value <= sides:
                raise ValueError(f"the typed die {value} cannot come from a "
                                 f"D{sides}{_for(label)}")
        self._next += len(taken)
        rest = count - len(taken)
        self.last_typed = len(taken)
        if rest:
            taken = taken + list(self._fallback.roll(rest, sides, label))
            self.rolled += rest
            # The rest may have been typed too, when asked for (``AskingDice``).
            self.last_typed += typed_of(self._fallback)
        return taken


AskFunction = Callable[[int, int, str | None], "Sequence[int] | None"]


class AskingDice:
    """Dice as they land: ``ask(count, sides, label)`` is called for each roll when the
    rules need it, and returns the values rolled at the table, or None for "roll these for
    me" (``fallback`` rolls them); it raises ``DiceCancelled`` to cancel the whole action.

    Values that are not ``count`` dice of 1..sides are refused with ``ValueError`` naming
    the roll (the asking side should check first, with ``check_answer``).
    """

    def __init__(self, ask: AskFunction, fallback: Dice):
        self._ask = ask
        self._fallback = fallback
        self.last_typed = 0
        self.asked = 0
        self.rolled = 0

    def roll(self, count: int, sides: int, label: str | None = None) -> list[int]:
        _check(count, sides)
        if not count:
            self.last_typed = 0
            return []
        self.asked += 1
        answer = self._ask(count, sides, label)
        if answer is None:
            self.last_typed = 0
            self.rolled += count
            return list(self._fallback.roll(count, sides, label))
        values = [int(value) for value in answer]
        problem = check_answer(values, count, sides)
        if problem:
            raise ValueError(f"{problem}{_for(label)}")
        self.last_typed = count
        return values


def check_answer(values: Sequence[int], count: int, sides: int) -> str | None:
    """What is wrong with ``values`` as the answer to ``count``D``sides``, or None."""
    if len(values) != count:
        return (f"{count} {'die' if count == 1 else 'dice'} of D{sides} asked for, "
                f"{len(values)} given")
    wrong = [value for value in values if not 1 <= value <= sides]
    if wrong:
        return f"{wrong[0]} cannot come from a D{sides} (1 to {sides})"
    return None
