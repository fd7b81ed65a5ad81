"""The clerk's two decisions on a message intake held: open a case from it after all
(`open_held`), or mark it reviewed and not a complaint (`dismiss_held`); `HeldDecisions`
gives both to the web's list of held messages.

Its own module because a decision is taken later, by a person, on a message already
kept (`storage.filings`), apart from taking a message in (`mail.intake`, which gives
these names to its users too).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from cases.handlers import Command
from cases.services import file_complaint
from mail.intake_record import IntakeContext, IntakeOutcome, Outcome, take_then

__all__ = ["HeldDecisions", "dismiss_held", "open_held"]


def open_held(filing_id: int, ctx: IntakeContext, *, actor: str,
              received_at: datetime | None = None,
              then: Command | None = None) -> IntakeOutcome:
    """Open a case from a message intake held in quarantine, on a clerk's decision that it
    is a complaint after all (the alert says how). The message is read again with no
    screen refusing it (`deliberate`), its intake record is marked opened and names who
    decided; `received_at` overrides the receipt read from it; `then`, a step `actor`
    takes on the case as it is opened (`take_then`)."""
    with ctx.uow() as uow:
        row = uow.filings.get(filing_id)
        if row is None:
            return IntakeOutcome(Outcome.QUARANTINED, None,
                                 f"there is no intake record #{filing_id}")
        if row.outcome != Outcome.QUARANTINED.value or row.case_id is not None:
            number = uow.filings.case_number(row)
            return IntakeOutcome(Outcome.DUPLICATE, number, f"intake record #{filing_id} is "
                                 f"{row.outcome}" + (f" as {number}" if number else "")
                                 + ", not held")
        result = ctx.rules.parse(row.raw, deliberate=True)
        if result.filing is None:
            return IntakeOutcome(Outcome.QUARANTINED, None, f"intake record #{filing_id} "
                                 f"cannot be read as a complaint: {result.detail}")
        filing = result.filing if received_at is None else replace(
            result.filing, received_at=received_at)
        case = file_complaint(uow, filing, directory=ctx.directory, calendar=ctx.calendar,
                              clock=ctx.clock, actor=actor)
        opened = uow.cases.row(case.number)
        assert opened is not None  # file_complaint has just added it
        uow.filings.record_decision(
            filing_id, outcome=Outcome.OPENED.value, case_id=opened.id,
            reason=f"{row.reason or 'held'}; opened as {case.number} by {actor}")
        take_then(uow, ctx, case.number, None if then is None else (then, actor))
        uow.commit()
        return IntakeOutcome(Outcome.OPENED, case.number,
                             f"opened {case.number} from intake record #{filing_id}")


@dataclass(frozen=True)
class HeldDecisions:
    """`web.deps.HeldReview` over this module: the clerk's two answers to a held message."""

    ctx: IntakeContext

    def open(self, filing_id: int, actor: str) -> tuple[str | None, str]:
        done = open_held(filing_id, self.ctx, actor=actor)
        return (done.case_number if done.outcome is Outcome.OPENED else None), done.detail

    def dismiss(self, filing_id: int, actor: str) -> tuple[str | None, str]:
        return None, dismiss_held(filing_id, self.ctx, actor=actor).detail


def dismiss_held(filing_id: int, ctx: IntakeContext, *, actor: str) -> IntakeOutcome:
    """Mark a message intake held as reviewed and not a complaint, on a clerk's decision:
    it leaves the list of held messages and is kept, with who decided and when."""
    with ctx.uow() as uow:
        row = uow.filings.get(filing_id)
        if row is None or row.outcome != Outcome.QUARANTINED.value or row.case_id is not None:
            return IntakeOutcome(Outcome.DUPLICATE, None,
                                 f"intake record #{filing_id} is not a held message")
        uow.filings.record_decision(
            filing_id, outcome=Outcome.NOT_A_COMPLAINT.value,
            reason=(f"{row.reason or 'held'}; not a complaint, by {actor} at "
                    f"{ctx.clock().isoformat(timespec='seconds')}"))
        uow.commit()
        return IntakeOutcome(Outcome.NOT_A_COMPLAINT, None,
                             f"intake record #{filing_id} is not a complaint; kept")
