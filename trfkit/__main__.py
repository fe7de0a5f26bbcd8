"""``python -m trfkit``: the same as the ``trfkit`` command."""

import sys

from trfkit.cli import main

# Guarded: tools that import every module of the package (the fuzzer's
# instrumentation, documentation generators) must not run the command.
if __name__ == "__main__":
    sys.exit(main())
