"""Where the grammars live.

The grammars are kept in the repository's top-level ``grammars/`` folder and
shipped inside the wheel as ``trfkit/grammars`` (pyproject.toml,
``force-include``). An installed package finds them beside its modules; a
source checkout (editable install, or running from the tree) finds them one
level up.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

__all__ = ["grammar_dir", "grammar_text"]


@cache
def grammar_dir() -> Path:
    here = Path(__file__).resolve().parent
    for candidate in (here / "grammars", here.parent / "grammars"):
        if (candidate / "trf.lark").is_file():
            return candidate
    raise FileNotFoundError("trfkit's grammars folder is missing from the installation")


def grammar_text(name: str) -> str:
    return (grammar_dir() / name).read_text(encoding="utf-8")
