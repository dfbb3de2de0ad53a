"""The engine's actions for the armory ruleset (registered with the engine)."""

from __future__ import annotations

from siegeboard.rules.engine import register

register("armory", {})
