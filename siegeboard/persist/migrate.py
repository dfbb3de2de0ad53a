"""Bringing a ``siege.json`` written by an older siegeboard up to the current schema.

Each schema version has one step to the next, in ``STEPS``; ``migrate`` runs them in order,
so every older version has a path to ``SCHEMA_VERSION``. A step works on plain JSON data
(dicts and lists), before pydantic sees it, and never changes its input. A version newer
than ``SCHEMA_VERSION`` is refused: only a newer siegeboard knows what it means.

Versions
--------
0  The first files, before the field ``schema_version`` existed (a file without it, or with
   ``"schema_version": 0``). Differences from version 1:

   - ``structures``, ``weapons`` and ``batteries`` are JSON lists of objects, each carrying
     its ``id``, instead of objects keyed by id;
   - ``clock`` is ``{"seconds": N}`` of game time instead of ``{"turn": T}``;
   - there are no ``options`` (the rulings' defaults applied), no ``mines`` and no ``log``
     (version 0 kept no history).

1  Differences from version 2: no structure has a ``wall_id`` (H12). Each wall section
   took DP from its own footprint; the step leaves those DP as they are (a siege in play
   keeps its figures) and puts the sections in no wall.

2  Differences from version 3: no ``base`` (R2: the siege as it was before the first log
   entry). The step adds none: a log begun before version 3 has no beginning kept, and
   cannot be replayed from one; a siege with an empty log gets its base at its first entry.
   Settings changes and edits made in play were not logged before version 3.

3  Differences from version 4: numbers had no upper bounds (R3) and the dice seed could be
   any whole number. The step brings a seed outside 0 .. 2^31 - 1 into it (the seed modulo
   2^31, so the same file always gets the same seed; the rolls already logged stay as they
   are); any other number past its R3 bound cannot be meant and is refused at open. A
   weapon of 20 mm bore or more marked a small arm is unmarked (H4: the bore decides).
   There was no ``hull_burned`` (A4, ladder as written: Hull burned since the fire began):
   a section burning then counts from 0.

4  Differences from version 5 (issue 14, at the table):

   - a logged roll has no ``typed`` (how many of its dice the GM typed at the table): every
     die of an older log counts as rolled by the program;
   - no one knows what the players know: a structure has no ``side`` (it gets its
     catalogue kind's: siege towers, ram sheds and camps the besiegers', every other kind
     the defenders'), structures, batteries and mines no ``known`` mark (the default: known
     when of the players' side), the siege no ``players_side`` (besieger).

5  Square labels counted from the grid's origin. Version 6 adds ``label_anchor`` (R0b): the
   step sets a version-5 file's anchor (and its ``base``'s) to its grid origin, so every
   square keeps the label it had.

6  Differences from version 7: footprints had no ``holes`` (courtyards), and a siege had no
   ``projection`` (where its metres are on the Earth) nor ``attribution`` (the notices its
   imported data asks for). The step adds none: every footprint is solid, as it was drawn.

7  Differences from version 8: the siege's beginning (``base``, R2) held every one of its
   structures whole, the town written twice for a siege in play. Version 8 writes each
   structure the siege holds unchanged as ``"unchanged"``; the step does so for every
   structure of the beginning equal to the siege's of the same id (the others, changed or
   removed since, stay whole), and the beginning opens sharing the siege's structures.

8  Differences from version 9: a plan had no ``legend`` (its colours and the kinds they stand
   for, which Trace uses). The step adds none: Trace takes the toolbar's kind, as it did.

9  The current version (``siegeboard.model.siege.SCHEMA_VERSION``): see
   ``siegeboard/persist/siege.schema.json``, generated from the pydantic models, and
   ``siegeboard/persist/document.py`` for the beginning.

Adding version N+1: bump ``SCHEMA_VERSION`` in the model, add ``_vN_to_vN1`` here and its
entry in ``STEPS``, regenerate the schema (``python -m siegeboard.persist.schema``) and add
a hand-made version-N file to the migration tests.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from siegeboard.model.siege import SCHEMA_VERSION, TURN_SECONDS
from siegeboard.persist.document import UNCHANGED

Document = dict[str, Any]


class MigrationError(ValueError):
    """Data that claims an older version but does not have its shape; names the field."""


class NewerVersionError(MigrationError):
    """The file was made by a newer siegeboard than this one."""


def schema_version_of(data: Document) -> int:
    """The version ``data`` declares: its ``schema_version``, or 0 when the field is absent.

    Raises ``MigrationError`` if it is not a whole number of 0 or more.
    """
    version = data.get("schema_version", 0)
    if isinstance(version, bool) or not isinstance(version, int):
        raise MigrationError(f"schema_version: {version!r} is not a whole number")
    if version < 0:
        raise MigrationError(f"schema_version: {version} is not a known version")
    return version


def migrate(data: Document) -> tuple[Document, int]:
    """Return ``(data in the current schema, the version it was written in)``.

    ``data`` is the parsed ``siege.json``; it is not modified. Data already current is
    returned as it is. Raises ``NewerVersionError`` for a version above ``SCHEMA_VERSION``
    and ``MigrationError`` when an old document does not have its version's shape; the
    result still needs validating by ``Siege.model_validate``.
    """
    if not isinstance(data, dict):
        raise MigrationError(f"siege.json must hold a JSON object, not {_json_type(data)}")
    found = schema_version_of(data)
    if found > SCHEMA_VERSION:
        raise NewerVersionError(
            f"made by a newer siegeboard (schema version {found}; this one reads versions up "
            f"to {SCHEMA_VERSION}): update siegeboard to open it")
    version = found
    while version < SCHEMA_VERSION:
        try:
            data = STEPS[version](copy.deepcopy(data) if version == found else data)
        except MigrationError:
            raise
        except (TypeError, AttributeError, KeyError, IndexError, ValueError) as error:
            # A step reads fields before validation sees them; one of the wrong type that a
            # step did not foresee is refused in one line, never passed on as a traceback.
            raise MigrationError(
                f"a version-{found} file with a field of the wrong type "
                f"({_first_line(str(error))})") from None
        version += 1
    return _named_ruleset(data), found


# A document that names no rule text was read as one of Sieges and Fortifications while the
# model had that default; the model now has none (which ids exist is the rules' knowledge).
UNNAMED_RULESET = "harris"


def _named_ruleset(data: Document) -> Document:
    """``data`` naming its rule text, and its beginning the same one (a copy when either
    was missing; ``data`` itself otherwise)."""
    base = data.get("base")
    if "ruleset" in data and not (isinstance(base, dict) and "ruleset" not in base):
        return data
    data = dict(data)
    data.setdefault("ruleset", UNNAMED_RULESET)
    if isinstance(base, dict) and "ruleset" not in base:
        data["base"] = {**base, "ruleset": data["ruleset"]}
    return data


def _v0_to_v1(data: Document) -> Document:
    for table in ("structures", "weapons", "batteries"):
        if table in data:
            data[table] = _keyed_by_id(table, data[table])
    if "clock" in data:
        data["clock"] = _clock_in_turns(data["clock"])
    data.setdefault("options", {})
    data.setdefault("mines", {})
    data.setdefault("log", [])
    data["schema_version"] = 1
    return data


def _v1_to_v2(data: Document) -> Document:
    # ``wall_id`` defaults to None: old sections stay structures of their own, DP unchanged.
    data["schema_version"] = 2
    return data


def _v2_to_v3(data: Document) -> Document:
    data["schema_version"] = 3  # ``base`` defaults to None (see the version notes above)
    return data


def _v3_to_v4(data: Document) -> Document:
    for siege in (data, data.get("base")):
        if not isinstance(siege, dict):
            continue
        seed = siege.get("dice_seed")
        if isinstance(seed, int) and not isinstance(seed, bool):
            siege["dice_seed"] = seed % 2**31  # R3: 0 .. 2^31 - 1
    for siege in (data, data.get("base")):
        weapons = siege.get("weapons") if isinstance(siege, dict) else None
        for weapon in (weapons.values() if isinstance(weapons, dict) else ()):
            bore = weapon.get("bore_mm") if isinstance(weapon, dict) else None
            if isinstance(bore, (int, float)) and bore >= 20 and weapon.get("small_arm"):
                weapon["small_arm"] = False  # H4: the bore decides
    if isinstance(data.get("base"), dict):
        data["base"]["schema_version"] = 4
    data["schema_version"] = 4
    return data


def _v4_to_v5(data: Document) -> Document:
    log = data.get("log", [])
    if not isinstance(log, list):
        raise MigrationError(f"log: expected an array, not {_json_type(log)}")
    for position, entry in enumerate(log):
        rolls = entry.get("rolls", []) if isinstance(entry, dict) else None
        if not isinstance(rolls, list):
            raise MigrationError(f"log[{position}]: expected an object with a list of rolls")
        for roll in rolls:
            if isinstance(roll, dict):
                roll.setdefault("typed", 0)  # an older die was the program's own
    sides = _catalogue_sides(data.get("ruleset", "harris"))
    for siege in (data, data.get("base")):
        structures = siege.get("structures", {}) if isinstance(siege, dict) else {}
        if isinstance(structures, dict):
            for structure in structures.values():
                if isinstance(structure, dict):
                    kind = structure.get("kind")  # a wrong type is named by validation
                    side = sides.get(kind, "defender") if isinstance(kind, str) else "defender"
                    structure.setdefault("side", side)
        if isinstance(siege, dict):
            siege.setdefault("players_side", "besieger")
            siege["schema_version"] = 5
    return data


def _v5_to_v6(data: Document) -> Document:
    for siege in (data, data.get("base")):
        if isinstance(siege, dict):  # the labels it showed counted from its grid origin
            siege.setdefault("label_anchor", siege.get("grid_origin", [0.0, 0.0]))
            siege["schema_version"] = 6
    return data


def _v6_to_v7(data: Document) -> Document:
    # ``holes`` default to none, ``projection`` to None, ``attribution`` to none.
    if isinstance(data.get("base"), dict):
        data["base"]["schema_version"] = 7
    data["schema_version"] = 7
    return data


def _v7_to_v8(data: Document) -> Document:
    base = data.get("base")
    if isinstance(base, dict):
        now, then = data.get("structures"), base.get("structures")
        if isinstance(now, dict) and isinstance(then, dict):
            for key, structure in then.items():
                if isinstance(structure, dict) and now.get(key) == structure:
                    then[key] = UNCHANGED
        base["schema_version"] = 8
    data["schema_version"] = 8
    return data


def _v8_to_v9(data: Document) -> Document:
    # a plan without a legend is a plan with an empty one
    if isinstance(data.get("base"), dict):
        data["base"]["schema_version"] = 9
    data["schema_version"] = 9
    return data


STEPS: dict[int, Callable[[Document], Document]] = {
    0: _v0_to_v1, 1: _v1_to_v2, 2: _v2_to_v3, 3: _v3_to_v4, 4: _v4_to_v5, 5: _v5_to_v6,
    6: _v6_to_v7, 7: _v7_to_v8, 8: _v8_to_v9}
"""``STEPS[n]`` turns a version-``n`` document into a version-``n + 1`` one (in place)."""

assert set(STEPS) == set(range(SCHEMA_VERSION)), "every older version needs a step"


def _catalogue_sides(ruleset: Any) -> dict[str, str]:
    """Kind -> side in ``ruleset``'s catalogue; empty for a ruleset this siegeboard lacks
    (validation names that)."""
    from siegeboard.rules.registry import catalogue  # the rules only when a file needs them

    try:
        return {entry.kind: entry.side for entry in catalogue(ruleset).structures}
    except (KeyError, ValueError, TypeError):
        return {}


def _keyed_by_id(table: str, items: Any) -> dict[str, Any]:
    if not isinstance(items, list):
        raise MigrationError(f"{table}: a version-0 file lists them in a JSON array, "
                             f"not {_json_type(items)}")
    keyed: dict[str, Any] = {}
    for position, item in enumerate(items):
        if not isinstance(item, dict):
            raise MigrationError(f"{table}[{position}]: expected an object, not {_json_type(item)}")
        key = item.get("id")
        if not isinstance(key, str) or not key:
            raise MigrationError(f"{table}[{position}].id: missing or not a text")
        if key in keyed:
            raise MigrationError(f"{table}[{position}].id: {key!r} is used twice")
        keyed[key] = item
    return keyed


def _clock_in_turns(clock: Any) -> dict[str, int]:
    if not isinstance(clock, dict) or set(clock) != {"seconds"}:
        raise MigrationError('clock: a version-0 clock is {"seconds": N}')
    seconds = clock["seconds"]
    if isinstance(seconds, bool) or not isinstance(seconds, int) or seconds < 0:
        raise MigrationError(f"clock.seconds: {seconds!r} is not a whole number of 0 or more")
    # Version 0 advanced in whole turns too; a stray remainder means a turn under way,
    # which the turn count does not hold, so it is dropped.
    return {"turn": seconds // TURN_SECONDS}


def _first_line(text: str, limit: int = 200) -> str:
    line = text.splitlines()[0] if text else ""
    return line if len(line) <= limit else line[:limit] + "..."


def _json_type(value: Any) -> str:
    names = {dict: "an object", list: "an array", str: "a text", bool: "true/false",
             int: "a number", float: "a number", type(None): "null"}
    return names.get(type(value), type(value).__name__)
