"""The unit of work: one database transaction around one step (cosmicpython's pattern,
without the ceremony). Leaving the block without `commit()` rolls everything back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy.orm import Session, sessionmaker

from cases.ports import Clock
from storage.filings import SqlFilings
from storage.outbox import SqlOutbox
from storage.repository import SqlCaseRepository
from storage.rotation import SqlRotation


class SqlUnitOfWork:
    session: Session
    cases: SqlCaseRepository
    outbox: SqlOutbox
    filings: SqlFilings
    rotation: SqlRotation

    def __init__(self, session_factory: sessionmaker[Any], *, clock: Clock,
                 msgid_domain: str, computed_under: str | None = None) -> None:
        self._factory, self._clock, self._domain = session_factory, clock, msgid_domain
        self._computed_under = computed_under  # `SqlCaseRepository`'s

    def __enter__(self) -> SqlUnitOfWork:
        self.session = self._factory()
        self.cases = SqlCaseRepository(self.session, self._clock,
                                       computed_under=self._computed_under)
        self.outbox = SqlOutbox(self.session, self.cases, clock=self._clock,
                                msgid_domain=self._domain)
        self.filings = SqlFilings(self.session)
        self.rotation = SqlRotation(self.session)
        return self

    def __exit__(self, *exc: object) -> None:
        self.session.rollback()
        self.session.close()

    def commit(self) -> None:
        self.session.commit()


UowFactory = Callable[[], SqlUnitOfWork]
"""How an adapter is handed the database: a fresh unit of work per call."""
