"""The statutory deadlines of a case, each with who must act and the arithmetic shown.

Each deadline is defined once, whole, in `cases.deadline_values.DEADLINES` (its section,
trigger, period, who answers for it, what tolls or extends it); `BY_SECTION` finds a
section's deadlines. This module does the arithmetic.

Tolling (§7) applies to the two hearing deadlines only: each continuance adds the days
the application was pending (decided − applied) plus the days granted to the last day,
before the weekend/holiday roll-forward; while an application is pending those deadlines
have no due date. A continuance applied for, or an extension (§10, §12) approved, after
the deadline it would move has passed does not revive it.

How many granted days count is the city's reading of §7's cap (`cases.readings`): the
date by the city's reading is `due`; where the other reading gives another date, it is
shown beside it (`other`), and reminders follow the earlier of the two (`remind_by`).

The values (keys, statuses, triggers, the deadline itself, `status_at`) are in
`cases.deadline_values`; they are re-exported here, where every reader looks for them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from typing import Any

from cases.calendar import CityCalendar, fmt_day, fmt_moment
from cases.deadline_values import (
    BY_SECTION,
    DEADLINES,
    DISCLOSURE_KEYS,
    MAX_CONTINUANCE_DAYS,
    TOLLED_KEYS,
    Continuance,
    CouncilClock,
    Deadline,
    DeadlineKey,
    DisclosureRequest,
    Extension,
    OtherReading,
    Responsible,
    Status,
    Triggers,
    by,
    days_of,
    status_at,
)
from cases.readings import DEFAULT, ContinuanceCap, Readings, describe, other

__all__ = [
    "BY_SECTION",
    "DEADLINES",
    "DISCLOSURE_KEYS",
    "MAX_CONTINUANCE_DAYS",
    "TOLLED_KEYS",
    "Continuance",
    "CouncilClock",
    "Deadline",
    "DeadlineKey",
    "DisclosureRequest",
    "Extension",
    "OtherReading",
    "Responsible",
    "Status",
    "Triggers",
    "add_years",
    "clocks_of_requests",
    "compute_deadlines",
    "deadline_changes",
    "disclosure_clocks",
    "extensions_of",
    "status_at",
]


def compute_deadlines(t: Triggers, cal: CityCalendar, *, now: datetime,
                      readings: Readings = DEFAULT) -> list[Deadline]:
    """Every deadline whose trigger has happened, in the order of the procedure."""
    received_day = cal.local_date(t.received)
    out: list[Deadline] = []

    # Exact instant: arithmetic on an aware datetime is wall-clock arithmetic within its own
    # zone, so add the hours in UTC (a ZoneInfo receipt would otherwise be 23/25 h at DST).
    due_24h = cal.local(t.received.astimezone(UTC) + timedelta(hours=24))
    out.append(_make(DeadlineKey.NOTICE_24H, due_24h, t, cal, now,
                     f"received {fmt_moment(cal.local(t.received))} + 24 hours = "
                     f"{fmt_moment(due_24h)}"))
    out.append(_day_deadline(DeadlineKey.REGISTERED_MAIL, "received", received_day, t, cal, now))
    for key in (DeadlineKey.HEARING_BEGIN, DeadlineKey.HEARING_CONCLUDE):
        out.append(_tolled_deadline(key, received_day, t, cal, now, readings.continuance_cap))
    if t.hearing_concluded is not None:
        out.append(_day_deadline(DeadlineKey.REPORT_DELIVERY, "hearing concluded",
                                 t.hearing_concluded, t, cal, now))
    if t.council_clocks:
        out.extend(_council_decision(t, cal, now))
    elif t.determination_received is not None:
        out.append(_day_deadline(DeadlineKey.COUNCIL_DECISION, "determination received",
                                 t.determination_received, t, cal, now))
    if t.public_since is not None:
        out.append(_limitations(t, cal))
    if t.disclosure_requests:
        out.append(_disclosure(t, cal, now))
    estimates = [_estimate(r, i + 1, len(t.disclosure_requests), cal, now)
                 for i, r in enumerate(t.disclosure_requests) if r.estimate is not None]
    if estimates:
        out.append(_worst(estimates))
    return out


def _make(key: DeadlineKey, due: datetime | None, t: Triggers, cal: CityCalendar,
          now: datetime, basis: str, reading: str | None = None,
          other_: OtherReading | None = None) -> Deadline:
    rule = DEADLINES[key]
    done = t.done.get(key)
    on = t.done_on.get(key)
    if done is not None and on is not None and on != cal.local_date(done):
        # recorded later than it happened: a day period ends with its day, so the day decides
        status = Status.MET if due is None or on <= cal.local_date(due) else Status.LATE
        basis += f"; done {fmt_day(on)} (recorded {fmt_moment(cal.local(done))})"
    elif done is not None:
        status = Status.MET if due is None or by(done, due) else Status.LATE
        basis += f"; done {fmt_moment(cal.local(done))}"  # the city's zone, even when tolled
    elif due is None:
        status = Status.TOLLED
    else:
        status = Status.OPEN if by(now, due) else Status.MISSED
    return Deadline(key, due, status, rule.responsible, basis, rule.section, rule.action,
                    reading, other_)


def _finish(cal: CityCalendar, start: str, last: date) -> tuple[datetime, str]:
    """Roll the last day forward over closed days and say so; due at its end."""
    rolled, skipped = cal.roll_forward(last)
    text = start
    if skipped:
        text += f"; {'; '.join(skipped)}, so it moves to the next business day, {fmt_day(rolled)}"
    due = cal.end_of_day(rolled)
    return due, text + f"; due by {fmt_moment(due)}"


def _plus(trigger_label: str, trigger_day: date, days: int) -> tuple[date, str]:
    last = trigger_day + timedelta(days=days)
    return last, f"{trigger_label} {fmt_day(trigger_day)} + {days} days = {fmt_day(last)}"


def extensions_of(t: Triggers, key: DeadlineKey) -> tuple[Extension, ...]:
    given = t.extensions.get(key, ())
    return (Extension(given),) if isinstance(given, int) else tuple(given)


def _day_deadline(key: DeadlineKey, label: str, trigger_day: date, t: Triggers,
                  cal: CityCalendar, now: datetime) -> Deadline:
    rule = DEADLINES[key]
    last, text = _plus(label, trigger_day, days_of(key))
    counted, late = 0, ""
    for x in sorted(extensions_of(t, key), key=lambda x: (x.on is not None, x.on)):
        if x.on is not None and x.on > cal.roll_forward(last + timedelta(days=counted))[0]:
            late += (f"; {x.days} days extension {rule.extension_verb} {fmt_day(x.on)}, "
                     f"after the period ended, cannot revive it ({rule.section})")
        else:
            counted += x.days
    if counted:
        last += timedelta(days=counted)
        text += f" + {counted} days extension = {fmt_day(last)}"
    due, text = _finish(cal, text + late, last)
    return _make(key, due, t, cal, now, text)


def _tolled_deadline(key: DeadlineKey, received_day: date, t: Triggers, cal: CityCalendar,
                     now: datetime, cap: ContinuanceCap) -> Deadline:
    last, text = _tolled_last(key, received_day, t, cal, cap)
    due = None if last is None else _finish(cal, "", last)[0]
    if last is not None:
        _, text = _finish(cal, text, last)
    theirs = other(cap)
    assert isinstance(theirs, ContinuanceCap)
    if sum(c.granted_days for c in t.continuances) <= MAX_CONTINUANCE_DAYS:
        other_due = due  # within 10 days in all, both readings count every day granted
    else:
        other_last, _ = _tolled_last(key, received_day, t, cal, theirs)
        other_due = None if other_last is None else _finish(cal, "", other_last)[0]
    if other_due == due:  # the cap's reading changes nothing here: it is not named
        return _make(key, due, t, cal, now, text)
    reading = describe(cap)
    text += (f"; by the city's reading, {reading}; read with {describe(theirs)} it would be "
             "due " + (fmt_moment(other_due) if other_due else "on no date while tolled"))
    return _make(key, due, t, cal, now, text, reading, OtherReading(describe(theirs), other_due))


def _tolled_last(key: DeadlineKey, received_day: date, t: Triggers, cal: CityCalendar,
                 cap: ContinuanceCap) -> tuple[date | None, str]:
    """The last day before the roll-forward (None while tolled) and its arithmetic."""
    last, text = _plus("received", received_day, days_of(key))
    counted = 0  # days granted so far that count, for a cap of 10 days in total
    for c in sorted(t.continuances, key=lambda c: c.applied):
        if c.applied > cal.roll_forward(last)[0]:
            continue  # applied after this deadline had passed: it cannot be revived
        if c.pending:
            text += (f"; tolled since {fmt_day(c.applied)}: a continuance was applied for "
                     "and the council has not decided, so there is no due date until it does")
            return None, text
        days = c.granted_days
        if cap is ContinuanceCap.IN_TOTAL:
            days = max(0, min(days, MAX_CONTINUANCE_DAYS - counted))
        counted += days
        last += timedelta(days=c.paused_days + days)
        if not c.granted_days:
            outcome = "0 days (continuance denied)"
        elif days == c.granted_days:
            outcome = f"{c.granted_days} days continuance granted"
        else:
            outcome = (f"{c.granted_days} days continuance granted, {days} of them counted "
                       f"({MAX_CONTINUANCE_DAYS} days in total)")
        text += (f" + {c.paused_days} days paused (applied {fmt_day(c.applied)}, decided "
                 f"{fmt_day(c.decided or c.applied)}) + {outcome} = {fmt_day(last)}")
    return last, text


def add_years(day: date, years: int) -> date:
    """The same calendar date `years` later; Feb 29 becomes Feb 28 in a common year."""
    try:
        return day.replace(year=day.year + years)
    except ValueError:
        return day.replace(year=day.year + years, day=28)


def _limitations(t: Triggers, cal: CityCalendar) -> Deadline:
    assert t.public_since is not None
    last = add_years(t.public_since, 2)
    text = (f"misconduct reasonably available to the public {fmt_day(t.public_since)} "
            f"+ 2 years = {fmt_day(last)}")
    due, text = _finish(cal, text, last)
    timely = by(t.received, due)
    text += (f"; complaint received {fmt_moment(cal.local(t.received))}: "
             + ("within the period" if timely else "after the period ended (§4)"))
    rule = DEADLINES[DeadlineKey.LIMITATIONS]
    return Deadline(rule.key, due, Status.MET if timely else Status.MISSED, rule.responsible,
                    text, rule.section, rule.action)


def _council_decision(t: Triggers, cal: CityCalendar, now: datetime) -> list[Deadline]:
    """§12 as to each official: seven days from the day the council received the
    determination of a violation against them, met by its decision as to them. One line
    each, naming its official (`Deadline.official`): one official's time met, missed or
    extended is not another's (with two, the basis names whose determination it runs
    from)."""
    key, several = DeadlineKey.COUNCIL_DECISION, len(t.council_clocks) > 1
    judged = []
    for clock in t.council_clocks:
        own = replace(t, extensions={**t.extensions, key: clock.extensions},
                      done={**t.done, key: clock.decided_at} if clock.decided_at else
                      {k: v for k, v in t.done.items() if k is not key},
                      done_on={**t.done_on, key: clock.decided_on} if clock.decided_on else
                      {k: v for k, v in t.done_on.items() if k is not key})
        label = (f"determination as to {clock.official} received" if several
                 else "determination received")
        judged.append(replace(_day_deadline(key, label, clock.received, own, cal, now),
                              official=clock.official))
    return judged


def _worst(judged: list[Deadline]) -> Deadline:
    """The one line for several clocks of one deadline: one missed, else the soonest still
    open (what must be acted on, judged again as time passes), else one met late, else
    the last met; so a late one is not hidden behind a later one met on time."""
    order = (Status.MISSED, Status.OPEN, Status.TOLLED, Status.LATE, Status.MET)
    judged = sorted(judged, key=lambda d: (d.due is None, d.due))
    worst = min(order.index(d.status) for d in judged)
    chosen = [d for d in judged if order.index(d.status) == worst]
    return chosen[-1] if order[worst] is Status.MET else chosen[0]


def _disclosure(t: Triggers, cal: CityCalendar, now: datetime) -> Deadline:
    """The line of the deadlines table for every request together (each request's own
    clock is `disclosure_clocks`), chosen by `_worst`: a late answer is not hidden behind
    a later one answered on time."""
    return _worst(disclosure_clocks(t.disclosure_requests, cal, now=now))


def disclosure_clocks(requests: Sequence[DisclosureRequest], cal: CityCalendar, *,
                      now: datetime) -> list[Deadline]:
    """Each request's own clock (RCW 42.56.520): its first answer is owed five business
    days after the day it was received, by the same calendar; in the order the requests
    were recorded, which numbers them (#1, #2, ...)."""
    return [_one_request(r, i + 1, len(requests), cal, now) for i, r in enumerate(requests)]


def clocks_of_requests(requests: Sequence[Mapping[str, Any]], cal: CityCalendar, *,
                       now: datetime) -> list[Deadline]:
    """`disclosure_clocks` of the requests as the read side gives them (ISO days)."""
    def day(x: Any) -> date | None:
        return date.fromisoformat(x) if x else None

    return disclosure_clocks([DisclosureRequest(date.fromisoformat(r["received"]),
                                                day(r.get("responded")) or day(r["answered"]))
                              for r in requests], cal, now=now)


def _one_request(r: DisclosureRequest, number: int, of: int, cal: CityCalendar,
                 now: datetime) -> Deadline:
    rule = DEADLINES[DeadlineKey.DISCLOSURE_RESPONSE]
    last, skipped = cal.add_business_days(r.received, days_of(rule.key))
    which = f" {number} of {of}" if of > 1 else ""
    text = (f"request{which} received {fmt_day(r.received)} + {rule.days} "
            f"business days = {fmt_day(last)}")
    if skipped:
        text += f" ({'; '.join(skipped)}: not counted)"
    due = cal.end_of_day(last)
    text += f"; due by {fmt_moment(due)}"
    if r.answered is not None:
        status = Status.MET if r.answered <= last else Status.LATE
        text += f"; answered {fmt_day(r.answered)}"
    else:
        status = Status.OPEN if by(now, due) else Status.MISSED
    return Deadline(rule.key, due, status, rule.responsible, text, rule.section, rule.action)


def _estimate(r: DisclosureRequest, number: int, of: int, cal: CityCalendar,
              now: datetime) -> Deadline:
    """The estimate a first answer gave (RCW 42.56.520(2)), met by the request's final
    answer; while the city waits on the requester's clarification it is not counted, and
    the days waited are added to it when the clarification comes (`cases.disclosure`)."""
    rule = DEADLINES[DeadlineKey.DISCLOSURE_ESTIMATE]
    assert r.estimate is not None
    which = f" {number} of {of}" if of > 1 else ""
    text = f"request{which}: the estimate given, {fmt_day(r.estimate)}"
    if r.paused_since is not None and r.closed is None:
        text += (f"; waiting on the requester's clarification since "
                 f"{fmt_day(r.paused_since)}: not counted (RCW 42.56.520(3))")
        return Deadline(rule.key, None, Status.TOLLED, rule.responsible, text, rule.section,
                        rule.action)
    due = cal.end_of_day(r.estimate)
    text += f"; due by {fmt_moment(due)}"
    if r.closed is not None:
        status = Status.MET if r.closed <= r.estimate else Status.LATE
        text += f"; final answer {fmt_day(r.closed)}"
    else:
        status = Status.OPEN if by(now, due) else Status.MISSED
    return Deadline(rule.key, due, status, rule.responsible, text, rule.section, rule.action)


def deadline_changes(before: list[Deadline], after: list[Deadline],
                     cal: CityCalendar) -> list[dict[str, str | None]]:
    """The due dates that moved, for the case history: key (and whose, for an official's
    own), old due, new due (city time)."""
    old = {d.line: d.due for d in before}

    def iso(x: datetime | None) -> str | None:
        return cal.local(x).isoformat() if x is not None else None

    return [{"key": d.key.value, **({"official": d.official} if d.official else {}),
             "old": iso(old[d.line]), "new": iso(d.due)}
            for d in after if d.line in old and old[d.line] != d.due]

