"""The narrow ports the service layer needs; storage implements them, tests may fake them."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Protocol

from cases.case import Case
from cases.deadlines import Deadline
from cases.notices import NoticeType, OwedNotice

Clock = Callable[[], datetime]  # returns an aware "now"


class CaseRepository(Protocol):
    def get(self, number: str) -> Case | None: ...

    def next_number(self, year: int) -> str: ...

    def save(self, case: Case, deadlines: list[Deadline]) -> None:
        """Store the case's new events, its snapshot and its current deadlines."""

    def stored_deadlines(self, number: str) -> list[Deadline]:
        """The deadlines as last stored (to compare with a recomputation)."""

    def stale(self, number: str) -> bool:
        """Whether the stored deadlines were computed under another calendar or other
        readings than those in force, which this process's are (`services.freshen`)."""


class Outbox(Protocol):
    def add(self, notice: OwedNotice) -> None: ...

    def cancel_pending(self, number: str, *, reason: str) -> int:
        """Cancel every notice on case `number` not yet sent (kept, with `reason`, never
        sent); how many there were."""

    def release_held(self, number: str, types: Iterable[NoticeType]) -> int:
        """Make the notices of `types` on case `number` that wait for a later moment and
        were never tried due now (a hold ended: `cases.protection_hold`); how many."""

    def ever_sent(self, number: str) -> set[tuple[str, str, str]]:
        """(notice type, slot, recipient email) of every notice on case `number` that was
        delivered at least once."""


class Rotation(Protocol):
    """Where the examiners' rotation stands (§11): the examiner given the last referral."""

    def last_assigned(self) -> str | None:
        """Read under a lock held until the commit: two referrals never pick the same one."""

    def record_assigned(self, examiner: str) -> None: ...


class UnitOfWork(Protocol):
    """One transaction: the service functions write through it; the caller commits."""

    @property
    def cases(self) -> CaseRepository: ...

    @property
    def outbox(self) -> Outbox: ...

    @property
    def rotation(self) -> Rotation: ...

    def commit(self) -> None: ...
