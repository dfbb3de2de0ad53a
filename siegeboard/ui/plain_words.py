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

# The model's field names as a GM says them.
NOUNS = {
    "footprint": "the outline", "armor": "Armor", "stories": "the number of stories",
    "hull": "Hull", "hull_suffered": "the Hull suffered", "dp": "the DP", "dp_original":
    "the original DP", "fire_level": "the fire's level", "name": "the name", "kind": "the kind",
    "material": "the material", "pixels_per_metre": "the map's scale", "rotation_deg":
    "the rotation", "range_m": "the range", "team_size": "the team", "turns": "the number of "
    "turns", "dice_seed": "the dice seed", "occupants": "the occupants", "position":
    "the position", "weapon_id": "the weapon", "structure_id": "the structure",
    "side": "the side", "target_id": "the target", "known": "what the players know",
    "gm_notes": "the GM notes", "wall_id": "the wall", "holes": "the courtyards",
    "flags": "the rule marks", "inner_layer": "the portcullis", "ladder": "the Breach Ladder step",
    "burning": "the fire", "trapped": "the trapped", "offset": "the position",
}


def field_names(fields) -> str:
    """Fields as a GM names them, joined: ["weapon_id", "name"] -> "the name and the weapon"
    (an undo step's title never shows a field name)."""
    nouns = sorted({_noun(field) for field in fields})
    if not nouns:
        return "the kind"
    return nouns[0] if len(nouns) == 1 else ", ".join(nouns[:-1]) + " and " + nouns[-1]

# Complaints of the core about a footprint, and what the GM should do about each.
FOOTPRINT = (
    ("area is zero", "The outline encloses no ground (its corners lie on one line): place at "
     "least three corners that are not in a row."),
    ("no area", "The outline encloses no ground (its corners lie on one line): place at least "
     "three corners that are not in a row."),
    ("three distinct corners", "The outline needs at least three different corners: click "
     "three or more points."),
    ("no corners", "The outline has no corners: click at least three points."),
    ("self-crossing", "The outline crosses itself: move a corner so that no two edges cross."),
    ("not a simple polygon", "The outline crosses itself: move a corner so that no two edges "
     "cross."),
    ("not a finite number", "A corner of the outline is not a number: draw it again."),
)

_TECHNICAL = re.compile(r"\s*\[type=[^\]]*\]|\s*For further information visit \S+|https?://\S+")


def _noun(field: str) -> str:
    return NOUNS.get(field, field.replace("_", " "))


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
            text = re.sub(rf"\b{field}\b", noun, text)
    return (text[:1].upper() + text[1:] + ".") if text else "That value cannot be used."


def plain_message(text: str) -> str:
    """A core's refusal ``text`` as one plain sentence."""
    lowered = text.lower()
    if "footprint" in lowered or "outline" in lowered:
        for clue, sentence in FOOTPRINT:
            if clue in lowered:
                return sentence
    return _sentence(text)


def _from_pydantic(error: Mapping[str, Any]) -> str:
    location = [part for part in error.get("loc", ()) if isinstance(part, str)]
    field = location[-1] if location else ""
    noun = _noun(field) if field else "a value"
    kind = error.get("type", "")
    context = error.get("ctx") or {}
    if kind == "value_error" and isinstance(context.get("error"), Exception):
        return plain_message(str(context["error"]))
    if kind == "missing":
        return _sentence(f"{noun} is missing: give it a value")
    for bound, words in (("ge", "or more"), ("gt", "more than"), ("le", "or less"),
                         ("lt", "less than")):
        if bound in context:
            limit = context[bound]
            phrase = f"{limit} {words}" if words.endswith("more") or words.endswith("less") \
                and bound in ("ge", "le") else f"{words} {limit}"
            return _sentence(f"{noun} must be {phrase}, not {error.get('input')!r}")
    if kind.startswith("int") or kind.startswith("float"):
        return _sentence(f"{noun} must be a number, not {error.get('input')!r}")
    if kind == "literal_error" and "expected" in context:
        return _sentence(f"{noun} must be one of {context['expected']}")
    if kind == "string_too_short":
        return _sentence(f"{noun} cannot be empty")
    message = str(error.get("msg", "")).removeprefix("Value error, ")
    return plain_message(f"{noun}: {message}" if field else message)


def plain_error(error: Exception) -> str:
    """One plain sentence for ``error`` (a ValidationError's first complaint, or a
    ValueError's message)."""
    if isinstance(error, ValidationError):
        errors = error.errors()
        return _from_pydantic(errors[0]) if errors else "That value cannot be used."
    return plain_message(str(error))


def plain_clause(error: Exception) -> str:
    """``plain_error`` without its full stop, to sit inside a longer message ("Cannot
    fire: choose a battery..."): a first word the core wrote in lower case stays so."""
    text = plain_error(error).rstrip(".")
    first = text.split(" ", 1)[0].rstrip(":;,.")
    if first and re.search(rf"(?<!\w){re.escape(first.lower())}(?!\w)", str(error)):
        text = text[:1].lower() + text[1:]
    return text
