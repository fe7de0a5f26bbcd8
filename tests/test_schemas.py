"""The JSON Schemas of trfkit/schemas/ hold for real outputs (issue 7).

The schemas as shipped allow keys they do not list (for consumers' sake:
keys may be added within a schema version). Every real output here is
validated with the strict variant, which forbids unlisted keys, so that no
key the schemas and docs do not describe slips out; the strict variant only
adds constraints, so the output is valid under the shipped schema too.
Negative tests show that the schemas are not vacuous, and guards tie schema
names to the code, to the code's enums and to CHANGELOG.md.
"""

from __future__ import annotations

import copy
import datetime
import json
import re
import sys
import typing
from collections.abc import Callable
from decimal import Decimal
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import trfkit
import trfkit.rules
from tests.conftest import CORPUS, FIXTURES, ROOT, corpus_params
from tests.trfbuild import swiss_text
from trfkit import model
from trfkit.cli import main
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.event import TournamentType
from trfkit.report.diagnostics import CHECK_SCHEMA, check_data
from trfkit.report.rating import RATE_FILES_SCHEMA, RATE_SCHEMA, rating_data
from trfkit.report.records import PARSE_SCHEMA, tournament_data
from trfkit.rules import RateClass
from trfkit.schemas import (
    LINE_SCHEMAS,
    NAMES,
    SCHEMAS,
    Validator,
    load_schema,
    strict_schema,
    validator,
)

pytest.importorskip("jsonschema")

from jsonschema import Draft202012Validator

MISSING = "no/such/file.trf"
"""A path given to check and rate that does not exist: its unreadable element."""

ALL_FIXTURES = sorted(FIXTURES.rglob("*.trf"))
"""The hand-made fixtures, the fuzz reproducers and any other TRF file under fixtures/."""
RATING_LIST = str(FIXTURES / "ratinglist" / "players.txt")


def _id(p: Path) -> str:
    return str(p.relative_to(FIXTURES))


@pytest.fixture(scope="module")
def validators() -> dict[tuple[str, bool], Validator]:
    return {
        (name, strict): validator(name, strict=strict) for name in NAMES for strict in (False, True)
    }


def assert_valid(validators: dict[tuple[str, bool], Validator], name: str, doc: Any) -> None:
    """``doc`` is valid under the strict variant of schema ``name``, and so
    under the schema as shipped, which the strict one only adds
    ``unevaluatedProperties: false`` to (test_strict_only_forbids_unlisted_keys).
    Validating once halves the time of the corpus files."""
    errors = sorted(validators[name, True].iter_errors(doc), key=lambda e: e.json_path)
    shown = "\n".join(f"  {e.json_path}: {e.message[:300]}" for e in errors[:10])
    assert not errors, f"{len(errors)} error(s) against the strict {name} schema:\n{shown}"


def cli_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    status = main(list(args))
    out, _ = capsys.readouterr()
    return status, out


# --- the schemas themselves ---------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_each_schema_is_draft_2020_12_with_id_and_title(name: str) -> None:
    schema = load_schema(name)
    Draft202012Validator.check_schema(schema)
    Draft202012Validator.check_schema(strict_schema(schema))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert re.fullmatch(
        rf"https://trfkit\.dev/schemas/{re.escape(name)}-\d+\.schema\.json", schema["$id"]
    )
    assert schema["title"] and schema["description"]


@pytest.mark.parametrize("name", NAMES)
def test_strict_only_forbids_unlisted_keys(name: str) -> None:
    """The strict variant is the shipped schema plus ``unevaluatedProperties:
    false`` on object schemas that list properties: what is valid under it is
    valid under the shipped one."""
    schema = load_schema(name)
    added: list[str] = []

    def compare(shipped: Any, strict: Any, where: str) -> None:
        if isinstance(shipped, dict):
            assert isinstance(strict, dict)
            extra = set(strict) - set(shipped)
            if extra:
                assert (
                    extra == {"unevaluatedProperties"} and strict["unevaluatedProperties"] is False
                )
                assert shipped["type"] == "object" and "properties" in shipped
                added.append(where)
            for key in shipped:
                compare(shipped[key], strict[key], f"{where}/{key}")
        elif isinstance(shipped, list):
            assert isinstance(strict, list) and len(strict) == len(shipped)
            for i, (a, b) in enumerate(zip(shipped, strict, strict=True)):
                compare(a, b, f"{where}/{i}")
        else:
            assert shipped == strict, where

    compare(schema, strict_schema(schema), "#")
    if "properties" in schema:  # not the line schemas, which are one $ref
        assert "#" in added


