"""How many rounds bring a structure down under the DP ruleset: a vectorised model, the
speed device of the odds' rounds to fall and bombardment.

Why a device: the odds ask for thousands of trials while the GM aims, and the engine plays
one trial (a shot and a minute of the clock, round after round) at the cost of a whole
action each time; this model plays all the trials at once (the figure that pays for it is in
docs/performance.md, run M). Enumerating the dice through the engine's functions
instead grows with every round (2D6, the small arm's 1D20 and the fire's 1D6 a hit, then the
spread's dice of each minute). What the model does not take from the rule functions it
restates as their integer comparisons, and tests/rules/test_odds_rounds.py plays the same
sieges through the engine and compares.

Many sieges are played at once (numpy arrays: structures x trials), each the target of one
or more batteries and the structures around it: those in a burst's reach (concussion) and
those within 10 m of a target (fire spreads both ways). Each round every battery fires one
hit; then the clock runs ``interval_turns`` turns: fires grow, burn, spread and burn out
(H9, H10), so a burning target keeps losing DP between hits.

The hit is the shot rule itself (``harris.shot``), tabulated once per shot: for each 2D6 sum
(``shot.final_penetration``) and each state the target can be in (intact, rubble, cleared),
``shot.hit_effect`` gives the attack value with the small arm's 1D20 not 1 and 1, and the AV
the fire's level is taken against (``numbers.fire_level_on_ignition``); the fire's faces are
``shot.catches_fire``'s and the concussion each structure takes ``shot.blast_reach``'s. Collapse,
clearing and out of control are the same integer comparisons as ``numbers.collapses`` and
``numbers.out_of_control``. The tests play the same siege through the engine and compare.

Left out (stated, small): fires spreading onto a structure from outside the model (from a
burning structure more than 10 m from every target), and the people inside (the rounds do
not depend on them).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy

from siegeboard.geometry.index import StructureIndex
from siegeboard.model.siege import TURNS_PER_MINUTE, Siege
from siegeboard.model.structure import Structure
from siegeboard.rules.chances import RoundsOdds, ShotSpec, sampling_error
from siegeboard.rules.harris import numbers as harris
from siegeboard.rules.harris.burning import SPREAD_DISTANCE_M
from siegeboard.rules.harris.shot import (
    CALIBRE_DICE,
    FIRE_DIE,
    SMALL_ARM_DIE,
    blast_reach,
    catches_fire,
    final_penetration,
    hit_effect,
)

CALIBRE_SUMS = numpy.arange(CALIBRE_DICE[0], CALIBRE_DICE[0] * CALIBRE_DICE[1] + 1)


@dataclass
class Battery:
    """One battery's hits in the model: its shot, and the structure its round strikes."""

    spec: ShotSpec
    target_id: str | None


@dataclass
class _Tables:
    """One shot's numbers, from the ruleset's functions: index [armor state, 2D6 sum - 2]."""

    target: int                 # column of the struck structure (-1: open ground)
    attack: numpy.ndarray       # attack value (small arm's 1D20 not 1)
    attack_on_one: numpy.ndarray  # attack value when the small arm's 1D20 shows 1
    level: numpy.ndarray        # the fire's level if it catches
    concussion_full: int
    blast: numpy.ndarray        # concussion lost by each column (0 for the struck one)
    blasted: numpy.ndarray      # the columns it reaches
    p_fire: float               # chance of the fire's 1D6 setting it alight
    fires: bool                 # the round rolls for fire (explosive or incendiary)
    large_calibre: bool


