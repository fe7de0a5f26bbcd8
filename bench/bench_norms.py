"""Title norms against the load: norms, the norm table and the certificates.

The target of issue 17: all forms and norms of a 3000-player, 13-round event
cost at most 2x its load. This script measures the norm part (the other
forms are timed beside it by the forms' own bench): in one run, alternating,
(a) ``trfkit.load`` and (b) ``trfkit.norms`` under the 2024 Title
Regulations (the generated event starts in 2022, under an edition that is
not modelled, which would cost nothing) with the norm table (text, CSV)
and the certificates (text) rendered. Run:

    python bench/bench_norms.py [--players 3000 --rounds 13 --repeat 11]

It also checks, once, that the players the engine screens out have no norm
(every verdict worked out in full finds the same holders). Times are only
compared with each other, never with a fixed number.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_load import bench_arguments, bench_file, paired  # noqa: E402

import trfkit  # noqa: E402
from trfkit.report import norms as documents  # noqa: E402
from trfkit.titlenorms import NormReport  # noqa: E402


def norms_and_documents(t: trfkit.Tournament) -> NormReport:
    report = trfkit.norms(t, rules="b01-2024")
    documents.render_norms_text(report)
    documents.render_norms_csv(report)
    documents.render_certificates_text(report)
    return report


def main() -> int:
    args = bench_arguments(__doc__ or "").parse_args()
    path = bench_file(args)
    t = trfkit.load(path)
    report = norms_and_documents(t)  # warm up
    screened = [(p.start_rank, v.title) for p, vs in report.holders for v in vs]
    full = [(p.start_rank, v.title) for p in report.players for v in p.norms if v.achieved]
    assert screened == full, "the screen dropped a norm"
    load_ms, norms_ms, ratio = paired(
        lambda: trfkit.load(path), lambda: norms_and_documents(t), args.repeat
    )
    print(
        f"file: {path.name} ({args.players} players, {args.rounds} rounds), "
        f"{len(report.holders)} players with a norm; median of {args.repeat} alternating pairs"
    )
    print(f"(a) trfkit.load                       {load_ms:8.1f} ms")
    print(f"(b) norms + table + certificates      {norms_ms:8.1f} ms   b/a = {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
