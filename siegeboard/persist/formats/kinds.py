"""Which kind of structure a mapped feature becomes: the GM's editable mapping from tags
(OpenStreetMap) or properties (GeoJSON) to catalogue kinds.

The JSON format (``siegeboard_kinds`` 1), as saved by the import dialog and read by
``siegeboard import --kinds MAPPING.json``::

    {"siegeboard_kinds": 1,
     "rules": [
       {"for": "building", "key": "building", "value": "church", "kind": "church"},
       {"for": "building", "key": "mat_type", "value": "yard", "kind": "skip"},
       {"for": "building", "key": "*", "value": "*", "kind": "stone_house"},
       {"for": "wall", "key": "barrier", "value": "city_wall", "kind": "curtain_wall",
        "thickness_m": 2.5}]}

A feature takes the first rule, in order, whose ``for`` is its role (``building``: an area;
``wall``: a wall line), whose ``key`` it has (``*``: any feature) and whose ``value`` that key
holds (``*``: any value; compared without regard to case). ``kind`` is a kind of the
ruleset's catalogue, or ``skip`` to leave the feature out (it is reported). ``thickness_m``
(walls only, optional) is the wall's thickness when the feature gives no ``width``. A
feature no rule matches is left out and reported. Each ruleset ships a default mapping
(``kinds/<ruleset>.json`` beside this module); a mapping given replaces it whole.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from siegeboard.rules import registry

Role = Literal["building", "wall"]
ROLES: tuple[Role, ...] = ("building", "wall")
SKIP = "skip"
ANY = "*"
FORMAT_VERSION = 1
MAX_RULES = 1000
MAX_TEXT = 200
MAX_MAPPING_BYTES = 1_000_000


@dataclass(frozen=True)
class KindRule:
    """One row of the mapping: features of ``role`` with ``key`` = ``value`` become ``kind``."""

    role: Role
    key: str
    value: str
    kind: str
    thickness_m: float | None = None

    def matches(self, role: str, tags: dict[str, str]) -> bool:
        if role != self.role:
            return False
        if self.key == ANY:
            return True
        if self.key not in tags:
            return False
        return self.value == ANY or str(tags[self.key]).strip().lower() == self.value.lower()

    @property
    def label(self) -> str:
        return "any feature" if self.key == ANY else (
            f"{self.key}=*" if self.value == ANY else f"{self.key}={self.value}")


@dataclass(frozen=True)
class KindMapping:
    """Rules in order; ``rule_for`` gives the first that matches (None: no rule does)."""

    rules: tuple[KindRule, ...]

    def rule_for(self, role: str, tags: dict[str, str]) -> KindRule | None:
        return next((rule for rule in self.rules if rule.matches(role, tags)), None)

    def checked(self, ruleset: str) -> KindMapping:
        """The mapping, or ``ValueError`` naming the first kind the ruleset has not."""
        kinds = registry.catalogue(ruleset).kinds
        for number, rule in enumerate(self.rules, start=1):
            if rule.kind != SKIP and rule.kind not in kinds:
                raise ValueError(f"rule {number} of the mapping ({rule.label}) names the kind "
                                 f"{rule.kind!r}, which the {ruleset} ruleset has not; it has "
                                 f"{', '.join(sorted(kinds))} (or skip)")
        return self

    def to_json(self) -> str:
        rows = []
        for rule in self.rules:
            row: dict[str, Any] = {"for": rule.role, "key": rule.key, "value": rule.value,
                                   "kind": rule.kind}
            if rule.thickness_m is not None:
                row["thickness_m"] = rule.thickness_m
            rows.append(row)
        return json.dumps({"siegeboard_kinds": FORMAT_VERSION, "rules": rows}, indent=1,
                          ensure_ascii=False) + "\n"

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json(), encoding="utf-8")


def default_mapping(ruleset: str) -> KindMapping:
    """The mapping shipped for ``ruleset`` (package data)."""
    if ruleset not in registry.RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}")
    text = resources.files(__package__).joinpath("kinds", f"{ruleset}.json").read_text(
        encoding="utf-8")
    return parse_mapping(text, f"the {ruleset} default mapping")


def load_mapping(path: str | Path) -> KindMapping:
    """A mapping file (the format above), or ``ValueError`` in plain words."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_MAPPING_BYTES:
            raise ValueError(f"{path.name} is larger than a mapping can be "
                             f"({MAX_MAPPING_BYTES // 1000:,} kB)")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ValueError(f"{path.name}: no such mapping file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ValueError(f"{path.name} cannot be read as a mapping "
                         f"({getattr(error, 'strerror', None) or 'not text'})") from None
    return parse_mapping(text, path.name)


def parse_mapping(text: str, name: str) -> KindMapping:
    """The mapping in ``text`` (JSON), or ``ValueError`` naming the first problem."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"{name} is not JSON (line {error.lineno}: {error.msg})") from None
    if not isinstance(data, dict) or data.get("siegeboard_kinds") != FORMAT_VERSION:
        raise ValueError(f"{name} is not a siegeboard kind mapping (it needs "
                         f'"siegeboard_kinds": {FORMAT_VERSION})')
    rows = data.get("rules")
    if not isinstance(rows, list) or not rows:
        raise ValueError(f"{name} has no rules (a list under \"rules\")")
    if len(rows) > MAX_RULES:
        raise ValueError(f"{name} has {len(rows):,} rules; at most {MAX_RULES:,} are allowed")
    rules = []
    for number, row in enumerate(rows, start=1):
        where = f"{name}, rule {number}"
        if not isinstance(row, dict):
            raise ValueError(f"{where} is not an object")
        unknown = set(row) - {"for", "key", "value", "kind", "thickness_m"}
        if unknown:
            raise ValueError(f"{where} has {', '.join(sorted(unknown))}, which a rule cannot "
                             f"have")
        role = row.get("for")
        if role not in ROLES:
            raise ValueError(f"{where}: \"for\" must be building or wall, not {role!r}")
        texts = []
        for field in ("key", "value", "kind"):
            value = row.get(field, ANY if field == "value" else None)
            if not isinstance(value, str) or not value.strip() or len(value) > MAX_TEXT:
                raise ValueError(f"{where}: \"{field}\" must be a text of 1 to {MAX_TEXT} "
                                 f"characters")
            texts.append(value.strip())
        thickness = row.get("thickness_m")
        if thickness is not None and (
                isinstance(thickness, bool) or not isinstance(thickness, (int, float))
                or not math.isfinite(thickness) or not 0.05 <= thickness <= 50):
            raise ValueError(f"{where}: \"thickness_m\" must be a number from 0.05 to 50 m")
        rules.append(KindRule(role, texts[0], texts[1], texts[2],
                              None if thickness is None else float(thickness)))
    return KindMapping(tuple(rules))
