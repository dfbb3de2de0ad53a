"""R2 in the window's document: once play has begun, a settings change and an edit are log
entries (one undo step each), and replaying the log gives the document's siege."""

from __future__ import annotations

from siegeboard.model import RulesetOptions, Siege
from siegeboard.persist import SiegeFile
from siegeboard.rules.build import new_structure
from siegeboard.rules.engine import replay_log
from siegeboard.rules.registry import catalogue
from siegeboard.ui.document.document import Document


def test_settings_and_edits_in_play_go_to_the_log_and_replay(qapp):
    house = new_structure("harris", "townhouse", "h1", [(0, 0), (10, 0), (10, 8), (0, 8)])
    weapons = {w.id: w for w in catalogue("harris").weapons}
    document = Document(SiegeFile(siege=Siege(ruleset="harris", name="Play",
                                              structures={"h1": house},
                                              weapons=weapons)))
    document.move_structures(["h1"], 2, 0)  # before play: preparation, not logged
    assert document.siege.log == [] and document.siege.base is None
    document.fire_at("catapult", (5, 4), range_m=50)  # attack value 1: 200 -> 199
    document.edit_settings("Play", RulesetOptions(concussion_falloff="one_over_d_plus_1"), 7)
    document.move_structures(["h1"], 4, 0)
    document.fire_at("catapult", (9, 4), range_m=50)
    siege = document.siege
    assert [entry.action.type for entry in siege.log] == ["fire", "settings", "edit", "fire"]
    assert siege.structures["h1"].dp == 198 and siege.dice_seed == 7
    assert siege.base.structures["h1"].footprint[0] == (2.0, 0.0)
    assert replay_log(siege).model_dump(mode="json") == siege.model_dump(mode="json")
    document.undo_stack.undo()
    document.undo_stack.undo()  # the move in play is undone like a shot
    assert siege.structures["h1"].footprint[0] == (2.0, 0.0) and len(siege.log) == 2
    # The commands hold the document and the document their stack: clear it so no cycle of
    # Qt objects is left for the garbage collector to find after the test (PySide crashes
    # collecting one late).
    document.undo_stack.clear()
