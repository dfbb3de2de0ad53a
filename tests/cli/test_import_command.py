"""`siegeboard import`, run in-process: a new siege from a Universal VTT map or a plan image,
its report printed, never replacing a file unless --force, bad input refused with status 2."""

from __future__ import annotations

import pytest
from persist.uvtt_files import CROPPED, OGANM, picture, uvtt, write  # tests/ is on the path

from siegeboard.cli import main
from siegeboard.persist import read_siege


def test_import_writes_a_new_siege_and_prints_the_report(tmp_path, capsys):
    target = tmp_path / "oganm.siege"
    assert main(["import", str(OGANM), "-o", str(target), "--objects"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Read from dungeondraft_oganm_test.dd2vtt: 9 wall lines, "
                          "2 object outlines, 3 doors, 0 windows, 3 portals.")
    assert "Made: 9 walls, 17 wall sections, 3 doors, 2 objects, 1 plan." in out
    siege = read_siege(target).siege
    assert f"Wrote {target}: {len(siege.structures)} structures (harris ruleset)." in out
    assert len(siege.structures) == 17 + 3 + 2 and siege.map is not None


def test_every_choice_of_the_dialog_is_an_option(tmp_path, capsys):
    target = tmp_path / "armory.siege"
    assert main(["import", str(OGANM), "-o", str(target), "--ruleset", "armory",
                 "--cell-m", "2", "--wall-kind", "stone_curtain_wall", "--wall-thickness", "1",
                 "--stories", "2", "--closed-as", "buildings", "--door-kind", "iron_bound_door",
                 "--building-kind", "timber_house", "--name", "Cellars"]) == 0
    siege = read_siege(target).siege
    assert (siege.name, siege.ruleset) == ("Cellars", "armory")
    assert siege.map.pixels_per_metre == pytest.approx(64 / 2)
    kinds = {s.kind for s in siege.structures.values()}
    assert kinds == {"stone_curtain_wall", "iron_bound_door", "timber_house"}
    assert {s.stories for s in siege.structures.values()} == {2}
    assert "2 buildings" in capsys.readouterr().out


def test_import_never_replaces_a_file_unless_forced(tmp_path, capsys):
    target = tmp_path / "taken.siege"
    target.write_bytes(b"the GM's own work")
    assert main(["import", str(CROPPED), "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("siegeboard: -o:") and "already exists" in err and "--force" in err
    assert target.read_bytes() == b"the GM's own work"
    assert main(["import", str(CROPPED), "-o", str(target), "--force"]) == 0
    assert read_siege(target).siege.name == CROPPED.stem


def test_a_plan_image_imports_too(tmp_path, capsys):
    source = tmp_path / "Keep plan.webp"
    source.write_bytes(picture(50, 40, "WEBP"))
    assert main(["import", str(source), "-o", str(tmp_path / "keep.siege"),
                 "--pixels-per-metre", "5"]) == 0
    siege = read_siege(tmp_path / "keep.siege").siege
    assert siege.map.member == "map.webp" and siege.map.pixels_per_metre == 5
    assert "Calibrate" in capsys.readouterr().out


@pytest.mark.parametrize(("args", "message"), [
    (["--cell-m", "0"], "import options: the cell size must be"),
    (["--cell-m", "nan"], "import options: the cell size must be"),
    (["--stories", "0"], "import options: stories must be"),
    (["--wall-kind", "castle_gate"], "import options: wall kind: the harris ruleset has no"),
    (["--wall-thickness", "-1"], "import options: the wall thickness must be"),
])
def test_bad_options_are_refused_and_nothing_is_written(tmp_path, capsys, args, message):
    target = tmp_path / "new.siege"
    assert main(["import", str(CROPPED), "-o", str(target), *args]) == 2
    assert capsys.readouterr().err.startswith(f"siegeboard: {message}")
    assert not target.exists()


def test_bad_sources_and_targets_are_refused_with_one_line(tmp_path, capsys):
    bad = write(tmp_path / "bad.dd2vtt", "{not json")
    cases = [
        (["import", str(bad), "-o", str(tmp_path / "a.siege")], "bad.dd2vtt is not a Universal"),
        (["import", str(tmp_path / "none.dd2vtt"), "-o", str(tmp_path / "a.siege")],
         "no such file"),
        (["import", str(tmp_path / "notes.txt"), "-o", str(tmp_path / "a.siege")],
         "cannot import this kind of file"),
        (["import", str(CROPPED), "-o", str(tmp_path / "a.png")], "-o: a.png must end in .siege"),
        (["import", str(CROPPED), "-o", str(tmp_path / "no" / "a.siege")],
         "does not exist"),
    ]
    for argv, message in cases:
        assert main(argv) == (2 if argv[-1].endswith(("a.png", "no/a.siege")) else 1), argv
        err = capsys.readouterr().err
        assert err.startswith("siegeboard: ") and message in err and err.count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.dd2vtt"]


def test_import_help(capsys):
    with pytest.raises(SystemExit) as exit:
        main(["import", "--help"])
    assert exit.value.code == 0
    out = capsys.readouterr().out
    for option in ("--ruleset", "--cell-m", "--wall-kind", "--wall-thickness", "--stories",
                   "--closed-as", "--objects", "--force"):
        assert option in out


def test_a_map_with_walls_outside_reports_them(tmp_path, capsys):
    source = write(tmp_path / "edge.uvtt", uvtt(lines=[[(5, 5), (15, 5)], [(20, 20), (25, 20)]]))
    assert main(["import", str(source), "-o", str(tmp_path / "edge.siege")]) == 0
    out = capsys.readouterr().out
    assert "Clipped to the picture (1):" in out and "Left out (1):" in out
