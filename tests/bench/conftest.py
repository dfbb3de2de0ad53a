"""The bench modules import each other as ``tests.bench.*`` (run.py runs them as a script
from the repository root too): make the root importable under pytest."""

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[2])
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
