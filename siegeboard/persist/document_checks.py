"""The checks of a siege's document (``siege.json``): the JSON read as plain data only (no NaN,
no infinity, no repeated key, no object of more than ``MAX_OBJECT_KEYS`` keys), migrated to
the current schema, validated by the model a slice of each table at a time, and every
structure's kind checked against its ruleset's catalogue. Whatever is wrong is one
``SiegeFileError`` that names the first problem's field: a document refused by the quick
reading is read again the careful way (item by item, every key known) only to say what is
wrong, at a bounded cost whatever the document.

Saving asks the same reader: a siege whose document does not read back as itself is refused
with the reason (``refused_document``).
"""

from __future__ import annotations

import json
import math
import re
import types
import typing
from typing import Any

from pydantic import BaseModel, ValidationError

from siegeboard.model.collection import no_cycle_collection as paused_collection
from siegeboard.model.fields import fields_of
from siegeboard.model.log import LogEntry
from siegeboard.model.siege import Mine, Siege
from siegeboard.model.structure import Structure
from siegeboard.model.validation import MAX_ITEMS
from siegeboard.model.weapon import Battery, Weapon
from siegeboard.persist.document import (
    UNCHANGED,
    BeginningRefused,
    pieces,
    resolve_beginning,
)
from siegeboard.persist.errors import SiegeFileError
from siegeboard.persist.migrate import MigrationError, migrate
from siegeboard.persist.reading import LOG, TABLES, plain_json
from siegeboard.rules.context import RuleError
from siegeboard.rules.registry import unknown_kinds

DOCUMENT = "siege.json"
# siege.json: a town of fifty thousand structures in play fits, with a long evening's log: the
# town and its base (the town before the first entry) are 52 MB of compact JSON, and each
# minute with 5,000 wild fires logs 10 MB more (62 MB after the first: a bound of 64 MiB
# refused the second minute's save). Reading this much the quick way takes about five times
# it in memory; the bound is what keeps a hostile file from asking for more.
MAX_DOCUMENT_BYTES = 256 * 1024 * 1024

# The largest object of a siege (the tables aside) is an event's details, at most 1,000.
MAX_OBJECT_KEYS = 1_000


def siege_from_json(document: bytes, source: str = DOCUMENT) -> tuple[Siege, int]:
    """Parse, migrate and validate the bytes of a ``siege.json``.

    Returns ``(siege, schema version found in the document)``; raises ``SiegeFileError``
    whose message starts with ``source``. JSON that is not plain data is refused: NaN or
    infinite numbers, numbers too large for a float, repeated keys in one object.
    """
    try:
        with paused_collection():
            return _parse_document(document, source)
    except RecursionError:
        raise SiegeFileError(f"{source} is nested too deeply to be a siege") from None


def _refuse_unknown_kinds(siege: Siege, source: str) -> None:
    try:
        problems = unknown_kinds(siege)
    except RuleError as error:  # a ruleset this siegeboard does not know
        raise SiegeFileError(f"{source}: {error}") from None
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise SiegeFileError(f"{source}: {problems[0]}{more}")


def _parse_document(document: bytes, source: str) -> tuple[Siege, int]:
    data, version = _plain_data(document, source)
    try:
        siege = _validated(data)  # takes the tables' items out of ``data`` as it goes
    except (ValidationError, BeginningRefused, _Refused):
        siege = _first_problem_named(_plain_data(document, source)[0], source)
    _refuse_unknown_kinds(siege, source)
    return siege, version


