"""The ``siegeboard`` command: opens the board; subcommands for headless work."""

from __future__ import annotations

import argparse
import contextlib
import difflib
import json
import math
import os
import sys
import warnings
from pathlib import Path

from pydantic import ValidationError

from siegeboard import __version__
from siegeboard.model.actions import AdvanceClock, FireAt
from siegeboard.model.siege import TURNS_PER_MINUTE
from siegeboard.model import bounds as limits
from siegeboard.model.weapon import MAX_RANGE_M
from siegeboard.persist import (
    SiegeFileChanged, SiegeFileError, SiegeFileLocked, SiegeFileReadOnly, hold_lock, read_siege,
    write_sample, write_siege,
)
from siegeboard.persist.samples import SAMPLES, sample_name
from siegeboard.report.bounds import board_bounds, contains
from siegeboard.report.options import PAPER_SIZES, SnapshotOptions, parse_scale
from siegeboard.report.table import structure_rows
from siegeboard.rules.arsenal import available_weapons
from siegeboard.rules.dice import (
    MAX_SEED, AskingDice, DiceCancelled, RandomDice, TypedFirstDice, check_answer,
    fresh_dice_seed, parse_table_dice, roll_prompt, siege_dice)
from siegeboard.rules.engine import RuleError, apply_in_place
from siegeboard.rules import registry
from siegeboard.rules.registry import ruleset_of
from siegeboard.share.headless import add_serve_parser, serve_command


EXIT_FAILED = 1
"""The command could not be carried out: a file refused, locked, changed, unwritable; a rule
refused the action. Nothing was saved."""
EXIT_USAGE = 2
"""The command line itself is wrong: an unknown command, option or value (argparse's code)."""


class CommandError(Exception):
    """Bad input to a subcommand: the message names the option and what to write instead.
    Exits with ``EXIT_USAGE``."""


class CommandFailed(Exception):
    """A well-formed command that could not be carried out (the file is locked, changed or
    read-only, a picture unreadable...): exits with ``EXIT_FAILED``."""


def _print_table(path: Path, as_json: bool) -> int:
    siege_file = read_siege(path)
    rows = structure_rows(siege_file.siege)
    if as_json:
        print(json.dumps({"name": siege_file.siege.name, "ruleset": siege_file.siege.ruleset,
                          "clock": siege_file.siege.clock.label(),
                          "written_by": siege_file.written_by, "structures": rows}, indent=1))
        return 0
    siege = siege_file.siege
    rules = ruleset_of(siege)
    # Files from before 0.2 do not say which siegeboard wrote them.
    writer = f"; written by {siege_file.written_by}" if siege_file.written_by else ""
    print(f"{siege.name}  ({rules.title}, {siege.clock.label()}{writer})")
    if not rows:
        print("(no structures)")
        return 0
    kinds = rules.catalogue.kinds  # kinds by their names (the JSON keeps the ids)
    rows = [row | {"kind": kinds[row["kind"]].name if row["kind"] in kinds else row["kind"]}
            for row in rows]
    headers = list(rows[0])
    widths = {h: max(len(h), *(len(str(row[h])) for row in rows)) for h in headers}
    print("  ".join(h.ljust(widths[h]) for h in headers))
    for row in rows:
        print("  ".join(str(row[h]).ljust(widths[h]) for h in headers))
    return 0


def _info(args: argparse.Namespace) -> int:
    return _print_table(args.file, args.json)


# -- parsing option values --------------------------------------------------------------------


def _numbers(text: str, option: str, form: str, example: str, count: int | None = None) -> list[float]:
    """Comma-separated numbers for ``option``; the error shows ``form`` and an example."""
    problem = CommandError(f"{option}: {text!r} is not {form} (e.g. {option} {example})")
    try:
        values = [float(part) for part in text.split(",")]
    except ValueError:
        raise problem from None
    if not all(math.isfinite(value) for value in values) or (count and len(values) != count):
        raise problem
    return values


def parse_point(text: str) -> tuple[float, float]:
    """"120,45" -> (120.0, 45.0): a point in map metres."""
    x, y = _numbers(text, "--at", "X,Y in metres", "120,45", count=2)
    return x, y


def parse_dice(text: str) -> list[int]:
    """"3,5,1" -> [3, 5, 1]: the dice rolled at the table, in the order the rules ask."""
    form = "dice values separated by commas, each a whole number 1 or more"
    if not text.strip():
        raise CommandError(f"--dice: no dice given; give them in order (e.g. --dice 3,5,1), "
                           "or leave --dice out to have them rolled")
    values = _numbers(text, "--dice", form, "3,5,1")
    if any(value != int(value) or value < 1 for value in values):
        raise CommandError(f"--dice: {text!r} is not {form} (e.g. --dice 3,5,1)")
    return [int(value) for value in values]


def parse_view(text: str) -> tuple[float, float, float, float]:
    form = "MINX,MINY,MAXX,MAXY in metres with MAXX > MINX and MAXY > MINY"
    minx, miny, maxx, maxy = _numbers(text, "--view", form, "0,0,120,80", count=4)
    if maxx <= minx or maxy <= miny:
        raise CommandError(f"--view: {text!r} is not {form} (e.g. --view 0,0,120,80)")
    return minx, miny, maxx, maxy


def find_named(table: dict, wanted: str, what: str, option: str):
    """The item of ``table`` whose id or name is ``wanted`` (case-insensitive)."""
    wanted_folded = wanted.strip().casefold()
    for item in table.values():
        if item.id.casefold() == wanted_folded:
            return item
    matches = [item for item in table.values() if item.name.casefold() == wanted_folded]
    if len(matches) == 1:
        return matches[0]
    known = ", ".join(f"{item.id} ({item.name})" for item in table.values()) or "none"
    if matches:
        raise CommandError(f"{option}: {len(matches)} {what}s are named {wanted!r}; give the id: "
                           f"{', '.join(item.id for item in matches)}")
    raise CommandError(f"{option}: no {what} {wanted!r} in this siege; its {what}s are: {known}")


