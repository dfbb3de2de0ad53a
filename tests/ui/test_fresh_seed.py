"""Fresh dice for a fresh siege (issue 14, RULINGS R3): File > New and every importer give
the siege a random dice seed, 0 to 2^31 - 1, shown and editable in Siege Settings; the
shipped sample files keep theirs, and every GM's copy of a sample gets its own (issue 36)."""

from __future__ import annotations

from siegeboard.persist import read_siege, write_sample
from siegeboard.rules.dice import MAX_SEED


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


def test_every_copy_of_the_sample_in_the_window_gets_a_fresh_seed(window):
    """Issue 36: the copy the window opens at first launch (and File > New Window without a
    file) is the sample with a seed of its own, so no two tables roll the same dice."""
    from siegeboard.persist import read_sample
    from siegeboard.ui import app

    seeds = set()
    for _ in range(4):
        app._open(window, None)
        siege = window.document.siege
        assert len(siege.structures) == len(read_sample().siege.structures)
        assert window.document.path is None
        seeds.add(siege.dice_seed)
    assert len(seeds) > 1
    assert all(0 <= seed <= MAX_SEED for seed in seeds)


def test_siegeboard_sample_writes_a_fresh_seed_unless_one_is_given(tmp_path, capsys):
    from siegeboard.cli import main

    seeds = set()
    for number in range(4):
        path = tmp_path / f"copy{number}.siege"
        assert main(["sample", "-o", str(path)]) == 0
        seeds.add(read_siege(path).siege.dice_seed)
    assert len(seeds) > 1
    assert main(["sample", "-o", str(tmp_path / "pinned.siege"), "--seed", "1234"]) == 0
    assert read_siege(tmp_path / "pinned.siege").siege.dice_seed == 1234
    assert main(["sample", "-o", str(tmp_path / "bad.siege"), "--seed", str(MAX_SEED + 1)]) == 2
    assert "--seed: a dice seed is 0 to" in capsys.readouterr().err
