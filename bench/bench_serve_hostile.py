"""trfkit serve's endpoints against growing and hostile input (issue 29):
the time of each endpoint per input size, sizes doubling, which must grow
at most linearly; and the time to refuse a many-part multipart body.

    flock /tmp/trfkit-bench.lock python bench/bench_serve_hostile.py [--write]

The server runs in its own process (``trfkit serve --port 0``, a time
limit of 300 s and a 64 MB upload limit, so nothing is cut short), every
request to 127.0.0.1. Each time is the median of ``--repeat`` requests.
The "per player" column is the time per player line relative to the
smallest size's: 1.0 is linear, 2.0 at the largest size would be
quadratic's 8. With ``--write`` the table replaces the section "Hostile
input: server endpoints" of bench/RESULTS.md. Asserts nothing but that each
request is answered as it should be (200; 413 for the many-part bodies).
"""

from __future__ import annotations

import argparse
import http.client
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_serve import server  # noqa: E402
from generate import generate  # noqa: E402

HEADING = "### Hostile input: server endpoints (bench/bench_serve_hostile.py)"
ENDPOINTS = (
    "/api/check",
    "/api/rate?format=html",
    "/api/report?form=1&format=html",
    "/api/standings",
    "/api/norms",
    "/api/fmt?format=json",
)


def post(
    port: int, path: str, data: bytes, kind: str = "application/octet-stream"
) -> tuple[int, float]:
    started = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    try:
        conn.request("POST", path, body=data, headers={"X-Trfkit": "bench", "Content-Type": kind})
        response = conn.getresponse()
        response.read()
        return response.status, time.perf_counter() - started
    finally:
        conn.close()


def many_parts(size: int) -> bytes:
    part = b'--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n'
    return part * (size // len(part)) + b"--b--\r\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[250, 500, 1000, 2000, 4000])
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--write", action="store_true", help="update bench/RESULTS.md")
    args = parser.parse_args(argv)
    files = {n: generate(n, args.rounds, 2026).encode() for n in args.players}
    lines = [
        f"Each endpoint's time (median of {args.repeat}) per file of N players × "
        f"{args.rounds} rounds; per player: time per player line / the smallest file's "
        "(1.0: linear).",
        "",
        "| endpoint | "
        + " | ".join(f"{n} players" for n in args.players)
        + " | per player, largest |",
        "|---|" + "---:|" * (len(args.players) + 1),
    ]
    ok = True
    with server("stdlib", ["--time-limit", "300", "--max-upload", "64M"]) as (port, _):
        for path in ENDPOINTS:
            post(port, path, files[args.players[0]])  # warm: not timed
            times = []
            for n in args.players:
                taken = []
                for _ in range(args.repeat):
                    status, took = post(port, path, files[n])
                    ok &= status == 200
                    taken.append(took)
                times.append(statistics.median(taken))
            base = times[0] / args.players[0]
            per = times[-1] / args.players[-1] / base
            row = f"| `POST {path}` | " + " | ".join(f"{t * 1000:.0f} ms" for t in times)
            lines.append(row + f" | {per:.2f} |")
            print(lines[-1], flush=True)
        sizes = [2**20, 2**22, 2**24 - 2**16]
        times = []
        for size in sizes:
            taken = []
            for _ in range(args.repeat):
                status, took = post(port, "/api/check", many_parts(size),
                                    "multipart/form-data; boundary=b")  # fmt: skip
                ok &= status == 413
                taken.append(took)
            times.append(statistics.median(taken))
        lines += [
            "",
            "A multipart body of one-byte parts, refused 413 after its 17th part (the "
            "issue's 15.7 MB of 291,271 parts took 32 s):",
            "",
            "| body | " + " | ".join(f"{s / 2**20:.0f} MB" for s in sizes) + " |",
            "|---|" + "---:|" * len(sizes),
            "| `POST /api/check`, 413 | " + " | ".join(f"{t * 1000:.0f} ms" for t in times) + " |",
        ]
        print("\n".join(lines[-2:]), flush=True)
    lines += ["", f"all answered as they should be: {'PASS' if ok else 'FAIL'}"]
    if args.write:
        results = HERE / "RESULTS.md"
        text = results.read_text() if results.exists() else ""
        section = HEADING + "\n\n" + "\n".join(lines) + "\n"
        if HEADING in text:
            before, _, rest = text.partition(HEADING)
            after = rest[rest.find("\n## ") if "\n## " in rest else len(rest) :]
            nxt = rest.find("\n### ")
            if nxt >= 0 and (after == "" or nxt < rest.find("\n## ")):
                after = rest[nxt:]
            text = before + section + after
        else:
            text = text.rstrip("\n") + "\n\n" + section
        results.write_text(text)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
