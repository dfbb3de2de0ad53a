"""The Qt-free progress protocol: reports, the null object, cancelling a loop."""

import pytest

from siegeboard.model.progress import NO_PROGRESS, Cancelled, each


class Recorder:
    def __init__(self, stop_at: int | None = None):
        self.reports: list[tuple[int, int, str]] = []
        self.stop_at = stop_at

    def report(self, done, total, what=""):
        self.reports.append((done, total, what))
        if self.stop_at is not None and done >= self.stop_at:
            raise Cancelled(what)


def test_each_reports_every_step_and_the_end():
    recorder = Recorder()
    assert list(each("abc", recorder, "letters")) == ["a", "b", "c"]
    assert recorder.reports == [(0, 3, "letters"), (1, 3, "letters"), (2, 3, "letters"),
                                (3, 3, "letters")]


def test_each_reports_every_nth_step_of_an_iterator_of_unknown_length():
    recorder = Recorder()
    assert list(each(iter(range(5)), recorder, "n", every=2)) == [0, 1, 2, 3, 4]
    assert recorder.reports == [(0, 0, "n"), (2, 0, "n"), (4, 0, "n"), (5, 5, "n")]


def test_a_cancel_stops_the_loop_before_the_next_item():
    seen = []
    with pytest.raises(Cancelled, match="counting cancelled"):
        for item in each(range(10), Recorder(stop_at=3), "counting"):
            seen.append(item)
    assert seen == [0, 1, 2]


def test_no_progress_never_cancels():
    assert NO_PROGRESS.report(1, 2, "x") is None
    assert list(each(range(3), NO_PROGRESS, "x")) == [0, 1, 2]
