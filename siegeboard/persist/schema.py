"""The JSON Schema of ``siege.json``, generated from the pydantic models and kept in the repo.

``siege.schema.json`` beside this module is for people and other tools (editors, a VTT
exporter's author); siegeboard itself validates with the pydantic models. A test fails when
the models change and the file was not regenerated. Regenerate with::

    python -m siegeboard.persist.schema          # rewrite siege.schema.json
    python -m siegeboard.persist.schema --check  # exit 1 if it is out of date
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from siegeboard.model.siege import SCHEMA_VERSION, Siege
from siegeboard.persist.document import UNCHANGED
from siegeboard.rules import registry

SCHEMA_PATH = Path(__file__).with_name("siege.schema.json")
REGENERATE = "python -m siegeboard.persist.schema"


def siege_json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the current ``siege.json``."""
    schema = Siege.model_json_schema()
    if "$ref" in schema:
        # A siege holds its own beginning (``base``, R2), so pydantic puts Siege among the
        # definitions and refers to it; the top level is spelled out for readers all the same,
        # and the beginning is described as a file writes it.
        name = schema.pop("$ref").rsplit("/", 1)[-1]
        siege = schema["$defs"].pop(name)
        schema = {**siege, **schema}
        schema["$defs"]["Beginning"] = _beginning(siege)
        schema["properties"] = {**siege["properties"], "base": {
            "anyOf": [{"$ref": "#/$defs/Beginning"}, {"type": "null"}], "default": None}}
    # The model stores a rule text's id as a plain word; which ids exist, the registry knows.
    for properties in (schema["properties"], schema["$defs"]["Beginning"]["properties"]):
        properties["ruleset"] = {**properties["ruleset"], "enum": list(registry.ids())}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$comment": (f"siege.json, schema version {SCHEMA_VERSION}. Generated from "
                     f"siegeboard.model by `{REGENERATE}`; do not edit by hand."),
        **schema,
    }


def _beginning(siege: dict[str, Any]) -> dict[str, Any]:
    """The schema of a siege's beginning in a file (``persist.document``): a siege with no
    log and no beginning of its own, whose structures may each be the text "unchanged"
    (the siege's structure of that id)."""
    properties = dict(siege["properties"])
    structures = properties["structures"]
    properties["structures"] = {**structures, "additionalProperties": {"anyOf": [
        {"const": UNCHANGED}, structures["additionalProperties"]]}}
    properties["log"] = {**properties["log"], "maxItems": 0}
    properties["base"] = {"type": "null", "default": None}
    return {**siege, "title": "Beginning", "properties": properties, "description": (
        "R2: the siege as it was before its first log entry. Each of its structures that the "
        f"siege holds unchanged is written as \"{UNCHANGED}\"; one changed or removed since "
        "is written whole, one added since is not in it.")}


def schema_text() -> str:
    """The schema file's exact text: sorted keys, two-space indent, one final newline."""
    return json.dumps(siege_json_schema(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_schema(path: str | Path = SCHEMA_PATH) -> Path:
    """Write the schema to ``path`` (default: beside this module) and return the path."""
    path = Path(path)
    path.write_text(schema_text(), encoding="utf-8", newline="\n")
    return path


def schema_is_current(path: str | Path = SCHEMA_PATH) -> bool:
    """Whether the file at ``path`` holds what the models generate now, as JSON values
    (pydantic releases write a bound as ``0`` or ``0.0``; both mean the same schema)."""
    try:
        return json.loads(Path(path).read_text(encoding="utf-8")) == siege_json_schema()
    except FileNotFoundError:
        return False


def main(argv: list[str] | None = None) -> int:
    """Command line: regenerate the schema file, or ``--check`` that it is current."""
    parser = argparse.ArgumentParser(prog="python -m siegeboard.persist.schema",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only check; exit 1 if the file is out of date")
    parser.add_argument("--path", type=Path, default=SCHEMA_PATH, help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    if options.check:
        if schema_is_current(options.path):
            print(f"{options.path} is current")
            return 0
        print(f"{options.path} is out of date: run `{REGENERATE}`", file=sys.stderr)
        return 1
    print(f"wrote {write_schema(options.path)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
