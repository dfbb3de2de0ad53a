"""Python's cyclic garbage collector paused while a burst of acyclic objects is made."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def no_cycle_collection() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while an action is worked out (``rules.engine``)
    or a log entry's kept records are built (``model.log``).

    An action allocates thousands of small, acyclic objects (copies, rolls, events, lines)
    that reference counting frees anyway; each allocation burst otherwise triggers full
    collections that walk every object of a large siege, which cost more than the rules
    themselves (half of a minute of clock with 1,000 fires in a 10,000-structure town).
    Nothing changes but when cycles, if any, are collected.

    On the way out, what the action made (the outcome: copies, rolls, events) is moved
    straight to the oldest generation with ``gc.freeze(); gc.unfreeze()``, which also resets
    the young generation's count. Otherwise the first allocation after ``gc.enable`` scans
    every one of those objects (a tenth of a minute of clock in that town) only to find
    them alive: they live as long as the log does. Skipped when the program keeps frozen
    objects of its own, which ``unfreeze`` would release.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            if gc.get_freeze_count() == 0:
                gc.freeze()
                gc.unfreeze()
            gc.enable()
