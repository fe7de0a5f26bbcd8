"""Hypothesis strategies for the robustness properties (issue 6): valid TRF
files, and the same files with their bytes mutated.

The valid files are the repository's fixtures and files written by the
benchmark generator (``bench/generate.py``: realistic, self-consistent Swiss
events, TRF16 or TRF-2026), encoded as real files are (UTF-8 with or without
a BOM, cp1252, now and then UTF-16 with its BOM). A mutated file is a valid
one to which 1-5 of the mutations below were applied in turn. Each mutation
is a small function ``(draw, data) -> data`` that works on bytes and gives
back its input unchanged when it has nothing to work on (an empty file, a
file without a number).

:func:`many_rounds` is kept apart: it appends tens of thousands of round
cells to a player line and is slow, so it has its own test with few examples.
"""

from __future__ import annotations

import codecs
import importlib.util
import re
import sys
from collections.abc import Callable
from functools import lru_cache

from hypothesis import strategies as st

from tests.conftest import ROOT

FIXTURES = ROOT / "fixtures"


def _generator_module() -> object:
    # bench/generate.py is a script, not a package module: import it by path
    # (as tests/test_rating_paths.py does), once.
    if "bench_generate" in sys.modules:
        return sys.modules["bench_generate"]
    spec = importlib.util.spec_from_file_location("bench_generate", ROOT / "bench" / "generate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_generate"] = module
    spec.loader.exec_module(module)
    return module


_GENERATE: Callable[..., str] = _generator_module().generate  # type: ignore[attr-defined]

FIXTURE_BYTES: tuple[bytes, ...] = tuple(
    p.read_bytes() for p in sorted(FIXTURES.iterdir()) if p.suffix == ".trf"
)

Mutation = Callable[[st.DrawFn, bytes], bytes]

# -- valid files ----------------------------------------------------------------


@lru_cache(maxsize=4096)
def generated_text(players: int, rounds: int, seed: int, dialect: str) -> str:
    """The generator's file (LF line endings, a final LF).

    The generator pairs without rematches and gives up when it cannot (more
    rounds than a few players allow): then it is asked for fewer rounds.
    """
    for r in range(min(rounds, players - 1 + players % 2), 0, -1):
        try:
            return _GENERATE(players, r, seed, dialect=dialect)
        except ValueError:
            continue
    return _GENERATE(players, 1, seed, dialect=dialect)


def _encode(text: str, encoding: str) -> bytes:
    if encoding == "utf-8-bom":
        return codecs.BOM_UTF8 + text.encode("utf-8")
    if encoding == "utf-16-le-bom":
        return codecs.BOM_UTF16_LE + text.encode("utf-16-le")
    if encoding == "utf-16-be-bom":
        return codecs.BOM_UTF16_BE + text.encode("utf-16-be")
    if encoding == "cp1252":
        # Letters outside cp1252 become "?": one character for one, so every
        # field stays on its columns.
        return text.encode("cp1252", errors="replace")
    return text.encode("utf-8")


# UTF-8 most often; the others as real files come (a BOM, a Windows code
# page), UTF-16 rarely: nearly every byte mutation makes it invalid.
ENCODINGS = st.sampled_from(
    ["utf-8"] * 6 + ["utf-8-bom", "cp1252", "cp1252", "utf-16-le-bom", "utf-16-be-bom"]
)
PLAYERS = st.integers(2, 40)
ROUNDS = st.integers(1, 9)
SEEDS = st.integers(0, 2**32 - 1)
DIALECTS = st.sampled_from(["trf16", "trf26"])


@st.composite
def generated_files(
    draw: st.DrawFn,
    players: st.SearchStrategy[int] = PLAYERS,
    rounds: st.SearchStrategy[int] = ROUNDS,
) -> bytes:
    """A file of the benchmark generator, encoded."""
    text = generated_text(draw(players), draw(rounds), draw(SEEDS), draw(DIALECTS))
    return _encode(text, draw(ENCODINGS))


FIXTURE_FILES = st.sampled_from(FIXTURE_BYTES)


def valid_files() -> st.SearchStrategy[bytes]:
    """A generated file (three times in four) or a fixture."""
    return st.one_of(generated_files(), generated_files(), generated_files(), FIXTURE_FILES)


# -- helpers --------------------------------------------------------------------


def _position(draw: st.DrawFn, data: bytes) -> int:
    """A byte offset in ``data``, the end included."""
    return draw(st.integers(0, len(data)))


def _lines(data: bytes) -> list[bytes]:
    """The lines of ``data`` with their own endings (CR, LF or CRLF)."""
    return data.splitlines(keepends=True)


def _split_end(line: bytes) -> tuple[bytes, bytes]:
    body = line.rstrip(b"\r\n")
    return body, line[len(body) :]


