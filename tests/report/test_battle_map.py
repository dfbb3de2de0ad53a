"""The battle-map picture of a VTT export: the plan as it is, and the damage drawn over it
only where there is damage; no fills, names, batteries, grid or margin beyond the plan."""

from __future__ import annotations

import base64
import io
import json

import numpy as np
from PIL import Image

from siegeboard.persist.samples import read_sample
from siegeboard.report.vtt_export import VttChoices, export_vtt
from siegeboard.rules.registry import ruleset_of


def picture(path) -> np.ndarray:
    document = json.loads(path.read_text())
    return np.asarray(Image.open(io.BytesIO(base64.b64decode(document["image"])))
                      .convert("RGB")).astype(float)


def test_the_battle_map_is_the_plan_and_its_damage_only(tmp_path):
    siege_file = read_sample("armory")
    siege = siege_file.siege
    # At half the plan's own pixels (2 m cells of 16 px: 8 px a metre; the plan is 16),
    # against the plan halved: nothing beyond it.
    image = Image.open(io.BytesIO(siege_file.images[siege.map.member])).convert("RGB")
    plan = np.asarray(image.resize((image.width // 2, image.height // 2),
                                   Image.Resampling.BOX)).astype(float)
    pixels = round(siege.map.pixels_per_metre * 2 / 2)
    choices = VttChoices(cell="2m", pixels_per_grid=pixels)
    intact = picture(export_vtt(tmp_path / "intact.dd2vtt", siege_file, choices))
    assert intact.shape == plan.shape
    assert np.abs(intact - plan).mean() < 3.0  # no fills, labels, batteries or grid
    # Breach a curtain wall and set the chapel burning: only there does the picture change.
    section = siege.structures["wall-n3"]
    siege.structures["wall-n3"] = section.model_copy(update={"ladder": "breached"})
    assert ruleset_of(siege).breached(siege.structures["wall-n3"])
    chapel = siege.structures["chapel"]
    siege.structures["chapel"] = chapel.model_copy(update={"burning": True})
    damaged = picture(export_vtt(tmp_path / "damaged.dd2vtt", siege_file, choices))
    changed = np.abs(damaged - plan).sum(axis=2) > 30
    k = siege.map.pixels_per_metre / 2
    for key, reach in (("wall-n3", 1.5), ("chapel", 12.0)):
        xs, ys = zip(*siege.structures[key].footprint, strict=True)
        box = (slice(max(0, int((min(ys) - reach) * k)), int((max(ys) + reach) * k)),
               slice(max(0, int((min(xs) - reach) * k)), int((max(xs) + reach) * k)))
        assert changed[box].mean() > 0.2, key  # rubble; scorch and flames
        changed[box] = False
    assert changed.mean() < 0.001  # nothing else drawn