# -- saving: one writer at a time, and only over the version read ----------------------------


@contextlib.contextmanager
def writing(path: Path):
    """Hold ``path``'s lock for a read-modify-write; a refusal names who holds it."""
    if not path.is_file():
        read_siege(path)  # no lock beside what is no siege: say what it is (missing, a pipe...)
    try:
        with hold_lock(path):
            yield
    except SiegeFileLocked as error:
        raise CommandFailed(str(error)) from None


def save(path: Path, siege_file, force: bool) -> None:
    """``write_siege`` with the command line's words for a changed or read-only file."""
    try:
        write_siege(path, siege_file, replace_read_only=force)
    except SiegeFileChanged:
        raise CommandFailed(f"{path} changed since it was read: run the command again") from None
    except SiegeFileReadOnly:
        raise CommandFailed(f"{path} is read-only: nothing was saved (give --force to replace "
                           "it all the same)") from None


# -- fire and advance -------------------------------------------------------------------------


def reproducible_dice(siege) -> RandomDice:
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


def _apply_and_save(path: Path, siege_file, action, dice_text: str | None, as_json: bool,
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
    battery = find_named(siege.batteries, args.battery, "battery", "--battery") if args.battery else None
    if args.weapon:
        arsenal = {weapon.id: weapon for weapon, _own in available_weapons(siege)}
        weapon = find_named(arsenal, args.weapon, "weapon", "--weapon")
    elif battery is not None:
        weapon = siege.weapons[battery.weapon_id]
    else:
        raise CommandError("--weapon: name the weapon to fire (its id or name)")
    at = parse_point(args.at)
    bounds = board_bounds(siege, siege_file.images)
    if not contains(bounds, at):
        raise CommandError(
            f"--at: ({at[0]:g}, {at[1]:g}) is off the map, which spans x {bounds[0]:g} to "
            f"{bounds[2]:g} m and y {bounds[1]:g} to {bounds[3]:g} m")
    if args.range is not None and not 0 <= args.range <= MAX_RANGE_M:  # NaN fails too
        raise CommandError(f"--range: {args.range:g} m; a range is 0 to {MAX_RANGE_M:,.0f} m")
    if args.target and args.target not in siege.structures:
        raise CommandError(f"--target: no structure with id {args.target!r} in this siege")
    within("--modifier", args.modifier, limits.MODIFIER_MIN, limits.MODIFIER_MAX,
           "the GM's modifiers")
    within("--successes", args.successes, 0, limits.SUCCESSES_MAX, "Successes")
    within("--boons", args.boons, 0, limits.BOONS_MAX, "Boons")
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


def within(option: str, value: int, low: int, high: int, what: str) -> None:
    """Refuse ``value`` outside ``low..high`` (RULINGS R3), naming the option and the bound."""
    if not low <= value <= high:
        shown = f"{value:,}" if abs(value) < 10**15 else f"{value:.3e}"
        raise CommandError(f"{option}: {shown} is out of bounds: {what} run from {low:,} to "
                           f"{high:,}")


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


# -- snapshot ---------------------------------------------------------------------------------


def _snapshot(args: argparse.Namespace) -> int:
    # Qt is loaded only for the commands that paint: info, fire and advance stay Qt-free.
    from siegeboard.report.snapshot import (
        SnapshotError, export_snapshot, mark_snapshot, silence_qt_messages, snapshot_cost,
    )

    silence_qt_messages()

    siege_file = read_siege(args.file)
    siege = siege_file.siege
    if args.side and not args.players:
        raise CommandError("--side: only with --players (the GM's copy shows both sides)")
    output = args.output
    if output.is_dir():  # a wrong -o is the command line's fault (exit 2), not a failure
        raise CommandError(f"-o: {output} is a folder; give a file name ending in .pdf, .png "
                           f"or .svg")
    if output.suffix.lower() not in (".pdf", ".png", ".svg"):
        raise CommandError(f"-o: {output.name}: unknown snapshot format "
                           f"{output.suffix.lower() or '(none)'!r}; name the output .pdf, .png "
                           f"or .svg")
    if not output.parent.is_dir():
        raise CommandError(f"-o: {output}: the folder {output.parent} does not exist")
    try:
        options = SnapshotOptions(
            copy="players" if args.players else "gm", greyscale=args.greyscale,
            paper=args.paper, orientation="portrait" if args.portrait else "landscape",
            view=parse_view(args.view) if args.view else None,
            scale=parse_scale(args.scale) if args.scale else None,
            since_turn=args.since, dpi=args.dpi, side=args.side)
    except ValueError as error:
        raise CommandError(f"snapshot options: {error}") from None
    try:
        cost = snapshot_cost(siege, siege_file.images, options, args.output.suffix.lower())
    except SnapshotError as error:
        raise CommandError(f"--view: {error}" if args.view else str(error)) from None
    if cost.problems() and not args.yes:
        raise CommandError(f"this snapshot is too large: {'; '.join(cost.problems())}; choose "
                           f"a smaller --scale, --dpi, --paper or --view, or give --yes to "
                           f"make it all the same")
    layouts = []
    try:
        written = export_snapshot(args.output, siege, siege_file.images, options,
                                  all_pages=args.all_pages, told=layouts.append)
    except SnapshotError as error:
        raise CommandFailed(str(error)) from None
    if options.scale is not None and layouts:  # how many sheets the tiling made
        print(f"siegeboard: {layouts[0].sheets_told()} at 1:{options.scale}", file=sys.stderr)
    if not args.no_record and siege.last_snapshot_turn != siege.clock.turn:
        # The painting took a while; the record is a read-modify-write of its own, of the file
        # as it is now, so that a shot saved meanwhile is kept.
        try:
            with writing(args.file):
                current = read_siege(args.file)
                if current.siege.last_snapshot_turn != siege.clock.turn:
                    mark_snapshot(siege)
                    current.siege.last_snapshot_turn = siege.last_snapshot_turn
                    save(args.file, current, args.force)
        except (SiegeFileError, CommandFailed) as error:
            for path in written:
                print(path)
            raise CommandFailed(f"the snapshot was written, but its turn was not recorded in "
                                f"{args.file.name} (give --no-record to leave it): "
                                f"{error}") from None
    for path in written:
        print(path)
    return 0


def _sample(args: argparse.Namespace) -> int:
    output = args.output or Path(sample_name(args.ruleset))
    if output.exists() and not args.force:
        raise CommandError(f"-o: {output} exists; choose another name, or add --force to "
                           "replace it")
    if not output.parent.is_dir():
        raise CommandError(f"-o: the folder {output.parent} does not exist")
    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        raise CommandError(f"--seed: a dice seed is 0 to {MAX_SEED}; {args.seed} is not")
    seed = fresh_dice_seed() if args.seed is None else args.seed
    print(write_sample(output, args.ruleset, dice_seed=seed))
    return 0


# -- odds -------------------------------------------------------------------------------------


def _odds(args: argparse.Namespace) -> int:
    """The odds of a shot before it is fired (rules.odds): nothing is saved."""
    from siegeboard.rules import odds
    from siegeboard.rules.arsenal import available_weapons, find_weapon

    siege_file = read_siege(args.file)
    siege = siege_file.siege
    battery = (find_named(siege.batteries, args.battery, "battery", "--battery")
               if args.battery else None)
    if args.weapon:
        table = {weapon.id: weapon for weapon, _own in available_weapons(siege)}
        weapon = find_named(table, args.weapon, "weapon", "--weapon")
    elif battery is not None:
        weapon = find_weapon(siege, battery.weapon_id)
        if weapon is None:
            raise CommandError(f"--battery: {battery.name}'s weapon {battery.weapon_id!r} is "
                               "not in this siege; give --weapon")
    else:
        raise CommandError("--weapon: name the weapon (its id or name), or give --battery")
    at = parse_point(args.at)
    bounds = board_bounds(siege, siege_file.images)
    if not contains(bounds, at):
        raise CommandError(
            f"--at: ({at[0]:g}, {at[1]:g}) is off the map, which spans x {bounds[0]:g} to "
            f"{bounds[2]:g} m and y {bounds[1]:g} to {bounds[3]:g} m")
    if args.range is not None and (not math.isfinite(args.range) or args.range < 0):
        raise CommandError(f"--range: {args.range:g} m; a range is 0 m or more")
    for option, value, top in (("--successes", args.successes, 50), ("--boons", args.boons, 50),
                               ("--pool", args.pool, 100), ("--modifier", args.modifier, 1000)):
        low = -1000 if option == "--modifier" else 0
        if value is not None and not low <= value <= top:
            raise CommandError(f"{option}: {value} is outside {low} to {top}")
    if args.interval is not None and not 0 <= args.interval <= 1440:
        raise CommandError(f"--interval: {args.interval:g} minutes; give 0 to 1440")
    if not 1 <= args.max_hits <= 500:
        raise CommandError(f"--max-hits: {args.max_hits}; give 1 to 500")
    if args.bombard is not None and not 1 <= args.bombard <= 500:
        raise CommandError(f"--bombard: {args.bombard} hits; give 1 to 500")
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


def _also_shot(siege, odds, text: str, first):
    """``--also BATTERY@X,Y``: another battery's shot for the bombardment, with the first
    shot's figures (modifier, Successes, Boons, pool)."""
    name, _, at = text.partition("@")
    if not at:
        raise CommandError(f"--also: {text!r} is not BATTERY@X,Y (e.g. --also Tank@108,22)")
    battery = find_named(siege.batteries, name, "battery", "--also")
    x, y = _numbers(at, "--also", "BATTERY@X,Y", "Tank@108,22", count=2)
    return odds.spec_for(siege, (x, y), battery_id=battery.id, modifier=first.modifier,
                         successes=first.successes, boons=first.boons, pool=first.pool)


def _add_odds_parser(sub) -> None:
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
                      help="GM's modifier to penetration" + _only_under("modifier"))
    shot.add_argument("--successes", type=int, default=0,
                      help="Successes" + _only_under("successes"))
    shot.add_argument("--boons", type=int, default=0, help="Boons" + _only_under("boons"))
    shot.add_argument("--pool", type=int, metavar="N",
                      help="roll N D6 for Successes and Boons instead"
                      + _only_under("successes"))
    shot.add_argument("--slit", action="store_true",
                      help="through a firing slit" + _only_under("through_slit"))
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


