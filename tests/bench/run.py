"""siegeboard's benchmark suite (issue 8).

    python tests/bench/run.py [--quick] [--json OUT.json] [--plot OUT.png] [--sizes 100,1000]

Builds seeded synthetic towns of N = 100, 1,000, 10,000 and 50,000 structures (--quick stops
at 10,000) and measures, as medians of several runs with peak memory: building the siege and
its index, DP of every structure, one HE shot (engine and a naive reference, which must agree),
one minute of clock with 10% of the town burning (engine and naive), save and open of the
.siege file, the GUI's scene build and the redraw after one shot, a PDF snapshot. Then the
fixed cases of the GUI and report issues (sample map snapshot, a 2,000-structure city at 1:500,
a 10,000 px map with 2,000 structures). Prints a table, the targets met or missed and the
machine's speed (``machine_speed``), writes the JSON and a PNG plot of time against N (drawn
with Qt, no plotting library needed).

Each case runs in its own Python process, so each peak memory (ru_maxrss) is that case's own.
Exit status: 0 when every target checked is met, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

FULL_SIZES = (100, 1_000, 10_000, 50_000)
QUICK_SIZES = (100, 1_000, 10_000)
MIB = 1.0
CITY_PROCESS_MIB = 480  # the N = 50,000 process's peak memory limit (``targets``)
# The fixed cases, each ``cases.<name>_case()`` in its own process.
EXTRAS = ("sample_snapshot", "city_snapshot", "big_map", "big_map_10k", "city_process",
          "window_shot")


# ----------------------------------------------------------------------------- one case


def run_in_child(case: str, argument: str = "", timeout_s: float = 1800) -> dict[str, Any]:
    """Run one case in a fresh interpreter; its JSON result (or an ``error``)."""
    command = [sys.executable, str(Path(__file__).resolve()), "--child", case]
    if argument:
        command.append(argument)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONHASHSEED="0")
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout_s,
                              cwd=ROOT, env=env)
    except subprocess.TimeoutExpired:
        return {"error": f"timed out after {timeout_s:.0f} s"}
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        tail = (done.stderr or done.stdout).strip().splitlines()[-5:]
        return {"error": f"exit {done.returncode}: " + " | ".join(tail)}
    return json.loads(lines[-1])


def child(case: str, argument: str) -> None:
    from tests.bench import cases, window_bench

    if case == "town":
        result = cases.town_case(int(argument))
    elif case in EXTRAS:
        module = window_bench if case == "window_shot" else cases
        result = getattr(module, f"{case}_case")()
    else:
        raise SystemExit(f"unknown case {case!r}")
    print(json.dumps(result))


# ----------------------------------------------------------------------------- targets


def _median(figures: dict[str, Any], key: str) -> float | None:
    value = figures.get(key)
    return value["median_s"] if isinstance(value, dict) and "median_s" in value else None


AT_RISK = 0.10  # a target met by less than this fraction of its limit is named at risk


def margin_of(value: float | None, limit: float, *, at_least: bool = False) -> float | None:
    """How far ``value`` is inside its limit, as a fraction of the limit (negative: missed)."""
    if value is None:
        return None
    return (value - limit) / limit if at_least else (limit - value) / limit


def _sum(*values: float | None) -> float | None:
    return None if any(v is None for v in values) else sum(values)


def targets(towns: dict[int, dict[str, Any]], extras: dict[str, dict[str, Any]]) -> list[dict]:
    """Each target: what, the figure, the limit, whether it is met (None: not measured), its
    margin (a fraction of the limit) and whether that margin is under ``AT_RISK``."""
    checks: list[dict] = []

    def check(name: str, value: float | None, limit: float, unit: str, *,
              at_least: bool = False) -> None:
        met = None if value is None else (value >= limit if at_least else value < limit)
        margin = margin_of(value, limit, at_least=at_least)
        checks.append({"target": name, "value": value, "limit": limit, "unit": unit,
                       "at_least": at_least, "met": met, "margin": margin,
                       "at_risk": bool(met) and margin is not None and margin < AT_RISK})

    ten = towns.get(10_000)
    if ten is not None:
        check("N=10,000: shot, engine time", _median(ten, "shot_engine"), 0.005, "s")
        check("N=10,000: shot, naive / engine", ten.get("shot_ratio"), 20, "x", at_least=True)
        check("N=10,000: minute with 1,000 fires (all out of control)",
              _median(ten, "minute_engine"), 0.050, "s")
        check("N=10,000: save the .siege file", _median(ten, "save"), 0.250, "s")
        check("N=10,000: open the .siege file", _median(ten, "open"), 0.250, "s")
        check("N=10,000: peak memory", ten.get("peak_rss_mib"), 500, "MiB")
        check("N=10,000: click to fire, engine + scene update + repaint (one frame)",
              _sum(_median(ten, "gui_shot"), _median(ten, "redraw")), 0.016, "s")
    fifty = towns.get(50_000)
    if fifty is not None:
        check("N=50,000: shot, engine time", _median(fifty, "shot_engine"), 1.0, "s")
        check("N=50,000: minute with 5,000 fires (all out of control)",
              _median(fifty, "minute_engine"), 0.300, "s")
        check("N=50,000: save the .siege file", _median(fifty, "save"), 1.2, "s")
        check("N=50,000: open the .siege file", _median(fifty, "open"), 1.2, "s")
        check("N=50,000: click to fire with autosave on, engine + autosave + scene update + "
              "repaint (one frame)",
              _sum(_median(fifty, "gui_shot_autosave"), _median(fifty, "redraw")), 0.016, "s")
        check("N=50,000: scene build", _median(fifty, "scene_build"), 1.0, "s")
        check("N=50,000: PDF snapshot", _median(fifty, "snapshot_pdf"), 5.0, "s")
    city = extras.get("city_process")
    if city is not None:
        # Issue 32 item 7: pydantic through its public API only and one careful reader cost
        # this process memory; it may take up to 480 MiB.
        check("N=50,000: peak memory of open, scene, shot, minute and save in one process",
              city.get("peak_rss_mib"), CITY_PROCESS_MIB, "MiB")
    sample = extras.get("sample_snapshot")
    if sample is not None:
        check("sample map snapshot to PDF", _median(sample, "snapshot_pdf"), 2.0, "s")
    city = extras.get("city_snapshot")
    if city is not None:
        check("2,000-structure city at 1:500 to PDF", _median(city, "snapshot_pdf"), 20.0, "s")
        check("2,000-structure city snapshot: peak memory", city.get("peak_rss_mib"), 1024,
              "MiB")
    big = extras.get("big_map")
    if big is not None:
        check("10,000 px map + 2,000 structures: open to first paint",
              _median(big, "open_to_first_paint"), 3.0, "s")
        check("10,000 px map + 2,000 structures: pan frame, 90th percentile (60 a second)",
              big.get("pan_p90_s"), 1 / 60, "s")
        check("10,000 px map + 2,000 structures: zoom frame, 90th percentile",
              big.get("zoom_p90_s"), 0.033, "s")
        # Most of those zoom back to a zoom the board keeps; a zoom to a new one draws anew.
        check("10,000 px map + 2,000 structures: zoom frame to a zoom not kept, 90th percentile",
              big.get("zoom_first_visit_p90_s"), 0.033, "s")
        # The notch a GM turns from rest: the window drew the next zooms ahead while idle.
        check("10,000 px map + 2,000 structures: zoom frame from rest (next zooms drawn "
              "ahead), 90th percentile", big.get("zoom_from_rest_p90_s"), 0.033, "s")
    crowded = extras.get("big_map_10k")
    if crowded is not None:
        check("10,000 px map + 10,000 structures: pan frame, 90th percentile",
              crowded.get("pan_p90_s"), 0.033, "s")
    return checks


# ----------------------------------------------------------------------------- the machine

# The machine's speed in a run, read from a figure with no target: building the N = 10,000
# town (pure Python, no Qt, no disk). The README's table of towns (issue 22's second round)
# built it in this long; a shared machine runs the same code up to twice as slow in its slow
# spells, and the run's other figures move with it.
SPEED_N = 10_000
REFERENCE_BUILD_S = 0.827


def machine_speed(towns: dict[int, dict[str, Any]]) -> dict[str, float] | None:
    """How fast this run's machine ran: the N = ``SPEED_N`` town's build against the
    reference run's (``slowdown`` above 1: slower); None when that town was not run."""
    built = _median(towns.get(SPEED_N, {}), "build_town")
    if built is None:
        return None
    return {"build_town_s": built, "reference_s": REFERENCE_BUILD_S,
            "slowdown": built / REFERENCE_BUILD_S}


