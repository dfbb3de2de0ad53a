"""Escalade (A11): the text's table of ladders, siege towers and grapnels, for one section.

Pure data for the GM to read: how many attackers reach the wall walk each round and what
check each climber makes. Nothing here changes the section.
"""

from __future__ import annotations

from dataclasses import dataclass

from siegeboard.model.numbers import whole_number
from siegeboard.model.structure import Structure
from siegeboard.rules.armory.layers import fully_breached
from siegeboard.rules.messages import _

LADDER_DEFENDED_BANE_DICE = 2
SIEGE_TOWER_PER_ROUND = 4


@dataclass(frozen=True)
class EscaladeRow:
    """One method: its check (None: no check), attackers per round in all, and the notes."""

    method: str
    check: str | None
    count: int
    per_round: int
    bane_dice: int
    silent: bool
    notes: str

    def line(self) -> str:
        check = self.check or _("no check")
        bane = _(", +{bane_dice} Bane Dice").format(
            bane_dice=self.bane_dice) if self.bane_dice else ""
        return (_("{method} x{count}: {check}{bane}; {per_round} a round. {notes}").format(
            method=self.method, count=self.count, check=check, bane=bane,
            per_round=self.per_round, notes=self.notes))


@dataclass(frozen=True)
class Escalade:
    """The escalade table for ``section_id``; ``needed`` is False once the way is open: the
    section Breached, and for a gate with a portcullis both layers Breached (A5)."""

    section_id: str
    section_name: str
    needed: bool
    note: str
    rows: tuple[EscaladeRow, ...]

    def lines(self) -> list[str]:
        return [_("Escalade, {section_name}: {note}").format(
            section_name=self.section_name, note=self.note)] + [row.line() for row in self.rows]


def escalade_table(structure: Structure, *, ladders: int = 1, siege_towers: int = 1,
                   grapnels: int = 1, defenders_at_top: bool = False) -> Escalade:
    """A11 for ``structure`` with the given number of ladders, towers and ropes.

    Ladder: Average Athletics, one climber a round on each ladder, defenders at the top add
    2 Bane Dice. Siege tower: no check once it reaches the wall, its bridge puts four
    attackers a round onto the wall walk. Grapnel and rope: Hard Athletics, silent, one
    climber a round on each rope.
    """
    ladders = whole_number("ladders", ladders)
    siege_towers = whole_number("siege_towers", siege_towers)
    grapnels = whole_number("grapnels", grapnels)
    breached = fully_breached(structure)
    if breached:
        note = _("Breached: the gap takes two abreast, no need to climb (play the assault)")
    elif structure.ladder == "breached":
        inner = structure.inner_layer
        assert inner is not None  # not fully breached: a layer behind the gate still holds
        note = _("the gate is Breached but the {layer} behind it still holds: it is climbed "
                 "(or the {layer} broken)").format(layer=inner.name.lower())
    else:
        note = _("not breached, so it is climbed")
    rows = (
        EscaladeRow(_("Ladder"), _("Average Athletics"), ladders, ladders,
                    LADDER_DEFENDED_BANE_DICE if defenders_at_top else 0, False,
                    _("One climber a round on each ladder. Defenders at the top add "
                      "{bane_dice} Bane Dice.").format(bane_dice=LADDER_DEFENDED_BANE_DICE)),
        EscaladeRow(_("Siege tower"), None, siege_towers, SIEGE_TOWER_PER_ROUND * siege_towers,
                    0, False, _("No check once it reaches the wall: its bridge puts four "
                                "attackers a round onto the wall walk. It burns.")),
        EscaladeRow(_("Grapnel and rope"), _("Hard Athletics"), grapnels, grapnels, 0, True,
                    _("Silent. One climber a round.")),
    )
    return Escalade(structure.id, structure.name, not breached, note, rows)