def _only_under(fire_input: str) -> str:
    """" (The Heavy Armory only)" for an input of a shot that only some rule texts take;
    "" for one that every rule text takes."""
    takers = registry.offering(fire_input)
    if len(takers) == len(registry.RULESETS):
        return ""
    return f" ({' and '.join(rules.title for rules in takers)} only)"


def _ruleset_choices(among=None) -> str:
    """The rule texts a --ruleset takes, each with its title: "harris: Sieges and
    Fortifications (DP, the default); armory: ..."."""
    return "; ".join(
        f"{rules.id}: {rules.title} ({rules.short}"
        + (", the default)" if rules is registry.DEFAULT else ")")
        for rules in registry.RULESETS.values() if among is None or rules.id in among)


def _import_kinds(role: str) -> str:
    """Each rule text's starting kind for ``role`` of an import: "harris: stone_house; ..."."""
    return "; ".join(f"{rules.id}: {rules.import_kinds[role]}"
                     for rules in registry.RULESETS.values() if role in rules.import_kinds)


COMMANDS = {"info": _info, "snapshot": _snapshot, "fire": _fire, "advance": _advance,
            "sample": _sample, "odds": _odds}


# -- import: another format's map as a new siege ----------------------------------------------


def _import(args: argparse.Namespace) -> int:
    from siegeboard.persist.formats import IMPORT_FORMATS, ImportOptions, format_for

    output: Path = args.output
    if output.suffix.lower() != ".siege":
        raise CommandError(f"-o: {output.name} must end in .siege (e.g. -o map.siege)")
    if output.exists() and not args.force:
        raise CommandError(f"-o: {output} already exists; choose another name or add --force "
                           f"to replace it")
    if not output.parent.is_dir():
        raise CommandError(f"-o: the folder {output.parent} does not exist")
    options = ImportOptions(
        ruleset=args.ruleset, cell_m=args.cell_m, wall_kind=args.wall_kind,
        wall_thickness_m=args.wall_thickness, stories=args.stories, closed_as=args.closed_as,
        objects=args.objects, building_kind=args.building_kind, object_kind=args.object_kind,
        door_kind=args.door_kind, gate_kind=args.gate_kind, gate_width_m=args.gate_width,
        pixels_per_metre=args.pixels_per_metre, name=args.name, page=args.page, dpi=args.dpi,
        scene=args.scene, **_real_map_options(args))
    try:
        options.resolved()
    except ValueError as error:
        raise CommandError(f"import options: {error}") from None
    imported = format_for(args.source, IMPORT_FORMATS).read(args.source, options)
    write_siege(output, imported)
    for line in imported.report.lines():
        print(line)
    print(f"Wrote {output}: {len(imported.siege.structures)} structures "
          f"({imported.siege.ruleset} ruleset).")
    return 0


