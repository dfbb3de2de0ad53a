"""The log as a snapshot prints it: the GM's copy with every explanation line, the players'
copy told in what they would see (shots, fires, collapses, breaches), with no figure."""

from __future__ import annotations

from siegeboard.model.actions import FireAt
from siegeboard.model.log import LogEntry
from siegeboard.model.siege import Clock, Siege
from siegeboard.rules.messages import N_, _, ngettext
from siegeboard.rules.titles import the
from siegeboard.rules.words import clock_label

# Event kinds the players see -> how their copy says it. Anything else (dice, DP, fire levels,
# mines being dug, GM overrides) stays in the GM's copy.
# The words are the catalogue's msgids, shown through ``_``.
VISIBLE_EVENTS: dict[str, str] = {
    "hit": N_("hit"), "concussion": N_("shaken by the blast"),
    "personnel_damage": N_("people inside hurt"),
    "collapsed": N_("collapsed"), "cleared": N_("razed"), "cracked": N_("damaged"),
    "damaged": N_("damaged"), "breached": N_("breached"),
    "opened": N_("opened"), "ignited": N_("caught fire"), "spread": N_("caught fire"),
    "out_of_control": N_("fire out of control"), "fire_out": N_("fire put out"),
    "extinguished": N_("fire put out"), "burned_out": N_("burned out"),
    "repaired": N_("repaired"), "freed": N_("someone freed"),
    "burned": N_("a firefighter burned"),
}
SECRET_ACTIONS = ("start_mine", "dig_mine", "override")


def entries_since(siege: Siege, since_turn: int | None) -> list[LogEntry]:
    """Log entries from ``since_turn`` on; None means since the last recorded snapshot."""
    if since_turn is None:
        since_turn = siege.last_snapshot_turn or 0
    return [entry for entry in siege.log if entry.turn >= since_turn]


def since_label(siege: Siege, since_turn: int | None) -> str:
    if since_turn is None and siege.last_snapshot_turn is not None:
        return _("since the last snapshot (turn {last_snapshot_turn})").format(
            last_snapshot_turn=siege.last_snapshot_turn)
    if since_turn is None or since_turn == 0:
        return _("from the start")
    return _("since turn {since_turn}").format(since_turn=since_turn)


def describe_action(entry: LogEntry, siege: Siege, *, players: bool) -> str:
    """A short title for the entry's action: "Fire Cannon from Battery 1 at C4"."""
    action = entry.action
    where = _(" at {square}").format(square=entry.square) if entry.square else ""
    if action.type == "fire":
        weapon = siege.weapons.get(action.weapon_id)
        name = weapon.name if weapon else action.weapon_id
        battery = siege.batteries.get(action.battery_id) if action.battery_id else None
        if players and battery is None:  # a gun they do not know: only where it landed
            return f"{_first_upper(round_words(weapon))}{where}"
        source = _(" from {battery}").format(battery=battery.name) if battery else ""
        if not players and action.range_m is not None and battery is None:
            source = _(" at {range_m:g} m range").format(range_m=action.range_m)
        spot = where or _(" at ({x:g}, {y:g})").format(x=action.at[0], y=action.at[1])
        return _("Fire {name}{source}{spot}").format(name=name, source=source, spot=spot)
    if action.type == "advance":
        return _("Clock advanced {duration}").format(duration=_duration(action.turns))
    names = {"fight_fire": _("Firefighting"), "repair": _("Repair"),
             "free_trapped": _("Freeing the trapped"),
             "override": _("GM override"), "demolish": _("Demolition"), "kick": _("Door kicked"),
             "start_mine": _("Mine started"), "dig_mine": _("Mine dug"),
             "fire_mine": _("Mine fired"), "scene": _("Scene")}
    title = names.get(action.type, action.type)
    target = getattr(action, "structure_id", None)
    if target and target in siege.structures:
        title += f": {siege.structures[target].name}"
    return title + where


