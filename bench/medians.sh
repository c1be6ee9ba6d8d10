#!/usr/bin/env bash
# Rows a–g of docs/performance.md (issue #16), RUNS times each (default 3), and per row the ratio
# of each run, their median and the load average when each run ended: one command for a quiet
# machine.
#
#   bench/medians.sh                 # all rows a–g, 3 runs each
#   ROWS="d e" RUNS=5 bench/medians.sh
#
# Rows a–d and g run their bench's summary (`cargo bench … -- summary`: contender and baseline
# alternating in one process, no criterion sampling); e and f run
# dynakey-derive/benches/build-cost.sh once per run (RUNS=1 inside: one interleaved pair of builds).
# The benches are compiled first, outside the runs. The raw output of every run is kept under
# target/medians/ (row-run.log). Not run in CI (many minutes of CPU).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
RUNS=${RUNS:-3}
ROWS=${ROWS:-"a b c d e f g"}
LOGS=$ROOT/target/medians
mkdir -p "$LOGS"

# command ROW: the command of a row, as docs/performance.md gives it (rows e and f here in CPU
# seconds; the page gives them in instructions, INSTRUCTIONS=1).
command_of() {
    case $1 in
        a) echo "cargo bench -p dynakey-runtime --features embedded --bench read -- summary" ;;
        b) echo "cargo bench -p dynakey-runtime --bench collection -- summary" ;;
        c) echo "cargo bench -p dynakey-runtime --features embedded --bench batch_put -- summary" ;;
        d) echo "cargo bench -p dynakey-runtime --features embedded --bench fanout -- summary" ;;
        e) echo "env RUNS=1 MODES=build dynakey-derive/benches/build-cost.sh" ;;
        f) echo "env RUNS=1 MODES=check dynakey-derive/benches/build-cost.sh" ;;
        g) echo "cargo bench -p dynakey --bench keys -- summary" ;;
        *) echo "unknown row $1" >&2; exit 2 ;;
    esac
}

# ratio ROW LOG: the row's ratio from a run's output (the summary line each bench prints).
ratio_of() {
    local pattern
    case $1 in
        a) pattern='ratio dynakey / raw = ([0-9.]+)x' ;;
        b) pattern='ratio collection / known type = ([0-9.]+)x' ;;
        c) pattern='ratio batch_put / raw loop = ([0-9.]+)x wall' ;;
        # The 100 newest (the line with the goal), not the read of all 10,000.
        d) pattern='ratio fan-out / one partition = ([0-9.]+)x \(goal' ;;
        e | f) pattern='ratio = ([0-9.]+)x \((build|check)\)' ;;
        g) pattern='encode ratio dynakey / hand-written = ([0-9.]+)x' ;;
    esac
    sed -nE "s#.*${pattern}.*#\\1#p" "$2" | tail -1
}

median() {
    printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

load() {
    sed 's/ .*//' /proc/loadavg
}

echo "machine: $(nproc) cores, $(uptime | sed 's/.*load/load/'); rustc: $(rustc --version)"
echo "compiling the benches first (not measured)…"
cargo bench --workspace --all-features --no-run --quiet 2>&1 | grep -v '^ *Executable' || true

summary=()
for row in $ROWS; do
    cmd=$(command_of "$row")
    ratios=() loads=()
    for ((run = 1; run <= RUNS; run++)); do
        log=$LOGS/$row-$run.log
        if ! $cmd >"$log" 2>&1; then
            echo "row $row, run $run failed: see $log" >&2
            exit 1
        fi
        r=$(ratio_of "$row" "$log")
        ratios+=("${r:-?}")
        loads+=("$(load)")
        echo "row $row, run $run: ${r:-?}x (load $(load))"
    done
    line="row $row: ${ratios[*]} -> median $(median "${ratios[@]}")x; load at each run: ${loads[*]}"
    summary+=("$line")
done

echo
echo "== medians of $RUNS runs ($(date -u +%FT%TZ)); commands: docs/performance.md"
printf '%s\n' "${summary[@]}"
