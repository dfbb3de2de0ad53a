"""Screenshots of the players' page for docs/: a phone (390 x 844 CSS pixels at 3x) and a
tablet (820 x 1180 at 2x), in Debian's headless Chromium (``.[browser]`` extra and
``apt-get install chromium chromium-driver``).

    python tools/share_screenshots.py [--out docs]

The sample siege after a few shots (one of them incendiary), served as ``siegeboard serve``
would, each page opened on the besiegers' link.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from share.browser import chromium, chromium_missing  # noqa: E402

from siegeboard.model.actions import AdvanceClock, FireAt  # noqa: E402
from siegeboard.persist.samples import read_sample  # noqa: E402
from siegeboard.rules.dice import RandomDice  # noqa: E402
from siegeboard.rules.engine import apply_in_place  # noqa: E402
from siegeboard.share.server import ShareServer  # noqa: E402
from siegeboard.share.side_state import Shown  # noqa: E402

DEVICES = {"phone": (390, 844, 3.0), "tablet": (820, 1180, 2.0)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    args = parser.parse_args()
    missing = chromium_missing()
    if missing:
        print(f"share_screenshots: {missing}", file=sys.stderr)
        return 1
    siege_file = read_sample("harris")
    siege = siege_file.siege
    dice = RandomDice(21)
    for weapon, at in (("he_shell", (78.0, 78.0)), ("incendiary_shell", (100.0, 60.0)),
                       ("he_shell", (47.0, 60.0)), ("he_shell", (56.0, 40.0))):
        apply_in_place(siege, FireAt(weapon_id=weapon, battery_id="great-battery", at=at), dice)
    apply_in_place(siege, AdvanceClock(turns=12), dice)
    image = siege_file.images[siege.map.member] if siege.map is not None else None
    server = ShareServer("127.0.0.1", 0)
    server.start()
    try:
        for name, (width, height, ratio) in DEVICES.items():
            shown = Shown(20.0, 15.0, 105.0, 80.0) if name == "phone" else None
            server.publish(siege, image, shown)
            server.wait_for_version(server.version + 1)
            driver = chromium(width, height, ratio)
            try:
                driver.get(server.link("besieger"))
                time.sleep(2.0)  # the plan's pixels, then a frame
                if name == "tablet":
                    driver.find_element("id", "logButton").click()
                    time.sleep(0.3)
                target = args.out / f"share-{name}.png"
                driver.save_screenshot(str(target))
                print(target)
            finally:
                driver.quit()
    finally:
        server.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