def test_every_schema_file_is_listed() -> None:
    shipped = {
        p.name
        for p in resources.files("trfkit.schemas").iterdir()
        if p.name.endswith(".schema.json")
    }
    assert shipped == {f"{n}.schema.json" for n in NAMES}
    assert shipped == set(SCHEMAS.values()) | set(LINE_SCHEMAS.values())
    assert set(LINE_SCHEMAS) <= set(SCHEMAS)
    ids = [load_schema(n)["$id"] for n in NAMES]
    assert len(set(ids)) == len(ids)


@pytest.mark.parametrize("schema_name", sorted(SCHEMAS))
def test_each_document_schema_fixes_its_name(schema_name: str) -> None:
    """The ``schema`` key of a document must be the name SCHEMAS files it under,
    and the $id carries its version."""
    schema = load_schema(schema_name)
    assert schema["properties"]["schema"] == {
        "const": schema_name,
        "description": "the name of this shape",
    }
    assert "schema" in schema["required"] and "trfkit" in schema["required"]
    version = schema_name.rsplit("/", 1)[1]
    assert schema["$id"].endswith(f"-{version}.schema.json")


def test_the_outputs_name_their_schemas() -> None:
    for name in (PARSE_SCHEMA, CHECK_SCHEMA, RATE_SCHEMA, RATE_FILES_SCHEMA):
        assert name in SCHEMAS, name


# Output schema names in the code that have no schema file yet, with why.
# Remove an entry when its schema is added (the xfail is strict).
PENDING: dict[str, str] = {}


def _schema_names_in_code() -> list[str]:
    names: set[str] = set()
    for path in (ROOT / "trfkit").rglob("*.py"):
        if path.parent.name == "schemas":
            continue
        names |= set(
            re.findall(r"[\"'](trfkit\.[a-z][a-z-]*/\d+)[\"']", path.read_text(encoding="utf-8"))
        )
    return sorted(names)


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(n, marks=pytest.mark.xfail(reason=PENDING[n], strict=True))
        if n in PENDING
        else n
        for n in _schema_names_in_code()
    ],
)
def test_every_schema_name_in_the_code_has_a_schema(name: str) -> None:
    """A JSON output's ``schema`` value (a ``"trfkit.NAME/N"`` literal in the
    code) has a schema file."""
    assert name in SCHEMAS, f"{name} is written by trfkit but has no schema in trfkit/schemas/"