def speed_line(speed: dict[str, float] | None) -> str:
    """``machine_speed``'s answer as the line ``run.py`` ends with."""
    if speed is None:
        return f"Machine speed: not measured (the N = {SPEED_N:,} town was not run)."
    return (f"Machine speed: the N = {SPEED_N:,} town built in "
            f"{_seconds(speed['build_town_s'])}, {speed['slowdown']:.2f} times the reference "
            f"run's {_seconds(speed['reference_s'])} (a slow machine slows the run's other "
            "figures too).")


# ----------------------------------------------------------------------------- table

ROWS = [
    ("build siege", "build_town"), ("build index", "build_index"), ("DP of all", "dp_all"),
    ("shot: engine", "shot_engine"), ("shot: naive", "shot_naive"),
    ("minute: engine", "minute_engine"), ("minute: naive", "minute_naive"),
    ("minute (mixed fires)", "minute_mixed_engine"),
    ("save .siege", "save"), ("open .siege", "open"),
    ("Qt scene build", "scene_build"), ("Qt click to fire", "gui_shot"),
    ("Qt repaint of changed", "redraw"), ("PDF snapshot", "snapshot_pdf"),
]


def _seconds(value: float | None) -> str:
    if value is None:
        return "-"
    if value < 1e-3:
        return f"{value * 1e6:.0f} us"
    if value < 1:
        return f"{value * 1e3:.1f} ms"
    return f"{value:.2f} s"