def _line_index(draw: st.DrawFn, lines: list[bytes]) -> int:
    return draw(st.integers(0, len(lines) - 1))


# -- the mutations --------------------------------------------------------------


def flip_byte(draw: st.DrawFn, data: bytes) -> bytes:
    """One byte XOR a non-zero mask."""
    if not data:
        return data
    i = draw(st.integers(0, len(data) - 1))
    mask = draw(st.integers(1, 255))
    return data[:i] + bytes([data[i] ^ mask]) + data[i + 1 :]


def insert_bytes(draw: st.DrawFn, data: bytes) -> bytes:
    """1-16 arbitrary bytes anywhere."""
    i = _position(draw, data)
    return data[:i] + draw(st.binary(min_size=1, max_size=16)) + data[i:]


def delete_bytes(draw: st.DrawFn, data: bytes) -> bytes:
    """A range of 1-80 bytes (line endings included) removed."""
    if not data:
        return data
    i = draw(st.integers(0, len(data) - 1))
    n = draw(st.integers(1, 80))
    return data[:i] + data[i + n :]


def truncate_line(draw: st.DrawFn, data: bytes) -> bytes:
    """A line cut short (its ending kept), or the file cut inside a line."""
    lines = _lines(data)
    if not lines:
        return data
    k = _line_index(draw, lines)
    body, end = _split_end(lines[k])
    cut = draw(st.integers(0, len(body)))
    if draw(st.integers(0, 3)) == 0:
        return b"".join(lines[:k]) + body[:cut]  # the file ends there
    lines[k] = body[:cut] + end
    return b"".join(lines)


def duplicate_line(draw: st.DrawFn, data: bytes) -> bytes:
    """A line repeated, right after itself or anywhere else."""
    lines = _lines(data)
    if not lines:
        return data
    k = _line_index(draw, lines)
    line = lines[k]
    if not line.endswith((b"\n", b"\r")):
        line += b"\n"
    where = k + 1 if draw(st.booleans()) else draw(st.integers(0, len(lines)))
    lines.insert(where, line)
    return b"".join(lines)


def shift_columns(draw: st.DrawFn, data: bytes) -> bytes:
    """Blanks inserted at a column of a line, or characters deleted there:
    every field from that column on moves left or right."""
    lines = _lines(data)
    if not lines:
        return data
    k = _line_index(draw, lines)
    body, end = _split_end(lines[k])
    col = draw(st.integers(0, len(body)))
    n = draw(st.integers(1, 12))
    if draw(st.booleans()):
        blank = draw(st.sampled_from([b" ", b" ", b"\t"]))
        body = body[:col] + blank * n + body[col:]
    else:
        body = body[:col] + body[col + n :]
    lines[k] = body + end
    return b"".join(lines)


def swap_record_codes(draw: st.DrawFn, data: bytes) -> bytes:
    """The first three bytes (the record code) of two lines exchanged, or one
    line given another known code."""
    lines = _lines(data)
    if not lines:
        return data
    i = _line_index(draw, lines)
    if draw(st.integers(0, 3)) == 0:
        body, end = _split_end(lines[i])
        lines[i] = draw(st.sampled_from(RECORD_CODES)) + body[3:] + end
        return b"".join(lines)
    j = _line_index(draw, lines)
    (a, a_end), (b, b_end) = _split_end(lines[i]), _split_end(lines[j])
    lines[i], lines[j] = b[:3] + a[3:] + a_end, a[:3] + b[3:] + b_end
    return b"".join(lines)


_CODES = """
    001 012 013 022 032 042 052 062 072 082 092 102 112 122 132 142 152 162 172 182
    192 202 212 222 240 250 260 299 300 310 320 330 352 362 801 802 ### XXR XXC XXZ
    XXS XXA XXP BBW BBD BBL BBZ BBF BBU DAT FRA IND ABC 000 999
"""
RECORD_CODES = [c.encode() for c in _CODES.split()]

_NUMBER = re.compile(rb"\d+")


def _pick(draw: st.DrawFn, data: bytes, pattern: re.Pattern[bytes]) -> re.Match[bytes] | None:
    """A match of ``pattern`` in a line drawn among the lines that have one:
    the few header lines are drawn as often as the many player lines."""
    lines = [m for m in _LINE.finditer(data) if pattern.search(m.group())]
    if not lines:
        return None
    line = lines[draw(st.integers(0, len(lines) - 1))]
    found = list(pattern.finditer(data, line.start(), line.end()))
    return found[draw(st.integers(0, len(found) - 1))]


_LINE = re.compile(rb"[^\r\n]*(?:\r\n|\r|\n|$)")


