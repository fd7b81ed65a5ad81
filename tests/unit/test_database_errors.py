"""Which database failures a long-running process waits out and which end it: the
driver's words (psycopg/libpq, PostgreSQL's FATAL lines, SQLite) sorted as
`ethicsbot.database_errors` documents."""

from __future__ import annotations

import pytest
from sqlalchemy.exc import OperationalError

from ethicsbot.database_errors import DatabaseUnreachable, explain

PG = "postgresql://u:secret@db.city.test:5432/ethics"
AT = 'connection to server at "10.0.0.5", port 5432 failed: '

OUTAGE = [
    AT + "Connection refused",
    AT + "timeout expired",
    AT + "No route to host",
    "failed to resolve host 'db': [Errno -3] Temporary failure in name resolution",
    AT + 'FATAL:  database "ethics" is not currently accepting connections',
    AT + "FATAL:  the database system is starting up",
    AT + "FATAL:  the database system is shutting down",
    AT + "FATAL:  sorry, too many clients already",
    "server closed the connection unexpectedly",
    "terminating connection due to administrator command",
    "consuming input failed: SSL SYSCALL error: EOF detected",
]
MISCONFIGURED = [
    AT + 'FATAL:  password authentication failed for user "u"',
    AT + 'FATAL:  database "ethics" does not exist',
    AT + 'FATAL:  role "u" does not exist',
    AT + 'FATAL:  no pg_hba.conf entry for host "10.0.0.9", user "u", database "ethics"',
    AT + "server does not support SSL, but SSL was required",
    AT + "received invalid response to SSL negotiation: H",
]


def driver_error(words: str) -> OperationalError:
    return OperationalError("connect", {}, Exception(words))


@pytest.mark.parametrize("words", OUTAGE)
def test_an_outage_is_waited_for(words: str) -> None:
    e = explain(PG, driver_error(words))
    assert isinstance(e, DatabaseUnreachable), words
    assert "secret" not in str(e) and "server is running" in str(e)
    assert e.reason and "secret" not in e.reason


@pytest.mark.parametrize("words", MISCONFIGURED)
def test_a_misconfiguration_is_not(words: str) -> None:
    e = explain(PG, driver_error(words))
    assert not isinstance(e, DatabaseUnreachable), words
    assert "secret" not in str(e)


def test_an_unparsable_url_or_unknown_driver_is_not() -> None:
    assert not isinstance(explain("nonsense", ValueError("x")), DatabaseUnreachable)
    assert not isinstance(explain("mysql://u@h/d", ImportError("MySQLdb")), DatabaseUnreachable)


def test_a_locked_sqlite_file_is_waited_for(tmp_path: object) -> None:
    url = f"sqlite:///{tmp_path}/e.db"
    assert isinstance(explain(url, driver_error("database is locked")), DatabaseUnreachable)
    assert not isinstance(explain(url, driver_error("file is not a database")),
                          DatabaseUnreachable)