def _add_import_parser(sub) -> None:
    from siegeboard.persist.formats import FIVE_FEET_M

    command = sub.add_parser(
        "import", help="make a new siege from a map: Universal VTT, Foundry VTT scene, plan "
        "image, PDF page, JPEG 2000, OpenStreetMap, GeoJSON",
        description="Make a new siege NEW.siege from SOURCE: a Universal VTT battle map "
        "(.dd2vtt, .df2vtt, .uvtt: its picture becomes the plan, its walls wall sections, its "
        "doors doors set into them), a Foundry VTT scene (an exported scene .json or a "
        "module's .db of scenes: walls, doors, grid; the background picture looked for in the "
        "folders above it), a plan image (PNG, JPEG, TIFF, WEBP, BMP), a page of a PDF "
        "(--page, --dpi), a JPEG 2000 picture (.jp2), an OpenStreetMap extract or a GeoJSON "
        "map. Prints what was read, made, clipped and left out. Never replaces a file unless "
        "--force.")
    command.add_argument("source", type=Path, metavar="SOURCE")
    command.add_argument("-o", "--output", type=Path, required=True, metavar="NEW.siege",
                         help="the siege file to write")
    command.add_argument("--force", action="store_true", help="replace NEW.siege if it exists")
    command.add_argument("--ruleset", choices=registry.ids(), default=registry.DEFAULT.id,
                         help=f"the rule text of the new siege: {_ruleset_choices()}")
    command.add_argument("--cell-m", type=float, default=FIVE_FEET_M, metavar="M",
                         help=f"the size of one grid cell of the map in metres ({FIVE_FEET_M}, "
                         f"5 ft; 2 for a 2 m grid)")
    command.add_argument("--wall-kind", metavar="KIND",
                         help=f"catalogue kind of the walls ({_import_kinds('wall_kind')})")
    command.add_argument("--wall-thickness", type=float, default=0.5, metavar="M",
                         help="wall thickness in metres (0.5)")
    command.add_argument("--stories", type=int, default=1, metavar="N",
                         help="stories of walls, doors and buildings (1)")
    command.add_argument("--closed-as", choices=("walls", "buildings"), default="walls",
                         help="a closed wall line becomes wall sections or one building (walls)")
    command.add_argument("--objects", action="store_true",
                         help="bring object outlines (pillars, furniture) in as structures")
    command.add_argument("--building-kind", metavar="KIND", help="catalogue kind of buildings")
    command.add_argument("--object-kind", metavar="KIND", help="catalogue kind of objects")
    command.add_argument("--door-kind", metavar="KIND",
                         help=f"catalogue kind of doors ({_import_kinds('door_kind')})")
    command.add_argument("--gate-kind", metavar="KIND",
                         help=f"catalogue kind of gates ({_import_kinds('gate_kind')})")
    command.add_argument("--gate-width", type=float, default=2.5, metavar="M",
                         help="a portal at least this wide is a gate (2.5 m)")
    command.add_argument("--pixels-per-metre", type=float, default=10.0, metavar="PX",
                         help="plan images: the picture's scale until calibrated (10)")
    command.add_argument("--name", help="the siege's name (default: SOURCE's name)")
    command.add_argument("--page", type=int, default=1, metavar="N",
                         help="PDF: the page that is the plan, counted from 1 (1)")
    command.add_argument("--dpi", type=float, default=150.0, metavar="DPI",
                         help="PDF: the resolution the page is drawn at, 10 to 1200 (150)")
    command.add_argument("--scene", metavar="NAME",
                         help="Foundry .db of scenes: the scene to import, by its name or "
                         "number (default: the first)")
    command.add_argument("--kinds", type=Path, metavar="MAPPING.json",
                         help="OpenStreetMap/GeoJSON: the kind mapping from tags to kinds (a "
                         "siegeboard_kinds JSON file; default: the ruleset's own)")
    command.add_argument("--bbox", metavar="W,S,E,N",
                         help="OpenStreetMap/GeoJSON: import only what lies in this box "
                         "(degrees of longitude and latitude)")
    command.add_argument("--frame", type=Path, metavar="OTHER.siege",
                         help="OpenStreetMap/GeoJSON: project into OTHER.siege's frame, so "
                         "the two line up")


