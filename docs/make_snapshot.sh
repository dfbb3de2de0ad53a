#!/usr/bin/env sh
# Remake docs/snapshot.png: the sample siege after a few shots, exactly as the README shows it.
# Run from the repository root: sh docs/make_snapshot.sh
set -eu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
.venv/bin/siegeboard sample -o "$work/castle.siege" >/dev/null
sb() { .venv/bin/siegeboard "$@"; }
sb fire "$work/castle.siege" --battery "Great Battery" --at 38,62 >/dev/null
sb fire "$work/castle.siege" --battery "Great Battery" --at 38,62 >/dev/null
sb fire "$work/castle.siege" --weapon "Incendiary shell" --range 200 --at 45,60 >/dev/null
sb fire "$work/castle.siege" --weapon "Incendiary shell" --range 200 --at 96,62 >/dev/null
sb fire "$work/castle.siege" --battery Tank --at 108,22.7 >/dev/null
sb fire "$work/castle.siege" --battery "Great Battery" --at 57,59 >/dev/null
sb advance "$work/castle.siege" --minutes 1 >/dev/null
sb snapshot "$work/castle.siege" -o docs/snapshot.png --dpi 110
