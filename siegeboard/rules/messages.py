"""The one message catalogue of the rules' words: the log's lines, the explanations, the odds,
the refusals shown to the GM, the rulesets' titles and columns, and the printed pages.

``_(msgid)`` gives a sentence in the current language, ``ngettext(singular, plural, n)`` a
count's sentence with the language's own plural form. A msgid is a whole English sentence
with named ``{placeholders}`` filled by ``.format(...)`` after the lookup, so a translator
sees the whole sentence and may reorder it. English is the msgid itself, so the English
output is the text the rules always wrote.

The catalogue is ``resources/locale/<code>/LC_MESSAGES/siegeboard.mo`` (its source the
``.po`` beside it; ``tools/update_catalogue.py`` extracts, merges and compiles), read through
importlib.resources with the standard library's ``gettext``: no Qt, no new dependency.

The language at import is English unless the environment asks for one the catalogue has
(``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, in gettext's order), so the command line
follows the locale; the window calls ``set_language`` from its own setting. An unknown code
falls back to English.
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Mapping
from functools import cache
from importlib import resources

DOMAIN = "siegeboard"
LANGUAGES = ("en", "de")  # English is the msgids; the others have a catalogue

_current: gettext.NullTranslations = gettext.NullTranslations()
_code = "en"


@cache
def _catalogue(code: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``code`` (read once), or the msgids themselves for English."""
    if code == "en":
        return gettext.NullTranslations()
    item = resources.files("siegeboard.resources").joinpath(
        "locale", code, "LC_MESSAGES", f"{DOMAIN}.mo")
    return gettext.GNUTranslations(io.BytesIO(item.read_bytes()))


def _known(code: str) -> str | None:
    """``code`` ("de", "de_DE.UTF-8", "de-AT") as a language the catalogue has, else None."""
    base = code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


def set_language(code: str) -> None:
    """Speak ``code`` ("en", "de"; a locale name such as "de_DE.UTF-8" is read as its
    language) from now on; an unknown code is English."""
    global _current, _code
    _code = _known(code) or "en"
    _current = _catalogue(_code)


def language() -> str:
    """The language code spoken now: "en" or "de"."""
    return _code


def language_from_environment(environ: Mapping[str, str] = os.environ) -> str:
    """The language the environment asks for, as gettext reads it: the first of LANGUAGE
    (a colon-separated list), LC_ALL, LC_MESSAGES, LANG that is set; "C" and "POSIX" and
    anything the catalogue lacks are English."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable)
        if value:
            for code in value.split(":"):
                known = _known(code)
                if known is not None:
                    return known
            return "en"
    return "en"


def _(msgid: str) -> str:
    """``msgid`` (an English sentence) in the current language."""
    return _current.gettext(msgid)


def N_(msgid: str) -> str:
    """``msgid`` unchanged: marks a sentence kept as data (a setting's label, a column's title)
    for the catalogue; the place that shows it calls ``_`` on it."""
    return msgid


def ngettext(singular: str, plural: str, n: int) -> str:
    """The sentence for a count ``n`` in the current language, in its plural form."""
    return _current.ngettext(singular, plural, n)


set_language(language_from_environment())
