#!/usr/bin/env python3
"""The README's quick start as a new user meets it: a fresh crate outside the workspace with the
README's toml (crates.io versions replaced by paths to this checkout) and its program as
src/main.rs, verbatim; built and run on the embedded engine.

It shares the workspace's target directory (and copies its Cargo.lock) so that dependencies the
test command already built are reused where they can be: few are, because the quick start's
features differ from the workspace's under --all-features low in the tree (libc, syn, tokio,
futures-util, serde), so nearly every crate is built again (138 s in CI). Building it with the
workspace's profile (`--config .cargo/config.toml`) was tried and gave nothing, so it keeps the
README's profile as a new user would.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def block(text, heading, language):
    section = text[text.index(heading):]
    start = section.index(f"```{language}\n") + len(language) + 4
    return section[start:section.index("```\n", start)]


def main():
    readme = open(os.path.join(ROOT, "README.md")).read()
    toml = block(readme, "## Quick start", "toml")
    program = block(readme, "## Quick start", "rust")
    for krate in ("dynakey", "dynakey-runtime"):
        toml, n = re.subn(
            rf'^{krate} = \{{ version = "([^"]+)"',
            lambda m: f'{krate} = {{ path = "{ROOT}/{krate}", version = "{m.group(1)}"',
            toml,
            flags=re.M,
        )
        if n != 1:
            sys.exit(f"the quick start's toml has no `{krate} = {{ version = … }}` line")
    target = json.loads(
        subprocess.check_output(
            ["cargo", "metadata", "--format-version", "1", "--no-deps"], cwd=ROOT
        )
    )["target_directory"]
    crate = tempfile.mkdtemp(prefix="dynakey-quick-start-")
    try:
        manifest = '[package]\nname = "quick-start"\nversion = "0.1.0"\nedition = "2021"\n\n' + toml
        open(os.path.join(crate, "Cargo.toml"), "w").write(manifest)
        os.mkdir(os.path.join(crate, "src"))
        open(os.path.join(crate, "src", "main.rs"), "w").write(program)
        shutil.copy(os.path.join(ROOT, "Cargo.lock"), crate)
        print(manifest, flush=True)
        env = dict(os.environ, CARGO_TARGET_DIR=target)
        subprocess.check_call(["cargo", "run", "--quiet"], cwd=crate, env=env)
    finally:
        shutil.rmtree(crate)


if __name__ == "__main__":
    main()
