"""Where the grammars and the list of FIDE federations live, and the per-user cache of what is built from them.

The grammars are kept in the repository's top-level ``grammars/`` folder and
shipped inside the wheel as ``trfkit/grammars`` (pyproject.toml,
``force-include``). An installed package finds them beside its modules; a
source checkout (editable install, or running from the tree) finds them one
level up.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys
import tempfile
from collections.abc import Callable
from functools import cache
from hashlib import sha256
from pathlib import Path
from typing import TypeVar

import lark

__all__ = ["cached_data", "fide_federations", "grammar_cache_path", "grammar_dir", "grammar_text"]

_T = TypeVar("_T")


@cache
def grammar_dir() -> Path:
    here = Path(__file__).resolve().parent
    for candidate in (here / "grammars", here.parent / "grammars"):
        if (candidate / "trf.lark").is_file():
            return candidate
    raise FileNotFoundError("trfkit's grammars folder is missing from the installation")


def grammar_text(name: str) -> str:
    return (grammar_dir() / name).read_text(encoding="utf-8")


def _cache_path(name: str, key: str, suffix: str) -> str | None:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    digest = sha256(key.encode()).hexdigest()[:16]
    stem = name.rsplit(".", 1)[0]
    for folder in (os.path.join(base, "trfkit"), os.path.join(tempfile.gettempdir(), "trfkit")):
        try:
            os.makedirs(folder, exist_ok=True)
            if os.access(folder, os.W_OK):
                return os.path.join(folder, f"{stem}-{digest}.{suffix}")
        except OSError:
            continue
    return None


def grammar_cache_path(name: str, grammar: str) -> str | bool:
    """A per-user file for Lark's compiled ``grammar``, or False if none is writable.

    ``$XDG_CACHE_HOME/trfkit`` (else ``~/.cache/trfkit``), falling back to the
    system's temporary folder. The file name carries a hash of the grammar
    and of Lark's version, so a changed grammar or Lark never loads a stale
    parser.
    """
    return _cache_path(name, grammar + lark.__version__, "lark-cache") or False


def cached_data(name: str, text: str, parse: Callable[[str], _T], kind: type[_T]) -> _T:
    """``parse(text)``, kept in the same per-user folder in marshal's format.

    For data quicker to load than to parse: the column table takes tomllib
    some 4 ms of every start, marshal a tenth of one. The file name carries
    a hash of ``text`` and of Python's version (marshal's format is
    Python's own), so an edited table or another Python never loads stale
    data. A cache that cannot be read, or holds no ``kind``, is parsed
    again (and rewritten); one that cannot be written is done without.
    """
    path = _cache_path(name, text + sys.version, "marshal")
    if path is not None:
        with contextlib.suppress(OSError, EOFError, ValueError, TypeError), open(path, "rb") as fh:
            found = marshal.load(fh)
            if isinstance(found, kind):
                return found
    data = parse(text)
    if path is not None:
        temporary = f"{path}.{os.getpid()}.tmp"
        try:
            with open(temporary, "wb") as fh:
                marshal.dump(data, fh)  # type: ignore[arg-type]  # ValueError where it cannot
            os.replace(temporary, path)  # whole or not at all, for a reader alongside
        except (OSError, ValueError):
            with contextlib.suppress(OSError):
                os.unlink(temporary)
    return data


@cache
def fide_federations() -> frozenset[str]:
    """The FIDE federation codes of ``trfkit/data/federations.txt`` (its header
    gives the source and date)."""
    # A plain path beside the package: importlib.resources costs a command's
    # start 3 ms, and the file ships inside the package directory.
    path = os.path.join(os.path.dirname(__file__), "data", "federations.txt")
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    return frozenset(
        line.split()[0] for line in text.splitlines() if line.strip() and not line.startswith("#")
    )
