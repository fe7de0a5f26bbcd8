"""trfkit.read: a TRF file from a binary or text stream, bounded by max_size (issue 7)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import AnyStr, Generic

import pytest

import trfkit
from tests.conftest import FIXTURES, fixture_files
from trfkit.model import SourceInfo

BASE = (FIXTURES / "swiss-trf16.trf").read_bytes()


def source(t: trfkit.Tournament) -> SourceInfo:
    assert t.source is not None
    return t.source


class Counting(Generic[AnyStr]):
    """A binary or text stream that records what is asked of it and given.

    ``chunk`` caps each read, as a pipe or a socket gives less than asked.
    ``endless`` repeats the data for ever (an upload that never ends).
    """

    def __init__(self, data: AnyStr, *, chunk: int | None = None, endless: bool = False) -> None:
        self.data: AnyStr = data
        self.chunk = chunk
        self.endless = endless
        self.pos = 0
        self.given = 0
        self.asked: list[int] = []

    def read(self, size: int = -1, /) -> AnyStr:
        self.asked.append(size)
        assert size > 0, "read() must ask for a bounded, positive amount"
        if self.chunk is not None:
            size = min(size, self.chunk)
        if self.endless:
            out = (self.data * (size // len(self.data) + 2))[:size]
        else:
            out = self.data[self.pos : self.pos + size]
            self.pos += len(out)
        self.given += len(out)
        return out


def test_a_binary_stream_reads_as_its_bytes() -> None:
    t = trfkit.read(io.BytesIO(BASE))
    expected = trfkit.loads(BASE)
    assert t.name == expected.name and len(t.players) == len(expected.players) == 15
    assert t.diagnostics == expected.diagnostics
    assert source(t).path is None  # a BytesIO has no name


def test_a_text_stream_reads_as_its_text() -> None:
    text = BASE.decode("ascii")
    t = trfkit.read(io.StringIO(text))
    assert [p.name for p in t.players] == [p.name for p in trfkit.loads(text).players]
    assert trfkit.dumps(t) == text


def test_short_reads_are_not_the_end() -> None:
    stream = Counting(BASE, chunk=7)
    t = trfkit.read(stream)
    assert stream.given == len(BASE) and trfkit.dumpb(t) == BASE
    text_stream = Counting(BASE.decode("ascii"), chunk=100)
    assert len(trfkit.read(text_stream).players) == 15


def test_the_name_is_taken_from_the_stream(tmp_path: Path) -> None:
    with (FIXTURES / "bad-rating-letter.trf").open("rb") as f:
        t = trfkit.read(f)
    assert source(t).path == str(FIXTURES / "bad-rating-letter.trf")
    with (
        (FIXTURES / "bad-rating-letter.trf").open("rb") as f,
        pytest.raises(trfkit.TrfSyntaxError) as info,
    ):
        trfkit.read(f, strict=True)
    assert info.value.path == str(FIXTURES / "bad-rating-letter.trf")
    with (FIXTURES / "bad-rating-letter.trf").open("rb") as f:
        assert source(trfkit.read(f, path="upload.trf")).path == "upload.trf"  # path wins
    # A name that is not a string (a file opened by descriptor) is ignored.
    fd_file = tmp_path / "fd.trf"
    fd_file.write_bytes(BASE)
    with open(fd_file, "rb") as f, open(f.fileno(), "rb", closefd=False) as by_fd:
        assert isinstance(by_fd.name, int)
        assert source(trfkit.read(by_fd)).path is None


def test_a_stream_over_the_limit_is_refused_unread() -> None:
    limit = 1000
    stream = Counting(BASE, endless=True)
    t = trfkit.read(stream, max_size=limit, path="upload.trf")
    assert not t.players and [d.code for d in t.diagnostics] == ["P010"]
    assert stream.given == limit + 1 and sum(stream.asked) == limit + 1
    d = t.diagnostics[0]
    assert d.found == f"more than {limit} bytes" and d.expected == f"at most {limit} bytes"
    assert "over the limit of 1,000" in d.message
    assert source(t).path == "upload.trf"
    with pytest.raises(trfkit.TrfSyntaxError) as info:
        trfkit.read(Counting(BASE, endless=True), max_size=limit, strict=True, path="up.trf")
    assert [d.code for d in info.value.diagnostics] == ["P010"] and info.value.path == "up.trf"


def test_a_text_stream_is_limited_in_characters() -> None:
    text = "012 Café Société\n" * 10  # 170 characters, 210 bytes in UTF-8
    assert trfkit.read(io.StringIO(text), max_size=170).name == "Café Société"
    stream = Counting(text, endless=True)
    t = trfkit.read(stream, max_size=169)
    assert [d.found for d in t.diagnostics] == ["more than 169 characters"]
    assert stream.given == 170


def test_at_the_limit_a_stream_is_read() -> None:
    stream = Counting(BASE)
    assert trfkit.dumpb(trfkit.read(stream, max_size=len(BASE))) == BASE
    assert stream.given == len(BASE)


def test_without_a_limit_a_stream_is_read_to_its_end() -> None:
    big = BASE * 200  # several chunks of the reader's 1 MiB
    stream = Counting(big, chunk=300_000)
    t = trfkit.read(stream, max_size=None)
    assert stream.given == len(big) and not [d for d in t.diagnostics if d.code == "P010"]


def test_the_encoding_applies_to_a_binary_stream() -> None:
    data = (FIXTURES / "latin1.trf").read_bytes()
    t = trfkit.read(io.BytesIO(data), encoding="latin-1")
    assert source(t).encoding == "latin-1" and "P005" not in [d.code for d in t.diagnostics]
    assert trfkit.dumpb(t) == data


def test_bad_streams_and_limits_raise() -> None:
    class Nothing:
        def read(self, size: int, /) -> None:  # a non-blocking stream with no data
            return None

    with pytest.raises(TypeError, match="NoneType"):
        trfkit.read(Nothing())  # type: ignore[arg-type]

    class Mixed:
        def __init__(self) -> None:
            self.parts: list[bytes | str] = [b"012 a\n", "012 b\n"]

        def read(self, size: int, /) -> bytes | str:
            return self.parts.pop(0) if self.parts else b""

    with pytest.raises(TypeError, match="both"):
        trfkit.read(Mixed())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_size"):
        trfkit.read(io.BytesIO(BASE), max_size=-1)


def test_an_empty_stream_is_an_empty_file() -> None:
    assert trfkit.read(io.BytesIO(b"")).diagnostics == trfkit.loads(b"").diagnostics
    assert trfkit.read(io.BytesIO(b""), max_size=0).diagnostics == trfkit.loads(b"").diagnostics
    t = trfkit.read(io.BytesIO(b"x"), max_size=0)
    assert [d.code for d in t.diagnostics] == ["P010"]


@pytest.mark.parametrize("path", fixture_files(), ids=lambda p: p.name)
def test_round_trip_through_a_stream(path: Path) -> None:
    data = path.read_bytes()
    assert trfkit.dumpb(trfkit.read(io.BytesIO(data))) == data
    with path.open("rb") as f:
        t = trfkit.read(f)
    assert trfkit.dumpb(t) == data and source(t).path == str(path)
