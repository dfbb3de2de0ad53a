"""The odds before the shot: what this round will probably do, and how many it will take.

Pure and Qt-free; the window's Odds dock, the Fire tool's hover and ``siegeboard odds`` call
these. Each rule text answers through its ``Ruleset`` (``shot_odds``, ``rounds_to_fall``,
``bombardment``), which evaluates its hook ``shot_effects`` once per distinct dice outcome:

- ``shot_odds(siege, spec)``: for the struck structure and every structure in the blast's
  reach, the chances after the shot (``p_penetrate``, ``p_collapse`` and ``p_cleared`` or
  ``p_cracked`` and ``p_breached``, ``p_ignite``), the distribution of what is left and of
  the damage to the people inside, and the fire it may start. Exact.
- ``rounds_to_fall(siege, spec, target_id)``: the distribution of the number of hits until
  the structure collapses (or is Breached), and until it is cleared, with the clock run
  between hits (default a minute, so fire counts). DP ruleset: sampled by a vectorised
  model (seeded, with a 95 % bound on its error); Hull ruleset: exact.
- ``bombardment(siege, shots, hits)``: several batteries, N hits each: what is left.

``as_json`` gives the figures as plain data (floats); ``lines`` as words.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from siegeboard.geometry.index import StructureIndex
from siegeboard.model.siege import TURNS_PER_MINUTE, Siege
from siegeboard.rules.arsenal import find_weapon
from siegeboard.rules.chances import (
    RoundsOdds,
    ShotSpec,
    StructureOdds,
    floats,
    mean,
    one_in,
    quantile,
)
from siegeboard.rules.registry import ruleset_of

__all__ = ["ShotOdds", "ShotSpec", "StructureOdds", "RoundsOdds", "as_json", "bombardment",
           "lines", "rounds_to_fall", "shot_odds", "spec_for", "target_at", "hover_words"]


@dataclass
class ShotOdds:
    """The odds of one shot: its target (None: open ground) and every structure it may touch,
    the struck one first."""

    spec: ShotSpec
    target_id: str | None
    structures: list[StructureOdds]

    @property
    def struck(self) -> StructureOdds | None:
        return self.structures[0] if self.structures and self.structures[0].struck else None

    def of(self, structure_id: str) -> StructureOdds | None:
        return next((odds for odds in self.structures if odds.id == structure_id), None)


def spec_for(siege: Siege, point: tuple[float, float], *, battery_id: str | None = None,
             weapon_id: str | None = None, range_m: float | None = None, **figures) -> ShotSpec:
    """The shot a battery (its weapon, the range from it) or a weapon at a typed range would
    fire at ``point``. ``ValueError`` in plain words when it cannot be built."""
    if battery_id is not None:
        battery = siege.batteries.get(battery_id)
        if battery is None:
            raise ValueError(f"no battery {battery_id!r} in this siege")
        weapon_id = weapon_id or battery.weapon_id
        if range_m is None:
            range_m = math.dist(battery.position, point)
    if weapon_id is None:
        raise ValueError("choose a battery or a weapon")
    weapon = find_weapon(siege, weapon_id)
    if weapon is None:
        raise ValueError(f"no weapon {weapon_id!r} in this siege or its catalogue")
    if range_m is None and not ruleset_of(siege).needs_range:
        range_m = 0.0
    return ShotSpec(weapon=weapon, point=(float(point[0]), float(point[1])), range_m=range_m,
                    pool_success=siege.options.scene_pool_success, **figures)


def target_at(siege: Siege, spec: ShotSpec, index: StructureIndex) -> str | None:
    """The structure the round strikes: the one named, else the one under the point."""
    if spec.target_id is not None:
        if spec.target_id not in siege.structures:
            raise ValueError(f"no structure {spec.target_id!r} in this siege")
        return spec.target_id
    under = index.at(spec.point)
    return under[0] if under else None


def _index(siege: Siege, index: StructureIndex | None) -> StructureIndex:
    return index if index is not None else StructureIndex.for_structures(siege.structures)


def shot_odds(siege: Siege, spec: ShotSpec, *, index: StructureIndex | None = None) -> ShotOdds:
    """The exact odds of one shot (see the module). ``index``: the siege's spatial index, if
    the caller keeps one (building it is linear in the structures)."""
    index = _index(siege, index)
    target_id = target_at(siege, spec, index)
    structures = ruleset_of(siege).shot_odds(siege, spec, index, target_id)
    return ShotOdds(spec=spec, target_id=target_id, structures=structures)


def rounds_to_fall(siege: Siege, spec: ShotSpec, target_id: str | None = None, *,
                   interval_turns: int = TURNS_PER_MINUTE, max_hits: int = 60,
                   trials: int = 4000, seed: int = 0,
                   index: StructureIndex | None = None) -> RoundsOdds:
    """How many hits of this shot bring ``target_id`` (default: the structure it strikes)
    down, with ``interval_turns`` turns of the clock between hits."""
    index = _index(siege, index)
    if target_id is None:
        target_id = target_at(siege, spec, index)
    if target_id is None:
        raise ValueError("the shot falls on open ground: there is nothing to bring down")
    if interval_turns < 0:
        raise ValueError("the interval between hits is 0 turns or more")
    return ruleset_of(siege).rounds_to_fall(siege, spec, target_id, index,
                                            interval_turns=interval_turns, max_hits=max_hits,
                                            trials=trials, seed=seed)


def bombardment(siege: Siege, shots: list[tuple[ShotSpec, str | None]], *, hits: int,
                interval_turns: int = TURNS_PER_MINUTE, trials: int = 4000, seed: int = 0,
                index: StructureIndex | None = None) -> dict[str, dict[str, object]]:
    """Each shot fires ``hits`` rounds at its structure (None: the one under its point), all
    batteries in turn each round: what is left of each structure, by id."""
    index = _index(siege, index)
    resolved = []
    for spec, target_id in shots:
        target_id = target_id or target_at(siege, spec, index)
        if target_id is None:
            raise ValueError(f"{spec.weapon.name}'s shot falls on open ground")
        resolved.append((spec, target_id))
    return ruleset_of(siege).bombardment(siege, resolved, index, hits=hits,
                                         interval_turns=interval_turns, trials=trials, seed=seed)


# -- as data and as words ------------------------------------------------------------------


def structure_json(odds: StructureOdds) -> dict[str, object]:
    out: dict[str, object] = {"id": odds.id, "name": odds.name, "struck": odds.struck}
    for name in ("p_penetrate", "p_collapse", "p_cleared", "p_cracked", "p_breached"):
        value = getattr(odds, name)
        if value is not None:
            out[name] = float(value)
    out["p_ignite"] = float(odds.p_ignite)
    left = floats(odds.left)
    out[odds.figure] = left
    out[f"{odds.figure.removesuffix('_after')}_now"] = odds.now
    out["of"] = odds.of
    out[f"{odds.figure}_mean"] = mean(left)
    if odds.inner_left is not None:
        out["inner_hull_suffered_after"] = floats(odds.inner_left)
    if not odds.struck:
        out["squares_away"] = odds.squares_away
        out["concussion"] = odds.concussion
    out["occupants"] = odds.occupants
    out["people_damage"] = floats(odds.people)
    out["personnel_dice"] = floats(odds.people_dice)
    out["p_people_hurt"] = float(odds.p_people_hurt)
    out["p_trapped"] = float(odds.p_trapped)
    if odds.fire is not None:
        fire = odds.fire
        start = sum(fire.level.values(), Fraction(0))
        out["fire"] = {
            "p_start": float(start), "level": floats(fire.level),
            "p_out_of_control": float(fire.wild),
            "turns_to_out_of_control": floats(fire.turns_to_wild),
            "rounds_to_breach": fire.rounds_to_breach}
    return out


def rounds_json(rounds: RoundsOdds) -> dict[str, object]:
    return {"target": rounds.target_id, "falls": rounds.falls, "cleared": rounds.cleared,
            "median": rounds.median, "p90": rounds.p90, "max_hits": rounds.max_hits,
            "interval_turns": rounds.interval_turns, "exact": rounds.exact,
            "trials": rounds.trials, "error": rounds.error, "line": rounds.line()}


def as_json(shot: ShotOdds, rounds: RoundsOdds | None = None) -> dict[str, object]:
    """The odds as plain data: ``structures`` lists each structure the shot may touch."""
    spec = shot.spec
    out: dict[str, object] = {
        "weapon": spec.weapon.id, "at": list(spec.point), "range_m": spec.range_m,
        "target": shot.target_id, "structures": [structure_json(s) for s in shot.structures]}
    if rounds is not None:
        out["rounds"] = rounds_json(rounds)
    return out


def _pct(p: float | Fraction) -> str:
    return one_in(float(p))


def _dist_words(dist, limit: int = 6) -> str:
    """Each value's chance when there are few; else the range and the likeliest value."""
    values = floats(dist)
    if len(values) <= limit:
        return ", ".join(f"{value}: {100 * p:.1f}%" for value, p in values.items())
    likeliest = max(values, key=values.__getitem__)
    return (f"{min(values)} to {max(values)}, likeliest {likeliest} "
            f"({100 * values[likeliest]:.1f}%)")


