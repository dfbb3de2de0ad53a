"""A saved document is deflated in pieces, never joined: the same archive, byte for byte,
as one ``writestr`` of the whole, and a city's long evening still fits the bound."""

from __future__ import annotations

import io
import zipfile

from siegeboard.persist import SiegeFile, document, read_siege, siege_file, write_siege
from siegeboard.persist.samples import read_sample


def test_the_document_in_pieces_makes_the_archive_one_writestr_makes(tmp_path):
    sample = read_sample("harris")
    siege = sample.siege
    parts = list(document.pieces(siege))
    assert len(parts) > 3
    joined = b"".join(parts)
    whole = io.BytesIO()
    with zipfile.ZipFile(whole, "w") as archive:
        archive.comment = f"{siege_file.WRITER_PREFIX}{siege_file.__version__}".encode()
        archive.writestr(siege_file._member(siege_file.DOCUMENT, zipfile.ZIP_DEFLATED), joined,
                         )
    assert siege_file._archive(parts, {}) == whole.getvalue()
    assert siege_file.encode_siege(sample) == siege_file._archive(parts, sample.images)
    path = tmp_path / "castle.siege"
    write_siege(path, sample)
    assert read_siege(path).siege == siege


def test_every_document_is_read_one_way():
    # No second reader: the document of a siege and the same document laid out otherwise
    # open as the same siege, through the same careful reading.
    import json

    siege = read_sample("harris").siege
    written = b"".join(document.pieces(siege))
    assert not hasattr(document, "read_as_written")
    spaced = json.dumps(json.loads(written), indent=2).encode()
    assert siege_file.siege_from_json(written)[0] == siege
    assert siege_file.siege_from_json(spaced)[0] == siege


def test_a_city_in_play_for_an_evening_fits_the_document_bound():
    # 52 MB for a town of 50,000 and its beginning, 10 MB more a minute of 5,000 wild fires.
    assert siege_file.MAX_DOCUMENT_BYTES >= 52e6 + 15 * 10e6


def test_a_minutes_log_entry_is_written_in_pieces_as_its_own_json_and_stays_compact(tmp_path):
    from bench.town import build_town, set_fires  # tests/ is on the path

    from siegeboard.model.actions import AdvanceClock
    from siegeboard.model.log import Later
    from siegeboard.rules.dice import RandomDice
    from siegeboard.rules.engine import apply_in_place

    siege = build_town(600)
    set_fires(siege, 0.3)
    apply_in_place(siege, AdvanceClock(turns=12), RandomDice(11))
    entry = siege.log[-1]
    assert type(entry.__dict__["rolls"]) is Later and len(entry.__dict__["rolls"].parts) > 1
    pieces = list(document._entry(entry))
    assert sum(1 for _, check in pieces if check is not None) > 3  # read back in pieces
    path = tmp_path / "minute.siege"
    write_siege(path, SiegeFile(siege=siege))
    assert all(type(entry.__dict__[name]) is Later for name in ("rolls", "lines")), \
        "saving leaves the entry compact"
    joined = b"".join(bytes(text) for text, _ in pieces)
    assert joined == entry.model_dump_json().encode()
    opened = read_siege(path).siege
    assert opened == siege
    assert b"".join(bytes(text) for text, _ in document._entry(opened.log[-1])) == joined


def test_every_save_reads_every_piece_back_through_the_readers_validators(monkeypatch):
    # No cache of pieces checked before: a save reads each slice of structures back with
    # the reader's own validator (persist.reading.TABLES), the second save of the same
    # siege as much as the first.
    from siegeboard.persist import reading

    read: list[int] = []
    table = reading.TABLES["structures"]
    assert document._STRUCTURE_TABLE is table

    class Counted:
        def dump_json(self, *args, **kwargs):
            return table.dump_json(*args, **kwargs)

        def validate_json(self, text):
            read.append(len(text))
            return table.validate_json(text)

    monkeypatch.setattr(document, "_STRUCTURE_TABLE", Counted())
    sample = read_sample("harris")
    siege_file.encode_siege(sample)
    first = list(read)
    read.clear()
    siege_file.encode_siege(sample)
    assert first and read == first
    assert len(first) == -(-len(sample.siege.structures) // document._SLICE)


def test_a_structure_made_without_validation_is_refused_at_save():
    # A rule's after-state is made with ``model_copy`` (no validation): a value no file can
    # hold is caught by the save's reading back, not written.
    import pytest

    from siegeboard.persist.errors import SiegeFileError

    sample = read_sample("harris")
    siege_file.encode_siege(sample)  # saved once: its pieces were read back before
    key, structure = next(iter(sample.siege.structures.items()))
    sample.siege.structures[key] = structure.model_copy(
        update={"dp": structure.dp_original + 5})
    with pytest.raises(SiegeFileError, match="dp"):
        siege_file.check_as_opened(sample, "castle.siege")


def _in_play(sample):
    """``sample`` after one logged action: a log entry and a beginning (R2) to write."""
    from siegeboard.model.actions import AdvanceClock
    from siegeboard.rules.dice import RandomDice
    from siegeboard.rules.engine import apply_in_place

    apply_in_place(sample.siege, AdvanceClock(turns=1), RandomDice(1))
    assert sample.siege.log and sample.siege.base is not None
    return sample


def test_a_nan_that_a_file_would_keep_as_null_is_refused_at_save():
    # An event's figure may be null: a NaN, written as null, reads back without an error, as
    # another value. The reading back compares what it read with what was written.
    import math

    import pytest

    from siegeboard.model.log import Event
    from siegeboard.persist.errors import SiegeFileError

    sample = _in_play(read_sample("harris"))
    entry = sample.siege.log[-1]
    sample.siege.log[-1] = entry.model_copy(update={"events": [
        Event(kind="measured", detail={"metres": math.nan})]})
    with pytest.raises(SiegeFileError, match="not a finite number"):
        siege_file.check_as_opened(sample, "castle.siege")


def test_a_beginning_made_without_validation_is_refused_at_save():
    # The beginning (R2) is read back like the siege: its structure that the siege no longer
    # holds as it was is written whole, and read back through the same validators.
    import pytest

    from siegeboard.persist.errors import SiegeFileError

    sample = _in_play(read_sample("harris"))
    base = sample.siege.base
    key, structure = next(iter(base.structures.items()))
    base.structures[key] = structure.model_copy(update={"dp": structure.dp_original + 5})
    assert sample.siege.structures[key] is structure  # the siege itself is valid
    with pytest.raises(SiegeFileError, match="dp"):
        siege_file.check_as_opened(sample, "castle.siege")