def _real_map_options(args: argparse.Namespace) -> dict:
    """The kind mapping, box and frame of an OpenStreetMap or GeoJSON import."""
    from siegeboard.persist.formats.geo import parse_bbox
    from siegeboard.persist.formats.kinds import load_mapping

    found: dict = {}
    for flag, given, read in (("kinds", args.kinds,
                               lambda path: load_mapping(path).checked(args.ruleset)),
                              ("bbox", args.bbox, parse_bbox)):
        if given is not None:
            try:
                found[flag] = read(given)
            except ValueError as error:
                raise CommandError(f"--{flag}: {error}") from None
    if args.frame is not None:
        projection = read_siege(args.frame).siege.projection
        if projection is None:
            raise CommandError(f"--frame: {args.frame.name} was not imported from a real map, "
                               f"so it has no frame on the Earth")
        found["projection"] = projection
    return found


COMMANDS["import"] = _import


# -- export-vtt: the map as it stands, for a virtual tabletop ----------------------------------


def _export_vtt(args: argparse.Namespace) -> int:
    from siegeboard.report.vtt_export import VttChoices, export_vtt

    if args.output.suffix.lower() not in (".dd2vtt", ".uvtt", ".df2vtt"):
        raise CommandError(f"-o: {args.output.name} must end in .dd2vtt or .uvtt "
                           f"(e.g. -o castle.dd2vtt)")
    if args.side and not args.players:
        raise CommandError("--side: give --players too (the GM's copy shows both sides)")
    choices = VttChoices(look=args.look, cell=args.cell, pixels_per_grid=args.pixels_per_grid,
                         players=args.players, side=args.side)
    try:  # a choice out of its range is the command line's fault (exit 2)
        choices.check()
    except SiegeFileError as error:
        raise CommandError(str(error)) from None
    if args.output.is_dir() or not args.output.parent.is_dir():
        raise CommandError(f"-o: {args.output} is a folder" if args.output.is_dir() else
                           f"-o: {args.output}: the folder {args.output.parent} does not exist")
    siege_file = read_siege(args.file)
    print(export_vtt(args.output, siege_file, choices))
    return 0


def _add_export_vtt_parser(sub) -> None:
    from siegeboard.persist.formats.uvtt_write import CELL_WORDS
    from siegeboard.report.map_picture import LOOK_WORDS
    from siegeboard.report.vtt_export import DEFAULT_CELL, DEFAULT_LOOK, DEFAULT_PIXELS_PER_GRID

    command = sub.add_parser(
        "export-vtt", help="export the map as it stands to a Universal VTT file (.dd2vtt)",
        description="Write FILE as a Universal VTT map (format 0.3) for Foundry, Fantasy "
        "Grounds, MapTool or Owlbear: the map as it stands as a picture (a battle map by "
        "default), its standing walls and buildings (and their courtyards) as walls, breaches "
        "as gaps with their rubble as object outlines, doors and gates as closed doors across "
        "their openings (none where breached), fires as lights, and the map data's "
        "attribution. One cell of the file is 5 ft (1.524 m, what most tabletops measure a "
        "cell as) unless --cell 2m (the board's own grid). docs/vtt.md tells what each "
        "tabletop makes of it.")
    command.add_argument("file", type=Path, metavar="FILE.siege")
    command.add_argument("-o", "--output", type=Path, required=True, metavar="OUT.dd2vtt")
    command.add_argument("--look", choices=tuple(LOOK_WORDS), default=DEFAULT_LOOK,
                         help="map: a battle map, the plan and its damage (rubble, scorch, "
                              "fire), no labels or grid; board: the board as the GM sees it "
                              f"({DEFAULT_LOOK})")
    command.add_argument("--cell", choices=tuple(CELL_WORDS), default=DEFAULT_CELL,
                         help="how long one cell of the file is: "
                              + "; ".join(f"{key}: {words}" for key, words in CELL_WORDS.items())
                              + f" ({DEFAULT_CELL})")
    command.add_argument("--pixels-per-grid", type=int, default=None, metavar="N",
                         help="pixels a cell (default: the plan's own resolution, at least "
                              f"{DEFAULT_PIXELS_PER_GRID}; {DEFAULT_PIXELS_PER_GRID} with no "
                              "plan)")
    command.add_argument("--players", action="store_true",
                         help="the players' look and only what they may see")
    command.add_argument("--side", choices=("besieger", "defender"),
                         help="with --players: the players' side (the other side's "
                              "batteries are left out)")


COMMANDS["export-vtt"] = _export_vtt


# -- story: the siege told again, for the table -------------------------------------------------


def _story(args: argparse.Namespace) -> int:
    from siegeboard.report.snapshot import silence_qt_messages
    from siegeboard.report.story import StoryError, export_story, parse_entries

    silence_qt_messages()
    if args.output.suffix.lower() not in (".gif", ".pdf"):
        raise CommandError(f"-o: {args.output.name} must end in .gif (animated) or .pdf "
                           f"(a page an entry)")
    if args.side and not args.players:
        raise CommandError("--side: give --players too (the GM's copy shows both sides)")
    siege_file = read_siege(args.file)
    try:
        positions = parse_entries(args.entries, len(siege_file.siege.log))
    except ValueError as error:
        raise CommandError(f"--entries: {error}") from None
    try:
        print(export_story(args.output, siege_file, positions, width=args.width,
                           players=args.players, side=args.side))
    except StoryError as error:
        raise CommandError(str(error)) from None
    return 0


