"""Fuzzing the Universal VTT import: a damaged map either imports or raises SiegeFileError,
nothing else, and whatever imports saves and reopens as the same siege.

Cases are seeded (``random.Random(SEED + case)``); ``SIEGEBOARD_FUZZ_CASES`` sets how many
(default 300), ``SIEGEBOARD_FUZZ_SEED`` the base seed.
"""

from __future__ import annotations

import copy
import json
import os
import random

import pytest

from siegeboard.persist import SiegeFileError, read_siege, write_siege
from siegeboard.persist.formats import ImportOptions, import_map

from .uvtt_files import picture, portal, uvtt

# The default run tries 120 maps of each kind; SIEGEBOARD_FUZZ_CASES asks for more.
CASES = int(os.environ.get("SIEGEBOARD_FUZZ_CASES", "120"))
SEED = int(os.environ.get("SIEGEBOARD_FUZZ_SEED", "1917"))
ODD_VALUES = [None, True, False, 0, -1, 1e-12, 2**31, 10**40, 1.5, -0.0, 1e308, -1e308, "", "x",
              "0.3", "a.png", "../../etc/passwd.png", "C:\\maps\\cave.webp", [], {}, [0, 0],
              {"x": 1}, {"x": 1, "y": "2"}, {"x": 1e308, "y": -1e308}, {"x": 3, "y": 3},
              [{"x": 0, "y": 0}, {"x": 1e6, "y": 0}], [[[[[[[[]]]]]]]]]


def base_map() -> dict:
    return uvtt(lines=[[(1, 1), (4, 1)], [(5, 1), (9, 1), (9, 9), (1, 9), (1, 1)],
                       [(3, 3), (7, 7), (7, 3), (3, 7)]],
                portals=[portal((4, 1), (5, 1)), portal((9, 4), (9, 5), closed=False)],
                objects=[[(2, 2), (3, 2), (3, 3)]], size=(10, 10), ppg=8,
                image=picture(80, 80))


def paths(data, prefix=()):
    """Every place in the JSON tree (as key paths) except inside the picture's text."""
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            if key != "image":
                yield from paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from paths(value, (*prefix, index))


def mutate(data: dict, rng: random.Random) -> dict:
    data = copy.deepcopy(data)
    for _ in range(rng.randint(1, 4)):
        places = [place for place in paths(data) if place]
        place = rng.choice(places)
        parent = data
        for key in place[:-1]:
            parent = parent[key]
        roll = rng.random()
        if roll < 0.6:
            parent[place[-1]] = copy.deepcopy(rng.choice(ODD_VALUES))
        elif roll < 0.8:
            del parent[place[-1]]
        elif isinstance(parent[place[-1]], (int, float)) and not isinstance(
                parent[place[-1]], bool):
            parent[place[-1]] = parent[place[-1]] * rng.choice([-1, 0, 1e-9, 1e9])
        else:
            parent[place[-1]] = copy.deepcopy(parent)  # a copy of its own container
    return data


@pytest.mark.parametrize("chunk", range(4))
def test_a_damaged_map_imports_or_is_refused_plainly(tmp_path, chunk):
    base = base_map()
    options = [ImportOptions(objects=True), ImportOptions(ruleset="armory",
                                                          closed_as="buildings")]
    for case in range(chunk, CASES, 4):
        rng = random.Random(SEED + case)
        path = tmp_path / "fuzz.dd2vtt"
        path.write_text(json.dumps(mutate(base, rng)))
        try:
            imported = import_map(path, options[case % 2])
        except SiegeFileError as error:
            assert str(error) and "\n" not in str(error), case
            continue
        target = tmp_path / "fuzz.siege"
        write_siege(target, imported)
        assert read_siege(target).siege == imported.siege, case


def random_map(rng: random.Random) -> dict:
    """Walls, portals and outlines of random points, on and off a 12 x 12 cell picture:
    lines that double back, cross, touch, repeat points, close and run along portals."""
    def coordinate() -> float:
        return rng.choice([rng.uniform(-3, 15), float(rng.randint(-2, 14)),
                           rng.randint(0, 24) / 2])

    def line() -> list[tuple[float, float]]:
        points = [(coordinate(), coordinate()) for _ in range(rng.randint(1, 9))]
        if rng.random() < 0.2:
            points.append(points[0])
        if rng.random() < 0.2 and len(points) > 1:
            points.insert(1, points[0])
        return points

    lines = [line() for _ in range(rng.randint(0, 8))]
    portals = []
    for _ in range(rng.randint(0, 5)):
        if lines and rng.random() < 0.6:
            chosen = rng.choice(lines)
            start = rng.choice(chosen)
            end = (start[0] + rng.choice([-1, 0, 1, 0.5]), start[1] + rng.choice([-1, 0, 1]))
        else:
            start, end = (coordinate(), coordinate()), (coordinate(), coordinate())
        portals.append(portal(start, end, closed=rng.random() < 0.6))
    return uvtt(lines=lines, portals=portals, objects=[line() for _ in range(rng.randint(0, 3))],
                size=(12, 12), ppg=5, image=picture(60, 60))


@pytest.mark.parametrize("chunk", range(4))
def test_random_geometry_imports_or_is_refused_plainly(tmp_path, chunk):
    for case in range(chunk, CASES, 4):
        rng = random.Random(SEED * 7 + case)
        path = tmp_path / "random.uvtt"
        path.write_text(json.dumps(random_map(rng)))
        options = ImportOptions(objects=True, closed_as=rng.choice(["walls", "buildings"]),
                                ruleset=rng.choice(["harris", "armory"]),
                                wall_thickness_m=rng.choice([0.05, 0.5, 3.0]))
        try:
            imported = import_map(path, options)
        except SiegeFileError as error:
            assert str(error) and "\n" not in str(error), case
            continue
        target = tmp_path / "random.siege"
        write_siege(target, imported)
        assert read_siege(target).siege == imported.siege, case