def _plain_data(document: bytes, source: str) -> tuple[Any, int]:
    """The document as plain JSON data of the current version, and the version it was
    written in; refuses JSON that is not plain data (NaN or infinite numbers, numbers too
    large for a float, repeated keys in one object) and what cannot be migrated."""
    try:
        text = document.decode("utf-8")
        _refuse_a_non_object(text, source)
        data = plain_json(text)
    except UnicodeDecodeError as error:
        raise SiegeFileError(f"{source} is not UTF-8 text ({error.reason} at byte "
                             f"{error.start})") from None
    except (ValueError, OverflowError) as error:
        if not isinstance(error, json.JSONDecodeError):  # our own refusals (NaN, repeats)
            raise SiegeFileError(f"{source} is not valid JSON ({error})") from None
        raise SiegeFileError(f"{source} is not valid JSON (at line {error.lineno}, column "
                             f"{error.colno}): the file is damaged or was edited by hand; "
                             f"open its backup (.bak) or autosave") from None
    try:
        return migrate(data)
    except MigrationError as error:
        raise SiegeFileError(f"{source}: {error}") from None


def _first_problem_named(data: Any, source: str) -> Siege:
    """The careful reading of a document ``_validated`` refused, to name its first problem:
    every object's size and keys checked, then the tables and the log one item at a time,
    stopping at the first item that is wrong (a bounded cost, whatever the document)."""
    try:
        _validate_tables(data)
        resolve_beginning(data)  # a beginning's "unchanged" structures are the siege's own
        siege = Siege.model_validate(data)
    except _TableError as problem:
        raise SiegeFileError(f"{source}: {_describe(problem.error, problem.where)}") from None
    except (_Refused, BeginningRefused) as problem:
        raise SiegeFileError(f"{source}: {problem}") from None
    except ValidationError as error:
        raise SiegeFileError(f"{source}: {_describe(error)}") from None
    return siege




# Items of a table, or entries of the log, validated in one call of pydantic's validator:
# the validation of a document stops at the first slice that holds a problem, so the errors
# it collects are a few slices' worth whatever the document.
_SLICE = 500


def _validated(data: Any) -> Siege:
    """The siege of ``data`` (plain JSON data of the current version) validated by pydantic:
    its tables and log a slice at a time, then the siege on them. A structure its beginning
    (R2) keeps ``"unchanged"`` is the siege's own object, shared as ``Siege.beginning``
    shares it. Raises ``ValidationError`` or ``BeginningRefused`` at the first problem."""
    if not isinstance(data, dict):
        raise _Refused("siege.json must hold a JSON object")
    fields = _tables_validated(data, None)
    base = data.get("base")
    if isinstance(base, dict):
        now = fields.get("structures")
        fields["base"] = Siege.model_validate(
            _tables_validated(base, now if isinstance(now, dict) else {}))
    return Siege.model_validate(fields)


def _tables_validated(data: dict, now: dict[str, Structure] | None) -> dict[str, Any]:
    """``data``'s fields with its tables and log validated (a new dict; the items of
    ``data``'s tables are taken out of them); ``now``: the siege's structures, for a
    beginning's ``"unchanged"`` ones."""
    fields = dict(data)
    for table, adapter in TABLES.items():
        items = fields.get(table)
        if not isinstance(items, dict):
            continue
        if now is not None and table == "structures":
            raw = items
            items = {key: _unchanged(now, key) if value == UNCHANGED else value
                     for key, value in raw.items()}
            raw.clear()
        keys = list(items)
        validated: dict[str, Any] = {}
        for start in range(0, len(keys), _SLICE):
            # Each slice's plain data is let go once validated: the town's models take the
            # memory its JSON held, instead of both being held at once.
            validated.update(adapter.validate_python(
                {key: items.pop(key) for key in keys[start:start + _SLICE]}))
        fields[table] = validated
    log = fields.get("log")
    if isinstance(log, list) and len(log) <= MAX_ITEMS:
        fields["log"] = [entry for start in range(0, len(log), _SLICE)
                         for entry in LOG.validate_python(log[start:start + _SLICE])]
    return fields


def _unchanged(now: dict[str, Structure], key: str) -> Structure:
    structure = now.get(key)
    if structure is None:
        raise BeginningRefused(key)
    return structure


