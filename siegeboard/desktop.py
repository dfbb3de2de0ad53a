"""The freedesktop integration: ``siegeboard --install-desktop`` / ``--uninstall-desktop``.

Installs, for the current user only, into ``$XDG_DATA_HOME`` (default ``~/.local/share``):

- ``applications/siegeboard.desktop``: the menu entry; its ``Exec`` runs this very program
  (the bundle's executable, or the installed ``siegeboard`` command) with the file (``%f``);
- ``mime/packages/siegeboard.xml``: the type ``application/x-siegeboard`` for ``*.siege`` (a
  zip whose first member is ``siege.json``);
- the icons, in ``icons/hicolor/<size>/apps/siegeboard.png`` and
  ``.../mimetypes/application-x-siegeboard.png`` (and ``scalable/`` SVGs);

then refreshes the desktop's caches with ``update-mime-database`` and
``update-desktop-database`` where they are installed (a desktop without them reads the files
directly or at next login). Uninstalling removes exactly the files installing writes. Qt-free:
it only writes files.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from importlib import resources
from pathlib import Path

APP = "siegeboard"
MIME_TYPE = "application/x-siegeboard"
MIME_ICON = MIME_TYPE.replace("/", "-")
ICON_SIZES = (16, 32, 48, 64, 128, 256)

MIME_XML = f"""<?xml version="1.0" encoding="UTF-8"?>
<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
  <mime-type type="{MIME_TYPE}">
    <comment>siegeboard siege</comment>
    <sub-class-of type="application/zip"/>
    <icon name="{MIME_ICON}"/>
    <glob pattern="*.siege"/>
    <magic priority="60">
      <match type="string" offset="0" value="PK\\003\\004">
        <match type="string" offset="30" value="siege.json"/>
      </match>
    </magic>
  </mime-type>
</mime-info>
"""


def data_home() -> Path:
    """``$XDG_DATA_HOME``, or ``~/.local/share`` when it is unset or not absolute (the spec)."""
    value = os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if os.path.isabs(value) else Path.home() / ".local" / "share"


def program() -> list[str]:
    """The command that starts this siegeboard: the bundle's executable when frozen, else the
    ``siegeboard`` script beside the interpreter (a venv's or pipx's bin/), else
    ``python -m siegeboard``."""
    if getattr(sys, "frozen", False):
        return [str(Path(sys.executable).resolve())]
    script = Path(sys.executable).parent / APP
    if script.is_file():
        return [str(script)]
    return [str(Path(sys.executable).resolve()), "-m", APP]


def exec_argument(argument: str) -> str:
    """One argument of a desktop entry's ``Exec`` key, quoted as the Desktop Entry
    Specification asks: double quotes around an argument with a reserved character, a
    backslash before ``"`` `` ` `` ``$`` ``\\`` inside them, ``%`` doubled; then the escaping
    of any string value (a backslash doubled again)."""
    argument = argument.replace("%", "%%")
    if any(char in argument for char in " \t\n\"'\\><~|&;$*?#()`"):
        inner = "".join("\\" + char if char in '"`$\\' else char for char in argument)
        argument = f'"{inner}"'
    return argument.replace("\\", "\\\\")


def desktop_entry(command: list[str]) -> str:
    exec_line = " ".join(exec_argument(part) for part in command) + " %f"
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",  # the newest version desktop-file-validate 0.26 (Debian 12) knows
        f"Name={APP}",
        "GenericName=Siege board",
        "Comment=Castles, walls and guns for tabletop game masters: damage, fire and breaches",
        f"Exec={exec_line}",
        f"Icon={APP}",
        "Terminal=false",
        "Categories=Game;BoardGame;",
        f"MimeType={MIME_TYPE};",
        "Keywords=siege;castle;fortress;artillery;tabletop;wargame;map;",
        "",
    ])


def _icons() -> dict[str, bytes]:
    """Icon files to install (path under the data home -> bytes)."""
    folder = resources.files("siegeboard.resources").joinpath("icons")
    files = {}
    for stem, context, name in ((APP, "apps", APP), (MIME_ICON, "mimetypes", MIME_ICON)):
        for size in ICON_SIZES:
            files[f"icons/hicolor/{size}x{size}/{context}/{name}.png"] = \
                folder.joinpath(f"{stem}-{size}.png").read_bytes()
        files[f"icons/hicolor/scalable/{context}/{name}.svg"] = \
            folder.joinpath(f"{stem}.svg").read_bytes()
    return files


def desktop_files(command: list[str] | None = None) -> dict[str, bytes]:
    """Every file ``install`` writes: its path under the data home -> its bytes."""
    return {
        f"applications/{APP}.desktop": desktop_entry(command or program()).encode("utf-8"),
        f"mime/packages/{APP}.xml": MIME_XML.encode("utf-8"),
        **_icons(),
    }


def _refresh(home: Path) -> list[str]:
    """Run the desktop's cache updaters that exist; return what ran. A missing tool is no
    error (many desktops read the files directly); a failing one is reported, not raised."""
    ran = []
    for tool, folder in (("update-mime-database", home / "mime"),
                         ("update-desktop-database", home / "applications"),
                         ("gtk-update-icon-cache", home / "icons" / "hicolor")):
        path = shutil.which(tool)
        if path is None or not folder.is_dir():
            continue
        if tool == "gtk-update-icon-cache" and not (folder / "index.theme").is_file():
            continue  # without the theme's index it refuses; the icons are found anyway
        done = subprocess.run([path, "-q", str(folder)] if tool != "update-mime-database"
                              else [path, str(folder)], capture_output=True, text=True)
        ran.append(tool if done.returncode == 0 else f"{tool} (failed: "
                   f"{(done.stderr or done.stdout).strip()[:200]})")
    return ran


def install(command: list[str] | None = None,
            home: Path | None = None) -> tuple[list[Path], list[str]]:
    """Write the desktop entry, the MIME type and the icons for this user; refresh the caches.

    ``command``: what ``Exec`` runs (default ``program()``). Returns the files written and the
    cache updaters run. Raises ``OSError`` when a file cannot be written.
    """
    home = home or data_home()
    written = []
    for relative, data in desktop_files(command).items():
        target = home / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        written.append(target)
    return written, _refresh(home)


def uninstall(home: Path | None = None) -> tuple[list[Path], list[str]]:
    """Remove exactly the files ``install`` writes (those present; folders are left), refresh
    the caches; return the files removed and the updaters run."""
    home = home or data_home()
    removed = []
    for relative in desktop_files([APP]):
        target = home / relative
        if target.is_file():
            target.unlink()
            removed.append(target)
    return removed, _refresh(home)
