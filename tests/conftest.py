"""Test configuration: Qt runs offscreen, whoever runs the tests; no wall-clock assertion in
the default run (hypothesis's per-example deadline is off: a loaded machine is no failure;
timings are asserted under ``-m bench`` only)."""

import os

import pytest
from hypothesis import settings

from siegeboard.persist import document_checks

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

settings.register_profile("siegeboard", deadline=None)
settings.load_profile("siegeboard")


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

# The window speaks English in every test, whatever the machine's locale or the tester's
# View > Language (siegeboard.ui.language reads this before the setting).
os.environ["SIEGEBOARD_LANGUAGE"] = "en"
