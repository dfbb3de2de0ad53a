"""The PyInstaller bundle runs with no Python: built by tools/build_bundle.py, then run as a GM
would, in a scrubbed environment (``env -i`` with only PATH=/usr/bin:/bin and a fresh HOME).

Marker ``bundle``: not run by plain ``pytest`` (the build takes about a minute); ``.ci/run``
runs ``pytest -m bundle``. Needs the ``package`` extra (PyInstaller).
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path

import pytest
from cli.test_desktop import exec_argv

pytestmark = pytest.mark.bundle

ROOT = Path(__file__).resolve().parents[2]
# A regression guard, not a target: the lean bundle was about 200 MB (all of PySide6: 270);
# OpenCV's headless build for tracing adds 150 MB and PROJ and osmium 33 MB: 395 MB now.
MAX_MB = 440


@pytest.fixture(scope="module")
def bundle(tmp_path_factory) -> Path:
    """The bundle's program, built once for this module."""
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        pytest.fail("PyInstaller is missing: pip install -e '.[package]'")
    folder = tmp_path_factory.mktemp("bundle")
    built = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_bundle.py"), "--dist", str(folder / "dist"),
         "--work", str(folder / "work")], capture_output=True, text=True, timeout=1800)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    print(built.stdout.strip().splitlines()[-1])  # size and build time, for the CI log
    program = folder / "dist" / "siegeboard" / "siegeboard"
    assert program.is_file()
    return program


@pytest.fixture
def home(tmp_path) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    return folder


def scrubbed(home: Path, *extra: str) -> list[str]:
    """``env -i``: no PYTHONPATH, no virtual environment, no Python on PATH beyond /usr/bin."""
    return ["env", "-i", "PATH=/usr/bin:/bin", f"HOME={home}", *extra]


def run(bundle: Path, home: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    done = subprocess.run([*scrubbed(home, "QT_QPA_PLATFORM=offscreen"), str(bundle), *args],
                          capture_output=True, text=True, cwd=cwd, timeout=300)
    assert done.returncode == 0, f"{args}: {done.stdout}{done.stderr}"
    return done


def test_the_bundle_is_lean(bundle):
    folder = bundle.parent
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())
    assert size / 1e6 < MAX_MB
    assert not list(folder.rglob("libQt6WebEngine*")) and not list(folder.rglob("libQt6Quick*"))


def test_the_bundle_carries_the_licences_of_what_it_ships(bundle):
    folder = bundle.parent
    assert "MIT License" in (folder / "LICENSE").read_text(encoding="utf-8")
    notices = (folder / "THIRD_PARTY_NOTICES.txt").read_text(encoding="utf-8")
    # every Python distribution whose metadata the bundle carries, and the libraries under the
    # LGPL with their text and where their source is
    for name in ("PySide6_Essentials", "shiboken6", "shapely", "numpy", "pydantic", "Pillow"):
        assert re.search(rf"^{name} \S+$", notices, re.M | re.I), name
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in notices and "download.qt.io" in notices


def test_the_bundle_carries_the_resources_and_the_example_maps(bundle):
    """resources/ and maps/ are mapped into the package from the top of the repository: the
    bundle has them where the frozen program imports siegeboard.resources and siegeboard.maps
    (the sample command below reads the former)."""
    from importlib import resources

    internal = bundle.parent / "_internal" / "siegeboard"
    for package in ("resources", "maps"):
        installed = Path(str(resources.files(f"siegeboard.{package}")))
        files = [path.relative_to(installed) for path in installed.rglob("*")
                 if path.is_file() and "__pycache__" not in path.parts]
        assert files and (installed / "__init__.py").is_file()
        for name in files:
            assert (internal / package / name).read_bytes() == (installed / name).read_bytes()


def test_the_bundle_speaks_german(bundle):
    """siegeboard's German catalogue and Qt's own (the standard buttons and dialogs) are in the
    bundle; Qt's other translations are not."""
    internal = bundle.parent / "_internal"
    assert (internal / "siegeboard" / "resources" / "translations" / "siegeboard_de.qm").is_file()
    qt = sorted(path.name for path in internal.rglob("Qt/translations/*.qm"))
    assert qt == ["qtbase_de.qm"]


def test_the_bundle_prints_its_version(bundle, home, tmp_path):
    done = run(bundle, home, "--version", cwd=tmp_path)
    assert done.stdout.strip() == f"siegeboard {metadata.version('siegeboard')}"