def table(towns: dict[int, dict[str, Any]]) -> str:
    """A Markdown table: one row per cost, one column per N."""
    sizes = sorted(towns)
    header = "| cost | " + " | ".join(f"N = {n:,}" for n in sizes) + " |"
    lines = [header, "|---" * (len(sizes) + 1) + "|"]
    for label, key in ROWS:
        lines.append(f"| {label} | " + " | ".join(_seconds(_median(towns[n], key))
                                               for n in sizes) + " |")

    def row(label: str, render) -> None:
        lines.append(f"| {label} | " + " | ".join(render(towns[n]) for n in sizes) + " |")

    row("shot: naive / engine", lambda f: f"{f['shot_ratio']:.0f}x" if "shot_ratio" in f else "-")
    row("shot: structures touched", lambda f: str(f.get("shot_touched", "-")))
    row("minute: fires / rolls", lambda f: f"{f.get('minute_fires', '-')} / "
        f"{f.get('minute_rolls', '-')}")
    row("minute: naive / engine",
        lambda f: f"{f['minute_ratio']:.1f}x" if "minute_ratio" in f else "-")
    row("Qt items updated by a shot", lambda f: f"{f['gui_items_updated']} of "
        f"{f['scene_items']:,}" if "gui_items_updated" in f else f.get("qt_gap", "-"))
    row(".siege size", lambda f: f"{f['file_bytes'] / 1024:,.0f} KiB" if "file_bytes" in f
        else "-")
    row("PDF pages", lambda f: str(f.get("pdf_pages", f.get("snapshot_gap", "-"))))
    row("peak memory (maxrss)", lambda f: f"{f['peak_rss_mib']:.0f} MiB" if "peak_rss_mib" in f
        else f.get("error", "-"))
    return "\n".join(lines)


