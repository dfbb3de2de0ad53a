"""Fresh dice for a fresh siege (issue 14, RULINGS R3): File > New and every importer give
the siege a random dice seed, 0 to 2^31 - 1, shown and editable in Siege Settings; the
samples keep theirs."""

from __future__ import annotations

from siegeboard.persist import read_siege, write_sample
from siegeboard.rules.dice import MAX_SEED
from siegeboard.ui.siege_settings import SiegeSettingsDialog


def new_siege(window, answers) -> int:
    answers.choices.append("Sieges and Fortifications")  # rule texts are asked by title
    window.menus.new_action.trigger()
    return window.document.siege.dice_seed


def test_file_new_rolls_a_fresh_seed_each_time(window, answers):
    seeds = {new_siege(window, answers) for _ in range(4)}
    assert len(seeds) > 1, "every New siege starts from seed 0 again"
    assert all(0 <= seed <= MAX_SEED for seed in seeds)


def test_the_seed_is_shown_and_editable_in_siege_settings(window, answers):
    seed = new_siege(window, answers)
    seen = []

    def run(dialog):
        seen.append(dialog.seed_box.value())
        assert (dialog.seed_box.minimum(), dialog.seed_box.maximum()) == (0, MAX_SEED)
        dialog.seed_box.setValue(MAX_SEED)
        dialog.accept()
        return True

    window.prompts.run_dialog = run
    window.menus.settings_action.trigger()
    assert seen == [seed]
    assert window.document.siege.dice_seed == MAX_SEED


def test_the_samples_keep_their_seed(tmp_path):
    for ruleset in ("harris", "armory"):
        assert read_siege(write_sample(tmp_path / f"{ruleset}.siege", ruleset)).siege.dice_seed == 0