def _add_story_parser(sub) -> None:
    from siegeboard.report.story import DEFAULT_WIDTH

    command = sub.add_parser(
        "story", help="tell the siege again: an animated GIF or a PDF, a frame an action",
        description="Write FILE's siege told again, from before the first action to now: an "
        "animated GIF (a frame an action) or a PDF (a page an entry, its caption as text). "
        "The players' copy draws each moment as that side knows it.")
    command.add_argument("file", type=Path, metavar="FILE.siege")
    command.add_argument("-o", "--output", type=Path, required=True, metavar="OUT",
                         help="OUT.gif or OUT.pdf")
    command.add_argument("--entries", default="all", metavar="LIST",
                         help="all (default), or entries such as 1,3,5-8")
    command.add_argument("--width", type=int, default=DEFAULT_WIDTH, metavar="PX",
                         help=f"a GIF frame's width in pixels ({DEFAULT_WIDTH})")
    command.add_argument("--players", action="store_true",
                         help="the players' copy: only what they know")
    command.add_argument("--side", choices=("besieger", "defender"),
                         help="with --players: the copy of this side's players (default: the "
                              "siege's players' side)")


COMMANDS["story"] = _story


# -- trace: a building's outline off a plan image ---------------------------------------------


def _trace(args: argparse.Namespace) -> int:
    """The outline of the building at --at on PLAN (or of every building of one colour in
    --box), as corners in image pixels (and in map metres with --siege's calibration), one
    per line or as JSON."""
    from siegeboard.geometry import GRID_M
    from siegeboard.plan import (
        DEFAULT_TOLERANCE, TOLERANCE_RANGE, colour_at, legend_entry_for, read_plan, trace,
        trace_box,
    )

    if args.at is None and args.box is None:
        raise CommandError("give --at PX,PY (a point inside a building) or --box X0,Y0,X1,Y1 "
                           "(every building of one colour in a box)")
    at = _numbers(args.at, "--at", "PX,PY in image pixels", "419,840", count=2) \
        if args.at is not None else None
    box = _numbers(args.box, "--box", "X0,Y0,X1,Y1 in image pixels", "300,770,435,905",
                   count=4) if args.box is not None else None
    if box is not None and (box[0] == box[2] or box[1] == box[3]):
        raise CommandError(f"--box {args.box}: the box has no area (X0 = X1 or Y0 = Y1)")
    colour = None
    if args.colour is not None:
        text = args.colour.strip().lstrip("#")
        if len(text) != 6 or any(c not in "0123456789abcdefABCDEF" for c in text):
            raise CommandError(f"--colour {args.colour}: give it as #rrggbb (e.g. #ebdfac)")
        red, green, blue = (int(text[i:i + 2], 16) for i in (0, 2, 4))
        colour = (blue, green, red)   # the plan's pixels are blue, green, red
    if args.tolerance is None:
        args.tolerance = DEFAULT_TOLERANCE
    low, high = TOLERANCE_RANGE
    if not low <= args.tolerance <= high:
        raise CommandError(f"--tolerance: {args.tolerance} is not from {low} to {high} "
                           "(the largest difference per colour channel, e.g. --tolerance 32)")
    calibration, origin, legend = None, (0.0, 0.0), ()
    if args.siege is not None:
        siege = read_siege(args.siege).siege
        if siege.map is None:
            raise CommandError(f"--siege: {args.siege} has no plan image, so no calibration "
                               "to turn pixels into metres (import and calibrate one first)")
        calibration, origin, legend = siege.map, siege.grid_origin, siege.map.legend
    elif args.snap:
        raise CommandError("--snap: snapping to the 2 m grid needs the plan's calibration "
                           "(give --siege FILE.siege)")
    if not args.plan.is_file():
        raise CommandFailed(f"{args.plan}: no such file")
    try:
        image = read_plan(args.plan)
    except (OSError, ValueError) as error:
        raise CommandFailed(f"{args.plan}: {error}") from None
    how = dict(tolerance=args.tolerance, rectangle=args.rectangle, calibration=calibration,
               snap_step=GRID_M if args.snap else None, grid_origin=origin)
    if box is not None:
        start = at or (box[0], box[1])
        try:
            if colour is None:
                colour = colour_at(image, start)
            outlines = trace_box(image, ((box[0], box[1]), (box[2], box[3])), at=at,
                                 colour=colour, **how)
        except ValueError as error:
            raise CommandError(f"--box {args.box}: {error}") from None
        if not outlines:
            raise CommandError(f"--box {args.box}: no building of the colour "
                               f"{_hex(colour)} lies wholly in the box (give --at a point "
                               f"inside one, or --colour)")
        if args.json:
            print(json.dumps({"plan": str(args.plan), "box": box, "at": at,
                              "tolerance": args.tolerance, "rectangle": args.rectangle,
                              "colour": _hex(colour),
                              "buildings": [_outline_json(o, legend, args.tolerance)
                                            for o in outlines]}))
            return 0
        for number, outline in enumerate(outlines, start=1):
            entry = legend_entry_for(legend, outline.colour, args.tolerance)
            print(f"building {number}" + (f" ({entry.kind})" if entry else "") + ":")
            _print_outline(outline, "  ")
        return 0
    try:
        outline = trace(image, (at[0], at[1]), colour=colour, **how)
    except ValueError as error:   # NothingToTrace too
        raise CommandError(f"--at {args.at}: {error}") from None
    if args.json:
        result = {"plan": str(args.plan), "at": at, "tolerance": args.tolerance,
                  "rectangle": args.rectangle,
                  **_outline_json(outline, legend, args.tolerance)}
        print(json.dumps(result))
        return 0
    _print_outline(outline, "")
    return 0


def _hex(colour) -> str:
    """The plan's blue, green, red as #rrggbb (a grey plan's one channel three times)."""
    blue, green, red = colour[:3] if len(colour) >= 3 else tuple(colour) * 3
    return f"#{red:02x}{green:02x}{blue:02x}"


