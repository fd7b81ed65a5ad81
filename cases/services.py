"""The service layer: every entry point (mail, Slack, the web, CLI, scheduler) changes
cases here.

Each function runs one step inside one unit of work: the case change, its events, its
recomputed deadlines and the notices it owes are committed together, or not at all.
Nothing here sends anything; the outbox dispatcher does, after the commit.
`take_step_as` is a person's step from any surface: the checks of `cases.access`, the
step, and the access log entry each surface writes its own way.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, fields, replace
from datetime import date, datetime
from typing import TypeVar

from cases.access import (
    Actor,
    Refused,
    askers_of,
    case_access,
    check_body,
    check_correction,
    check_form,
    check_hands,
    check_own_request,
    check_step,
)
from cases.calendar import CityCalendar
from cases.case import Case
from cases.commands import Refer, WithholdComplainant
from cases.deadlines import Deadline, deadline_changes
from cases.directory import Directory
from cases.errors import ProcedureError
from cases.filing import Filing
from cases.handlers import Command, StepRule
from cases.history import Event, EventKind
from cases.levels import Access
from cases.notices import NoticeType, OwedNotice, notices_owed
from cases.ports import Clock, UnitOfWork
from cases.procedure import handle, open_case
from cases.protection_hold import ENDS_HOLD, HELD
from cases.readings import Readings
from cases.steps import rule_for

U = TypeVar("U", bound=UnitOfWork)


def file_complaint(
    uow: UnitOfWork,
    filing: Filing,
    *,
    directory: Directory,
    calendar: CityCalendar,
    clock: Clock,
    actor: str,
    public_since: date | None = None,
) -> Case:
    """Open a case for `filing` and owe its §2 notices. The caller commits."""
    now = clock()
    respondents = _respondent_emails(filing, directory)
    number = uow.cases.next_number(calendar.local_date(filing.received_at).year)
    case = open_case(number=number, filing=filing, respondents=respondents, at=now,
                     actor=actor, public_since=public_since, readings=directory.readings)
    uow.cases.save(case, case.deadlines(calendar, now=now, readings=directory.readings))
    for event in case.history:  # its receipt, and the hold of its notices if any
        for notice in notices_owed(case, event, directory):
            uow.outbox.add(notice)
    return case


def take_step(
    uow: UnitOfWork,
    number: str,
    cmd: Command,
    *,
    directory: Directory,
    calendar: CityCalendar,
    clock: Clock,
    actor: str,
) -> Event:
    """Record one procedural step on case `number`, with what it changes and owes."""
    freshen(uow, number, directory=directory, calendar=calendar, clock=clock)
    case = get_case(uow, number)
    now = clock()
    readings = directory.readings
    before = case.deadlines(calendar, now=now, readings=readings)
    if isinstance(cmd, WithholdComplainant):  # `cases.derived.FROM_OUTBOX`
        cmd = replace(cmd, already_told=_told_complainant(uow, number))
    event = handle(case, cmd, at=now, actor=actor, calendar=calendar, readings=readings,
                   http_links=directory.http_links, regular=directory.regular_times)
    after = case.deadlines(calendar, now=now, readings=readings)
    if moved := event.kind.rule.moves_days:
        _record_recomputation(case, before, after, calendar, at=now, actor=actor,
                              reason=f"{moved}: {event.data['reason']}")
    uow.cases.save(case, after)
    if isinstance(cmd, Refer) and cmd.examiner:
        uow.rotation.record_assigned(cmd.examiner)  # the next referral continues after them
    owed = notices_owed(case, event, directory)
    # a failed motion (the board's void not carried) changes nothing, so cancels nothing
    if (rule := rule_for(cmd)).cancels_notices and event.took_effect:
        owed = _withdraw_notices(uow, number, owed,
                                 reason=f"{rule.name}: {event.data.get('reason', '')}")
    for notice in owed:
        uow.outbox.add(notice)
    if event.kind in ENDS_HOLD:  # the held §2 notices go now (`cases.protection_hold`)
        uow.outbox.release_held(number, HELD)
    return event


def _told_complainant(uow: UnitOfWork, number: str) -> tuple[str, ...]:
    """Who was sent the complaint, the complainant named, before it was withheld: the
    officials whose §2 notice (the complaint attached) was delivered."""
    told = {email for kind, _slot, email in uow.outbox.ever_sent(number)
            if kind == NoticeType.COMPLAINT_TO_RESPONDENT.value}
    return tuple(sorted(told))


def _withdraw_notices(uow: UnitOfWork, number: str, owed: list[OwedNotice], *,
                      reason: str) -> list[OwedNotice]:
    """A step after which the case owes nothing (void): what it still owed is cancelled,
    and of what the step itself owes (the cancellations of invites, meetings, postings)
    only those to someone who had the original: a person who never got the invite has
    nothing to take out of their calendar, and should not learn of the case now."""
    uow.outbox.cancel_pending(number, reason=reason)
    sent = uow.outbox.ever_sent(number)
    return [n for n in owed if (n.type.value, n.slot, n.recipient.email.lower()) in sent]


@dataclass(frozen=True)
class Taken:
    """A person's step, committed: its history entry, and the flags for the city attorney
    it raised (a request that came before a meeting taken down only after it, a
    determination with no executive session recorded), which every surface tells the
    person at once rather than only on the case page."""

    event: Event
    flags: tuple[str, ...] = ()


def take_step_as(
    new_uow: Callable[[], AbstractContextManager[U]],
    actor: Actor,
    number: str,
    step: StepRule,
    build: Callable[[Case, U], Command],
    *,
    directory: Directory,
    calendar: CityCalendar,
    clock: Clock,
    log: Callable[[U, str, str, bool], None],
) -> Taken:
    """A person's step on case `number`, from any surface, committed: the role the table
    gives the step (`check_step`), never on a case against oneself but the official's own
    requests, and only one that can be theirs (`check_form`, as the web's form is shown
    under; `check_own_request`), the command `build`
    makes from the stored case (what the person typed, completed by `cases.derived`), the
    right hands on a vote (`check_hands`) and on a body's act (`check_body`), then
    `take_step`; it returns the entry with the flags the step raised (`Taken`).

    `log(uow, number, action, allowed)` writes the surface's access log entry: in the
    step's transaction when it is taken; in a transaction of its own when it is refused
    (not allowed) or fails (allowed, but the procedure said no), since the step's is
    rolled back. The exception is raised again for the surface to word."""
    action = f"step {step.id}"
    try:
        check_step(actor, step)
        with new_uow() as uow:
            found = uow.cases.get(number)
            # before "no such case": someone who may take the step only on a case against
            # them learns nothing of a case that is not (the same refusal, absent or not)
            check_form(actor, step, found.respondents if found else (),
                       askers_of(found) if found else None)
            case = get_case(uow, number)
            cmd = build(case, uow)
            assert step.command is type(cmd), (step, cmd)
            check_own_request(actor, case.respondents, cmd)
            check_hands(actor, cmd)
            check_body(actor, cmd, case)
            check_correction(actor, cmd, case)
            flagged = set(case.meetings.irregularities())
            event = take_step(uow, number, cmd, directory=directory, calendar=calendar,
                              clock=clock, actor=actor.email or "")
            after = get_case(uow, number)
            raised = tuple(f for f in after.meetings.irregularities() if f not in flagged
                           ) if _sees_flags(actor, after) else ()
            log(uow, number, action, True)
            uow.commit()
            return Taken(event, raised)
    except Exception as e:
        refused = isinstance(e, Refused)
        with new_uow() as uow:
            log(uow, number, f"{action} refused" if refused else f"{action} failed",
                not refused)
            uow.commit()
        raise


def _sees_flags(actor: Actor, case: Case) -> bool:
    """The flags for the city attorney are shown to full access only (the case page's
    meetings show them so): an official taking their own request is not told of them."""
    return case_access(actor, respondents=case.respondents, closed=False, released=(),
                       walled=case.recusals) is Access.FULL


def recompute(uow: UnitOfWork, number: str, *, directory: Directory, calendar: CityCalendar,
              clock: Clock, reason: str) -> list[dict[str, str | None]]:
    """Recompute an open case's deadlines (e.g. the city's holidays changed), record the
    old and new dates in its history and re-send the invites whose dates moved. Returns
    the changes (empty: nothing moved)."""
    case = get_case(uow, number)
    now = clock()
    after = case.deadlines(calendar, now=now, readings=directory.readings)
    changes = _record_recomputation(case, uow.cases.stored_deadlines(number), after,
                                    calendar, at=now, actor="ethicsbot", reason=reason)
    uow.cases.save(case, after)
    if changes:
        for notice in notices_owed(case, case.history[-1], directory):
            uow.outbox.add(notice)
    return changes


CALENDAR_CHANGED = "the city's calendar (time zone or holidays) or its readings changed"


def calendar_in_force(calendar: CityCalendar, readings: Readings) -> str:
    """A fingerprint of what deadlines are computed under: the time zone, the legal
    holidays and the city's readings. Stored with each case's deadlines, so that a change
    of the city's file finds the cases to recompute (`storage.calendar_state`)."""
    days = ",".join(sorted(d.isoformat() for d in calendar.city_holidays))
    chosen = ",".join(f"{f.name}={getattr(readings, f.name).value}" for f in fields(readings))
    return hashlib.sha256(f"{calendar.tz.key}|{days}|{chosen}".encode()).hexdigest()


