"""``siege.json`` as siegeboard writes it: in pieces, each checked to read back.

The document is the ``Siege`` model's compact JSON, its fields in the model's order, with two
differences: each structure leaves out its fields that hold their defaults; and (schema
version 8) the siege's beginning (``base``, R2: the siege before its first
log entry) lists its structures in its own order, and each one the siege still holds unchanged
is written as the text ``"unchanged"`` (``UNCHANGED``) instead of the structure again. A
structure changed since the beginning, or removed since, is written whole; one added since is
not in the beginning at all. A town in play is written once, not twice. (A beginning with
every structure written whole is a valid document too: it is what version 7 wrote.)

Writing (``checked_pieces``) yields the document a slice of 400 structures, or 2,000 rolls,
events or lines of a log entry, at a time, each read back through pydantic's public API with
the validators the reader uses (``persist.reading``) and compared with what was written
before it is yielded (a NaN, written as null, or any value a file cannot
keep makes them differ), and the siege's other fields and its own rules checked on the
structures so read: the caller deflates each piece as it comes and holds none of them. An
entry's lists kept compact (``model.log.Later``) are built a piece at a time for writing and
stay compact. Every save reads every piece back: what a rule or an edit made without
validation (``model_copy``) is caught before it reaches a file.

Reading a file is ``siege_file.siege_from_json``'s, with the same parts (``persist.reading``);
``resolve_beginning`` is how it reads the "unchanged" shorthand where it names the first
problem. The shorthand keeps a town in play from being written, and read, twice (the figure
that keeps it is in docs/performance.md, run M).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any, Literal

import pydantic_core
from pydantic import Field, TypeAdapter

from siegeboard.model.fields import fields_of
from siegeboard.model.log import Event, Later, LogEntry, Roll
from siegeboard.model.siege import Siege
from siegeboard.model.structure import Structure
from siegeboard.model.validation import MAX_ITEMS
from siegeboard.persist.reading import TABLES
from siegeboard.rules.registry import unknown_kinds

UNCHANGED = "unchanged"
"""What a beginning's structures hold in a file for a structure the siege holds unchanged."""

# Structures written or read back in one call of pydantic's serializer or JSON reader: a few
# milliseconds of work each (a worker thread's autosave leaves the window free between them).
_SLICE = 400
_FIELDS = list(fields_of(Siege))
_BEFORE = set(_FIELDS[:_FIELDS.index("structures")])
_MIDDLE = set(_FIELDS[_FIELDS.index("structures") + 1:_FIELDS.index("log")])
_AFTER = set(_FIELDS[_FIELDS.index("log") + 1:]) - {"base"}
_REST = _BEFORE | _MIDDLE | _AFTER
_STRUCTURE_TABLE = TABLES["structures"]
_BEGINNING_TABLE = TypeAdapter(dict[str, Annotated[
    Literal["unchanged"] | Structure, Field(union_mode="left_to_right")]])
_LOG_ENTRY = TypeAdapter(LogEntry)
_SERIALIZER = TypeAdapter(Siege)
# A log entry's long lists (a minute of a city's fires: thousands of rolls, lines and events),
# written and read back this many items at a time, each built from the entry's compact
# records only for its piece (``model.log.Later``): neither the written entry nor its reading
# back is ever whole in memory, and saving leaves the entry as compact as it was.
_ENTRY_LISTS: dict[str, TypeAdapter[Any]] = {
    "rolls": TypeAdapter(list[Roll]), "events": TypeAdapter(list[Event]),
    "lines": TypeAdapter(list[str])}
_ENTRY_ITEMS = 2000
_ENTRY_FIELDS = list(fields_of(LogEntry))
_ENTRY_BEFORE = set(_ENTRY_FIELDS[:_ENTRY_FIELDS.index("rolls")])
_ENTRY_AFTER = set(_ENTRY_FIELDS[_ENTRY_FIELDS.index("lines") + 1:])
assert _ENTRY_FIELDS[len(_ENTRY_BEFORE):len(_ENTRY_BEFORE) + 3] == list(_ENTRY_LISTS)
_ENTRY_SERIALIZER = _LOG_ENTRY

