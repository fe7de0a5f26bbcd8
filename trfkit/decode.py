"""Bytes to text, and back, without losing a byte.

The TRF texts name no encoding (TRF16, TRF26). Real files are ASCII, UTF-8
(sometimes with a BOM) or ISO-8859-1/cp1252 (docs/sources/trf-formats.md §6).
trfkit decodes UTF-8 first (a BOM is noted and stripped), then cp1252, then
latin-1, which decodes any byte (a UTF-8 BOM before bytes that are not UTF-8
is noted and stripped all the same); every fallback is reported (P005). Each
codec used here maps bytes to text one to one, so encoding the text with the
same codec gives back the same bytes.
"""

from __future__ import annotations

import codecs
import re

import attrs

__all__ = ["Decoded", "NotTrf", "decode", "encode", "sniff"]

_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


@attrs.frozen
class Decoded:
    text: str
    encoding: str
    bom: bool
    fallback_reason: str | None = None
    """Why the file was not read as UTF-8 (the first bad byte), if it was not."""


def decode(data: bytes, encoding: str | None = None) -> Decoded:
    """Decode ``data``; ``encoding`` forces a codec (errors then fall back to latin-1)."""
    if encoding is not None:
        bom = False
        if data.startswith(codecs.BOM_UTF8):
            if encoding.replace("_", "-").lower() in ("utf-8", "utf8", "utf-8-sig"):
                data, bom, encoding = data[3:], True, "utf-8"
            elif _ascii_compatible(encoding):
                # As without --encoding: a UTF-8 BOM before cp1252 or latin-1
                # text is kept for writing, not read as 'ï»¿' before line 1's
                # code (which lost the 012 record).
                data, bom = data[3:], True
        try:
            return Decoded(data.decode(encoding), encoding, bom)
        except UnicodeError as exc:
            # UnicodeDecodeError, or the plain UnicodeError of a codec of
            # names (punycode, idna) given a file: latin-1 reads any byte.
            why = _describe(exc) if isinstance(exc, UnicodeDecodeError) else str(exc)
            return Decoded(data.decode("latin-1"), "latin-1", bom, f"not valid {encoding}: {why}")
    for bom_bytes, codec in _BOMS:
        if data.startswith(bom_bytes):
            try:
                return Decoded(data[len(bom_bytes) :].decode(codec), codec, True)
            except UnicodeDecodeError:
                break
    # A UTF-8 BOM before bytes that are not UTF-8 (an editor kept it, a
    # program wrote cp1252 after it) is still no text: kept for writing, and
    # the rest decoded as any file that is not UTF-8.
    bom = data.startswith(codecs.BOM_UTF8)
    skip = len(codecs.BOM_UTF8) if bom else 0
    try:
        return Decoded(data.decode("utf-8"), "utf-8", False)
    except UnicodeDecodeError as exc:
        reason = _describe(exc)
    try:
        return Decoded(data[skip:].decode("cp1252"), "cp1252", bom, reason)
    except UnicodeDecodeError:
        return Decoded(data[skip:].decode("latin-1"), "latin-1", bom, reason)


def _ascii_compatible(encoding: str) -> bool:
    """Whether ``encoding`` writes a record code (``012``) as ASCII does: a
    single-byte codec such as cp1252 or latin-1, where a UTF-8 BOM's three
    bytes can be no text of a TRF file; not UTF-16 or UTF-32."""
    try:
        return "012 ".encode(encoding) == b"012 "
    except (LookupError, UnicodeError):
        return False


def _describe(exc: UnicodeDecodeError) -> str:
    bad = exc.object[exc.start : exc.start + 1]
    return f"byte 0x{bad.hex().upper()} at offset {exc.start}"


def encode(text: str, encoding: str, bom: bool) -> bytes:
    """The inverse of :func:`decode` for the codec and BOM it reported."""
    data = text.encode(encoding)
    if bom:
        for bom_bytes, codec in _BOMS:
            if codec == encoding:
                return bom_bytes + data
        return codecs.BOM_UTF8 + data  # before cp1252 or latin-1 text (see decode)
    return data


@attrs.frozen
class NotTrf:
    """Why some bytes are no TRF file (:func:`sniff`), and where it shows."""

    reason: str
    """E.g. ``"a PDF document, not text"``; follows ``"not a TRF file: "``."""
    line: int = 1
    column: int = 1


# The first bytes of what is given as a TRF file by mistake: an office
# document (ZIP: .docx, .xlsx, .odt; OLE2: .doc, .xls), a PDF, an image, an
# archive. Every one starts with a byte or letters no TRF record starts with
# (a record starts with its 3-character code: digits, XX?, BB?, ###).
_MAGIC = (
    (b"PK\x03\x04", "a ZIP archive (as .docx, .xlsx and .odt documents are)"),
    (b"PK\x05\x06", "an empty ZIP archive"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "a Microsoft Office 97-2003 document (.doc, .xls)"),
    (b"%PDF-", "a PDF document"),
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"\x1f\x8b", "a gzip-compressed file"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (b"Rar!\x1a\x07", "a RAR archive"),
)

# Control characters no text file holds: C0 but tab, LF, VT, FF, CR and
# SUB (0x1A, the end of a DOS text file), and DEL. NUL is looked for on its
# own, in the whole file.
_CONTROLS = bytes([*range(1, 9), *range(14, 26), *range(27, 32), 127])
_DELETE_CONTROLS = dict.fromkeys(_CONTROLS)
_SAMPLE = 8192
"""How much of the start of a file the share of control characters is
counted in."""
_WIDE = ("utf-16", "utf-32")


