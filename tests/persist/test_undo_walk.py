"""A seeded random walk of the real ``Document`` (issue 35: random undo/redo of 200 steps):
edits, shots, clock steps, batteries, undo, redo, save and reopen, in random order. After
every step the siege as a save writes it (``siege.json``'s bytes) is exactly the one known
for the undo stack's position (so undo and redo are exact inverses, whatever came between);
every save writes exactly the siege shown and reads back as it (nothing lost); a reopened
file is the siege the window showed, and the walk goes on in the reopened one. At the end,
undo all gives the first siege and redo all the last.

The default run walks 40 steps on each sample castle; ``-m long`` walks 200 steps from
several seeds (``SIEGEBOARD_WALK_SEEDS``, default 6).
"""

from __future__ import annotations

import os
import random
import shutil
from importlib import resources
from pathlib import Path

import pytest

from siegeboard.persist import read_siege
from siegeboard.persist.document import pieces
from siegeboard.rules.dice import DiceExhausted
from siegeboard.rules.registry import catalogue
from siegeboard.ui.document.document import Document

SAMPLES = Path(str(resources.files("siegeboard.resources").joinpath("samples")))
CASTLES = {"harris": "castle.siege", "armory": "castle_armory.siege"}
SEEDS = int(os.environ.get("SIEGEBOARD_WALK_SEEDS", "6"))
REFUSED = (ValueError, DiceExhausted)


def saved_json(document: Document) -> bytes:
    return b"".join(pieces(document.siege))


class Walk:
    """The walk's state: the document, and the JSON at each position of its undo stack."""

    def __init__(self, path: Path, seed: int) -> None:
        self.path = path
        self.rng = random.Random(seed)
        self.document = Document()
        self.document.open(path)
        self.states = [saved_json(self.document)]
        self.first = self.states[0]
        self.counts: dict[str, int] = {}
        self.trail: list[str] = []

    @property
    def stack(self):
        return self.document.undo_stack

    def check(self) -> None:
        assert saved_json(self.document) == self.states[self.stack.index()], self.trail[-8:]

    # -- one step ------------------------------------------------------------------------------
    def change(self, name: str, do) -> None:
        """Run an edit or a play; refused: nothing changed; else one command was pushed, and
        its JSON is the new state at the stack's new position."""
        index = self.stack.index()
        before = saved_json(self.document)
        try:
            do()
        except REFUSED:
            assert self.stack.index() == index and saved_json(self.document) == before
            name += " (refused)"
        else:
            if self.stack.index() == index:  # an edit that changed nothing
                assert saved_json(self.document) == before
            else:
                assert self.stack.index() == index + 1 == self.stack.count()
                del self.states[index + 1:]
                self.states.append(saved_json(self.document))
        self.trail.append(name)

    def step(self) -> None:
        rng, document = self.rng, self.document
        ids = list(document.siege.structures)
        weapons = [weapon.id for weapon, _ in document.weapon_list()]
        some = rng.choice(ids) if ids else None
        point = None
        if some is not None:
            inside = document.index.polygon(some).representative_point()
            point = (inside.x, inside.y)
        roll = rng.random()
        if roll < 0.22 and point is not None and weapons:
            self.change("fire", lambda: document.fire_at(
                rng.choice(weapons), point, range_m=rng.choice([30.0, 150.0, 400.0])))
        elif roll < 0.30:
            self.change("advance", lambda: document.advance_clock(rng.randint(1, 12)))
        elif roll < 0.38:
            x, y = rng.uniform(0, 150), rng.uniform(0, 150)
            kind = rng.choice(list(catalogue(document.ruleset).kinds))
            self.change("draw", lambda: document.draw_structure(
                kind, [(x, y), (x + 6, y), (x + 6, y + 4), (x, y + 4)]))
        elif roll < 0.44 and some is not None:
            dx, dy = rng.uniform(-5, 5), rng.uniform(-5, 5)
            self.change("move", lambda: document.move_structures([some], dx, dy))
        elif roll < 0.50 and some is not None:
            field, value = rng.choice([("name", f"Tower {rng.randint(1, 99)}"),
                                       ("stories", rng.randint(1, 4)),
                                       ("notes", "walked")])
            self.change("edit", lambda: document.edit_structure(some, **{field: value}))
        elif roll < 0.54 and some is not None:
            self.change("delete", lambda: document.remove_structures([some]))
        elif roll < 0.58 and weapons:
            where = (rng.uniform(0, 150), rng.uniform(0, 150))
            self.change("battery", lambda: document.place_battery(where, rng.choice(weapons)))
        elif roll < 0.75:
            for _ in range(rng.randint(1, 4)):
                if self.stack.canUndo():
                    self.stack.undo()
                    self.check()
            self.trail.append("undo")
        elif roll < 0.88:
            for _ in range(rng.randint(1, 4)):
                if self.stack.canRedo():
                    self.stack.redo()
                    self.check()
            self.trail.append("redo")
        elif roll < 0.95:
            self.save()
        else:
            self.reopen()
        self.counts[self.trail[-1].split()[0]] = self.counts.get(self.trail[-1].split()[0], 0) + 1
        self.check()

    def save(self) -> None:
        """Save: the file holds exactly the siege shown; undo and redo go on as before."""
        shown = saved_json(self.document)
        self.document.save(self.path)
        assert b"".join(pieces(read_siege(self.path).siege)) == shown
        assert not self.document.modified
        self.trail.append("save")

    def reopen(self) -> None:
        """Save, close and open the file in a new document (a new window): the siege it
        shows is the one saved; the walk goes on in it, its undo history starting there."""
        self.save()
        shown = saved_json(self.document)
        self.document.undo_stack.clear()
        self.document = Document()
        self.document.open(self.path)
        assert saved_json(self.document) == shown
        self.states = [shown]
        self.first = shown
        self.trail[-1] = "reopen"

    def finish(self) -> None:
        """Undo all: the first siege (since the last reopen); redo all: the last."""
        last, index = saved_json(self.document), self.stack.index()
        while self.stack.canUndo():
            self.stack.undo()
        assert saved_json(self.document) == self.first
        for _ in range(index):
            self.stack.redo()
        assert saved_json(self.document) == last
        self.stack.clear()


def walk(tmp_path: Path, ruleset: str, seed: int, steps: int) -> Walk:
    path = tmp_path / f"walk-{ruleset}-{seed}.siege"
    shutil.copyfile(SAMPLES / CASTLES[ruleset], path)
    walker = Walk(path, seed)
    for _ in range(steps):
        walker.step()
    walker.finish()
    return walker


@pytest.mark.parametrize("ruleset", sorted(CASTLES))
def test_a_short_random_walk_loses_nothing_and_undo_redo_are_exact_inverses(qapp, tmp_path,
                                                                           ruleset):
    walker = walk(tmp_path, ruleset, 35, 40)
    played = {name for name in walker.counts if walker.counts[name]}
    assert {"fire", "undo", "redo", "save"} <= played, walker.counts


@pytest.mark.long
@pytest.mark.parametrize("ruleset", sorted(CASTLES))
def test_random_walks_of_200_steps(qapp, tmp_path, ruleset):
    for seed in range(SEEDS):
        walker = walk(tmp_path, ruleset, 3500 + seed, 200)
        print(ruleset, seed, dict(sorted(walker.counts.items())))
