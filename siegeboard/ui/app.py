"""Starting the window: ``run(path)`` opens ``path`` (or a copy of the sample) and runs the loop."""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import QApplication

from siegeboard import __version__
from siegeboard.desktop import APP, ICON_SIZES
from siegeboard.persist import read_sample
from siegeboard.rules.dice import fresh_dice_seed
from siegeboard.ui import language, wheel_guard
from siegeboard.ui.dialogs.about import add_help_menu
from siegeboard.ui.dialogs.prompts import APP as SETTINGS_NAME
from siegeboard.ui.single_instance import InstanceServer, hand_over


def application_icon() -> QIcon:
    """The siegeboard icon at every size it is drawn at (resources/icons)."""
    icon = QIcon()
    folder = resources.files("siegeboard.resources").joinpath("icons")
    for size in ICON_SIZES:
        pixmap = QPixmap()
        data = folder.joinpath(f"{APP}-{size}.png").read_bytes()
        # PySide6 6.10's stubs give the format as bytes; Qt takes str
        pixmap.loadFromData(data, "PNG")  # type: ignore[call-overload, unused-ignore]
        icon.addPixmap(pixmap)
    return icon


def application() -> QApplication:
    """The running QApplication, created with siegeboard's names if there is none yet; one
    created here speaks the chosen language (``language.apply``: View > Language)."""
    found = QApplication.instance()
    app = found if isinstance(found, QApplication) else QApplication(sys.argv[:1])
    app.setOrganizationName("siegeboard")
    app.setApplicationName("siegeboard")
    app.setApplicationVersion(__version__)
    wheel_guard.install(app)
    app.setDesktopFileName(APP)  # ties the windows to siegeboard.desktop (Wayland's app id)
    app.setWindowIcon(application_icon())
    if found is not app:  # the language once, when siegeboard makes its application
        language.apply(app, QSettings(SETTINGS_NAME, SETTINGS_NAME))
    return app


def _shown_window():
    from siegeboard.ui.main_window import MainWindow  # after the QApplication exists

    window = MainWindow()
    add_help_menu(window)
    window.show()
    return window


def _open(window, path: Path | None) -> None:
    if path is not None:
        window.files.open_path(Path(path), ask=False)
    else:
        window.document.load(read_sample(dice_seed=fresh_dice_seed()), None)


def new_window(path: Path | None, windows: list):
    """Another window of this process (a later ``siegeboard [FILE]`` handed ``path`` over):
    on ``path``, or on a copy of the sample when None. Each window has its own document and
    its own autosave; ``windows`` keeps it alive until it closes."""
    window = _shown_window()
    window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)  # gone once the GM closes it
    windows.append(window)
    window.destroyed.connect(lambda *_: windows.remove(window) if window in windows else None)
    _open(window, path)
    window.raise_()
    window.activateWindow()
    return window


def run(path: Path | None) -> int:
    """Open the main window on ``path`` and return the exit code when it closes.

    With no ``path`` the window opens a new, unsaved siege copied from the sample (never the
    sample file itself). A file that cannot be opened is reported in the window, which then
    shows an empty siege. After a crash the window first offers the autosave; a recovered one
    is opened instead. When siegeboard already runs for this user, ``path`` is handed to it
    (it opens a new window, on a copy of the sample when None) and this returns 0 at once.
    An error nobody caught is shown in a dialog with a copyable report (not under pytest).
    """
    app = application()
    if hand_over(None if path is None else Path(path)):
        return 0
    from siegeboard.ui.dialogs.error_report import install_excepthook

    install_excepthook()
    server = InstanceServer(parent=app)
    server.listen()  # False if another siegeboard listens: this one then runs on its own
    windows: list = []
    server.file_received.connect(lambda received: new_window(received, windows))

    window = _shown_window()
    if not window.files.start_session():  # after a crash: offers the autosave first
        _open(window, path)
    try:
        return app.exec()
    finally:
        server.close()
        server.deleteLater()
