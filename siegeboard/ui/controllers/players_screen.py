"""The players' screen: a second top-level window, for a second monitor or a TV, showing the
players' view of the siege live (View > Players' Screen).

It is a second projection of the same ``Document``: a ``MapScene`` in the players' look
(``players=True``), fed by the same ``changed`` events, so a shot redraws only the structures
it touched, there as in the GM's window. It shows the plan, the grid, the structures in the
players' words (intact, damaged, collapsed or breached; "Fire"), the batteries the players
may see (``rules.players_view``) and the clock; never a figure, a GM note, a tool's preview
(tools draw in the GM's scene only) or the selection (this scene ignores it).

What it shows of the map: it follows the GM's view (the default), or keeps its own once the
GM shows them something ("show them this": the selection, a box drawn with the Show the
Players a Box tool, or the GM's view as it is now).
B blanks it (a black screen, for a reveal) and B again shows it. It opens on the screen the
GM picked (full screen there), remembered by that screen's name; on a window when that screen
is not connected.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QRectF, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QColor, QGuiApplication, QKeySequence, QPainter
from PySide6.QtWidgets import QFrame, QGraphicsView, QLabel, QStackedLayout, QVBoxLayout, QWidget

from siegeboard.model.structure import Side
from siegeboard.ui.board.map_scene import MapScene
from siegeboard.ui.board.map_view import MapView
from siegeboard.ui.document.changes import Aspect
from siegeboard.ui.document.document import Document
from siegeboard.ui.language import tr

SCREEN_KEY = "players_screen/screen"  # QSettings: the screen's name, "" for a window
WINDOW = ""


class PlayersScreen(QWidget):
    """The players' window over ``document``, following ``gm_view`` until told otherwise."""

    def __init__(self, document: Document, gm_view: MapView):
        super().__init__(None, Qt.WindowType.Window)
        # Told when B blanks or shows the screen (the controller keeps its action in step).
        self.blank_changed: Callable[[bool], None] = lambda blank: None
        self.setObjectName("PlayersScreen")
        self.setWindowTitle(tr("siegeboard — the players' screen"))
        self.document = document
        self.gm_view = gm_view
        self.scene = MapScene(document, self, players=True)
        self.view = QGraphicsView(self.scene)
        self.view.setRenderHints(QPainter.RenderHint.Antialiasing
                                 | QPainter.RenderHint.SmoothPixmapTransform)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setFrameShape(QFrame.Shape.NoFrame)  # edge to edge on the players' screen
        self.view.setInteractive(False)  # the players look; they do not edit
        self.view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.view.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.clock_label = QLabel(self.view)
        self.clock_label.setStyleSheet("background: rgba(255,255,255,215); color: black; "
                                       "padding: 4px 8px; font-weight: bold;")
        self.clock_label.move(10, 10)
        self.blank = QWidget()
        self.blank.setAutoFillBackground(True)
        palette = self.blank.palette()
        palette.setColor(self.blank.backgroundRole(), QColor("black"))
        self.blank.setPalette(palette)
        self.stack = QStackedLayout()
        self.stack.addWidget(self.view)
        self.stack.addWidget(self.blank)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self.stack)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # B comes here (keyPressEvent)
        self.following = True
        self._shown = QRectF()  # what the players' view keeps when not following
        # The GM's view moves in several signals at a time (a zoom moves both scroll bars
        # and the scale): follow once they are all in, when the event loop next turns, so
        # the players' screen paints in the same frame as the GM's.
        self._follow_timer = QTimer(self)
        self._follow_timer.setSingleShot(True)
        self._follow_timer.setInterval(0)
        self._follow_timer.timeout.connect(self._follow_now)
        gm_view.zoom_changed.connect(self._gm_moved)
        gm_view.horizontalScrollBar().valueChanged.connect(self._gm_moved)
        gm_view.verticalScrollBar().valueChanged.connect(self._gm_moved)
        document.changed.connect(self._on_changed)
        self._show_clock()

    # -- what it shows -----------------------------------------------------------------------
    @property
    def blanked(self) -> bool:
        return self.stack.currentWidget() is self.blank

    def set_blank(self, blank: bool) -> None:
        """Black the screen (for a reveal) or show the map again."""
        self.stack.setCurrentWidget(self.blank if blank else self.view)

    def follow_gm(self) -> None:
        """Show what the GM's view shows, and keep doing so as it moves."""
        self.following = True
        self._follow_now()

    def show_them(self, rect: QRectF) -> None:
        """Show ``rect`` (metres) and keep it, whatever the GM's view does."""
        if rect.isNull() or rect.isEmpty():
            return
        self.following = False
        self._shown = QRectF(rect)
        self.view.fitInView(self._shown, Qt.AspectRatioMode.KeepAspectRatio)

    def gm_rect(self) -> QRectF:
        """What the GM's view shows now, in metres."""
        return self.gm_view.mapToScene(self.gm_view.viewport().rect()).boundingRect()

    def visible_rect(self) -> QRectF:
        return self.view.mapToScene(self.view.viewport().rect()).boundingRect()

    def _gm_moved(self, *args) -> None:
        if self.following:
            self._follow_timer.start()

    def _follow_now(self) -> None:
        if self.following:
            self.view.fitInView(self.gm_rect(), Qt.AspectRatioMode.KeepAspectRatio)

    def _on_changed(self, change) -> None:
        if change.touches(Aspect.CLOCK) or change.reset:
            self._show_clock()

    def _show_clock(self) -> None:
        self.clock_label.setText(self.document.siege.clock.label())
        self.clock_label.adjustSize()

    # -- where it shows -----------------------------------------------------------------------
    def place_on(self, screen_name: str) -> bool:
        """Full screen on the screen named ``screen_name``; a window when it is ``WINDOW`` or
        not connected. True when it went full screen."""
        screen = next((s for s in QGuiApplication.screens() if s.name() == screen_name), None)
        if screen_name == WINDOW or screen is None:
            self.showNormal()
            if self.width() < 200:
                self.resize(1024, 640)
            return False
        self.setScreen(screen)
        self.setGeometry(screen.geometry())
        self.showFullScreen()
        return True

    def keyPressEvent(self, event) -> None:
        if event.key() == Qt.Key.Key_B and not event.modifiers():
            self.set_blank(not self.blanked)
            self.blank_changed(self.blanked)
            return
        super().keyPressEvent(event)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.following:
            self._follow_now()
        elif not self._shown.isNull():
            self.view.fitInView(self._shown, Qt.AspectRatioMode.KeepAspectRatio)


