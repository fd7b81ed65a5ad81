"""Where the examiners' rotation (§11) stands: the examiner assigned last, kept in the
`rotation` table so the next referral continues the roster across cases and restarts."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from storage.models import RotationRow

EXAMINERS = "examiners"


def last_assigned(*, session: Session, name: str = EXAMINERS) -> str | None:
    """The examiner (email) given the last referral; locked until the caller commits, so two
    referrals at once cannot both pick the same next examiner (PostgreSQL)."""
    q = select(RotationRow.last_assigned).where(RotationRow.name == name).with_for_update()
    return session.scalars(q).first()


def record_assigned(*, session: Session, examiner: str, name: str = EXAMINERS) -> None:
    row = session.get(RotationRow, name)
    if row is None:
        session.add(RotationRow(name=name, last_assigned=examiner))
    else:
        row.last_assigned = examiner
    session.flush()


class SqlRotation:
    """`cases.ports.Rotation` in the unit of work's transaction."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def last_assigned(self) -> str | None:
        return last_assigned(session=self._session)

    def record_assigned(self, examiner: str) -> None:
        record_assigned(session=self._session, examiner=examiner)
