"""The log as a snapshot prints it: the GM's copy with every explanation line, the players'
copy told in what they would see (shots, fires, collapses, breaches), with no figure."""

from __future__ import annotations

from siegeboard.model.actions import FireAt
from siegeboard.model.log import LogEntry
from siegeboard.model.siege import Clock, Siege
from siegeboard.rules.titles import the

# Event kinds the players see -> how their copy says it. Anything else (dice, DP, fire levels,
# mines being dug, GM overrides) stays in the GM's copy.
VISIBLE_EVENTS: dict[str, str] = {
    "hit": "hit", "concussion": "shaken by the blast", "personnel_damage": "people inside hurt",
    "collapsed": "collapsed", "cleared": "razed", "cracked": "damaged", "damaged": "damaged",
    "breached": "breached",
    "opened": "opened", "ignited": "caught fire", "spread": "caught fire",
    "out_of_control": "fire out of control", "fire_out": "fire put out",
    "extinguished": "fire put out", "burned_out": "burned out", "repaired": "repaired",
    "freed": "someone freed", "burned": "a firefighter burned",
}
SECRET_ACTIONS = ("start_mine", "dig_mine", "override")


def entries_since(siege: Siege, since_turn: int | None) -> list[LogEntry]:
    """Log entries from ``since_turn`` on; None means since the last recorded snapshot."""
    if since_turn is None:
        since_turn = siege.last_snapshot_turn or 0
    return [entry for entry in siege.log if entry.turn >= since_turn]


def since_label(siege: Siege, since_turn: int | None) -> str:
    if since_turn is None and siege.last_snapshot_turn is not None:
        return f"since the last snapshot (turn {siege.last_snapshot_turn})"
    if since_turn is None or since_turn == 0:
        return "from the start"
    return f"since turn {since_turn}"


def describe_action(entry: LogEntry, siege: Siege, *, players: bool) -> str:
    """A short title for the entry's action: "Fire Cannon from Battery 1 at C4"."""
    action = entry.action
    where = f" at {entry.square}" if entry.square else ""
    if action.type == "fire":
        weapon = siege.weapons.get(action.weapon_id)
        name = weapon.name if weapon else action.weapon_id
        battery = siege.batteries.get(action.battery_id) if action.battery_id else None
        if players and battery is None:  # a gun they do not know: only where it landed
            return f"{round_words(weapon).capitalize()}{where}"
        source = f" from {battery.name}" if battery else ""
        if not players and action.range_m is not None and battery is None:
            source = f" at {action.range_m:g} m range"
        spot = where or f" at ({action.at[0]:g}, {action.at[1]:g})"
        return f"Fire {name}{source}{spot}"
    if action.type == "advance":
        return f"Clock advanced {_duration(action.turns)}"
    names = {"fight_fire": "Firefighting", "repair": "Repair",
             "free_trapped": "Freeing the trapped",
             "override": "GM override", "demolish": "Demolition", "kick": "Door kicked",
             "start_mine": "Mine started", "dig_mine": "Mine dug", "fire_mine": "Mine fired",
             "scene": "Scene"}
    title = names.get(action.type, action.type)
    target = getattr(action, "structure_id", None)
    if target and target in siege.structures:
        title += f": {siege.structures[target].name}"
    return title + where


def _duration(turns: int) -> str:
    minutes, rest = divmod(turns, 12)
    if minutes and rest:
        return f"{turns} turns ({minutes} min {rest * 5} s)"
    if minutes:
        return f"{turns} turns ({minutes} min)"
    return f"{turns} turn{'s' if turns != 1 else ''}"


def heading(entry: LogEntry, siege: Siege, *, players: bool) -> str:
    clock = Clock(turn=entry.turn).label()
    return f"{clock} · {describe_action(entry, siege, players=players)}"


def gm_lines(entry: LogEntry) -> list[str]:
    """Every explanation line, then the dice as rolled."""
    lines = list(entry.lines)
    if entry.rolls:
        dice = "; ".join(f"{roll.label} {','.join(map(str, roll.values))} ({roll.source})"
                         for roll in entry.rolls)
        lines.append(f"Dice: {dice}")
    return lines


def round_words(weapon) -> str:
    """What the players saw land, by the weapon's make, with no figure: "a heavy round"."""
    if weapon is None:
        return "a shot"
    if weapon.incendiary:
        return "an incendiary round"
    if getattr(weapon, "small_arm", False):
        return "small-arms fire"
    if weapon.large_calibre or getattr(weapon, "mount", "") in ("heavy", "capital"):
        return "a heavy round"
    if weapon.explosive:
        return "an explosive round"
    return "a shot"


def _struck(entry: LogEntry, siege: Siege, seen: dict[str, list[str]]) -> list[str]:
    """A shot told as the players saw it land: "A heavy round struck the Gatehouse: damaged"
    (the struck structure's other news then stays out of the lines that follow)."""
    action = entry.action
    assert isinstance(action, FireAt)  # told of shots only
    hit = next((event.structure_id for event in entry.events
                if event.kind == "hit" and event.structure_id in siege.structures), None)
    what = round_words(siege.weapons.get(action.weapon_id)).capitalize()
    if hit is None:
        return [f"{what} landed{f' at {entry.square}' if entry.square else ''}"]
    name = siege.structures[hit].name
    words = [word for word in seen.pop(name, []) if word != "hit"]
    return [f"{what} struck {the(name)}" + (f": {', '.join(words)}" if words else "")]


def players_lines(entry: LogEntry, siege: Siege) -> list[str]:
    """What the players saw happen, no figure: a shot by what it struck ("A heavy round
    struck the Gatehouse: damaged"), then structures that fared alike share a line
    ("Shaken by the blast: Chapel, Smithy"), in the order things happened."""
    seen: dict[str, list[str]] = {}
    for event in entry.events:
        words = VISIBLE_EVENTS.get(event.kind)
        if event.structure_id is None or words is None:
            continue
        structure = siege.structures.get(event.structure_id)
        name = structure.name if structure else event.structure_id
        bucket = seen.setdefault(name, [])
        if words not in bucket:
            bucket.append(words)
    lines = _struck(entry, siege, seen) if entry.action.type == "fire" else []
    alike: dict[tuple[str, ...], list[str]] = {}
    for name, said in seen.items():
        alike.setdefault(tuple(said), []).append(name)
    return lines + [f"{', '.join(words).capitalize()}: {', '.join(names)}"
                    for words, names in alike.items()]


def printed_entries(siege: Siege, since_turn: int | None, *,
                    players: bool) -> list[tuple[str, list[str]]]:
    """(heading, lines) for every entry the copy prints, oldest first."""
    printed = []
    for entry in entries_since(siege, since_turn):
        if players:
            if entry.action.type in SECRET_ACTIONS:
                continue
            lines = players_lines(entry, siege)
            if entry.action.type != "fire" and not lines:
                continue
        else:
            lines = gm_lines(entry)
        printed.append((f"#{entry.seq}  " * (not players) + heading(entry, siege, players=players),
                        lines))
    return printed
