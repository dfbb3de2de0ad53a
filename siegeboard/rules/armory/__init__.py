""""The Heavy Armory, Chapter 5: Structures" (the Hull ruleset, id ``armory``).

The package's own names are the text's pure functions (``armory.hit_damage``,
``armory.ladder_state``...: ``numbers``, with the escalade table from ``escalade``);
``actions`` holds the engine's handlers and ``ruleset`` what the program needs to know of
the text (``ARMORY``).
"""

from siegeboard.rules.armory.numbers import *  # noqa: F401,F403
from siegeboard.rules.armory.numbers import __all__  # noqa: F401
