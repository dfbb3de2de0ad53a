""""Sieges and Fortifications" (the DP ruleset, id ``harris``).

The package's own names are the text's pure functions (``harris.attack_value``,
``harris.defensive_points``...: ``numbers``); ``actions`` holds the engine's handlers,
``burning`` the fire rules as the clock runs, ``damage`` the loss of DP and collapse, and
``ruleset`` what the program needs to know of the text (``HARRIS``).
"""

from siegeboard.rules.harris.numbers import *  # noqa: F401,F403
from siegeboard.rules.harris.numbers import __all__  # noqa: F401
