"""Fire in the DP ruleset (H9, H10): ignition, growth, out of control, burning damage,
spread and burn-out, as the clock advances.

A structure burns while ``fire_level > 0``. ``out_of_control`` is set when the level rises
above a tenth of the original DP and stays set until the fire burns out (it cannot be put
out, and it spreads even while burning itself out). A structure at DP 0 does not catch
fire: the rubble is gone and there is nothing left to burn.

Each turn of an advance runs, in order: growth, burning damage, spread, burn-out. Growth
is +1 a turn for wooden structures (wood, wattle) and +1 a minute for others; burning
damage (``options.burn_damage_every``, default each minute) removes DP equal to the level
from every out-of-control fire; spread is rolled each minute; burn-out is -1 a turn at
DP 0. Minutes end on turns that are multiples of 12: fires grow at the clock's minute
boundaries (turn 12, 24, ...), all together, not a minute after each one started (H9).
Only burning structures are visited, and neighbours come from the spatial index, so a long
advance costs little.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain
from operator import attrgetter
from typing import TYPE_CHECKING

import numpy

from siegeboard.model.siege import TURNS_PER_MINUTE, Clock
from siegeboard.rules.harris import numbers as harris
from siegeboard.rules.context import set_valid
from siegeboard.rules.harris.damage import lose_dp
from siegeboard.rules.titles import the

if TYPE_CHECKING:
    from siegeboard.geometry.index import NeighbourPairs
    from siegeboard.model.structure import Structure
    from siegeboard.rules.context import Context

SPREAD_DISTANCE_M = 10.0
PROGRESS_TURNS = 120  # a long advance tells its progress every 10 minutes of siege time
IGNITION_TARGET = 6


def ignition_roll(ctx: "Context", structure_id: str, *, incendiary: bool, penetration: int,
                  armor: int) -> bool:
    """H9: a hit by an explosive or incendiary round: 1D6 (+1 incendiary), 6 or more sets the
    structure alight at level max(1, penetration - AV). Returns whether it caught fire.

    ``armor`` is the AV the hit met. A structure at DP 0 is not rolled for.
    """
    structure = ctx.current(structure_id)
    if structure.dp == 0:
        ctx.say(f"{structure.name}: nothing left to burn at DP 0, no fire roll")
        return False
    (die,) = ctx.roll(1, 6, f"does {the(structure.name)} catch fire? (6 or more"
                         + (" with +1 incendiary" if incendiary else "") + " sets it alight)")
    total = die + (1 if incendiary else 0)
    shown = f"1D6 = {die} + 1 incendiary = {total}" if incendiary else f"1D6 = {die}"
    if total < IGNITION_TARGET:
        ctx.say(f"Fire roll: {shown}, below {IGNITION_TARGET}: no fire")
        return False
    level = harris.fire_level_on_ignition(penetration, armor)
    ctx.say(f"Fire roll: {shown}: {structure.name} catches fire at level "
            f"max(1, {penetration} - {armor}) = {level}")
    ignite(ctx, structure_id, level, cause="hit")
    return True


def ignite(ctx: "Context", structure_id: str, level: int, *, cause: str) -> None:
    """Set the structure alight at ``level``; a structure already burning keeps the higher
    level (H9). A new fire's out-of-control state is judged afresh."""
    now = ctx.current(structure_id)
    before = now.fire_level
    if before >= level:
        ctx.say(f"{now.name} already burns at level {before}: it keeps the higher level")
        return
    structure = ctx.structure_scalars(structure_id)
    if before == 0:
        set_valid(structure, "out_of_control", False)
    set_valid(structure, "fire_level", level)  # above ``before``, so above 0
    ctx.event("ignited", structure_id, level=level, previous=before, cause=cause)
    if before:
        ctx.say(f"{structure.name}: fire level {before} -> {level} (the higher level is kept)")
    _judge_out_of_control(ctx, structure_id, structure)


