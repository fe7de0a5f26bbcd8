"""The shipped pre-commit hook (.pre-commit-hooks.yaml) and the documented one.

A repository with a broken TRF file fails ``pre-commit run trfkit-check``,
and passes once the file is fixed; the hook's ``files`` pattern picks TRF
files and leaves the rest of a repository alone. The repository is set up
with the ``repo: local`` block of docs/ci.md exactly as a user copies it
(the README shows the same block), so the form documented for today works;
and with the shipped manifest as a hook repository, whose ``language:
python`` has pre-commit install trfkit itself (offline, from the wheels that
.ci/run makes; skipped, saying so, without them).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.conftest import ROOT

FIXTURES = ROOT / "fixtures"
MANIFEST = ROOT / ".pre-commit-hooks.yaml"
HOOK_ID = "trfkit-check"


def documented_local_block(doc: Path) -> str:
    """The YAML code block of ``doc`` that declares the ``repo: local`` hook."""
    blocks = re.findall(r"```yaml\n(.*?)```", doc.read_text(encoding="utf-8"), re.DOTALL)
    (local,) = [b for b in blocks if "repo: local" in b]
    return str(local)


def documented_local_configs() -> dict[str, dict[str, Any]]:
    """That configuration as data, from docs/ci.md and from the README."""
    docs = (ROOT / "docs" / "ci.md", ROOT / "README.md")
    return {doc.name: yaml.safe_load(documented_local_block(doc)) for doc in docs}


def shipped_hook() -> dict[str, Any]:
    hooks = yaml.safe_load(MANIFEST.read_text(encoding="utf-8"))
    (hook,) = [h for h in hooks if h["id"] == HOOK_ID]
    return dict(hook)


def test_manifest_declares_the_hook() -> None:
    hook = shipped_hook()
    assert hook["entry"] == "trfkit check"
    assert hook["language"] == "python"
    assert hook.get("pass_filenames", True) is True
    assert hook["name"] and hook["description"]


@pytest.mark.parametrize(
    "path",
    [
        "open.trf",
        "tournaments/2025/spring-open.trf",
        "tournaments/OLD/EVENT.TRF",
        "engine/round3.trfx",
        "icu/league-2025.tab",
        "icu/League.Tab",
    ],
)
def test_files_pattern_matches_trf_files(path: str) -> None:
    # pre-commit applies `files` with re.search to the path from the repository root.
    assert re.search(shipped_hook()["files"], path)


@pytest.mark.parametrize(
    "path",
    [
        "README.md",
        "trfkit/cli.py",
        "tournaments/notes.txt",  # .txt is too common to take by default
        "bbp/test.input",
        "tournaments/open",  # nor names without an extension
        "open.trf.orig",
        "open.trfxx",
        "tab",
        "docs/trf.md",
    ],
)
def test_files_pattern_leaves_other_files_alone(path: str) -> None:
    assert not re.search(shipped_hook()["files"], path)


def test_the_documented_local_hook_is_the_shipped_one() -> None:
    configs = documented_local_configs()
    # README and docs/ci.md show one block, word for word.
    assert configs["README.md"] == configs["ci.md"]
    (repo,) = configs["ci.md"]["repos"]
    (hook,) = repo["hooks"]
    assert repo["repo"] == "local"
    # The shipped hook's fields but one: `system` runs the trfkit on PATH,
    # where `python` would have pre-commit install trfkit from a release.
    shipped = shipped_hook()
    assert hook["language"] == "system"
    for field in ("id", "name", "entry", "files", "require_serial"):
        assert hook[field] == shipped[field], field


def _git(repo: Path, env: dict[str, str], *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True, timeout=60)


def _pre_commit(
    repo: Path, env: dict[str, str], timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "run", HOOK_ID, "--all-files", "--color", "never"],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


@pytest.fixture
def offline_env(tmp_path: Path) -> dict[str, str]:
    """An environment for git and pre-commit that touches nothing outside tmp_path."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed; pre-commit runs only in a git repository")
    bindir = os.path.dirname(sys.executable)
    assert shutil.which("trfkit", path=bindir), (
        f"no trfkit script next to {sys.executable}: pip install -e '.[test]'"
    )
    # Nothing from an enclosing git hook or pre-commit run (GIT_DIR,
    # GIT_INDEX_FILE, PRE_COMMIT_*, SKIP=trfkit-check ...) and no proxies.
    drop = ("GIT_", "PRE_COMMIT", "SKIP", "PIP_")
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.upper().startswith(drop) and not k.lower().endswith("_proxy")
    }
    env.update(
        # The shipped entry, `trfkit check`, is looked up on PATH: this venv's first.
        PATH=bindir + os.pathsep + env.get("PATH", ""),
        PRE_COMMIT_HOME=str(tmp_path / "pre-commit-home"),
        # The user's and the system's git configuration (hooks paths,
        # templates, signing) stay out; git >= 2.32 reads GIT_CONFIG_GLOBAL.
        GIT_CONFIG_NOSYSTEM="1",
        GIT_CONFIG_GLOBAL=os.devnull,
        GIT_TERMINAL_PROMPT="0",
        # No network: nothing here should reach it, and if anything tried it
        # would fail at once instead of waiting (pip with no index; HTTP
        # through a closed local port).
        PIP_NO_INDEX="1",
        http_proxy="http://127.0.0.1:9",
        https_proxy="http://127.0.0.1:9",
        HTTP_PROXY="http://127.0.0.1:9",
        HTTPS_PROXY="http://127.0.0.1:9",
        NO_COLOR="1",
    )
    return env


