"""The autosave's journal: every change of the siege since its last full autosave, one line
each, appended as it is made; recovery reads the autosave, then plays the journal on it.

A full autosave of a city takes a second; a change takes a line. The window appends a line
for each change its document writes (each shot, edit, undo and redo: ``ui.document_changes``
through ``persist.mutations``) and folds the journal into a new full autosave when it is
idle (``ui.autosave_keeper``).

Format: UTF-8, one JSON object a line, each line ending in a newline
--------------------------------------------------------------------
``<autosave stem>.journal`` beside the autosave. Its first line says which autosave it
follows: ``{"journal": 1, "follows": "<SHA-256 of the autosave file's bytes>"}``. Each later
line is one change, numbered from 1 (``"n"``), of one kind (``"op"``):

- ``structures``: ``states`` (id -> the structure, or null: removed) and ``order`` (the ids'
  order afterwards, or null);
- ``outcome``, ``forward`` true (a rules action, or its redo): ``entry``, the log entry (the
  action and every roll), played again by the engine (``rules.engine.replay_entry``), which
  must give the same entry again;
- ``outcome``, ``forward`` false (its undo): ``seq``, the log entry taken off, and the
  ``structures`` and siege ``fields`` as they were before it, ``order`` the structures' order
  (or null);
- ``map``: ``map``, ``images`` (member -> SHA-256 of its bytes: an image the last full
  autosave holds; null: the images unchanged), ``anchor``;
- ``grid``: ``origin``, ``anchor``;
- ``arsenal``: ``weapons`` and ``batteries`` (id -> the state, or null), ``weapon_order``,
  ``battery_order``;
- ``mine_known``: ``mine``, ``known``; ``settings``: ``name``, ``options``, ``dice_seed``,
  ``players_side``; ``snapshot_turn``: ``turn``;
- ``saved``: the GM's file was saved: ``stamp`` (the version written) and ``log_on_disk``.

Folding writes the next journal as ``<stem>.journal.next`` (the changes made since the
snapshot folded in) before the new autosave replaces the old one, then renames it over
``.journal``: whichever of the two follows the autosave on disk is its journal, so a crash
at any moment loses no change that was written.

A crash while a line is written leaves it cut short: recovery leaves out a last line
without its newline, and says so. A line that cannot be read or played again stops the
recovery there: the autosave and the changes before that line are recovered, and the
message says what was left out. A journal is data only, and every state in it is
validated as an opened file's is.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pydantic_core
from pydantic import TypeAdapter, ValidationError

from siegeboard.geometry import StructureIndex
from siegeboard.model.fields import fields_of
from siegeboard.model.log import LogEntry
from siegeboard.model.siege import MapImage, RulesetOptions, Siege
from siegeboard.model.structure import Structure
from siegeboard.model.weapon import Battery, Weapon
from siegeboard.persist.mutations import (
    put_arsenal,
    put_grid_origin,
    put_map,
    put_mine_known,
    put_settings,
    put_snapshot_turn,
    put_structures,
)
from siegeboard.persist.siege_file import (
    MAX_DOCUMENT_BYTES,
    FileStamp,
    SiegeFile,
    read_siege,
)
from siegeboard.rules.context import Outcome, RuleError
from siegeboard.rules.engine import replay_entry

SUFFIX = ".journal"
NEXT_SUFFIX = ".journal.next"
VERSION = 1
# A journal is folded into a full autosave whenever the window is idle; one this long is
# not a journal siegeboard wrote.
MAX_JOURNAL_BYTES = 4 * MAX_DOCUMENT_BYTES

_STRUCTURES = TypeAdapter(dict[str, Structure | None])
_WEAPONS = TypeAdapter(dict[str, Weapon | None])
_BATTERIES = TypeAdapter(dict[str, Battery | None])
_IDS: TypeAdapter[list[str] | None] = TypeAdapter(list[str] | None)


def journal_path(autosave: Path) -> Path:
    """The journal beside the autosave ``autosave``."""
    return autosave.with_suffix(SUFFIX)


def next_journal_path(autosave: Path) -> Path:
    """The journal of the next full autosave while a fold is being written."""
    return autosave.with_suffix(NEXT_SUFFIX)


def file_sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# --------------------------------------------------------------------------- writing


def header(follows: str) -> bytes:
    """The first line (without its newline) of the journal of the autosave whose bytes have
    the SHA-256 ``follows``."""
    return b'{"journal":%d,"follows":"%s"}' % (VERSION, follows.encode("ascii"))


def numbered(number: int, line: bytes) -> bytes:
    """``line`` (one of the ``*_line`` below) as the journal's ``number``-th change, with
    its newline."""
    return b'{"n":%d,%s\n' % (number, line[1:])


def _line(op: str, **fields: Any) -> bytes:
    return pydantic_core.to_json({"op": op, **fields})


def structures_line(states: Mapping[str, Structure | None],
                    order: Sequence[str] | None) -> bytes:
    return _line("structures", states=dict(states), order=None if order is None else list(order))


def outcome_line(outcome: Outcome, *, forward: bool) -> bytes:
    """A rules action (``forward``: its log entry, played again at recovery) or its undo
    (what it changed, as it was before)."""
    if forward:
        return _line("outcome", forward=True, entry=outcome.entry)
    return _line("outcome", forward=False, seq=outcome.entry.seq,
                 structures={key: before for key, (before, _) in outcome.structures.items()},
                 fields={name: before for name, (before, _) in outcome.fields.items()},
                 order=outcome.order_before)


def map_line(new_map: MapImage | None, images: Mapping[str, bytes] | None,
             anchor: tuple[float, float] | None) -> bytes:
    members = None if images is None else {
        member: file_sha256(data) for member, data in images.items()}
    return _line("map", map=new_map, images=members, anchor=anchor)


def grid_line(origin: tuple[float, float], anchor: tuple[float, float] | None) -> bytes:
    return _line("grid", origin=origin, anchor=anchor)


def arsenal_line(weapons: Mapping[str, Weapon | None], batteries: Mapping[str, Battery | None],
                 weapon_order: Sequence[str] | None,
                 battery_order: Sequence[str] | None) -> bytes:
    return _line("arsenal", weapons=dict(weapons), batteries=dict(batteries),
                 weapon_order=None if weapon_order is None else list(weapon_order),
                 battery_order=None if battery_order is None else list(battery_order))


def mine_known_line(mine_id: str, known: bool | None) -> bytes:
    return _line("mine_known", mine=mine_id, known=known)


def settings_line(name: str, options: RulesetOptions, dice_seed: int,
                  players_side: str | None) -> bytes:
    return _line("settings", name=name, options=options, dice_seed=dice_seed,
                 players_side=players_side)


def snapshot_turn_line(turn: int | None) -> bytes:
    return _line("snapshot_turn", turn=turn)


def saved_line(stamp: FileStamp | None, log_on_disk: int) -> bytes:
    """The GM's file was saved: what a recovered siege's Save then checks against."""
    return _line("saved", stamp=None if stamp is None else asdict(stamp),
                 log_on_disk=log_on_disk)


def new_images(line_images: Mapping[str, bytes] | None, kept: Mapping[str, bytes]) -> bool:
    """Whether a map change brings image bytes ``kept`` (the last full autosave's) does not
    hold: the journal names images by their bytes' digest, so such a change needs a full
    autosave soon."""
    if line_images is None:
        return False
    known = {file_sha256(data) for data in kept.values()}
    return any(file_sha256(data) not in known for data in line_images.values())


# --------------------------------------------------------------------------- reading


@dataclass
class JournalReplay:
    """What recovery played from a journal: ``applied`` changes; ``problem`` says in plain
    words what was left out (a last line cut short by the crash, or a damaged line and all
    after it), None when the whole journal was played. ``saved`` is the last ``saved`` line's
    (stamp, log_on_disk), None when there was none."""

    applied: int = 0
    problem: str | None = None
    saved: tuple[FileStamp | None, int] | None = None


def read_lines(path: Path, follows: str) -> tuple[list[bytes], str | None] | None:
    """The change lines of the journal at ``path`` if it follows the autosave whose bytes
    have the SHA-256 ``follows`` (None otherwise: not this autosave's journal, or none), and
    a problem: a last line cut short (left out) or a journal too large (nothing read)."""
    try:
        size = path.stat().st_size
        if size > MAX_JOURNAL_BYTES:
            return [], f"its journal of {size:,} bytes is too large to be one; it was left out"
        data = path.read_bytes()
    except OSError:
        return None
    first, newline, rest = data.partition(b"\n")
    try:
        head = json.loads(first)
    except ValueError:
        return None
    if not (isinstance(head, dict) and head.get("journal") == VERSION
            and head.get("follows") == follows) or not newline:
        return None
    lines = rest.split(b"\n")
    problem = None
    if lines[-1]:
        problem = ("the last change in its journal was cut short (the crash came while it "
                   "was being written); it was left out")
    return lines[:-1], problem


def count_changes(autosave: Path, follows: str) -> tuple[Path, int] | None:
    """The journal that follows the autosave (``follows``: the SHA-256 of its bytes) and
    how many whole lines it holds, or None when it has none."""
    for path in (journal_path(autosave), next_journal_path(autosave)):
        found = read_lines(path, follows)
        if found is not None:
            return path, len(found[0])
    return None


def recover(autosave: Path, journal: Path | None) -> tuple[SiegeFile, JournalReplay]:
    """The autosave at ``autosave`` with its journal ``journal`` (None: none) played on it.

    Raises ``SiegeFileError`` when the autosave itself cannot be read. A journal that is not
    this autosave's is not played; a change that cannot be played stops the journal there,
    and the siege is the autosave with the changes before it; changes that together do not
    make a valid siege are all left out (``JournalReplay.problem`` says which)."""
    siege_file = read_siege(autosave)
    replay = JournalReplay()
    if journal is None:
        return siege_file, replay
    assert siege_file.stamp is not None  # read from disk: stamped
    found = read_lines(journal, siege_file.stamp.sha256)
    if found is None:
        return siege_file, replay
    lines, replay.problem = found
    images = dict(siege_file.images)
    player = _Player(siege_file, images)
    for number, line in enumerate(lines, start=1):
        try:
            player.play(line)
        except (ValueError, KeyError, TypeError, RuleError, ValidationError) as error:
            why = _plain(error)
            replay.problem = (f"change {number} of its journal could not be played again "
                              f"({why}); it and the {len(lines) - number} after it were left out")
            # What the journal played so far is kept, but not a change half made.
            siege_file = read_siege(autosave)
            player = _Player(siege_file, images)
            for done in lines[:number - 1]:
                player.play(done)
            break
        replay.applied = number
    replay.saved = player.saved
    if replay.applied:
        problem = _not_whole(siege_file.siege)
        if problem is not None:
            return read_siege(autosave), JournalReplay(problem=(
                f"the changes of its journal do not make a siege a file can hold ({problem}); "
                f"they were left out"))
    return siege_file, replay


def _not_whole(siege: Siege) -> str | None:
    """Why the recovered siege is not one a file can hold (what its next save checks too),
    or None."""
    try:
        Siege.model_validate_json(siege.model_dump_json())
    except ValidationError as error:
        return _plain(error)
    return None


def _plain(error: BaseException) -> str:
    if isinstance(error, ValidationError):
        first = error.errors(include_url=False)[0]
        where = ".".join(str(part) for part in first["loc"])
        return f"{where}: {first['msg']}" if where else first["msg"]
    return str(error) or type(error).__name__


@cache
def _field(name: str) -> TypeAdapter:
    """The validator of the siege's field ``name`` (``KeyError``: no such field)."""
    if name == "structures":
        raise KeyError(name)  # structures change through their own states
    return TypeAdapter(fields_of(Siege)[name].rebuild_annotation())


class _Player:
    """Plays journal lines on a siege file, one by one; ``ValueError`` (and the others
    ``recover`` catches) for a line that is not a change it can play."""

    def __init__(self, siege_file: SiegeFile, images: dict[str, bytes]):
        self.siege_file = siege_file
        self.images = {file_sha256(data): data for data in images.values()}
        self.saved: tuple[FileStamp | None, int] | None = None
        self._index: StructureIndex | None = None
        self._last: int | None = None  # the number of the last change played

    @property
    def siege(self) -> Siege:
        return self.siege_file.siege

    def play(self, line: bytes) -> None:
        change = pydantic_core.from_json(line, allow_inf_nan=False)
        counted = change.get("n") if isinstance(change, dict) else None
        # A journal begun by a fold goes on counting from the changes before it.
        if not isinstance(counted, int) or (self._last is not None and counted != self._last + 1):
            raise ValueError("it is not the change after the one before it")
        self._last = counted
        op = change.get("op")
        player = getattr(self, f"_play_{op}", None) if isinstance(op, str) else None
        if player is None:
            raise ValueError(f"it is a change of an unknown kind ({op!r})")
        player(change)

    def _play_structures(self, change: dict) -> None:
        states = _STRUCTURES.validate_python(change["states"])
        put_structures(self.siege, states, _IDS.validate_python(change.get("order")))
        self._index = None

    def _play_outcome(self, change: dict) -> None:
        siege = self.siege
        if change.get("forward") is True:
            entry = LogEntry.model_validate(change["entry"])
            if self._index is None and siege.structures:
                self._index = StructureIndex.for_structures(siege.structures)
            outcome = replay_entry(siege, entry, index=self._index if siege.structures else None)
            if outcome.entry != entry:
                raise ValueError(f"log entry {entry.seq} came out otherwise when played again")
            if any(before is None or after is None
                   for before, after in outcome.structures.values()) \
                    or "grid_origin" in outcome.fields or entry.action.type == "edit":
                self._index = None
            return
        if change.get("forward") is not False:
            raise ValueError("an outcome neither done nor undone")
        seq = change["seq"]
        if not siege.log or siege.log[-1].seq != seq:
            raise ValueError(f"it undoes log entry {seq}, which is not the last")
        structures = _STRUCTURES.validate_python(change["structures"])
        fields = {name: _field(name).validate_python(value)
                  for name, value in change["fields"].items()}
        entry = siege.log[-1]
        Outcome(action=entry.action, entry=entry,
                structures={key: (state, None) for key, state in structures.items()},
                fields={name: (value, None) for name, value in fields.items()},
                order_before=_IDS.validate_python(change.get("order"))).revert(siege)
        self._index = None

    def _play_map(self, change: dict) -> None:
        new_map = None if change["map"] is None else MapImage.model_validate(change["map"])
        images = None
        if change["images"] is not None:
            images = {}
            for member, digest in change["images"].items():
                if digest not in self.images:
                    raise ValueError(f"the image {member!r} was added after the last full "
                                     f"autosave and is not in it")
                images[member] = self.images[digest]
        anchor = change["anchor"]
        put_map(self.siege_file, new_map, images, None if anchor is None else tuple(anchor))
        pixels = self.siege_file.pixels
        for member in list(pixels):
            if member not in self.siege_file.images:
                del pixels[member]

    def _play_grid(self, change: dict) -> None:
        anchor = change["anchor"]
        put_grid_origin(self.siege, tuple(change["origin"]),
                        None if anchor is None else tuple(anchor))
        self._index = None

    def _play_arsenal(self, change: dict) -> None:
        put_arsenal(self.siege, _WEAPONS.validate_python(change["weapons"]),
                    _BATTERIES.validate_python(change["batteries"]),
                    weapon_order=_IDS.validate_python(change.get("weapon_order")),
                    battery_order=_IDS.validate_python(change.get("battery_order")))

    def _play_mine_known(self, change: dict) -> None:
        known = change["known"]
        if known is not None and not isinstance(known, bool):
            raise ValueError("a mine known neither yes, no nor unset")
        put_mine_known(self.siege, change["mine"], known)

    def _play_settings(self, change: dict) -> None:
        put_settings(self.siege, change["name"], RulesetOptions.model_validate(change["options"]),
                     change["dice_seed"], change["players_side"])

    def _play_snapshot_turn(self, change: dict) -> None:
        put_snapshot_turn(self.siege, change["turn"])

    def _play_saved(self, change: dict) -> None:
        stamp = change["stamp"]
        log_on_disk = change["log_on_disk"]
        if not isinstance(log_on_disk, int) or log_on_disk < 0:
            raise ValueError("a save with no count of its log")
        self.saved = (None if stamp is None else FileStamp(**stamp), log_on_disk)
