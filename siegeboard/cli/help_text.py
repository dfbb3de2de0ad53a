"""Help texts that name the rule texts: which rule texts take an input of a shot, the
``--ruleset`` choices, an import's starting kinds. Made from the registry, so a new rule text
shows up in every command's help."""

from __future__ import annotations

from collections.abc import Collection

from siegeboard.rules import registry


def only_under(fire_input: str) -> str:
    """" (The Heavy Armory only)" for an input of a shot that only some rule texts take;
    "" for one that every rule text takes."""
    takers = registry.offering(fire_input)
    if len(takers) == len(registry.RULESETS):
        return ""
    return f" ({' and '.join(rules.title for rules in takers)} only)"


def ruleset_choices(among: Collection[str] | None = None) -> str:
    """The rule texts a --ruleset takes, each with its title: "harris: Sieges and
    Fortifications (DP, the default); armory: ..."."""
    return "; ".join(
        f"{rules.id}: {rules.title} ({rules.short}"
        + (", the default)" if rules is registry.DEFAULT else ")")
        for rules in registry.RULESETS.values() if among is None or rules.id in among)


def import_kinds(role: str) -> str:
    """Each rule text's starting kind for ``role`` of an import: "harris: stone_house; ..."."""
    return "; ".join(f"{rules.id}: {rules.import_kinds[role]}"
                     for rules in registry.RULESETS.values() if role in rules.import_kinds)

