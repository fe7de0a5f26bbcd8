"""``python -m trfkit``: the same as the ``trfkit`` command."""

import sys

from trfkit.cli import main

sys.exit(main())
