"""Fuzzing: a damaged file either opens as a valid siege or raises SiegeFileError, nothing else,
opening it never changes it, its refusal's work is bounded, and every file that opens can be
played: ``info``, ``fire``, ``advance`` and ``snapshot`` run on it (in-process, the command
line's own ``main``) and either work or refuse with a message, never a traceback.

Cases are seeded (``random.Random(SEED + case)``), so a failure names the case that reproduces
it. ``SIEGEBOARD_FUZZ_CASES`` sets how many cases (default 1,000), ``SIEGEBOARD_FUZZ_SEED`` the
base seed. The normal run plays a sample of the files that open (``SIEGEBOARD_FUZZ_PLAYED``,
default 24); ``pytest -m fuzz`` plays every one of them, and prints the figures.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import math
import os
import random
import zipfile

import pytest

from siegeboard.cli import main
from siegeboard.model import Siege
from siegeboard.persist import SiegeFile, SiegeFileError, read_siege, write_siege
from siegeboard.report.bounds import board_bounds

from . import hostile
from .builders import MAP_MEMBER, png, sample_file, siege_json
from .test_bounded_refusals import Work, document_size

CASES = int(os.environ.get("SIEGEBOARD_FUZZ_CASES", "1000"))
SEED = int(os.environ.get("SIEGEBOARD_FUZZ_SEED", "1847"))
CHUNKS = 4
PLAYED = int(os.environ.get("SIEGEBOARD_FUZZ_PLAYED", "24"))

JSON_TOKENS = [b"{", b"}", b"[", b"]", b'"', b",", b":", b"0", b"-1", b"1e999", b"NaN", b"null",
               b"true", b"\\", b"\\u0000", b"\xff", b"\xc3", b" ", b"99999999999999999999"]
ODD_VALUES = [None, True, False, 0, -1, 2**31, 10**40, 1.5, -0.0, 1e308, "", "x", "../evil.png",
              "C:\\x", "\u202e", [], {}, [0, 0], [[0, 0], [10, 0]],
              [[0, 0], [4, 4], [4, 0], [0, 4]],
              {"seconds": 5}, {"type": "fire"}, [[[[[[[[[[]]]]]]]]]],
              # the bounds of R3 and R4, and the values past them
              999, 1000, 1001, 9_999, 10_000, 50, 51, 100, 101, -1000, -1001, 2_000_000_000,
              2_000_000_001, 2**31 - 1, 2**31, 3e9, 1e30, 5e-324, 1e-3, 1e6, 20_000_023, 1e9,
              -1e9, 1e308, -1e308, "siege.json"]


def base_files() -> list[SiegeFile]:
    return [sample_file("harris"), sample_file("armory", structures=5),
            sample_file("harris", with_map=False, log=False, structures=1)]


def archive(document: bytes, images: dict[str, bytes], compression: int) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=compression) as out:
        out.writestr("siege.json", document)
        for name, data in images.items():
            out.writestr(name, data)
    return buffer.getvalue()


def mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        if not data:
            break
        # Half the hits go near the end, where the zip's central directory lives.
        at = rng.randrange(len(data)) if rng.random() < 0.5 else \
            max(0, len(data) - 1 - rng.randrange(min(len(data), 120)))
        operation = rng.randrange(6)
        if operation == 0:
            data[at] ^= 1 << rng.randrange(8)
        elif operation == 1:
            data[at] = rng.randrange(256)
        elif operation == 2:
            del data[at:at + rng.randint(1, 64)]
        elif operation == 3:
            data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 16)))
        elif operation == 4:
            del data[at:]
        else:
            data[at:at + 4] = rng.choice([b"\xff\xff\xff\xff", b"\0\0\0\0", b"\xff\xff\xff\x7f"])
    return bytes(data)


def mutate_json_text(document: bytes, rng: random.Random) -> bytes:
    data = bytearray(document)
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(data) + 1)
        operation = rng.randrange(3)
        if operation == 0:
            del data[at:at + rng.randint(1, 8)]
        elif operation == 1:
            data[at:at] = rng.choice(JSON_TOKENS)
        elif data:
            spot = rng.randrange(len(data))
            data[spot] = rng.choice(b"0123456789-.eE\"{}[],:")
    return bytes(data)


def mutate_json_tree(document: bytes, rng: random.Random) -> bytes:
    tree = json.loads(document)
    for _ in range(rng.randint(1, 3)):
        places = list(_places(tree))
        container, key = rng.choice(places)
        operation = rng.randrange(5)
        if operation == 0:
            container[key] = copy.deepcopy(rng.choice(ODD_VALUES))
        elif operation == 1 and isinstance(container, dict):
            del container[key]
        elif operation == 1:
            container.pop(key)
        elif operation == 2 and isinstance(container, dict):
            container[key + rng.choice(["_", "x", ""])] = container.pop(key)
        elif operation == 3:
            container[key] = copy.deepcopy(_value_at(rng.choice(places)))
        else:
            value = container[key]
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                container[key] = rng.choice([-value, value + 1, value * 1000, str(value), -1])
            elif isinstance(value, str):
                container[key] = rng.choice([value[::-1], "", value + "'", value.upper()])
            else:
                container[key] = copy.deepcopy(rng.choice(ODD_VALUES))
    return json.dumps(tree).encode()


def _places(tree):
    """(container, key) for every value below the root."""
    stack = [tree]
    while stack:
        node = stack.pop()
        keys = list(node) if isinstance(node, dict) else range(len(node))
        for key in keys:
            yield node, key
            if isinstance(node[key], (dict, list)):
                stack.append(node[key])


def _value_at(place):
    container, key = place
    return container[key]


def mutate_geometry(document: bytes, rng: random.Random) -> bytes:
    """The footprints, positions and calibration: shrunk, stretched, far off, many-cornered."""
    tree = json.loads(document)
    structures = list(tree.get("structures", {}).values())
    operation = rng.randrange(7)
    if structures and operation < 4:
        structure = rng.choice(structures)
        ring = structure["footprint"]
        if operation == 0:  # scaled towards a point: areas and sides under R4, or just above
            factor = rng.choice([1e-9, 1e-3, 0.01, 0.05, 0.07, 0.5])
            structure["footprint"] = [[x * factor, y * factor] for x, y in ring]
        elif operation == 1:  # one corner far out
            at = rng.randrange(len(ring))
            ring[at] = [ring[at][0] + rng.choice([1e5, 2e7, 1e15, -3e5]), ring[at][1]]
        elif operation == 2:  # many corners, sometimes crossing
            count = rng.choice([100, 1_000, 9_999, 10_000, 10_001])
            star = hostile.star(count, radius=rng.choice([5.0, 50.0]))
            if rng.random() < 0.5:
                star[3] = [-2 * star[3][0], -2 * star[3][1]]
            structure["footprint"] = star
        else:  # the whole structure moved far from the rest
            shift = rng.choice([50_000.0, 99_990.0, 100_001.0, 2e7])
            structure["footprint"] = [[x + shift, y] for x, y in ring]
    elif operation == 4 and tree.get("map"):
        tree["map"]["pixels_per_metre"] = rng.choice([5e-324, 1e-4, 1e-3, 0.002, 1e6, 2e6])
    elif operation == 5 and tree.get("map"):
        tree["map"]["offset"] = [rng.choice([1e308, 99_999.0, -5e4, 2e9]), 0.0]
    else:
        tree["grid_origin"] = [rng.choice([0.0, 1e5, 1e9, -1e308]), 0.0]
    return json.dumps(tree).encode()


def hostile_archive(rng: random.Random, siege_file: SiegeFile) -> bytes:
    """One of issue 13's hostile shapes, small enough for thousands of cases."""
    shape = rng.randrange(5)
    document = siege_json(siege_file.siege)
    if shape == 0:
        return hostile.array_of_zeros(rng.choice([10, 1_000, 200_000]),
                                      where=rng.choice([None, "structures.s1.footprint", "log"]))
    if shape == 1:
        return hostile.lying_member(declared=rng.choice([0, 100, 4_000]),
                                    actual=rng.choice([5_000, 300_000]))
    if shape == 2:
        return hostile.trailing_png(extra=rng.choice([1, 100, 2_000_000]))
    if shape == 3:
        return hostile.claimed_entries(rng.choice([101, 65_535, 1_000_000]))
    name = rng.choice(["siege.json/", "siege.json.png", "x/../siege.json", "plan.png"])
    return hostile.zipped({"siege.json": document, name: png()})


