"""A log entry's lists kept for later (``model.log.Later``): set through ``model_copy``, read
as a read-only list built once, dumped, compared and pickled as the plain list."""

import json
import pickle

from siegeboard.model.actions import AdvanceClock
from siegeboard.model.log import Later, LogEntry

built = []


def _lines(count: int) -> list[str]:
    built.append(count)
    return [f"line {number}" for number in range(count)]


def _entry() -> LogEntry:
    return LogEntry.with_later([], ["first", (_lines, 3)], [], roll_count=0, line_count=4,
                               seq=1, turn=0, action=AdvanceClock(turns=1))


def test_kept_lines_are_built_once_on_the_first_read():
    built.clear()
    entry = _entry()
    assert type(entry.lines) is Later and built == []
    assert len(entry.lines) == 4 and built == []  # the length is known without building
    assert entry.lines[1:] == ["line 0", "line 1", "line 2"]
    assert list(entry.lines) == ["first", "line 0", "line 1", "line 2"] and built == [3]
    assert entry.lines + ["more"] == ["first", "line 0", "line 1", "line 2", "more"]
    assert built == [3]


def test_kept_lines_dump_compare_and_pickle_as_the_plain_list():
    entry = _entry()
    plain = LogEntry(seq=1, turn=0, action=AdvanceClock(turns=1),
                     lines=["first", "line 0", "line 1", "line 2"])
    assert entry == plain and plain == entry
    assert entry.model_dump() == plain.model_dump()
    assert entry.model_dump_json() == plain.model_dump_json()
    assert json.loads(json.dumps(list(entry.lines))) == plain.lines
    again = pickle.loads(pickle.dumps(entry))
    assert again == plain and type(again.lines) is list
    assert entry.model_fields_set >= {"lines", "rolls", "events"}
