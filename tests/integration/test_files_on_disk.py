"""What EthicsBot keeps on disk holds confidential complaints (§6): the SQLite database
(with its -wal and -shm), the intake Maildir and the outbox folder of .eml notices are
created readable by their owner only (files 0600, folders 0700), whatever the umask of
the process that creates them."""

from __future__ import annotations

import asyncio
import os
import stat
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlalchemy import text

from mail.listener.maildir import Maildir
from mail.transport import FileTransport
from storage.db import make_engine
from storage.outbox import Outcome


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture(params=[0o000, 0o022, 0o002], ids=["umask-000", "umask-022", "umask-002"])
def umask(request: pytest.FixtureRequest) -> Iterator[int]:
    old = os.umask(request.param)
    yield request.param
    os.umask(old)


def test_a_new_sqlite_database_and_its_wal_and_shm_are_the_owner_s_alone(
        tmp_path: Path, umask: int) -> None:
    db = tmp_path / "ethicsbot.db"
    engine = make_engine(f"sqlite:///{db}")
    try:
        with engine.begin() as conn:  # a write: WAL mode makes the -wal and -shm files
            conn.execute(text("CREATE TABLE t (x TEXT)"))
            conn.execute(text("INSERT INTO t VALUES ('complaint')"))
        files = {p.name: mode(p) for p in tmp_path.iterdir()}
    finally:
        engine.dispose()
    assert files == {"ethicsbot.db": 0o600, "ethicsbot.db-wal": 0o600,
                     "ethicsbot.db-shm": 0o600}


def test_the_maildir_and_its_folders_are_the_owner_s_alone(tmp_path: Path,
                                                           umask: int) -> None:
    root = tmp_path / "mailbox"
    Maildir(root).prepare()
    folders = [p for p in [root, *root.rglob("*")] if p.is_dir()]
    assert len(folders) == 12  # the root and two Maildir++ folders, each with new/ cur/ tmp/
    assert {str(p.relative_to(tmp_path)): mode(p) for p in folders} == {
        str(p.relative_to(tmp_path)): 0o700 for p in folders}
    marks = list(root.rglob("maildirfolder"))
    assert len(marks) == 2 and {mode(p) for p in marks} == {0o600}


def test_the_outbox_folder_and_each_notice_are_the_owner_s_alone(tmp_path: Path,
                                                                 umask: int) -> None:
    outbox = tmp_path / "outbox" / "deep"
    msg = EmailMessage()
    msg["Message-ID"] = "<eth-2026-0001.complaint_to_council.0.a@ethicsbot.city.test>"
    msg.set_content("Confidential (§6).")

    async def send() -> Outcome:
        async with FileTransport(outbox) as transport:
            return (await transport.send(msg, "a@city.test", "b@city.test")).outcome

    assert asyncio.run(send()) is Outcome.SENT
    (written,) = outbox.iterdir()
    assert (mode(outbox), mode(written)) == (0o700, 0o600)
    assert mode(outbox.parent) == 0o700  # a folder it had to create on the way, too


def test_folders_that_exist_already_are_left_as_the_city_made_them(tmp_path: Path) -> None:
    """A Maildir a mail server delivers into may need to be group-writable: EthicsBot
    tightens only what it creates."""
    root = tmp_path / "mailbox"
    root.mkdir()
    root.chmod(0o770)
    Maildir(root).prepare()
    assert mode(root) == 0o770 and mode(root / "new") == 0o700
