"""FIDE's downloadable players' rating list, read as a stream.

Source: FIDE players list download (ratings.fide.com/download_lists.phtml).
FIDE publishes the list as XML (``players_list_xml_foa.xml``) and as
fixed-width text (``players_list_foa.txt``; older or standard-only lists name
the rating column after the month, ``DEC25``), usually zipped. A list holds
over a million players (about 1 GB of XML), so nothing here loads a whole file:
the XML is parsed element by element and each ``<player>`` is dropped once
read; the text is read line by line. Rating a tournament needs a few dozen of
those players, so ``wanted`` builds records only for the ids asked for, and
stops reading once all of them have been seen.

Like the rest of trfkit the reader is lenient: a number it cannot read in any
field but the id becomes None; a player without a readable id is skipped and
reported in ``problems``. Only a file that is not a players' list at all raises
:class:`RatingListError`.
"""

from __future__ import annotations

import codecs
import os
import re
import unicodedata
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from typing import IO, Any, Final

import attrs

from trfkit._digits import whole_number
from trfkit.diagnostics import TrfError

__all__ = ["ListedPlayer", "RatingListError", "iter_rating_list", "load_rating_list", "name_key"]


# -- the model ----------------------------------------------------------------


@attrs.frozen
class ListedPlayer:
    """One player of the list.

    Numbers FIDE leaves blank are None; so is a rating of 0 (FIDE's "no
    rating") and a birth year of 0 (unknown). Titles and the flag are kept as
    FIDE writes them.
    """

    fide_id: int
    name: str = ""
    federation: str = ""
    sex: str = ""
    title: str = ""
    women_title: str = ""
    other_titles: str = ""
    rating: int | None = None  # standard
    games: int | None = None
    k: int | None = None
    rapid_rating: int | None = None
    rapid_games: int | None = None
    rapid_k: int | None = None
    blitz_rating: int | None = None
    blitz_games: int | None = None
    blitz_k: int | None = None
    birth_year: int | None = None
    flag: str = ""  # 'i' inactive, 'w' woman, 'wi' both
    foa_title: str = ""  # FIDE Online Arena title (AGM, AIM, ...)

    @property
    def inactive(self) -> bool:
        """FIDE marks inactive players with an 'i' in the flag ('i', 'wi')."""
        return "i" in self.flag.lower()


class RatingListError(TrfError, ValueError):
    """A file that is not a players' list, or one unreadable entry of a list.

    ``line`` and ``column`` are 1-based (None where the reader cannot tell:
    XML entries are then located by ``record``, the player's position in the
    list). ``found`` is the text found, or a description when ``literal`` is
    false ("end of file").
    """

    def __init__(
        self,
        path: str,
        line: int | None,
        column: int | None,
        found: str,
        expected: str,
        record: int | None = None,
        literal: bool = True,
    ) -> None:
        self.path = path
        self.line = line
        self.column = column
        self.found = found
        self.expected = expected
        self.record = record
        self.literal = literal
        where = path
        if line is not None:
            where += f":{line}" + (f":{column}" if column is not None else "")
        if record is not None:
            where += f": player {record}"
        what = repr(found) if literal else found
        super().__init__(f"{where}: found {what} where {expected} was expected")

    def __reduce__(self) -> tuple[Any, ...]:
        args = (self.path, self.line, self.column, self.found, self.expected)
        return (type(self), (*args, self.record, self.literal))


# -- public functions ---------------------------------------------------------


