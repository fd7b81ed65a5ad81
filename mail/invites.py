"""Calendar invites (iTIP over email) that keep people's calendars on the statutory dates.

An invite is rendered from the case *as it stands now*, not as it stood when the invite
was owed: a late or repeated send can then never put a stale date back in a calendar.
SEQUENCE comes from the stored history (`cases.notices.invite_sequence`), the UID from
the case and purpose, so an update replaces the earlier entry and a restart repeats
rather than invents. Each person gets their own REQUEST naming only them as attendee:
the list of invitees would itself tell who is involved in a confidential case (§6).
SUMMARY and LOCATION carry the case number and the room, never a name.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, timedelta

from icalendar import Calendar, Event, vCalAddress
from icalendar.enums import STATUS, TRANSP

from cases.calendar import CityCalendar, fmt_day, fmt_moment
from cases.case import Case
from cases.deadlines import DeadlineKey, compute_deadlines
from cases.directory import Person
from cases.events import EventKind
from cases.notices import NoticeType, invite_sequence

HEARING_LENGTH = timedelta(hours=2)  # the ordinance sets none; a placeholder block
PRODID = "-//EthicsBot//Ethics complaint docket//EN"

_PURPOSE = {
    NoticeType.INVITE_SUFFICIENCY_WINDOW: ("sufficiency-window", "sufficiency hearing window"),
    NoticeType.INVITE_HEARING: ("hearing", "sufficiency hearing"),
    NoticeType.INVITE_COUNCIL_DECISION: ("council-decision", "council decision window"),
}


@dataclass(frozen=True)
class Invite:
    """One calendar entry as the case now stands."""

    uid: str
    sequence: int
    method: str  # REQUEST or CANCEL
    summary: str
    description: str
    start: date | datetime
    end: date | datetime
    location: str | None = None
    tentative: bool = False

    @property
    def cancelled(self) -> bool:
        return self.method == "CANCEL"


def build_invite(case: Case, purpose: NoticeType, calendar: CityCalendar, *, now: datetime,
                 uid_domain: str) -> Invite:
    """The invite for `purpose` on `case`; ValueError if the case never opened it."""
    sequence = invite_sequence(case, purpose)
    if sequence is None:
        raise ValueError(f"{case.number} has no {purpose.value} to invite to")
    slug, label = _PURPOSE[purpose]
    base = Invite(uid=f"{case.number.lower()}-{slug}@{uid_domain}", sequence=sequence,
                  method="REQUEST", summary=f"{case.number}: {label}", description="",
                  start=calendar.local_date(case.received_at),
                  end=calendar.local_date(case.received_at))
    if purpose is NoticeType.INVITE_HEARING:
        invite = _hearing(case, base, calendar)
    else:
        keys = ((DeadlineKey.HEARING_BEGIN, DeadlineKey.HEARING_CONCLUDE)
                if purpose is NoticeType.INVITE_SUFFICIENCY_WINDOW
                else (DeadlineKey.COUNCIL_DECISION,))
        invite = _window(case, base, calendar, now, keys)
    if case.void:  # opened by mistake: every entry it put in a calendar comes out again
        return replace(invite, method="CANCEL", tentative=False, description=(
            "CANCELLED: this case was opened by mistake and is void; nothing is due."))
    return invite


def _window(case: Case, base: Invite, calendar: CityCalendar, now: datetime,
            keys: tuple[DeadlineKey, ...]) -> Invite:
    triggers = case.triggers()
    tolled = case.pending_continuance is not None
    if tolled:  # no due date while tolled: show at least the dates as they were before
        triggers = replace(triggers, continuances=tuple(
            c for c in triggers.continuances if not c.pending))
    dues = {d.key: d for d in compute_deadlines(triggers, calendar, now=now)}
    last = dues[keys[-1]]
    assert last.due is not None
    start = (case.determination_received_on
             if keys[-1] is DeadlineKey.COUNCIL_DECISION and case.determination_received_on
             else calendar.local_date(case.received_at))
    lines = [f"{dues[k].action} ({dues[k].ordinance}): {dues[k].basis}." for k in keys]
    if tolled:
        lines.insert(0, "TOLLED (§7): a continuance is pending before the council; these "
                        "dates will move when it decides, and this entry will be updated.")
    return replace(base, description="\n".join(lines), start=start,
                   end=calendar.local_date(last.due) + timedelta(days=1), tentative=tolled)


def _hearing(case: Case, base: Invite, calendar: CityCalendar) -> Invite:
    hearing = case.hearing
    if hearing is None:
        raise ValueError(f"{case.number} has no hearing scheduled")
    start = hearing.starts_at.astimezone(UTC)
    session = ("open to the public at the request of the person involved (§13)"
               if hearing.open_to_public else "in executive session (§13)")
    text = (f"Sufficiency hearing (§7), held {session}, at "
            f"{fmt_moment(calendar.local(hearing.starts_at))}. The person complained against "
            "may present information at the hearing (§9).")
    invite = replace(base, start=start, end=start + HEARING_LENGTH, location=hearing.place,
                     description=text)
    if _stayed_over(case, calendar):
        return replace(invite, method="CANCEL", description=(
            "CANCELLED: the proceedings were stayed (§7) over the date of this hearing. "
            "A new date will be sent when the board reschedules it."))
    if case.pending_continuance is not None and case.hearing_begun_at is None:
        return replace(invite, tentative=True, description=(
            "STAYED (§7): a continuance is pending before the council; the hearing cannot "
            f"begin until it decides. {text}"))
    return invite


def _stayed_over(case: Case, calendar: CityCalendar) -> bool:
    """The hearing fell inside a decided stay that began after it was scheduled."""
    assert case.hearing is not None
    if case.hearing_begun_at is not None:
        return False
    day = calendar.local_date(case.hearing.starts_at)
    scheduled = max(i for i, e in enumerate(case.history) if e.kind is EventKind.HEARING_SCHEDULED)
    applied_after = {date.fromisoformat(e.data["on"]) for e in case.history[scheduled + 1:]
                     if e.kind is EventKind.CONTINUANCE_APPLIED}
    return any(c.decided is not None and c.applied in applied_after
               and c.applied <= day <= c.decided for c in case.continuances)


def to_ical(invite: Invite, *, organizer: Person, attendee: Person, now: datetime) -> str:
    """The iTIP calendar object (METHOD REQUEST or CANCEL) for one attendee, as text."""
    event = _event(invite, now, organizer=vCalAddress.new(
        f"mailto:{organizer.email}", cn=organizer.name), attendees=[vCalAddress.new(
            f"mailto:{attendee.email}", cn=attendee.name, role="REQ-PARTICIPANT",
            partstat="NEEDS-ACTION", rsvp=not invite.cancelled)])
    cal = Calendar.new(method=invite.method, prodid=PRODID, subcomponents=[event])
    cal.pop("UID", None)  # Calendar.new invents a random one; the event's UID is the key
    return bytes(cal.to_ical()).decode()


def to_feed(invites: list[Invite], *, now: datetime, name: str) -> str:
    """A subscription calendar (no METHOD, RFC 5545 publishing: what Outlook, Google and
    Apple Calendar subscribe to) of `invites`, each event with the UID of the invite
    mailed for it, so a feed and a mailed invite are one entry, never two; times in UTC
    or as dates. Cancelled entries are left out: a feed shows what stands."""
    events = [_event(i, now) for i in sorted(invites, key=lambda i: i.uid)
              if not i.cancelled]
    cal = Calendar.new(prodid=PRODID, subcomponents=events)
    cal.pop("UID", None)
    cal.add("X-WR-CALNAME", name)
    cal.add("REFRESH-INTERVAL", timedelta(hours=1), parameters={"VALUE": "DURATION"})
    cal.add("X-PUBLISHED-TTL", "PT1H")
    return bytes(cal.to_ical()).decode()


def _event(invite: Invite, now: datetime, **people: object) -> Event:
    return Event.new(
        uid=invite.uid, sequence=invite.sequence, stamp=now.astimezone(UTC),
        start=invite.start, end=invite.end, summary=invite.summary,
        description=invite.description, location=invite.location,
        status=STATUS.CANCELLED if invite.cancelled else (
            STATUS.TENTATIVE if invite.tentative else STATUS.CONFIRMED),
        # a window is a reminder of a period, not time taken out of anyone's day
        transparency=TRANSP.OPAQUE if isinstance(invite.start, datetime)
        else TRANSP.TRANSPARENT, **people)  # type: ignore[arg-type]


def without_method(ics: str) -> str:
    """The same calendar for storing on a CalDAV server (RFC 4791 forbids METHOD there)."""
    cal = Calendar.from_ical(ics)
    cal.pop("METHOD", None)
    return bytes(cal.to_ical()).decode()


def when_text(invite: Invite, calendar: CityCalendar) -> str:
    """How the invite's time reads in an email body."""
    if isinstance(invite.start, datetime):
        return fmt_moment(calendar.local(invite.start))
    assert not isinstance(invite.end, datetime)
    return f"{fmt_day(invite.start)} to {fmt_day(invite.end - timedelta(days=1))}"