# A piece's check: the adapter that reads it, the value written and its whole text.
_Check = tuple[TypeAdapter | None, Any, bytes]  # None: a piece that never reads back


class BeginningRefused(Exception):
    """A beginning that keeps "unchanged" a structure the siege does not have; the message
    names the field."""


class NotAsWritten(Exception):
    """A siege that does not reopen as itself from the pieces written for it (the caller looks
    at it the careful way to say why), or whose document would pass ``limit`` bytes."""


def pieces(siege: Siege) -> Iterator[memoryview | bytes]:
    """The bytes of ``siege``'s document in pieces, unchecked (joined: the whole document)."""
    for text, _ in _pieces(siege):
        yield text


def checked_pieces(siege: Siege, limit: int) -> Iterator[memoryview | bytes]:
    """The document's pieces, each yielded once it is known to read back as written; raises
    ``NotAsWritten`` (at the first piece that does not, or once the document passes ``limit``
    bytes) before yielding any more. A caller that raises nothing has written exactly the
    document of a siege that reopens as ``siege``."""
    if not _rest_reads_back(siege):
        raise NotAsWritten
    size = 0
    for text, check in _pieces(siege):
        if check is not None and not _reads_back(*check):
            raise NotAsWritten
        size += len(text)
        if size > limit:
            raise NotAsWritten
        yield text


def resolve_beginning(data: Any) -> None:
    """In plain data of the current version (its tables validated or not), put the siege's own
    structure in its beginning wherever the beginning says ``"unchanged"``; raises
    ``BeginningRefused`` when the siege holds no structure of that id."""
    base = data.get("base") if isinstance(data, dict) else None
    then = base.get("structures") if isinstance(base, dict) else None
    if not isinstance(then, dict):
        return
    now = data.get("structures")
    now = now if isinstance(now, dict) else {}
    for key, value in then.items():
        if value == UNCHANGED:
            if key not in now:
                raise BeginningRefused(f"base.structures.{key}: the beginning keeps it "
                                       f"\"unchanged\", but the siege has no structure {key!r}")
            then[key] = now[key]


def unchanged(now: Any, then: Any) -> bool:
    """Whether a beginning's structure ``then`` is the siege's ``now`` (None: the siege has
    none of its id): the same object (``Siege.beginning`` shares them) or an equal one."""
    return now is then or (now is not None and now == then)


# --------------------------------------------------------------------------- writing


def _pieces(siege: Siege) -> Iterator[tuple[memoryview | bytes, _Check | None]]:
    yield from _body(siege, None)
    if siege.base is None:
        yield b"null}", None
    else:
        yield from _body(siege.base, siege)
        yield b"null}}", None  # the beginning has no beginning


def _body(siege: Siege, beginning_of: Siege | None) -> Iterator[tuple[memoryview | bytes,
                                                                      _Check | None]]:
    """The document of ``siege`` (of ``beginning_of``'s beginning, if given) up to the value of
    its ``base``."""
    yield _SERIALIZER.dump_json(siege, include=_BEFORE)[:-1] + b',"structures":{', None
    items: list[tuple[str, Any]] = list(siege.structures.items())
    table: TypeAdapter[Any] = _STRUCTURE_TABLE
    if beginning_of is not None:
        now = beginning_of.structures
        items = [(key, UNCHANGED if unchanged(now.get(key), structure) else structure)
                 for key, structure in items]
        table = _BEGINNING_TABLE
    for start in range(0, len(items), _SLICE):
        piece = dict(items[start:start + _SLICE])
        # A structure's fields at their defaults are left out (they read back as the
        # defaults): a smaller document, and a structure read from it keeps only the names
        # of the fields written in its fields set (pydantic's ``model_fields_set``), a
        # third of the memory of a set of all 29, for each of a city's 50,000.
        text = table.dump_json(piece, exclude_defaults=True)
        if start:
            yield b",", None
        yield memoryview(text)[1:-1], (table, piece, text)
    yield b"}," + _SERIALIZER.dump_json(siege, include=_MIDDLE)[1:-1] + b',"log":[', None
    for number, entry in enumerate(siege.log):
        if number:
            yield b",", None
        yield from _entry(entry)
    yield b"]," + _SERIALIZER.dump_json(siege, include=_AFTER)[1:-1] + b',"base":', None


