"""`siegeboard --install-desktop` / `--uninstall-desktop`: the files, the Exec line, the MIME
type, in a temporary XDG_DATA_HOME."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from siegeboard import cli, desktop
from siegeboard.persist import write_sample


def exec_argv(exec_value: str, file: str) -> list[str]:
    """What a file manager runs for ``Exec=exec_value`` with ``file``, read by the Desktop
    Entry Specification (the string escapes, then the quoting, then the field codes); written
    here from the specification, independently of desktop.exec_argument."""
    unescaped, chars = "", iter(exec_value)
    for char in chars:
        if char == "\\":
            following = next(chars)
            unescaped += {"s": " ", "n": "\n", "t": "\t", "r": "\r"}.get(following, following)
        else:
            unescaped += char
    arguments, current, quoted, started = [], "", False, False
    chars = iter(unescaped)
    for char in chars:
        if quoted:
            if char == "\\":
                current += next(chars)
            elif char == '"':
                quoted = False
            else:
                current += char
        elif char == '"':
            quoted = started = True
        elif char == " ":
            if started:
                arguments.append(current)
            current, started = "", False
        else:
            current += char
            started = True
    if started:
        arguments.append(current)
    expanded = []
    for argument in arguments:
        if argument == "%f":
            expanded.append(file)
        else:
            expanded.append(argument.replace("%%", "%"))
    return expanded


@pytest.fixture
def data_home(tmp_path, monkeypatch) -> Path:
    home = tmp_path / "share"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


def no_cache_tools(monkeypatch):
    monkeypatch.setattr(desktop.shutil, "which", lambda tool: None)


def entry_values(home: Path) -> dict[str, str]:
    text = (home / "applications" / "siegeboard.desktop").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if line)


def every_file(folder: Path) -> set[Path]:
    return {path for path in folder.rglob("*") if path.is_file()} if folder.exists() else set()


def test_install_writes_the_entry_the_type_and_the_icons(data_home, monkeypatch, capsys):
    no_cache_tools(monkeypatch)
    assert cli.main(["--install-desktop"]) == 0
    written = every_file(data_home)
    relative = {str(path.relative_to(data_home)) for path in written}
    assert {"applications/siegeboard.desktop", "mime/packages/siegeboard.xml",
            "icons/hicolor/scalable/apps/siegeboard.svg",
            "icons/hicolor/16x16/apps/siegeboard.png",
            "icons/hicolor/256x256/apps/siegeboard.png",
            "icons/hicolor/48x48/mimetypes/application-x-siegeboard.png",
            "icons/hicolor/scalable/mimetypes/application-x-siegeboard.svg"} <= relative
    assert len(relative) == 2 + 2 * 7
    assert str(data_home / "applications" / "siegeboard.desktop") in capsys.readouterr().out
    values = entry_values(data_home)
    assert values["Type"] == "Application" and values["Icon"] == "siegeboard"
    assert values["MimeType"] == "application/x-siegeboard;"
    mime = (data_home / "mime" / "packages" / "siegeboard.xml").read_text()
    assert 'type="application/x-siegeboard"' in mime and 'pattern="*.siege"' in mime


def test_the_exec_line_runs_the_installed_command_with_the_file(data_home, monkeypatch):
    no_cache_tools(monkeypatch)
    desktop.install()
    argv = exec_argv(entry_values(data_home)["Exec"], "/maps/castle.siege")
    assert argv == desktop.program() + ["/maps/castle.siege"]
    # In a virtual environment (as the tests run) that is the siegeboard script beside python.
    assert Path(argv[0]) == Path(sys.executable).parent / "siegeboard"


def test_the_exec_line_of_the_bundle_is_the_bundle_itself(data_home, monkeypatch, tmp_path):
    no_cache_tools(monkeypatch)
    bundle = tmp_path / "dist" / "siegeboard" / "siegeboard"
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(bundle))
    desktop.install()
    assert exec_argv(entry_values(data_home)["Exec"], "a b.siege") == [str(bundle), "a b.siege"]


@pytest.mark.parametrize("awkward", [
    "/opt/siege board/siegeboard", '/home/gm/"quoted"/$HOME/`x`/back\\slash/100%/siegeboard',
    "/tmp/semi;colon & tilde~/siegeboard"])
def test_awkward_paths_survive_the_exec_quoting(awkward):
    line = desktop.desktop_entry([awkward]).split("Exec=", 1)[1].splitlines()[0]
    assert exec_argv(line, "f.siege") == [awkward, "f.siege"]


def test_uninstall_removes_exactly_what_install_wrote(data_home, monkeypatch):
    no_cache_tools(monkeypatch)
    mine = data_home / "applications" / "other.desktop"  # the user's own files stay
    mine.parent.mkdir(parents=True)
    mine.write_text("[Desktop Entry]\n")
    before = every_file(data_home)
    written, _ = desktop.install()
    assert every_file(data_home) == before | set(written)
    assert cli.main(["--uninstall-desktop"]) == 0
    assert every_file(data_home) == before


def test_without_xdg_data_home_it_goes_to_local_share(tmp_path, monkeypatch):
    no_cache_tools(monkeypatch)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    desktop.install()
    assert (tmp_path / ".local" / "share" / "applications" / "siegeboard.desktop").is_file()


def test_a_folder_that_cannot_be_written_is_one_clear_message(tmp_path, monkeypatch, capsys):
    no_cache_tools(monkeypatch)
    blocker = tmp_path / "share"
    blocker.write_text("a file where the folder should be")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    assert cli.main(["--install-desktop"]) == 1
    error = capsys.readouterr().err
    assert error.startswith("siegeboard: --install-desktop: cannot write")
    assert "Traceback" not in error


@pytest.mark.skipif(shutil.which("update-mime-database") is None,
                    reason="shared-mime-info's update-mime-database is not installed")
def test_the_mime_database_then_knows_a_siege_file(data_home, tmp_path):
    written, ran = desktop.install()
    assert "update-mime-database" in ran
    assert "application/x-siegeboard:*.siege" in (data_home / "mime" / "globs2").read_text()
    # the magic too: a .siege renamed to anything is still a siege (first member siege.json)
    magic = (data_home / "mime" / "magic").read_bytes()
    assert b"application/x-siegeboard" in magic and b"siege.json" in magic
    sample = write_sample(tmp_path / "renamed.zip")
    assert sample.read_bytes()[30:40] == b"siege.json"
    desktop.uninstall()
    assert "siegeboard" not in (data_home / "mime" / "globs2").read_text()


def test_a_missing_cache_tool_is_no_error(data_home, monkeypatch):
    monkeypatch.setenv("PATH", str(data_home / "nothing-here"))
    written, ran = desktop.install()
    assert ran == [] and written


def test_a_failing_cache_tool_is_reported_not_raised(data_home, monkeypatch, tmp_path):
    tools = tmp_path / "bin"
    tools.mkdir()
    failing = tools / "update-desktop-database"
    failing.write_text("#!/bin/sh\necho broken >&2\nexit 3\n")
    failing.chmod(0o755)
    monkeypatch.setenv("PATH", str(tools))
    _, ran = desktop.install()
    assert ran == ["update-desktop-database (failed: broken)"]


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                    reason="desktop-file-validate (Debian's desktop-file-utils) is not installed")
def test_the_desktop_entry_passes_desktop_file_validate(tmp_path):
    entry = tmp_path / "siegeboard.desktop"
    entry.write_text(desktop.desktop_entry(["/opt/siegeboard/siegeboard"]), encoding="utf-8")
    result = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr
