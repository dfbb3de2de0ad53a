"""An import-linter contract type of siegeboard's own (registered in pyproject.toml).

import-linter builds its graph with external packages squashed to their top level
(``PySide6``), so its ``forbidden`` contract cannot name ``PySide6.QtWidgets``. This contract
reads the lines of each import of the external package instead: a source module's import of
a forbidden submodule (``from PySide6.QtWidgets import ...``, ``import PySide6.QtWidgets``,
``from PySide6 import QtWidgets``) breaks it. Imports only for type annotations count as the
graph counts them (``exclude_type_checking_imports``). Only direct imports are looked at: the
packages the sources may import are Qt-free by the other contracts.
"""

from __future__ import annotations

import re

from grimp import ImportGraph
from importlinter import Contract, ContractCheck, fields, output


class ForbiddenExternalSubmoduleContract(Contract):
    """``source_modules`` (and their submodules) never import ``forbidden_modules``, dotted
    names inside an external package (``PySide6.QtWidgets``)."""

    type_name = "forbidden_external_submodule"

    source_modules = fields.ListField(subfield=fields.ModuleField())
    forbidden_modules = fields.ListField(subfield=fields.StringField())

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        found = []
        for forbidden in self.forbidden_modules:
            package, _, submodule = str(forbidden).partition(".")
            if not submodule:
                raise ValueError(f"{forbidden}: name a submodule of an external package")
            named = re.compile(rf"\b{re.escape(package)}\.{re.escape(submodule)}\b"
                               rf"|^\s*from\s+{re.escape(package)}\s+import\s+.*\b"
                               rf"{re.escape(submodule)}\b")
            for source in self.source_modules:
                importers = {source.name} | graph.find_descendants(source.name)
                for importer in sorted(importers):
                    for detail in graph.get_import_details(importer=importer,
                                                           imported=package):
                        if named.search(detail["line_contents"]):
                            found.append(f"{importer}:{detail['line_number']}: "
                                         f"{detail['line_contents'].strip()}")
        return ContractCheck(kept=not found, metadata={"found": found})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for line in check.metadata["found"]:
            output.print_error(line, bold=False)
            output.new_line()