class _EntryFields:
    """A check of a log entry's fields but its long lists: the entry read back from them
    (its lists empty) has the same fields."""

    def __init__(self, entry: LogEntry):
        self.entry = entry

    def __eq__(self, again: object) -> bool:
        return isinstance(again, LogEntry) and all(
            getattr(again, name) == getattr(self.entry, name)
            for name in _ENTRY_FIELDS if name not in _ENTRY_LISTS)

    __hash__ = None  # type: ignore[assignment]


def _entry(entry: LogEntry) -> Iterator[tuple[memoryview | bytes, _Check | None]]:
    """A log entry's bytes (``entry.model_dump_json()``) in pieces: its fields before and
    after its long lists, and each list ``_ENTRY_ITEMS`` items at a time."""
    head = _ENTRY_SERIALIZER.dump_json(entry, include=_ENTRY_BEFORE)[:-1]
    tail = _ENTRY_SERIALIZER.dump_json(entry, include=_ENTRY_AFTER)[1:]
    fields = head + b"," + b",".join(b'"%s":[]' % name.encode() for name in _ENTRY_LISTS) \
        + b"," + tail
    yield head, (_LOG_ENTRY, _EntryFields(entry), fields)
    for name, adapter in _ENTRY_LISTS.items():
        yield b',"%s":[' % name.encode(), None
        count = 0
        for chunk in _chunks(getattr(entry, name)):
            text = adapter.dump_json(chunk)
            if count:
                yield b",", None
            count += len(chunk)
            # More items than an entry may keep never read back (the careful way names it).
            yield memoryview(text)[1:-1], (None if count > MAX_ITEMS else adapter, chunk, text)
        yield b"]", None
    yield b"," + tail, None


def _chunks(items: Any) -> Iterator[list]:
    """The items of a log entry's list (a ``Later``: built a part at a time) in lists of
    about ``_ENTRY_ITEMS``."""
    if type(items) is Later and items.built is not None:
        items = items.built
    if type(items) is not Later:
        for start in range(0, len(items), _ENTRY_ITEMS):
            yield items[start:start + _ENTRY_ITEMS]
        return
    chunk: list = []
    for part in items.parts:
        if type(part) is tuple:  # a recipe: ``(build, *args)``
            chunk.extend(part[0](*part[1:]))
        else:
            chunk.append(part)
        if len(chunk) >= _ENTRY_ITEMS:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _reads_back(adapter: TypeAdapter | None, value: Any, text: bytes) -> bool:
    """Whether ``text`` (``value`` as written) reads back through ``adapter`` (pydantic's
    reading of JSON, with the validators the reader uses: ``persist.reading``) as ``value``;
    never without an adapter."""
    if adapter is None:
        return False
    try:
        again = adapter.validate_json(text)
    except ValueError:
        return False
    return bool(value == again)


def _rest_reads_back(siege: Siege) -> bool:
    """Whether the siege's fields but its structures, log and beginning read back as
    themselves, and the siege built on them and its own structures, log and beginning keeps
    its own rules (ids, references, span) and knows its kinds; the same for its beginning."""
    try:
        rest = pydantic_core.from_json(_SERIALIZER.dump_json(siege, include=_REST))
        reopened = Siege.model_validate({**rest, "structures": siege.structures,
                                         "log": siege.log, "base": siege.base})
    except ValueError:
        return False
    if any(getattr(reopened, name) != getattr(siege, name) for name in _REST):
        return False
    if unknown_kinds(reopened):
        return False
    return siege.base is None or _rest_reads_back(siege.base)