def _outline_json(outline, legend=(), tolerance: int = 32) -> dict:
    """An outline for --json; ``kind`` when the plan's legend (--siege) names its colour."""
    from siegeboard.plan import legend_entry_for

    result = {"colour": _hex(outline.colour), "clipped": outline.clipped,
              "pixels": [[round(x, 2), round(y, 2)] for x, y in outline.pixels]}
    entry = legend_entry_for(legend, outline.colour, tolerance)
    if entry is not None:
        result["kind"] = entry.kind
    if outline.metres is not None:
        result["metres"] = [[round(x, 3), round(y, 3)] for x, y in outline.metres]
    return result


def _print_outline(outline, indent: str) -> None:
    metres = outline.metres or [None] * len(outline.pixels)
    for (x, y), metre in zip(outline.pixels, metres):
        line = f"{indent}{x:.2f},{y:.2f}"
        print(line if metre is None else f"{line}\t{metre[0]:.3f},{metre[1]:.3f} m")


def _add_trace_parser(sub) -> None:
    trace = sub.add_parser(
        "trace", help="trace a building's outline off a plan image from a point inside it, "
        "or every building of one colour in a box",
        description="Print the outline of the region of like colour around --at on PLAN (a "
        "building on a scanned plan): its corners in image pixels (x right, y down, from the "
        "image's top-left corner), one per line, and in map metres with --siege. With --box, "
        "every building of one colour lying wholly in the box (the colour at --at, else "
        "--colour, else at the box's first corner; the building at --at too), as the Trace "
        "tool's Shift-drag does. With --siege, a colour its plan's legend names gives the "
        "kind too.")
    trace.add_argument("plan", type=Path, metavar="PLAN.png",
                       help="the plan image (PNG, JPEG, TIFF, WEBP, BMP)")
    trace.add_argument("--at", metavar="PX,PY",
                       help="a point inside the building, in image pixels")
    trace.add_argument("--box", metavar="X0,Y0,X1,Y1",
                       help="trace every building of one colour wholly inside this box "
                       "(image pixels)")
    trace.add_argument("--colour", "--color", metavar="#RRGGBB",
                       help="the colour to trace (default: the colour at --at)")
    trace.add_argument("--tolerance", type=int, metavar="N",  # default: plan's, read lazily
                       help="largest difference per colour channel, 0-255 (default 32)")
    trace.add_argument("--rectangle", action="store_true",
                       help="the smallest rotated rectangle around the building")
    trace.add_argument("--siege", type=Path, metavar="FILE.siege",
                       help="also give the outline in metres, with this siege's calibration")
    trace.add_argument("--snap", action="store_true",
                       help="with --siege: put the corners on the 2 m grid")
    trace.add_argument("--json", action="store_true",
                       help='print {"pixels": [[x, y], ...], "metres": [...], ...} as JSON '
                       '({"buildings": [...]} with --box)')


COMMANDS["trace"] = _trace
COMMANDS["serve"] = serve_command  # the players' devices (siegeboard.share.headless)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="siegeboard", description="A siege board for tabletop game masters. With no "
        "command, opens the board window (on FILE.siege if given).",
        epilog="Exit status: 0 done; 1 the command could not be carried out (a file refused, "
        "locked, changed or unwritable; nothing was saved); 2 the command line is wrong.")
    parser.add_argument("--version", action="version", version=f"siegeboard {__version__}")
    desktop = parser.add_mutually_exclusive_group()
    desktop.add_argument("--install-desktop", "--register-desktop", action="store_true",
                         help="add siegeboard to this user's desktop menu and open .siege files "
                              "with it (a double-click in the file manager; Windows: the Start "
                              "menu and Explorer; macOS: registers siegeboard.app)")
    desktop.add_argument("--uninstall-desktop", action="store_true",
                         help="remove what --install-desktop added")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    info = sub.add_parser("info", help="print a siege's structure table",
                          description="Print the structure table of FILE, sorted by square.")
    info.add_argument("file", type=Path, metavar="FILE.siege")
    info.add_argument("--json", action="store_true", help="print JSON instead of a table")

    snapshot = sub.add_parser(
        "snapshot", help="export a snapshot (map, structure table, log) to PDF, PNG or SVG",
        description="Export a snapshot of FILE without opening a window: the map with its "
        "legend and scale bar, the structure table and the log. A PDF holds every page; a PNG "
        "or SVG holds the map page (--all-pages writes the others as OUT-2.png, ...). The "
        "turn is recorded in FILE as the last snapshot (unless --no-record), so the next "
        "snapshot's log starts there.")
    snapshot.add_argument("file", type=Path, metavar="FILE.siege")
    snapshot.add_argument("-o", "--output", type=Path, required=True, metavar="OUT",
                          help="the file to write: OUT.pdf, OUT.png or OUT.svg")
    snapshot.add_argument("--players", action="store_true",
                          help="the players' copy: what they know, states only, no DP or Hull "
                               "figure, no GM note")
    snapshot.add_argument("--side", choices=("besieger", "defender"),
                          help="with --players: the copy of this side's players (default: the "
                               "siege's players' side)")
    snapshot.add_argument("--scale", metavar="1:N",
                          help="print the map at this scale (e.g. 1:500), tiled over pages")
    snapshot.add_argument("--view", metavar="MINX,MINY,MAXX,MAXY",
                          help="only this part of the map, in metres")
    snapshot.add_argument("--since", type=int, metavar="TURN",
                          help="the log from this turn on (default: since the last snapshot)")
    snapshot.add_argument("--greyscale", action="store_true",
                          help="grey only: states by pattern and shade")
    snapshot.add_argument("--paper", default="A4", choices=PAPER_SIZES, help="paper size (A4)")
    snapshot.add_argument("--portrait", action="store_true", help="portrait, not landscape")
    snapshot.add_argument("--dpi", type=int, default=150, help="PNG resolution (150)")
    snapshot.add_argument("--all-pages", action="store_true",
                          help="PNG/SVG: write every page, not just the map")
    snapshot.add_argument("--no-record", action="store_true",
                          help="leave FILE untouched (do not record this snapshot's turn)")
    snapshot.add_argument("--force", action="store_true",
                          help="record the turn even in a read-only FILE")
    snapshot.add_argument("--yes", action="store_true",
                          help="make a snapshot even of more than 100 pages or 512 MB a page")

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
                      help="GM's modifier to penetration" + _only_under("modifier"))
    fire.add_argument("--successes", type=int, default=0,
                      help="Successes" + _only_under("successes"))
    fire.add_argument("--boons", type=int, default=0, help="Boons" + _only_under("boons"))
    fire.add_argument("--slit", action="store_true",
                      help="through a firing slit" + _only_under("through_slit"))
    fire.add_argument("--json", action="store_true", help="print the log entry as JSON")
    fire.add_argument("--force", action="store_true", help="save even a read-only FILE")

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

    sample = sub.add_parser(
        "sample", help="write a copy of the sample siege (the Castle of Harrowmere)",
        description="Write a copy of the sample siege, to play, script or print.")
    sample.add_argument("-o", "--output", type=Path, metavar="FILE.siege",
                        help="where to write it (default: "
                             f"{' or '.join(SAMPLES.values())} here)")
    sample.add_argument("--ruleset", choices=list(SAMPLES), default=registry.DEFAULT.id,
                        help=_ruleset_choices(SAMPLES))
    sample.add_argument("--force", action="store_true", help="replace an existing file")
    sample.add_argument("--seed", type=int, metavar="N",
                        help="the copy's dice seed (default: a fresh one for each copy, so no "
                             "two tables roll the same dice)")
    _add_import_parser(sub)
    _add_odds_parser(sub)
    _add_export_vtt_parser(sub)
    _add_story_parser(sub)
    _add_trace_parser(sub)
    add_serve_parser(sub)
    return parser