def fuzzed_file(case: int, bases: list[tuple[SiegeFile, bytes]]) -> bytes:
    rng = random.Random(SEED + case)
    siege_file, valid_bytes = rng.choice(bases)
    document = siege_json(siege_file.siege)
    images = dict(siege_file.images)
    how = rng.randrange(6)
    if how == 0:
        return mutate_bytes(valid_bytes, rng)
    if how == 4:
        return hostile_archive(rng, siege_file)
    if how == 1:
        document = mutate_json_text(document, rng)
    elif how == 2:
        document = mutate_json_tree(document, rng)
    elif how == 5:
        document = mutate_geometry(document, rng)
    else:
        image = images.get(MAP_MEMBER, png())
        images[rng.choice([MAP_MEMBER, "extra.png"])] = mutate_bytes(image, rng)
    compression = rng.choice([zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2,
                              zipfile.ZIP_LZMA])
    built = archive(document, images, compression)
    return mutate_bytes(built, rng) if rng.random() < 0.2 else built


@pytest.fixture(scope="module")
def bases(tmp_path_factory):
    folder = tmp_path_factory.mktemp("fuzz-bases")
    made = []
    for number, siege_file in enumerate(base_files()):
        path = folder / f"base{number}.siege"
        write_siege(path, siege_file)
        made.append((siege_file, path.read_bytes()))
    return made


