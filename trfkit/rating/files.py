"""Which players a batch of files names: read once, so that a players' list
of a million is streamed keeping only them (:func:`wanted_ids`).

Rating the files themselves, one task a file in worker processes, is
:mod:`trfkit.report.files`: a task renders its report where it was rated.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping

from trfkit.reader import MAX_FILE_SIZE

__all__ = ["wanted_ids"]


def wanted_ids(
    paths: Iterable[str],
    data: Mapping[str, bytes] | None = None,
    *,
    max_size: int | None = MAX_FILE_SIZE,
) -> set[int]:
    """The FIDE ids in the player lines (001) of the files: which players of
    a players' list a run needs, so that the list is read once, keeping only
    those (:func:`trfkit.rating.ratinglist.load_rating_list`).

    A scan of the id columns, not a full read: a number there that the
    reader would reject only asks the list for one player more. ``data``
    holds the bytes of paths already read (standard input); files over
    ``max_size`` are skipped, as the reader refuses them.

    >>> ids = wanted_ids(["fixtures/swiss-trf16.trf"])
    >>> len(ids), min(ids)
    (15, 91000117)
    """
    from trfkit.columns import layout

    field = next(f for f in layout("player").fields if f.name == "fide_id")
    ids: set[int] = set()
    for path in paths:
        try:
            raw = (data or {}).get(path)
            if raw is None:
                if max_size is not None and os.path.getsize(path) > max_size:
                    continue
                with open(path, "rb") as fh:
                    raw = fh.read()
        except OSError:
            continue  # reported when the file is rated
        for line in raw.splitlines():
            if line.startswith(b"001"):
                value = line[field.slice].strip()
                if value.isdigit():
                    ids.add(int(value))
    return ids
