"""``siegeboard odds``: the odds of a shot on the command line, in process (capsys)."""

from __future__ import annotations

import json
import shutil
from importlib import resources
from pathlib import Path

import pytest

from siegeboard.cli import main

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = Path(str(resources.files("siegeboard.resources").joinpath("samples")))  # package data
GREAT_HALL = "83,32"  # inside the Great Hall (AV 5, 650 DP), 87 m from the Great Battery


@pytest.fixture
def castle(tmp_path) -> Path:
    copy = tmp_path / "castle.siege"
    shutil.copyfile(SAMPLES / "castle.siege", copy)
    return copy


def test_odds_prints_the_struck_structure_and_the_blast_and_changes_nothing(castle, capsys):
    before = castle.read_bytes()
    assert main(["odds", str(castle), "--battery", "Great Battery", "--at", GREAT_HALL]) == 0
    out = capsys.readouterr().out
    # HE at the hall: 38 + 2D6 > AV 5 always; a fire on a 6 of the 1D6: 1 in 6.
    assert "Great Hall (great-hall, struck):" in out
    assert "penetrates certain" in out and "burning 1 in 6" in out
    assert "Curtain wall N4 (wall-n4, blast" in out
    assert castle.read_bytes() == before


def test_odds_json_lists_every_structure_with_its_chances(castle, capsys):
    assert main(["odds", str(castle), "--battery", "great-battery", "--at", GREAT_HALL,
                 "--json", "--rounds"]) == 0
    data = json.loads(capsys.readouterr().out)
    first = data["structures"][0]
    assert first["id"] == "great-hall" and first["struck"]
    assert first["p_ignite"] == pytest.approx(1 / 6)
    assert abs(sum(first["dp_after"].values()) - 1) < 1e-12
    # 650 - (38 + 7 + 40) = 565 when 2D6 = 7: 6 in 36.
    assert first["dp_after"]["565"] == pytest.approx(6 / 36)
    assert first["fire"]["p_start"] == pytest.approx(1 / 6)
    ids = [s["id"] for s in data["structures"]]
    assert "wall-n4" in ids and len(ids) == len(set(ids))
    assert all({"p_collapse", "p_cleared", "p_ignite", "dp_after"} <= set(s)
               for s in data["structures"])
    assert data["rounds"]["median"] >= 1 and "hits" in data["rounds"]["line"]


def test_odds_with_a_typed_range_and_the_modifier(castle, capsys):
    assert main(["odds", str(castle), "--weapon", "Tank gun (APFSDS)", "--range", "300",
                 "--at", GREAT_HALL, "--modifier", "-200"]) == 0
    out = capsys.readouterr().out
    # 110 + 2D6 - 200 is below 0: it counts as 0, below half the AV: attack value 1.
    assert "penetrates never" in out


def test_odds_under_the_hull_ruleset_with_a_pool(tmp_path, capsys):
    path = tmp_path / "armory.siege"
    shutil.copyfile(SAMPLES / "castle_armory.siege", path)
    from siegeboard.persist import read_siege
    siege = read_siege(path).siege
    polygon = siege.structures["wall-w9"].footprint
    x = sum(p[0] for p in polygon) / len(polygon)
    y = sum(p[1] for p in polygon) / len(polygon)
    assert main(["odds", str(path), "--battery", "Bombard", "--at", f"{x},{y}", "--pool", "4",
                 "--json", "--rounds"]) == 0
    data = json.loads(capsys.readouterr().out)
    wall = data["structures"][0]
    assert wall["id"] == "wall-w9" and "hull_suffered_after" in wall
    assert {"p_cracked", "p_breached"} <= set(wall)
    assert data["rounds"]["exact"] is True


def test_bad_odds_input_is_one_plain_message(castle, capsys):
    assert main(["odds", str(castle), "--weapon", "rifle", "--at", GREAT_HALL]) == 2
    assert "--range" in capsys.readouterr().err
    assert main(["odds", str(castle), "--weapon", "nothing", "--range", "5",
                 "--at", GREAT_HALL]) == 2
    err = capsys.readouterr().err
    assert err.startswith("siegeboard: --weapon: no weapon 'nothing'") and "Traceback" not in err
    assert main(["odds", str(castle), "--battery", "tank", "--at", "9999,9999"]) == 2
    assert "off the map" in capsys.readouterr().err
    assert main(["odds", str(castle), "--weapon", "rifle", "--range", "5000",
                 "--at", GREAT_HALL]) == 2
    assert "out of range" in capsys.readouterr().err


def test_odds_of_a_bombardment_say_what_is_left(castle, capsys):
    # The Great Battery's HE and the Tank, 3 hits each at the Great Hall (650 DP): HE takes
    # 40..50 + 40 a hit, the tank gun 110..122 (range band to 500 m): 3 x 80 + 3 x 112 = 576
    # at least, so it is always below half (325): collapsed.
    assert main(["odds", str(castle), "--battery", "Great Battery", "--at", GREAT_HALL,
                 "--bombard", "3", "--also", "Tank@90,30", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    hall = data["bombardment"]["structures"]["great-hall"]
    assert hall["p_collapse"] == 1.0 and hall["dp_mean"] <= 650 - 576
    assert main(["odds", str(castle), "--battery", "Great Battery", "--at", GREAT_HALL,
                 "--bombard", "3", "--also", "Tank@90,30"]) == 0
    out = capsys.readouterr().out
    assert "Bombardment: 3 hits from each of 2 batteries" in out
    assert "Great Hall (great-hall): DP 650 -> mean" in out and "collapsed 100%" in out
    assert main(["odds", str(castle), "--battery", "tank", "--at", GREAT_HALL,
                 "--also", "Tank@90,30"]) == 2
    assert "--bombard" in capsys.readouterr().err


@pytest.mark.parametrize(("args", "words"), [
    (("--successes", "51"), "--successes: 51 is out of bounds: Successes run from 0 to 50"),
    (("--modifier", "-1001"), "--modifier: -1,001 is out of bounds: the GM's modifiers run "
                              "from -1,000 to 1,000"),
    (("--pool", "101"), "--pool: 101 is out of bounds: dice pools run from 0 to 100"),
    (("--max-hits", "501"), "--max-hits: 501 is out of bounds: the hits counted run from 1 "
                            "to 500"),
    (("--interval", "1441"), "--interval: 1441 is out of bounds"),
    (("--range", "2000000"), "--range: 2e+06 m; a range is 0 to 1,000,000 m"),
])
def test_odds_refuses_past_the_bounds_of_the_model_in_the_words_of_fire(castle, capsys, args,
                                                                        words):
    """One set of bounds (``model.bounds``) and one wording for ``odds`` and ``fire``."""
    assert main(["odds", str(castle), "--weapon", "rifle", "--range", "5", "--at", GREAT_HALL,
                 *args]) == 2
    assert words in capsys.readouterr().err
