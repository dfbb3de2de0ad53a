"""The rule texts the program knows, by id: the one place that maps ``siege.ruleset`` to rules.

``ruleset("harris")`` is "Sieges and Fortifications", ``ruleset("armory")`` "The Heavy
Armory"; ``ruleset_of(siege)`` is the siege's own. The engine, the views, the report and the
command line ask here instead of comparing ids. The model stores a siege's ruleset as a plain
id; whether this siegeboard knows it is checked here, where a siege is opened, imported or
made (``ruleset`` raises ``RuleError`` naming the known ones).
"""

from __future__ import annotations

from siegeboard.model.siege import Siege
from siegeboard.model.structure import Structure
from siegeboard.rules.armory.ruleset import ARMORY
from siegeboard.rules.catalogue import Catalogue
from siegeboard.rules.context import RuleError
from siegeboard.rules.harris.ruleset import HARRIS
from siegeboard.rules.messages import _
from siegeboard.rules.ruleset import Ruleset

RULESETS: dict[str, Ruleset] = {rules.id: rules for rules in (HARRIS, ARMORY)}
# The rule text of a new siege, of an import and of a command that names none: the first.
DEFAULT: Ruleset = HARRIS


def ids() -> tuple[str, ...]:
    """The ids of the rule texts this siegeboard knows, the default first."""
    return tuple(RULESETS)


def offering(fire_input: str) -> list[Ruleset]:
    """The rule texts whose shots take ``fire_input`` (a ``FireAt`` field the GM enters)."""
    return [rules for rules in RULESETS.values() if fire_input in rules.fire_inputs]


def ruleset(ruleset_id: str) -> Ruleset:
    """The rule text of ``ruleset_id``; ``RuleError`` naming the known ones otherwise."""
    try:
        return RULESETS[ruleset_id]
    except KeyError:
        known = ", ".join(f"{rules.id} ({rules.title})" for rules in RULESETS.values())
        raise RuleError(_("unknown ruleset {ruleset_id!r}: this siegeboard knows {known}").format(
            ruleset_id=ruleset_id, known=known)) from None


def ruleset_of(siege: Siege) -> Ruleset:
    return ruleset(siege.ruleset)


def catalogue(ruleset_id: str) -> Catalogue:
    """The structure and weapon catalogue of ``ruleset_id``."""
    return ruleset(ruleset_id).catalogue


def unknown_kinds(siege: Siege, structures: list[Structure] | None = None) -> list[str]:
    """Messages for structures whose kind is not in the siege's catalogue (checked where a
    siege is opened, imported or edited; the model itself reads no catalogue)."""
    rules = ruleset_of(siege)
    kinds = rules.catalogue.kinds
    return [_("structure {structure!r} ({id}) is of kind {kind!r}, which {title} "
              "does not have").format(
        structure=structure.name, id=structure.id, kind=structure.kind,
        title=rules.title)
            for structure in (siege.structures.values() if structures is None else structures)
            if structure.kind not in kinds]
