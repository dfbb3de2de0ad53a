"""Fuzzing: a damaged file either opens as a valid siege or raises SiegeFileError, nothing else,
and opening it never changes it.

Cases are seeded (``random.Random(SEED + case)``), so a failure names the case that reproduces
it. ``SIEGEBOARD_FUZZ_CASES`` sets how many cases (default 1,000), ``SIEGEBOARD_FUZZ_SEED`` the
base seed.
"""

from __future__ import annotations

import copy
import io
import json
import os
import random
import zipfile

import pytest

from siegeboard.model import Siege
from siegeboard.persist import SiegeFile, SiegeFileError, read_siege, write_siege

from .builders import MAP_MEMBER, png, sample_file, siege_json

CASES = int(os.environ.get("SIEGEBOARD_FUZZ_CASES", "1000"))
SEED = int(os.environ.get("SIEGEBOARD_FUZZ_SEED", "1847"))
CHUNKS = 4

JSON_TOKENS = [b"{", b"}", b"[", b"]", b'"', b",", b":", b"0", b"-1", b"1e999", b"NaN", b"null",
               b"true", b"\\", b"\\u0000", b"\xff", b"\xc3", b" ", b"99999999999999999999"]
ODD_VALUES = [None, True, False, 0, -1, 2**31, 10**40, 1.5, -0.0, 1e308, "", "x", "../evil.png",
              "C:\\x", "\u202e", [], {}, [0, 0], [[0, 0], [10, 0]], [[0, 0], [4, 4], [4, 0], [0, 4]],
              {"seconds": 5}, {"type": "fire"}, [[[[[[[[[[]]]]]]]]]]]


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


def fuzzed_file(case: int, bases: list[tuple[SiegeFile, bytes]]) -> bytes:
    rng = random.Random(SEED + case)
    siege_file, valid_bytes = rng.choice(bases)
    document = siege_json(siege_file.siege)
    images = dict(siege_file.images)
    how = rng.randrange(4)
    if how == 0:
        return mutate_bytes(valid_bytes, rng)
    if how == 1:
        document = mutate_json_text(document, rng)
    elif how == 2:
        document = mutate_json_tree(document, rng)
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


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_damaged_files_open_as_a_valid_siege_or_raise_siege_file_error(tmp_path, bases, chunk):
    path = tmp_path / "fuzzed.siege"
    outcomes = {"opened": 0, "refused": 0}
    for case in range(chunk, CASES, CHUNKS):
        data = fuzzed_file(case, bases)
        path.write_bytes(data)
        try:
            opened = read_siege(path)
        except SiegeFileError as error:
            assert str(error), f"case {case}: an empty message"
            outcomes["refused"] += 1
        except BaseException as error:  # noqa: BLE001 -- the point of the test
            pytest.fail(f"case {case} (seed {SEED + case}) raised {type(error).__name__}: {error}")
        else:
            outcomes["opened"] += 1
            assert isinstance(opened.siege, Siege)
            Siege.model_validate(opened.siege.model_dump())
            write_siege(tmp_path / "reopened.siege", opened)
            assert read_siege(tmp_path / "reopened.siege") == opened, f"case {case}"
        assert path.read_bytes() == data, f"case {case}: opening changed the file"
    assert outcomes["refused"] > 0
    if CASES >= 100:
        assert outcomes["opened"] > 0, "the mutations never leave a file valid: too blunt"
