"""The engine's actions for the harris ruleset (registered with the engine)."""

from __future__ import annotations

from siegeboard.rules.engine import register

register("harris", {})
