"""Exact chances: distributions of whole numbers, and what the odds of a shot are made of.

A ``Distribution`` maps a value to its probability, as ``Fraction`` (exact) while it is built;
``floats`` turns it into what the views print. The dice of the rule texts are small (2D6,
1D6, 1D20, pools of D6), so sums are convolved exactly instead of sampled.

``ShotSpec`` says what a shot is (weapon, point, range, the GM's figures); ``StructureOdds``
is what one structure may suffer from it; ``RoundsOdds`` how many hits a structure takes to
fall. The rulesets' odds (``harris.odds``, ``armory.odds``) fill these; ``rules.odds`` is
the front the window and the command line call.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from statistics import NormalDist

from siegeboard.model.weapon import Weapon
from siegeboard.rules.messages import _, ngettext

Distribution = dict[int, Fraction]


def certain(value: int) -> Distribution:
    return {value: Fraction(1)}


def die(sides: int) -> Distribution:
    """One fair die of ``sides`` sides."""
    return {value: Fraction(1, sides) for value in range(1, sides + 1)}


def convolve(first: Mapping[int, Fraction], second: Mapping[int, Fraction]) -> Distribution:
    """The distribution of the sum of two independent values."""
    out: Distribution = {}
    for a, pa in first.items():
        for b, pb in second.items():
            out[a + b] = out.get(a + b, Fraction(0)) + pa * pb
    return out


_SUMS: dict[tuple[int, int], Distribution] = {}


def dice_sum(count: int, sides: int = 6) -> Distribution:
    """The total of ``count`` dice of ``sides`` sides (0 dice: certainly 0). Cached."""
    key = (count, sides)
    if key not in _SUMS:
        total = certain(0)
        for _ in range(count):
            total = convolve(total, die(sides))
        _SUMS[key] = total
    return _SUMS[key]


def power(dist: Mapping[int, Fraction], times: int) -> Distribution:
    """The sum of ``times`` independent draws of ``dist``."""
    total = certain(0)
    for _time in range(times):
        total = convolve(total, dist)
    return total


def collapse_damage_one() -> Distribution:
    """H7: one person's damage when a structure collapses on them: 1D6 hits of 1D6 each
    (a compound sum: the number of dice is itself a die)."""
    out: Distribution = {}
    for hits, p_hits in die(6).items():
        for total, p_total in dice_sum(hits).items():
            out[total] = out.get(total, Fraction(0)) + p_hits * p_total
    return out


def mix(parts: Iterable[tuple[Fraction, Mapping[int, Fraction]]]) -> Distribution:
    """The mixture: with probability p, the value is drawn from that distribution."""
    out: Distribution = {}
    for weight, dist in parts:
        for value, p in dist.items():
            out[value] = out.get(value, Fraction(0)) + weight * p
    return out


def add_to(dist: Distribution, value: int, p: Fraction) -> None:
    dist[value] = dist.get(value, Fraction(0)) + p


def floats(dist: Mapping[int, Fraction]) -> dict[int, float]:
    """Sorted by value, probabilities as floats (what is printed and sent as JSON)."""
    return {value: float(dist[value]) for value in sorted(dist) if dist[value]}


def mean(dist: Mapping[int, float | Fraction]) -> float:
    return float(sum(value * p for value, p in dist.items()))


def quantile(dist: Mapping[int, float | Fraction], q: float) -> int | None:
    """The smallest value whose cumulative chance reaches ``q``; None if it never does."""
    running = 0.0
    for value in sorted(dist):
        running += float(dist[value])
        if running >= q - 1e-12:
            return value
    return None


def one_in(p: float) -> str:
    """A chance in words a table reads: "1 in 6", "certain", "never", "83%"."""
    if p >= 1 - 1e-12:
        return _("certain")
    if p <= 1e-12:
        return _("never")
    for denominator in (2, 3, 4, 5, 6, 8, 10, 12, 20, 36):
        for numerator in range(1, denominator):
            if abs(p - numerator / denominator) < 1e-9:
                return _("{numerator} in {denominator}").format(numerator=numerator,
                                                                denominator=denominator)
    return f"{100 * p:.0f}%" if p >= 0.01 else f"{100 * p:.2f}%"


@dataclass(frozen=True)
class ShotSpec:
    """One shot as the GM would fire it. ``target_id`` None: the structure under ``point``.

    DP ruleset: ``range_m`` (the band) and ``modifier``. Hull ruleset: ``successes`` and
    ``boons`` as entered, or ``pool`` D6 to roll (each die of ``pool_success`` or more a
    Success, each 6 also a Boon: the siege's house rule, A12); ``through_slit`` for a
    pillbox's firing slit.
    """

    weapon: Weapon
    point: tuple[float, float]
    range_m: float | None = None
    target_id: str | None = None
    modifier: int = 0
    successes: int = 0
    boons: int = 0
    pool: int | None = None
    pool_success: int = 5
    through_slit: bool = False


@dataclass
class FireOdds:
    """A fire the shot may start (or raise, DP ruleset: H9), its chances of the shot itself.

    ``level`` {level it starts at: chance} (its total is the chance a fire starts),
    ``wild`` the chance it starts out of control, ``turns_to_wild`` for a fire that does not:
    {turns until it is, unfought: chance} (a turn is 5 s). Hull ruleset: ``level`` is {1:
    chance it catches}, ``rounds_to_breach`` the rounds of burning (1 Hull a round) until
    it is Breached.
    """

    level: Distribution = field(default_factory=dict)
    wild: Fraction = Fraction(0)
    turns_to_wild: Distribution = field(default_factory=dict)
    rounds_to_breach: int | None = None


@dataclass
class StructureOdds:
    """What one structure may suffer from one shot, given its state now.

    ``struck``: the shot hits it (the others are in the blast's reach). Probabilities are
    of the state *after* the shot, so a structure already in that state has 1. ``left`` is
    the distribution of DP left (DP ruleset) or of Hull suffered (Hull ruleset); ``people``
    the total damage those inside take (personnel D6 and collapse hits), ``people_dice``
    the personnel D6 rolled ({count: probability}). Hull ruleset: ``p_penetrate`` is the
    chance the hit deals any Hull damage after Armor. Distributions may be shared between
    results (cached): read them, do not change them.
    """

    id: str
    name: str
    struck: bool
    figure: str                      # "dp_after" or "hull_suffered_after"
    now: int                         # DP now, or Hull suffered now
    of: int                          # original DP, or the Hull
    p_penetrate: Fraction | None = None
    p_collapse: Fraction | None = None
    p_cleared: Fraction | None = None
    p_cracked: Fraction | None = None
    p_breached: Fraction | None = None
    p_ignite: Fraction = Fraction(0)
    left: Distribution = field(default_factory=dict)
    inner_left: Distribution | None = None  # a portcullis behind a gate (A5): Hull suffered
    people: Distribution = field(default_factory=lambda: certain(0))
    people_dice: Distribution = field(default_factory=lambda: certain(0))
    occupants: int = 0
    p_trapped: Fraction = Fraction(0)
    fire: FireOdds | None = None
    concussion: int = 0              # blast structures: the concussion they lose
    fallen: bool = False             # collapsed (or Breached) already before the shot
    squares_away: int | None = None

    @property
    def p_falls(self) -> Fraction:
        """Collapsed (DP) or Breached (Hull) after the shot."""
        return self.p_collapse if self.p_collapse is not None else (self.p_breached or Fraction(0))

    @property
    def p_people_hurt(self) -> Fraction:
        return 1 - self.people.get(0, Fraction(0))


CONFIDENCE = 0.95


def sampling_error(counts: list[int], trials: int, confidence: float = CONFIDENCE) -> float:
    """A bound on how far sampled chances are from the true ones: with ``confidence``, each of
    ``len(counts) + 1`` chances (each count over ``trials``, and the rest together) is within
    the returned amount of its true chance, all of them at once.

    Each chance gets a two-sided Agresti-Coull interval, at the level that makes them hold
    together (Bonferroni: the confidence's shortfall shared among them); the bound is the
    largest distance from a sampled chance to the far end of its interval. Unlike one
    standard error (right about two times in three for one bar), it is a bound a reader
    can take at its word."""
    if trials <= 0:
        return 0.0
    counts = list(counts) + [trials - sum(counts)]
    z = NormalDist().inv_cdf(1 - (1 - confidence) / (2 * len(counts)))
    widest = 0.0
    for count in counts:
        sampled = count / trials
        centre = (count + z * z / 2) / (trials + z * z)
        half = z * math.sqrt(centre * (1 - centre) / (trials + z * z))
        widest = max(widest, abs(centre - sampled) + half)
    return widest


@dataclass
class RoundsOdds:
    """How many hits bring a structure down: {hits: probability} within ``max_hits``.

    ``falls`` counts hits until it collapses (DP) or is Breached (Hull); ``cleared`` until
    it is cleared (DP ruleset; None otherwise). Probability missing from a distribution is
    the chance it still stands after ``max_hits``. ``exact`` is False for a sampled answer,
    whose ``trials`` and ``error`` are then given: with 95 % confidence every bar of
    ``falls`` (and the chance of still standing) is within ``error`` of its true chance
    (``sampling_error``).
    """

    target_id: str
    target_name: str
    falls: dict[int, float]
    cleared: dict[int, float] | None
    max_hits: int
    interval_turns: int
    exact: bool
    trials: int = 0
    error: float = 0.0
    word: str = "collapses"

    @property
    def median(self) -> int | None:
        return quantile(self.falls, 0.5)

    @property
    def p90(self) -> int | None:
        return quantile(self.falls, 0.9)

    def line(self) -> str:
        """"about 7 hits; 9 in 10 by 11": the answer in one line."""
        median, p90 = self.median, self.p90
        total = sum(self.falls.values())
        if median == 0:
            return _("{target_name} is down already").format(target_name=self.target_name)
        if median is None:
            return (_("{target_name}: {percent:.0f}% within {max_hits} hits (most likely it "
                      "still stands)").format(
                target_name=self.target_name, percent=100 * total, max_hits=self.max_hits))
        word = {"collapses": _("collapses"), "is Breached": _("is Breached")}.get(self.word,
                                                                                 self.word)
        head = ngettext("{target_name} {word}: about {median} hit",
                        "{target_name} {word}: about {median} hits", median).format(
            target_name=self.target_name, word=word, median=median)
        if p90 is None:
            return _("{head}; 1 in 10 still stands after {max_hits}").format(
                head=head, max_hits=self.max_hits)
        return _("{head}; 9 in 10 by {p90}").format(head=head, p90=p90)
