"""The searchable text of each case, kept with it (`cases.search`): rewritten whenever the
case is saved, so the docket's search reads what each level may see as of the last step,
in the transaction that recorded it."""

from __future__ import annotations

from sqlalchemy import Table, delete, insert
from sqlalchemy.orm import Session

from cases.case import Case
from cases.search import SEARCHED, searchable
from storage.models import CaseSearchRow

_TABLE: Table = CaseSearchRow.__table__  # type: ignore[assignment]


def save_search(session: Session, *, case_id: int, case: Case, new: bool) -> None:
    """The case's rows, one per level that sees any of it; none once its file is
    destroyed (RCW 40.14: nothing of it may be found by its words)."""
    if not new:
        session.execute(delete(_TABLE).where(_TABLE.c.case_id == case_id))
    if case.destroyed is not None:
        return
    rows = [{"case_id": case_id, "access": level.value, "text": text}
            for level in SEARCHED if (text := searchable(case, level))]
    if rows:
        session.execute(insert(_TABLE), rows)