def iter_rating_list(
    path: str | os.PathLike[str],
    *,
    wanted: Collection[int] | None = None,
    problems: list[RatingListError] | None = None,
    names: Collection[tuple[str, str]] = (),
) -> Iterator[ListedPlayer]:
    """Stream the players of a list (XML, TXT, or either zipped).

    The format is told by the first non-blank byte ('<' is XML). With
    ``wanted``, only those FIDE ids are built and yielded, and reading stops
    when all have been seen (``problems`` then covers the part read). Skipped
    entries are appended to ``problems`` when it is given. A file that is not a
    list raises :class:`RatingListError` here, before the first player.

    ``names`` (:func:`name_key` of a name, federation) also yields, with
    ``wanted``, the players listed under one of those names: who a player
    without a FIDE id may be. The whole list is then read.
    """
    with _open(path) as (stream, label):
        layout = _sniff(stream, label)  # raise early, then read afresh below
    want = None if wanted is None else frozenset(int(i) for i in wanted)
    return _players(
        path, layout, want, problems, frozenset(names) if want is not None else frozenset()
    )


def load_rating_list(
    path: str | os.PathLike[str],
    *,
    wanted: Collection[int] | None = None,
    problems: list[RatingListError] | None = None,
    names: Collection[tuple[str, str]] = (),
) -> dict[int, ListedPlayer]:
    """``fide_id -> ListedPlayer`` for the list (or its ``wanted`` part, and
    the players listed under ``names``: see :func:`iter_rating_list`)."""
    found = iter_rating_list(path, wanted=wanted, problems=problems, names=names)
    return {p.fide_id: p for p in found}