def test_the_changelog_names_every_schema() -> None:
    """A cheap guard that a schema change comes with a CHANGELOG.md entry."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "Every change to a JSON output's shape gets an entry here." in text
    for name in (*SCHEMAS, *(f"{n}.schema.json" for n in NAMES)):
        assert name in text, name


def _enum(schema: dict[str, Any], *path: str) -> set[Any]:
    node: Any = schema
    for key in path:
        node = node[key]
    return set(node["enum"]) - {None}


def test_enums_are_the_codes_values() -> None:
    """An enum of the schemas is the set of values the code can write: a new
    dialect, type, title... must change the schema (and the changelog)."""
    parse, check, rate = load_schema("parse"), load_schema("check"), load_schema("rate")
    dialects = {d.value for d in model.Dialect}
    assert _enum(parse, "properties", "dialect") == dialects
    assert _enum(check, "$defs", "file", "properties", "dialect") == dialects
    types = {t.value for t in TournamentType}
    assert _enum(check, "$defs", "file", "properties", "type") == types
    assert _enum(rate, "properties", "event", "properties", "type") == types
    assert _enum(rate, "properties", "event", "properties", "rate_class") == {
        c.value for c in RateClass
    }
    severities = {s.value for s in Severity}
    assert _enum(parse, "$defs", "diagnostic", "properties", "severity") == severities
    assert _enum(check, "$defs", "diagnostic", "properties", "severity") == severities
    titles = {t.value for t in model.Title}
    assert _enum(parse, "$defs", "player", "properties", "title") == titles
    assert _enum(rate, "$defs", "player", "properties", "title") == titles | {""}
    colours = {c.value for c in model.Colour}
    game = parse["$defs"]["player"]["properties"]["games"]["items"]["properties"]
    assert _enum(game, "colour") == colours
    assert _enum(rate, "$defs", "game", "properties", "colour") == colours
    results = {r.value for r in model.Result}
    assert _enum(game, "result") == results
    rate_results = _enum(rate, "$defs", "game", "properties", "result")
    assert rate_results == (results - {" "}) | {"", "?"}
    assert _enum(parse, "$defs", "player", "properties", "sex") == {s.value for s in model.Sex}


def test_load_schema_names_and_copies() -> None:
    assert load_schema("check") == load_schema("check.schema.json") == load_schema("trfkit.check/1")
    a = load_schema("rate")
    a["title"] = "changed"
    assert load_schema("rate")["title"] != "changed"
    with pytest.raises(KeyError, match="known: parse"):
        load_schema("trfkit.nothing/1")


def test_validator_says_how_to_install_jsonschema(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "jsonschema", None)  # import jsonschema fails
    with pytest.raises(ImportError, match="pip install jsonschema"):
        validator("check")


# --- parse --------------------------------------------------------------------


@pytest.mark.parametrize("path", ALL_FIXTURES, ids=_id)
def test_parse_json_of_each_fixture(
    capsys: pytest.CaptureFixture[str], validators: dict[tuple[str, bool], Validator], path: Path
) -> None:
    _, out = cli_json(capsys, "parse", str(path), "--format", "json")
    doc = json.loads(out)
    assert doc["schema"] == PARSE_SCHEMA
    assert_valid(validators, "parse", doc)


def _one_of_each_record() -> model.Tournament:
    """A tournament holding every kind of record, as a program might build it
    (no origins: every ``line`` is null)."""
    birth = model.DateText("1990/05/01", datetime.date(1990, 5, 1), 1990)
    p = model.Player(
        1, "Novak, Jan", model.Sex.MALE, model.Title.GM, 2501, "SLO", 14600012, birth, Decimal("1.5"), 1,
        [model.Game(2, model.Colour.WHITE, model.Result.WIN), model.Game(None, model.Colour.NONE, None)],
    )  # fmt: skip
    half = Decimal("0.5")
    return model.Tournament(
        headers=[
            model.Header("012", "Spring Open"),
            model.RoundDates([birth, model.DateText("25/13/40")]),
            model.Scoring("162", [("W", Decimal(1)), ("D", half), ("X", None)]),
        ],
        players=[p, model.Player(2)],
        teams=[
            model.Team("013", "Rooks", [1, None]),
            model.Team("310", "Knights", [2], 2, "KN", 2400, Decimal(3), Decimal("4.5"), 1),
        ],
        national_ratings=[
            model.NationalRating("FRA", 1, "m", "A", "Novak", 1850, "IDF", "L01854", birth)
        ],
        records=[
            model.Bye("H", 3, [1, None]),
            model.Acceleration(Decimal(1), half, 1, 2, 1, 10),
            model.ProhibitedPairing(1, 5, [1, 2]),
            model.AbnormalPoints("B", None, half, 2, [1]),
            model.LineUp(1, 1, 2, [1, 2, None]),
            model.TeamBye(Decimal(2), Decimal(2), [3]),
            model.ForfeitedMatch("+", 2, 1, 2),
            model.Accelerations(1, [Decimal(1), half, None]),
            model.EngineRecord("XXR", "7"),
            model.BbpPoints("BBW", half),
            model.TextRecord("801", "crosstable"),
            model.Comment(" a comment"),
            model.Blank("  "),
            model.UnknownLine("XYZ something"),
        ],
        diagnostics=[Diagnostic("P001", Severity.INFO, 0, 0, "unknown")],
    )


def test_parse_json_of_every_record_type(validators: dict[tuple[str, bool], Validator]) -> None:
    t = _one_of_each_record()
    # Every record class of the model is here, so every one has its schema.
    other = {c.__name__ for c in typing.get_args(model.OtherRecord)}
    header = {c.__name__ for c in typing.get_args(model.HeaderRecord)}
    assert {type(r).__name__ for r in t.records} == other
    assert {type(h).__name__ for h in t.headers} == header
    schema = load_schema("parse")
    assert _enum(schema, "properties", "records", "items", "properties", "type") == other
    assert _enum(schema, "properties", "headers", "items", "properties", "type") == header
    doc = json.loads(json.dumps(tournament_data(t)))
    assert all(r["line"] is None for r in doc["records"])
    assert_valid(validators, "parse", doc)


# --- check --------------------------------------------------------------------


@pytest.fixture(scope="module")
def check_outputs() -> dict[str, tuple[int, str]]:
    """check of the fixtures folder (fuzz reproducers included) and a missing
    file, as json and jsonl; run once (the module's capsys cannot be used)."""
    import contextlib
    import io

    outputs = {}
    for fmt in ("json", "jsonl"):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(io.StringIO()):
            status = main(["check", str(FIXTURES), MISSING, "--format", fmt, "--jobs", "1"])
        outputs[fmt] = (status, buf.getvalue())
    return outputs


def test_check_json(
    check_outputs: dict[str, tuple[int, str]], validators: dict[tuple[str, bool], Validator]
) -> None:
    status, out = check_outputs["json"]
    doc = json.loads(out)
    assert status == 2 and doc["schema"] == CHECK_SCHEMA
    assert doc["summary"]["unreadable"] == 1 and doc["files"][-1]["unreadable"] == "no such file"
    assert {f["path"] for f in doc["files"]} >= {str(p) for p in ALL_FIXTURES}
    assert doc["summary"]["files"] == len(doc["files"])
    assert {s for f in doc["files"] for s in (d["severity"] for d in f["diagnostics"])} == {
        "error", "warning", "info"
    }  # fmt: skip
    assert_valid(validators, "check", doc)


def test_check_jsonl(
    check_outputs: dict[str, tuple[int, str]], validators: dict[tuple[str, bool], Validator]
) -> None:
    status, out = check_outputs["jsonl"]
    lines = [json.loads(line) for line in out.splitlines()]
    assert status == 2 and lines == json.loads(check_outputs["json"][1])["files"]
    for line in lines:
        assert_valid(validators, "check-file", line)


def test_check_data_of_a_stdin_file(validators: dict[tuple[str, bool], Validator]) -> None:
    from trfkit.service import CheckOptions, check_task

    data = (FIXTURES / "bad-two-lines.trf").read_bytes()
    checked = check_task(CheckOptions(), ("-", data))
    doc = json.loads(json.dumps(check_data([checked])))
    assert doc["files"][0]["path"] == "<stdin>"
    assert_valid(validators, "check", doc)


# --- rate ---------------------------------------------------------------------


@pytest.mark.parametrize("rules", trfkit.rules.names())
def test_rate_json_of_every_fixture(
    rules: str, validators: dict[tuple[str, bool], Validator]
) -> None:
    for path in ALL_FIXTURES:
        report = trfkit.rate(trfkit.load(path), rules=rules)
        doc = json.loads(json.dumps(rating_data(report, str(path))))
        assert doc["schema"] == RATE_SCHEMA and doc["rules"]["name"] == rules
        assert_valid(validators, "rate", doc)


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_rate_cli_of_one_file(
    capsys: pytest.CaptureFixture[str], validators: dict[tuple[str, bool], Validator], fmt: str
) -> None:
    status, out = cli_json(
        capsys,
        "rate",
        str(FIXTURES / "rating-rr10-unrated.trf"),
        "--rules",
        "fide-2009",
        "--format",
        fmt,
    )
    assert status == 0
    if fmt == "jsonl":
        assert out.count("\n") == 1
        assert_valid(validators, "rate-line", json.loads(out))
    doc = json.loads(out)
    assert doc["round_robin"] is not None and any(p["newcomer"] for p in doc["players"])
    assert_valid(validators, "rate", doc)


def test_rate_with_a_rating_list(
    capsys: pytest.CaptureFixture[str],
    validators: dict[tuple[str, bool], Validator],
    tmp_path: Path,
) -> None:
    status, out = cli_json(
        capsys,
        "rate",
        str(FIXTURES / "swiss-trf16.trf"),
        "--format",
        "json",
        "--rating-list",
        RATING_LIST,
    )
    assert status == 0
    assert_valid(validators, "rate", json.loads(out))
    # Players the list knows: ratings from the list, and a standard rating for a rapid event.
    sources = set()
    for rules, tc in (
        ("fide-2024", "90 min + 30 sec/move"),
        ("fide-rb-2024", "15 min + 10 sec/move"),
    ):
        trf = tmp_path / f"{rules}.trf"
        text = swiss_text(
            [None, None], [(1, 1, 2, "=")], fide_ids=[90000054, 90000011], time_control=tc
        )
        trf.write_text(text, encoding="utf-8")
        status, out = cli_json(
            capsys,
            "rate",
            str(trf),
            "--rules",
            rules,
            "--format",
            "json",
            "--rating-list",
            RATING_LIST,
        )
        assert status == 0
        doc = json.loads(out)
        sources |= {p["rating_source"] for p in doc["players"]}
        assert_valid(validators, "rate", doc)
    assert sources == {"list", "list-standard"}


@pytest.fixture(scope="module")
def rate_files_outputs() -> dict[str, tuple[int, str]]:
    """rate of the fixtures folder and a missing file, as json and jsonl."""
    import contextlib
    import io

    outputs = {}
    for fmt in ("json", "jsonl"):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(io.StringIO()):
            status = main(["rate", str(FIXTURES), MISSING, "--format", fmt, "--jobs", "1"])
        outputs[fmt] = (status, buf.getvalue())
    return outputs


def test_rate_files_json(
    rate_files_outputs: dict[str, tuple[int, str]], validators: dict[tuple[str, bool], Validator]
) -> None:
    status, out = rate_files_outputs["json"]
    doc = json.loads(out)
    assert status == 2 and doc["schema"] == RATE_FILES_SCHEMA
    assert doc["summary"] == {"files": len(doc["files"]), "unreadable": 1}
    assert {f["path"] for f in doc["files"]} >= {str(p) for p in ALL_FIXTURES}
    assert doc["files"][-1] == {"path": MISSING, "unreadable": "no such file"}
    assert_valid(validators, "rate-files", doc)


def test_rate_jsonl(
    rate_files_outputs: dict[str, tuple[int, str]], validators: dict[tuple[str, bool], Validator]
) -> None:
    status, out = rate_files_outputs["jsonl"]
    lines = [json.loads(line) for line in out.splitlines()]
    assert status == 2 and lines == json.loads(rate_files_outputs["json"][1])["files"]
    for line in lines:
        assert_valid(validators, "rate-line", line)


# --- the shared corpus --------------------------------------------------------


@pytest.mark.parametrize("path", corpus_params())
def test_corpus_outputs(path: Path, validators: dict[tuple[str, bool], Validator]) -> None:
    """Real files written by other programs (shared/corpus): parse, check and
    rate (the rule set chosen by the file) outputs."""
    from trfkit.checks.files import check_file

    t = trfkit.load(path)
    label = str(path.relative_to(CORPUS))
    assert_valid(validators, "parse", json.loads(json.dumps(tournament_data(t, label))))
    checked = check_file(str(path))
    assert_valid(validators, "check", json.loads(json.dumps(check_data([checked]))))
    doc = json.loads(json.dumps(rating_data(trfkit.rate(t), label)))
    assert_valid(validators, "rate", doc)


# --- the schemas are not vacuous ---------------------------------------------


@pytest.fixture(scope="module")
def samples() -> dict[str, Any]:
    """One real document of each schema, for the negative tests."""
    from trfkit.checks.files import Unreadable, check_file

    swiss = trfkit.load(FIXTURES / "swiss-trf26.trf")
    rr = trfkit.rate(trfkit.load(FIXTURES / "rating-rr10-unrated.trf"), rules="fide-2009")
    rate_doc = rating_data(rr, "rr.trf")
    checked = check_file(str(FIXTURES / "bad-rating-letter.trf"))
    check_doc = check_data([checked, Unreadable(MISSING, "no such file")])
    unreadable = {"path": MISSING, "unreadable": "no such file"}
    docs = {
        "parse": tournament_data(swiss, "swiss.trf"),
        "check": check_doc,
        "check-file": check_doc["files"][0],
        "rate": rate_doc,
        "rate-files": {
            "schema": RATE_FILES_SCHEMA,
            "trfkit": trfkit.__version__,
            "files": [rate_doc, unreadable],
            "summary": {"files": 2, "unreadable": 1},
        },
        "rate-line": unreadable,
    }
    return json.loads(json.dumps(docs))


def _bye(d: dict[str, Any]) -> dict[str, Any]:
    return next(r for r in d["records"] if r["type"] == "Bye")


def _newcomer(d: dict[str, Any]) -> dict[str, Any]:
    return next(p for p in d["players"] if p["newcomer"])["newcomer"]


Mutation = Callable[[dict[str, Any]], object]

BROKEN: list[tuple[str, str, Mutation]] = [
    # a key removed
    ("parse", "no schema key", lambda d: d.pop("schema")),
    ("parse", "no player games", lambda d: d["players"][0].pop("games")),
    ("parse", "no Bye ids", lambda d: _bye(d).pop("ids")),
    ("check", "no summary.unreadable", lambda d: d["summary"].pop("unreadable")),
    ("check", "no files[].unreadable", lambda d: d["files"][0].pop("unreadable")),
    ("check", "no diagnostic hint", lambda d: d["files"][0]["diagnostics"][0].pop("hint")),
    ("check-file", "no path", lambda d: d.pop("path")),
    ("rate", "no path", lambda d: d.pop("path")),
    ("rate", "no trfkit", lambda d: d.pop("trfkit")),
    ("rate", "no game pd", lambda d: d["players"][0]["games"][0].pop("pd")),
    ("rate", "no newcomer ru", lambda d: _newcomer(d).pop("ru")),
    ("rate-files", "no summary", lambda d: d.pop("summary")),
    ("rate-files", "unreadable without path", lambda d: d["files"][1].pop("path")),
    ("rate-files", "rate document without players", lambda d: d["files"][0].pop("players")),
    ("rate-line", "no unreadable reason", lambda d: d.update(unreadable=None)),
    # a wrong type
    ("parse", "points as a string", lambda d: d["players"][0].update(points="4.5")),
    ("parse", "line as a string", lambda d: d["headers"][0].update(line="1")),
    ("parse", "bom as a number", lambda d: d.update(bom=0)),
    ("parse", "not an ISO date", lambda d: d["tournament"].update(start_date="14/03/2025")),
    ("check", "column null", lambda d: d["files"][0]["diagnostics"][0].update(column=None)),
    ("check", "negative count", lambda d: d["summary"].update(error=-1)),
    ("rate", "score as a string", lambda d: d["players"][0].update(score="3½")),
    ("rate", "rating as a float", lambda d: d["players"][0].update(rating=2100.5)),
    ("rate", "rated as a string", lambda d: d["players"][0]["games"][0].update(rated="true")),
    ("rate", "round_robin as a list", lambda d: d.update(round_robin=[])),
    ("rate-files", "files as an object", lambda d: d.update(files={})),
    # a bad enum or constant
    ("parse", "another schema name", lambda d: d.update(schema="trfkit.parse/2")),
    ("parse", "unknown dialect", lambda d: d.update(dialect="trf06")),
    ("parse", "unknown colour", lambda d: d["players"][0]["games"][0].update(colour="x")),
    ("parse", "unknown record type", lambda d: _bye(d).update(type="Byes")),
    ("parse", "wrong Bye code", lambda d: _bye(d).update(code="250")),
    (
        "check",
        "unknown severity",
        lambda d: d["files"][0]["diagnostics"][0].update(severity="fatal"),
    ),
    ("check", "unreadable with a dialect", lambda d: d["files"][1].update(dialect="trf16")),
    ("check", "bad code", lambda d: d["files"][0]["diagnostics"][0].update(code="p2")),
    ("rate", "unknown rate class", lambda d: d["event"].update(rate_class="bullet")),
    ("rate", "unknown rating source", lambda d: d["players"][0].update(rating_source="guess")),
    ("rate", "unknown result", lambda d: d["players"][0]["games"][0].update(result="X")),
    (
        "rate-files",
        "rate document of another schema",
        lambda d: d["files"][0].update(schema="trfkit.rate/2"),
    ),
]


@pytest.mark.parametrize(
    ("name", "what", "mutate"), BROKEN, ids=[f"{n}: {w}" for n, w, _ in BROKEN]
)
def test_a_broken_document_fails(
    samples: dict[str, Any],
    validators: dict[tuple[str, bool], Validator],
    name: str,
    what: str,
    mutate: Mutation,
) -> None:
    doc = copy.deepcopy(samples[name])
    assert validators[name, False].is_valid(doc)
    mutate(doc)
    assert not validators[name, False].is_valid(doc), what


EXTRA: list[tuple[str, Mutation]] = [
    ("parse", lambda d: d.update(extra=1)),
    ("parse", lambda d: d["tournament"].update(extra=1)),
    ("parse", lambda d: d["players"][0]["games"][0].update(extra=1)),
    ("parse", lambda d: d["headers"][0].update(extra=1)),
    ("parse", lambda d: _bye(d).update(extra=1)),
    ("parse", lambda d: d["diagnostics"].append({**_diagnostic(), "hint": None})),
    ("check", lambda d: d["summary"].update(extra=1)),
    ("check", lambda d: d["files"][0]["diagnostics"][0].update(extra=1)),
    ("check-file", lambda d: d.update(extra=1)),
    ("rate", lambda d: d["rules"].update(extra=1)),
    ("rate", lambda d: d["round_robin"].update(extra=1)),
    ("rate", lambda d: _newcomer(d).update(extra=1)),
    ("rate", lambda d: d["players"][0]["games"][0].update(extra=1)),
    ("rate-files", lambda d: d["files"][1].update(extra=1)),
    ("rate-files", lambda d: d["files"][0]["event"].update(extra=1)),
    ("rate-line", lambda d: d.update(extra=1)),
]


def _diagnostic() -> dict[str, Any]:
    return {"code": "P001", "severity": "info", "line": 1, "column": 1, "message": "m",
            "reference": None, "found": None, "expected": None}  # fmt: skip


@pytest.mark.parametrize(
    ("name", "mutate"), EXTRA, ids=[f"{n}-{i}" for i, (n, _) in enumerate(EXTRA)]
)
def test_an_unlisted_key_passes_the_shipped_schema_but_not_the_strict_one(
    samples: dict[str, Any],
    validators: dict[tuple[str, bool], Validator],
    name: str,
    mutate: Mutation,
) -> None:
    doc = copy.deepcopy(samples[name])
    assert validators[name, True].is_valid(doc)
    mutate(doc)
    assert validators[name, False].is_valid(doc), "consumers: a key added later must not break"
    assert not validators[name, True].is_valid(doc), "trfkit's tests: every key is documented"


# --- rate-period -----------------------------------------------------------------

PERIOD = FIXTURES / "period"


def test_rate_period_json(
    validators: dict[tuple[str, bool], Validator], capsys: pytest.CaptureFixture[str]
) -> None:
    for extra in ([], ["--period", "2025-04"], ["--rules", "fide-2009"], ["--rules", "fide-2002"]):
        status, out = cli_json(
            capsys,
            "rate-period",
            str(PERIOD),
            "--rating-list",
            f"2025-03={PERIOD / 'players-2025-03.txt'}",
            "--format",
            "json",
            *extra,
        )
        assert status == 0
        doc = json.loads(out)
        assert doc["schema"] == "trfkit.rate-period/1"
        assert_valid(validators, "rate-period", doc)


def _rebased(node: Any) -> Any:
    """rate-1's definitions as seen from another schema file."""
    if isinstance(node, dict):
        return {
            k: "rate-1.schema.json" + v
            if k == "$ref" and isinstance(v, str) and v.startswith("#/")
            else _rebased(v)
            for k, v in node.items()
        }
    if isinstance(node, list):
        return [_rebased(x) for x in node]
    return node


def test_rate_period_players_keep_the_keys_of_rate_players() -> None:
    """rate-period's player and game repeat rate's (so that the strict
    variant can check them); they must stay the same."""
    rate, period = load_schema("rate")["$defs"], load_schema("rate-period")["$defs"]
    for name, added in (
        ("player", {"games", "new_rating_per_tournament", "events"}),
        ("game", {"event"}),
    ):
        ours, theirs = period[name]["properties"], _rebased(rate[name]["properties"])
        assert set(ours) == set(theirs) | added
        for key in set(theirs) - {"games"}:
            assert ours[key] == theirs[key], (name, key)
        assert set(period[name]["required"]) == set(rate[name]["required"]) | added


# --- a batch of 1000 files, as JSON Lines -------------------------------------------


def test_a_thousand_files_checked_in_two_jobs_as_json_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 7: a directory of 1000 files, --jobs 2 --format jsonl: one
    line per file, in order, each valid against the shipped schema."""
    sources = sorted(FIXTURES.glob("*.trf"))
    for i in range(1000):
        src = sources[i % len(sources)]
        (tmp_path / f"{i:04d}-{src.name}").write_bytes(src.read_bytes())
    status, out = cli_json(capsys, "check", str(tmp_path), "--jobs", "2", "--format", "jsonl")
    assert status == 1  # bad-*.trf have errors
    lines = out.splitlines()
    assert len(lines) == 1000
    shipped = validator("check-file")
    paths = []
    for line in lines:
        data = json.loads(line)
        shipped.validate(data)
        paths.append(data["path"])
    assert paths == sorted(str(p) for p in tmp_path.iterdir())
