"""siegeboard: a desktop siege board for tabletop game masters."""

from importlib import metadata as _metadata
from pathlib import Path as _Path


def _version() -> str:
    """The version, written in one place: ``pyproject.toml``'s ``[project] version``.

    Installed (a wheel, pipx, an editable install, the bundle) it is the package metadata; a
    checkout run without installing reads the ``pyproject.toml`` beside the package.
    """
    try:
        return _metadata.version("siegeboard")
    except _metadata.PackageNotFoundError:
        import tomllib

        try:
            with open(_Path(__file__).resolve().parents[1] / "pyproject.toml", "rb") as file:
                return tomllib.load(file)["project"]["version"]
        except (OSError, KeyError, tomllib.TOMLDecodeError):
            return "0+unknown"


__version__ = _version()
