#!/usr/bin/env bash
# The design pictures of the tracker and drive tables (docs/design.md), made by the examples'
# `--design DIR` into target/design and compared with docs/design/ (.ci/design.py).
#
#   bash .ci/design.sh            # compare
#   bash .ci/design.sh --update   # copy them into docs/design/, then take the screenshots
#                                 # (docs/design/*.png) in headless Chromium from Debian's
#                                 # packages, installed here when missing (needs root and apt)
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/design
rm -rf "$out"
cargo run -q --example tracker -- --design "$out"
cargo run -q --example drive -- --design "$out"
python3 .ci/design.py "$out" "$@"
[ "${1:-}" = "--update" ] || exit 0

if ! command -v chromium >/dev/null; then
    apt-get install -y chromium
fi
profile=$(mktemp -d)
shot() { # FILE WIDTH HEIGHT PNG
    chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --hide-scrollbars --user-data-dir="$profile" --window-size="$2,$3" \
        --screenshot="$4" "file://$PWD/$1" 2>/dev/null
}
for design in tracker drive; do
    svg=docs/design/$design-collection.svg
    height=$(grep -o 'height="[0-9]*"' "$svg" | head -1 | tr -dc 0-9)
    width=$(grep -o 'width="[0-9]*"' "$svg" | head -1 | tr -dc 0-9)
    shot "$svg" "$width" "$height" "docs/design/$design-collection.png"
done
shot docs/design/tracker-chart.html 1300 1260 docs/design/tracker-chart.png
shot docs/design/drive-chart.html 1300 820 docs/design/drive-chart.png
rm -rf "$profile"
# What each screenshot shows, so that CI tells a screenshot older than its picture.
(cd docs/design && sha256sum tracker-chart.html tracker-collection.svg drive-chart.html \
    drive-collection.svg >screenshots.sha256)
ls -l docs/design/*.png