class Model:
    """The structures of the model (columns) and their state in every trial (rows)."""

    def __init__(self, siege: Siege, ids: list[str], trials: int, rng: numpy.random.Generator,
                 index: StructureIndex):
        self.siege, self.ids, self.rng, self.index = siege, ids, rng, index
        structures = [siege.structures[key] for key in ids]
        self.column = {key: i for i, key in enumerate(ids)}

        def row(values, dtype=numpy.int32):
            # Structures by trials: a structure's cells are one contiguous row, so taking
            # the few rows a step changes is a copy of whole rows.
            return numpy.repeat(numpy.asarray(values, dtype=dtype)[:, None], trials, axis=1)

        self.dp = row([s.dp for s in structures])
        self.level = row([s.fire_level for s in structures])
        self.wild = row([s.out_of_control for s in structures], bool)
        self.collapsed = row([s.collapsed for s in structures], bool)
        self.cleared = row([s.cleared for s in structures], bool)
        self.original = numpy.asarray([s.dp_original for s in structures], dtype=numpy.int32)
        self.wooden = numpy.asarray([harris.is_wooden(s) for s in structures], dtype=bool)
        near = numpy.zeros((len(ids), len(ids)), dtype=bool)
        for key, pairs in index.neighbours_within(ids, SPREAD_DISTANCE_M).items():
            for other, _distance in pairs:
                if other in self.column and other != key:
                    near[self.column[key], self.column[other]] = True
        self.near = near.astype(numpy.int64)
        self.turn = siege.clock.turn
        self.every_turn = siege.options.burn_damage_every == "turn"

    # -- DP ------------------------------------------------------------------------------
    def lose(self, columns, amount: numpy.ndarray) -> None:
        """``lose_dp`` for the cells of ``columns`` (an index or an index array; ``amount``
        broadcast to them): DP never below 0; collapse and clearing (H7)."""
        before = self.dp[columns]
        original = self.original[columns]
        if numpy.ndim(original):
            original = original[:, None]
        after = numpy.maximum(0, before - amount)
        dropped = after != before
        # numbers.collapses: 2 x DP <= original, i.e. DP <= original // 2 (no overflow).
        self.collapsed[columns] |= dropped & (after <= original // 2)
        self.cleared[columns] |= dropped & (after == 0)
        self.dp[columns] = after

    def armor_state(self, column: int) -> numpy.ndarray:
        """0 intact, 1 rubble, 2 cleared: which of the column's AVs a hit meets (H7)."""
        return numpy.where(self.cleared[column], 2, numpy.where(self.collapsed[column], 1, 0))

    # -- a round -------------------------------------------------------------------------
    def tables(self, battery: Battery) -> _Tables:
        spec, weapon = battery.spec, battery.spec.weapon
        sums = CALIBRE_SUMS if weapon.large_calibre else numpy.asarray([0])
        target_id = battery.target_id
        target = self.column.get(target_id, -1) if target_id else -1
        states = _states(self.siege.structures[target_id]) if target_id and target >= 0 else ()
        range_m = spec.range_m
        assert range_m is not None  # the DP ruleset's shots have a range
        attack = numpy.zeros((3, len(sums)), dtype=numpy.int32)
        on_one = numpy.zeros_like(attack)
        level = numpy.zeros_like(attack)
        for a, structure in enumerate(states):
            for j, calibre in enumerate(sums.tolist()):
                penetration = final_penetration(weapon, range_m, int(calibre), spec.modifier)
                if penetration is None:
                    raise ValueError(f"{weapon.name} is out of range at {range_m:.1f} m")
                effect = hit_effect(structure, weapon, penetration)
                on_first = (hit_effect(structure, weapon, penetration, small_arm=1)
                            if effect.needs_small_arm else effect)
                assert effect.attack_value is not None and on_first.attack_value is not None
                attack[a, j] = effect.attack_value
                on_one[a, j] = on_first.attack_value
                level[a, j] = harris.fire_level_on_ignition(penetration, effect.armor)
        blast = numpy.zeros(len(self.ids), dtype=numpy.int32)
        if weapon.explosive:
            reach = blast_reach(self.index, spec.point, self.siege.grid_origin,
                                weapon.concussion, self.siege.options.concussion_falloff,
                                battery.target_id)
            for key, _distance, amount in reach:
                if key in self.column:
                    blast[self.column[key]] = amount
        faces = sum(catches_fire(weapon, face) for face in range(1, FIRE_DIE + 1))
        return _Tables(target, attack, on_one, level,
                       weapon.concussion if weapon.explosive else 0, blast,
                       numpy.flatnonzero(blast), faces / FIRE_DIE,
                       weapon.explosive or weapon.incendiary, weapon.large_calibre)

    def hit(self, t: _Tables) -> None:
        """One round: the struck column (H4-H7, H9), then the blast on the others (H6)."""
        trials = self.dp.shape[1]
        if t.target >= 0:
            c = t.target
            state = self.armor_state(c)
            if t.large_calibre:
                j = self.rng.integers(1, 7, trials) + self.rng.integers(1, 7, trials) - 2
            else:
                j = numpy.zeros(trials, dtype=numpy.int64)
            attack = t.attack[state, j]
            if (t.attack_on_one != t.attack).any():
                one = self.rng.integers(1, SMALL_ARM_DIE + 1, trials) == 1
                attack = numpy.where(one, t.attack_on_one[state, j], attack)
            self.lose(c, attack + t.concussion_full)
            if t.fires:
                lit = (self.dp[c] > 0) & (self.rng.random(trials) < t.p_fire)
                new = t.level[state, j]
                raise_ = lit & (new > self.level[c])
                if raise_.any():
                    was_burning = self.level[c] > 0
                    wild = 10 * new > self.original[c]  # numbers.out_of_control
                    self.wild[c] = numpy.where(
                        raise_, (self.wild[c] & was_burning) | wild, self.wild[c])
                    self.level[c] = numpy.where(raise_, new, self.level[c])
        if len(t.blasted):
            self.lose(t.blasted, t.blast[t.blasted][:, None])

    # -- the clock -----------------------------------------------------------------------
    # The clock works only on the columns where a fire burns and those within 10 m of one
    # (where it may spread): ``_Fire`` holds those columns' cells while a step runs.
    def _fire(self) -> _Fire | None:
        burning = numpy.flatnonzero(self.level.any(axis=1))
        if not len(burning):
            return None
        columns = numpy.flatnonzero(self.near[burning].any(axis=0)
                                    | numpy.isin(numpy.arange(len(self.ids)), burning))
        return _Fire(self, columns)

    def _quiet(self, turns: int) -> None:
        """``turns`` turns that end no minute: wooden fires grow, fires at DP 0 burn out."""
        fire = self._fire() if turns > 0 else None
        if fire is None:
            return
        live = (fire.level > 0) & (fire.dp > 0)
        fire.level = numpy.where(live & fire.wooden, fire.level + turns, fire.level)
        fire.check_wild()
        dead = (fire.level > 0) & (fire.dp == 0)
        fire.level = numpy.where(dead, numpy.maximum(0, fire.level - turns), fire.level)
        fire.wild &= fire.level > 0
        fire.store()

    def _minute_end(self) -> None:
        """Growth (every live fire +1), burning damage, spread, burn-out: H9, H10's order."""
        fire = self._fire()
        if fire is None:
            return
        fire.level = fire.level + ((fire.level > 0) & (fire.dp > 0))
        fire.check_wild()
        fire.burn()
        wild = (fire.level > 0) & fire.wild
        if wild.any():
            exposed = fire.near.T @ wild.astype(numpy.int64)  # out-of-control fires within 10 m
            open_ = (fire.level == 0) & (fire.dp > 0) & (exposed > 0)
            if open_.any():
                lit = open_ & (self.rng.random(open_.shape) >= (5 / 6) ** exposed)
                fire.level = numpy.where(lit, 1, fire.level)
                fire.wild = numpy.where(lit, fire.original < 10, fire.wild)
        fire.burn_out()
        fire.store()

    def advance(self, turns: int) -> None:
        """The clock ``turns`` turns on (H10)."""
        if self.every_turn:
            for _ in range(turns):
                self.turn += 1
                if self.turn % TURNS_PER_MINUTE == 0:
                    self._minute_end()
                    continue
                fire = self._fire()
                if fire is None:
                    continue
                live = (fire.level > 0) & (fire.dp > 0)
                fire.level = numpy.where(live & fire.wooden, fire.level + 1, fire.level)
                fire.check_wild()
                fire.burn()
                fire.burn_out()
                fire.store()
            return
        end = self.turn + turns
        while self.turn < end:
            to_minute = TURNS_PER_MINUTE - self.turn % TURNS_PER_MINUTE
            if self.turn + to_minute > end:
                self._quiet(end - self.turn)
                self.turn = end
                break
            self._quiet(to_minute - 1)
            self._minute_end()
            self.turn += to_minute


class _Fire:
    """The cells of the columns a clock step can change by fire, taken out of the model and
    put back by ``store`` (DP, collapse and clearing go through ``Model.lose``)."""

    def __init__(self, model: Model, columns: numpy.ndarray):
        self.model, self.columns = model, columns
        self.level = model.level[columns]
        self.wild = model.wild[columns]
        self.wooden = model.wooden[columns][:, None]
        self.original = model.original[columns][:, None]
        self.near = model.near[numpy.ix_(columns, columns)]

    @property
    def dp(self) -> numpy.ndarray:
        return self.model.dp[self.columns]

    def check_wild(self) -> None:
        self.wild |= (self.level > 0) & (10 * self.level > self.original)  # out_of_control

    def burn(self) -> None:
        """H9: every out-of-control fire at DP above 0 loses DP equal to its level."""
        burning = self.wild & (self.level > 0) & (self.dp > 0)
        if burning.any():
            self.model.lose(self.columns, numpy.where(burning, self.level, 0))

    def burn_out(self) -> None:
        dead = (self.level > 0) & (self.dp == 0)
        self.level = numpy.where(dead, self.level - 1, self.level)
        self.wild &= self.level > 0

    def store(self) -> None:
        self.model.level[self.columns] = self.level
        self.model.wild[self.columns] = self.wild


def _states(structure: Structure) -> tuple[Structure, Structure, Structure]:
    """``structure`` intact, as rubble and cleared (H7): the three a hit can meet."""
    return (structure.model_copy(update={"collapsed": False, "cleared": False}),
            structure.model_copy(update={"collapsed": True, "cleared": False}),
            structure.model_copy(update={"collapsed": True, "cleared": True}))


def model_ids(siege: Siege, index: StructureIndex, batteries: list[Battery]) -> list[str]:
    """The targets first, then what their bursts reach and what stands within 10 m of them."""
    ids: list[str] = []
    for battery in batteries:
        if battery.target_id and battery.target_id not in ids:
            ids.append(battery.target_id)
    extra: set[str] = set()
    for battery in batteries:
        weapon = battery.spec.weapon
        if weapon.explosive:
            extra.update(key for key, _d, _a in blast_reach(
                index, battery.spec.point, siege.grid_origin, weapon.concussion,
                siege.options.concussion_falloff, battery.target_id))
    targets = [key for key in ids]
    for pairs in index.neighbours_within(targets, SPREAD_DISTANCE_M).values():
        extra.update(key for key, _distance in pairs)
    return ids + sorted(extra - set(ids))


def run(siege: Siege, batteries: list[Battery], index: StructureIndex, *, rounds: int,
        interval_turns: int, trials: int, seed: int,
        on_round=None) -> Model:
    """Play ``rounds`` rounds of every battery in ``trials`` sieges at once. ``on_round(k,
    model)`` after each round (its hits and the clock after them); returning True stops."""
    model = Model(siege, model_ids(siege, index, batteries), trials,
                  numpy.random.default_rng(seed), index)
    tables = [model.tables(battery) for battery in batteries]
    for k in range(1, rounds + 1):
        for t in tables:
            model.hit(t)
        model.advance(interval_turns)
        if on_round is not None and on_round(k, model):
            break
    return model


def rounds_to_fall(siege: Siege, spec: ShotSpec, target_id: str, index: StructureIndex, *,
                   interval_turns: int = TURNS_PER_MINUTE, max_hits: int = 60,
                   trials: int = 4000, seed: int = 0) -> RoundsOdds:
    """The distribution of hits until ``target_id`` collapses, and until it is cleared.

    A structure brought down by its fire between hits k and k + 1 counts as k hits.
    Sampled: ``trials`` seeded sieges; ``error`` bounds every bar's distance from its true
    chance with 95 % confidence (``chances.sampling_error``).
    """
    structure = siege.structures[target_id]
    falls = numpy.full(trials, -1)
    cleared = numpy.full(trials, -1)
    if structure.collapsed:
        falls[:] = 0
    if structure.cleared:
        cleared[:] = 0

    def record(k: int, model: Model) -> bool:
        falls[(falls < 0) & model.collapsed[0]] = k
        cleared[(cleared < 0) & model.cleared[0]] = k
        return bool((cleared >= 0).all())

    if not structure.cleared:
        run(siege, [Battery(spec, target_id)], index, rounds=max_hits,
            interval_turns=interval_turns, trials=trials, seed=seed, on_round=record)

    def distribution(hits: numpy.ndarray) -> dict[int, float]:
        values, counts = numpy.unique(hits[hits >= 0], return_counts=True)
        return {int(v): int(c) / trials for v, c in zip(values, counts, strict=True)}

    falls_dist = distribution(falls)
    counts = numpy.unique(falls[falls >= 0], return_counts=True)[1]
    error = sampling_error(counts.tolist(), trials)
    return RoundsOdds(target_id=target_id, target_name=structure.name, falls=falls_dist,
                      cleared=distribution(cleared), max_hits=max_hits,
                      interval_turns=interval_turns, exact=False, trials=trials,
                      error=float(error))


def bombardment(siege: Siege, batteries: list[Battery], index: StructureIndex, *, hits: int,
                interval_turns: int = TURNS_PER_MINUTE, trials: int = 4000,
                seed: int = 0) -> dict[str, dict[str, object]]:
    """``hits`` rounds of every battery: what is left of each structure in the model.

    For each id: ``dp_after`` {DP: probability}, ``p_collapse``, ``p_cleared``, ``p_burning``
    and the mean DP left (sampled, ``trials`` sieges).
    """
    model = run(siege, batteries, index, rounds=hits, interval_turns=interval_turns,
                trials=trials, seed=seed)
    out = {}
    for key, c in model.column.items():
        values, counts = numpy.unique(model.dp[c], return_counts=True)
        out[key] = {
            "name": siege.structures[key].name,
            "dp_now": siege.structures[key].dp,
            "dp_original": int(model.original[c]),
            "dp_after": {int(v): int(n) / trials for v, n in zip(values, counts, strict=True)},
            "dp_mean": float(model.dp[c].mean()),
            "p_collapse": float(model.collapsed[c].mean()),
            "p_cleared": float(model.cleared[c].mean()),
            "p_burning": float((model.level[c] > 0).mean()),
        }
    return out