def test_broken_trf_fails_the_hook_and_the_fix_passes(
    tmp_path: Path, offline_env: dict[str, str]
) -> None:
    repo = tmp_path / "federation"
    repo.mkdir()
    env = offline_env
    _git(repo, env, "init", "-q")
    _git(repo, env, "config", "user.name", "Test Arbiter")
    _git(repo, env, "config", "user.email", "arbiter@example.org")
    _git(repo, env, "config", "commit.gpgsign", "false")

    # The documented `repo: local` block, as a user pastes it. Its
    # `language: system` runs the entry as it is, so the `trfkit check` of
    # the environment running these tests (first on PATH) checks the files;
    # the shipped `language: python` would have pre-commit pip-install
    # trfkit from the network.
    config = documented_local_block(ROOT / "docs" / "ci.md")
    (repo / ".pre-commit-config.yaml").write_text(config, encoding="utf-8")

    tournaments = repo / "tournaments"
    tournaments.mkdir()
    # Two errors (P002): a rating "22B4" on line 19 and a result "?" on line 24.
    broken = tournaments / "spring-open.trf"
    shutil.copyfile(FIXTURES / "bad-two-lines.trf", broken)
    # A good file under an ICU-style upper-case .TAB name: it is checked too.
    shutil.copyfile(FIXTURES / "swiss-trf16.trf", tournaments / "league.TAB")
    # Files the hook must not be given (trfkit would warn about notes.txt).
    (tournaments / "notes.txt").write_text("Round 3 started late.\n", encoding="utf-8")
    (repo / "README.md").write_text("# Our tournaments\n", encoding="utf-8")
    _git(repo, env, "add", "-A")

    failed = _pre_commit(repo, env)
    out = failed.stdout + failed.stderr
    assert failed.returncode == 1, out
    assert "tournaments/spring-open.trf:19:49: error P002" in out
    assert "tournaments/spring-open.trf:24:119: error P002" in out
    # One trfkit run over exactly the two TRF files.
    assert out.count("files checked") == 1, out
    assert "2 files checked: 2 errors" in out, out
    assert "notes.txt" not in out and "README.md" not in out

    # The arbiter fixes both cells: the file is now the consistent fixture.
    shutil.copyfile(FIXTURES / "swiss-trf16.trf", broken)
    _git(repo, env, "add", "-A")

    passed = _pre_commit(repo, env)
    out = passed.stdout + passed.stderr
    assert passed.returncode == 0, out
    name = re.escape(shipped_hook()["name"])
    assert re.search(rf"^{name}\.+Passed$", out, re.MULTILINE), out


# Files a hook repository needs for pre-commit to pip-install trfkit from it.
_HOOK_REPO_FILES = ("pyproject.toml", "README.md", ".pre-commit-hooks.yaml", "trfkit", "grammars")


def test_shipped_hook_installs_trfkit_itself(tmp_path: Path, offline_env: dict[str, str]) -> None:
    """The shipped manifest as another repository uses it after a release:
    ``repo:`` this repository at a commit, the hook's own ``language:
    python``, so pre-commit builds a virtualenv and pip-installs trfkit into
    it. Offline: pip reads only the wheels in ``TRFKIT_WHEELHOUSE`` (.ci/run
    makes them with ``pip wheel . hatchling``)."""
    wheelhouse = os.environ.get("TRFKIT_WHEELHOUSE", "")
    if not wheelhouse or not Path(wheelhouse).is_dir():
        pytest.skip(
            "TRFKIT_WHEELHOUSE names no directory of wheels (trfkit's dependencies and "
            "hatchling), so pre-commit cannot install the `language: python` hook offline; "
            ".ci/run makes one"
        )
    env = {**offline_env, "PIP_NO_INDEX": "1", "PIP_FIND_LINKS": wheelhouse}
    # Not the trfkit of this venv: the hook's must be the one pre-commit installs.
    env["PATH"] = os.pathsep.join(
        p for p in env["PATH"].split(os.pathsep) if not shutil.which("trfkit", path=p)
    )

    hooks = tmp_path / "trfkit-repo"
    hooks.mkdir()
    for name in _HOOK_REPO_FILES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, hooks / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copyfile(source, hooks / name)
    _git(hooks, env, "init", "-q")
    _git(hooks, env, "add", "-A")
    _git(
        hooks, env, "-c", "user.name=trfkit", "-c", "user.email=t@example.org", "commit", "-qm", "x"
    )
    rev = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=hooks, env=env, capture_output=True, text=True, check=True
    ).stdout.strip()

    repo = tmp_path / "federation"
    repo.mkdir()
    _git(repo, env, "init", "-q")
    (repo / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {hooks}\n    rev: {rev}\n    hooks:\n      - id: {HOOK_ID}\n",
        encoding="utf-8",
    )
    shutil.copyfile(FIXTURES / "bad-two-lines.trf", repo / "spring-open.trf")
    _git(repo, env, "add", "-A")

    # Installing the hook's own virtualenv takes longer than a run.
    failed = _pre_commit(repo, env, timeout=300)
    out = failed.stdout + failed.stderr
    assert failed.returncode == 1, out
    assert "spring-open.trf:19:49: error P002" in out, out
    # The trfkit that ran is the one pre-commit installed in its own environment.
    envs = list((tmp_path / "pre-commit-home").glob("repo*/py_env-*/bin/trfkit"))
    assert len(envs) == 1, out

    shutil.copyfile(FIXTURES / "swiss-trf16.trf", repo / "spring-open.trf")
    _git(repo, env, "add", "-A")
    passed = _pre_commit(repo, env, timeout=300)
    assert passed.returncode == 0, passed.stdout + passed.stderr
