"""The sampled rounds-to-fall states a bound on its error that holds: over seeded runs, every
bar of the sampled distribution lies within the stated error of the exact one (95 %
confidence for all bars at once: at most one run in twenty may miss)."""

from __future__ import annotations

from fractions import Fraction

from siegeboard.model import RangeBand, Weapon
from siegeboard.model.numbers import half_up
from siegeboard.rules import odds
from siegeboard.rules.chances import ShotSpec, sampling_error


def _exact_hits_to_collapse(loss_needed: int, attack: dict[int, Fraction], max_hits: int):
    """P(the cumulative loss first reaches ``loss_needed`` on hit k), by dynamic programming."""
    standing = {0: Fraction(1)}
    out = {}
    for k in range(1, max_hits + 1):
        nxt: dict[int, Fraction] = {}
        fallen = Fraction(0)
        for lost, p in standing.items():
            for value, q in attack.items():
                if lost + value >= loss_needed:
                    fallen += p * q
                else:
                    nxt[lost + value] = nxt.get(lost + value, Fraction(0)) + p * q
        if fallen:
            out[k] = fallen
        standing = nxt
    return out


def test_every_bar_lies_within_the_stated_error_over_twenty_seeded_runs(harris_siege_factory):
    siege = harris_siege_factory()
    town = siege.structures["town"]
    siege.structures["town"] = town.model_copy(update={"armor": 10, "dp_original": 40,
                                                        "dp": 40})
    siege.weapons["gun"] = Weapon(id="gun", name="Gun", large_calibre=True, damage=0,
                                  range_bands=[RangeBand(up_to_m=1000, penetration=0)])
    # H4 against AV 10, penetration 2D6: above 10 the penetration, 5-10 half of it, below
    # 5 (not a small arm) 1. H7: it collapses at 20 DP or less, once 20 are lost.
    attack: dict[int, Fraction] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            s = a + b
            value = s if s > 10 else half_up(s) if 2 * s >= 10 else 1
            attack[value] = attack.get(value, Fraction(0)) + Fraction(1, 36)
    exact = _exact_hits_to_collapse(20, attack, 60)
    point = (44.0, 5.0)
    spec = ShotSpec(weapon=siege.weapons["gun"], point=point, range_m=100.0)
    missed = 0
    for seed in range(20):
        rounds = odds.rounds_to_fall(siege, spec, "town", interval_turns=0, seed=seed,
                                     trials=4000)
        values = set(exact) | set(rounds.falls)
        worst = max(abs(rounds.falls.get(k, 0.0) - float(exact.get(k, 0))) for k in values)
        missed += worst > rounds.error
    assert missed <= 1


def test_the_bound_is_wider_than_one_standard_error_and_shrinks_with_trials():
    # One bar of a half, 4,000 trials: one standard error is 0.79 points; two bars at 95 %
    # together need about 2.2 standard errors.
    bound = sampling_error([2000], 4000)
    assert 0.017 < bound < 0.019
    assert sampling_error([20000], 40000) < bound / 3
    assert sampling_error([], 4000) > 0  # nothing fell: still no more sure than the trials
