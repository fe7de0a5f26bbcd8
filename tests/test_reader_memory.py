"""The reader keeps no spare copy of the file while it builds the model.

Issue 5 asks that loading peak at no more memory than PyPI ``trf`` does;
bench/suite.py measures that against ``trf`` itself. Here the reader is held
to its own budget: while the model is built, the bytes, the decoded text and
the grammar's tokens (which hold their text twice) must already be gone, so
the peak stays near what the finished model keeps.
"""

from __future__ import annotations

import gc
import tracemalloc

import trfkit
from tests.trfbuild import player_line


def _big_file(players: int = 1500, rounds: int = 11) -> bytes:
    lines = ["012 Memory Open", "042 2025/01/01", "052 2025/01/11"]
    for n in range(1, players + 1):
        cells = []
        for r in range(rounds):
            opp = (n + r) % players + 1
            cells.append(f"{opp:>4} {'wb'[(n + r) % 2]} {'10='[(n + r) % 3]}")
        lines.append(player_line(n, 1500 + n % 900, 0.0, cells, name=f"Čapek, Karel{n}"))
    return ("\n".join(lines) + "\n").encode("utf-8")


def test_load_peak_is_close_to_what_the_model_keeps() -> None:
    data = _big_file()
    trfkit.loads(data)  # warm up: grammar cache, imports
    gc.collect()
    tracemalloc.start()
    try:
        t = trfkit.loads(data)
        kept, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(t.players) == 1500
    # Holding one more copy of the text (UCS-2 here, two bytes a character)
    # while building would add about 2 x len(data): allow a fifth of that.
    assert peak - kept < 0.4 * len(data), (peak, kept, len(data))
