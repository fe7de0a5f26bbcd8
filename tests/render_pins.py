"""The forms' outputs pinned as digests, so a faster renderer writes the same bytes.

:func:`renders` gives every output of Forms 1, 2, 3 and 4 (a) (text, ASCII
text, JSON, CSV, HTML; Form 3's JSON lines and game rows too) of one
tournament, as the registry renders them. The digests of those outputs,
taken before the renderers were optimised, are kept in
``tests/data/render-digests.json``; tests/test_render_pins.py asserts the
renderers still give them, byte for byte.

Run ``python -m tests.render_pins`` to (re)write the digests: only when an
output is meant to change, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import trfkit
from tests.conftest import CORPUS, FIXTURES, ROOT, corpus_files, fixture_files
from trfkit.rating.engine import rate
from trfkit.report.registry import FORM_DOCUMENTS, FormOptions, RenderOptions, output

DATA = ROOT / "tests" / "data"
DIGESTS = DATA / "render-digests.json"

GENERATED = (3000, 13, 2026)
"""The event of bench/bench_forms.py: players, rounds, seed."""

DOCUMENTS = ("form1", "form2", "summary")
"""The forms' documents pinned beside Form 3 (named, not every entry of
the registry: a document added later has no recorded digests)."""
FORM_FORMATS = ("text", "json", "csv", "html")
FORM3_FORMATS = ("text", "json", "jsonl", "csv", "html")


def _generate_module() -> ModuleType:
    name = "bench_generate"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / "generate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def generated_text(players: int, rounds: int, seed: int) -> str:
    """The seeded benchmark event's TRF text (bench/generate.py)."""
    text: str = _generate_module().generate(players, rounds, seed)
    return text


def renders(t: trfkit.Tournament) -> dict[str, str]:
    """Every output of the forms of ``t``: name -> text (CSV game rows as
    ``form3.csv.games``)."""
    out: dict[str, str] = {}
    options = FormOptions()
    plain, ascii = RenderOptions(None), RenderOptions(None, ascii=True)
    for document in DOCUMENTS:
        d = FORM_DOCUMENTS[document](t, options)
        for fmt in FORM_FORMATS:
            out[f"{document}.{fmt}"] = output(document, fmt).render(d, plain)[0]
        out[f"{document}.text.ascii"] = output(document, "text").render(d, ascii)[0]
    report = rate(t)
    for fmt in FORM3_FORMATS:
        text, games = output("form3", fmt).render(report, plain)
        out[f"form3.{fmt}"] = text
        if games:
            out[f"form3.{fmt}.games"] = games
    out["form3.text.ascii"] = output("form3", "text").render(report, ascii)[0]
    return out


def digests(t: trfkit.Tournament) -> dict[str, str]:
    return {k: hashlib.sha256(v.encode("utf-8")).hexdigest() for k, v in renders(t).items()}


def generated_key() -> str:
    players, rounds, seed = GENERATED
    return f"generated/{players}x{rounds}-seed{seed}"


def data_files() -> list[Path]:
    """The tests' own TRF files (tests/data), beside fixtures/."""
    return sorted(DATA.glob("*.trf"))


def file_key(path: Path) -> str:
    if path.is_relative_to(FIXTURES):
        return f"fixtures/{path.name}"
    if path.is_relative_to(DATA):
        return f"tests/data/{path.name}"
    return f"corpus/{path.relative_to(CORPUS)}"


def main() -> int:
    table: dict[str, dict[str, str]] = {}
    for path in [*fixture_files(), *data_files(), *corpus_files()]:
        table[file_key(path)] = digests(trfkit.load(path))
    table[generated_key()] = digests(trfkit.loads(generated_text(*GENERATED)))
    DIGESTS.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{DIGESTS.relative_to(ROOT)}: {len(table)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
