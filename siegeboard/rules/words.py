"""The display words of the model's fixed values (a ladder step, a difficulty, a task's outcome,
a mount, a side, a scene's length), in the current language.

The model and the file keep the English key ("cracked", "average"); a sentence of the log
shows the word this module gives, so the catalogue translates each word once. The English
words are the keys as the rules always wrote them ("Cracked", "Average", "success").
"""

from __future__ import annotations

from siegeboard.model.siege import TURNS_PER_DAY, Clock
from siegeboard.rules.messages import _, ngettext


def ladder_word(step: str) -> str:
    """A Breach Ladder step as a sentence shows it: "Intact", "Cracked", "Breached"."""
    words = {"intact": _("Intact"), "cracked": _("Cracked"), "breached": _("Breached")}
    return words.get(step, step.capitalize())


def difficulty_word(difficulty: str) -> str:
    """A task's difficulty, capitalised: "Average", "Formidable"."""
    words = {"easy": _("Easy"), "average": _("Average"), "difficult": _("Difficult"),
             "formidable": _("Formidable"), "impossible": _("Impossible")}
    return words.get(difficulty, difficulty.capitalize())


def outcome_word(outcome: str) -> str:
    """A task's outcome as the log names it: "success", "outstanding"."""
    words = {"catastrophic": _("catastrophic"), "failure": _("failure"),
             "success": _("success"), "outstanding": _("outstanding")}
    return words.get(outcome, outcome)


def mount_word(mount: str) -> str:
    """A weapon's mount, capitalised: "Standard", "Heavy"."""
    words = {"personal": _("Personal"), "light": _("Light"), "standard": _("Standard"),
             "heavy": _("Heavy"), "capital": _("Capital")}
    return words.get(mount, mount.capitalize())


def side_word(side: str) -> str:
    """A side of the siege: "besieger", "defender"."""
    words = {"besieger": _("besieger"), "defender": _("defender")}
    return words.get(side, side)


def length_word(length: str) -> str:
    """A scene's length: "day", "week"."""
    words = {"day": _("day"), "week": _("week")}
    return words.get(length, length)


def state_word(word: str) -> str:
    """A structure's state word (``StructureState.word`` or ``players_word``, kept English
    as a key) as a page shows it: "damaged" -> "beschädigt"; a gate's "breached /
    portcullis intact" word by word, the layer's name as its catalogue gives it."""
    if " / " in word:
        return " / ".join(state_word(part) for part in word.split(" / "))
    words = {"intact": _("intact"), "damaged": _("damaged"), "collapsed": _("collapsed"),
             "cleared": _("cleared"), "cracked": _("cracked"), "breached": _("breached")}
    if word in words:
        return words[word]
    head, _space, last = word.rpartition(" ")
    return f"{head} {words[last]}" if head and last in words else word


def clock_label(clock: Clock) -> str:
    """``Clock.label`` in the current language (the model keeps no words of its own):
    "Turn 37, 3 min 5 s"; past a day, "1 day 0 h 5 min 0 s (turn 17,340)"."""
    if clock.turn < TURNS_PER_DAY:
        minutes, seconds = divmod(clock.seconds, 60)
        return _("Turn {turn}, {minutes} min {seconds} s").format(
            turn=clock.turn, minutes=minutes, seconds=seconds)
    days, rest = divmod(clock.seconds, 24 * 3600)
    hours, rest = divmod(rest, 3600)
    minutes, seconds = divmod(rest, 60)
    return ngettext("{days} day {hours} h {minutes} min {seconds} s (turn {turn:,})",
                    "{days} days {hours} h {minutes} min {seconds} s (turn {turn:,})",
                    days).format(days=days, hours=hours, minutes=minutes, seconds=seconds,
                                 turn=clock.turn)
