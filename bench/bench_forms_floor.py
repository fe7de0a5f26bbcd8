"""A floor under issue 17's target: what the forms of a 3000×13 event cost at the least in Python.

Issue 17 asks that every form (1, 2, 3 and 4) and the norms of a 3000×13
event cost at most twice its load. Form 2 alone writes 5.0 MB of text (93,000
lines) and Form 3 2.8 MB, from a 0.66 MB file. This script times, against
``trfkit.load`` of the same file, the least any CPython code could do for the
largest of them, with every string it needs made before the clock starts:

* (r) ``trfkit.rate``: Form 3's figures, which no form can do without;
* (w2) Form 2's cards: one ``str.join`` of four ready-made pieces a round
  row (round, opponent's number, name and rating, colour and result,
  running total), 39,000 rows; and one ``%``-format a card for its head
  (name, FIDE ID, rating, title, birth date, federation, sex) and one for
  its foot (the rated opponents' figures, total, rank), with every value
  ready as text;
* (w3) Form 3's grid: three lines a player, each one ``str.join`` of the 13
  ready-made cells; no tail columns;
* (w1) Form 1's crosstable: one line a player, one join of 13 ready-made cells.

Each writes fewer bytes than its form and computes nothing, so the sum is a
floor: if it passes two loads, the target is out of reach for Python code
whatever the forms' code does (compiled code could go lower). Run:

    python bench/bench_forms_floor.py [--players 3000 --rounds 13 --repeat 11]

Not part of the test run.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_load import bench_loaded, paired  # noqa: E402

import trfkit  # noqa: E402
from trfkit.rating.engine import rate  # noqa: E402


def main() -> int:
    args, path, t = bench_loaded(__doc__ or "")
    rounds = t.number_of_rounds or 0
    lines = [p.cells() for p in t.players]
    # Every piece made once, before timing: rows by start rank.
    opponents = [list(c.opponents) + [None] * (rounds - len(c.opponents)) for c in lines]
    colours = [c.colours.ljust(rounds) for c in lines]
    results = [c.results.ljust(rounds) for c in lines]
    who: dict[int | None, str] = {None: " " * 46}
    for p in t.players:
        who[p.start_rank] = f"{p.start_rank:4d}  {p.name:<32} {p.rating or 0:5d}  "
    round_no = [f"{r + 1:2d}  " for r in range(rounds)]
    colour_result = {(c, x): f"{c:<5}  {x:>5}  " for c in "wb- " for x in set("".join(results))}
    total = [f"{k / 2:5.1f}\n" for k in range(2 * rounds + 1)]
    cells = [[f"{o or '':>5}" for o in row] for row in opponents]
    head = (
        "="
        * 72
        + "\nPairing Card (FIDE Form 2)\nName: %s\nFIDE ID: %-37s Rating: %-11s Title: %s\n"
        "Birthdate: %-35s Fed: %-14s Sex: %s\nEvent: %s\n\n"
        "Rd    No  Opponent Name                      Rating  Color  Score  Total\n"
    )
    foot = (
        "\nScore vs. rated opponents:         %s\nNumber of rated opponents:         %s\n"
        "Average rating of rated opponents: %s\nTotal:                             %s\n"
        "Rank:                              %s\n\nAuthentication by:\nChief Arbiter:  %s\n"
        "Deputy Arbiter: ______________________________\n"
    )
    heads = [
        (p.name, str(p.fide_id), str(p.rating), "GM", "1990-01-01", p.federation, "m", "Event")
        for p in t.players
    ]
    feet = [("5", "13", "2000.0", "5", str(p.rank), "Arbiter") for p in t.players]

    def form2_cards() -> int:
        out: list[str] = []
        add = out.append
        for o, c, x, h, f in zip(opponents, colours, results, heads, feet, strict=True):
            add(head % h)
            for r in range(rounds):
                add("".join((round_no[r], who[o[r]], colour_result[c[r], x[r]], total[r])))
            add(foot % f)
        return len("".join(out))

    def form3_grid() -> int:
        return len("\n".join(" ".join(row) for row in cells for _ in range(3)))

    def form1_rows() -> int:
        return len("\n".join(" ".join(row) for row in cells))

    def rating() -> object:
        return rate(t)

    load = lambda: trfkit.load(path)  # noqa: E731
    form2_cards(), form3_grid(), form1_rows(), rating()  # warm up
    a, r, ratio_r = paired(load, rating, args.repeat)
    _, w2, ratio_w2 = paired(load, form2_cards, args.repeat)
    _, w3, ratio_w3 = paired(load, form3_grid, args.repeat)
    _, w1, ratio_w1 = paired(load, form1_rows, args.repeat)
    floor = ratio_r + ratio_w2 + ratio_w3 + ratio_w1
    print(f"file: {path.name} ({args.players} players, {rounds} rounds), "
          f"median of {args.repeat} alternating pairs")  # fmt: skip
    print(f"  (a)  trfkit.load                         {a:8.1f} ms")
    print(f"  (r)  trfkit.rate, no text                {r:8.1f} ms   r/a  = {ratio_r:.2f}")
    print(f"  (w2) Form 2's cards, ready pieces        {w2:8.1f} ms   w2/a = {ratio_w2:.2f}")
    print(f"  (w3) Form 3's grid, ready cells          {w3:8.1f} ms   w3/a = {ratio_w3:.2f}")
    print(f"  (w1) Form 1's crosstable, ready cells    {w1:8.1f} ms   w1/a = {ratio_w1:.2f}")
    print(f"  floor: r + w2 + w3 + w1 = {floor:.2f} loads (issue 17's target for all: <= 2.0)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
