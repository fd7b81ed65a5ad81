"""What the dispatcher only reads it reads without SQLite's write lock (issue 39, item 5):
the worker's transactions all begin IMMEDIATE, so rendering a notice took the write lock
and waited in SQLite's busy sleeps for the intake's commits and the round's records."""

from __future__ import annotations

import sqlite3
import threading
import time

import pytest

from ethicsbot.bootstrap import App
from mail import dispatch
from mail.intake import Outcome, take_in
from tests.integration.mail.complaints import forwarded_complaint


def test_a_notice_is_rendered_while_another_writer_holds_the_lock(app: App) -> None:
    if app.engine.dialect.name != "sqlite":
        pytest.skip("PostgreSQL's reads take no lock")
    assert take_in(forwarded_complaint(1), app.intake(), source="imap").outcome \
        is Outcome.OPENED
    deps = app.dispatch_deps()
    (row_id, _), *_ = dispatch._claim(deps)
    writer = sqlite3.connect(str(app.engine.url.database), isolation_level=None,
                             check_same_thread=False)
    writer.execute("BEGIN IMMEDIATE")  # another writer, as the intake committing a case
    released = threading.Timer(1.0, writer.execute, ["ROLLBACK"])
    released.start()
    try:
        began = time.monotonic()
        prepared = dispatch._prepare(deps, row_id)
        took = time.monotonic() - began
    finally:
        released.join()
        writer.close()
    assert prepared is not None and prepared.msg is not None
    assert took < 0.5, f"rendering waited {took:.2f} s for the write lock"
