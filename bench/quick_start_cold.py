#!/usr/bin/env python3
"""The README's quick start built cold, as a new user's first `cargo build` meets it: the fresh
crate of .ci/quick_start.py (the README's toml with this checkout's crates by path, its program as
src/main.rs, the workspace's Cargo.lock), built with an empty target directory of its own. Prints
the packages compiled (cargo's `Compiling` lines), the CPU seconds of the build (user + system of
every process it ran) and its wall time.

    bench/quick_start_cold.py            # this checkout
    bench/quick_start_cold.py OTHER_ROOT # another checkout (e.g. `git archive` of an older commit)

Nothing is reused from target/: every dependency is compiled (several minutes on 2 cores). Set
TOML_OVERRIDE to a file to build that toml instead of the README's (same crate paths rewriting).
"""
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def block(text, heading, language):
    section = text[text.index(heading):]
    start = section.index(f"```{language}\n") + len(language) + 4
    return section[start:section.index("```\n", start)]


def main():
    root = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else HERE
    readme = open(os.path.join(root, "README.md")).read()
    toml = block(readme, "## Quick start", "toml")
    if os.environ.get("TOML_OVERRIDE"):
        toml = open(os.environ["TOML_OVERRIDE"]).read()
    program = block(readme, "## Quick start", "rust")
    for krate in ("dynakey", "dynakey-runtime"):
        toml, n = re.subn(
            rf'^{krate} = \{{ version = "([^"]+)"',
            lambda m: f'{krate} = {{ path = "{root}/{krate}", version = "{m.group(1)}"',
            toml,
            flags=re.M,
        )
        if n != 1:
            sys.exit(f"the quick start's toml has no `{krate} = {{ version = … }}` line")
    crate = tempfile.mkdtemp(prefix="dynakey-quick-start-cold-")
    try:
        manifest = '[package]\nname = "quick-start"\nversion = "0.1.0"\nedition = "2021"\n\n' + toml
        open(os.path.join(crate, "Cargo.toml"), "w").write(manifest)
        os.mkdir(os.path.join(crate, "src"))
        open(os.path.join(crate, "src", "main.rs"), "w").write(program)
        shutil.copy(os.path.join(root, "Cargo.lock"), crate)
        print(manifest, flush=True)
        env = dict(os.environ, CARGO_TARGET_DIR=os.path.join(crate, "target"))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.monotonic()
        build = subprocess.run(
            ["cargo", "build", "--color", "never"],
            cwd=crate,
            env=env,
            stderr=subprocess.PIPE,
            text=True,
        )
        wall = time.monotonic() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if build.returncode != 0:
            sys.stderr.write(build.stderr)
            sys.exit("the quick start did not build")
        compiled = sorted(
            line.split()[1] + " " + line.split()[2]
            for line in build.stderr.splitlines()
            if line.strip().startswith("Compiling ")
        )
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        if os.environ.get("LIST"):
            print("\n".join(compiled))
        print(f"packages compiled: {len(compiled)}")
        print(f"CPU seconds (user + system): {cpu:.0f}")
        print(f"wall seconds: {wall:.0f}")
    finally:
        shutil.rmtree(crate)


if __name__ == "__main__":
    main()
