"""Test configuration: Qt runs offscreen, whoever runs the tests; no wall-clock assertion in
the default run (hypothesis's per-example deadline is off: a loaded machine is no failure;
timings are asserted under ``-m bench`` only); the run is spread over one worker process per
core (pytest-xdist) unless told otherwise."""

import os

import pytest
from hypothesis import settings

from siegeboard.persist import document_checks
from siegeboard.rules import messages

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The window speaks English in every test, whatever the machine's locale or the tester's
# View > Language (siegeboard.ui.language reads this before the setting).
os.environ["SIEGEBOARD_LANGUAGE"] = "en"
# The tests compare English text: a German test machine (LANG=de_DE...) still speaks English.
messages.set_language("en")

settings.register_profile("siegeboard", deadline=None)
settings.load_profile("siegeboard")


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """``pytest`` alone runs on every core: as if ``-n auto`` were given. Not set here in
    pyproject's addopts, so that ``-p no:xdist`` (no such option then) still runs the tests in
    one process; ``-n 0`` does too. Serial as well: ``-s`` (a worker's output would be lost),
    ``--pdb`` (no debugger in a worker) and ``--collect-only``. Runs before pytest-xdist's
    own hook (a conftest's hook of the same order is called before a plugin's), which turns
    ``auto`` into the number of cores."""
    if not config.pluginmanager.hasplugin("xdist") or hasattr(config, "workerinput"):
        return  # pytest-xdist left out, or this is one of its workers
    option = config.option
    if getattr(option, "numprocesses", 0) is not None:
        return  # -n given
    serial = (option.capture == "no" or config.getoption("usepdb", False)
              or option.collectonly)
    option.numprocesses = 0 if serial else "auto"


@pytest.fixture(autouse=True)
def _english():
    """Every test starts in English, whatever a test before it chose."""
    messages.set_language("en")


@pytest.fixture
def careful(monkeypatch):
    """Counts the documents looked at again, item by item, to name their first problem (the
    quick-open tests of tests/equivalence/ and tests/persist/ ask it)."""
    calls = []
    real = document_checks._first_problem_named

    def counting(data, source):
        calls.append(source)
        return real(data, source)

    monkeypatch.setattr(document_checks, "_first_problem_named", counting)
    return calls
