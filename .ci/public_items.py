#!/usr/bin/env python3
"""Counts the public items of each published crate, from rustdoc's JSON output.

    python3 .ci/public_items.py [crate ...]      # default: dynakey dynakey-runtime dynakey-derive

An item counts when rustdoc documents it as public API of the crate itself: modules, types,
traits, functions, methods, constants, enum variants, struct fields, associated items — every
entry of the JSON `index` whose `crate_id` is 0 and whose visibility is `public`, except
re-exports (`use`), which name an item already counted. Items hidden with `#[doc(hidden)]` (such
as `__private`) are not documented, so not counted. Trait-impl items (`impl Clone for …`) have no
visibility of their own and are not counted either.

rustdoc's JSON output is unstable, so it is asked for with RUSTC_BOOTSTRAP=1 on the stable
toolchain; the build goes to the workspace's target/doc/.
"""
import collections
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def count(crate):
    env = dict(os.environ, RUSTC_BOOTSTRAP="1")
    subprocess.run(
        ["cargo", "rustdoc", "-q", "-p", crate, "--all-features", "--lib", "--",
         "-Zunstable-options", "--output-format", "json", "-Arustdoc::all"],
        cwd=ROOT, env=env, check=True)
    target = json.loads(subprocess.check_output(
        ["cargo", "metadata", "--format-version", "1", "--no-deps"], cwd=ROOT))["target_directory"]
    doc = json.load(open(os.path.join(target, "doc", crate.replace("-", "_") + ".json")))
    kinds = collections.Counter()
    for item in doc["index"].values():
        if item["crate_id"] != 0 or item["visibility"] != "public":
            continue
        kind = next(iter(item["inner"]))
        if kind != "use":
            kinds[kind] += 1
    return kinds


def main():
    crates = sys.argv[1:] or ["dynakey", "dynakey-runtime", "dynakey-derive"]
    for crate in crates:
        kinds = count(crate)
        detail = ", ".join(f"{n} {k}" for k, n in kinds.most_common())
        print(f"{crate}: {sum(kinds.values())} public items ({detail})")


if __name__ == "__main__":
    main()
