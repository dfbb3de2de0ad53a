"""Fixtures shared by the persist tests."""

from __future__ import annotations

import pytest

from siegeboard.persist import siege_file


@pytest.fixture
def careful(monkeypatch):
    """Counts the documents looked at again, item by item, to name their first problem."""
    calls = []
    real = siege_file._first_problem_named

    def counting(data, source):
        calls.append(source)
        return real(data, source)

    monkeypatch.setattr(siege_file, "_first_problem_named", counting)
    return calls
