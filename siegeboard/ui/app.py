"""Starting the window: ``run(path)`` opens ``path`` (or a copy of the sample) and runs the loop."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

from siegeboard import __version__
from siegeboard.persist import read_sample
from siegeboard.ui import wheel_guard


def application() -> QApplication:
    """The running QApplication, created with siegeboard's names if there is none yet."""
    app = QApplication.instance()
    if app is None:
        app = QApplication(sys.argv[:1])
    app.setOrganizationName("siegeboard")
    app.setApplicationName("siegeboard")
    app.setApplicationVersion(__version__)
    wheel_guard.install(app)
    return app


def run(path: Path | None) -> int:
    """Open the main window on ``path`` and return the exit code when it closes.

    With no ``path`` the window opens a new, unsaved siege copied from the sample (never the
    sample file itself). A file that cannot be opened is reported in the window, which then
    shows an empty siege. After a crash the window first offers the autosave; a recovered one
    is opened instead. An error nobody caught is shown in a dialog with a copyable report (not
    under pytest).
    """
    app = application()
    from siegeboard.ui.error_report import install_excepthook

    install_excepthook()
    from siegeboard.ui.main_window import MainWindow  # after the QApplication exists

    window = MainWindow()
    window.show()
    recovered = window.files.start_session()  # after a crash: offers the autosave first
    if path is not None and not recovered:
        window.files.open_path(Path(path), ask=False)
    elif not recovered:
        window.document.load(read_sample(), None)
    return app.exec()