def falls_word(odds: StructureOdds) -> tuple[str, Fraction]:
    """("collapse", p) or ("breach", p): what bringing it down is called, and its chance."""
    if odds.p_collapse is not None:
        return "collapse", odds.p_collapse
    return "breach", odds.p_breached or Fraction(0)


def lines(shot: ShotOdds, rounds: RoundsOdds | None = None) -> list[str]:
    """The figures in words, struck structure first: what ``siegeboard odds`` prints."""
    spec = shot.spec
    head = f"{spec.weapon.name} at ({spec.point[0]:g}, {spec.point[1]:g})"
    if spec.range_m is not None:
        head += f", range {spec.range_m:.1f} m"
    out = [head]
    if shot.target_id is None:
        out.append("On open ground: no structure is struck")
    for odds in shot.structures:
        if not odds.struck and len(odds.left) == 1 and not odds.occupants:
            # A blast's sure effect: one line.
            (left,) = odds.left
            word, p = falls_word(odds)
            out.append(f"{odds.name} ({odds.id}, blast, {odds.squares_away} squares away): "
                       f"concussion {odds.concussion}, DP {odds.now} -> {left}"
                       + (f"; {'collapsed' if word == 'collapse' else 'Breached'}" if p else ""))
            continue
        kind = "struck" if odds.struck else (f"blast, {odds.squares_away} square"
                                              f"{'s' if odds.squares_away != 1 else ''} away, "
                                              f"concussion {odds.concussion}")
        out.append(f"{odds.name} ({odds.id}, {kind}):")
        chances = []
        if odds.p_penetrate is not None:
            # Hull ruleset: "penetrates" is a hit that deals Hull damage at all.
            verb = "penetrates" if odds.figure == "dp_after" else "deals damage"
            chances.append(f"{verb} {_pct(odds.p_penetrate)}")
        for label, value in (("collapses", odds.p_collapse), ("cleared", odds.p_cleared),
                             ("Cracked or worse", odds.p_cracked),
                             ("Breached", odds.p_breached)):
            if value is not None:
                chances.append(f"{label} {_pct(value)}")
        chances.append(f"burning {_pct(odds.p_ignite)}")
        out.append("  " + "; ".join(chances))
        what = "DP left" if odds.figure == "dp_after" else "Hull suffered"
        now = f"{odds.now}/{odds.of}"
        dist = floats(odds.left)
        median = quantile(dist, 0.5)
        out.append(f"  {what} (now {now}): mean {mean(dist):.1f}, median {median}; "
                   f"{_dist_words(odds.left)}")
        if odds.inner_left is not None:
            out.append(f"  inner layer Hull suffered: {_dist_words(odds.inner_left)}")
        if odds.occupants:
            hurt = floats(odds.people)
            out.append(f"  {odds.occupants} inside: hurt {_pct(odds.p_people_hurt)}, damage "
                       f"mean {mean(hurt):.1f}" + (f", trapped {_pct(odds.p_trapped)}"
                                                   if odds.p_trapped else ""))
        if odds.fire is not None:
            fire = odds.fire
            start = sum(fire.level.values(), Fraction(0))
            text = f"  a fire starts {_pct(start)}"
            if fire.level and odds.figure == "dp_after":
                text += f" at level {_dist_words(fire.level)}"
                text += f"; out of control at once {_pct(fire.wild)}"
                if fire.turns_to_wild:
                    turns = quantile(fire.turns_to_wild, 0.5 * float(sum(
                        fire.turns_to_wild.values())))
                    if turns is not None:  # the median of the chances: always reached
                        text += (f"; otherwise out of control unfought after about {turns} "
                                 f"turns ({turns / TURNS_PER_MINUTE:.1f} min)")
            if fire.rounds_to_breach is not None:
                text += f"; burning, Breached in {fire.rounds_to_breach} rounds unless put out"
            out.append(text)
    if rounds is not None:
        out.append("Rounds to fall: " + rounds.line()
                   + ("" if rounds.exact else
                      f" (sampled, {rounds.trials} sieges: each chance within "
                      f"{100 * rounds.error:.1f} points, 95% sure)"))
        if rounds.cleared:
            median = quantile(rounds.cleared, 0.5)
            if median is not None:
                out.append(f"  cleared: about {median} hits")
    return out


def hover_words(shot: ShotOdds) -> str:
    """The few words the Fire tool's hover adds: the struck structure's chance to fall and
    to burn, and how many in reach may fall."""
    struck = shot.struck
    parts = []
    if struck is not None:
        word, p = falls_word(struck)
        parts.append(f"{word} {_pct(p)}, fire {_pct(struck.p_ignite)}")
    others = [odds for odds in shot.structures if not odds.struck]
    falling = [odds for odds in others if falls_word(odds)[1] > 0 and not _already(odds)]
    if falling:
        parts.append(f"{len(falling)} in reach may {falls_word(falling[0])[0]}")
    return "; ".join(parts)


def _already(odds: StructureOdds) -> bool:
    return odds.fallen
