"""Sieges, images and raw archives for the persistence tests, and hypothesis strategies."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from hypothesis import strategies as st
from PIL import Image

from siegeboard.model import (
    AdvanceClock,
    Battery,
    Clock,
    Event,
    FireAt,
    LogEntry,
    MapImage,
    RangeBand,
    Roll,
    RulesetOptions,
    Siege,
    Structure,
    Weapon,
)
from siegeboard.persist import SiegeFile
from siegeboard.rules.build import new_structure
from siegeboard.rules.registry import catalogue

MAP_MEMBER = "plan.png"


def png(width: int = 6, height: int = 4, colour: tuple[int, int, int] = (120, 90, 60)) -> bytes:
    """A small, valid PNG."""
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(buffer, format="PNG")
    return buffer.getvalue()


def rectangle(x: float, y: float, width: float, height: float) -> list[tuple[float, float]]:
    return [(x, y), (x + width, y), (x + width, y + height), (x, y + height)]


def sample_siege(ruleset: str = "harris", name: str = "Castle Rock", structures: int = 3,
                 *, with_map: bool = True, log: bool = True) -> Siege:
    """A valid siege of ``ruleset``: a row of structures, a weapon, a battery and a short log."""
    kinds = list(catalogue(ruleset).kinds)
    built = {}
    for number in range(structures):
        structure_id = f"s{number + 1}"
        built[structure_id] = new_structure(
            ruleset, kinds[number % len(kinds)], structure_id,
            rectangle(12.0 * (number % 40), 12.0 * (number // 40), 10, 8),
            occupants=[f"Guard {number}"])
    weapon = Weapon(id="w1", name="Falconet", damage=20, concussion=4, explosive=True,
                    range_bands=[RangeBand(up_to_m=100, penetration=30)], hull_damage=4)
    battery = Battery(id="b1", name="North battery", position=(5.5, -60.25), weapon_id="w1",
                      target_id="s1" if built else None)
    entries = []
    if log:
        entries = [
            LogEntry(seq=1, turn=0, action=AdvanceClock(turns=3),
                     lines=["The clock runs 3 turns."]),
            LogEntry(seq=2, turn=3, action=FireAt(weapon_id="w1", at=(4.0, 4.0), battery_id="b1"),
                     rolls=[Roll(label="fire", sides=6, values=[5])],
                     events=[Event(kind="hit", structure_id="s1", detail={"dp_lost": 7})],
                     lines=["Hit s1 for 7."], touched=["s1"], square="A1"),
        ]
    return Siege(
        name=name, ruleset=ruleset, structures=built, weapons={"w1": weapon},
        batteries={"b1": battery}, clock=Clock(turn=3), log=entries,
        map=MapImage(member=MAP_MEMBER, pixels_per_metre=4.5) if with_map else None)


def sample_file(ruleset: str = "harris", **options) -> SiegeFile:
    siege = sample_siege(ruleset, **options)
    return SiegeFile(siege=siege, images={MAP_MEMBER: png()} if siege.map else {})


def siege_json(siege: Siege) -> bytes:
    return siege.model_dump_json(indent=1).encode("utf-8")


def write_raw(path: Path, members: dict[str, bytes] | list[tuple[str, bytes]],
              compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    """Write a zip with exactly these members (no checks at all); return its bytes."""
    items = members.items() if isinstance(members, dict) else members
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=compression) as archive:
        for name, data in items:
            archive.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data)
    path.write_bytes(buffer.getvalue())
    return buffer.getvalue()


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` with its bytes: to prove that nothing changed."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


# --------------------------------------------------------------------------- strategies

names = st.text(min_size=1, max_size=16)
finite = st.floats(allow_nan=False, allow_infinity=False)
# R4: a gun position lies within the siege's 100 km (50 km either way keeps any two apart
# by at most 100 km).
coordinate = st.floats(-50_000, 50_000, allow_nan=False)
small = st.integers(min_value=0, max_value=60)


@st.composite
def structures(draw, ruleset: str, structure_id: str, slot: int) -> Structure:
    """A structure from the catalogue on a rectangle of the 2 m grid, in a random state."""
    kind = draw(st.sampled_from(sorted(catalogue(ruleset).kinds)))
    # Each structure gets its own column of the grid so footprints never matter to each other.
    x = 2 * draw(st.integers(-10, 10)) + 200 * slot
    y = 2 * draw(st.integers(-50, 50))
    width, height = 2 * draw(st.integers(1, 12)), 2 * draw(st.integers(1, 12))
    built = new_structure(ruleset, kind, structure_id, rectangle(x, y, width, height),
                          name=draw(names), stories=draw(st.integers(1, 6)),
                          occupants=draw(st.lists(names, max_size=4)))
    state = built.model_dump()
    state["armor"] = draw(small)
    state["dp"] = draw(st.integers(0, state["dp_original"]))
    state["collapsed"] = draw(st.booleans())
    state["cleared"] = draw(st.booleans())
    state["fire_level"] = draw(small)
    state["out_of_control"] = draw(st.booleans())
    state["hull_suffered"] = draw(small)
    state["ladder"] = draw(st.sampled_from(["intact", "cracked", "breached"]))
    state["burning"] = draw(st.booleans())
    state["notes"] = draw(st.text(max_size=30))
    state["gm_notes"] = draw(st.text(max_size=30))
    state["effects"] = draw(st.lists(st.sampled_from(["cracked", "on fire", "shaken"]),
                                     max_size=2))
    for person in state["occupants"]:
        person.update(damage=draw(small), hits=draw(small), trapped=draw(st.booleans()),
                      burned=draw(st.booleans()))
    return Structure.model_validate(state)


@st.composite
def weapons(draw, weapon_id: str) -> Weapon:
    limits = sorted(set(draw(st.lists(st.floats(0.5, 5000, allow_nan=False), max_size=4))))
    return Weapon(
        id=weapon_id, name=draw(names), notes=draw(st.text(max_size=20)),
        range_bands=[RangeBand(up_to_m=limit, penetration=draw(small)) for limit in limits],
        damage=draw(small), concussion=draw(small), explosive=draw(st.booleans()),
        incendiary=draw(st.booleans()), small_arm=((bore := draw(
            st.none() | st.floats(0.1, 1000, allow_nan=False))) is None or bore < 20)
        and draw(st.booleans()),  # H4: a bore of 20 mm or more is no small arm
        bore_mm=bore,
        large_calibre=draw(st.booleans()), hull_damage=draw(small), pierce=draw(small),
        crit=draw(small), mount=draw(st.sampled_from(["personal", "light", "standard", "heavy",
                                                        "capital"])),
        gunpowder=draw(st.booleans()), indirect=draw(st.booleans()),
        role=draw(st.sampled_from(["gun", "petard", "breaching_charge", "mine"])))


@st.composite
def siege_files(draw) -> SiegeFile:
    """A valid siege of either ruleset with structures, weapons, batteries, a log and a map."""
    ruleset = draw(st.sampled_from(["harris", "armory"]))
    count = draw(st.integers(0, 5))
    built = {f"s{n}": draw(structures(ruleset, f"s{n}", n)) for n in range(count)}
    arms = {f"w{n}": draw(weapons(f"w{n}")) for n in range(draw(st.integers(0, 3)))}
    batteries = {}
    if arms:
        for n in range(draw(st.integers(0, 3))):
            batteries[f"b{n}"] = Battery(
                id=f"b{n}", name=draw(names), position=(draw(coordinate), draw(coordinate)),
                weapon_id=draw(st.sampled_from(sorted(arms))),
                side=draw(st.sampled_from(["besieger", "defender"])),
                target_id=draw(st.none() | st.sampled_from(sorted(built) or [None])))
    log = [
        LogEntry(seq=n + 1, turn=draw(small), action=AdvanceClock(turns=draw(st.integers(1, 99))),
                 rolls=[Roll(label=draw(names), sides=6,
                             values=draw(st.lists(st.integers(1, 6), max_size=3)))],
                 events=[Event(kind="advanced", detail={"turns": draw(small),
                                                        "note": draw(st.text(max_size=8))})],
                 lines=draw(st.lists(st.text(max_size=20), max_size=2)))
        for n in range(draw(st.integers(0, 3)))
    ]
    options = RulesetOptions(
        concussion_falloff=draw(st.sampled_from(["halving", "one_over_d_plus_1"])),
        burn_damage_every=draw(st.sampled_from(["minute", "turn"])),
        harris_section_m=draw(st.floats(0.5, 100, allow_nan=False)),
        armory_section_m=draw(st.floats(0.5, 100, allow_nan=False)))
    with_map = draw(st.booleans())
    siege = Siege(
        name=draw(names), ruleset=ruleset, options=options, structures=built, weapons=arms,
        batteries=batteries, clock=Clock(turn=draw(st.integers(0, 10**6))),
        scene=draw(small), log=log, dice_seed=draw(st.integers(0, 2**31 - 1)),  # R3
        grid_origin=(draw(st.floats(-10_000, 10_000)), draw(st.floats(-10_000, 10_000))),
        map=MapImage(member=MAP_MEMBER, pixels_per_metre=draw(st.floats(0.01, 1000)),
                     # Within R4's 100 km with the plan itself (the reader checks the extent).
                     offset=(draw(st.floats(-10_000, 10_000)), draw(st.floats(-10_000, 10_000))),
                     rotation_deg=draw(st.floats(-360, 360)),
                     locked=draw(st.booleans())) if with_map else None)
    images = {MAP_MEMBER: png(draw(st.integers(1, 5)), draw(st.integers(1, 5)))} if with_map else {}
    return SiegeFile(siege=siege, images=images)
