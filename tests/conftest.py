"""Test configuration: Qt runs offscreen, whoever runs the tests; no wall-clock assertion in
the default run (hypothesis's per-example deadline is off: a loaded machine is no failure;
timings are asserted under ``-m bench`` only)."""

import os

from hypothesis import settings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

settings.register_profile("siegeboard", deadline=None)
settings.load_profile("siegeboard")
