"""The document model refuses bad values with a message naming the field."""

import zipfile

import pytest
from pydantic import ValidationError

from siegeboard.model import RangeBand, Siege, Structure, Weapon, round_half_up
from siegeboard.persist import SiegeFile, SiegeFileError, read_siege, write_siege

SQUARE = [(0, 0), (4, 0), (4, 4), (0, 4)]


def test_round_half_up_is_not_bankers_rounding():
    assert round_half_up(22.5) == 23
    assert round_half_up(2.5) == 3
    assert round_half_up(0.5) == 1
    assert round_half_up(1.49) == 1
    assert round_half_up(-2.5) == -3


def test_negative_armor_is_refused_naming_the_field():
    with pytest.raises(ValidationError, match="armor"):
        Structure(id="a", name="A", kind="bunker", footprint=SQUARE, armor=-1)


@pytest.mark.parametrize("ring, message", [
    ([], "empty"),
    ([(0, 0), (1, 1), (2, 2)], "empty"),
    ([(0, 0), (4, 4), (4, 0), (0, 4)], "self-crossing"),
])
def test_bad_footprints_are_refused(ring, message):
    with pytest.raises(ValidationError, match=f"footprint[\\s\\S]*{message}"):
        Structure(id="a", name="A", kind="bunker", footprint=ring, armor=1)


def test_unknown_kind_is_refused_where_the_siege_is_opened(tmp_path):
    # The model reads no catalogue: a kind is checked against the ruleset's where a siege is
    # opened (and imported or edited), so a file of an unknown kind never reaches the board.
    structure = Structure(id="a", name="A", kind="moonbase", footprint=SQUARE, armor=1)
    siege = Siege(ruleset="harris", name="S", structures={"a": structure})
    path = tmp_path / "moon.siege"
    with pytest.raises(SiegeFileError, match="moonbase"):  # nor is it ever saved
        write_siege(path, SiegeFile(siege=siege))
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("siege.json", siege.model_dump_json())
    with pytest.raises(SiegeFileError, match="moonbase"):
        read_siege(path)


def test_range_bands_must_increase():
    with pytest.raises(ValidationError, match="range_bands"):
        Weapon(id="w", name="W", range_bands=[RangeBand(up_to_m=100, penetration=5),
                                               RangeBand(up_to_m=50, penetration=3)])


def test_newer_schema_is_refused():
    with pytest.raises(ValidationError, match="newer siegeboard"):
        Siege(ruleset="harris", name="S", schema_version=99)