def targets_table(checks: list[dict]) -> str:
    lines = ["| target | measured | limit | margin | met |", "|---|---|---|---|---|"]
    for check in checks:
        value, limit = check["value"], check["limit"]
        if check["unit"] == "s":
            shown, bound = _seconds(value), _seconds(limit)
        elif check["unit"] == "x":
            shown, bound = ("-" if value is None else f"{value:.0f}x"), f">= {limit:.0f}x"
        else:
            shown = "-" if value is None else f"{value:.0f} {check['unit']}"
            bound = f"{limit:.0f} {check['unit']}"
        met = {True: "yes", False: "**no**", None: "not measured"}[check["met"]]
        if check["at_risk"]:
            met = "yes, **at risk**"
        margin = "-" if check["margin"] is None else f"{check['margin']:+.0%}"
        lines.append(f"| {check['target']} | {shown} | {bound} | {margin} | {met} |")
    return "\n".join(lines)


def extras_table(extras: dict[str, dict[str, Any]]) -> str:
    lines = ["| case | figures |", "|---|---|"]
    for name, figures in extras.items():
        parts = []
        for key, value in figures.items():
            if isinstance(value, dict) and "median_s" in value:
                parts.append(f"{key} {_seconds(value['median_s'])} (median of {value['runs']})")
            elif key.endswith("_s") and isinstance(value, float):
                parts.append(f"{key[:-2]} {_seconds(value)}")
            elif key == "peak_rss_mib":
                parts.append(f"peak memory {value:.0f} MiB")
            else:
                parts.append(f"{key} {value}")
        lines.append(f"| {name} | {'; '.join(parts)} |")
    return "\n".join(lines)


# ----------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="stop at N = 10,000")
    parser.add_argument("--json", type=Path, help="write every figure to this JSON file")
    parser.add_argument("--plot", type=Path, help="draw time against N into this PNG")
    parser.add_argument("--sizes", help="comma-separated N to run instead (e.g. 100,1000)")
    parser.add_argument("--no-extras", action="store_true",
                        help="skip the fixed GUI and report cases")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    if options.child:
        child(options.child[0], options.child[1] if len(options.child) > 1 else "")
        return 0
    if options.sizes:
        try:
            sizes = tuple(int(part.replace("_", "")) for part in options.sizes.split(","))
        except ValueError:
            parser.error(f"--sizes: {options.sizes!r} is not a comma-separated list of numbers")
        if any(n < 20 for n in sizes):
            parser.error("--sizes: a town needs at least 20 structures")
    else:
        sizes = QUICK_SIZES if options.quick else FULL_SIZES

    started = time.time()
    towns: dict[int, dict[str, Any]] = {}
    for n in sizes:
        print(f"town of {n:,} ...", file=sys.stderr, flush=True)
        towns[n] = run_in_child("town", str(n))
        if "error" in towns[n]:
            print(f"  failed: {towns[n]['error']}", file=sys.stderr)
    extras: dict[str, dict[str, Any]] = {}
    if not options.no_extras:
        for case in EXTRAS:
            print(f"{case} ...", file=sys.stderr, flush=True)
            extras[case] = run_in_child(case)
    checks = targets(towns, extras)
    speed = machine_speed(towns)
    report = {
        "when": time.strftime("%Y-%m-%d %H:%M:%S"), "seconds": round(time.time() - started, 1),
        "machine": {"python": platform.python_version(), "platform": platform.platform(),
                    "cpus": os.cpu_count(), "load_average": os.getloadavg(),
                    "speed": speed},
        "memory": "peak resident set size of the case's own process (ru_maxrss)",
        "timing": "median wall-clock time of several runs (cpu_median_s: process CPU time)",
        "towns": {str(n): figures for n, figures in towns.items()},
        "extras": extras, "targets": checks,
    }
    print(table({n: f for n, f in towns.items() if "error" not in f}))
    print()
    if extras:
        print(extras_table(extras))
        print()
    print(targets_table(checks))
    print()
    print(speed_line(speed))
    if options.json:
        options.json.write_text(json.dumps(report, indent=1) + "\n")
    if options.plot:
        from tests.bench.plot import plot_times

        plot_times({n: f for n, f in towns.items() if "error" not in f}, options.plot)
    missed = [c for c in checks if c["met"] is False]
    return 1 if missed or any("error" in f for f in towns.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