def freshen(uow: UnitOfWork, number: str, *, directory: Directory, calendar: CityCalendar,
            clock: Clock) -> list[dict[str, str | None]]:
    """Recompute case `number` now if its deadlines were computed under another calendar
    or other readings than those in force (the background recomputation has not reached
    it yet): a case read or touched shows the dates in force. The changes (usually none);
    the caller commits."""
    if not uow.cases.stale(number):
        return []
    return recompute(uow, number, directory=directory, calendar=calendar, clock=clock,
                     reason=CALENDAR_CHANGED)


def get_case(uow: UnitOfWork, number: str) -> Case:
    case = uow.cases.get(number)
    if case is None:
        raise ProcedureError(f"There is no case {number}. `ethicsbot cases` lists the docket.")
    return case


def _record_recomputation(case: Case, before: list[Deadline], after: list[Deadline],
                          calendar: CityCalendar, *, at: datetime, actor: str,
                          reason: str) -> list[dict[str, str | None]]:
    changes = deadline_changes(before, after, calendar)
    if changes:
        case.apply(Event(EventKind.DEADLINES_RECOMPUTED, at, actor,
                         {"reason": reason, "changes": changes}))
    return changes


def _respondent_emails(filing: Filing, directory: Directory) -> tuple[str, ...]:
    names = {n.casefold() for n in filing.respondents}
    return tuple(p.email for p in directory.respondent_candidates()
                 if p.name.casefold() in names)