def _light(ctx: "Context", structure_id: str) -> None:
    """``ignite(ctx, structure_id, 1, cause="spread")`` of a structure that does not burn (a
    spread's target, thousands in a minute of a city's fires): the same changes, events and
    lines."""
    structure = ctx.structure_scalars(structure_id)
    set_valid(structure, "out_of_control", False)
    set_valid(structure, "fire_level", 1)
    ctx.event("ignited", structure_id, level=1, previous=0, cause="spread")
    _judge_out_of_control(ctx, structure_id, structure)


def check_out_of_control(ctx: "Context", structure_id: str) -> None:
    """H9: mark the fire out of control once its level is above a tenth of the original DP."""
    _judge_out_of_control(ctx, structure_id, ctx.current(structure_id))


def _judge_out_of_control(ctx: "Context", structure_id: str, structure: "Structure") -> None:
    """``check_out_of_control`` of ``structure``, the structure as the action has left it."""
    if structure.out_of_control or structure.fire_level == 0:
        return
    if harris.out_of_control(structure.fire_level, structure.dp_original):
        structure = ctx.structure_scalars(structure_id)
        set_valid(structure, "out_of_control", True)
        ctx.say(f"{structure.name}: fire level {structure.fire_level} is above "
                f"{structure.dp_original} / 10: out of control, it can no longer be put out "
                f"and it spreads")
        ctx.event("out_of_control", structure_id, level=structure.fire_level)


@dataclass(slots=True)
class _Run:
    """Consecutive one-level steps of one fire, told as one line and one event."""

    start_level: int
    level: int
    first_turn: int
    last_turn: int


class _Steps:
    """Gathers growth and burn-down steps so a long advance reads as a few lines.

    A structure's pending steps are told before anything else is said about it, so the
    explanation stays in order for each structure.
    """

    def __init__(self, ctx: "Context"):
        self.ctx = ctx
        self.grow: dict[str, _Run] = {}
        self.burn_down: dict[str, _Run] = {}

    @staticmethod
    def step(runs: dict[str, _Run], structure_id: str, before: int, after: int,
             turn: int) -> None:
        run = runs.get(structure_id)
        if run is None:
            runs[structure_id] = _Run(before, after, turn, turn)
        else:
            run.level, run.last_turn = after, turn

    def flush(self, structure_id: str) -> None:
        grown = self.grow.pop(structure_id, None)
        burned_down = self.burn_down.pop(structure_id, None)
        if grown is None and burned_down is None:
            return
        structure = self.ctx.current(structure_id)
        name = structure.name
        if grown is not None:
            run = grown
            pace = "+1 each turn, wooden" if harris.is_wooden(structure) else "+1 each minute"
            self.ctx.say(f"{_turns(run)}: {name} fire grows {run.start_level} -> {run.level} "
                         f"({pace})")
            self.ctx.event("fire_grew", structure_id, level=run.level, previous=run.start_level,
                           first_turn=run.first_turn, last_turn=run.last_turn)
        if burned_down is not None:
            run = burned_down
            self.ctx.say(f"{_turns(run)}: {name} at DP 0 burns itself out: fire level "
                         f"{run.start_level} -> {run.level} (-1 each turn)")
            self.ctx.event("fire_burning_out", structure_id, level=run.level,
                           previous=run.start_level, first_turn=run.first_turn,
                           last_turn=run.last_turn)

    def flush_all(self) -> None:
        for structure_id in sorted(set(self.grow) | set(self.burn_down)):
            self.flush(structure_id)


def _turns(run: _Run) -> str:
    if run.first_turn == run.last_turn:
        return f"Turn {run.first_turn}"
    return f"Turns {run.first_turn}-{run.last_turn}"