def play(path, folder) -> dict[str, int]:
    """Run info, fire, advance and snapshot on the siege at ``path`` as a GM would, in-process;
    each must work (0) or refuse with one plain message (1: it could not be done; 2: the
    command line does not fit this siege), never raise. Returns how many of each outcome."""
    siege_file = read_siege(path)
    siege = siege_file.siege
    minx, miny, maxx, maxy = board_bounds(siege, siege_file.images)
    at = f"{(minx + maxx) / 2:.6g},{(miny + maxy) / 2:.6g}"
    commands = [["info", str(path)], ["info", str(path), "--json"],
                ["advance", str(path), "--turns", "13"],
                ["snapshot", str(path), "-o", str(folder / "snap.png"), "--dpi", "30"]]
    for weapon in list(siege.weapons)[:2]:
        commands.insert(2, ["fire", str(path), "--weapon", weapon, "--range", "120", "--at", at])
    outcomes = {"worked": 0, "refused": 0}
    for command in commands:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(command)
            except SystemExit as exit:
                status = exit.code
        message = err.getvalue()
        assert status in (0, 1, 2), f"{command[0]} exited {status}: {message}"
        if status != 0:
            assert message.startswith("siegeboard: ") and message.count("\n") == 1, message
            assert "Traceback" not in message and " object at 0x" not in message, message
            assert ".tmp" not in message, message
        outcomes["worked" if status == 0 else "refused"] += 1
    if math.isfinite(minx):
        read_siege(path)  # whatever was saved opens again
    return outcomes


def run_corpus(tmp_path, bases, cases, played_limit: int | None, monkeypatch) -> dict:
    path = tmp_path / "fuzzed.siege"
    figures = {"files": 0, "opened": 0, "refused": 0, "played": 0, "commands worked": 0,
               "commands refused": 0, "max bytes inflated": 0, "max errors collected": 0}
    for case in cases:
        data = fuzzed_file(case, bases)
        path.write_bytes(data)
        figures["files"] += 1
        with monkeypatch.context() as patch:
            work = Work(patch)
            try:
                opened = read_siege(path)
            except SiegeFileError as error:
                assert str(error), f"case {case}: an empty message"
                assert len(str(error)) < 600, f"case {case}: a {len(str(error))}-character message"
                figures["refused"] += 1
            except BaseException as error:  # noqa: BLE001 -- the point of the test
                pytest.fail(f"case {case} (seed {SEED + case}) raised {type(error).__name__}: "
                            f"{error}")
            else:
                opened_ok = opened
        inflated_bound = document_size(path) + (1 << 20) + 64 * 1024
        assert work.inflated <= max(inflated_bound, len(data) * 2 + (1 << 20)), \
            f"case {case}: {work.inflated:,} bytes inflated"
        assert work.errors <= 10, f"case {case}: {work.errors} validation errors collected"
        figures["max bytes inflated"] = max(figures["max bytes inflated"], work.inflated)
        figures["max errors collected"] = max(figures["max errors collected"], work.errors)
        assert path.read_bytes() == data, f"case {case}: opening changed the file"
        if figures["files"] - figures["refused"] > figures["opened"]:
            figures["opened"] += 1
            assert isinstance(opened_ok.siege, Siege)
            Siege.model_validate(opened_ok.siege.model_dump())
            write_siege(tmp_path / "reopened.siege", opened_ok)
            assert read_siege(tmp_path / "reopened.siege") == opened_ok, f"case {case}"
            if played_limit is None or figures["played"] < played_limit:
                try:
                    outcomes = play(path, tmp_path)
                except AssertionError as error:
                    raise AssertionError(f"case {case} (seed {SEED + case}): {error}") from None
                figures["played"] += 1
                figures["commands worked"] += outcomes["worked"]
                figures["commands refused"] += outcomes["refused"]
    return figures


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_damaged_files_open_as_a_valid_siege_or_raise_siege_file_error(tmp_path, bases, chunk,
                                                                        monkeypatch):
    figures = run_corpus(tmp_path, bases, range(chunk, CASES, CHUNKS), PLAYED // CHUNKS,
                         monkeypatch)
    assert figures["refused"] > 0
    if CASES >= 100:
        assert figures["opened"] > 0, "the mutations never leave a file valid: too blunt"
        assert figures["played"] > 0


@pytest.mark.fuzz
def test_every_file_of_the_corpus_that_opens_can_be_played(tmp_path, bases, monkeypatch):
    figures = run_corpus(tmp_path, bases, range(CASES), None, monkeypatch)
    print("\nfuzz figures:", json.dumps(figures))
    assert figures["played"] == figures["opened"] > 0