def _duration(turns: int) -> str:
    minutes, rest = divmod(turns, 12)
    if minutes and rest:
        return _("{turns} turns ({minutes} min {seconds} s)").format(
            turns=turns, minutes=minutes, seconds=rest * 5)
    if minutes:
        return _("{turns} turns ({minutes} min)").format(turns=turns, minutes=minutes)
    return ngettext("{turns} turn", "{turns} turns", turns).format(turns=turns)


def heading(entry: LogEntry, siege: Siege, *, players: bool) -> str:
    clock = clock_label(Clock(turn=entry.turn))
    return f"{clock} · {describe_action(entry, siege, players=players)}"


def gm_lines(entry: LogEntry) -> list[str]:
    """Every explanation line, then the dice as rolled."""
    lines = list(entry.lines)
    if entry.rolls:
        dice = "; ".join(f"{roll.label} {','.join(map(str, roll.values))} ({_source(roll)})"
                         for roll in entry.rolls)
        lines.append(_("Dice: {dice}").format(dice=dice))
    return lines


def _source(roll) -> str:
    """``Roll.source`` in words: "rolled", "typed", "2 typed, 1 rolled"."""
    typed = min(roll.typed, len(roll.values))
    if typed == 0:
        return _("rolled")
    if typed == len(roll.values):
        return _("typed")
    return _("{typed} typed, {rolled} rolled").format(typed=typed,
                                                      rolled=len(roll.values) - typed)


def round_words(weapon) -> str:
    """What the players saw land, by the weapon's make, with no figure: "a heavy round"."""
    if weapon is None:
        return _("a shot")
    if weapon.incendiary:
        return _("an incendiary round")
    if getattr(weapon, "small_arm", False):
        return _("small-arms fire")
    if weapon.large_calibre or getattr(weapon, "mount", "") in ("heavy", "capital"):
        return _("a heavy round")
    if weapon.explosive:
        return _("an explosive round")
    return _("a shot")


def _first_upper(text: str) -> str:
    """``text`` with its first letter a capital (the rest kept: German nouns stay capital)."""
    return text[:1].upper() + text[1:]


def _struck(entry: LogEntry, siege: Siege, seen: dict[str, list[str]]) -> list[str]:
    """A shot told as the players saw it land: "A heavy round struck the Gatehouse: damaged"
    (the struck structure's other news then stays out of the lines that follow)."""
    action = entry.action
    assert isinstance(action, FireAt)  # told of shots only
    hit = next((event.structure_id for event in entry.events
                if event.kind == "hit" and event.structure_id in siege.structures), None)
    what = _first_upper(round_words(siege.weapons.get(action.weapon_id)))
    if hit is None:
        if entry.square:
            return [_("{what} landed at {square}").format(what=what, square=entry.square)]
        return [_("{what} landed").format(what=what)]
    name = siege.structures[hit].name
    words = [word for word in seen.pop(name, []) if word != _("hit")]
    if words:
        return [_("{what} struck {the_structure}: {news}").format(
            what=what, the_structure=the(name), news=", ".join(words))]
    return [_("{what} struck {the_structure}").format(what=what, the_structure=the(name))]


def players_lines(entry: LogEntry, siege: Siege) -> list[str]:
    """What the players saw happen, no figure: a shot by what it struck ("A heavy round
    struck the Gatehouse: damaged"), then structures that fared alike share a line
    ("Shaken by the blast: Chapel, Smithy"), in the order things happened."""
    seen: dict[str, list[str]] = {}
    for event in entry.events:
        words = VISIBLE_EVENTS.get(event.kind)
        if event.structure_id is None or words is None:
            continue
        words = _(words)
        structure = siege.structures.get(event.structure_id)
        name = structure.name if structure else event.structure_id
        bucket = seen.setdefault(name, [])
        if words not in bucket:
            bucket.append(words)
    lines = _struck(entry, siege, seen) if entry.action.type == "fire" else []
    alike: dict[tuple[str, ...], list[str]] = {}
    for name, said in seen.items():
        alike.setdefault(tuple(said), []).append(name)
    return lines + [f"{_first_upper(', '.join(words))}: {', '.join(names)}"
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
