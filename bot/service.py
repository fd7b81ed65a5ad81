"""The Slack surface's doorway to the service layer and the read side.

Every lookup and every attempted step is written to the access log (§6), allowed or
not; a refused or failed attempt is logged in its own transaction, since the step's is
rolled back. Listeners call these functions through `blocking` (see there), but for the
docket page, which is awaited.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ParamSpec, TypeVar

from sqlalchemy.orm import Session, sessionmaker

from bot.access import Caller
from cases.access import Refused, check_step
from cases.calendar import CityCalendar
from cases.case import Case
from cases.directory import Directory
from cases.errors import ProcedureError
from cases.filing import Filing
from cases.handlers import Command, StepRule
from cases.levels import Access
from cases.ports import Clock
from cases.services import Taken, file_complaint, take_step_as
from storage import lookups, queries
from storage.lookups import DocketReader
from storage.uow import SqlUnitOfWork, UowFactory

P = ParamSpec("P")
T = TypeVar("T")
CHANNEL = "slack"
PAGE = 25  # docket lines per reply: a screenful, and a bounded query however big the docket
_NUMBER = re.compile(r"ETH-\d{4}-\d{4,6}")


@dataclass(frozen=True)
class SlackDeps:
    """What the Slack surface is handed by the composition root, and nothing more."""

    uow: UowFactory  # steps and filings
    session_factory: sessionmaker[Any]  # lookups and the access log
    docket: DocketReader  # the docket's pages and the case views
    directory: Directory  # who is asking, and the people a step names
    calendar: CityCalendar
    clock: Clock
    # what "at risk" judges by: the sweep's thresholds, with the city's undelivered minutes
    at_risk: queries.RiskWindow = field(default_factory=queries.risk_window)


async def blocking(fn: Callable[P, T], *args: P.args, **kw: P.kwargs) -> T:
    """Run a short, synchronous database function for a listener, on the event loop.

    Measured (bench/slack_status.py, 10,000 cases): the database work of a docket page
    took about 0.5 ms of this process's CPU. Handing it to a worker thread
    (`asyncio.to_thread`) added 0.65 ms of CPU a request, the loop and the threads handing
    the GIL back and forth (378 requests/s against 409/s inline in one run); SQLAlchemy's
    asyncio psycopg driver (greenlets) added 0.2-0.5 ms and let some requests wait in its
    pool's queue (p99 up to 1.6 s, p50 7 ms). The price of running inline: a database
    that stalls (SQLite's busy timeout while another process writes) stalls every
    request of this process for as long. The docket page, the request Slack sends most,
    is therefore not run here but awaited (`docket`): on PostgreSQL it is read on
    asyncio connections (`storage.async_docket`), so its round trip holds nothing up.
    """
    return fn(*args, **kw)


def case_number(text: str) -> str:
    number = text.strip().upper()
    if not _NUMBER.fullmatch(number):
        raise ProcedureError(f"{text.strip()[:40]!r} is not a case number (like ETH-2026-0007).")
    return number


def _log(session: Session, deps: SlackDeps, caller: Caller, number: str | None, action: str,
         allowed: bool) -> None:
    queries.log_access(session=session, at=deps.clock(), who=caller.who[:320], number=number,
                       action=action[:80], channel=CHANNEL, allowed=allowed)


def log_alone(deps: SlackDeps, caller: Caller, number: str | None, action: str,
              allowed: bool) -> None:
    with deps.session_factory.begin() as session:
        _log(session, deps, caller, number, action, allowed)


async def docket(deps: SlackDeps, caller: Caller, page: int,
                 view: queries.DocketView = lookups.OPEN) -> lookups.Page:
    """One page of the docket the caller may see (the open docket unless `view` says
    otherwise), and whether more follow: awaited, not `blocking`, since on PostgreSQL it
    is read without holding the loop."""
    return await deps.docket.docket(lookups.Asker(caller.actor, caller.who, CHANNEL), page,
                                    size=PAGE, now=deps.clock(), view=view)


async def case_view(deps: SlackDeps, caller: Caller, number: str
                    ) -> tuple[Access, queries.CaseView]:
    """The case view as far as the caller may see it (`storage.lookups.DocketReader`, as
    the web asks): refused alike whether hidden or absent, except to those who see the
    whole docket. Awaited, like `docket`, and for the same reason."""
    try:
        return await deps.docket.case_view(lookups.Asker(caller.actor, caller.who, CHANNEL),
                                           number, "case status", now=deps.clock(),
                                           readings=deps.directory.readings)
    except lookups.NoSuchCase:
        raise ProcedureError(f"There is no case {number}. `/ethics status` lists the docket."
                             ) from None


@dataclass(frozen=True)
class StepRun:
    """A step as the Slack surface asks for it: `build` makes the command from the case
    as stored and the unit of work (`cases.derived` completes what was typed)."""

    step: StepRule
    build: Callable[[Case, SqlUnitOfWork], Command]


def allow_step(deps: SlackDeps, caller: Caller, step: StepRule, number: str | None) -> None:
    """The role check alone, logged when it refuses: done before the step's words are read,
    so someone refused learns nothing more, not even the step's usage."""
    try:
        check_step(caller.actor, step)
    except Refused:
        log_alone(deps, caller, number, f"step {step.id} refused", False)
        raise


def run_step(deps: SlackDeps, caller: Caller, number: str, run: StepRun) -> Taken:
    """Take the step as every surface does (`cases.services.take_step_as`), logged as
    Slack's."""
    def log(uow: SqlUnitOfWork, case: str, action: str, allowed: bool) -> None:
        _log(uow.session, deps, caller, case, action, allowed)

    return take_step_as(deps.uow, caller.actor, number, run.step, run.build,
                        directory=deps.directory, calendar=deps.calendar, clock=deps.clock,
                        log=log)


@dataclass(frozen=True)
class Filed:
    number: str
    filing: Filing
    duplicate: bool


def file_from_slack(deps: SlackDeps, caller: Caller, filing: Filing, form: dict[str, Any],
                    view_id: str) -> Filed:
    """Open a case from the file modal as mail intake opens one from a message: the form
    is kept as the filing's raw record with its outcome, in the case's transaction, and
    the same submission (view id) never opens two cases."""
    raw = json.dumps({"view_id": view_id, "user": caller.slack_id, "form": form},
                     sort_keys=True, default=str).encode()
    message_id, digest = f"<slack-view-{view_id}@slack>", hashlib.sha256(raw).hexdigest()
    with deps.uow() as uow:
        earlier = uow.filings.find(message_id=message_id, content_hash=digest)
        if earlier is not None and (number := uow.filings.case_number(earlier)):
            return Filed(number, filing, duplicate=True)
        case = file_complaint(uow, filing, directory=deps.directory, calendar=deps.calendar,
                              clock=deps.clock, actor=caller.who)
        row = uow.cases.row(case.number)
        uow.filings.add(case_id=row.id if row else None, source=CHANNEL, message_id=message_id,
                        content_hash=digest, sender=caller.who,
                        outcome="opened", reason=None, raw=raw, parsed=None, at=deps.clock(),
                        sent_at=deps.clock())
        _log(uow.session, deps, caller, case.number, "file complaint", True)
        uow.commit()
    return Filed(case.number, filing, duplicate=False)
