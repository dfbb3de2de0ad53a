"""PySide6 6.12.0 drops a reference to None on every void Qt call under Python 3.11 and the
process aborts after a few thousand calls ("deallocating None"). This catches such a release."""

import subprocess
import sys

CHILD = r"""
import os, sys
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication
app = QApplication([])
before = sys.getrefcount(None)
obj = QObject()
for _ in range(20000):
    obj.setObjectName("x")      # returns nothing: a leaking binding loses a None ref each time
    obj.blockSignals(False)
after = sys.getrefcount(None)
print(before - after)
"""


def test_void_qt_calls_keep_none_alive():
    result = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, f"Qt process died: {result.stderr[-500:]}"
    lost = int(result.stdout.strip().splitlines()[-1])
    assert lost < 100, f"PySide6 lost {lost} references to None in 40,000 void calls"
