"""Desktop integration on Windows and macOS (issue 37, item 4), run here: Windows' registry
through a fake ``winreg`` that behaves as the real one does (keys case-insensitive, only empty
keys deleted), the Start-menu shortcut's PowerShell script recorded instead of run; macOS's
Info.plist written and read back by plistlib, Launch Services' call recorded; the bundle's
spec on macOS wraps the app with that Info.plist."""

from __future__ import annotations

import plistlib
import sys
from pathlib import Path

import pytest
from PIL import Image

from siegeboard import cli, desktop

EXE = r"C:\Program Files\siegeboard\siegeboard.exe"
ROOT = Path(__file__).resolve().parents[2]


class FakeKey:
    def __init__(self, registry: FakeWinreg, path: str) -> None:
        self.registry, self.path = registry, path

    def __enter__(self) -> FakeKey:
        return self

    def __exit__(self, *exc: object) -> None:
        return None


class FakeWinreg:
    """The part of ``winreg`` desktop.py uses, over a dict: path (lower case) -> values."""

    HKEY_CURRENT_USER = "HKCU"
    KEY_READ, KEY_WRITE, REG_SZ = 0x20019, 0x20006, 1

    def __init__(self) -> None:
        self.keys: dict[str, dict[str | None, str]] = {}

    @staticmethod
    def _norm(path: str) -> str:
        return path.lower()

    def CreateKeyEx(self, root: str, path: str, reserved: int = 0, access: int = 0) -> FakeKey:  # noqa: N802
        assert root == self.HKEY_CURRENT_USER
        parts = path.split("\\")
        for end in range(1, len(parts) + 1):
            self.keys.setdefault(self._norm("\\".join(parts[:end])), {})
        return FakeKey(self, self._norm(path))

    def OpenKey(self, root: str, path: str, reserved: int = 0, access: int = 0) -> FakeKey:  # noqa: N802
        if self._norm(path) not in self.keys:
            raise FileNotFoundError(2, "The system cannot find the file specified")
        return FakeKey(self, self._norm(path))

    def SetValueEx(self, key: FakeKey, name: str | None, reserved: int, kind: int,  # noqa: N802
                   value: str) -> None:
        assert kind == self.REG_SZ
        self.keys[key.path][name or None] = value

    def QueryValueEx(self, key: FakeKey, name: str | None) -> tuple[str, int]:  # noqa: N802
        try:
            return self.keys[key.path][name or None], self.REG_SZ
        except KeyError:
            raise FileNotFoundError(2, "no such value") from None

    def EnumKey(self, key: FakeKey, index: int) -> str:  # noqa: N802
        depth = key.path.count("\\") + 1
        children = sorted(path.split("\\")[-1] for path in self.keys
                          if path.startswith(key.path + "\\") and path.count("\\") == depth)
        if index >= len(children):
            raise OSError(259, "No more data is available")
        return children[index]

    def DeleteKey(self, root: str, path: str) -> None:  # noqa: N802
        path = self._norm(path)
        if any(other.startswith(path + "\\") for other in self.keys):
            raise PermissionError(5, "Access is denied")  # winreg deletes only empty keys
        del self.keys[path]

    def DeleteValue(self, key: FakeKey, name: str) -> None:  # noqa: N802
        try:
            del self.keys[key.path][name]
        except KeyError:
            raise FileNotFoundError(2, "no such value") from None

    def value(self, path: str, name: str | None = None) -> str | None:
        return self.keys.get(self._norm(path), {}).get(name)


@pytest.fixture
def windows(monkeypatch, tmp_path):
    """A Windows user's folders, registry and shell, faked; the platform patched to win32."""
    registry = FakeWinreg()
    scripts: list[str] = []
    monkeypatch.setenv("APPDATA", str(tmp_path / "Roaming"))
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "Local"))
    monkeypatch.setitem(sys.modules, "winreg", registry)

    def run(script: str):
        scripts.append(script)
        link = tmp_path / "Roaming" / "Microsoft" / "Windows" / "Start Menu" / "Programs" / \
            "siegeboard.lnk"
        link.write_bytes(b"L\0\0\0")  # what WScript.Shell would write
        return type("Done", (), {"returncode": 0, "stderr": ""})()

    notified: list[bool] = []
    cli.build_parser()  # its imports (PDFium's library) load for this system, before the patch
    monkeypatch.setattr(desktop, "_run_powershell", run)
    monkeypatch.setattr(desktop, "_notify_explorer", lambda: notified.append(True))
    monkeypatch.setattr(desktop.sys, "platform", "win32")
    return registry, scripts, notified


def test_windows_registers_the_siege_type_and_its_command_for_this_user(windows, tmp_path):
    registry, scripts, notified = windows
    written, done = desktop.install([EXE])
    classes = "Software\\Classes"
    assert registry.value(f"{classes}\\.siege") == "siegeboard.siege"
    assert registry.value(f"{classes}\\.siege", "Content Type") == "application/x-siegeboard"
    assert registry.value(f"{classes}\\.siege\\OpenWithProgids", "siegeboard.siege") == ""
    command = registry.value(f"{classes}\\siegeboard.siege\\shell\\open\\command")
    assert command == f'"{EXE}" "%1"'
    assert registry.value(f"{classes}\\Applications\\siegeboard.exe\\shell\\open\\command") \
        == command
    icon_value = registry.value(f"{classes}\\siegeboard.siege\\DefaultIcon")
    icon = Path(icon_value.rsplit(",", 1)[0])
    assert icon.is_file() and icon in written
    with Image.open(icon) as ico:
        assert ico.format == "ICO" and (256, 256) in ico.info["sizes"]
    assert all(not key.startswith("hkey_local_machine") for key in registry.keys)
    # The Start-menu shortcut: one PowerShell script, aimed at the program and the icon.
    assert len(scripts) == 1 and "CreateShortcut(" in scripts[0]
    assert f"TargetPath = '{EXE}'" in scripts[0] and str(icon) in scripts[0]
    assert any(path.name == "siegeboard.lnk" for path in written)
    assert notified == [True]


