"""dump(load(x)) == x, byte for byte, for our fixtures and every real file we have."""

from __future__ import annotations

from pathlib import Path

import pytest

import trfkit
from tests.conftest import ROOT, corpus_params, fixture_files
from trfkit.model import Blank, Comment, UnknownLine


def _roundtrip(path: Path, tmp_path: Path) -> None:
    data = path.read_bytes()
    t = trfkit.load(path)
    assert trfkit.dumpb(t) == data
    out = tmp_path / "out.trf"
    trfkit.dump(t, out)
    assert out.read_bytes() == data


def _every_line_accounted_for(path: Path) -> None:
    """Each line of the file is a record with that line's exact text (nothing dropped)."""
    t = trfkit.load(path)
    origins = sorted((r.origin.line, r.origin.text) for r in t.all_records() if r.origin)
    text = trfkit.decode.decode(path.read_bytes()).text
    import re

    lines = re.split(r"\r\n|\r|\n", text)
    if lines and lines[-1] == "":
        lines.pop()
    assert [o[0] for o in origins] == list(range(1, len(lines) + 1))
    assert [o[1] for o in origins] == lines


@pytest.mark.parametrize("path", fixture_files(), ids=lambda p: p.name)
def test_fixture_roundtrips_byte_for_byte(path: Path, tmp_path: Path) -> None:
    _roundtrip(path, tmp_path)
    _every_line_accounted_for(path)


@pytest.mark.parametrize("path", corpus_params())
def test_corpus_file_roundtrips_byte_for_byte(path: Path, tmp_path: Path) -> None:
    _roundtrip(path, tmp_path)
    _every_line_accounted_for(path)


def test_edited_record_is_rewritten_and_the_rest_kept(tmp_path: Path) -> None:
    path = ROOT / "fixtures" / "crlf-no-final-newline.trf"
    data = path.read_bytes()
    t = trfkit.load(path)
    t.players[0].rating = 2222
    out = trfkit.dumpb(t)
    old_lines, new_lines = data.split(b"\r\n"), out.split(b"\r\n")
    assert len(old_lines) == len(new_lines)
    changed = [i for i, (a, b) in enumerate(zip(old_lines, new_lines, strict=True)) if a != b]
    assert len(changed) == 1
    line = new_lines[changed[0]].decode()
    assert line[48:52] == "2222"
    assert not out.endswith(b"\r\n")  # still no final newline
    assert trfkit.loads(out).players[0].rating == 2222


def test_added_player_follows_the_last_player() -> None:
    t = trfkit.loads(b"012 Cup\n001    1      Alpha, Ann\n### end\n")
    t.players.append(trfkit.Player(2, "Beta, Bob"))
    text = trfkit.dumps(t)
    assert text.splitlines()[2].startswith("001    2      Beta, Bob")
    assert text.splitlines()[3] == "### end"


def test_deleted_record_is_gone() -> None:
    t = trfkit.loads("012 Cup\n022 Town\n001    1      Alpha, Ann\n")
    del t.headers[1]
    assert trfkit.dumps(t) == "012 Cup\n001    1      Alpha, Ann\n"


def test_unknown_comment_and_blank_lines_are_kept_in_order() -> None:
    text = "### ruler\n\n012 Cup\r\nQQQ odd line\r  \t\n001    1      Alpha, Ann"
    t = trfkit.loads(text)
    kinds = [type(r) for r in t.records]
    assert kinds == [Comment, Blank, UnknownLine, Blank]
    assert trfkit.dumps(t) == text


def test_utf8_bom_before_text_that_is_not_utf8() -> None:
    # A UTF-8 BOM (EF BB BF) says the file meant to be UTF-8; an editor that
    # kept it while a program wrote cp1252 names after it (é is E9 in cp1252,
    # not UTF-8) leaves bytes that are not UTF-8. The BOM is still no text:
    # line 1 is the 012 record, and the file writes back byte for byte.
    body = "012 Café Open\n022 Bled\n001    1 m    Novák, Jan\n".encode("cp1252")
    data = b"\xef\xbb\xbf" + body
    t = trfkit.loads(data)
    assert t.name == "Café Open" and t.players[0].name == "Novák, Jan"
    assert (t.source.encoding, t.source.bom) == ("cp1252", True)  # type: ignore[union-attr]
    (p005,) = [d for d in t.diagnostics if d.code == "P005"]
    assert "offset 10" in p005.message  # the é: 3 BOM bytes + "012 Caf"
    assert [d.code for d in t.diagnostics if d.code in ("P001", "P007")] == ["P007"]  # 032, 102
    assert trfkit.dumpb(t) == data


@pytest.mark.parametrize("encoding", ["cp1252", "latin-1", "iso-8859-15"])
def test_utf8_bom_before_text_that_is_not_utf8_with_the_encoding_given(encoding: str) -> None:
    # The same file read with --encoding cp1252, the codec the reader itself
    # names for it (P005): the BOM is no text either way. It was read as
    # 'ï»¿' before 012, so line 1 was an unknown record (P001) and the
    # tournament had no name (P007).
    body = "012 Café Open\n022 Bled\n001    1 m    Novák, Jan\n".encode("cp1252")
    data = b"\xef\xbb\xbf" + body
    t = trfkit.loads(data, encoding=encoding)
    assert t.name == "Café Open"
    assert not [d for d in t.diagnostics if d.code == "P001"]
    assert (t.source.encoding, t.source.bom) == (encoding, True)  # type: ignore[union-attr]
    assert trfkit.dumpb(t) == data


def test_a_utf16_file_given_as_utf16_keeps_its_first_characters() -> None:
    # Only a codec that writes record codes as ASCII drops a UTF-8 BOM's
    # bytes; in UTF-16 they would be text.
    data = "012 Open\n".encode("utf-16-le")
    t = trfkit.loads(data, encoding="utf-16-le")
    assert t.name == "Open"