def _refuse_a_non_object(text: str, source: str) -> None:
    """A document that is plainly not an object is refused before it is parsed: an array of
    millions of zeros costs nothing."""
    if text[:64].lstrip()[:1] == "[":
        raise SiegeFileError(f"{source}: siege.json must hold a JSON object, not an array")


class _Refused(Exception):
    """A document refused before pydantic sees it; the message names the field."""


class _TableError(Exception):
    def __init__(self, error: ValidationError, where: tuple[int | str, ...]):
        self.error = error
        self.where = where


_TABLES = {"structures": Structure, "weapons": Weapon, "batteries": Battery, "mines": Mine}


def _validate_tables(data: Any) -> None:
    """Validate the siege's tables and log one item at a time, in place, stopping at the first
    item that is wrong: a file of a million bad items costs one item's errors, not a million
    (pydantic collects every error of one call). The siege's own validation then takes the
    items as they are."""
    if not isinstance(data, dict):
        return
    _objects_are_small(data)
    _known_fields(Siege, data, ())
    base = data.get("base")
    for siege, where in ((data, ()), (base, ("base",))):  # the beginning's tables too (R2)
        for table, model in _TABLES.items():
            items = siege.get(table) if isinstance(siege, dict) else None
            if isinstance(items, dict) and len(items) <= MAX_ITEMS:
                for key, item in items.items():
                    items[key] = _one(model, item, (*where, table, key))
    log = data.get("log")
    if isinstance(log, list) and len(log) <= MAX_ITEMS:
        for index, entry in enumerate(log):
            log[index] = _one(LogEntry, entry, ("log", index))


def _objects_are_small(data: dict) -> None:
    """Every object but the tables of the siege and of its beginning has at most
    ``MAX_OBJECT_KEYS`` keys: pydantic names each unknown key of an object as an error of its
    own."""
    stack: list[tuple[Any, tuple[int | str, ...]]] = [(data, ())]
    while stack:
        node, where = stack.pop()
        if isinstance(node, dict):
            # The tables of the siege and of its beginning (R2) may hold a whole town.
            table = (len(where) == 1 or len(where) == 2 and where[0] == "base") \
                and where[-1] in _TABLES
            if len(node) > MAX_OBJECT_KEYS and not table:
                raise _Refused(f"{_field_path(where) or 'siege.json'}: an object of "
                               f"{len(node):,} keys; an object of a siege has at most "
                               f"{MAX_OBJECT_KEYS:,}")
            stack.extend((value, (*where, key)) for key, value in node.items()
                         if isinstance(value, (dict, list)))
        else:
            stack.extend((value, (*where, index)) for index, value in enumerate(node)
                         if isinstance(value, (dict, list)))


def _known_fields(model, item: dict, where: tuple[int | str, ...]) -> None:
    """Refuse the first key of ``item``, or of any object inside it, that its model has no
    field for, as pydantic would, but once: pydantic names every unknown key of every object
    as an error of its own."""
    fields = model.model_fields
    unknown = next((key for key in item if key not in fields), None)
    if unknown is not None:
        raise _Refused(f"{_field_path((*where, unknown))}: Extra inputs are not permitted")
    for key, value in item.items():
        if isinstance(value, (dict, list)):
            _known_inside(fields[key].annotation, value, (*where, key))


def _known_inside(annotation: Any, value: Any, where: tuple[int | str, ...]) -> None:
    """``_known_fields`` for a value of type ``annotation``: a model, a list or dict of
    models, an optional one, or a tagged union of models (the actions)."""
    origin, arguments = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Annotated:
        _known_inside(arguments[0], value, where)
    elif isinstance(annotation, type) and issubclass(annotation, BaseModel):
        if isinstance(value, dict):
            _known_fields(annotation, value, where)
    elif origin is list and arguments and isinstance(value, list):
        for index, each in enumerate(value):
            if isinstance(each, (dict, list)):
                _known_inside(arguments[0], each, (*where, index))
    elif origin is dict and len(arguments) == 2 and isinstance(value, dict):
        for key, each in value.items():
            if isinstance(each, (dict, list)):
                _known_inside(arguments[1], each, (*where, key))
    elif origin in (typing.Union, types.UnionType):
        models = [each for each in arguments if isinstance(each, type)
                  and issubclass(each, BaseModel)]
        if len(models) == 1:
            _known_inside(models[0], value, where)
        elif models and isinstance(value, dict):
            tagged = [each for each in models if "type" in fields_of(each) and
                      fields_of(each)["type"].default == value.get("type")]
            if len(tagged) == 1:
                _known_fields(tagged[0], value, where)


