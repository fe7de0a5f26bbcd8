#!/usr/bin/env python3
"""Group the fuzzer's crash files by cause, one line per distinct bug.

libFuzzer saves every failing input (``crash-<sha1>``, ``timeout-...``) in
its artifact folder; one bug usually leaves many of them. This replays each
file through :func:`harness.check_one` (without atheris) and groups the
failures by exception type and the innermost trfkit frame (for a failed
property: the property's first words), then prints each group with its
smallest input and the last lines of its traceback::

    python fuzz/triage.py fuzz/artifacts
    python fuzz/triage.py --canonical fixtures/fuzz    # the stricter check

Exit status 1 if any input fails, else 0.
"""

from __future__ import annotations

import argparse
import re
import sys
import traceback
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness  # after the path above


def _inputs(paths: Iterable[str]) -> list[Path]:
    out: list[Path] = []
    for given in paths:
        p = Path(given)
        if p.is_dir():
            out += sorted(f for f in p.iterdir() if f.is_file() and f.name != "README.md")
        else:
            out.append(p)
    return out


def signature(exc: BaseException) -> str:
    """What groups failures: the exception type and where in trfkit it was raised."""
    if isinstance(exc, harness.PropertyFailed):
        # The property's wording without the numbers and quoted values of one input.
        head = str(exc).split(":", 2)
        text = ":".join(head[:2])
        return "PropertyFailed: " + re.sub(r"'[^']*'|\d+", "_", text)[:120]
    frames = [
        f
        for f in traceback.extract_tb(exc.__traceback__)
        if "/trfkit/" in f.filename.replace("\\", "/")
    ]
    where = f"{Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else "?"
    return f"{type(exc).__name__} at {where}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", help="crash files or folders of them")
    parser.add_argument(
        "--canonical", action="store_true", help="also check the canonical writer's round trip"
    )
    args = parser.parse_args(argv)
    groups: dict[str, list[tuple[Path, str]]] = {}
    files = _inputs(args.paths)
    for path in files:
        try:
            harness.check_one(
                path.read_bytes(), all_renderers=True, canonical_roundtrip=args.canonical
            )
        except Exception as exc:
            tb = "".join(traceback.format_exception(exc)).rstrip().splitlines()
            groups.setdefault(signature(exc), []).append((path, "\n".join(tb[-6:])))
    print(f"{len(files)} inputs, {sum(map(len, groups.values()))} failing, {len(groups)} groups")
    for sig, items in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        smallest = min(items, key=lambda item: item[0].stat().st_size)
        print(f"\n== {sig}  ({len(items)} inputs; smallest: {smallest[0]})")
        print(smallest[1])
    return 1 if groups else 0


if __name__ == "__main__":
    raise SystemExit(main())
