"""Which players a batch of files names: read once, so that a players' list
of a million is streamed keeping only them (:func:`wanted_ids`).

Rating the files themselves, one task a file in worker processes, is
:mod:`trfkit.service`: a task renders its report where it was rated.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping

from trfkit.reader import MAX_FILE_SIZE

__all__ = ["wanted_ids", "wanted_players"]


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
    return wanted_players(paths, data, max_size=max_size)[0]


def wanted_players(
    paths: Iterable[str],
    data: Mapping[str, bytes] | None = None,
    *,
    max_size: int | None = MAX_FILE_SIZE,
) -> tuple[set[int], set[tuple[str, str]]]:
    """:func:`wanted_ids`, and the names of the players without an id: each
    as :func:`trfkit.rating.ratinglist.name_key` of the name and the
    federation, which the list is read for (``names``) to tell who such a
    player may be.
    """
    from trfkit.columns import layout
    from trfkit.rating.ratinglist import name_key

    fields = {f.name: f.slice for f in layout("player").fields}
    id_slice, name_slice, fed_slice = fields["fide_id"], fields["name"], fields["federation"]
    ids: set[int] = set()
    names: set[tuple[str, str]] = set()
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
            if not line.startswith(b"001"):
                continue
            # Columns count characters: a line with a UTF-8 name is decoded
            # before it is cut (its bytes run past the columns).
            text = line.decode("ascii") if line.isascii() else _text(line)
            value = text[id_slice].strip()
            if value.isascii() and value.isdigit() and int(value):
                ids.add(int(value))
            elif not value:
                name, fed = name_key(text[name_slice]), text[fed_slice].strip()
                if name and fed:
                    names.add((name, fed))
    return ids, names


def _text(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")