class PlayersScreenController:
    """The View menu's players' screen actions: a ``PlayersScreen`` of ``document`` that
    follows the GM's ``view``; ``scene`` (the GM's) tells where the selection is; the actions
    belong to ``parent``; ``settings`` remembers the screen chosen."""

    def __init__(self, document: Document, view: MapView, scene: MapScene,
                 show_status: Callable[[str], None], settings: QSettings, parent: QObject):
        self.document = document
        self.view = view
        self.scene = scene
        self.show_status = show_status
        self.settings = settings
        window = parent
        self.screen: PlayersScreen | None = None
        self.toggle_action = QAction(tr("&Players' Screen"), window)
        self.toggle_action.setCheckable(True)
        self.toggle_action.setShortcut(QKeySequence("Ctrl+Shift+P"))
        self.toggle_action.setStatusTip(tr("A second window for the players: their view of the "
                                        "siege, live (B there blanks it)"))
        self.toggle_action.toggled.connect(self.set_open)
        self.follow_action = QAction(tr("Players Follow My View"), window)
        self.follow_action.setCheckable(True)
        self.follow_action.setChecked(True)
        self.follow_action.toggled.connect(self._set_following)
        self.selection_action = QAction(tr("Show Them the Selection"), window)
        self.selection_action.triggered.connect(self.show_selection)
        self.my_view_action = QAction(tr("Show Them My View (and Keep It)"), window)
        self.my_view_action.triggered.connect(self.show_my_view)
        self.blank_action = QAction(tr("Blank the Players' Screen"), window)
        self.blank_action.setCheckable(True)
        self.blank_action.setShortcut(QKeySequence("Ctrl+Shift+B"))
        self.blank_action.toggled.connect(self._set_blank)
        self.screens_group = QActionGroup(window)
        self.side_group = QActionGroup(window)
        self.side_actions: dict[str | None, QAction] = {}
        for text, side in ((tr("Either Side"), None), (tr("The Besiegers"), "besieger"),
                           (tr("The Defenders"), "defender")):
            action = QAction(text, window)
            action.setCheckable(True)
            action.setChecked(side is None)
            action.triggered.connect(lambda checked=False, side=side: self.set_side(side))
            self.side_group.addAction(action)
            self.side_actions[side] = action
        self.side: Side | None = None
        # Told of every "show them this" (a box in metres, None: back to following), for the
        # players' own devices (``controllers.sharing``), which may listen with this screen closed.
        self.shown_listeners: list[Callable[[QRectF | None], None]] = []
        self.blank_listeners: list[Callable[[bool], None]] = []  # the same, for blanking
        self.sharing = False
        self._update_enabled()

    def add_to(self, menu, show_box_action: QAction) -> None:
        """The actions, as a block of the View menu (with the Show the Players a Box tool's
        ``show_box_action`` among them)."""
        menu.addSeparator()
        menu.addAction(self.toggle_action)
        self.screens_menu = menu.addMenu(tr("Players' Screen On"))
        self.screens_menu.aboutToShow.connect(self.fill_screens_menu)
        self.fill_screens_menu()
        sides = menu.addMenu(tr("The Players Play"))
        sides.addActions(list(self.side_actions.values()))
        menu.addActions([self.follow_action, self.selection_action,
                         show_box_action, self.my_view_action,
                         self.blank_action])

    # -- the screen -------------------------------------------------------------------------
    def screen_name(self) -> str:
        return str(self.settings.value(SCREEN_KEY, WINDOW))

    def choose_screen(self, name: str) -> None:
        """Remember ``name`` (``WINDOW``: a window) and move the players' screen there."""
        self.settings.setValue(SCREEN_KEY, name)
        if self.screen is not None:
            self.screen.place_on(name)

    def fill_screens_menu(self) -> None:
        self.screens_menu.clear()
        chosen = self.screen_name()
        for action in self.screens_group.actions():
            self.screens_group.removeAction(action)
        names = [(WINDOW, tr("A Window"))] + [(s.name(), tr("Full Screen on {name} "
                                                     "({width} x {height})").format(
                                                             name=s.name(),
                                                                     width=s.size().width(),
                                                                             height=s.size().height()))
                                          for s in QGuiApplication.screens()]
        for name, text in names:
            action = self.screens_menu.addAction(text)
            action.setCheckable(True)
            action.setChecked(name == chosen)
            self.screens_group.addAction(action)
            action.triggered.connect(lambda checked=False, name=name: self.choose_screen(name))

    def set_open(self, opened: bool) -> None:
        if opened and self.screen is None:
            self.screen = PlayersScreen(self.document, self.view)
            self.screen.scene.set_players_side(self.side)
            self.screen.blank_changed = self._blank_from_key
            self.screen.place_on(self.screen_name())
            self.screen.follow_gm()
        elif not opened and self.screen is not None:
            self.screen.close()
            self.screen.deleteLater()
            self.screen = None
        if self.toggle_action.isChecked() != opened:
            self.toggle_action.setChecked(opened)
        self._update_enabled()

    def set_side(self, side: Side | None) -> None:
        self.side = side
        self.side_actions[side].setChecked(True)
        if self.screen is not None:
            self.screen.scene.set_players_side(side)

    def set_sharing(self, on: bool) -> None:
        """Whether the players' devices are being served: "show them this" works then even
        with this screen closed."""
        self.sharing = on
        self._update_enabled()

    def _show(self, rect: QRectF) -> None:
        if self.screen is not None:
            self.screen.show_them(rect)
        for listener in self.shown_listeners:
            listener(QRectF(rect))
        self.follow_action.setChecked(False)

    def show_selection(self) -> None:
        if self.screen is None and not self.sharing:
            return
        items = self.scene.structure_items
        rect = QRectF()
        for key in self.document.selection:
            if key in items:
                rect = rect.united(items[key].boundingRect())
        if rect.isNull():
            self.show_status(tr("Select what to show the players first."))
            return
        margin = max(rect.width(), rect.height()) * 0.15 + 4
        self._show(rect.adjusted(-margin, -margin, margin, margin))

    def show_box(self, rect: QRectF) -> bool:
        """Show the players ``rect`` (metres, a box the GM drew); False when closed."""
        if self.screen is None and not self.sharing:
            return False
        self._show(rect)
        return True

    def show_my_view(self) -> None:
        if self.screen is not None or self.sharing:
            view = self.view
            self._show(view.mapToScene(view.viewport().rect()).boundingRect())

    def _set_following(self, on: bool) -> None:
        if on:
            for listener in self.shown_listeners:
                listener(None)
        if self.screen is not None and on and not self.screen.following:
            self.screen.follow_gm()

    def _set_blank(self, on: bool) -> None:
        if self.screen is not None:
            self.screen.set_blank(on)
        for listener in self.blank_listeners:
            listener(on)

    def _blank_from_key(self, blank: bool) -> None:
        self.blank_action.blockSignals(True)
        self.blank_action.setChecked(blank)
        self.blank_action.blockSignals(False)
        for listener in self.blank_listeners:
            listener(blank)

    def _update_enabled(self) -> None:
        opened = self.screen is not None or self.sharing
        for action in (self.follow_action, self.selection_action, self.my_view_action,
                       self.blank_action):
            action.setEnabled(opened)
