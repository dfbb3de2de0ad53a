"""Seeded actions whose log entries are pinned byte for byte (tests/rules/data/logged/).

The files were written by the code from before the log kept its rolls and spread lines as
compact records (issue 22): ``test_log_bytes`` checks that the entries of the same actions
serialise to the same bytes now. Each scene (``SCENES``) plays a
siege whose last log entry is pinned (two also pin the whole siege, ``WHOLE``);
``PYTHONPATH=tests .venv/bin/python tests/rules/logged_minutes.py`` writes the files again (only
ever from code known to be right).
"""

from __future__ import annotations

import sys
from pathlib import Path

from bench.town import build_town, set_fires  # tests/ is on the path (rootdir-based packages)
from conftest import build_harris_siege

from siegeboard.model import Siege
from siegeboard.model.actions import AdvanceClock, FireAt
from siegeboard.rules.dice import RandomDice, ScriptedDice
from siegeboard.rules.engine import apply_in_place

DATA = Path(__file__).parent / "data" / "logged"


def _town_minute(wild: bool, turns: int = 12, n: int = 400) -> Siege:
    siege = build_town(n)
    set_fires(siege, 0.1, all_out_of_control=wild)
    apply_in_place(siege, AdvanceClock(turns=turns), RandomDice(11))
    return siege


def _typed_minutes() -> Siege:
    """A small town, a fifth of it out of control, two minutes whose dice are given one by
    one (every third die a 1, every other one typed at the table)."""
    siege = build_town(60)
    set_fires(siege, 0.2, all_out_of_control=True)
    values = [1 if index % 3 == 0 else 4 for index in range(5000)]
    typed = [index % 2 == 0 for index in range(5000)]
    apply_in_place(siege, AdvanceClock(turns=24), ScriptedDice(values, typed=typed))
    return siege


def _firebomb() -> Siege:
    siege = build_harris_siege()
    apply_in_place(siege, FireAt(weapon_id="firebomb", at=(35.0, 5.0), range_m=50.0),
                   RandomDice(5))  # seed 5: it catches fire
    apply_in_place(siege, AdvanceClock(turns=36), RandomDice(4))
    return siege


def _long_advance() -> Siege:
    """R2: more than an hour, seeded: no rolls kept, one line a changed structure."""
    siege = build_town(100)
    set_fires(siege, 0.1, all_out_of_control=False)
    apply_in_place(siege, AdvanceClock(turns=800), RandomDice(9))
    return siege


SCENES = {
    "town_wild_minute": lambda: _town_minute(True),
    "town_mixed_minute": lambda: _town_minute(False),
    "town_wild_three_minutes": lambda: _town_minute(True, turns=36, n=150),
    "typed_minutes": _typed_minutes,
    "firebomb_then_fires": _firebomb,
    "town_long_advance": _long_advance,
}


WHOLE = ("typed_minutes", "firebomb_then_fires")  # the scenes whose whole siege is pinned too


def entry_bytes(siege: Siege) -> bytes:
    return siege.log[-1].model_dump_json().encode("utf-8")


def siege_bytes(siege: Siege) -> bytes:
    """The siege as a save writes its document (``model_dump_json(indent=1)``)."""
    return siege.model_dump_json(indent=1).encode("utf-8")


def write_all() -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    for name, scene in SCENES.items():
        siege = scene()
        (DATA / f"{name}.entry.json").write_bytes(entry_bytes(siege))
        if name in WHOLE:
            (DATA / f"{name}.siege.json").write_bytes(siege_bytes(siege))


if __name__ == "__main__":
    write_all()
    sys.exit(0)
