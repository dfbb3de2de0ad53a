"""The careful reader of ``siege.json``, in parts: pydantic's validators of the tables and
the log (``TABLES``, ``LOG``, through its public API), which opening a file
(``siege_file``) and a save's check that each piece reads back (``document``) both use; and
the JSON as plain data, refusing what a file cannot keep (``plain_json``), with which a
file is opened (its older versions are migrated as plain data)."""

from __future__ import annotations

import json
import math
from typing import Any

from pydantic import TypeAdapter

from siegeboard.model.log import LogEntry
from siegeboard.model.siege import Mine
from siegeboard.model.structure import Structure
from siegeboard.model.weapon import Battery, Weapon

TABLES: dict[str, TypeAdapter[Any]] = {
    table: TypeAdapter(dict[str, model]) for table, model in  # type: ignore[valid-type]
    {"structures": Structure, "weapons": Weapon, "batteries": Battery, "mines": Mine}.items()}
"""Each table of a siege (id -> item), validated as pydantic validates the model's field."""
LOG: TypeAdapter[list[LogEntry]] = TypeAdapter(list[LogEntry])


def plain_json(text: str | bytes) -> Any:
    """``text`` as plain JSON data; ``ValueError`` (a ``json.JSONDecodeError`` for text that
    is not JSON) for what a file cannot keep: NaN or infinite numbers, numbers too large for
    a float, a key repeated in one object."""
    return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float,
                      object_pairs_hook=_no_repeated_keys)


def _refuse_constant(constant: str) -> Any:
    raise ValueError(f"{constant} is not a number a siege can hold")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is too large a number")
    return value


def _no_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        repeated = None
        for key, _ in pairs:
            if key in seen:
                repeated = key
                break
            seen.add(key)
        raise ValueError(f"the key {repeated!r} appears twice in one object")
    return result