def test_the_bundle_writes_the_sample_plays_a_shot_and_makes_a_snapshot(bundle, home, tmp_path):
    run(bundle, home, "sample", "-o", "x.siege", cwd=tmp_path)
    assert "Great Hall" in run(bundle, home, "info", "x.siege", cwd=tmp_path).stdout
    shot = run(bundle, home, "fire", "x.siege", "--battery", "Great Battery", "--at", "83,32",
               cwd=tmp_path)
    assert shot.stdout.strip()
    run(bundle, home, "snapshot", "x.siege", "-o", "x.pdf", cwd=tmp_path)
    run(bundle, home, "snapshot", "x.siege", "-o", "x.png", "--no-record", cwd=tmp_path)
    assert (tmp_path / "x.pdf").read_bytes()[:5] == b"%PDF-"
    assert (tmp_path / "x.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_bundle_installs_its_desktop_entry_and_removes_it(bundle, home, tmp_path):
    run(bundle, home, "--install-desktop", cwd=tmp_path)
    entry = home / ".local" / "share" / "applications" / "siegeboard.desktop"
    assert f"Exec={bundle} %f" in entry.read_text().splitlines()
    run(bundle, home, "--uninstall-desktop", cwd=tmp_path)
    assert not entry.exists()


def test_a_double_clicked_file_opens_in_the_window_which_stays_up(bundle, home, tmp_path):
    """The desktop entry's Exec line run with the file, as a file manager does; then a
    second file while it runs goes to the same process (the second exits 0 at once)."""
    run(bundle, home, "sample", "-o", "x.siege", cwd=tmp_path)
    run(bundle, home, "sample", "-o", "y.siege", cwd=tmp_path)
    run(bundle, home, "--install-desktop", cwd=tmp_path)
    entry = (home / ".local" / "share" / "applications" / "siegeboard.desktop").read_text()
    exec_value = next(line for line in entry.splitlines() if line.startswith("Exec="))[5:]
    argv = exec_argv(exec_value, str(tmp_path / "x.siege"))
    window = subprocess.Popen([*scrubbed(home, "QT_QPA_PLATFORM=offscreen"), *argv],
                              cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    try:
        # The session starts once the window is up: its autosave folder appears in the
        # fresh HOME (platformdirs' user data folder).
        autosave = home / ".local" / "share" / "siegeboard" / "autosave"
        deadline = time.monotonic() + 60
        while not autosave.is_dir() and window.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
        assert autosave.is_dir(), "the window's session never started"
        time.sleep(3)
        assert window.poll() is None, "the window closed by itself"
        second = subprocess.run([*scrubbed(home, "QT_QPA_PLATFORM=offscreen"), str(bundle),
                                 "y.siege"], cwd=tmp_path, capture_output=True, text=True,
                                timeout=60)
        assert second.returncode == 0, second.stderr
        time.sleep(2)
        assert window.poll() is None, "the first window closed on the second file"
    finally:
        window.terminate()
        out, err = window.communicate(timeout=30)
    assert "Traceback" not in err, err


@pytest.mark.parametrize("image_format", ["JPEG", "TIFF", "WEBP", "BMP"])
def test_the_bundle_reads_and_draws_every_plan_format(bundle, home, tmp_path, image_format):
    """Pillow's and Qt's codecs for each format a map may be in travel in the bundle."""
    import io

    from PIL import Image

    from siegeboard.persist import read_sample, write_siege

    siege_file = read_sample()
    plan = Image.open(io.BytesIO(siege_file.images.pop(siege_file.siege.map.member)))
    encoded = io.BytesIO()
    plan.convert("RGB").save(encoded, image_format)
    member = f"plan.{image_format.lower()}"
    siege_file.images[member] = encoded.getvalue()
    siege_file.siege.map.member = member
    write_siege(tmp_path / "x.siege", siege_file)
    assert "Great Hall" in run(bundle, home, "info", "x.siege", cwd=tmp_path).stdout
    run(bundle, home, "snapshot", "x.siege", "-o", "x.png", "--no-record", cwd=tmp_path)
    snapshot = Image.open(tmp_path / "x.png").convert("RGB")
    # The plan is drawn: the sample's map page has about 13,000 colours with its plan and
    # about 2,500 without (paper, structures, grid and their antialiased edges).
    assert len(snapshot.getcolors(1 << 24)) > 6000


def test_the_bundle_serves_the_players_pages(bundle, home, tmp_path):
    """``serve`` in the bundle: aiohttp and the page's assets are shipped."""
    import signal
    import urllib.request

    run(bundle, home, "sample", "-o", "x.siege", cwd=tmp_path)
    serving = subprocess.Popen(
        [*scrubbed(home), str(bundle), "serve", "x.siege", "--host", "127.0.0.1", "--port", "0",
         "--no-qr"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        link = None
        for _ in range(40):
            line = serving.stdout.readline()
            found = re.search(r"Either side: (http://\S+)", line)
            if found:
                link = found.group(1)
                break
        assert link, serving.stderr.read() if serving.poll() is not None else "no link printed"
        for name in ("", "app.js", "style.css", "state", "plan.png"):
            with urllib.request.urlopen(link + name, timeout=10) as response:
                assert response.status == 200 and response.read(), name
    finally:
        serving.send_signal(signal.SIGTERM)
        assert serving.wait(timeout=30) == 0