def _desktop(install: bool) -> int:
    from siegeboard import desktop

    try:
        files, ran = desktop.install() if install else desktop.uninstall()
    except desktop.NotHere as error:
        raise CommandFailed(f"--install-desktop: {error}") from None
    except OSError as error:
        raise CommandFailed(f"--install-desktop: cannot write {error.filename}: "
                           f"{error.strerror}") from None
    for path in files:
        print(path)
    done = "installed for this user" if install else f"removed ({len(files)} files)"
    print(f"siegeboard: desktop entry, .siege file type and icons {done}"
          + (f"; ran {', '.join(ran)}" if ran else ""))
    return 0


def _open_window(path: Path | None) -> int:
    """The window on ``path``, or on a new siege copied from the sample when None."""
    from siegeboard.ui.app import run  # Qt is loaded only when a window is wanted

    return run(path)


def _joined_negative_values(argv: list[str]) -> list[str]:
    """``--at -5,3`` as ``--at=-5,3``: argparse would take a value starting with a minus for
    an option of its own."""
    joined: list[str] = []
    words = iter(argv)
    for word in words:
        if word in ("--at", "--view"):
            value = next(words, None)
            if value is not None and len(value) > 1 and value[0] == "-" and \
                    (value[1].isdigit() or value[1] == "."):
                joined.append(f"{word}={value}")
                continue
            joined.append(word)
            if value is not None:
                joined.append(value)
            continue
        joined.append(word)
    return joined


def _names_a_file(word: str) -> bool:
    """Whether a first word that is no command means a file to open in the window."""
    return (word.lower().endswith(".siege") or os.sep in word or "/" in word
            or Path(word).exists())


def unknown_command(word: str) -> str:
    """"unknown command 'fier' (did you mean fire?)"."""
    close = difflib.get_close_matches(word, list(COMMANDS), n=1, cutoff=0.5)
    hint = f"did you mean {close[0]}?" if close else f"the commands are {', '.join(COMMANDS)}"
    return f"unknown command {word!r} ({hint})"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and not argv[0].startswith("-") and argv[0] not in COMMANDS:
        if not _names_a_file(argv[0]):
            print(f"siegeboard: {unknown_command(argv[0])}", file=sys.stderr)
            return EXIT_USAGE
        # `siegeboard FILE.siege` opens FILE in the window
        return _open_window(Path(argv[0]))
    args = build_parser().parse_args(_joined_negative_values(argv))
    with warnings.catch_warnings():
        # The libraries' warnings (zipfile, Pillow, pydantic) are not the GM's business: what
        # matters reaches the GM as the command's own message.
        warnings.simplefilter("ignore")
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    try:
        if args.install_desktop or args.uninstall_desktop:
            return _desktop(args.install_desktop)
        if args.command in COMMANDS:
            return COMMANDS[args.command](args)
        return _open_window(None)
    except CommandError as error:
        print(f"siegeboard: {error}", file=sys.stderr)
        return EXIT_USAGE
    except ValidationError as error:  # an action the model refuses: its first problem, plainly
        problem = error.errors(include_url=False)[0]
        where = ".".join(str(part) for part in problem["loc"])
        print(f"siegeboard: {where}: {problem['msg'].removeprefix('Value error, ')}",
              file=sys.stderr)
        return EXIT_USAGE
    except (SiegeFileError, CommandFailed, RuleError) as error:
        print(f"siegeboard: {error}", file=sys.stderr)
        return EXIT_FAILED
    except BrokenPipeError:
        # The reader (`| head`) left: the work is done and saved; say nothing more.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_FAILED
    except OSError as error:
        # A fault of the disk or the system (full, read-only, no permission) that a writer
        # did not word itself: one line; the writers leave the old file as it was.
        where = f"{error.filename}: " if error.filename else ""
        print(f"siegeboard: {where}{error.strerror or error}; nothing was saved",
              file=sys.stderr)
        return EXIT_FAILED
    except MemoryError:
        print("siegeboard: out of memory; nothing was saved", file=sys.stderr)
        return EXIT_FAILED


if __name__ == "__main__":
    sys.exit(main())
