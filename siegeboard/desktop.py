r"""The freedesktop integration: ``siegeboard --install-desktop`` / ``--uninstall-desktop``.

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

The same command on the other systems (``install``/``uninstall`` choose by ``sys.platform``):

- **Windows**: for the current user only, no administrator: under ``HKEY_CURRENT_USER\Software\
  Classes``, the extension ``.siege`` with its content type, pointing to the ProgID
  ``siegeboard.siege`` ("siegeboard siege", its icon, and ``shell\open\command`` running this
  program with ``"%1"``); the program's ``Applications\siegeboard.exe`` entry (so Explorer's
  "Open with" lists it); a Start-menu shortcut ``siegeboard.lnk`` in the user's Programs folder
  (made by Windows' own Shell.Application through PowerShell); then Explorer is told that the
  associations changed. Uninstalling removes exactly those keys and the shortcut, and leaves
  ``.siege`` alone if another program has taken it since (``windows_install``).
- **macOS**: a file type belongs to an application bundle; ``siegeboard.app`` (built by
  tools/build_bundle.py) declares ``.siege`` in its ``Info.plist`` (``info_plist``: the
  exported type ``org.siegeboard.siege`` conforming to a zip archive, and siegeboard as its
  editor), and Launch Services registers it when the app is first seen. The command asks
  Launch Services to register the running app at once; without an app (a pip install) it
  says so and changes nothing.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

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


class NotHere(Exception):
    """This system has nothing to install for this siegeboard (the message says why)."""


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
    script = Path(sys.executable).parent / (f"{APP}.exe" if sys.platform == "win32" else APP)
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
    """This system's integration for this user: ``windows_install`` on Windows,
    ``mac_register`` on macOS, else ``xdg_install``."""
    if sys.platform == "win32":
        return windows_install(command)
    if sys.platform == "darwin":
        return mac_register()
    return xdg_install(command, home)


def uninstall(home: Path | None = None) -> tuple[list[Path], list[str]]:
    """Undo ``install`` on this system."""
    if sys.platform == "win32":
        return windows_uninstall()
    if sys.platform == "darwin":
        return [], ["nothing to remove: the file type goes with siegeboard.app (move the app "
                    "to the Trash)"]
    return xdg_uninstall(home)


def xdg_install(command: list[str] | None = None,
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


def xdg_uninstall(home: Path | None = None) -> tuple[list[Path], list[str]]:
    """Remove exactly the files ``xdg_install`` writes (those present; folders are left), refresh
    the caches; return the files removed and the updaters run."""
    home = home or data_home()
    removed = []
    for relative in desktop_files([APP]):
        target = home / relative
        if target.is_file():
            target.unlink()
            removed.append(target)
    return removed, _refresh(home)



# --------------------------------------------------------------------------- Windows

PROG_ID = f"{APP}.siege"
SUFFIX = ".siege"
CLASSES = "Software\\Classes"
# The keys windows_install writes under HKEY_CURRENT_USER (default value unless named),
# and what windows_uninstall removes: the ProgID and the Applications entry whole.
_OWN_KEYS = (f"{CLASSES}\\{PROG_ID}", f"{CLASSES}\\Applications\\{APP}.exe")


def windows_command(command: list[str]) -> str:
    """``command`` and the file (``"%1"``) as one Windows command line (each part quoted as
    the C runtime reads it back)."""
    return subprocess.list2cmdline(command) + ' "%1"'


def windows_folders() -> tuple[Path, Path]:
    """(the user's Start-menu Programs folder, siegeboard's own folder for its icon), from
    ``APPDATA`` and ``LOCALAPPDATA`` as Windows sets them."""
    roaming = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    local = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    return (roaming / "Microsoft" / "Windows" / "Start Menu" / "Programs",
            local / APP)


def file_icon() -> bytes:
    """The ``.siege`` files' icon as a Windows .ico (16 to 256 px, from the packaged PNGs)."""
    from PIL import Image

    folder = resources.files("siegeboard.resources").joinpath("icons")
    largest = Image.open(io.BytesIO(folder.joinpath(f"{MIME_ICON}-256.png").read_bytes()))
    out = io.BytesIO()
    largest.save(out, "ICO", sizes=[(size, size) for size in ICON_SIZES])
    return out.getvalue()


