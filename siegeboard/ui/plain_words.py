"""One plain sentence for a refusal: what is wrong and what to do, with no field name, Python
type, validation dump or web address (a pydantic ``ValidationError`` prints all four).

``plain_error(error)`` is what every message of the window uses to word a refusal from the
model (``ValidationError``) or the core (``ValueError``): the known complaints about a
footprint, a number out of range or a missing value are rephrased; any other message is kept
but cleaned of ``type=...``, addresses and field names.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from siegeboard.ui.language import QT_TR_NOOP, tr

# The model's field names as a GM says them.
NOUNS = {
    "footprint": QT_TR_NOOP("the outline"), "armor": QT_TR_NOOP("Armor"),
            "stories": QT_TR_NOOP("the number of stories"),
    "hull": QT_TR_NOOP("Hull"), "hull_suffered": QT_TR_NOOP("the Hull suffered"),
            "dp": QT_TR_NOOP("the DP"), "dp_original":
    QT_TR_NOOP("the original DP"), "fire_level": QT_TR_NOOP("the fire's level"),
            "name": QT_TR_NOOP("the name"), "kind": QT_TR_NOOP("the kind"),
    "material": QT_TR_NOOP("the material"), "pixels_per_metre": QT_TR_NOOP("the map's scale"),
            "rotation_deg":
    QT_TR_NOOP("the rotation"), "range_m": QT_TR_NOOP("the range"),
            "team_size": QT_TR_NOOP("the team"), "turns": QT_TR_NOOP("the number of "
    "turns"), "dice_seed": QT_TR_NOOP("the dice seed"), "occupants": QT_TR_NOOP("the occupants"),
            "position":
    QT_TR_NOOP("the position"), "weapon_id": QT_TR_NOOP("the weapon"),
            "structure_id": QT_TR_NOOP("the structure"),
    "side": QT_TR_NOOP("the side"), "target_id": QT_TR_NOOP("the target"),
            "known": QT_TR_NOOP("what the players know"),
    "gm_notes": QT_TR_NOOP("the GM notes"), "wall_id": QT_TR_NOOP("the wall"),
            "holes": QT_TR_NOOP("the courtyards"),
    "flags": QT_TR_NOOP("the rule marks"), "inner_layer": QT_TR_NOOP("the portcullis"),
            "ladder": QT_TR_NOOP("the Breach Ladder step"),
    "burning": QT_TR_NOOP("the fire"), "trapped": QT_TR_NOOP("the trapped"),
            "offset": QT_TR_NOOP("the position"),
}


def field_names(fields) -> str:
    """Fields as a GM names them, joined: ["weapon_id", "name"] -> "the name and the weapon"
    (an undo step's title never shows a field name)."""
    nouns = sorted({_noun(field) for field in fields})
    if not nouns:
        return tr("the kind")
    return nouns[0] if len(nouns) == 1 else ", ".join(nouns[:-1]) + tr(" and ") + nouns[-1]

# Complaints of the core about a footprint, and what the GM should do about each.
FOOTPRINT = (
    ("area is zero", QT_TR_NOOP("The outline encloses no ground (its corners lie on one line): "
                                "place at least three corners that are not in a row.")),
    ("no area", QT_TR_NOOP("The outline encloses no ground (its corners lie on one line): "
                           "place at least three corners that are not in a row.")),
    ("three distinct corners", QT_TR_NOOP("The outline needs at least three different corners: "
                                          "click three or more points.")),
    ("no corners", QT_TR_NOOP("The outline has no corners: click at least three points.")),
    ("self-crossing", QT_TR_NOOP("The outline crosses itself: move a corner so that no two "
                                 "edges cross.")),
    ("not a simple polygon", QT_TR_NOOP("The outline crosses itself: move a corner so that no "
                                        "two edges cross.")),
    ("not a finite number", QT_TR_NOOP("A corner of the outline is not a number: draw it "
                                       "again.")),
)

_TECHNICAL = re.compile(r"\s*\[type=[^\]]*\]|\s*For further information visit \S+|https?://\S+")


def _noun(field: str) -> str:
    noun = NOUNS.get(field)
    return tr(noun) if noun else field.replace("_", " ")


def _sentence(text: str) -> str:
    text = _TECHNICAL.sub("", text).strip().rstrip(".")
    text = re.sub(r"^(split|merge|add|task|footprint|point): (?=\w)", "", text)
    lead = re.match(r"^(\w+)(:?) ", text)
    if lead and lead.group(1) in NOUNS and text[lead.end():lead.end() + 1].isdigit():
        text = _noun(lead.group(1)) + " " + text[lead.end():]  # "dp: 12 is" -> "The DP 12 is"
    elif lead and lead.group(2) and ("_" in lead.group(1) or lead.group(1) in NOUNS):
        text = text[lead.end():]  # "structure_id: no structure ..." -> "no structure ..."
    elif lead and not lead.group(2) and lead.group(1) in NOUNS:
        text = _noun(lead.group(1)) + text[lead.end() - 1:]  # "stories must be" -> plain
    for field, noun in NOUNS.items():  # identifiers anywhere else: "above dp_original 10"
        if "_" in field:
            text = re.sub(rf"\b{field}\b", tr(noun), text)
    return (text[:1].upper() + text[1:] + ".") if text else tr("That value cannot be used.")


def plain_message(text: str) -> str:
    """A core's refusal ``text`` as one plain sentence."""
    lowered = text.lower()
    if "footprint" in lowered or "outline" in lowered:
        for clue, sentence in FOOTPRINT:
            if clue in lowered:
                return tr(sentence)
    return _sentence(text)


def _from_pydantic(error: Mapping[str, Any]) -> str:
    location = [part for part in error.get("loc", ()) if isinstance(part, str)]
    field = location[-1] if location else ""
    noun = _noun(field) if field else tr("a value")
    kind = error.get("type", "")
    context = error.get("ctx") or {}
    if kind == "value_error" and isinstance(context.get("error"), Exception):
        return plain_message(str(context["error"]))
    if kind == "missing":
        return _sentence(tr("{noun} is missing: give it a value").format(noun=noun))
    for bound, words in (("ge", QT_TR_NOOP("{limit} or more")),
                         ("gt", QT_TR_NOOP("more than {limit}")),
                         ("le", QT_TR_NOOP("{limit} or less")),
                         ("lt", QT_TR_NOOP("less than {limit}"))):
        if bound in context:
            phrase = tr(words).format(limit=context[bound])
            return _sentence(tr("{noun} must be {phrase}, not {input!r}").format(
                noun=noun, phrase=phrase, input=error.get("input")))
    if kind.startswith("int") or kind.startswith("float"):
        return _sentence(tr("{noun} must be a number, not {get!r}").format(
                noun=noun, get=error.get('input')))
    if kind == "literal_error" and "expected" in context:
        return _sentence(tr("{noun} must be one of {value}").format(
                noun=noun, value=context['expected']))
    if kind == "string_too_short":
        return _sentence(tr("{noun} cannot be empty").format(noun=noun))
    message = str(error.get("msg", "")).removeprefix("Value error, ")
    return plain_message(f"{noun}: {message}" if field else message)


def plain_error(error: Exception) -> str:
    """One plain sentence for ``error`` (a ValidationError's first complaint, or a
    ValueError's message)."""
    if isinstance(error, ValidationError):
        errors = error.errors()
        return _from_pydantic(errors[0]) if errors else tr("That value cannot be used.")
    return plain_message(str(error))


def plain_clause(error: Exception) -> str:
    """``plain_error`` without its full stop, to sit inside a longer message ("Cannot
    fire: choose a battery..."): a first word the core wrote in lower case stays so."""
    text = plain_error(error).rstrip(".")
    first = text.split(" ", 1)[0].rstrip(":;,.")
    if first and re.search(rf"(?<!\w){re.escape(first.lower())}(?!\w)", str(error)):
        text = text[:1].lower() + text[1:]
    return text
