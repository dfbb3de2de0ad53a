"""The speed device of the fire's spread (H9, ``burning._spread``): a minute's spread dice
read, rolled and told in bulk.

A minute of a town's fires rolls a die for every structure within 10 m of every fire out of
control, tens of thousands of them, nearly all misses. Told one by one (each target read,
its distance measured, its question and its line written as it is rolled) the spread costs
about half as much again as the whole of the rest of the minute. So:

- ``Town`` reads every structure once an advance and finds each fire's targets among the
  spatial index's pairs, as index positions;
- ``PairNames``, ``SpreadLabels`` and ``spread_lines`` make the targets' names, the dice's
  questions and the log's lines (with the distances) only when the log is read.

The figure that pays for it, against the spread written plainly, is in
docs/performance.md (run M). The rule itself (who rolls, for whom, what a 1 does) is
``burning._spread``'s; the log
reads exactly as if each die were rolled and told on its own (tests/rules/
test_spread_targets.py plays both).
"""

from __future__ import annotations

from itertools import chain
from operator import attrgetter
from typing import TYPE_CHECKING

import numpy

from siegeboard.rules.messages import _

if TYPE_CHECKING:
    from siegeboard.geometry.index import NeighbourPairs
    from siegeboard.rules.context import Context


_LEVEL_AND_DP = attrgetter("fire_level", "dp")


class Town:
    """What a spread asks of every structure of the siege, read once an advance: each one's
    fire level and DP as the advance began, the burning ones among them, and which could
    catch fire (not burning, DP above 0).

    Only fires change structures in an advance: one that could catch fire stays so until a
    spread lights it (``lit``), and none other becomes so (a fire grows while DP is above 0,
    burns down only at DP 0), so a spread finds its targets here without reading each
    neighbour again (a wild minute's sixty thousand pairs in a city). Their names are read
    when the log is (``PairNames``): a fire changes no name.
    """

    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.stone_rule_quoted = False  # H9 quoted once an advance (``burning._spread``)
        structures = ctx.siege.structures
        self.keys = list(structures)
        self._structures = list(structures.values())
        # One pass over the structures: reading them is what costs, not the numbers (and a
        # name read here, far from these two in a structure's fields, cost half as much).
        # (Read in C, straight into one array: a list of pairs cost two thirds more.)
        fields = numpy.fromiter(chain.from_iterable(map(_LEVEL_AND_DP, self._structures)),
                                dtype=numpy.int64, count=2 * len(self._structures))
        self._levels, self._dps = fields[0::2], fields[1::2]
        keys = self.keys
        self.burning = sorted([keys[at] for at in numpy.flatnonzero(self._levels).tolist()])
        self._eligible: numpy.ndarray | None = None  # by index position, made at first spread

    def _by_index(self) -> None:
        """The index's ids, the structures and the targets a fire can light, in index order."""
        index = self.ctx.index
        keys = self.keys
        eligible = (self._levels == 0) & (self._dps > 0)
        # (``fromiter``: ``numpy.array`` would take each model for a sequence of its fields.)
        structures = numpy.fromiter(self._structures, dtype=object, count=len(self._structures))
        if index.ids != keys:  # an index of its own order (or of other structures)
            where = {key: at for at, key in enumerate(keys)}
            order = numpy.asarray([where.get(key, -1) for key in index.ids], dtype=numpy.intp)
            held = order >= 0
            eligible = eligible[order] & held
            structures = numpy.where(held, structures[order], numpy.array(None, dtype=object))
        self._eligible = eligible
        self.by_index = structures
        self.ids = index.id_array()

    def targets_of(self, sources: list[str], distance_m: float) -> NeighbourPairs:
        """The neighbours within ``distance_m`` of each of ``sources`` that could catch fire
        now."""
        if self._eligible is None:
            self._by_index()
        return self.ctx.index.pairs_within(sources, distance_m, wanted=self._eligible)

    def lit(self, positions: numpy.ndarray) -> None:
        """The structures at these index positions caught fire: no target any more."""
        if self._eligible is not None:  # made by the spread that found these positions
            self._eligible[positions] = False


class PairNames:
    """The names of the targets of one spread's pairs, read from the structures as the
    advance began when first asked for (a recipe of the log's; not changed once made)."""

    __slots__ = ("structures", "targets", "_names")

    def __init__(self, structures: numpy.ndarray, targets: numpy.ndarray):
        self.structures = structures
        self.targets = targets
        self._names: list[str] | None = None

    def of(self, at: range | list[int]) -> list[str]:
        """The names of the pairs at ``at``."""
        names = self._names
        if names is None:
            names = self._names = [structure.name
                                   for structure in self.structures[self.targets].tolist()]
        return names[at.start:at.stop] if type(at) is range else [names[pair] for pair in at]


class SpreadLabels:
    """The labels of one fire's spread dice (``RecordingDice.roll_each``), made when read.
    (Not changed once made; a plain class: a frozen dataclass costs more to make than a
    source's whole batch of dice.)"""

    __slots__ = ("source", "names", "at")

    def __init__(self, source: str, names: PairNames, at: range | list[int]):
        self.source = source
        self.names = names
        self.at = at

    def __len__(self) -> int:
        return len(self.at)

    def each(self) -> list[str]:
        return [_("does the fire spread from {source} to {name}? (a 1 does)").format(
            source=self.source, name=name)
                for name in self.names.of(self.at)]

    def together(self) -> str:
        return (_("does the fire spread from {source} to {names}? (1D6 each, a 1 does)").format(
            source=self.source, names=", ".join(self.names.of(self.at))))


def spread_lines(turn: int, source_name: str, names: PairNames, pairs: NeighbourPairs,
                  at: range | list[int], dice: list[int]) -> list[str]:
    """The spread lines of a run of one fire's targets (``ctx.say_each``): ``at`` are their
    places among ``pairs``, whose names and distances are read when first asked for."""
    distances = pairs.distances()
    no_fire = _("Turn {turn}: fire spread from {source} to {name} ({distance:.1f} m): 1D6 = "
                "{die}, not 1: no fire")
    fire = _("Turn {turn}: fire spread from {source} to {name} ({distance:.1f} m): 1D6 = 1: it "
             "catches fire at level 1")
    return [(no_fire if die != 1 else fire).format(turn=turn, source=source_name, name=name,
                                                   distance=distances[pair], die=die)
            for name, pair, die in zip(names.of(at), at, dice, strict=True)]
