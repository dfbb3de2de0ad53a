"""The log as a snapshot prints it: the GM's copy with every explanation line, the players'
copy told in what they would see (shots, fires, collapses, breaches), with no figure."""

from __future__ import annotations

from siegeboard.model.log import LogEntry
from siegeboard.model.siege import Clock, Siege

# Event kinds the players see -> how their copy says it. Anything else (dice, DP, fire levels,
# mines being dug, GM overrides) stays in the GM's copy.
VISIBLE_EVENTS: dict[str, str] = {
    "hit": "hit", "concussion": "shaken by the blast", "personnel_damage": "people inside hurt",
    "collapsed": "collapsed", "cleared": "razed", "cracked": "damaged", "breached": "breached",
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
        source = f" from {battery.name}" if battery else ""
        if not players and action.range_m is not None and battery is None:
            source = f" at {action.range_m:g} m range"
        spot = where or f" at ({action.at[0]:g}, {action.at[1]:g})"
        return f"Fire {name}{source}{spot}"
    if action.type == "advance":
        return f"Clock advanced {_duration(action.turns)}"
    names = {"fight_fire": "Firefighting", "repair": "Repair", "free_trapped": "Freeing the trapped",
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


def players_lines(entry: LogEntry, siege: Siege) -> list[str]:
    """What the players saw happen, no figure: structures that fared alike share a line
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
    alike: dict[tuple[str, ...], list[str]] = {}
    for name, words in seen.items():
        alike.setdefault(tuple(words), []).append(name)
    return [f"{', '.join(words).capitalize()}: {', '.join(names)}"
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
