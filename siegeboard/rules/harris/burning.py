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
from typing import TYPE_CHECKING

from siegeboard.model.siege import TURNS_PER_MINUTE, Clock
from siegeboard.rules.harris import numbers as harris
from siegeboard.rules.harris.damage import lose_dp
from siegeboard.rules.harris.spread_batch import PairNames, SpreadLabels, Town, spread_lines
from siegeboard.rules.messages import _, ngettext

if TYPE_CHECKING:
    from siegeboard.model.structure import Structure
    from siegeboard.rules.context import Context

SPREAD_DISTANCE_M = 10.0
PROGRESS_TURNS = 120  # a long advance tells its progress every 10 minutes of siege time


def fire_after_ignition(structure: Structure, level: int) -> tuple[int, bool]:
    """H9: (fire level, out of control) of ``structure`` set alight at ``level``. A structure
    already burning keeps the higher level; a new fire is judged out of control afresh (level
    above a tenth of the original DP), one that was already out of control stays so."""
    before = structure.fire_level
    if before >= level:
        return before, structure.out_of_control
    wild = structure.out_of_control if before else False
    return level, wild or harris.out_of_control(level, structure.dp_original)


def ignite(ctx: Context, structure_id: str, level: int, *, cause: str) -> None:
    """Set the structure alight at ``level``: what ``fire_after_ignition`` says, explained."""
    now = ctx.current(structure_id)
    before = now.fire_level
    new_level, wild = fire_after_ignition(now, level)
    if new_level == before:
        ctx.say(_("{now} already burns at level {before}: it keeps the higher level").format(
            now=now.name, before=before))
        return
    structure = ctx.structure_scalars(structure_id)
    was_wild = structure.out_of_control if before else False
    structure.out_of_control = was_wild
    structure.fire_level = new_level  # above ``before``, so above 0
    ctx.event("ignited", structure_id, level=new_level, previous=before, cause=cause)
    if before:
        ctx.say(_("{structure}: fire level {before} -> {new_level} (the higher level is "
                  "kept)").format(
            structure=structure.name, before=before, new_level=new_level))
    if wild and not was_wild:
        _goes_out_of_control(ctx, structure_id)


def _light(ctx: Context, structure_id: str) -> None:
    """``ignite(ctx, structure_id, 1, cause="spread")`` of a structure that does not burn (a
    spread's target, thousands in a minute of a city's fires): the same changes, events and
    lines."""
    structure = ctx.structure_scalars(structure_id)
    structure.out_of_control = False
    structure.fire_level = 1
    ctx.event("ignited", structure_id, level=1, previous=0, cause="spread")
    _judge_out_of_control(ctx, structure_id, structure)


def check_out_of_control(ctx: Context, structure_id: str) -> None:
    """H9: mark the fire out of control once its level is above a tenth of the original DP."""
    _judge_out_of_control(ctx, structure_id, ctx.current(structure_id))


def _judge_out_of_control(ctx: Context, structure_id: str, structure: Structure) -> None:
    """``check_out_of_control`` of ``structure``, the structure as the action has left it."""
    if structure.out_of_control or structure.fire_level == 0:
        return
    if harris.out_of_control(structure.fire_level, structure.dp_original):
        _goes_out_of_control(ctx, structure_id)


def _goes_out_of_control(ctx: Context, structure_id: str) -> None:
    """H9: the fire's level is above a tenth of the original DP: out of control, told."""
    structure = ctx.structure_scalars(structure_id)
    structure.out_of_control = True
    ctx.say(_("{structure}: fire level {fire_level} is above {dp_original} / 10: out of "
              "control, it can no longer be put out and it spreads").format(
        structure=structure.name, fire_level=structure.fire_level,
        dp_original=structure.dp_original))
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

    def __init__(self, ctx: Context):
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
            pace = (_("+1 each turn, wooden") if harris.is_wooden(structure)
                    else _("+1 each minute"))
            self.ctx.say(_("{turns}: {name} fire grows {start_level} -> {level} ({pace})").format(
                turns=_turns(run), name=name, start_level=run.start_level,
                level=run.level, pace=pace))
            self.ctx.event("fire_grew", structure_id, level=run.level, previous=run.start_level,
                           first_turn=run.first_turn, last_turn=run.last_turn)
        if burned_down is not None:
            run = burned_down
            self.ctx.say(_("{turns}: {name} at DP 0 burns itself out: fire level "
                           "{start_level} -> {level} (-1 each turn)").format(
                turns=_turns(run), name=name, start_level=run.start_level,
                level=run.level))
            self.ctx.event("fire_burning_out", structure_id, level=run.level,
                           previous=run.start_level, first_turn=run.first_turn,
                           last_turn=run.last_turn)

    def flush_all(self) -> None:
        for structure_id in sorted(set(self.grow) | set(self.burn_down)):
            self.flush(structure_id)