def _replace_number(draw: st.DrawFn, data: bytes, make: Callable[[int], bytes]) -> bytes:
    """A run of digits replaced by ``make(width)``; right-aligned in the old
    width when it fits and half the time, as is, shifting the line, otherwise."""
    m = _pick(draw, data, _NUMBER)
    if m is None:
        return data
    new = make(len(m.group()))
    if len(new) < len(m.group()) and draw(st.booleans()):
        new = new.rjust(len(m.group()))
    return data[: m.start()] + new + data[m.end() :]


def huge_number(draw: st.DrawFn, data: bytes) -> bytes:
    """A number replaced by one of 5-40 digits (all nines, or random)."""
    digits = draw(st.integers(5, 40))
    if draw(st.booleans()):
        new = b"9" * digits
    else:
        new = str(draw(st.integers(10 ** (digits - 1), 10**digits - 1))).encode()
    return _replace_number(draw, data, lambda width: new)


def negative_or_zero(draw: st.DrawFn, data: bytes) -> bytes:
    """A number replaced by zero, zeros, a negative number or a lone sign."""
    kind = draw(st.sampled_from(["0", "zeros", "-0", "-1", "negative", "-", "+1", "0.0", "-0.5"]))
    magnitude = draw(st.integers(1, 9999))

    def make(width: int) -> bytes:
        if kind == "zeros":
            return b"0" * width
        if kind == "negative":
            return f"-{magnitude}".encode()
        return kind.encode()

    return _replace_number(draw, data, make)


# Digits that are not ASCII: str.isdigit() says yes to all of them, int()
# takes the decimal ones (Arabic-Indic, fullwidth, mathematical) and refuses
# the others (superscripts, circled).
ODD_DIGITS = ["²", "³", "¹", "⁰", "①", "٣", "۴", "१", "１", "𝟗", "߀"]
ODD_CHARACTERS = (
    [chr(c) for c in range(0x20) if c not in (0x0A, 0x0D)]
    + ["\x7f", "\x85", "\xa0", "\xad", "é", "ß", "€", "Ł", "ı", "ﬁ", "\u0301", "\u200b"]
    + ["\u200e", "\u202e", "\u2028", "\u2029", "\u3000", "\ufeff", "\ufffd", "中", "𝄞", "😀"]
    + ODD_DIGITS
)
_DIGIT = re.compile(rb"[0-9]")


def odd_characters(draw: st.DrawFn, data: bytes) -> bytes:
    """Non-ASCII letters and digits, control characters, line and paragraph
    separators, BOMs inside the text, as UTF-8 or as single cp1252/latin-1
    bytes, inserted or overwriting bytes, anywhere or at a digit."""
    text = draw(st.text(alphabet=st.sampled_from(ODD_CHARACTERS), min_size=1, max_size=4))
    if draw(st.integers(0, 3)) == 0:
        new = text.encode("latin-1", errors="replace")
    else:
        new = text.encode("utf-8")
    digit = _pick(draw, data, _DIGIT) if draw(st.booleans()) else None
    i = digit.start() if digit is not None else _position(draw, data)
    if draw(st.booleans()):
        return data[:i] + new + data[i + len(new) :]  # overwrite
    return data[:i] + new + data[i:]


INVALID_UTF8 = [
    b"\xff\xfe",  # the UTF-16-LE BOM
    b"\xfe\xff",  # the UTF-16-BE BOM
    b"\xff\xfe\x00\x00",  # the UTF-32-LE BOM
    b"\x00\x00\xfe\xff",  # the UTF-32-BE BOM
    b"\x80",  # a lone continuation byte
    b"\xbf",
    b"\x80\x80\x80",
    b"\xc3",  # a lead byte without its continuation
    b"\xe2\x82",
    b"\xf0\x9f\x98",
    b"\xc0\xaf",  # overlong "/"
    b"\xe0\x80\xaf",
    b"\xed\xa0\x80",  # a surrogate
    b"\xf4\x90\x80\x80",  # above U+10FFFF
    b"\xf8\x88\x80\x80\x80",  # five bytes
    b"\xfe",
    b"\xff",
    b"\x81",  # undefined in cp1252 as well
    b"\x8d\x8f\x90\x9d",
]


def invalid_utf8(draw: st.DrawFn, data: bytes) -> bytes:
    """Bytes that are not UTF-8: BOMs of UTF-16/32, lone continuation and
    lead bytes, overlong forms, surrogates; at the start of the file one
    time in four."""
    bad = draw(st.sampled_from(INVALID_UTF8))
    i = 0 if draw(st.integers(0, 3)) == 0 else _position(draw, data)
    return data[:i] + bad + data[i:]


def nul_bytes(draw: st.DrawFn, data: bytes) -> bytes:
    """NUL bytes inserted, or overwriting a byte range."""
    n = draw(st.integers(1, 8))
    i = _position(draw, data)
    if draw(st.booleans()):
        return data[:i] + b"\x00" * n + data[i + n :]
    return data[:i] + b"\x00" * n + data[i:]


