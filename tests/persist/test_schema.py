"""siege.schema.json is generated from the models and kept current."""

from __future__ import annotations

import json

from siegeboard.model import SCHEMA_VERSION, Siege
from siegeboard.persist.schema import REGENERATE, SCHEMA_PATH, main, schema_is_current, schema_text


def test_the_schema_file_matches_the_models():
    assert schema_is_current(), (
        f"{SCHEMA_PATH.name} is out of date with siegeboard.model: run `{REGENERATE}` "
        f"and commit the result")


def test_the_schema_describes_siege_json():
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert schema["title"] == "Siege"
    assert set(schema["properties"]) == set(Siege.model_fields)
    assert f"schema version {SCHEMA_VERSION}" in schema["$comment"]


def test_the_check_fails_on_a_stale_file_and_regenerating_fixes_it(tmp_path, capsys):
    stale = tmp_path / "siege.schema.json"
    stale.write_text(schema_text().replace('"Siege"', '"Old"'), encoding="utf-8")
    assert main(["--check", "--path", str(stale)]) == 1
    assert REGENERATE in capsys.readouterr().err
    assert main(["--path", str(stale)]) == 0
    assert main(["--check", "--path", str(stale)]) == 0
    assert stale.read_text(encoding="utf-8") == schema_text()
