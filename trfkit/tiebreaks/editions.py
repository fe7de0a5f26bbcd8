"""The editions of FIDE's tie-break regulations (C.07): their data lives
with the other rule sets, in :mod:`trfkit.rules.tiebreaks`, so that the
command line builds its options without loading the tie-break families."""

from __future__ import annotations

from trfkit.rules.tiebreaks import EDITIONS, Edition, edition_for, get_edition

__all__ = ["EDITIONS", "Edition", "edition_for", "get_edition"]
