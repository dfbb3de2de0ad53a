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
from siegeboard.rules.messages import _, ngettext
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
    return (_("{least} to {most}, likeliest {likeliest} ({percent:.1f}%)").format(
        least=min(values), most=max(values), likeliest=likeliest,
        percent=100 * values[likeliest]))


def falls_word(odds: StructureOdds) -> tuple[str, Fraction]:
    """("collapse", p) or ("breach", p): what bringing it down is called, and its chance."""
    if odds.p_collapse is not None:
        return "collapse", odds.p_collapse
    return "breach", odds.p_breached or Fraction(0)


def fall_word(word: str) -> str:
    """``falls_word``'s word as a sentence shows it."""
    return {"collapse": _("collapse"), "breach": _("breach")}.get(word, word)


def lines(shot: ShotOdds, rounds: RoundsOdds | None = None) -> list[str]:
    """The figures in words, struck structure first: what ``siegeboard odds`` prints."""
    spec = shot.spec
    if spec.range_m is not None:
        head = _("{weapon} at ({x:g}, {y:g}), range {range_m:.1f} m").format(
            weapon=spec.weapon.name, x=spec.point[0], y=spec.point[1], range_m=spec.range_m)
    else:
        head = _("{weapon} at ({x:g}, {y:g})").format(
            weapon=spec.weapon.name, x=spec.point[0], y=spec.point[1])
    out = [head]
    if shot.target_id is None:
        out.append(_("On open ground: no structure is struck"))
    for odds in shot.structures:
        if not odds.struck and len(odds.left) == 1 and not odds.occupants:
            # A blast's sure effect: one line.
            (left,) = odds.left
            word, p = falls_word(odds)
            if not p:
                sure = _("{name} ({id}, blast, {squares} squares away): concussion "
                         "{concussion}, DP {now} -> {left}")
            elif word == "collapse":
                sure = _("{name} ({id}, blast, {squares} squares away): concussion "
                         "{concussion}, DP {now} -> {left}; collapsed")
            else:
                sure = _("{name} ({id}, blast, {squares} squares away): concussion "
                         "{concussion}, DP {now} -> {left}; Breached")
            out.append(sure.format(name=odds.name, id=odds.id, squares=odds.squares_away,
                                   concussion=odds.concussion, now=odds.now, left=left))
            continue
        if odds.struck:
            out.append(_("{name} ({id}, struck):").format(name=odds.name, id=odds.id))
        else:
            out.append(ngettext("{name} ({id}, blast, {squares} square away, concussion "
                                "{concussion}):",
                                "{name} ({id}, blast, {squares} squares away, concussion "
                                "{concussion}):", odds.squares_away or 0).format(
                name=odds.name, id=odds.id, squares=odds.squares_away,
                concussion=odds.concussion))
        chances = []
        if odds.p_penetrate is not None:
            # Hull ruleset: "penetrates" is a hit that deals Hull damage at all.
            verb = (_("penetrates {pct}") if odds.figure == "dp_after"
                    else _("deals damage {pct}"))
            chances.append(verb.format(pct=_pct(odds.p_penetrate)))
        for label, value in ((_("collapses {pct}"), odds.p_collapse),
                             (_("cleared {pct}"), odds.p_cleared),
                             (_("Cracked or worse {pct}"), odds.p_cracked),
                             (_("Breached {pct}"), odds.p_breached)):
            if value is not None:
                chances.append(label.format(pct=_pct(value)))
        chances.append(_("burning {pct}").format(pct=_pct(odds.p_ignite)))
        out.append("  " + "; ".join(chances))
        what = _("DP left") if odds.figure == "dp_after" else _("Hull suffered")
        now = f"{odds.now}/{odds.of}"
        dist = floats(odds.left)
        median = quantile(dist, 0.5)
        out.append(_("  {what} (now {now}): mean {mean:.1f}, median {median}; {dist_words}").format(
            what=what, now=now, mean=mean(dist), median=median,
            dist_words=_dist_words(odds.left)))
        if odds.inner_left is not None:
            out.append(_("  inner layer Hull suffered: {dist_words}").format(
                dist_words=_dist_words(odds.inner_left)))
        if odds.occupants:
            hurt = floats(odds.people)
            people = (_("  {occupants} inside: hurt {pct}, damage mean {mean:.1f}, trapped "
                        "{trapped}") if odds.p_trapped
                      else _("  {occupants} inside: hurt {pct}, damage mean {mean:.1f}"))
            out.append(people.format(occupants=odds.occupants, pct=_pct(odds.p_people_hurt),
                                     mean=mean(hurt), trapped=_pct(odds.p_trapped or 0)))
        if odds.fire is not None:
            fire = odds.fire
            start = sum(fire.level.values(), Fraction(0))
            text = _("  a fire starts {pct}").format(pct=_pct(start))
            if fire.level and odds.figure == "dp_after":
                text += _(" at level {dist_words}").format(dist_words=_dist_words(fire.level))
                text += _("; out of control at once {pct}").format(pct=_pct(fire.wild))
                if fire.turns_to_wild:
                    turns = quantile(fire.turns_to_wild, 0.5 * float(sum(
                        fire.turns_to_wild.values())))
                    if turns is not None:  # the median of the chances: always reached
                        text += (_("; otherwise out of control unfought after about "
                                   "{turns} turns ({value:.1f} min)").format(
                            turns=turns, value=turns / TURNS_PER_MINUTE))
            if fire.rounds_to_breach is not None:
                text += _("; burning, Breached in {rounds_to_breach} rounds unless put out").format(
                    rounds_to_breach=fire.rounds_to_breach)
            out.append(text)
    if rounds is not None:
        if rounds.exact:
            out.append(_("Rounds to fall: {line}").format(line=rounds.line()))
        else:
            out.append(_("Rounds to fall: {line} (sampled, {trials} sieges: each chance within "
                         "{points:.1f} points, 95% sure)").format(
                line=rounds.line(), trials=rounds.trials, points=100 * rounds.error))
        if rounds.cleared:
            median = quantile(rounds.cleared, 0.5)
            if median is not None:
                out.append(_("  cleared: about {median} hits").format(median=median))
    return out


def hover_words(shot: ShotOdds) -> str:
    """The few words the Fire tool's hover adds: the struck structure's chance to fall and
    to burn, and how many in reach may fall."""
    struck = shot.struck
    parts = []
    if struck is not None:
        word, p = falls_word(struck)
        parts.append(_("{word} {pct}, fire {fire}").format(
            word=fall_word(word), pct=_pct(p), fire=_pct(struck.p_ignite)))
    others = [odds for odds in shot.structures if not odds.struck]
    falling = [odds for odds in others if falls_word(odds)[1] > 0 and not _already(odds)]
    if falling:
        parts.append(_("{count} in reach may {word}").format(
            count=len(falling), word=fall_word(falls_word(falling[0])[0])))
    return "; ".join(parts)


def _already(odds: StructureOdds) -> bool:
    return odds.fallen
