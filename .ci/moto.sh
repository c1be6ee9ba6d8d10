#!/usr/bin/env bash
# moto.sh COMMAND...: runs COMMAND with DYNAKEY_TEST_ENDPOINT (and the AWS_* variables the
# examples read) pointing at moto servers on loopback, the second engine of the test suite.
#
# moto (PyPI `moto[server]`) is pinned: 5.1.21 is the first release with multi-attribute GSI keys
# (getmoto/moto#9710), 5.2.1 fixed BatchWriteItem with binary attributes (broken in 5.2.0), and
# 5.2.5 is the release the suite was last run against. It is installed into a virtual environment
# under the build directory (target/moto/venv-VERSION), so a rerun reuses it. Each server gets a
# free port, is waited for until it answers, and is stopped by its process id when COMMAND ends,
# whether COMMAND passed or failed.
set -euo pipefail
cd "$(dirname "$0")/.."

MOTO_VERSION=5.2.5

if [ "$#" -eq 0 ]; then
    echo "usage: .ci/moto.sh COMMAND..." >&2
    exit 2
fi

TARGET_DIR=${CARGO_TARGET_DIR:-$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')}
VENV=$TARGET_DIR/moto/venv-$MOTO_VERSION

if ! "$VENV/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('moto') != '$MOTO_VERSION')" 2>/dev/null; then
    echo "-- installing moto[server]==$MOTO_VERSION into $VENV"
    rm -rf "$VENV"
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check "moto[server]==$MOTO_VERSION"
fi

# Two servers: a moto server is one Python process that handles one request at a time
# (.ci/moto_server.py: moto's own app behind a lock, as DynamoDB applies each request atomically),
# and the engine tests spread over the servers named by DYNAKEY_TEST_ENDPOINT (tests/common), so
# the two cores of a small machine both work. MOTO_SERVERS sets another number.
SERVERS=()
ENDPOINTS=()
stop() {
    local server
    for server in "${SERVERS[@]}"; do
        kill "$server" 2>/dev/null || true
        wait "$server" 2>/dev/null || true
    done
}
trap stop EXIT

# start_server: one moto server on a free loopback port (bound by the OS, then released for the
# server), waited for until it answers a DynamoDB ListTables (at most 30 s).
start_server() {
    local port endpoint log server
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    endpoint=http://127.0.0.1:$port
    log=$TARGET_DIR/moto/server-$port.log
    "$VENV/bin/python" .ci/moto_server.py 127.0.0.1 "$port" >"$log" 2>&1 &
    server=$!
    SERVERS+=("$server")
    python3 - "$endpoint" "$server" <<'PY'
import json, os, sys, time, urllib.request
endpoint, pid = sys.argv[1], int(sys.argv[2])
request = urllib.request.Request(endpoint, data=b"{}", headers={
    "X-Amz-Target": "DynamoDB_20120810.ListTables",
    "Content-Type": "application/x-amz-json-1.0",
    "Authorization": "AWS4-HMAC-SHA256 Credential=ci/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0",
})
deadline = time.monotonic() + 30
while True:
    try:
        with urllib.request.urlopen(request, timeout=2) as answer:
            json.load(answer)
            break
    except Exception as error:
        try:
            os.kill(pid, 0)
        except OSError:
            sys.exit("moto_server exited before answering")
        if time.monotonic() > deadline:
            sys.exit(f"moto_server did not answer at {endpoint}: {error}")
        time.sleep(0.2)
PY
    ENDPOINTS+=("$endpoint")
    echo "-- moto $MOTO_VERSION at $endpoint (pid $server, log $log)"
}

for _ in $(seq "${MOTO_SERVERS:-2}"); do
    start_server
done

# The tests get every server; the examples (one process each) the first.
export DYNAKEY_TEST_ENDPOINT="${ENDPOINTS[*]}" DYNAKEY_TEST_ENGINE=moto
export AWS_ENDPOINT_URL_DYNAMODB=${ENDPOINTS[0]} AWS_REGION=us-east-1 AWS_ACCESS_KEY_ID=ci \
    AWS_SECRET_ACCESS_KEY=ci AWS_EC2_METADATA_DISABLED=true
"$@"
