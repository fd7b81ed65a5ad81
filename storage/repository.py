"""The case repository: cases are rebuilt from their stored history and saved by
appending the events recorded since they were loaded."""

from __future__ import annotations

from sqlalchemy import delete, event, insert, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session, SessionTransaction

from cases.case import Case
from cases.chain import GENESIS, Entry, entry_hash
from cases.deadlines import DEADLINES, Deadline, DeadlineKey, OtherReading, Responsible, Status
from cases.history import Event, EventKind
from cases.ports import Clock
from storage import calendar_state, chain, retention
from storage.meetings import save_meetings
from storage.models import CaseNumber, CaseRow, DeadlineRow, EventRow
from storage.search import save_search


class SqlCaseRepository:
    """`computed_under`: the calendar and readings this process computes deadlines under
    (`cases.services.calendar_in_force`); each case saved is marked with it."""

    def __init__(self, session: Session, clock: Clock, *, computed_under: str | None = None
                 ) -> None:
        self.session, self.clock, self.computed_under = session, clock, computed_under
        self._rows: dict[str, CaseRow] = {}
        self._numbered: set[str] = set()  # given out in this unit of work: not stored yet
        # the cases whose history grew in this transaction: number -> (last seq, its hash),
        # chained into the docket when it commits (`_seal`), forgotten when it rolls back
        self._moved: dict[str, tuple[int, str]] = {}
        event.listen(session, "before_commit", self._seal)
        event.listen(session, "after_soft_rollback", self._forget)

    def row(self, number: str, *, lock: bool = False) -> CaseRow | None:
        if number in self._rows:
            return self._rows[number]
        if number in self._numbered:
            return None
        q = select(CaseRow).where(CaseRow.number == number)
        if lock:
            # serialises steps on one case (PostgreSQL). NO KEY UPDATE, the lock an UPDATE
            # of the row takes, not FOR UPDATE: the case's id never changes, so a row
            # inserted about it (an alert recorded, a reminder owed: the foreign key's
            # KEY SHARE) need not wait for the step. FOR UPDATE made the at-risk sweep,
            # which records deadlines of many cases in one transaction, and a
            # recomputation, which locks case after case, each wait for the other:
            # "deadlock detected" (issue 39)
            q = q.with_for_update(key_share=True)
        found = self.session.scalars(q).one_or_none()
        if found is not None:
            self._rows[number] = found
        return found

    def stale(self, number: str) -> bool:
        """Whether case `number`'s stored deadlines were computed under another calendar
        or readings than those in force (`storage.calendar_state`), when this process's are
        the ones in force: a process started before the city's file changed leaves the
        recomputation to those that read the new one."""
        if self.computed_under is None:
            return False
        # read apart from `row`: its cache would hand `get` this row without its lock
        mark = self.session.scalar(select(CaseRow.computed_under)
                                   .where(CaseRow.number == number))
        if mark is None or mark == self.computed_under:
            return False
        return calendar_state.in_force(self.session) == self.computed_under

    def number_of(self, case_id: int) -> str:
        """The case number of the case stored as `case_id`."""
        return self.session.scalars(select(CaseRow.number).where(CaseRow.id == case_id)).one()

    def get(self, number: str) -> Case | None:
        row = self.row(number, lock=True)
        if row is None:
            return None
        events = self.session.scalars(
            select(EventRow).where(EventRow.case_id == row.id).order_by(EventRow.seq)).all()
        return Case.replay(number, [Event(EventKind(e.kind), e.at, e.actor, e.data)
                                    for e in events])

    def next_number(self, year: int) -> str:
        dialect = self.session.get_bind().dialect.name
        # Two writers may open the year's first case at once. One upsert is atomic on both
        # backends (PostgreSQL locks the row, SQLite the database) and is one statement
        # where insert-if-absent + SELECT FOR UPDATE + UPDATE were three (issue 3 backlog).
        if dialect in ("postgresql", "sqlite"):
            upsert = postgresql.insert if dialect == "postgresql" else sqlite.insert
            last = self.session.execute(
                upsert(CaseNumber).values(year=year, last=1)
                .on_conflict_do_update(index_elements=[CaseNumber.year],
                                       set_={"last": CaseNumber.last + 1})
                .returning(CaseNumber.last)).scalar_one()
        else:
            if self.session.get(CaseNumber, year) is None:
                self.session.execute(insert(CaseNumber).values(year=year, last=0))
            counter = self.session.scalars(
                select(CaseNumber).where(CaseNumber.year == year).with_for_update()).one()
            counter.last += 1
            last = counter.last
        number = f"ETH-{year}-{last:04d}"
        self._numbered.add(number)
        return number

    def save(self, case: Case, deadlines: list[Deadline]) -> None:
        now = self.clock()
        row = self.row(case.number)
        new = row is None
        if row is None:
            row = CaseRow(number=case.number, event_count=0)
            self.session.add(row)
            self._rows[case.number] = row
        row.stage = case.stage.value
        row.confidential = case.confidential
        row.received_at = case.received_at
        row.respondents = list(case.respondents)
        row.walled = sorted(case.recusals)
        # the docket's "next deadline": the earliest one still to be met, overdue ones too
        open_dues = [d for d in deadlines
                     if d.status in (Status.OPEN, Status.MISSED) and d.due is not None]
        nxt = min(open_dues, key=lambda d: d.due or now, default=None)
        row.next_due = nxt.due if nxt else None
        row.next_due_key = nxt.key.value if nxt else None
        row.tolled = any(d.status is Status.TOLLED for d in deadlines)
        row.updated_at = now
        row.computed_under = self.computed_under or row.computed_under
        stored_events, row.event_count = row.event_count, len(case.history)
        self.session.flush()  # the row's id, for its events and deadlines
        prev = self._head_of(row, stored_events)
        for seq, e in enumerate(case.history[stored_events:], start=stored_events):
            prev = entry_hash(case.number, Entry(seq, e.kind.value, e.at, e.actor, e.data),
                              prev)
            self.session.add(EventRow(case_id=row.id, seq=seq, kind=e.kind.value, at=e.at,
                                      actor=e.actor, data=e.data, hash=prev))
        if len(case.history) > stored_events:
            row.head = prev
            self._moved[case.number] = (len(case.history) - 1, prev)
        if case.destroyed is not None:  # a destroyed file keeps its deadlines' dates
            deadlines = []
        elif not new:
            self.session.execute(delete(DeadlineRow).where(DeadlineRow.case_id == row.id))
        # remind_at = now: the reminder scheduler looks at every rewritten deadline at its
        # next pass (storage/reminders.py), whatever order concurrent writers commit in
        self.session.add_all(
            DeadlineRow(case_id=row.id, key=d.key.value, official=d.official, due=d.due,
                        status=d.status.value,
                        responsible=d.responsible.value, basis=d.basis, reading=d.reading,
                        other_reading=d.other.reading if d.other else None,
                        other_due=d.other.due if d.other else None,
                        remind_at=now if _remindable(d) else None) for d in deadlines)
        save_meetings(session=self.session, case_id=row.id, case=case, now=now, new=new)
        save_search(self.session, case_id=row.id, case=case, new=new)
        self.session.flush()
        for seq, e in enumerate(case.history[stored_events:], start=stored_events):
            if e.kind is EventKind.RECORDS_DESTROYED:  # the certificate (RCW 40.14)
                retention.destroy(self.session, row, certificate_seq=seq,
                                  certificate=e.data, at=now)

    def _head_of(self, row: CaseRow, stored_events: int) -> str:
        """The hash the case's next event chains to: its last event's."""
        if stored_events == 0:
            return GENESIS
        if row.head is not None:
            return row.head
        return self.session.scalars(select(EventRow.hash).where(
            EventRow.case_id == row.id, EventRow.seq == stored_events - 1)).one()

    def _seal(self, session: Session) -> None:
        """At commit: one docket-chain entry per case whose head moved in this unit of
        work (`storage.chain.append`, which takes the docket head's lock last)."""
        moved, self._moved = self._moved, {}
        for number, (seq, head) in sorted(moved.items()):
            chain.append(session, kind="events", at=self.clock(), case=number, seq=seq,
                         head=head)

    def _forget(self, _session: Session, previous: SessionTransaction) -> None:
        if not previous.nested:  # a savepoint's rollback leaves the outer events standing
            self._moved = {}

    def stored_deadlines(self, number: str) -> list[Deadline]:
        row = self.row(number)
        if row is None:
            return []
        rows = self.session.scalars(select(DeadlineRow).where(DeadlineRow.case_id == row.id))
        return [to_deadline(r) for r in rows]


def _remindable(d: Deadline) -> bool:
    return (d.due is not None and d.status in (Status.OPEN, Status.MISSED)
            and d.responsible is not Responsible.INTAKE)


def to_deadline(r: DeadlineRow) -> Deadline:
    key = DeadlineKey(r.key)
    section, action = DEADLINES[key].section, DEADLINES[key].action
    other = OtherReading(r.other_reading, r.other_due) if r.other_reading else None
    return Deadline(key, r.due, Status(r.status), Responsible(r.responsible), r.basis, section,
                    action, r.reading, other, r.official)