# Letters that Unicode does not decompose into a base letter and a mark.
_FOLD: Final = str.maketrans(
    {"ł": "l", "ø": "o", "đ": "d", "ħ": "h", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe", "þ": "th"}
)


def name_key(name: str) -> str:
    """A name without what does not tell two names apart: case, diacritics,
    spacing and punctuation (``"Šťastná,Zoë"`` and ``"STASTNA, Zoe"`` agree).

    >>> name_key("  Da Silva-Júnior,  João ")
    'da silva junior joao'
    """
    folded = unicodedata.normalize("NFKD", name.casefold().translate(_FOLD))
    letters = "".join(c if c.isalnum() else " " for c in folded if not unicodedata.combining(c))
    return " ".join(letters.split())


def _players(
    path: str | os.PathLike[str],
    layout: _Layout | None,
    want: frozenset[int] | None,
    problems: list[RatingListError] | None,
    names: frozenset[tuple[str, str]],
) -> Iterator[ListedPlayer]:
    if want is not None and not want and not names:
        return
    with _open(path) as (stream, label):
        if layout is None:
            yield from _iter_xml(stream, label, want, problems, names)
        else:
            yield from _iter_txt(stream, label, layout, want, problems, names)


# -- opening and sniffing -----------------------------------------------------

_HEAD: Final = 1 << 16
_ZIP_MAGIC: Final = b"PK\x03\x04"


@contextmanager
def _open(path: str | os.PathLike[str]) -> Iterator[tuple[IO[bytes], str]]:
    """The list's bytes and a name for messages; a zip's member is streamed, not extracted."""
    name = os.fspath(path)
    with open(name, "rb") as f:
        if not (name.lower().endswith(".zip") or f.read(4) == _ZIP_MAGIC):
            f.seek(0)
            yield f, name
            return
        f.seek(0)
        try:
            archive = zipfile.ZipFile(f)
        except zipfile.BadZipFile as exc:
            raise RatingListError(
                name, None, None, str(exc), "a zip archive", literal=False
            ) from None
        with archive:
            files = [i for i in archive.infolist() if not i.is_dir()]
            lists = [i for i in files if i.filename.lower().endswith((".xml", ".txt"))]
            member = files[0] if len(files) == 1 else (lists[0] if lists else None)
            if member is None:
                found = ", ".join(i.filename for i in files) or "an empty archive"
                raise RatingListError(
                    name, None, None, found, "one .xml or .txt member", literal=False
                )
            with archive.open(member) as m:
                yield m, f"{name}/{member.filename}"


@attrs.frozen
class _Column:
    field: str | None  # None: a heading trfkit does not read (still bounds its neighbour)
    start: int
    end: int | None  # the next heading's start; None for the last column
    takes_straddler: bool  # a number's column: a token across its start belongs to it


@attrs.frozen
class _Layout:
    """Where a TXT list's columns are, from its header line."""

    columns: tuple[_Column, ...]
    header_line: int
    id_column: _Column


def _sniff(stream: IO[bytes], label: str) -> _Layout | None:
    """None for XML, the column layout for TXT; raise for anything else."""
    chunk = stream.read(_HEAD)
    if chunk.startswith(codecs.BOM_UTF8):
        chunk = chunk[len(codecs.BOM_UTF8) :]
    skipped = 0  # newlines in whole chunks of blanks before the first text
    body = chunk.lstrip()
    while not body:
        if not chunk:
            raise RatingListError(
                label,
                skipped + 1,
                1,
                "end of file",
                "a FIDE players list (XML or TXT)",
                literal=False,
            )
        skipped += chunk.count(b"\n")
        chunk = stream.read(_HEAD)
        body = chunk.lstrip()
    offset = len(chunk) - len(body)
    line = skipped + chunk.count(b"\n", 0, offset) + 1
    column = offset - chunk.rfind(b"\n", 0, offset)
    body += stream.read(max(0, _HEAD - len(body)))

    def at(pos: int) -> tuple[int, int]:
        """Line and column of ``body[pos]``."""
        nl = body.rfind(b"\n", 0, pos)
        return line + body.count(b"\n", 0, pos), (column + pos if nl < 0 else pos - nl)

    if body.startswith(b"\x1f\x8b"):
        raise RatingListError(
            label, line, column, "gzip data", "an uncompressed or zipped list", literal=False
        )
    nul = body.find(b"\x00")
    if nul >= 0:
        ln, col = at(nul)
        raise RatingListError(
            label, ln, col, "binary data", "a FIDE players list (XML or TXT)", literal=False
        )
    if body.startswith(b"<"):
        # ElementTree's parser never fetches external entities (Python docs,
        # "XML vulnerabilities"); internal ones can still be abused (entity
        # expansion), and a players' list declares none.
        entity = body.find(b"<!ENTITY")
        if entity >= 0:
            ln, col = at(entity)
            found = body[entity : entity + 40].decode("latin-1")
            raise RatingListError(label, ln, col, found, "a list without entity declarations")
        return None
    end = body.find(b"\n")
    header = _decode(body if end < 0 else body[:end]).rstrip("\r\n")
    layout = _parse_header(header, line)
    if layout is None:
        raise RatingListError(
            label,
            line,
            column,
            header.strip()[:60],
            "a header line naming the columns (ID Number, Name, ...)",
        )
    return layout


# -- TXT ----------------------------------------------------------------------

# Headings, longest first so that "ID Number" wins over "ID" and "Titl" over
# "Tit". Older lists glue headings together ("TitlFed", "GamesBorn"): a heading
# counts when a space, the end of the line or another heading follows it.
_HEADINGS: Final[dict[str, str]] = {
    "id number": "fide_id",
    "id": "fide_id",
    "name": "name",
    "fed": "federation",
    "sex": "sex",
    "titl": "title",
    "tit": "title",
    "wtit": "women_title",
    "otit": "other_titles",
    "foa": "foa_title",
    "srtng": "rating",
    "rating": "rating",
    "rtng": "rating",
    "sgm": "games",
    "gms": "games",
    "games": "games",
    "sk": "k",
    "k": "k",
    "rrtng": "rapid_rating",
    "rgm": "rapid_games",
    "rk": "rapid_k",
    "brtng": "blitz_rating",
    "bgm": "blitz_games",
    "bk": "blitz_k",
    "b-day": "birth_year",
    "bday": "birth_year",
    "born": "birth_year",
    "flag": "flag",
}
_MONTH: Final = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\d\d"
_WORDS: Final = "|".join(
    [w.replace(" ", r"\s+") for w in sorted(_HEADINGS, key=len, reverse=True)] + [_MONTH]
)
_HEADING_RE: Final = re.compile(rf"(?:{_WORDS})(?=\s|$|(?:{_WORDS}))", re.IGNORECASE)
_MONTH_RE: Final = re.compile(_MONTH, re.IGNORECASE)


def _parse_header(header: str, line: int) -> _Layout | None:
    """Columns from the heading starts; None when ``header`` is not a header."""
    found: list[tuple[str | None, int]] = []
    i, n = 0, len(header)
    while i < n:
        if header[i].isspace():
            i += 1
            continue
        m = _HEADING_RE.match(header, i)
        if m is None:  # a heading trfkit does not know: skip the word
            j = i
            while j < n and not header[j].isspace():
                j += 1
            found.append((None, i))
            i = j
            continue
        word = " ".join(m.group().lower().split())
        field = "rating" if _MONTH_RE.fullmatch(word) else _HEADINGS[word]
        # The first of two like headings wins; the second only bounds columns.
        found.append((None if any(f == field for f, _ in found) else field, i))
        i = m.end()
    fields = {f for f, _ in found}
    if "fide_id" not in fields or "name" not in fields:
        return None
    columns = tuple(
        _Column(
            field,
            start,
            found[k + 1][1] if k + 1 < len(found) else None,
            field in _INT_FIELDS or field == "flag",
        )
        for k, (field, start) in enumerate(found)
    )
    id_column = next(c for c in columns if c.field == "fide_id")
    return _Layout(columns, line, id_column)


def _decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


class _TxtText:
    """The slower readings of a TXT list's line: by its decoded text (an id
    not first, or not read as bytes), by name and federation, and a line
    with no id (a problem, where the caller keeps them)."""

    def __init__(
        self,
        label: str,
        layout: _Layout,
        want: frozenset[int] | None,
        problems: list[RatingListError] | None,
        names: frozenset[tuple[str, str]],
        remaining: set[int] | None,
    ) -> None:
        self.label, self.layout, self.want, self.problems = label, layout, want, problems
        self.remaining = remaining
        self.done = False
        """Every id wanted has been read (with no names to look for)."""
        # A player of another id is built only when his federation is one of
        # the names': the federation's bytes are read before anything is decoded.
        self.feds = {fed.encode() for _, fed in names}
        self.fed_column = next((c for c in layout.columns if c.field == "federation"), None)
        self.named = _by_name(layout, names) if names and self.fed_column is not None else None

    def named_by_bytes(self, fide_id: int, raw: bytes) -> ListedPlayer | None:
        """The player of a line of an id not wanted, if his name is."""
        if self.named is None or self.fed_column is None:
            return None
        # Bytes and characters part where a name is not ASCII.
        a = self.fed_column.start
        fed = raw[a : a + 3] if raw.isascii() else _decode(raw)[a : a + 3].encode()
        return self.named(fide_id, _decode(raw)) if fed in self.feds else None

    def wanted(self, fide_id: int, text: str) -> ListedPlayer:
        player = _txt_player(fide_id, text, self.layout)
        if self.remaining is not None:
            self.remaining.discard(fide_id)
            self.done = not self.remaining
        return player

    def by_text(self, number: int, raw: bytes) -> ListedPlayer | None:
        """Line ``number`` read as text: the player if wanted or named."""
        if not raw.strip():
            return None
        ids = self.layout.id_column
        text = _decode(raw)
        cell = text[ids.start : ids.end].strip()
        if cell.isascii() and cell.isdigit():  # only when not read by bytes
            fide_id = int(cell)
            if self.want is None or fide_id in self.want:
                return self.wanted(fide_id, text)
            return self.named(fide_id, text) if self.named is not None else None
        if self.problems is not None:
            head = text[ids.start : ids.end] if cell else text
            column = (ids.start if cell else 0) + len(head) - len(head.lstrip()) + 1
            found = cell or text.strip()[:40].rstrip()
            self.problems.append(RatingListError(self.label, number, column, found, "a FIDE id"))
        return None


def _iter_txt(
    stream: IO[bytes],
    label: str,
    layout: _Layout,
    want: frozenset[int] | None,
    problems: list[RatingListError] | None,
    names: frozenset[tuple[str, str]] = frozenset(),
) -> Iterator[ListedPlayer]:
    # With names the whole list is read: a name can be listed anywhere.
    remaining = set(want) if want is not None and not names else None
    ids = layout.id_column
    lines = _TxtText(label, layout, want, problems, names, remaining)
    named = lines.named
    # Bytes and characters agree up to the id's end when the id comes first
    # and is ASCII, so the id is read before decoding: most lines stop there.
    by_bytes = ids.start == 0
    for number, raw in enumerate(stream, 1):
        if number <= layout.header_line:
            continue
        raw = raw.rstrip(b"\r\n")
        if by_bytes:
            digits = raw[: ids.end].strip()
            if digits.isdigit():
                fide_id = int(digits)
                if want is not None and fide_id not in want:
                    if named is not None:
                        player = lines.named_by_bytes(fide_id, raw)
                        if player is not None:
                            yield player
                    continue
                yield lines.wanted(fide_id, _decode(raw))
                if lines.done:
                    return
                continue
        found = lines.by_text(number, raw)
        if found is not None:
            yield found
            if lines.done:
                return


def _by_name(
    layout: _Layout, names: frozenset[tuple[str, str]]
) -> Callable[[int, str], ListedPlayer | None]:
    """The player of a TXT line when his name and federation are one of ``names``."""

    def named(fide_id: int, text: str) -> ListedPlayer | None:
        player = _txt_player(fide_id, text, layout)
        return player if (name_key(player.name), player.federation) in names else None

    return named


def _txt_player(fide_id: int, text: str, layout: _Layout) -> ListedPlayer:
    values: dict[str, Any] = {}
    columns = layout.columns
    n = len(text)
    # Each column starts at its heading, except that a number written to the
    # right of its heading may begin left of it ("40" under "K"): a token that
    # runs across the start of a number's column is taken whole by that column.
    starts = [c.start for c in columns]
    for k in range(1, len(columns)):
        b = starts[k]
        if columns[k].takes_straddler and 0 < b < n and text[b - 1] != " " and text[b] != " ":
            while b > starts[k - 1] + 1 and text[b - 1] != " ":
                b -= 1
            starts[k] = b
    for k, c in enumerate(columns):
        if c.field is None or c.field == "fide_id":
            continue
        end = starts[k + 1] if k + 1 < len(columns) else n
        values[c.field] = _CONVERT[c.field](text[starts[k] : end].strip())
    return ListedPlayer(fide_id, **values)


# -- XML ----------------------------------------------------------------------

_XML_FIELDS: Final[dict[str, str]] = {
    "name": "name",
    "country": "federation",
    "sex": "sex",
    "title": "title",
    "w_title": "women_title",
    "o_title": "other_titles",
    "foa_title": "foa_title",
    "rating": "rating",
    "games": "games",
    "k": "k",
    "rapid_rating": "rapid_rating",
    "rapid_games": "rapid_games",
    "rapid_k": "rapid_k",
    "blitz_rating": "blitz_rating",
    "blitz_games": "blitz_games",
    "blitz_k": "blitz_k",
    "birthday": "birth_year",
    "flag": "flag",
}


def _xml_element(
    elem: ET.Element,
    label: str,
    count: int,
    want: frozenset[int] | None,
    problems: list[RatingListError] | None,
    names: frozenset[tuple[str, str]],
    feds: set[str],
) -> tuple[int | None, ListedPlayer | None]:
    """The id of a ``<player>`` and the player, when wanted (by id, or by
    name and federation); a player with no id is a problem (kept where the
    caller keeps them)."""
    text = elem.findtext("fideid")
    fide_id = _int(text) if text is not None else None
    if fide_id is None:
        if problems is not None:
            found = "no <fideid>" if text is None else text.strip()
            problems.append(
                RatingListError(label, None, None, found, "a FIDE id", count, text is not None)
            )
        return None, None
    if want is None or fide_id in want:
        return fide_id, _xml_player(fide_id, elem)
    country = (elem.findtext("country") or "").strip()
    if feds and country in feds and (name_key(elem.findtext("name") or ""), country) in names:
        return fide_id, _xml_player(fide_id, elem)
    return fide_id, None


def _malformed(label: str, exc: ET.ParseError) -> RatingListError:
    """The list's XML ends early or is not well formed: where, and what was expected."""
    ln, col = exc.position
    message = str(exc).split(": line ")[0]
    if message == "no element found":
        return RatingListError(
            label, ln, col + 1, "end of file", "the rest of the XML list", literal=False
        )
    return RatingListError(
        label, ln, col + 1, f"malformed XML ({message})", "well-formed XML", literal=False
    )


def _iter_xml(
    stream: IO[bytes],
    label: str,
    want: frozenset[int] | None,
    problems: list[RatingListError] | None,
    names: frozenset[tuple[str, str]] = frozenset(),
) -> Iterator[ListedPlayer]:
    # With names the whole list is read: a name can be listed anywhere.
    remaining = set(want) if want is not None and not names else None
    feds = {fed for _, fed in names}
    root: ET.Element | None = None
    container: ET.Element | None = None  # the players' parent, emptied after each player
    opened: list[ET.Element] = []  # elements begun and not ended, until the parent is known
    count = 0
    # "start" events only serve to find the root and the players' parent: the
    # tree builder keeps every element under them until they are cleared.
    events = ET.iterparse(stream, events=("start", "end"))
    try:
        for event, elem in events:
            if event == "start":
                if container is None:
                    if root is None:
                        root = elem
                    if elem.tag == "player" and opened:
                        container = opened[-1]
                    opened.append(elem)
                continue
            if container is None and opened:
                opened.pop()
            if elem.tag != "player":
                continue
            count += 1
            fide_id, player = _xml_element(elem, label, count, want, problems, names, feds)
            elem.clear()
            if container is not None:
                container.clear()
            if player is not None:
                yield player
                if remaining is not None:
                    remaining.discard(fide_id)
                    if not remaining:
                        return
    except ET.ParseError as exc:
        raise _malformed(label, exc) from None
    if count == 0 and root is not None and root.tag != "playerslist":
        raise RatingListError(
            label, None, None, f"<{root.tag}>", "a <playerslist> of <player> elements"
        )


def _xml_player(fide_id: int, elem: ET.Element) -> ListedPlayer:
    values: dict[str, Any] = {}
    for child in elem:
        field = _XML_FIELDS.get(child.tag)
        if field is not None:
            values[field] = _CONVERT[field]((child.text or "").strip())
    return ListedPlayer(fide_id, **values)


# -- values -------------------------------------------------------------------


def _int(text: str) -> int | None:
    """A count or code: ASCII digits only (FIDE never writes signs or separators)."""
    text = text.strip()
    return whole_number(text)


def _rating(text: str) -> int | None:
    """A rating; FIDE writes 0 (or nothing) for a player without one."""
    value = _int(text)
    return value or None


def _year(text: str) -> int | None:
    """A birth year, also from a date written year first; 0 is unknown."""
    if len(text) > 4 and text[4] in "-/.":
        text = text[:4]
    return _int(text) or None


def _text(text: str) -> str:
    return text


_INT_FIELDS: Final = frozenset(
    {"games", "k", "rapid_games", "rapid_k", "blitz_games", "blitz_k"}
    | {"rating", "rapid_rating", "blitz_rating", "birth_year"}
)
_CONVERT: Final[dict[str, Callable[[str], object]]] = {
    "name": _text,
    "federation": _text,
    "sex": _text,
    "title": _text,
    "women_title": _text,
    "other_titles": _text,
    "foa_title": _text,
    "flag": _text,
    "rating": _rating,
    "rapid_rating": _rating,
    "blitz_rating": _rating,
    "games": _int,
    "k": _int,
    "rapid_games": _int,
    "rapid_k": _int,
    "blitz_games": _int,
    "blitz_k": _int,
    "birth_year": _year,
}
