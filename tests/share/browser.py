"""Debian's headless Chromium driven by Selenium, for the players' pages (``browser``
extra; ``apt-get install chromium chromium-driver``). ``chromium_missing`` says why the
browser tests cannot run here, "" when they can."""

from __future__ import annotations

import importlib.util
import shutil
from typing import Any

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")
DRIVER_NAMES = ("chromedriver",)


def _which(names: tuple[str, ...]) -> str | None:
    return next((path for path in map(shutil.which, names) if path), None)


def chromium_missing() -> str:
    if importlib.util.find_spec("selenium") is None:
        return "selenium is not installed (pip install -e '.[browser]')"
    if _which(CHROMIUM_NAMES) is None:
        return "Chromium is not installed (apt-get install chromium)"
    if _which(DRIVER_NAMES) is None:
        return "chromedriver is not installed (apt-get install chromium-driver)"
    return ""


def chromium(width: int = 390, height: int = 844, pixel_ratio: float = 3.0) -> Any:
    """A headless Chromium showing pages ``width`` x ``height`` CSS pixels at
    ``pixel_ratio`` device pixels each (a phone: 390 x 844 at 3)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = _which(CHROMIUM_NAMES) or ""
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--no-first-run", "--disable-extensions",
                     "--proxy-server=direct://", "--proxy-bypass-list=*"):
        options.add_argument(argument)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {
        "width": width, "height": height, "pixelRatio": pixel_ratio, "touch": True}})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(options=options, service=Service(_which(DRIVER_NAMES)))