def _turns(run: _Run) -> str:
    if run.first_turn == run.last_turn:
        return _("Turn {first_turn}").format(first_turn=run.first_turn)
    return _("Turns {first_turn}-{last_turn}").format(
        first_turn=run.first_turn, last_turn=run.last_turn)


@dataclass(slots=True)
class _Fires:
    """The burning structures of an advance (sorted ids), as the turn finds them: ``live``
    (DP above 0) grow, ``wooden`` among them also each turn, ``dead`` (DP 0) burn out."""

    burning: list[str]
    live: list[str]
    wooden: list[str]
    dead: list[str]


def _fires(ctx: Context, burning: list[str]) -> _Fires:
    live, wooden, dead = [], [], []
    for structure_id in burning:
        structure = ctx.current(structure_id)
        if structure.dp == 0:
            dead.append(structure_id)
        else:
            live.append(structure_id)
            if harris.is_wooden(structure):
                wooden.append(structure_id)
    return _Fires(burning, live, wooden, dead)


def advance(ctx: Context, turns: int) -> None:
    """H9, H10: run the clock ``turns`` turns forward and every fire with it; sets the clock."""
    start = ctx.get("clock").turn
    end = start + turns
    every_turn = ctx.options.burn_damage_every == "turn"
    ctx.say((ngettext("Clock: turn {start} -> {end} ({turns} turn of 5 s); burning damage each "
                      "turn",
                      "Clock: turn {start} -> {end} ({turns} turns of 5 s); burning damage each "
                      "turn", turns) if every_turn else
             ngettext("Clock: turn {start} -> {end} ({turns} turn of 5 s); burning damage each "
                      "minute",
                      "Clock: turn {start} -> {end} ({turns} turns of 5 s); burning damage each "
                      "minute", turns)).format(start=start, end=end, turns=turns))
    town = Town(ctx)
    burning = town.burning
    if not burning:
        ctx.say(_("No fire burns: nothing else happens"))
    steps = _Steps(ctx)
    fires = _fires(ctx, burning)
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
                fires = _turns_within_a_minute(ctx, steps, fires, turn, last)
                turn = last
                continue
        _grow(ctx, steps, fires.live if minute_ends else fires.wooden, turn)
        if (every_turn or minute_ends) and _burn(ctx, steps, fires.live, turn):
            fires = _fires(ctx, fires.burning)
        lit = _spread(ctx, steps, town, fires.burning, turn) if minute_ends else []
        fires = _burn_out(ctx, steps, fires, turn)
        if lit and turn < end:  # the fires just lit burn from the next turn on
            fires = _fires(ctx, sorted(fires.burning + lit))
    steps.flush_all()
    ctx.report(turns, turns)
    ctx.set("clock", Clock(turn=end))


def _quiet_minutes(ctx: Context, live: list[str], boundary: int, end: int) -> int:
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


def _grow_minutes(ctx: Context, steps: _Steps, live: list[str], boundary: int,
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
        structure.fire_level = before + grown
        steps.step(steps.grow, structure_id, before, before + grown, first)
        steps.grow[structure_id].last_turn = last


def _turns_within_a_minute(ctx: Context, steps: _Steps, fires: _Fires, first: int,
                           last: int) -> _Fires:
    """Turns ``first`` to ``last``, none of them the end of a minute, burning damage each
    minute: wooden fires grow +1 a turn and fires at DP 0 burn themselves out, turn by turn
    as ``advance`` plays them. A wooden fire out of control only grows on these turns (it
    says nothing, and nothing else touches it before the minute ends), so its turns are
    taken at once: the same level and the same told run (a wild minute's wooden fires
    visited once instead of eleven times)."""
    current = ctx.current
    wild: list[str] = []
    tame: list[str] = []
    for structure_id in fires.wooden:
        (wild if current(structure_id).out_of_control else tame).append(structure_id)
    runs = steps.grow
    grown = last - first + 1
    for structure_id in wild:
        structure = ctx.structure_scalars(structure_id)
        before = structure.fire_level
        structure.fire_level = before + grown
        run = runs.get(structure_id)
        if run is None:
            runs[structure_id] = _Run(before, before + grown, first, last)
        else:
            run.level, run.last_turn = before + grown, last
    for turn in range(first, last + 1):
        _grow(ctx, steps, tame, turn)
        fires = _burn_out(ctx, steps, fires, turn)
    return fires


def _grow(ctx: Context, steps: _Steps, growing: list[str], turn: int) -> None:
    """One step of growth for each of ``growing`` (burning, DP above 0, due this turn)."""
    runs = steps.grow
    for structure_id in growing:
        structure = ctx.structure_scalars(structure_id)
        before = structure.fire_level
        structure.fire_level = before + 1
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


def _burn(ctx: Context, steps: _Steps, live: list[str], turn: int) -> bool:
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
                       _("turn {turn}: out-of-control fire at level {level} burns {level} "
                         "DP").format(turn=turn, level=level))
        dp = current(structure_id).dp
        ctx.event("fire_damage", structure_id, level=level, dp_lost=lost, dp=dp)
        reached_zero = reached_zero or dp == 0
    return reached_zero


