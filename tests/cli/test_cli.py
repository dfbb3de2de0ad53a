"""The command line, run as a GM's script would, on a copy of the sample siege: what each
command does in process (the same ``main`` the ``siegeboard`` command runs), and the command
as a process where the process itself is what is tested (exit status, Qt not loaded, no
window)."""

from __future__ import annotations

import errno
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import pytest

from siegeboard.cli import main
from siegeboard.persist import read_siege

# The sample as installed (package data), wherever the package is: a checkout or a wheel.
SAMPLE = Path(str(resources.files("siegeboard.resources").joinpath("samples", "castle.siege")))
GREAT_HALL = "83,32"  # inside the Great Hall (70..96 x 27..37 m)
SUBCOMMANDS = ("info", "snapshot", "fire", "advance")


def run(*args: str | Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    # From the tests' folder, not the checkout's root: `python -m` imports from the current
    # folder first, and against an installed wheel the wheel is what must run.
    return subprocess.run([sys.executable, "-m", "siegeboard.cli", *map(str, args)],
                          capture_output=True, text=True, env=env, cwd=Path(__file__).parent,
                          timeout=120)


@dataclass
class Ran:
    returncode: int
    stdout: str
    stderr: str


def run_here(capsys: pytest.CaptureFixture[str], *args: str | Path) -> Ran:
    """``siegeboard ARGS`` in this process: its exit status and what it printed."""
    capsys.readouterr()
    status = main([str(arg) for arg in args])
    printed = capsys.readouterr()
    return Ran(status, printed.out, printed.err)


@pytest.fixture
def siege_path(tmp_path) -> Path:
    copy = tmp_path / "castle.siege"
    shutil.copyfile(SAMPLE, copy)
    return copy


def test_version_and_help_for_every_subcommand(capsys):
    version = run("--version")
    assert version.returncode == 0 and version.stdout.startswith("siegeboard ")
    for command in SUBCOMMANDS:
        with pytest.raises(SystemExit) as exit:
            main([command, "--help"])
        assert exit.value.code == 0, command
        assert f"usage: siegeboard {command}" in capsys.readouterr().out


def test_info_json_is_the_structure_table(siege_path, capsys):
    result = run_here(capsys, "info", siege_path, "--json")
    assert result.returncode == 0, result.stderr
    table = json.loads(result.stdout)
    siege = read_siege(siege_path).siege
    assert table["name"] == siege.name
    assert {row["id"] for row in table["structures"]} == set(siege.structures)
    hall = next(row for row in table["structures"] if row["id"] == "great-hall")
    great_hall = siege.structures["great-hall"]
    assert hall["dp"] == f"{great_hall.dp}/{great_hall.dp_original}"


def test_fire_applies_saves_and_prints_the_log(siege_path, capsys):
    before = read_siege(siege_path).siege
    result = run_here(capsys, "fire", siege_path, "--battery", "great battery", "--at", GREAT_HALL)
    assert result.returncode == 0, result.stderr
    after = read_siege(siege_path).siege
    assert len(after.log) == len(before.log) + 1
    assert result.stdout.splitlines() == after.log[-1].lines
    assert "Great Hall" in result.stdout
    assert after.structures["great-hall"].dp < before.structures["great-hall"].dp


def test_fire_is_reproducible_without_dice(tmp_path, siege_path, capsys):
    other = tmp_path / "other.siege"
    shutil.copyfile(siege_path, other)
    first = run_here(capsys, "fire", siege_path, "--weapon", "he_shell", "--range", "300", "--at",
                     GREAT_HALL,
                "--json")
    second = run_here(capsys, "fire", other, "--weapon", "Artillery HE shell", "--range", "300",
                      "--at",
                 GREAT_HALL, "--json")
    assert first.returncode == second.returncode == 0, first.stderr + second.stderr
    one, two = json.loads(first.stdout), json.loads(second.stdout)
    assert one["rolls"] == two["rolls"] and one["lines"] == two["lines"]
    assert one["seq"] == 1 and one["square"] == "I4"
    assert any(event["kind"] == "hit" and event["structure_id"] == "great-hall"
               for event in one["events"])


def test_fire_with_the_dice_rolled_at_the_table(siege_path, capsys):
    # The tank's armour-piercing round into a tower: 2D6 large calibre, then no other roll.
    result = run_here(capsys, "fire", siege_path, "--battery", "Tank", "--at", "108,22.7",
                      "--dice", "3,4",
                 "--json")
    assert result.returncode == 0, result.stderr
    entry = json.loads(result.stdout)
    assert [value for roll in entry["rolls"] for value in roll["values"]] == [3, 4]
    # Penetration 110 at 33.4 m, + 2D6 (3 + 4) = 117 against the tower's AV 45.
    assert "Large calibre: + 2D6 (3 + 4) = 117" in entry["lines"]


def test_advance_runs_the_clock_and_saves(siege_path, capsys):
    run_here(capsys, "fire", siege_path, "--weapon", "incendiary_shell", "--range", "200", "--at",
             "96,62",
        "--dice", "2,5,5,4,3,2,1,6,5,4,3,6")
    result = run_here(capsys, "advance", siege_path, "--minutes", "1", "--json")
    assert result.returncode == 0, result.stderr
    entry = json.loads(result.stdout)
    assert entry["clock"] == "Turn 12, 1 min 0 s"
    assert read_siege(siege_path).siege.clock.turn == 12
    turns = run_here(capsys, "advance", siege_path, "--turns", "3")
    assert turns.returncode == 0 and turns.stdout.startswith("Clock: turn 12 -> 15")


def test_snapshot_writes_a_pdf_and_records_the_turn(tmp_path, siege_path, capsys):
    run_here(capsys, "advance", siege_path, "--turns", "5")
    out = tmp_path / "snap.pdf"
    result = run_here(capsys, "snapshot", siege_path, "-o", out, "--players", "--scale", "1:500")
    assert result.returncode == 0, result.stderr
    assert out.read_bytes().startswith(b"%PDF")
    assert result.stdout.strip() == str(out)
    assert read_siege(siege_path).siege.last_snapshot_turn == 5
    png = tmp_path / "snap.png"
    assert run_here(capsys, "snapshot", siege_path, "-o", png, "--no-record", "--since",
                    "0").returncode == 0
    assert png.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize("args, message", [
    (("fire", "{missing}", "--range", "100", "--at", "1,1", "--weapon", "he_shell"),
     "no such file"),
    (("fire", "{siege}", "--range", "100", "--at", GREAT_HALL, "--weapon", "bazooka"),
     "no weapon 'bazooka'"),
    (("fire", "{siege}", "--range", "100", "--at", "400,30", "--weapon", "he_shell"),
     "off the map"),
    (("fire", "{siege}", "--range", "100", "--at", "83;32", "--weapon", "he_shell"), "X,Y"),
    (("fire", "{siege}", "--battery", "nowhere", "--at", GREAT_HALL), "no battery 'nowhere'"),
    (("fire", "{siege}", "--range", "100", "--at", GREAT_HALL, "--weapon", "he_shell",
      "--dice", ",".join(["1"] * 60)), "more dice than the action needs"),
    (("fire", "{siege}", "--range", "100", "--at", GREAT_HALL, "--weapon", "he_shell",
      "--dice", ""), "--dice: no dice given"),
    (("fire", "{siege}", "--range", "100", "--at", GREAT_HALL, "--weapon", "he_shell",
      "--dice", "3,9,x"), "--dice"),
    (("fire", "{siege}", "--range", "100", "--at", GREAT_HALL, "--weapon", "he_shell",
      "--dice", "9,9"), "cannot come from a D6"),
    (("advance", "{siege}", "--turns", "0"), "--turns"),
    (("snapshot", "{siege}", "-o", "{tmp}/no/such/dir/snap.pdf"), "does not exist"),
    (("snapshot", "{siege}", "-o", "{tmp}"), "is a folder"),
    (("snapshot", "{siege}", "-o", "{tmp}/snap.docx"), ".pdf, .png or .svg"),
    (("snapshot", "{siege}", "-o", "{tmp}/snap.pdf", "--scale", "500"), "1:500"),
    (("fire", "{siege}", "--at", GREAT_HALL), "--battery"),  # argparse: one of them is required
])
def test_bad_input_exits_with_a_message_and_leaves_the_file(tmp_path, siege_path, capsys,
                                                            args, message):
    """In-process (the same ``main`` the command runs) to keep the suite fast. A missing file
    or an action the rules refuse is a failure (1), a wrong command line a usage error (2)."""
    before = siege_path.read_bytes()
    filled = [arg.format(siege=siege_path, missing=tmp_path / "missing.siege", tmp=tmp_path)
              for arg in args]
    try:
        status = main(filled)
    except SystemExit as exit:  # argparse's own errors
        status = exit.code
    captured = capsys.readouterr()
    failure = message == "no such file"
    assert status == (1 if failure else 2), captured.err
    assert message in captured.err
    assert captured.out == ""
    assert siege_path.read_bytes() == before
    assert not (tmp_path / "castle.siege.bak").exists()
    assert sorted(path.name for path in tmp_path.iterdir()) == ["castle.siege"]


def test_a_failing_command_exits_1_as_a_process(tmp_path):
    result = run("info", tmp_path / "missing.siege")
    assert result.returncode == 1
    assert result.stderr.startswith("siegeboard: ") and "no such file" in result.stderr


def test_the_command_line_table_and_shots_do_not_load_qt():
    code = ("import sys, siegeboard.cli; "
            "print(any(name.startswith('PySide6') for name in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=60)
    assert result.stdout.strip() == "False", result.stderr


# -- refusing what the command line cannot mean (issue 13) ------------------------------------


def test_a_mistyped_command_is_named_with_the_nearest_one(capsys):
    assert main(["fier", "castle.siege"]) == 2
    assert capsys.readouterr().err == "siegeboard: unknown command 'fier' (did you mean fire?)\n"
    assert main(["zzz"]) == 2
    assert ("unknown command 'zzz' (the commands are info, snapshot, fire, advance, sample, "
            "odds, import, export-vtt, story, trace, serve)") in capsys.readouterr().err


def test_a_mistyped_command_never_opens_a_window_as_a_process(tmp_path):
    result = subprocess.run([sys.executable, "-m", "siegeboard.cli", "advnce", "x.siege"],
                            capture_output=True, text=True, cwd=tmp_path, timeout=60,
                            env={k: v for k, v in os.environ.items()
                                 if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")})
    assert result.returncode == 2
    assert result.stderr == "siegeboard: unknown command 'advnce' (did you mean advance?)\n"


FIRE_AT_HALL = ("--weapon", "he_shell", "--range", "300", "--at", GREAT_HALL)


@pytest.mark.parametrize("args, message", [
    (("--successes", "-1"), "--successes: -1 is out of bounds: Successes run from 0 to 50"),
    (("--successes", "51"), "--successes: 51 is out of bounds"),
    (("--boons", "-3"), "--boons: -3 is out of bounds: Boons run from 0 to 50"),
    (("--modifier", "1000000000000000000000000000000"),
     "--modifier: 1.000e+30 is out of bounds: the GM's modifiers run from -1,000 to 1,000"),
    (("--modifier", "-1001"), "--modifier: -1,001 is out of bounds"),
    (("--slit",), "--slit: a firing slit is of the Hull ruleset"),
    (("--dice", ""), "--dice: no dice given"),
    (("--dice", " "), "--dice: no dice given"),
])
def test_fire_refuses_values_past_the_bounds_of_r3(siege_path, capsys, args, message):
    before = siege_path.read_bytes()
    assert main(["fire", str(siege_path), *FIRE_AT_HALL, *args]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("siegeboard: ") and message in captured.err
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err
    assert captured.out == ""
    assert siege_path.read_bytes() == before


def test_the_bounds_themselves_are_accepted(siege_path):
    assert main(["fire", str(siege_path), *FIRE_AT_HALL, "--modifier", "-1000"]) == 0
    assert main(["fire", str(siege_path), *FIRE_AT_HALL, "--modifier", "1000"]) == 0


@pytest.mark.parametrize("args, message", [
    (("--scale", "1:1"), r"about [\d,]+ pages \(more than 100\)"),
    (("--dpi", "1200", "--paper", "A0", "-o", "{tmp}/big.png"),
     r"each page would take about [\d.]+ GB of memory \(more than 512 MB\)"),
    (("--view", "0,0,1e15,1e15"), r"--view: the view is 1e\+15 m across; a siege spans at most "
                                  r"100 km"),
])
def test_a_snapshot_of_minutes_or_gigabytes_is_refused_with_an_estimate(
        tmp_path, siege_path, capsys, args, message):
    filled = [arg.format(tmp=tmp_path) for arg in args]
    output = [] if "-o" in filled else ["-o", str(tmp_path / "snap.pdf")]
    assert main(["snapshot", str(siege_path), *output, *filled]) == 2
    err = capsys.readouterr().err
    assert re.search(message, err), err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["castle.siege"]


def test_yes_makes_a_large_snapshot_all_the_same(tmp_path, siege_path, monkeypatch):
    from siegeboard.report import snapshot

    monkeypatch.setattr(snapshot, "MAX_PAGES", 2)  # 1:500 of the castle: 4 pages of map
    out = tmp_path / "big.pdf"
    assert main(["snapshot", str(siege_path), "-o", str(out), "--scale", "1:500"]) == 2
    assert main(["snapshot", str(siege_path), "-o", str(out), "--scale", "1:500", "--yes",
                 "--no-record"]) == 0
    assert out.read_bytes().startswith(b"%PDF")


class FullDisk:
    """A file whose writes fail with ENOSPC once 4 KiB are written, as on a full disk."""

    def __init__(self, real):
        self.real = real
        self.written = 0

    def write(self, data):
        if self.written + len(data) > 4096:
            raise OSError(errno.ENOSPC, "No space left on device")
        self.written += len(data)
        return self.real.write(data)

    def __getattr__(self, name):
        return getattr(self.real, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.real.close()
        return False


@pytest.mark.parametrize("suffix", [".pdf", ".png", ".svg"])
def test_a_snapshot_on_a_full_disk_says_so_and_leaves_no_file(tmp_path, siege_path, capsys,
                                                               monkeypatch, suffix):
    from siegeboard.persist import atomic

    real_fdopen = os.fdopen
    monkeypatch.setattr(atomic.os, "fdopen", lambda *a, **k: FullDisk(real_fdopen(*a, **k)))
    out = tmp_path / f"snap{suffix}"
    assert main(["snapshot", str(siege_path), "-o", str(out), "--no-record"]) == 1
    err = capsys.readouterr().err
    assert err == f"siegeboard: could not write snap{suffix}: the disk is full; nothing was " \
                  f"written\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["castle.siege"]
    out.write_bytes(b"the previous snapshot")
    assert main(["snapshot", str(siege_path), "-o", str(out), "--no-record"]) == 1
    assert "the old snap" in capsys.readouterr().err
    assert out.read_bytes() == b"the previous snapshot"


def test_library_warnings_never_reach_the_terminal(tmp_path):
    """zipfile warns of a repeated member name; the GM sees only the command's message."""
    import warnings as python_warnings
    import zipfile as zip_module

    path = tmp_path / "twice.siege"
    with python_warnings.catch_warnings():
        python_warnings.simplefilter("ignore")
        with zip_module.ZipFile(path, "w") as archive:
            archive.writestr("siege.json", b"{}")
            archive.writestr("siege.json", b"{}")
    result = run("info", path)
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("siegeboard: ")
    assert "Warning" not in result.stderr


def test_a_point_west_or_north_of_the_origin_is_a_point_not_an_option(tmp_path, capsys):
    from siegeboard.cli.entry import _joined_negative_values

    assert _joined_negative_values(["fire", "f", "--at", "-5,3", "--view", "-1,-1,5,5"]) == [
        "fire", "f", "--at=-5,3", "--view=-1,-1,5,5"]
    assert _joined_negative_values(["fire", "f", "--at", "--json"]) == ["fire", "f", "--at",
                                                                         "--json"]


def test_info_names_the_rule_text_and_the_kinds_in_words(siege_path, capsys):
    assert main(["info", str(siege_path)]) == 0
    out = capsys.readouterr().out
    siege = read_siege(siege_path).siege
    from siegeboard.rules.registry import ruleset_of

    rules = ruleset_of(siege)
    assert f"({rules.title}, " in out.splitlines()[0]
    assert f"{siege.ruleset} ruleset" not in out
    hall = siege.structures["great-hall"]
    assert rules.catalogue.entry(hall.kind).name in out