def sniff(data: bytes | str, encoding: str | None = None) -> NotTrf | None:
    """Why ``data`` is no TRF file at all, or ``None`` when it is text.

    Refused: nothing but white space; the signature of a ZIP archive
    (.docx, .xlsx, .odt), an Office 97-2003 document, a PDF, a PNG, JPEG or
    GIF image, a gzip, 7-Zip or RAR archive; a NUL byte anywhere (binary
    data; UTF-16 and UTF-32 text, which has them, is looked at decoded: it
    needs its byte-order mark or ``encoding``); more than one character in
    20 of the first 8 KiB a control character that no text holds; text in
    which no line starts with a record code (``hello world``). Anything else
    is a TRF file, whatever it says: the reader reports it record by record.

    >>> sniff(b"012 Spring Open\\n") is None
    True
    >>> sniff(b"hello world\\n").reason
    'no line starts with a TRF record code (001, 012, XXR, ###, …): no TRF record'
    >>> sniff(b"%PDF-1.7\\n").reason
    'a PDF document, not text'
    >>> sniff(b"012 Spring\\x00Open\\n")
    NotTrf(reason='a NUL byte at line 1, column 11: binary data, not text', line=1, column=11)
    """
    if isinstance(data, bytes):
        head = data[:8]
        for magic, what in _MAGIC:
            if head.startswith(magic):
                return NotTrf(f"{what}, not text")
        codec = _wide_codec(data, encoding)
        if codec is not None:
            # Only the start: enough to tell text from binary data.
            return _sniff_text(data[: _SAMPLE * 4].decode(codec, errors="replace"))
        if data.startswith(codecs.BOM_UTF8):
            data = data[len(codecs.BOM_UTF8) :]
        if not data or data.isspace():
            return NotTrf("the file is empty" if not data else "the file holds only white space")
        nul = data.find(b"\x00")
        if nul >= 0:
            line, column = _place(data[:nul].decode("utf-8", errors="replace"))
            hint = ""
            odd, even = data[1:64:2], data[:64:2]
            if len(data) >= 4 and (odd.count(0) == len(odd) or even.count(0) == len(even)):
                hint = " (UTF-16 text without its byte-order mark? give its encoding, utf-16-le)"
            return NotTrf(
                f"a NUL byte at line {line}, column {column}: binary data, not text{hint}",
                line,
                column,
            )
        sample = data[:_SAMPLE]
        controls = len(sample) - len(sample.translate(None, _CONTROLS))
        return _too_many_controls(controls, len(sample)) or _no_record(data)
    head_text = data[:8].encode("latin-1", errors="replace")
    for magic, what in _MAGIC:
        if head_text.startswith(magic):
            return NotTrf(f"{what}, not text")
    return _sniff_text(data.removeprefix("\ufeff"))


def _sniff_text(text: str) -> NotTrf | None:
    """:func:`sniff` of decoded text: a ``str`` given, or the start of a
    UTF-16 or UTF-32 file."""
    text = text.removeprefix("\ufeff")
    if not text or text.isspace():
        return NotTrf("the file is empty" if not text else "the file holds only white space")
    nul = text.find("\x00")
    if nul >= 0:
        line, column = _place(text[:nul])
        return NotTrf(
            f"a NUL character at line {line}, column {column}: binary data, not text",
            line,
            column,
        )
    sample = text[:_SAMPLE]
    controls = len(sample) - len(sample.translate(_DELETE_CONTROLS))
    return _too_many_controls(controls, len(sample), "characters") or _no_record(text)


# A TRF record starts with its code: three digits (001, 012, 132, 310, …, an
# unknown one too), XX? or BB? (JaVaFo's and bbpPairings' extensions), ###
# (a TRF-2026 comment), or a TRF06 header's letters ("XXR"); leading blanks
# and any case are forgiven. Text in which no line starts so (a letter, a
# CSV export, a web page) holds no record at all: refused, not read as a
# tournament with 0 players (issue 31 §2).
_RECORD_START = re.compile(r"^[ \t]*(?:\d{3}|XX[A-Z]|BB[A-Z]|###)", re.M | re.I)
_RECORD_START_BYTES = re.compile(_RECORD_START.pattern.encode(), re.M | re.I)


def _no_record(text: str | bytes) -> NotTrf | None:
    """Refuse text in which no line starts with a TRF record code."""
    found = (
        _RECORD_START_BYTES.search(text) if isinstance(text, bytes) else _RECORD_START.search(text)
    )
    if found is not None:
        return None
    return NotTrf("no line starts with a TRF record code (001, 012, XXR, ###, …): no TRF record")


def _too_many_controls(controls: int, size: int, unit: str = "bytes") -> NotTrf | None:
    if controls >= 2 and controls * 20 > size:
        return NotTrf(
            f"binary data, not text: {controls} control characters in the first {size:,} {unit}"
        )
    return None


_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def _place(before: str) -> tuple[int, int]:
    """The 1-based line and column of the character after ``before``."""
    lines = _LINE_BREAK.split(before)
    return len(lines), len(lines[-1]) + 1


def _wide_codec(data: bytes, encoding: str | None) -> str | None:
    """The UTF-16 or UTF-32 codec ``data`` is in, by ``encoding`` or its
    byte-order mark; ``None`` for any other encoding."""
    if encoding is not None:
        name = codecs.lookup(encoding).name
        return name if name.startswith(_WIDE) else None
    for bom_bytes, codec in _BOMS:
        if codec.startswith(_WIDE) and data.startswith(bom_bytes):
            # The BOM is decoded with the rest, as U+FEFF: _sniff_text drops it.
            return codec
    return None
