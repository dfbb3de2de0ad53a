"""The subcommands that play: ``fire`` (a shot through the rules engine) and ``advance`` (the
clock), each saved over the file it read, with the window's reproducible dice unless the GM
types them (``--dice``) or is asked for them (``--ask``)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from siegeboard.cli.command import CommandError, CommandFailed, Subcommand
from siegeboard.cli.files import save, writing
from siegeboard.cli.help_text import only_under
from siegeboard.cli.values import (
    aimed_shot,
    check_shot_figures,
    parse_dice,
)
from siegeboard.model.actions import Action, AdvanceClock, FireAt
from siegeboard.model.siege import TURNS_PER_MINUTE, Siege
from siegeboard.persist import SiegeFile, read_siege
from siegeboard.rules import registry
from siegeboard.rules.dice import (
    AskingDice,
    DiceCancelled,
    RandomDice,
    TypedFirstDice,
    check_answer,
    parse_table_dice,
    roll_prompt,
    siege_dice,
)
from siegeboard.rules.engine import RuleError, apply_in_place
from siegeboard.rules.registry import ruleset_of


def reproducible_dice(siege: Siege) -> RandomDice:
    """The window's dice for the next action (``siege_dice``, first attempt): the same file
    and command give the same rolls here and in the window, and each new action rolls afresh."""
    return siege_dice(siege.dice_seed, siege.log[-1].seq + 1 if siege.log else 1)


def ask_on_terminal(count: int, sides: int, label: str | None) -> list[int] | None:
    """``--ask``: one roll asked on the terminal (``input()``); blank lets the program roll
    it, "q" (or the end of input) cancels the action. A wrong answer is asked again."""
    while True:
        try:
            text = input(f"{roll_prompt(count, sides, label)}\n  dice rolled (blank: roll them "
                         "for me, q: cancel the action): ")
        except EOFError:
            raise DiceCancelled(f"no answer for {roll_prompt(count, sides, label)}") from None
        if text.strip().casefold() in ("q", "quit", "cancel"):
            raise DiceCancelled(f"cancelled at {roll_prompt(count, sides, label)}")
        try:
            values = parse_table_dice(text)
        except ValueError as error:
            print(f"  {error}")
            continue
        problem = values is not None and check_answer(values, count, sides)
        if not problem:
            return values
        print(f"  {problem}")


def _apply_and_save(path: Path, siege_file: SiegeFile, action: Action, dice_text: str | None,
                    as_json: bool,
                    force: bool = False, ask: bool = False) -> int:
    siege = siege_file.siege
    if dice_text is not None and not dice_text.strip():
        raise CommandError("--dice: no dice given; give the dice rolled at the table (e.g. --dice "
                           "3,5,1), or leave --dice out to let the program roll")
    program = reproducible_dice(siege)
    fallback = AskingDice(ask_on_terminal, program) if ask else program
    # The program's own dice go in bare when none are typed: a long advance draws its many
    # dice in one call.
    dice = TypedFirstDice(parse_dice(dice_text), fallback) if dice_text else fallback
    try:
        outcome = apply_in_place(siege, action, dice)
    except DiceCancelled as error:
        raise CommandFailed(f"{error}: nothing has changed") from None
    except RuleError:
        raise
    except ValueError as error:  # a typed die that its die cannot show (a 9 on a D6)
        raise CommandError(f"--dice: {error}") from None
    if isinstance(dice, TypedFirstDice) and dice.remaining:
        used = len(outcome.entry.dice_values())
        raise CommandError(
            f"--dice: {dice.remaining} more {'die' if dice.remaining == 1 else 'dice'} than "
            f"the action needs (it rolled {used}; not needed: "
            f"{','.join(map(str, dice.unused))}); nothing has changed")
    save(path, siege_file, force)
    entry = outcome.entry
    if as_json:
        print(json.dumps({
            "file": str(path), "seq": entry.seq, "turn": entry.turn, "square": entry.square,
            "clock": siege.clock.label(), "lines": list(entry.lines),
            "rolls": [roll.model_dump() for roll in entry.rolls],
            "events": [event.model_dump() for event in entry.events],
            "touched": entry.touched,
        }, indent=1))
    else:
        for line in entry.lines:
            print(line)
        rolled = [roll for roll in entry.rolls if roll.typed < len(roll.values)]
        if rolled and (dice_text or ask):  # the GM gave dice: say which the program rolled
            print("Rolled by the program: " + "; ".join(
                f"{roll.label}: {','.join(map(str, roll.values[roll.typed:]))}"
                for roll in rolled))
    return 0


def _fire(args: argparse.Namespace) -> int:
    with writing(args.file):
        return _fire_locked(args)


def _fire_locked(args: argparse.Namespace) -> int:
    siege_file = read_siege(args.file)
    siege = siege_file.siege
    battery, weapon, at = aimed_shot(args, siege_file)
    if args.target and args.target not in siege.structures:
        raise CommandError(f"--target: no structure with id {args.target!r} in this siege")
    check_shot_figures(args.modifier, args.successes, args.boons)
    rules = ruleset_of(siege)
    if args.slit and "through_slit" not in rules.fire_inputs:
        slits = " or ".join(other.short for other in registry.offering("through_slit"))
        raise CommandError(f"--slit: a firing slit is of the {slits} ruleset; this siege plays "
                           f"the {rules.short} ruleset, where a shot has no slit to go through")
    action = FireAt(weapon_id=weapon.id, at=at, battery_id=battery.id if battery else None,
                    range_m=args.range, target_id=args.target, modifier=args.modifier,
                    successes=args.successes, boons=args.boons, through_slit=args.slit)
    return _apply_and_save(args.file, siege_file, action, args.dice, args.json, args.force,
                           args.ask)


def _advance(args: argparse.Namespace) -> int:
    with writing(args.file):
        return _advance_locked(args)


def _advance_locked(args: argparse.Namespace) -> int:
    siege_file = read_siege(args.file)
    turns = args.turns if args.turns is not None else args.minutes * TURNS_PER_MINUTE
    try:
        action = AdvanceClock(turns=turns)
    except ValidationError as error:
        option = "--turns" if args.turns is not None else "--minutes"
        raise CommandError(f"{option}: {turns} turns: {error.errors()[0]['msg'].lower()} "
                           "(the clock advances by 1 turn up to a day at a time)") from None
    return _apply_and_save(args.file, siege_file, action, args.dice, args.json, args.force)


def _add_fire_parser(sub: Any) -> None:
    fire = sub.add_parser(
        "fire", help="fire a weapon at a point, save the siege, print the log lines",
        description="Fire a weapon at a point of FILE through the rules engine, save FILE "
        "and print the log lines. Without --dice the dice are rolled, seeded from the siege "
        "so the same file and command give the same result.")
    fire.add_argument("file", type=Path, metavar="FILE.siege")
    fire.add_argument("--weapon", metavar="NAME",
                      help="weapon id or name (default: the battery's weapon)")
    source = fire.add_mutually_exclusive_group(required=True)
    source.add_argument("--battery", metavar="NAME", help="fire from this battery (id or name)")
    source.add_argument("--range", type=float, metavar="M", help="fire at this range in metres")
    fire.add_argument("--at", required=True, metavar="X,Y", help="the point aimed at, in metres")
    fire.add_argument("--target", metavar="ID", help="the structure hit (default: the one at X,Y)")
    fire.add_argument("--dice", metavar="D1,D2,...",
                      help="dice rolled at the table, in order: used first, the program rolls "
                           "the rest (and says which); more than the shot needs is refused")
    fire.add_argument("--ask", action="store_true",
                      help="ask on the terminal for each roll as the shot needs it (blank: "
                           "the program rolls it)")
    fire.add_argument("--modifier", type=int, default=0,
                      help="GM's modifier to penetration" + only_under("modifier"))
    fire.add_argument("--successes", type=int, default=0,
                      help="Successes" + only_under("successes"))
    fire.add_argument("--boons", type=int, default=0, help="Boons" + only_under("boons"))
    fire.add_argument("--slit", action="store_true",
                      help="through a firing slit" + only_under("through_slit"))
    fire.add_argument("--json", action="store_true", help="print the log entry as JSON")
    fire.add_argument("--force", action="store_true", help="save even a read-only FILE")


def _add_advance_parser(sub: Any) -> None:
    advance = sub.add_parser(
        "advance", help="run the clock (fires grow, burn and spread), save, print the log",
        description="Advance FILE's clock through the rules engine (a turn is 5 s, a minute "
        "12 turns), save FILE and print the log lines.")
    advance.add_argument("file", type=Path, metavar="FILE.siege")
    span = advance.add_mutually_exclusive_group(required=True)
    span.add_argument("--turns", type=int, metavar="N", help="advance N turns of 5 s")
    span.add_argument("--minutes", type=int, metavar="N", help="advance N minutes")
    advance.add_argument("--dice", metavar="D1,D2,...",
                         help="dice rolled at the table, in order: used first, the clock rolls "
                              "the rest (it never asks)")
    advance.add_argument("--json", action="store_true", help="print the log entry as JSON")
    advance.add_argument("--force", action="store_true", help="save even a read-only FILE")


FIRE = Subcommand("fire", _add_fire_parser, _fire)
ADVANCE = Subcommand("advance", _add_advance_parser, _advance)
