"""The per-user cache of data parsed from the grammars folder (trfkit/_resources.py)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from trfkit import _resources
from trfkit._resources import cached_data, grammar_text


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path / "trfkit"


def test_the_column_table_is_parsed_once_then_loaded(cache_home: Path) -> None:
    text = grammar_text("columns.toml")
    calls: list[str] = []

    def parse(t: str) -> dict[str, object]:
        calls.append(t)
        return tomllib.loads(t)

    first = cached_data("columns.toml", text, parse, dict)
    second = cached_data("columns.toml", text, parse, dict)
    assert first == second == tomllib.loads(text)
    assert len(calls) == 1
    assert [p.suffix for p in cache_home.iterdir()] == [".marshal"]


def test_an_edited_table_is_parsed_again(cache_home: Path) -> None:
    assert cached_data("t.toml", "a = 1", tomllib.loads, dict) == {"a": 1}
    assert cached_data("t.toml", "a = 2", tomllib.loads, dict) == {"a": 2}


def test_a_damaged_cache_is_parsed_again_and_rewritten(cache_home: Path) -> None:
    cached_data("t.toml", "a = [1, 2]", tomllib.loads, dict)
    (path,) = cache_home.iterdir()
    path.write_bytes(b"\x00not marshal")
    assert cached_data("t.toml", "a = [1, 2]", tomllib.loads, dict) == {"a": [1, 2]}
    assert cached_data("t.toml", "a = [1, 2]", lambda t: pytest.fail("not cached"), dict) == {
        "a": [1, 2]
    }


def test_without_a_writable_folder_the_data_is_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_resources, "_cache_path", lambda *args: None)
    assert cached_data("t.toml", "a = 1", tomllib.loads, dict) == {"a": 1}


def test_data_marshal_cannot_keep_is_returned_and_not_cached(cache_home: Path) -> None:
    class Opaque:
        pass

    value = Opaque()
    assert cached_data("t.toml", "x", lambda t: value, Opaque) is value
    assert list(cache_home.iterdir()) == []


def test_a_cache_holding_another_kind_of_data_is_parsed_again(cache_home: Path) -> None:
    import marshal

    cached_data("t.toml", "a = 1", tomllib.loads, dict)
    (path,) = cache_home.iterdir()
    path.write_bytes(marshal.dumps([1, 2, 3]))  # valid marshal, not a table
    assert cached_data("t.toml", "a = 1", tomllib.loads, dict) == {"a": 1}
    assert marshal.loads(path.read_bytes()) == {"a": 1}