def _shortcut_script(link: Path, command: list[str], icon: Path) -> str:
    def quoted(text: str) -> str:  # a PowerShell single-quoted string
        return "'" + text.replace("'", "''") + "'"

    return "; ".join([
        "$shell = New-Object -ComObject WScript.Shell",
        f"$link = $shell.CreateShortcut({quoted(str(link))})",
        f"$link.TargetPath = {quoted(command[0])}",
        f"$link.Arguments = {quoted(subprocess.list2cmdline(command[1:]))}",
        f"$link.IconLocation = {quoted(str(icon))}",
        "$link.Description = 'Siege board for tabletop game masters'",
        "$link.Save()"])


def _run_powershell(script: str) -> subprocess.CompletedProcess:  # pragma: no cover - Windows
    return subprocess.run(["powershell", "-NoProfile", "-NonInteractive", "-Command", script],
                          capture_output=True, text=True, timeout=60)


def _notify_explorer() -> None:  # pragma: no cover - Windows
    import ctypes

    # SHCNE_ASSOCCHANGED; typeshed declares windll for Windows only, where this runs
    ctypes.windll.shell32.SHChangeNotify(  # type: ignore[attr-defined, unused-ignore]
        0x08000000, 0, None, None)


def windows_install(command: list[str] | None = None, *, registry: Any = None,
                    run: Callable[[str], Any] | None = None,
                    notify: Callable[[], None] | None = None) -> tuple[list[Path], list[str]]:
    """The ``.siege`` association and the Start-menu shortcut for this user (see the
    module). ``registry``: the ``winreg`` module (a test passes its own), ``run`` runs a
    PowerShell script, ``notify`` tells Explorer. Returns the files written and what was
    done. Raises ``OSError`` when a key or file cannot be written."""
    if registry is None:  # pragma: no cover - Windows
        import winreg as registry
    command = command or program()
    programs, own = windows_folders()
    own.mkdir(parents=True, exist_ok=True)
    icon = own / "siegeboard-file.ico"
    icon.write_bytes(file_icon())
    line = windows_command(command)

    def put(path: str, value: str, name: str | None = None) -> None:
        with registry.CreateKeyEx(registry.HKEY_CURRENT_USER, path, 0,
                                  registry.KEY_WRITE) as key:
            registry.SetValueEx(key, name, 0, registry.REG_SZ, value)

    put(f"{CLASSES}\\{SUFFIX}", PROG_ID)
    put(f"{CLASSES}\\{SUFFIX}", MIME_TYPE, "Content Type")
    put(f"{CLASSES}\\{SUFFIX}\\OpenWithProgids", "", PROG_ID)
    put(f"{CLASSES}\\{PROG_ID}", "siegeboard siege")
    put(f"{CLASSES}\\{PROG_ID}\\DefaultIcon", f"{icon},0")
    put(f"{CLASSES}\\{PROG_ID}\\shell\\open\\command", line)
    put(f"{CLASSES}\\Applications\\{APP}.exe\\shell\\open\\command", line)
    put(f"{CLASSES}\\Applications\\{APP}.exe\\SupportedTypes", "", SUFFIX)
    done = [f"HKEY_CURRENT_USER\\{CLASSES}\\{SUFFIX} -> {PROG_ID}"]
    programs.mkdir(parents=True, exist_ok=True)
    link = programs / f"{APP}.lnk"
    made = (run or _run_powershell)(_shortcut_script(link, command, icon))
    if getattr(made, "returncode", 0) != 0:
        done.append(f"Start-menu shortcut not made ({str(made.stderr).strip()[:200]})")
    (notify or _notify_explorer)()
    written = [icon] + ([link] if link.exists() else [])
    return written, done + ["Explorer told of the new file type"]


def windows_uninstall(*, registry: Any = None,
                      notify: Callable[[], None] | None = None) -> tuple[list[Path], list[str]]:
    """Remove what ``windows_install`` made: its keys (``.siege`` only while it still names
    siegeboard), the shortcut and the icon."""
    if registry is None:  # pragma: no cover - Windows
        import winreg as registry
    done = []
    for path in _OWN_KEYS:
        if _delete_tree(registry, path):
            done.append(f"removed HKEY_CURRENT_USER\\{path}")
    extension = f"{CLASSES}\\{SUFFIX}"
    try:
        with registry.OpenKey(registry.HKEY_CURRENT_USER, extension) as key:
            ours = registry.QueryValueEx(key, None)[0] == PROG_ID
    except OSError:
        ours = False
    if ours:
        _delete_tree(registry, extension)
        done.append(f"removed HKEY_CURRENT_USER\\{extension}")
    else:
        _delete_tree(registry, f"{extension}\\OpenWithProgids", only_value=PROG_ID)
    programs, own = windows_folders()
    removed: list[Path] = []
    for shortcut in (programs / f"{APP}.lnk", own / "siegeboard-file.ico"):
        if shortcut.is_file():
            shortcut.unlink()
            removed.append(shortcut)
    (notify or _notify_explorer)()
    return removed, done


