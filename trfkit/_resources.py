"""Where the grammars live.

The grammars are kept in the repository's top-level ``grammars/`` folder and
shipped inside the wheel as ``trfkit/grammars`` (pyproject.toml,
``force-include``). An installed package finds them beside its modules; a
source checkout (editable install, or running from the tree) finds them one
level up.
"""

from __future__ import annotations

import os
import tempfile
from functools import cache
from hashlib import sha256
from pathlib import Path

import lark

__all__ = ["grammar_cache_path", "grammar_dir", "grammar_text"]


@cache
def grammar_dir() -> Path:
    here = Path(__file__).resolve().parent
    for candidate in (here / "grammars", here.parent / "grammars"):
        if (candidate / "trf.lark").is_file():
            return candidate
    raise FileNotFoundError("trfkit's grammars folder is missing from the installation")


def grammar_text(name: str) -> str:
    return (grammar_dir() / name).read_text(encoding="utf-8")


def grammar_cache_path(name: str, grammar: str) -> str | bool:
    """A per-user file for Lark's compiled ``grammar``, or False if none is writable.

    ``$XDG_CACHE_HOME/trfkit`` (else ``~/.cache/trfkit``), falling back to the
    system's temporary folder. The file name carries a hash of the grammar
    and of Lark's version, so a changed grammar or Lark never loads a stale
    parser.
    """
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    key = sha256((grammar + lark.__version__).encode()).hexdigest()[:16]
    stem = name.removesuffix(".lark")
    for folder in (os.path.join(base, "trfkit"), os.path.join(tempfile.gettempdir(), "trfkit")):
        try:
            os.makedirs(folder, exist_ok=True)
            if os.access(folder, os.W_OK):
                return os.path.join(folder, f"{stem}-{key}.lark-cache")
        except OSError:
            continue
    return False
