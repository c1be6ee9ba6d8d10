#!/usr/bin/env python3
"""The design pictures (docs/design.md), as the examples just wrote them into OUT, against the
copies committed under docs/design/, so the pictures there never go stale.

    python3 .ci/design.py OUT            # check OUT's files and compare them with docs/design/,
                                         # and the screenshots' sources with screenshots.sha256
    python3 .ci/design.py OUT --update   # check them and copy them into docs/design/

Each Workbench model must have what NoSQL Workbench needs to import it (ModelName, ModelMetadata,
one DataModel table with KeyAttributes, NonKeyAttributes, TableFacets with key aliases,
GlobalSecondaryIndexes and TableData); the tests (tests/engine_design.rs) check the rest. The
models are compared without their ModelMetadata dates, the other files byte for byte.
"""
import hashlib
import json
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS = os.path.join(ROOT, "docs", "design")
DESIGNS = ["tracker", "drive"]
FILES = ["{}-chart.html", "{}-chart.md", "{}-collection.svg", "{}.workbench.json"]


def check_model(path):
    model = json.load(open(path))
    for field in ["ModelName", "ModelMetadata", "DataModel"]:
        assert field in model, f"{path}: no {field}"
    (table,) = model["DataModel"]
    for field in ["TableName", "KeyAttributes", "NonKeyAttributes", "TableFacets",
                  "GlobalSecondaryIndexes", "TableData"]:
        assert field in table, f"{path}: no DataModel[0].{field}"
    assert table["TableFacets"], f"{path}: no facets"
    for facet in table["TableFacets"]:
        assert facet["KeyAttributeAlias"]["PartitionKeyAlias"], f"{path}: a facet without alias"
    assert table["TableData"], f"{path}: no example items"
    return model


def comparable(path):
    if path.endswith(".json"):
        model = json.load(open(path))
        for date in ["DateCreated", "DateLastModified"]:
            model["ModelMetadata"].pop(date, None)
        return model
    return open(path, "rb").read()


def unshot():
    """The pictures whose screenshot (docs/design/*.png) was taken of another version: each line
    of docs/design/screenshots.sha256 (written by .ci/design.sh --update) is the SHA-256 of the
    file a screenshot shows."""
    recorded = {}
    path = os.path.join(DOCS, "screenshots.sha256")
    if os.path.exists(path):
        for line in open(path):
            digest, name = line.split()
            recorded[os.path.basename(name)] = digest
    out = []
    for design in DESIGNS:
        for shown in [f"{design}-chart.html", f"{design}-collection.svg"]:
            digest = hashlib.sha256(open(os.path.join(DOCS, shown), "rb").read()).hexdigest()
            if recorded.get(shown) != digest:
                out.append(f"{design} screenshot of {shown}")
    return out


def main():
    args = [a for a in sys.argv[1:] if a != "--update"]
    update = "--update" in sys.argv
    (out,) = args
    stale = []
    for design in DESIGNS:
        for pattern in FILES:
            name = pattern.format(design)
            made = os.path.join(out, name)
            assert os.path.exists(made), f"{made} was not written"
            if name.endswith(".json"):
                check_model(made)
            kept = os.path.join(DOCS, name)
            if update:
                os.makedirs(DOCS, exist_ok=True)
                shutil.copyfile(made, kept)
            elif not os.path.exists(kept) or comparable(made) != comparable(kept):
                stale.append(name)
    if not update:
        stale.extend(unshot())
    if stale:
        print("docs/design/ is stale: " + ", ".join(stale))
        print("regenerate it with `bash .ci/design.sh --update` and commit the result")
        sys.exit(1)
    print(f"{len(DESIGNS) * len(FILES)} design files checked"
          + (", copied into docs/design/" if update else ", equal to docs/design/"))


if __name__ == "__main__":
    main()
