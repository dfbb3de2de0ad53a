"""File > Import… with a PDF (its page and resolution chosen in the dialog) and a Foundry .db
(its scene chosen), on the real window."""

from __future__ import annotations

import json

from PIL import Image
from test_import_window import Importer

from siegeboard.persist.images import decoded_image


def _pdf(path):
    pages = [Image.new("RGB", (144, 72), (255, 0, 0)), Image.new("RGB", (72, 144), (0, 0, 255))]
    pages[0].save(path, "PDF", resolution=72.0, save_all=True, append_images=pages[1:])
    return path


def test_a_pdf_page_chosen_in_the_dialog_at_its_resolution_becomes_the_plan(
        qtbot, window, answers, tmp_path):
    path = _pdf(tmp_path / "book.pdf")
    shown = {}

    def choose(dialog):
        assert [dialog.page_box.itemText(i) for i in range(dialog.page_box.count())] == [
            "Page 1 (51 x 25 mm)", "Page 2 (25 x 51 mm)"]
        dialog.page_box.setCurrentIndex(1)
        dialog.dpi_spin.setValue(100)
        shown["size"] = dialog.page_size.text()
        dialog.dpi_spin.setValue(1200)
        shown["too large"] = dialog.page_size.text()
        dialog.dpi_spin.setValue(100)

    seen = Importer(window, path, choose)
    window.menus.import_map_action.trigger()
    answers.save_changes.append("discard")  # closing the window after the test
    assert answers.warnings == []
    assert shown["size"] == "The plan will be 100 x 200 pixels."
    assert "1,200 x 2,400" in shown["too large"] or "1200" in shown["too large"]
    siege = window.document.siege
    plan = decoded_image(window.document.images[siege.map.member])
    assert plan.size == (100, 200) and plan.getpixel((50, 100))[2] > 200
    assert any("Page 2" in line for line in seen.reports[0][1])
    # the resolution is remembered for the next import
    assert float(window.settings.value("import/dpi")) == 100.0


def test_a_foundry_db_scene_chosen_in_the_dialog_comes_in(qtbot, window, answers, tmp_path):
    def scene(number, name, length):
        return {"_id": str(number), "name": name, "width": 2000, "height": 2000, "padding": 0,
                "grid": {"size": 100, "distance": 5, "units": "ft"},
                "walls": [{"c": [100, 100, 100 + length, 100], "move": 20, "door": 0},
                          {"c": [100 + length, 100, 200 + length, 100], "move": 20, "door": 1}]}
    path = tmp_path / "scenes.db"
    path.write_text("\n".join(json.dumps(s) for s in (scene(1, "Hall", 400),
                                                      scene(2, "Tower", 800))))

    def choose(dialog):
        assert [dialog.scene_box.itemText(i) for i in range(dialog.scene_box.count())] == [
            "1. Hall", "2. Tower"]
        dialog.scene_box.setCurrentIndex(1)

    Importer(window, path, choose)
    window.menus.import_map_action.trigger()
    answers.save_changes.append("discard")  # closing the window after the test
    assert answers.warnings == []
    siege = window.document.siege
    assert siege.name == "Tower"
    assert sum(s.name.startswith("Door") for s in siege.structures.values()) == 1
