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
# The screenshots by Design::write_png (the examples' --png): the chart in a 1280-px window, the
# collection at its SVG's size; the files it writes beside them are the ones just copied.
shots=target/design-png
rm -rf "$shots"
cargo run -q --example tracker -- --design "$shots" --png
cargo run -q --example drive -- --design "$shots" --png
cp "$shots"/*.png docs/design/
# What each screenshot shows, so that CI tells a screenshot older than its picture.
(cd docs/design && sha256sum tracker-chart.html tracker-collection.svg drive-chart.html \
    drive-collection.svg >screenshots.sha256)
ls -l docs/design/*.png
