"""The rules' message catalogue: the language of the log and the explanations.

A minimal stand-in: ``set_language``/``language`` keep the chosen code, ``_`` and ``ngettext``
give the English text.
"""

from __future__ import annotations

_language = "en"


def set_language(code: str) -> None:
    """Speak ``code`` ("en" or "de") from now on."""
    global _language
    _language = code


def language() -> str:
    """The code of the language spoken now."""
    return _language


def _(text: str) -> str:
    return text


def ngettext(singular: str, plural: str, count: int) -> str:
    return singular if count == 1 else plural