class _Fires:
    """The burning structures (sorted ids), split by what each turn does to them.

    ``live`` (DP above 0) grow each minute, ``wooden`` (live and wooden) also each turn, and
    ``dead`` (DP 0) burn themselves out each turn. A structure moves between these only when
    its DP drops (burning damage) or when it lights or burns out, so the split is redone
    then, not every turn: a turn visits only the fires that change on it.

    Fires lit by spreading (``light``) are live, since a structure at DP 0 does not catch
    fire: ``dead`` stays right, and ``burning``, ``live`` and ``wooden`` are made again only
    when next asked for. Spread comes last in a minute, so after the last minute of an
    advance they never are (in a one-minute advance that split cost as much as all the
    others).
    """

    def __init__(self, ctx: "Context", burning: list[str]):
        self.ctx = ctx
        self.burning = burning
        self.regroup()

    @property
    def burning(self) -> list[str]:
        if self._lit:
            self._burning = sorted(set(self._burning) | set(self._lit))
            self._lit = []
        return self._burning

    @burning.setter
    def burning(self, burning: list[str]) -> None:
        self._burning = burning
        self._lit: list[str] = []

    @property
    def live(self) -> list[str]:
        if self._lit_since_split:
            self.regroup()
        return self._live

    @property
    def wooden(self) -> list[str]:
        if self._lit_since_split:
            self.regroup()
        return self._wooden

    def light(self, lit: list[str]) -> None:
        """Add fires just lit (at DP above 0) to ``burning``."""
        self._lit = self._lit + lit
        self._lit_since_split = True

    def regroup(self) -> None:
        current = self.ctx.current
        self._live: list[str] = []
        self._wooden: list[str] = []
        self.dead: list[str] = []
        for structure_id in self.burning:
            structure = current(structure_id)
            if structure.dp == 0:
                self.dead.append(structure_id)
            else:
                self._live.append(structure_id)
                if harris.is_wooden(structure):
                    self._wooden.append(structure_id)
        self._lit_since_split = False


