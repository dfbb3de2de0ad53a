"""Libraries through their public API only (DESIGN.md): a scan of siegeboard's source fails
if a private part of pydantic, zipfile, Qt or numpy comes back.

What is refused, in code (comments and strings are not code: the scan reads tokens):
- ``__dict__`` written: assigned, item-assigned, ``.update``-d or set with a setattr;
- any ``__pydantic_`` name (pydantic's internals: fields set, serializer, validator...);
- ``object.__setattr__`` (the way round a model's own assignment) and ``X.__new__(`` (a model
  made without its constructor);
- a private attribute (``._name``) of zipfile, Qt or numpy: of the module (``zipfile._x``,
  ``numpy._x``, ``QtCore._x``), of a class of theirs (``ZipInfo._x``, ``QPainter._x``), or
  of a variable bound to one of their objects in the same function (``info = zipfile.ZipInfo(
  ...)`` then ``info._compresslevel``; ``painter = QPainter(...)`` then ``painter._x``).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "siegeboard"

# Names that stand for zipfile, Qt or numpy, or for a class of theirs.
_LIBRARY_MODULES = {"zipfile", "numpy", "np", "QtCore", "QtGui", "QtWidgets", "QtSvg",
                    "QtPrintSupport", "PySide6", "shiboken6"}
_LIBRARY_CLASS = re.compile(r"^(Q[A-Z]\w*|Zip\w+|ndarray)$")


def _code_by_line(source: str) -> dict[int, str]:
    """Each line's code tokens joined by spaces (comments and string literals left out: only
    code is scanned), by the line each token starts on."""
    lines: dict[int, list[str]] = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.STRING:  # a string stands in the code, its text does not
            lines.setdefault(token.start[0], []).append("STRING")
        elif token.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE,
                                tokenize.INDENT, tokenize.DEDENT):
            lines.setdefault(token.start[0], []).append(token.string)
    return {number: " ".join(tokens) for number, tokens in lines.items()}


_TEXT_RULES = [
    (re.compile(r"__pydantic_"), "a pydantic internal (__pydantic_*)"),
    (re.compile(r"object \. __setattr__"), "object.__setattr__"),
    (re.compile(r"\. __new__ \("), "a model made with __new__"),
    (re.compile(r"__dict__ \[ [^\]]* \] ="), "a write to __dict__"),
    (re.compile(r"__dict__ \. (update|setdefault|pop|clear|__setitem__) \("),
     "a write to __dict__"),
    (re.compile(r"__dict__ ="), "a write to __dict__"),
]


def _library_names(tree: ast.AST) -> set[str]:
    """Names bound in ``tree`` to an object made by zipfile, Qt or numpy (``x = QPainter(...)``,
    ``info = zipfile.ZipInfo(...)``, ``with zipfile.ZipFile(...) as archive``)."""

    def made_by_library(value: ast.AST | None) -> bool:
        if not isinstance(value, ast.Call):
            return False
        function = value.func
        while isinstance(function, ast.Attribute):
            if _LIBRARY_CLASS.match(function.attr):
                return True
            function = function.value
        return isinstance(function, ast.Name) and (
            function.id in _LIBRARY_MODULES or bool(_LIBRARY_CLASS.match(function.id)))

    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and made_by_library(node.value):
            names.update(target.id for target in node.targets if isinstance(target, ast.Name))
        elif isinstance(node, ast.withitem) and made_by_library(node.context_expr) \
                and isinstance(node.optional_vars, ast.Name):
            names.add(node.optional_vars.id)
    return names


def problems_in(source: str, name: str = "<source>") -> list[str]:
    """Each private use in ``source`` as ``name:line: what``."""
    found = []
    for number, code in _code_by_line(source).items():
        for pattern, what in _TEXT_RULES:
            if pattern.search(code):
                found.append(f"{name}:{number}: {what}")
    tree = ast.parse(source)
    library = _library_names(tree) | _LIBRARY_MODULES
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id == "setattr" and len(node.args) >= 2 \
                and isinstance(node.args[1], ast.Constant) and node.args[1].value == "__dict__":
            found.append(f"{name}:{node.lineno}: a write to __dict__")
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                and not node.attr.startswith("__"):
            owner = node.value
            owner_name = owner.id if isinstance(owner, ast.Name) else \
                owner.attr if isinstance(owner, ast.Attribute) else None
            if owner_name is not None and (owner_name in library
                                           or _LIBRARY_CLASS.match(owner_name)):
                found.append(f"{name}:{node.lineno}: a private attribute of zipfile, Qt or "
                             f"numpy ({owner_name}.{node.attr})")
    return found


def _sources() -> list[Path]:
    return sorted(ROOT.rglob("*.py"))


def test_siegeboard_uses_libraries_through_their_public_api_only():
    found = [problem for path in _sources()
             for problem in problems_in(path.read_text(encoding="utf-8"),
                                        str(path.relative_to(ROOT.parent)))]
    assert found == []


@pytest.mark.parametrize("planted", [
    "model.__dict__['dp'] = 3",
    "model.__dict__.update(values)",
    "object.__setattr__(siege, 'structures', {})",
    "copied = cls.__new__(cls)",
    "names = model.__pydantic_fields_set__",
    "serializer = Siege.__pydantic_serializer__",
    "info = zipfile.ZipInfo('a')\ninfo._compresslevel = 1",
    "with zipfile.ZipFile(buffer) as archive:\n    archive._writing = False",
    "level = zipfile._get_compressor(8)",
    "painter = QPainter(image)\npainter._x = 1",
    "rect = QtCore.QRectF(0, 0, 1, 1)\nrect._y",
    "data = numpy.zeros(3)\nflags = data._flags",
    "np._NoValue",
    "setattr(model, '__dict__', {})",
])
def test_the_scan_finds_a_planted_private_use(planted):
    assert problems_in(planted), planted


@pytest.mark.parametrize("fine", [
    "# a comment naming __dict__ = and object.__setattr__ is not code",
    "text = 'object.__setattr__ and __pydantic_fields_set__ in a string'",
    "values = dict(model)",
    "self._copies = {}",
    "item._bounds",  # a project's own class: not a library's
    "archive = zipfile.ZipFile(buffer, 'w')\narchive.comment = b'x'",
])
def test_the_scan_leaves_public_and_own_code_alone(fine):
    assert problems_in(fine) == []
