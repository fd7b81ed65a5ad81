"""A database that cannot be opened ends every command in one line that says what is wrong
and what to do: no traceback, no password, non-zero exit. The one exception: a database
that cannot be *reached* (the server down, the database refusing connections) does not end
the long-running commands (`web`, `worker`, `run`), which wait for it instead
(tests/e2e/test_database_outage.py); a misconfigured one ends them too."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url

from ethicsbot.cli import main
from storage.db import make_engine
from tests.servers.net import free_ports

CORPUS = Path(__file__).resolve().parents[2] / "data" / "intake"
COMMANDS = [["cases", "--json"], ["case", "ETH-2026-0001"], ["notices", "ETH-2026-0001"],
            ["migrate"], ["web"], ["worker"], ["run"], ["file", "c.eml"],
            ["correct-receipt", "ETH-2026-0001", "2026-11-30T08:05", "--reason", "x"],
            ["resend", "ETH-2026-0001", "complaint_to_respondent", "a@city.test"]]


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for key in [k for k in os.environ if k.startswith("ETHICSBOT_")]:
        monkeypatch.delenv(key)
    monkeypatch.chdir(tmp_path)
    shutil.copy(CORPUS / "gmail-forward-letter.eml", tmp_path / "c.eml")
    return tmp_path


def one_line(capsys: pytest.CaptureFixture[str], url: str, argv: list[str],
             monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("ETHICSBOT_DATABASE_URL", url)
    code = main(argv)
    out, err = capsys.readouterr()
    assert code != 0, (argv, out, err)
    assert out == "", out
    assert err.startswith("ethicsbot: ") and err.count("\n") == 1, err
    assert "Traceback" not in err and "secret" not in err
    return err


def closed_port() -> int:
    (port,) = free_ports(1)
    return port


CASES = {
    "not-a-url": ("nonsense", ("ETHICSBOT_DATABASE_URL", "sqlite:///", "postgresql://")),
    "unknown-kind": ("mysql://u:secret@db.example/ethics", ("ETHICSBOT_DATABASE_URL",
                                                             "mysql", "PostgreSQL")),
    "unreachable": (f"postgresql://u:secret@127.0.0.1:{closed_port()}/ethics",
                    ("cannot connect", "127.0.0.1", "refused", "server is running")),
}


LONG_RUNNING = {"web", "worker", "run"}  # they wait for an unreachable database (e2e)
PAIRS = [(kind, argv) for kind in CASES for argv in COMMANDS
         if not (kind == "unreachable" and argv[0] in LONG_RUNNING)]


@pytest.mark.parametrize(("kind", "argv"), PAIRS, ids=[f"{k}-{a[0]}" for k, a in PAIRS])
def test_a_database_url_that_cannot_work_is_one_line_for_every_command(
        folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        argv: list[str], kind: str) -> None:
    url, words = CASES[kind]
    err = one_line(capsys, url, argv, monkeypatch)
    for word in words:
        assert word in err, err


@pytest.mark.postgres
@pytest.mark.parametrize("argv", [["cases"], ["worker"], ["web"], ["run"]],
                         ids=lambda a: a[0])
def test_a_database_the_server_does_not_have(folder: Path, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch,
                                             postgres_url: str, argv: list[str]) -> None:
    """A misconfiguration, not an outage: the long-running commands end too."""
    url = make_url(postgres_url).set(database="no_such_db_here", password="secret")
    err = one_line(capsys, url.render_as_string(hide_password=False), argv, monkeypatch)
    assert "cannot connect" in err and "no_such_db_here" in err and "database name" in err


@pytest.mark.postgres
@pytest.mark.parametrize("argv", [["worker"], ["web"]], ids=lambda a: a[0])
def test_a_user_the_server_does_not_have(folder: Path, capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch, postgres_url: str,
                                         argv: list[str]) -> None:
    url = make_url(postgres_url).set(username="no_such_user_here", password="secret")
    err = one_line(capsys, url.render_as_string(hide_password=False), argv, monkeypatch)
    assert "no_such_user_here" in err and "check the user, password" in err


def test_a_folder_where_the_database_file_should_be(
        folder: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    (folder / "data").mkdir()
    for argv in (["cases"], ["web"]):
        err = one_line(capsys, f"sqlite:///{folder / 'data'}", argv, monkeypatch)
        assert "is a folder" in err and f"sqlite:///{folder / 'data'}/ethicsbot.db" in err


def test_a_database_file_in_a_folder_that_does_not_exist(
        folder: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A misconfiguration for every command, the long-running ones too (they do not wait
    for a folder to appear)."""
    for argv in (["cases"], ["worker"], ["web"], ["run"]):
        err = one_line(capsys, f"sqlite:///{folder / 'no' / 'such' / 'e.db'}", argv,
                       monkeypatch)
        assert f"{folder / 'no' / 'such'} does not exist" in err and "create it" in err


def test_a_file_that_is_not_a_database(folder: Path, capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    (folder / "notes.db").write_text("minutes of the council meeting\n" * 100)
    err = one_line(capsys, f"sqlite:///{folder / 'notes.db'}", ["cases"], monkeypatch)
    assert "not an SQLite database" in err
    assert (folder / "notes.db").read_text().startswith("minutes")  # left untouched


def test_a_database_file_the_user_may_not_read(tmp_path: Path) -> None:
    """As a real process. Root may read anything, so when the tests run as root the
    process runs without the capabilities that let it (util-linux's setpriv)."""
    db = tmp_path / "ethicsbot.db"
    db.write_bytes(b"")
    db.chmod(0o000)
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
           "ETHICSBOT_DATABASE_URL": f"sqlite:///{db}",
           "ETHICSBOT_DIRECTORY": str(tmp_path / "none.yml")}
    without_override = (["setpriv", "--bounding-set=-dac_override,-dac_read_search"]
                        if os.geteuid() == 0 else [])
    proc = subprocess.run([*without_override, sys.executable, "-m", "ethicsbot", "cases"],
                          env=env, cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0 and proc.stdout == ""
    err = proc.stderr
    assert err.startswith("ethicsbot: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    assert str(db) in err and "permission denied" in err and "read and write access" in err


def migrated_then(file: Path, damage: str, capsys: pytest.CaptureFixture[str],
                  monkeypatch: pytest.MonkeyPatch) -> str:
    """The URL of a database `ethicsbot migrate` made at `file`, then `damage` (SQL) done
    to it."""
    url = f"sqlite:///{file}"
    monkeypatch.setenv("ETHICSBOT_DATABASE_URL", url)
    assert main(["migrate"]) == 0
    capsys.readouterr()
    engine = make_engine(url)
    with engine.begin() as conn:
        conn.execute(text(damage))
    engine.dispose()
    return url


def test_a_database_that_opens_but_fails_midway(folder: Path,
                                                capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A restore that brought the schema's version but lost a table: the command that
    needs it ends in one line, and says what to try."""
    url = migrated_then(folder / "restored.db", "DROP TABLE access_log", capsys, monkeypatch)
    err = one_line(capsys, url, ["cases"], monkeypatch)
    assert "failed (no such table: access_log)" in err and "ethicsbot migrate" in err


def test_a_database_migrated_by_a_newer_version(folder: Path,
                                                capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    url = migrated_then(folder / "newer.db",
                        "UPDATE alembic_version SET version_num = '0099_future'",
                        capsys, monkeypatch)
    for argv in (["cases"], ["web"], ["migrate"]):
        err = one_line(capsys, url, argv, monkeypatch)
        assert "schema this EthicsBot does not know" in err and "newer version" in err