def _one(model, item: Any, where: tuple[int | str, ...]):
    if not isinstance(item, dict):
        return item  # the siege's validation names what it should be
    _known_fields(model, item, where)
    try:
        return model.model_validate(item)
    except ValidationError as error:
        raise _TableError(error, where) from None


def _describe(error: ValidationError, where: tuple[int | str, ...] = ()) -> str:
    """The first problem as ``field.path[0].name: message (got ...)``, and how many more;
    ``where`` is the path of the item ``error`` is about."""
    problems = error.errors(include_url=False)
    first = problems[0]
    location = (*where, *first["loc"])
    path = _field_path(location)
    message = first["msg"].removeprefix("Value error, ")
    if len(location) == 1 and re.match(r"[a-z_]+[.:]", message) \
            and re.split(r"[.:]", message, maxsplit=1)[0] in fields_of(Siege):
        path = ""  # a rule of the siege's that names its own field path
    if first["type"] not in ("missing", "value_error", "assertion_error"):
        given = first.get("input")
        shown = (f"{len(given):,} items" if isinstance(given, (list, dict)) and len(given) > 8
                 else _as_json(given))
        message += f" (got {shown if len(shown) <= 60 else shown[:57] + '...'})"
    text = f"{path}: {message}" if path else message
    if len(problems) > 1:
        text += f" (and {len(problems) - 1} more problem{'s' if len(problems) > 2 else ''})"
    return text


def _as_json(value: Any) -> str:
    """A value of the file as the file writes it (``null``, ``"x"``, ``[0, 1]``), not as
    Python would."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return "a value of the wrong kind"


def _field_path(location: tuple[int | str, ...]) -> str:
    path = ""
    for part in location:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    return path


def refused_document(siege: Siege, name: str) -> bytes:
    """The document of a siege that did not reopen as itself from its pieces: the reason as a
    ``SiegeFileError``, or the document when the careful reading finds none (it reads as the
    very same siege)."""
    where = _non_finite(siege.model_dump(), "")
    if where is not None:
        raise SiegeFileError(f"cannot save {name}: {where} is not a finite number, which a file "
                             f"cannot keep; nothing was written")
    document = b"".join(pieces(siege))
    if len(document) > MAX_DOCUMENT_BYTES:
        raise SiegeFileError(f"cannot save {name}: its document would take {len(document):,} "
                             f"bytes, more than the {MAX_DOCUMENT_BYTES:,} a siege file may "
                             f"hold; nothing was written")
    try:
        reopened, _ = siege_from_json(document, "the siege")
    except SiegeFileError as error:
        raise SiegeFileError(f"cannot save {name}: {error}; nothing was written") from None
    if reopened != siege:
        raise SiegeFileError(
            f"cannot save {name}: it holds a value a file cannot keep (such as NaN); nothing "
            f"was written")
    return document


def _non_finite(value: Any, path: str) -> str | None:
    """The field path of the first NaN or infinity in dumped data, or None."""
    if isinstance(value, float):
        return None if math.isfinite(value) else f"{path} ({value})"
    if isinstance(value, dict):
        items = ((f"{path}.{key}" if path else str(key), item) for key, item in value.items())
    elif isinstance(value, (list, tuple)):
        items = ((f"{path}[{index}]", item) for index, item in enumerate(value))
    else:
        return None
    return next((found for found in (_non_finite(item, where) for where, item in items)
                 if found is not None), None)
