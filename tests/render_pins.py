"""The forms' outputs pinned, so a faster renderer writes the same bytes.

:func:`renders` gives every output of Forms 1, 2, 3 and 4 (a) (text, ASCII
text, JSON, CSV, HTML; Form 3's JSON lines and game rows too) of one
tournament, as the registry renders them. tests/test_render_pins.py asserts
the renderers still give them, byte for byte:

- for the fixtures and tests/data/*.trf, the outputs themselves are kept
  under ``tests/data/expected/<fixtures|tests/data>/<file>/<output>``, so a
  failure shows a diff; an output over :data:`GZIP_OVER` bytes is kept
  gzipped (``<output>.gz``, ``zcat`` reads it);
- for the shared corpus and the 3000×13 generated event only sha256 digests
  are kept (``tests/data/render-digests.json``): the corpus files are others'
  and are never copied into the repository, which their outputs would do,
  and the generated event's outputs weigh tens of megabytes.

Run ``python -m tests.render_pins`` to (re)write both: only when an output is
meant to change, and say so in the commit (``git diff`` then shows the
change in every expected file that is not gzipped).
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import json
import shutil
import sys
from pathlib import Path
from types import ModuleType

import trfkit
from tests.conftest import CORPUS, FIXTURES, ROOT, corpus_files, fixture_files
from trfkit.rating.engine import rate
from trfkit.report.registry import FORM_DOCUMENTS, FormOptions, RenderOptions, output

DATA = ROOT / "tests" / "data"
DIGESTS = DATA / "render-digests.json"
EXPECTED = DATA / "expected"
GZIP_OVER = 8192
"""Outputs longer than this (bytes) are kept gzipped in :data:`EXPECTED`."""

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


def expected_dir(key: str) -> Path:
    """Where the outputs of the file ``key`` (:func:`file_key`) are kept."""
    return EXPECTED / key


def write_expected(key: str, outputs: dict[str, str]) -> None:
    folder = expected_dir(key)
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    for name, text in outputs.items():
        data = text.encode("utf-8")
        if len(data) > GZIP_OVER:
            # mtime=0: the same output gives the same bytes, so git sees no change.
            (folder / f"{name}.gz").write_bytes(gzip.compress(data, 9, mtime=0))
        else:
            (folder / name).write_bytes(data)


def read_expected(key: str) -> dict[str, str]:
    """The kept outputs of ``key``: name -> text (empty when none are kept)."""
    folder = expected_dir(key)
    if not folder.is_dir():
        return {}
    out: dict[str, str] = {}
    for f in sorted(folder.iterdir()):
        if f.suffix == ".gz":
            out[f.name.removesuffix(".gz")] = gzip.decompress(f.read_bytes()).decode("utf-8")
        else:
            out[f.name] = f.read_bytes().decode("utf-8")
    return out


def main() -> int:
    kept = [*fixture_files(), *data_files()]
    if EXPECTED.exists():
        shutil.rmtree(EXPECTED)
    for path in kept:
        write_expected(file_key(path), renders(trfkit.load(path)))
    table: dict[str, dict[str, str]] = {}
    for path in corpus_files():
        table[file_key(path)] = digests(trfkit.load(path))
    table[generated_key()] = digests(trfkit.loads(generated_text(*GENERATED)))
    DIGESTS.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{EXPECTED.relative_to(ROOT)}: {len(kept)} files")
    print(f"{DIGESTS.relative_to(ROOT)}: {len(table)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