_EOL = re.compile(rb"\r\n|\r|\n")


def line_endings(draw: st.DrawFn, data: bytes) -> bytes:
    """Every line ending made CR, CRLF or LF; or each line's ending drawn
    (mixed); or the last line's ending dropped or doubled; or CR CR LF."""
    kind = draw(st.sampled_from(["cr", "crlf", "lf", "mixed", "mixed", "final", "crcrlf"]))
    if kind in ("cr", "crlf", "lf"):
        return _EOL.sub({"cr": b"\r", "crlf": b"\r\n", "lf": b"\n"}[kind], data)
    if kind == "final":
        body, end = _split_end(data)
        return body if end else data + draw(st.sampled_from([b"\n", b"\r\n", b"\r", b"\n\n"]))
    if kind == "crcrlf":
        return _EOL.sub(b"\r\r\n", data, count=draw(st.integers(1, 3)))
    ends = st.sampled_from([b"\n", b"\r\n", b"\r"])
    return _EOL.sub(lambda m: draw(ends), data)


LONG_LINE_FILLERS = [b" ", b"9", b"x", b"\t", b"1 w 1     ", "é".encode(), b"\xe9", b"\x00"]


def long_line(draw: st.DrawFn, data: bytes) -> bytes:
    """A line of 10,000 characters: a record code and filler, inserted as a
    line of its own, or an existing line lengthened to that size."""
    filler = draw(st.sampled_from(LONG_LINE_FILLERS))
    size = draw(st.sampled_from([10_000, 10_000, 9_999, 10_001, 20_000]))
    lines = _lines(data)
    if len(lines) > 0 and draw(st.booleans()):
        k = _line_index(draw, lines)
        body, end = _split_end(lines[k])
        pad = filler * (max(0, size - len(body)) // len(filler) + 1)
        lines[k] = (body + pad)[: max(size, len(body))] + end
        return b"".join(lines)
    code = draw(st.sampled_from(RECORD_CODES))
    line = (code + b" " + filler * (size // len(filler) + 1))[:size] + b"\n"
    k = draw(st.integers(0, len(lines)))
    lines.insert(k, line)
    return b"".join(lines)


MUTATIONS: tuple[Mutation, ...] = (
    flip_byte,
    insert_bytes,
    delete_bytes,
    truncate_line,
    duplicate_line,
    shift_columns,
    swap_record_codes,
    huge_number,
    negative_or_zero,
    odd_characters,
    invalid_utf8,
    nul_bytes,
    line_endings,
    long_line,
)

# long_line makes the file about four times its size and every later step
# slower: it is drawn about as often as one other mutation in five.
_WEIGHTED = tuple(m for m in MUTATIONS if m is not long_line) * 5 + (long_line,)
_CHOICE = st.sampled_from(_WEIGHTED)


@st.composite
def mutated(draw: st.DrawFn, base: st.SearchStrategy[bytes] | None = None) -> bytes:
    """A valid file with 1-5 mutations applied in turn."""
    data = draw(base if base is not None else valid_files())
    for _ in range(draw(st.integers(1, 5))):
        data = draw(_CHOICE)(draw, data)
    return data


# -- tens of thousands of rounds -----------------------------------------------

_CELLS = [b"  %4d w 1", b"  %4d b 0", b"  %4d w =", b"  0000 - H", b"  %4d b +", b"          "]


def many_rounds(draw: st.DrawFn, data: bytes) -> bytes:
    """10,000-30,000 round cells appended to one player line (or, in a file
    of at most four players, to every player line), each cell an opponent
    among the file's start ranks."""
    lines = _lines(data)
    players = [k for k, line in enumerate(lines) if line.startswith(b"001")]
    if not players:
        return data
    rounds = draw(st.integers(10_000, 30_000))
    cell = draw(st.sampled_from(_CELLS))
    opponent = draw(st.integers(0, len(players)))
    one = cell % opponent if b"%" in cell else cell
    # Every line of a larger file makes hundreds of thousands of games, and
    # rendering their report takes a minute.
    every = len(players) <= 4 and draw(st.booleans())
    for k in players if every else [players[draw(st.integers(0, len(players) - 1))]]:
        body, end = _split_end(lines[k])
        lines[k] = body + one * rounds + end
    return b"".join(lines)


@st.composite
def many_rounds_files(draw: st.DrawFn) -> bytes:
    """A small generated file (2-6 players) or a fixture with tens of
    thousands of rounds, and now and then one more mutation."""
    base = draw(st.one_of(generated_files(st.integers(2, 6), st.integers(1, 5)), FIXTURE_FILES))
    data = many_rounds(draw, base)
    if draw(st.booleans()):
        data = draw(_CHOICE)(draw, data)
    return data
