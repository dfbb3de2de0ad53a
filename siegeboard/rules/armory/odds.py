"""The odds of one hit under the Hull ruleset, exactly; and how many hits a section takes.

Successes and Boons are as the GM entered them, or rolled from a pool of D6 (each 5-6 a
Success, each 6 also a Boon): the pool's (Successes, Boons) are enumerated with their
multinomial probabilities. An explosive hit on a structure that burns rolls 1D6 (6: it
catches fire). The hook (``armory.shot.hit_effect``) is evaluated once per distinct case.

Rounds to fall: the section's state (each layer's Hull suffered and ladder step, burning)
is a small Markov chain, so the distribution of hits until it is Breached is computed
exactly: the hook gives each state's successors under one hit, ``burning_effect`` the
rounds of burning between hits.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from siegeboard.model.siege import Siege
from siegeboard.model.structure import Structure
from siegeboard.rules.armory.actions import FIRED_ROLES
from siegeboard.rules.armory.shot import (
    FIRE_FACE,
    POOL_BOON,
    HullEffect,
    applied,
    burning_effect,
    burns,
    hit_effect,
)
from siegeboard.rules.chances import (
    Distribution,
    FireOdds,
    RoundsOdds,
    ShotSpec,
    StructureOdds,
    add_to,
    floats,
)


def pool_outcomes(pool: int, least: int = 5) -> dict[tuple[int, int], Fraction]:
    """(Successes, Boons) of ``pool`` D6 (A12, house rule): each face from ``least`` up a
    Success, each ``POOL_BOON`` also a Boon; multinomial over the three kinds of face."""
    boon_faces = 7 - POOL_BOON
    success_faces = POOL_BOON - least
    blank_faces = 6 - boon_faces - success_faces
    out: dict[tuple[int, int], Fraction] = {}
    total = Fraction(1, 6 ** pool)
    for boons in range(pool + 1):
        for plain in range(pool - boons + 1):
            ways = (comb(pool, boons) * comb(pool - boons, plain) * boon_faces ** boons
                    * success_faces ** plain * blank_faces ** (pool - boons - plain))
            out[(boons + plain, boons)] = ways * total
    return out


def attack_figures(spec: ShotSpec) -> dict[tuple[int, int], Fraction]:
    """The (Successes, Boons) of the attack with their chances."""
    if spec.pool is not None:
        return pool_outcomes(spec.pool, spec.pool_success)
    return {(spec.successes, spec.boons): Fraction(1)}


def check_fired(spec: ShotSpec, structure: Structure | None) -> None:
    if spec.weapon.role not in FIRED_ROLES:
        raise ValueError(f"{spec.weapon.name} is set, not fired (role {spec.weapon.role}): "
                         "use demolish or a mine")
    if spec.through_slit and structure is not None and not structure.has_flag("slit"):
        raise ValueError(f"{structure.name} has no firing slit")


def hit_outcomes(structure: Structure, spec: ShotSpec, ladder_mode: str,
                 figures: dict[tuple[int, int], Fraction] | None = None,
                 ) -> dict[HullEffect, Fraction]:
    """Every distinct effect of the hit with its probability."""
    out: dict[HullEffect, Fraction] = {}
    for (successes, boons), p in (figures or attack_figures(spec)).items():
        effect = hit_effect(structure, spec.weapon, successes, boons,
                            through_slit=spec.through_slit, ladder_mode=ladder_mode)
        if effect.needs_fire:
            lit = hit_effect(structure, spec.weapon, successes, boons,
                             through_slit=spec.through_slit, ladder_mode=ladder_mode,
                             fire=FIRE_FACE)
            out[lit] = out.get(lit, Fraction(0)) + p / 6
            out[effect] = out.get(effect, Fraction(0)) + p * 5 / 6
        else:
            out[effect] = out.get(effect, Fraction(0)) + p
    return out


def shot_odds(siege: Siege, spec: ShotSpec, target_id: str | None) -> list[StructureOdds]:
    """The struck structure's odds (the Hull ruleset's hit reaches no other)."""
    structure = siege.structures.get(target_id) if target_id is not None else None
    check_fired(spec, structure)
    if structure is None:
        return []
    outcomes = hit_outcomes(structure, spec, siege.options.ladder_mode)
    odds = StructureOdds(id=structure.id, name=structure.name, struck=True,
                         figure="hull_suffered_after", now=structure.hull_suffered,
                         of=structure.hull, p_penetrate=Fraction(0), p_cracked=Fraction(0),
                         p_breached=Fraction(0), occupants=len(structure.occupants),
                         fallen=_breached(structure))
    inner: Distribution | None = {} if structure.inner_layer is not None else None
    fire = FireOdds() if burns(structure) and not structure.burning else None
    penetrate = cracked = breached = Fraction(0)
    for effect, p in outcomes.items():
        if effect.damage > 0:
            penetrate += p
        add_to(odds.left, effect.suffered, p)
        if inner is not None and effect.inner_suffered is not None:
            add_to(inner, effect.inner_suffered, p)
        if effect.cracked:
            cracked += p
        if effect.breached:
            breached += p
        if effect.burning:
            odds.p_ignite += p
        if fire is not None and effect.caught_fire:
            add_to(fire.level, 1, p)
            fire.rounds_to_breach = structure.hull - effect.suffered
    odds.p_penetrate, odds.p_cracked, odds.p_breached = penetrate, cracked, breached
    odds.inner_left = inner
    odds.fire = fire if fire is not None and fire.level else None
    return [odds]


def _key(structure: Structure) -> tuple:
    inner = structure.inner_layer
    return (structure.hull_suffered, structure.ladder, structure.burning,
            None if inner is None else (inner.suffered, inner.ladder))


class Chain:
    """The exact distribution of one structure's states over rounds of hits (A2-A5, A10).

    Each round every shot of ``specs`` hits in turn, then the clock runs ``interval_turns``
    rounds (a fire burns 1 Hull a round). States are keyed by what the rules read (each
    layer's Hull suffered and step, burning); successors come from the hook, once a state.
    """

    def __init__(self, siege: Siege, structure: Structure, specs: list[ShotSpec],
                 interval_turns: int):
        for spec in specs:
            check_fired(spec, structure)
        self.mode = siege.options.ladder_mode
        self.specs = [(spec, attack_figures(spec)) for spec in specs]
        self.interval = interval_turns
        self.states: dict[tuple, tuple[Structure, Fraction]] = {
            _key(structure): (structure, Fraction(1))}
        self._next: dict[tuple, list[tuple[Structure, Fraction]]] = {}

    def _successors(self, state: Structure, which: int) -> list[tuple[Structure, Fraction]]:
        key = (which, _key(state))
        if key not in self._next:
            spec, figures = self.specs[which]
            out = []
            for effect, p in hit_outcomes(state, spec, self.mode, figures).items():
                out.append((applied(state, effect), p))
            self._next[key] = out
        return self._next[key]

    def _spread(self, which: int) -> None:
        following: dict[tuple, tuple[Structure, Fraction]] = {}
        for state, p_state in self.states.values():
            for after, p in self._successors(state, which):
                key = _key(after)
                held = following.get(key)
                following[key] = (after, (held[1] if held else 0) + p_state * p)
        self.states = following

    def _burn(self) -> None:
        following: dict[tuple, tuple[Structure, Fraction]] = {}
        for state, p_state in self.states.values():
            if state.burning and self.interval:
                state = applied(state, burning_effect(state, self.interval))
            key = _key(state)
            held = following.get(key)
            following[key] = (state, (held[1] if held else 0) + p_state)
        self.states = following

    def round(self) -> None:
        for which in range(len(self.specs)):
            self._spread(which)
        self._burn()

    def p_breached(self) -> Fraction:
        return sum((p for state, p in self.states.values() if _breached(state)), Fraction(0))


def _breached(structure: Structure) -> bool:
    inner = structure.inner_layer
    return structure.ladder == "breached" and (inner is None or inner.ladder == "breached")


def rounds_to_fall(siege: Siege, spec: ShotSpec, target_id: str, *, interval_turns: int = 12,
                   max_hits: int = 60) -> RoundsOdds:
    """The exact distribution of the number of hits until the structure is Breached (every
    layer), with ``interval_turns`` rounds of the clock between hits (a fire burns). A
    structure its fire Breaches between hits k and k + 1 counts as k hits."""
    structure = siege.structures[target_id]
    chain = Chain(siege, structure, [spec], interval_turns)
    falls: Distribution = {}
    before = chain.p_breached()
    if before:
        falls[0] = before
    for hit in range(1, max_hits + 1):
        if before == 1:
            break
        chain.round()
        now = chain.p_breached()
        if now > before:
            falls[hit] = now - before
        before = now
    return RoundsOdds(target_id=target_id, target_name=structure.name, falls=floats(falls),
                      cleared=None, max_hits=max_hits, interval_turns=interval_turns,
                      exact=True, word="is Breached")


def bombardment(siege: Siege, shots: list[tuple[ShotSpec, str]], *, hits: int,
                interval_turns: int = 12) -> dict[str, dict[str, object]]:
    """``hits`` rounds of every shot at its structure: what is left of each (exact).

    For each struck id: ``hull_suffered_after`` {suffered: probability}, ``p_cracked``,
    ``p_breached``, ``p_burning`` and the mean Hull suffered.
    """
    by_target: dict[str, list[ShotSpec]] = {}
    for spec, target_id in shots:
        by_target.setdefault(target_id, []).append(spec)
    out = {}
    for target_id, specs in by_target.items():
        structure = siege.structures[target_id]
        chain = Chain(siege, structure, specs, interval_turns)
        for _ in range(hits):
            chain.round()
        suffered: Distribution = {}
        cracked = burning = Fraction(0)
        for state, p in chain.states.values():
            add_to(suffered, state.hull_suffered, p)
            cracked += p if state.ladder != "intact" else 0
            burning += p if state.burning else 0
        dist = floats(suffered)
        out[target_id] = {
            "name": structure.name, "hull_suffered_now": structure.hull_suffered,
            "hull": structure.hull, "hull_suffered_after": dist,
            "hull_suffered_mean": sum(v * p for v, p in dist.items()),
            "p_cracked": float(cracked), "p_breached": float(chain.p_breached()),
            "p_burning": float(burning)}
    return out
