"""``siegeboard odds``: the odds of a shot before it is fired (``rules.odds``), how many hits
bring the struck structure down, and what a bombardment leaves. Nothing is saved."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from types import ModuleType
from typing import Any

from siegeboard.cli.command import CommandError, Subcommand
from siegeboard.cli.help_text import only_under
from siegeboard.cli.values import (
    aimed_shot,
    check_shot_figures,
    find_named,
    numbers,
    within,
)
from siegeboard.model import bounds as limits
from siegeboard.model.siege import TURNS_PER_MINUTE, Siege
from siegeboard.persist import read_siege
from siegeboard.rules.registry import ruleset_of

MINUTES_PER_DAY = limits.TURNS_PER_DAY // TURNS_PER_MINUTE


def _odds(args: argparse.Namespace) -> int:
    """The odds of a shot before it is fired (rules.odds): nothing is saved."""
    from siegeboard.rules import odds

    siege_file = read_siege(args.file)
    siege = siege_file.siege
    battery, weapon, at = aimed_shot(args, siege_file)
    check_shot_figures(args.modifier, args.successes, args.boons, args.pool)
    if args.interval is not None:
        within("--interval", args.interval, 0, MINUTES_PER_DAY, "the minutes between hits")
    within("--max-hits", args.max_hits, 1, limits.ODDS_HITS_MAX, "the hits counted")
    if args.bombard is not None:
        within("--bombard", args.bombard, 1, limits.ODDS_HITS_MAX, "a bombardment's hits")
    if args.also and args.bombard is None:
        raise CommandError("--also: give --bombard N, the hits each battery fires")
    try:
        spec = odds.spec_for(siege, at, battery_id=battery.id if battery else None,
                             weapon_id=weapon.id, range_m=args.range, modifier=args.modifier,
                             successes=args.successes, boons=args.boons, pool=args.pool,
                             through_slit=args.slit, target_id=args.target)
        if spec.range_m is None:
            raise CommandError("--range: this rule text needs the range (or fire from a "
                               "--battery)")
        shot = odds.shot_odds(siege, spec)
        rounds = None
        if args.rounds and shot.target_id is not None:
            turns = round((1 if args.interval is None else args.interval) * TURNS_PER_MINUTE)
            rounds = odds.rounds_to_fall(siege, spec, shot.target_id, interval_turns=turns,
                                         max_hits=args.max_hits)
        bombardment = None
        if args.bombard is not None:
            shots = [(spec, shot.target_id)] + [
                (_also_shot(siege, odds, text, spec), None) for text in args.also or ()]
            turns = round((1 if args.interval is None else args.interval) * TURNS_PER_MINUTE)
            bombardment = odds.bombardment(siege, shots, hits=args.bombard, interval_turns=turns)
    except ValueError as error:
        raise CommandError(f"odds: {error}") from None
    if args.json:
        data = odds.as_json(shot, rounds)
        if bombardment is not None:
            data["bombardment"] = {"hits": args.bombard, "structures": bombardment}
        print(json.dumps(data, indent=1))
        return 0
    for line in odds.lines(shot, rounds):
        print(line)
    if bombardment is not None:
        print(f"Bombardment: {args.bombard} hits from each of {1 + len(args.also or ())} "
              "batteries; what is left:")
        rules = ruleset_of(siege)
        for key, left in bombardment.items():
            line = rules.bombardment_line(key, left)
            if line:  # only what the bombardment changes is listed
                print(f"  {line}")
    return 0


def _also_shot(siege: Siege, odds: ModuleType, text: str, first: Any) -> Any:
    """``--also BATTERY@X,Y``: another battery's shot for the bombardment, with the first
    shot's figures (modifier, Successes, Boons, pool)."""
    name, _, at = text.partition("@")
    if not at:
        raise CommandError(f"--also: {text!r} is not BATTERY@X,Y (e.g. --also Tank@108,22)")
    battery = find_named(siege.batteries, name, "battery", "--also")
    x, y = numbers(at, "--also", "BATTERY@X,Y", "Tank@108,22", count=2)
    return odds.spec_for(siege, (x, y), battery_id=battery.id, modifier=first.modifier,
                         successes=first.successes, boons=first.boons, pool=first.pool)


def _add_odds_parser(sub: Any) -> None:
    shot = sub.add_parser(
        "odds", help="the odds of a shot before it is fired; how many hits bring it down",
        description="Print what a shot at X,Y would probably do to the structure it strikes "
        "and to every structure in its blast's reach: the chances to penetrate, collapse or "
        "be cleared (DP) or be Cracked or Breached (Hull), to catch fire, the distribution "
        "of what is left and of the damage to those inside. Exact, from the rule text's own "
        "numbers. --rounds adds how many hits bring the struck structure down. FILE is not "
        "changed.")
    shot.add_argument("file", type=Path, metavar="FILE.siege")
    shot.add_argument("--at", required=True, metavar="X,Y", help="the point aimed at, in metres")
    shot.add_argument("--battery", metavar="NAME", help="fire from this battery (id or name)")
    shot.add_argument("--weapon", metavar="NAME",
                      help="weapon id or name (default: the battery's weapon)")
    shot.add_argument("--range", type=float, metavar="M",
                      help="the range in metres (default: from the battery)")
    shot.add_argument("--target", metavar="ID", help="the structure hit (default: the one at X,Y)")
    shot.add_argument("--modifier", type=int, default=0,
                      help="GM's modifier to penetration" + only_under("modifier"))
    shot.add_argument("--successes", type=int, default=0,
                      help="Successes" + only_under("successes"))
    shot.add_argument("--boons", type=int, default=0, help="Boons" + only_under("boons"))
    shot.add_argument("--pool", type=int, metavar="N",
                      help="roll N D6 for Successes and Boons instead"
                      + only_under("successes"))
    shot.add_argument("--slit", action="store_true",
                      help="through a firing slit" + only_under("through_slit"))
    shot.add_argument("--rounds", action="store_true",
                      help="also: how many hits until it collapses or is Breached")
    shot.add_argument("--interval", type=float, metavar="MIN",
                      help="minutes of the clock between hits for --rounds (1)")
    shot.add_argument("--max-hits", type=int, default=60, metavar="N",
                      help="count hits up to N for --rounds (60)")
    shot.add_argument("--bombard", type=int, metavar="N",
                      help="also: N hits from the battery (and each --also), what is left")
    shot.add_argument("--also", action="append", metavar="BATTERY@X,Y",
                      help="another battery of the bombardment and its aim point (repeat)")
    shot.add_argument("--json", action="store_true", help="print the figures as JSON")


ODDS = Subcommand("odds", _add_odds_parser, _odds)
