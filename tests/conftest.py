"""Test configuration: Qt runs offscreen, whoever runs the tests."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