def _delete_tree(registry: Any, path: str, only_value: str | None = None) -> bool:
    """Delete the key ``path`` of HKEY_CURRENT_USER and everything under it (winreg deletes
    only empty keys); with ``only_value``, only that value of it. False when it was not there."""
    try:
        key = registry.OpenKey(registry.HKEY_CURRENT_USER, path, 0,
                               registry.KEY_READ | registry.KEY_WRITE)
    except OSError:
        return False
    with key:
        if only_value is not None:
            try:
                registry.DeleteValue(key, only_value)
            except OSError:
                return False
            return True
        children: list[str] = []
        while True:
            try:
                children.append(registry.EnumKey(key, len(children)))
            except OSError:
                break
    for child in children:
        _delete_tree(registry, f"{path}\\{child}")
    registry.DeleteKey(registry.HKEY_CURRENT_USER, path)
    return True


# --------------------------------------------------------------------------- macOS

BUNDLE_ID = "org.siegeboard.siegeboard"
UTI = "org.siegeboard.siege"
LSREGISTER = ("/System/Library/Frameworks/CoreServices.framework/Frameworks/"
              "LaunchServices.framework/Support/lsregister")


def info_plist(version: str) -> dict[str, Any]:
    """The ``Info.plist`` keys of ``siegeboard.app`` beyond PyInstaller's own: the ``.siege``
    type declared (exported, a zip archive, its extension and MIME type) and siegeboard as
    its editor and owner (PyInstaller's ``BUNDLE(info_plist=...)`` merges them)."""
    return {
        "CFBundleName": APP,
        "CFBundleDisplayName": APP,
        # Apple's form: up to three whole numbers ("0.2.0" of "0.2.0.dev0").
        "CFBundleShortVersionString": ".".join(re.findall(r"\d+", version)[:3]) or "0",
        "NSHighResolutionCapable": True,
        "LSMinimumSystemVersion": "11.0",
        "UTExportedTypeDeclarations": [{
            "UTTypeIdentifier": UTI,
            "UTTypeDescription": "siegeboard siege",
            "UTTypeConformsTo": ["public.zip-archive", "public.data"],
            "UTTypeTagSpecification": {"public.filename-extension": ["siege"],
                                       "public.mime-type": [MIME_TYPE]},
        }],
        "CFBundleDocumentTypes": [{
            "CFBundleTypeName": "siegeboard siege",
            "CFBundleTypeRole": "Editor",
            "LSHandlerRank": "Owner",
            "LSItemContentTypes": [UTI],
        }],
    }


def app_bundle(executable: Path | None = None) -> Path | None:
    """The ``.app`` this program runs from (``X.app/Contents/MacOS/siegeboard``), or None."""
    executable = executable or Path(sys.executable).resolve()
    for parent in executable.parents:
        if parent.suffix == ".app" and (parent / "Contents" / "Info.plist").is_file():
            return parent
    return None


def mac_register(*, app: Path | None = None,
                 run: Callable[[list[str]], Any] | None = None) -> tuple[list[Path], list[str]]:
    """Ask Launch Services to register ``app`` (default: the app this program runs from) and
    so its ``.siege`` type now; ``NotHere`` when there is no app (a pip install: the type
    comes with siegeboard.app only)."""
    app = app or (app_bundle() if getattr(sys, "frozen", False) else None)
    if app is None:
        raise NotHere("there is no siegeboard.app to register: on macOS the .siege file type "
                      "comes with the app (tools/build_bundle.py builds it); a pip install has "
                      "none, and nothing was changed")
    if run is None and not Path(LSREGISTER).is_file():
        return [], [f"{app} declares .siege; Launch Services registers it when the app is "
                    f"first opened from the Finder"]
    done = (run or (lambda argv: subprocess.run(argv, capture_output=True, text=True)))(
        [LSREGISTER, "-f", str(app)])
    if getattr(done, "returncode", 0) != 0:
        return [], [f"lsregister failed ({str(done.stderr).strip()[:200]}); the app is "
                    f"registered when first opened from the Finder"]
    return [], [f"registered {app} and its .siege type with Launch Services"]
