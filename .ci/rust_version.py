#!/usr/bin/env python3
"""Checks that each published crate's `rust-version` covers what its dependency tree declares.

Only one toolchain can be installed on CI here, so the MSRV cannot be tested by building with an
older compiler; instead this reads `cargo metadata` (the lock file's versions and each package's
declared `rust-version`) and, for each workspace crate that is published, takes the highest
`rust-version` over its normal and build dependencies, transitively, as a user who depends on that
crate alone (every feature of it on, every platform) gets them: `cargo tree -p <crate>
--all-features`, which resolves features for that crate only. (The workspace's own resolve in
`cargo metadata` unifies features across members: there the core's `serde_dynamo` would pull in
the AWS SDK because the runtime enables that feature.) It fails when the crate's own
`rust-version` is lower than that, or missing. Dev-dependencies do not reach users: their highest
`rust-version` is reported, never enforced.

Usage: python3 .ci/rust_version.py [path/to/Cargo.toml]
"""

import json
import subprocess
import sys


def version(text):
    """'1.94.1' -> (1, 94, 1), '1.89' -> (1, 89, 0); a missing rust-version sorts lowest."""
    parts = [int(part) for part in text.split(".")] if text else []
    return tuple(parts + [0] * (3 - len(parts)))


def closure(start, edges, kinds):
    """Package ids reachable from `start` over dependency edges of the given kinds."""
    seen, todo = set(), [start]
    while todo:
        for dep, dep_kinds in edges.get(todo.pop(), []):
            if dep not in seen and dep_kinds & kinds:
                seen.add(dep)
                todo.append(dep)
    return seen


def highest(ids, packages):
    """The package of `ids` with the highest declared rust-version (of several, the first by
    name), or None."""
    declared = [packages[i] for i in ids if packages[i]["rust_version"]]
    if not declared:
        return None
    top = max(version(p["rust_version"]) for p in declared)
    return min((p for p in declared if version(p["rust_version"]) == top), key=lambda p: p["name"])


def user_closure(name, by_name_version, manifest):
    """Package ids a user depending on workspace crate `name` alone builds (normal and build
    dependencies, every feature of the crate on, every platform), the crate itself excluded."""
    command = ["cargo", "tree", "-p", name, "-e", "normal,build", "--all-features",
               "--target", "all", "--prefix", "none", "--format", "{p}", "--locked"]
    if manifest:
        command += ["--manifest-path", manifest]
    lines = subprocess.run(command, check=True, capture_output=True, text=True).stdout.splitlines()
    ids = set()
    for line in lines[1:]:
        parts = line.split()
        if len(parts) >= 2 and parts[1].startswith("v"):
            package = by_name_version.get((parts[0], parts[1][1:]))
            if package:
                ids.add(package)
    return ids


def main():
    command = ["cargo", "metadata", "--format-version", "1", "--all-features", "--locked"]
    if len(sys.argv) > 1:
        command += ["--manifest-path", sys.argv[1]]
    metadata = json.loads(subprocess.run(command, check=True, capture_output=True).stdout)
    packages = {p["id"]: p for p in metadata["packages"]}
    by_name_version = {(p["name"], p["version"]): p["id"] for p in metadata["packages"]}
    manifest = sys.argv[1] if len(sys.argv) > 1 else None
    # kind None is a normal dependency; "build" and "dev" as named.
    edges = {
        node["id"]: [
            (dep["pkg"], {kind["kind"] or "normal" for kind in dep["dep_kinds"]})
            for dep in node["deps"]
        ]
        for node in metadata["resolve"]["nodes"]
    }
    failures = 0
    for member in metadata["workspace_members"]:
        package = packages[member]
        published = package["publish"] != []
        ours = package["rust_version"]
        runtime = (
            user_closure(package["name"], by_name_version, manifest)
            if published
            else closure(member, edges, {"normal", "build"})
        )
        need = highest(runtime, packages)
        # Dev-dependencies of this crate, and everything they pull in at run and build time.
        dev_roots = {dep for dep, kinds in edges.get(member, []) if "dev" in kinds}
        dev = set(dev_roots)
        for root in dev_roots:
            dev |= closure(root, edges, {"normal", "build"})
        dev_need = highest(dev - runtime, packages)
        line = f"{package['name']}: rust-version {ours or 'missing'}"
        if need:
            line += f"; dependencies need {need['rust_version']} ({need['name']} {need['version']})"
        if dev_need:
            line += (
                f"; dev-dependencies need {dev_need['rust_version']}"
                f" ({dev_need['name']} {dev_need['version']}, not enforced)"
            )
        if not published:
            line += "; not published, not enforced"
        elif ours is None or (need and version(ours) < version(need["rust_version"])):
            line = "FAIL " + line
            failures += 1
        print(line)
    if failures:
        print(
            "rust-version is lower than the dependency tree needs: raise it in Cargo.toml "
            "(or hold the dependency back) so that it tells users the truth",
            file=sys.stderr,
        )
        sys.exit(1)


if __name__ == "__main__":
    main()
