"""A structure item holds its state in slots: a town builds tens of thousands of items, and
an instance dictionary each was 0.4 KB (19 MiB of a 50,000-structure city)."""

from __future__ import annotations

from siegeboard.rules.build import new_structure
from siegeboard.ui.board.structure_item import StructureItem


def test_a_plain_item_has_no_instance_dictionary_when_made_or_changed(qapp):
    structure = new_structure("harris", "townhouse", "s1",
                              [(0.0, 0.0), (12.0, 0.0), (12.0, 8.0), (0.0, 8.0)])
    item = StructureItem(structure, "harris")
    assert vars(item) == {}
    item.show_state(structure.model_copy(update={"dp": structure.dp - 1}), "harris")
    item.boundingRect()
    assert vars(item) == {}
    assert item.structure_id == "s1" and item.toolTip()