def _spread(ctx: Context, steps: _Steps, town: Town, burning: list[str],
            turn: int) -> list[str]:
    """H9: each out-of-control fire rolls 1D6 for each structure within 10 m of it (footprint
    to footprint, from the spatial index) that is not burning and has DP left: a 1 lights it
    at level 1. A structure lit by one fire is no target of the next. Returns the newly lit
    ids (they spread from the next minute).

    The targets, the dice's questions and the lines are found and told in bulk by the speed
    device ``spread_batch``; the log reads as if each die were rolled and told on its own."""
    lit: list[str] = []
    current = ctx.current
    # Spreading never changes which fires are out of control (it lights only structures
    # that are not burning), so every source's neighbours can be found in one query: those
    # that could catch fire as the spread begins. A fire lit by this spread is no target of
    # the sources after its own (``lit_now``).
    sources = [key for key in burning if current(key).out_of_control]
    if not sources:
        return lit
    pairs = town.targets_of(sources, SPREAD_DISTANCE_M)
    ids = town.ids[pairs.targets].tolist()
    names = PairNames(town.by_index, pairs.targets)
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
        dice = roll_each(6, SpreadLabels(source_name, names, at))
        # The lines are kept as runs of targets (one record each, its text made when the
        # log is read), cut after each lit neighbour (its ignition may speak). A target has
        # no steps of its own pending: it has not burned in this advance (``Town``).
        told = 0  # the lines of the targets before ``told`` are said
        if 1 in dice:
            for index in [index for index, die in enumerate(dice) if die == 1]:
                neighbour_id = keys[index]
                say_each(index + 1 - told, spread_lines, turn, source_name, names, pairs,
                         at[told:index + 1], dice[told:index + 1])
                told = index + 1
                ctx.event("spread", neighbour_id, source=source_id, turn=turn)
                _light(ctx, neighbour_id)  # a target does not burn (``Town``)
                if not town.stone_rule_quoted and not harris.is_wooden(current(neighbour_id)):
                    town.stone_rule_quoted = True
                    ctx.say(_stone_spread_line(turn, current(neighbour_id).name))
                lit.append(neighbour_id)
                lit_now.add(neighbour_id)
                lit_pairs.append(at[index])
        if told < len(keys):
            say_each(len(keys) - told, spread_lines, turn, source_name, names, pairs,
                     at[told:], dice[told:])
    if lit_pairs:
        town.lit(pairs.targets[lit_pairs])
    return lit


def _stone_spread_line(turn: int, name: str) -> str:
    """Why a structure that is not wooden caught fire by spread: the rule, quoted (H9), so
    the GM can answer the players who ask how a stone wall burns."""
    return (_("Turn {turn}: {name} is not wooden, yet it catches: H9 \"Spread: each "
              "minute, for each structure within 10 m of an out-of-control fire and not "
              "yet burning, roll 1D6 for each such fire: a 1 sets it alight at level 1\" "
              "(its fittings, floors and roof burn). It grows +1 a minute, and once out of "
              "control (level above a tenth of its original DP) it loses DP equal to its "
              "level each minute.").format(turn=turn, name=name))


def _burn_out(ctx: Context, steps: _Steps, fires: _Fires, turn: int) -> _Fires:
    """-1 a turn for each fire at DP 0; a fire reaching 0 leaves the fires returned."""
    out = []
    for structure_id in fires.dead:
        structure = ctx.structure_scalars(structure_id)
        before = structure.fire_level
        structure.fire_level = before - 1  # it burns: ``before`` is 1 or more
        steps.step(steps.burn_down, structure_id, before, before - 1, turn)
        if structure.fire_level > 0:
            continue
        structure.out_of_control = False
        steps.flush(structure_id)
        ctx.say(_("Turn {turn}: {structure}'s fire has burned out").format(
            turn=turn, structure=structure.name))
        ctx.event("burned_out", structure_id, turn=turn)
        out.append(structure_id)
    if not out:
        return fires
    return _fires(ctx, [key for key in fires.burning if key not in out])
