"""The forms' cost: every form of the 3000-player, 13-round event against its load.

The target of issue 17: all forms (1, 2, 3 and 4) and the norms of a
3000×13 event cost at most twice its load. Measured here, as ratios in one
run, on the loaded tournament:

* (d) every document of ``FORM_DOCUMENTS``: Forms 1, 2 and 4 (a), (b)
  the certificates and (c) the norm table, each built from the records;
* (f) the same, each rendered as text too (what ``trfkit report --form
  1|2|4`` writes); issue 17's share of the forms: at most 1.2 loads;
* (r) Form 3: ``trfkit.rate`` and its text;
* (all) both: every form of the event.

Run:

    python bench/bench_forms.py [--players 3000 --rounds 13 --repeat 11]

The generated event starts in 2022, under a Title Regulations edition
that is not modelled: its certificates and norm table say so and cost
little here. bench/bench_norms.py times the norms under the 2024
regulations. Not part of the test run.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_load import bench_loaded, paired  # noqa: E402

import trfkit  # noqa: E402
from trfkit.rating.engine import rate  # noqa: E402
from trfkit.report.rating import render_rating_text  # noqa: E402
from trfkit.report.registry import FORM_DOCUMENTS, FormOptions, RenderOptions, output  # noqa: E402


def main() -> int:
    args, path, t = bench_loaded(__doc__ or "")
    options, render = FormOptions(), RenderOptions(None)

    def documents() -> int:
        return len([build(t, options) for build in FORM_DOCUMENTS.values()])

    def forms() -> int:
        size = 0
        for name, build in FORM_DOCUMENTS.items():
            size += len(output(name, "text").render(build(t, options), render)[0])
        return size

    def form3() -> int:
        return len(render_rating_text(rate(t)))

    def every_form() -> int:
        return forms() + form3()

    every_form()  # warm up: imports, templates, grammar caches
    load = lambda: trfkit.load(path)  # noqa: E731
    a, d, ratio_d = paired(load, documents, args.repeat)
    _, f, ratio_f = paired(load, forms, args.repeat)
    _, r, ratio_r = paired(load, form3, args.repeat)
    _, every, ratio = paired(load, every_form, args.repeat)
    print(f"file: {path.name} ({args.players} players, {args.rounds} rounds), "
          f"median of {args.repeat} alternating pairs")  # fmt: skip
    print(f"  (a)   trfkit.load                       {a:8.1f} ms")
    print(f"  (d)   Forms 1, 2, 4, built              {d:8.1f} ms   d/a = {ratio_d:.2f}")
    print(f"  (f)   Forms 1, 2, 4, built + text       {f:8.1f} ms   f/a = {ratio_f:.2f}"
          "  (target: <= 1.2)")  # fmt: skip
    print(f"  (r)   Form 3: rate + text               {r:8.1f} ms   r/a = {ratio_r:.2f}")
    print(f"  (all) every form                        {every:8.1f} ms   all/a = {ratio:.2f}"
          "  (target, with the norms: <= 2.0)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
