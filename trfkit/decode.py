"""Bytes to text, and back, without losing a byte.

The TRF texts name no encoding (TRF16, TRF26). Real files are ASCII, UTF-8
(sometimes with a BOM) or ISO-8859-1/cp1252 (shared/docs/trf-formats.md §6).
trfkit decodes UTF-8 first (a BOM is noted and stripped), then cp1252, then
latin-1, which decodes any byte; every fallback is reported (P005). Each
codec used here maps bytes to text one to one, so encoding the text with the
same codec gives back the same bytes.
"""

from __future__ import annotations

import codecs

import attrs

__all__ = ["Decoded", "decode", "encode"]

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
        if encoding.replace("_", "-").lower() in ("utf-8", "utf8", "utf-8-sig") and data.startswith(
            codecs.BOM_UTF8
        ):
            data, bom, encoding = data[3:], True, "utf-8"
        try:
            return Decoded(data.decode(encoding), encoding, bom)
        except UnicodeDecodeError as exc:
            return Decoded(
                data.decode("latin-1"), "latin-1", False, f"not valid {encoding}: {_describe(exc)}"
            )
    for bom_bytes, codec in _BOMS:
        if data.startswith(bom_bytes):
            try:
                return Decoded(data[len(bom_bytes) :].decode(codec), codec, True)
            except UnicodeDecodeError:
                break
    try:
        return Decoded(data.decode("utf-8"), "utf-8", False)
    except UnicodeDecodeError as exc:
        reason = _describe(exc)
    try:
        return Decoded(data.decode("cp1252"), "cp1252", False, reason)
    except UnicodeDecodeError:
        return Decoded(data.decode("latin-1"), "latin-1", False, reason)


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
    return data
