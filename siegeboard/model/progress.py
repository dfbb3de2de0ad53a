"""How long work says how far it has got, and how the GM stops it: Qt-free, stdlib only.

Work that may take long (opening, importing, advancing the clock, exporting) takes a
``progress`` argument and calls ``progress.report(done, total, what)`` between steps. A
report raises ``Cancelled`` once the GM has asked to stop; the work lets it propagate and
must change nothing it has not yet handed back (do the work first, commit it last). Callers
that show nothing pass ``NO_PROGRESS``, which never cancels.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sized
from typing import Protocol, TypeVar

T = TypeVar("T")


class Cancelled(Exception):
    """The GM cancelled the work; whatever it was going to change is unchanged."""

    def __init__(self, what: str = ""):
        super().__init__(f"{what} cancelled" if what else "cancelled")
        self.what = what


class Progress(Protocol):
    """Told how far the work is; may stop it."""

    def report(self, done: int, total: int, what: str = "") -> None:
        """``done`` of ``total`` steps of ``what`` are finished (``total`` 0: unknown).
        Raises ``Cancelled`` if the work is to stop here."""


class _NoProgress:
    """The progress of work nobody watches: reports are ignored, nothing cancels."""

    def report(self, done: int, total: int, what: str = "") -> None:
        return None

    def __repr__(self) -> str:
        return "NO_PROGRESS"


NO_PROGRESS: Progress = _NoProgress()


def each(items: Iterable[T], progress: Progress, what: str, total: int | None = None,
         every: int = 1) -> Iterator[T]:
    """Yield ``items``, reporting before every ``every``-th one and once at the end, so a
    loop over them becomes a cancellable step of work. ``total`` defaults to ``len(items)``."""
    if total is None:
        total = len(items) if isinstance(items, Sized) else 0
    done = 0
    for item in items:
        if done % every == 0:
            progress.report(done, total, what)
        yield item
        done += 1
    progress.report(done, total or done, what)
