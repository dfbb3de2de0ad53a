"""The log of seeded actions, byte for byte as the code before issue 22 wrote it.

The files in tests/rules/data/logged/ were written (``tests/rules/logged_minutes.py``) before
the log kept its rolls and spread lines as compact records built when read: the same actions
must give the same entries through every way pydantic serialises and reads them back.
"""

from __future__ import annotations

import json

import pytest
from logged_minutes import DATA, SCENES, WHOLE, entry_bytes, siege_bytes

from siegeboard.model import LogEntry, Siege


@pytest.fixture(scope="module", params=sorted(SCENES))
def scene(request) -> tuple[str, Siege]:
    return request.param, SCENES[request.param]()


def test_the_entry_serialises_to_the_same_bytes(scene):
    name, siege = scene
    pinned = (DATA / f"{name}.entry.json").read_bytes()
    assert entry_bytes(siege) == pinned


def test_the_entry_dumps_reads_and_compares_as_before(scene):
    name, siege = scene
    pinned = (DATA / f"{name}.entry.json").read_bytes()
    entry = siege.log[-1]
    assert entry.model_dump() == json.loads(pinned)
    assert entry.model_dump(mode="json") == json.loads(pinned)
    again = LogEntry.model_validate_json(pinned)
    assert again == entry and entry == again
    assert LogEntry.model_validate(json.loads(pinned)) == entry
    assert again.model_dump_json().encode() == pinned
    assert entry.model_copy(deep=True).model_dump_json().encode() == pinned


def test_the_whole_siege_saves_to_the_same_bytes(scene):
    name, siege = scene
    if name not in WHOLE:
        pytest.skip("only the small scenes' whole documents are pinned")
    pinned = (DATA / f"{name}.siege.json").read_bytes()
    assert siege_bytes(siege) == pinned
    assert Siege.model_validate_json(pinned) == siege
