"""Which calendar and readings are in force, and which open cases still have deadlines
computed under others (`cases.services.calendar_in_force`).

The worker remembers the calendar and readings of the city's file at each start
(`app_state`'s `calendar`); each case row says those its deadlines were computed under
(`cases.computed_under`). When they differ the case is *stale*: the worker recomputes it in
the background (`ethicsbot.calendar_sync`), soonest deadline first, and a case read or
touched before its turn is recomputed then (`cases.services.freshen`).
"""

from __future__ import annotations

from sqlalchemy import ColumnElement, ScalarSelect, and_, func, select, update
from sqlalchemy.orm import Session

from storage.models import CaseRow, DeadlineRow, StateRow

KEY = "calendar"
# a closed case is not recomputed (as before this module: its deadlines are its record)
_RECOMPUTED = CaseRow.stage != "closed"


def in_force(session: Session) -> str | None:
    """The calendar and readings in force; None before any worker started."""
    row = session.get(StateRow, KEY)
    return row.value if row is not None else None


def remember(session: Session, computed_under: str) -> None:
    """`computed_under` is now in force."""
    session.merge(StateRow(key=KEY, value=computed_under))


def mark_unknown(session: Session, computed_under: str) -> None:
    """Cases stored without a mark were computed under `computed_under` (the first start)."""
    session.execute(update(CaseRow).where(CaseRow.computed_under.is_(None))
                    .values(computed_under=computed_under)
                    .execution_options(synchronize_session=False))


def _stale(computed_under: str | ScalarSelect[str]) -> ColumnElement[bool]:
    return and_(_RECOMPUTED, CaseRow.computed_under.is_not(None),
                CaseRow.computed_under != computed_under)


def count_stale(session: Session, computed_under: str) -> int:
    """How many cases still have deadlines computed under another calendar or readings."""
    return session.scalar(select(func.count()).select_from(CaseRow)
                          .where(_stale(computed_under))) or 0


def stale_cases(session: Session, computed_under: str) -> list[str]:
    """The stale cases' numbers, the one with the soonest open deadline first (those with
    none last): the order that keeps the nearest dates true soonest."""
    # one grouped pass over the deadlines, joined: as a subquery correlated to each case
    # in ORDER BY, PostgreSQL took over nine minutes at 100,000 cases (issue 26), and this
    # is the first thing the recomputation reads
    due = (select(DeadlineRow.case_id, func.min(DeadlineRow.due).label("soonest"))
           .where(DeadlineRow.due.is_not(None), DeadlineRow.status.in_(("open", "missed")))
           .group_by(DeadlineRow.case_id).subquery())
    return list(session.scalars(
        select(CaseRow.number).outerjoin(due, due.c.case_id == CaseRow.id)
        .where(_stale(computed_under))
        .order_by(due.c.soonest.is_(None), due.c.soonest, CaseRow.id)))


def still_stale(session: Session, numbers: list[str], computed_under: str) -> list[str]:
    """Those of `numbers` not recomputed meanwhile (read, touched, or by another worker)."""
    found = set(session.scalars(select(CaseRow.number).where(
        CaseRow.number.in_(numbers), _stale(computed_under))))
    return [n for n in numbers if n in found]


def stale_column() -> ColumnElement[bool]:
    """Whether the case row in the query is stale, for the reminders: a deadline of a
    stale case waits for its recomputation before anyone is reminded of it."""
    now_in_force = select(StateRow.value).where(StateRow.key == KEY).scalar_subquery()
    return and_(now_in_force.is_not(None), _stale(now_in_force))