def test_windows_command_line_quotes_what_needs_it():
    assert desktop.windows_command([EXE]) == f'"{EXE}" "%1"'
    assert desktop.windows_command([r"C:\Python\python.exe", "-m", "siegeboard"]) == \
        r'C:\Python\python.exe -m siegeboard "%1"'


def test_a_quote_in_a_folder_name_is_kept_in_the_shortcut_script():
    script = desktop._shortcut_script(Path(r"C:\Users\O'Brien\siegeboard.lnk"), [EXE],
                                      Path(r"C:\Users\O'Brien\icon.ico"))
    assert r"'C:\Users\O''Brien\siegeboard.lnk'" in script


def test_windows_uninstall_removes_exactly_what_install_made(windows, tmp_path):
    registry, _, _ = windows
    # What every Windows has already: another type, and the Applications key.
    registry.CreateKeyEx(registry.HKEY_CURRENT_USER, "Software\\Classes\\.txt")
    registry.CreateKeyEx(registry.HKEY_CURRENT_USER, "Software\\Classes\\Applications")
    before = {path: dict(values) for path, values in registry.keys.items()}
    desktop.install([EXE])
    removed, done = desktop.uninstall()
    assert registry.keys == before
    assert {path.name for path in removed} == {"siegeboard.lnk", "siegeboard-file.ico"}


def test_windows_uninstall_leaves_the_extension_another_program_took(windows):
    registry, _, _ = windows
    desktop.install([EXE])
    with registry.CreateKeyEx(registry.HKEY_CURRENT_USER, "Software\\Classes\\.siege") as key:
        registry.SetValueEx(key, None, 0, registry.REG_SZ, "OtherApp.File")
    desktop.uninstall()
    assert registry.value("Software\\Classes\\.siege") == "OtherApp.File"
    assert registry.value("Software\\Classes\\.siege\\OpenWithProgids",
                          "siegeboard.siege") is None
    assert "software\\classes\\siegeboard.siege" not in registry.keys


def test_the_command_line_registers_on_windows(windows, capsys):
    registry, _, _ = windows
    assert cli.main(["--register-desktop"]) == 0
    assert registry.value("Software\\Classes\\.siege") == "siegeboard.siege"
    assert "siegeboard" in capsys.readouterr().out


def test_the_mac_app_declares_the_siege_type():
    plist = desktop.info_plist("0.2.0.dev0")
    again = plistlib.loads(plistlib.dumps(plist))  # a valid property list
    assert again["CFBundleShortVersionString"] == "0.2.0"
    declared = again["UTExportedTypeDeclarations"][0]
    assert declared["UTTypeIdentifier"] == desktop.UTI
    assert declared["UTTypeTagSpecification"]["public.filename-extension"] == ["siege"]
    assert "public.zip-archive" in declared["UTTypeConformsTo"]
    document = again["CFBundleDocumentTypes"][0]
    assert document["LSItemContentTypes"] == [desktop.UTI]
    assert document["CFBundleTypeRole"] == "Editor"


def test_mac_registers_the_running_app_with_launch_services(tmp_path, monkeypatch):
    app = tmp_path / "Applications" / "siegeboard.app"
    (app / "Contents" / "MacOS").mkdir(parents=True)
    (app / "Contents" / "Info.plist").write_bytes(plistlib.dumps(desktop.info_plist("1.0")))
    executable = app / "Contents" / "MacOS" / "siegeboard"
    executable.write_bytes(b"")
    assert desktop.app_bundle(executable) == app
    calls: list[list[str]] = []
    _, done = desktop.mac_register(app=app, run=lambda argv: calls.append(argv))
    assert calls == [[desktop.LSREGISTER, "-f", str(app)]]
    assert "registered" in done[0]


def test_mac_without_an_app_says_so_in_one_line(monkeypatch, capsys):
    cli.build_parser()
    monkeypatch.setattr(desktop.sys, "platform", "darwin")
    assert cli.main(["--install-desktop"]) == 1
    error = capsys.readouterr().err.strip()
    assert "no siegeboard.app" in error and "\n" not in error


def test_the_bundle_spec_wraps_the_mac_app_with_its_info_plist(tmp_path):
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import build_bundle
    finally:
        sys.path.remove(str(ROOT / "tools"))
    mac = build_bundle.mac_app("darwin")
    assert mac.startswith("app = BUNDLE(coll") and "UTExportedTypeDeclarations" in mac
    assert build_bundle.mac_app("linux") == "" and build_bundle.mac_app("win32") == ""
    namespace: dict = {}
    exec(compile(mac, "spec", "exec"),  # noqa: S102 -- the spec's own lines, as PyInstaller runs them
         {"coll": "the folder", "BUNDLE": lambda coll, **options: options}, namespace)
    assert namespace["app"]["info_plist"] == desktop.info_plist(
        __import__("importlib.metadata").metadata.version("siegeboard"))


def test_linux_still_writes_the_xdg_files(tmp_path, monkeypatch):
    monkeypatch.setattr(desktop.sys, "platform", "linux")
    written, _ = desktop.install(["/usr/bin/siegeboard"], home=tmp_path)
    assert tmp_path / "applications" / "siegeboard.desktop" in written