def advance(ctx: "Context", turns: int) -> None:
    """H9, H10: run the clock ``turns`` turns forward and every fire with it; sets the clock."""
    start = ctx.get("clock").turn
    end = start + turns
    every_turn = ctx.options.burn_damage_every == "turn"
    ctx.say(f"Clock: turn {start} -> {end} ({turns} turn{'s' if turns != 1 else ''} of 5 s); "
            f"burning damage each {'turn' if every_turn else 'minute'}")
    town = _Town(ctx)
    burning = town.burning
    if not burning:
        ctx.say("No fire burns: nothing else happens")
    steps = _Steps(ctx)
    fires = _Fires(ctx, burning)
    turn = start
    while turn < end and fires.burning:
        wooden = bool(fires.wooden)
        if not every_turn and not fires.dead and (not wooden or turn % TURNS_PER_MINUTE == 0):
            # While no fire is out of control (no burning damage, no spread) and none is at
            # DP 0 (-1 a turn), fires only grow: whole minutes are taken at once, wooden
            # fires +12 a minute, the others +1 (A14: a day is 17,280 turns, a month of
            # clock half a million). Between minute boundaries nothing at all happens to
            # fires that are not wooden: go straight to the next boundary.
            boundary = (turn // TURNS_PER_MINUTE + 1) * TURNS_PER_MINUTE
            if boundary > end and not wooden:
                break
            minutes = _quiet_minutes(ctx, fires.live, boundary, end) if boundary <= end else 0
            if minutes:
                _grow_minutes(ctx, steps, fires.live, boundary, minutes)
                turn = boundary + TURNS_PER_MINUTE * (minutes - 1)
                ctx.report(turn - start, turns)
                continue
            if not wooden:
                turn = boundary - 1
        turn += 1
        minute_ends = turn % TURNS_PER_MINUTE == 0
        if minute_ends and turn % PROGRESS_TURNS == 0:
            ctx.report(turn - start, turns)
        if not minute_ends and not every_turn:
            last = min((turn // TURNS_PER_MINUTE + 1) * TURNS_PER_MINUTE - 1, end)
            if last > turn:
                _turns_within_a_minute(ctx, steps, fires, turn, last)
                turn = last
                continue
        _grow(ctx, steps, fires.live if minute_ends else fires.wooden, turn)
        if every_turn or minute_ends:
            if _burn(ctx, steps, fires.live, turn):
                fires.regroup()
        if minute_ends:
            lit = _spread(ctx, steps, town, fires.burning, turn)
            if lit:
                fires.light(lit)
        _burn_out(ctx, steps, fires, turn)
    steps.flush_all()
    ctx.report(turns, turns)
    ctx.set("clock", Clock(turn=end))


def _quiet_minutes(ctx: "Context", live: list[str], boundary: int, end: int) -> int:
    """How many minute boundaries from ``boundary`` on can be taken at once: while no fire
    is out of control (no burning damage, no spread) each just grows +1 a minute, up to the
    minute before the first one would go out of control (H9: level above DP / 10). At most
    ten minutes at a time, so that a long advance still tells its progress; 0 when the next
    boundary must be played out turn by turn."""
    current = ctx.current
    room = min((end - boundary) // TURNS_PER_MINUTE + 1, PROGRESS_TURNS // TURNS_PER_MINUTE)
    for structure_id in live:
        structure = current(structure_id)
        if structure.out_of_control:
            return 0
        # Out of control once 10 x level > DP, at level DP // 10 + 1: stay at or below DP // 10.
        headroom = structure.dp_original // 10 - structure.fire_level
        room = min(room, headroom // TURNS_PER_MINUTE if harris.is_wooden(structure)
                   else headroom)
        if room <= 0:
            return 0
    return room


def _grow_minutes(ctx: "Context", steps: _Steps, live: list[str], boundary: int,
                  minutes: int) -> None:
    """``minutes`` minutes' growth of each fire of ``live`` at once (``_quiet_minutes`` says
    none goes out of control): the same levels and the same told runs as turn by turn. With
    wooden fires among them the span starts on a minute boundary."""
    last = boundary + TURNS_PER_MINUTE * (minutes - 1)
    for structure_id in live:
        structure = ctx.structure_scalars(structure_id)
        before = structure.fire_level
        if harris.is_wooden(structure):  # +1 on every turn (``boundary`` is a minute away)
            grown, first = TURNS_PER_MINUTE * minutes, boundary - TURNS_PER_MINUTE + 1
        else:  # +1 at each minute boundary
            grown, first = minutes, boundary
        set_valid(structure, "fire_level", before + grown)
        steps.step(steps.grow, structure_id, before, before + grown, first)
        steps.grow[structure_id].last_turn = last


def _turns_within_a_minute(ctx: "Context", steps: _Steps, fires: _Fires, first: int,
                           last: int) -> None:
    """Turns ``first`` to ``last``, none of them the end of a minute, burning damage each
    minute: wooden fires grow +1 a turn and fires at DP 0 burn themselves out, turn by turn
    as ``advance`` plays them. A wooden fire out of control only grows on these turns (it
    says nothing, and nothing else touches it before the minute ends), so its turns are
    taken at once: the same level and the same told run (a wild minute's wooden fires
    visited once instead of eleven times)."""
    current = ctx.current
    wild, tame = [], []
    for structure_id in fires.wooden:
        (wild if current(structure_id).out_of_control else tame).append(structure_id)
    runs = steps.grow
    grown = last - first + 1
    for structure_id in wild:
        structure = ctx.structure_scalars(structure_id)
        before = structure.fire_level
        set_valid(structure, "fire_level", before + grown)
        run = runs.get(structure_id)
        if run is None:
            runs[structure_id] = _Run(before, before + grown, first, last)
        else:
            run.level, run.last_turn = before + grown, last
    for turn in range(first, last + 1):
        _grow(ctx, steps, tame, turn)
        _burn_out(ctx, steps, fires, turn)


def _grow(ctx: "Context", steps: _Steps, growing: list[str], turn: int) -> None:
    """One step of growth for each of ``growing`` (burning, DP above 0, due this turn)."""
    runs = steps.grow
    for structure_id in growing:
        structure = ctx.structure_scalars(structure_id)
        before = structure.fire_level
        set_valid(structure, "fire_level", before + 1)
        # ``_Steps.step`` inlined: this runs for every wooden fire on every turn.
        run = runs.get(structure_id)
        if run is None:
            runs[structure_id] = _Run(before, before + 1, turn, turn)
        else:
            run.level, run.last_turn = before + 1, turn
        if not structure.out_of_control and harris.out_of_control(structure.fire_level,
                                                                  structure.dp_original):
            steps.flush(structure_id)
            check_out_of_control(ctx, structure_id)


def _burn(ctx: "Context", steps: _Steps, live: list[str], turn: int) -> bool:
    """Burning damage to every out-of-control fire of ``live``; whether one reached DP 0."""
    current = ctx.current
    reached_zero = False
    for structure_id in live:
        structure = current(structure_id)
        if not structure.out_of_control or structure.dp == 0:
            continue
        steps.flush(structure_id)
        level = structure.fire_level
        lost = lose_dp(ctx, structure_id, level,
                       f"turn {turn}: out-of-control fire at level {level} burns {level} DP")
        dp = current(structure_id).dp
        ctx.event("fire_damage", structure_id, level=level, dp_lost=lost, dp=dp)
        reached_zero = reached_zero or dp == 0
    return reached_zero


_LEVEL_AND_DP = attrgetter("fire_level", "dp")


class _Town:
    """What a spread asks of every structure of the siege, read once an advance: each one's
    fire level and DP as the advance began, the burning ones among them, and which could
    catch fire (not burning, DP above 0).

    Only fires change structures in an advance: one that could catch fire stays so until a
    spread lights it (``lit``), and none other becomes so (a fire grows while DP is above 0,
    burns down only at DP 0), so a spread finds its targets here without reading each
    neighbour again (a wild minute's sixty thousand pairs in a city). Their names are read
    when the log is (``_PairNames``): a fire changes no name.
    """

    def __init__(self, ctx: "Context"):
        self.ctx = ctx
        self.stone_rule_quoted = False  # H9's spread rule is quoted once an advance
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
            structures = numpy.where(held, structures[order], None)
        self._eligible = eligible
        self.by_index = structures
        self.ids = index.id_array()

    def targets_of(self, sources: list[str]) -> "NeighbourPairs":
        """The neighbours within 10 m of each of ``sources`` that could catch fire now."""
        if self._eligible is None:
            self._by_index()
        return self.ctx.index.pairs_within(sources, SPREAD_DISTANCE_M, wanted=self._eligible)

    def lit(self, positions: numpy.ndarray) -> None:
        """The structures at these index positions caught fire: no target any more."""
        self._eligible[positions] = False


class _PairNames:
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


def _spread(ctx: "Context", steps: _Steps, town: _Town, burning: list[str],
            turn: int) -> list[str]:
    """Each out-of-control fire rolls 1D6 for each structure within 10 m that is not burning;
    a 1 lights it at level 1. Returns the newly lit ids (they spread from the next minute)."""
    lit: list[str] = []
    current = ctx.current
    # Spreading never changes which fires are out of control (it lights only structures
    # that are not burning), so every source's neighbours can be found in one query: those
    # that could catch fire as the spread begins. A fire lit by this spread is no target of
    # the sources after its own (``lit_now``).
    sources = [key for key in burning if current(key).out_of_control]
    if not sources:
        return lit
    pairs = town.targets_of(sources)
    ids = town.ids[pairs.targets].tolist()
    names = _PairNames(town.by_index, pairs.targets)
    starts = pairs.starts
    lit_now: set[str] = set()
    lit_pairs: list[int] = []
    roll_each, say_each = ctx.dice.roll_each, ctx.say_each
    for number, source_id in enumerate(sources):
        start, end = starts[number], starts[number + 1]
        if start == end:
            continue
        # The places among ``pairs`` of this source's targets (their names and distances
        # are read when the log is); its targets are known before its dice are rolled,
        # since lighting one neighbour changes no other: one roll each, in order, as if
        # rolled one by one.
        at: range | list[int] = range(start, end)
        keys = ids[start:end]
        if lit_now and not lit_now.isdisjoint(keys):
            at = [pair for pair in at if ids[pair] not in lit_now]
            if not at:
                continue
            keys = [ids[pair] for pair in at]
        source_name = current(source_id).name
        dice = roll_each(6, _SpreadLabels(source_name, names, at))
        # The lines are kept as runs of targets (one record each, its text made when the
        # log is read), cut where something else is said: before a lit neighbour's pending
        # steps, and after each lit neighbour (its ignition may speak).
        told = 0  # the lines of the targets before ``told`` are said
        if 1 in dice:
            for index in [index for index, die in enumerate(dice) if die == 1]:
                neighbour_id = keys[index]
                if neighbour_id in steps.grow or neighbour_id in steps.burn_down:
                    if told < index:
                        say_each(index - told, _spread_lines, turn, source_name, names, pairs,
                                 at[told:index], dice[told:index])
                    told = index
                    steps.flush(neighbour_id)
                say_each(index + 1 - told, _spread_lines, turn, source_name, names, pairs,
                         at[told:index + 1], dice[told:index + 1])
                told = index + 1
                ctx.event("spread", neighbour_id, source=source_id, turn=turn)
                _light(ctx, neighbour_id)  # a target does not burn (``_Town``)
                if not town.stone_rule_quoted and not harris.is_wooden(current(neighbour_id)):
                    town.stone_rule_quoted = True
                    ctx.say(_stone_spread_line(turn, current(neighbour_id).name))
                lit.append(neighbour_id)
                lit_now.add(neighbour_id)
                lit_pairs.append(at[index])
        if told < len(keys):
            say_each(len(keys) - told, _spread_lines, turn, source_name, names, pairs,
                     at[told:], dice[told:])
    if lit_pairs:
        town.lit(pairs.targets[lit_pairs])
    return lit


class _SpreadLabels:
    """The labels of one fire's spread dice (``RecordingDice.roll_each``), made when read.
    (Not changed once made; a plain class: a frozen dataclass costs more to make than a
    source's whole batch of dice.)"""

    __slots__ = ("source", "names", "at")

    def __init__(self, source: str, names: _PairNames, at: range | list[int]):
        self.source = source
        self.names = names
        self.at = at

    def __len__(self) -> int:
        return len(self.at)

    def each(self) -> list[str]:
        return [f"does the fire spread from {self.source} to {name}? (a 1 does)"
                for name in self.names.of(self.at)]

    def together(self) -> str:
        return (f"does the fire spread from {self.source} to "
                f"{', '.join(self.names.of(self.at))}? (1D6 each, a 1 does)")


def _stone_spread_line(turn: int, name: str) -> str:
    """Why a structure that is not wooden caught fire by spread: the rule, quoted (H9), so
    the GM can answer the players who ask how a stone wall burns."""
    return (f"Turn {turn}: {name} is not wooden, yet it catches: H9 \"Spread: each minute, "
            "for each structure within 10 m of an out-of-control fire and not yet burning, "
            "roll 1D6 for each such fire: a 1 sets it alight at level 1\" (its fittings, "
            "floors and roof burn). It grows +1 a minute, and once out of control (level "
            "above a tenth of its original DP) it loses DP equal to its level each minute.")


def _spread_lines(turn: int, source_name: str, names: _PairNames, pairs: "NeighbourPairs",
                  at: range | list[int], dice: list[int]) -> list[str]:
    """The spread lines of a run of one fire's targets (``ctx.say_each``): ``at`` are their
    places among ``pairs``, whose names and distances are read when first asked for."""
    head = f"Turn {turn}: fire spread from {source_name} to "
    distances = pairs.distances()
    return [f"{head}{name} ({distances[pair]:.1f} m): 1D6 = {die}, not 1: no fire" if die != 1
            else f"{head}{name} ({distances[pair]:.1f} m): 1D6 = 1: it catches fire at level 1"
            for name, pair, die in zip(names.of(at), at, dice)]


def _burn_out(ctx: "Context", steps: _Steps, fires: _Fires, turn: int) -> None:
    """-1 a turn for each fire at DP 0; a fire reaching 0 leaves ``fires``."""
    out = []
    for structure_id in fires.dead:
        structure = ctx.structure_scalars(structure_id)
        before = structure.fire_level
        set_valid(structure, "fire_level", before - 1)  # it burns: ``before`` is 1 or more
        steps.step(steps.burn_down, structure_id, before, before - 1, turn)
        if structure.fire_level > 0:
            continue
        set_valid(structure, "out_of_control", False)
        steps.flush(structure_id)
        ctx.say(f"Turn {turn}: {structure.name}'s fire has burned out")
        ctx.event("burned_out", structure_id, turn=turn)
        out.append(structure_id)
    if out:
        gone = set(out)
        fires.burning = [key for key in fires.burning if key not in gone]
        fires.dead = [key for key in fires.dead if key not in gone]
