"""Calendar invites (iTIP over email) that keep people's calendars on the statutory dates.

An invite is rendered from the case *as it stands now*, not as it stood when the invite
was owed: a late or repeated send can then never put a stale date back in a calendar.
SEQUENCE comes from the stored history (`cases.notices.invite_sequence`), the UID from
the case and purpose, so an update replaces the earlier entry and a restart repeats
rather than invents. Each person gets their own REQUEST naming only them as attendee:
the list of invitees would itself tell who is involved in a confidential case (§6).
SUMMARY and LOCATION carry the case number and the room, never a name.

A meeting's invitation (`INVITE_MEETING`) has its own UID, `<case>-meeting-<n>@...`, and
its SEQUENCE is the meeting's count of revisions (`cases.meetings`): moved, opened at the
respondent's request, stayed by a continuance (TENTATIVE, with the reason), confirmed or
cancelled when the council decides. A cancelled meeting's UID is never used again. Only
a meeting asks for an answer (RSVP); the statutory windows are entries for information,
with no reply requested.
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
from cases.meetings import Body, Meeting
from cases.notices import NoticeType, invite_sequence, meeting_of, meeting_slot, official_of
from cases.open_meetings import business, meeting_title

PRODID = "-//EthicsBot//Ethics complaint docket//EN"

_PURPOSE = {
    NoticeType.INVITE_SUFFICIENCY_WINDOW: ("sufficiency-window", "sufficiency hearing window"),
    NoticeType.INVITE_COUNCIL_DECISION: ("council-decision", "council decision window"),
}
NO_REPLY = "A statutory period, not a meeting: no reply is needed."


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
    meeting: bool = False  # a meeting asks its invitees to answer; a window asks no one
    # the language its SUMMARY and DESCRIPTION are written in, where not English: the
    # complainant's copy (`notices.translated.invite`), marked LANGUAGE (RFC 5545 3.2.10)
    language: str | None = None

    @property
    def cancelled(self) -> bool:
        return self.method == "CANCEL"


def build_invite(case: Case, purpose: NoticeType, calendar: CityCalendar, *, now: datetime,
                 uid_domain: str, slot: str = "") -> Invite:
    """The invite for `purpose` on `case` (for a meeting, the one `slot` names); ValueError
    if the case never opened it."""
    if purpose is NoticeType.INVITE_MEETING:
        number = meeting_of(slot)
        meeting = case.meetings.get(number) if number is not None else None
        if meeting is None:
            raise ValueError(f"{case.number} has no meeting {slot!r} to invite to")
        return _meeting(case, meeting, calendar, uid_domain)
    sequence = invite_sequence(case, purpose, slot)
    if sequence is None:
        raise ValueError(f"{case.number} has no {purpose.value} {slot} to invite to")
    slug, label = _PURPOSE[purpose]
    official = official_of(case, slot)
    if official is not None:  # an official's own window: its UID and title count, never name
        slug = f"{slug}-{slot.removeprefix('official-')}"
        label = (f"{label} (official {case.parties().index(official) + 1} of "
                 f"{len(case.parties())})")
    base = Invite(uid=f"{case.number.lower()}-{slug}@{uid_domain}", sequence=sequence,
                  method="REQUEST", summary=f"{case.number}: {label}", description="",
                  start=calendar.local_date(case.received_at),
                  end=calendar.local_date(case.received_at))
    keys = ((DeadlineKey.HEARING_BEGIN, DeadlineKey.HEARING_CONCLUDE)
            if purpose is NoticeType.INVITE_SUFFICIENCY_WINDOW
            else (DeadlineKey.COUNCIL_DECISION,))
    invite = _window(case, base, calendar, now, keys, official)
    if case.void:  # opened by mistake: every entry it put in a calendar comes out again
        return replace(invite, method="CANCEL", tentative=False, description=(
            "CANCELLED: this case was opened by mistake and is void; nothing is due."))
    return invite


def _window(case: Case, base: Invite, calendar: CityCalendar, now: datetime,
            keys: tuple[DeadlineKey, ...], official: str | None = None) -> Invite:
    triggers = case.triggers()
    if official is not None:  # that official's own §12 clock
        triggers = replace(triggers, council_clocks=tuple(
            c for c in triggers.council_clocks if c.official == official))
    tolled = case.pending_continuance is not None
    if tolled:  # no due date while tolled: show at least the dates as they were before
        triggers = replace(triggers, continuances=tuple(
            c for c in triggers.continuances if not c.pending))
    dues = {d.key: d for d in compute_deadlines(triggers, calendar, now=now)}
    last = dues[keys[-1]]
    assert last.due is not None
    received = (case.findings[official].on if official in case.findings
                else case.determination_received_on)
    start = (received if keys[-1] is DeadlineKey.COUNCIL_DECISION and received
             else calendar.local_date(case.received_at))
    lines = [f"{dues[k].action} ({dues[k].ordinance}): {dues[k].basis}." for k in keys]
    if tolled:
        lines.insert(0, "TOLLED (§7): a continuance is pending before the council; these "
                        "dates will move when it decides, and this entry will be updated.")
    lines.append(NO_REPLY)
    return replace(base, description="\n".join(lines), start=start,
                   end=calendar.local_date(last.due) + timedelta(days=1), tentative=tolled)


def _meeting(case: Case, m: Meeting, calendar: CityCalendar, uid_domain: str) -> Invite:
    """A meeting of the board or the council, as it now stands: moved, opened, stayed
    (tentative, with the reason) or cancelled."""
    lines = [*business(m, case.number)]
    if m.cancelled:
        lines.insert(0, f"CANCELLED: {m.cancelled}.")
    elif m.tentative:
        lines.insert(0, f"TENTATIVE: {m.tentative}. This entry will be confirmed, moved or "
                        "cancelled when the council decides.")
    if m.emergency:
        lines.append(f"Called as an emergency (RCW 42.30.080(4)): {m.emergency}")
    if m.remote_link:
        lines.append(f"To attend remotely: {m.remote_link}")
    if m.body is Body.BOARD:
        lines.append("The person complained against may present information at the hearing "
                     "(§9).")
    lines.append(f"{fmt_moment(calendar.local(m.starts_at))} to "
                 f"{fmt_moment(calendar.local(m.ends_at))}, {m.place}.")
    return Invite(uid=f"{case.number.lower()}-{meeting_slot(m.number)}@{uid_domain}",
                  sequence=m.sequence, method="CANCEL" if m.cancelled else "REQUEST",
                  summary=f"{case.number}: {meeting_title(m)}",
                  description="\n".join(lines), start=m.starts_at.astimezone(UTC),
                  end=m.ends_at.astimezone(UTC), location=m.place,
                  tentative=m.tentative is not None, meeting=True)


def attendee_role(case: Case, invite: Invite, email: str) -> str:
    """A window asks no one to attend; a meeting needs its members, and invites the parties."""
    if not invite.meeting:
        return "NON-PARTICIPANT"
    parties = {r.lower() for r in case.respondents}
    if case.filing.complainant.email:
        parties.add(case.filing.complainant.email.lower())
    return "OPT-PARTICIPANT" if email.lower() in parties else "REQ-PARTICIPANT"


def to_ical(invite: Invite, *, organizer: Person, attendee: Person, now: datetime,
            role: str = "REQ-PARTICIPANT") -> str:
    """The iTIP calendar object (METHOD REQUEST or CANCEL) for one attendee, as text. Only a
    meeting asks for an answer (RSVP); a window's entry is for information."""
    event = _event(invite, now, organizer=vCalAddress.new(
        f"mailto:{organizer.email}", cn=organizer.name), attendees=[vCalAddress.new(
            f"mailto:{attendee.email}", cn=attendee.name, role=role,
            partstat="NEEDS-ACTION", rsvp=invite.meeting and not invite.cancelled)])
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
    event = Event.new(
        uid=invite.uid, sequence=invite.sequence, stamp=now.astimezone(UTC),
        start=invite.start, end=invite.end, summary=invite.summary,
        description=invite.description, location=invite.location,
        status=STATUS.CANCELLED if invite.cancelled else (
            STATUS.TENTATIVE if invite.tentative else STATUS.CONFIRMED),
        # a window is a reminder of a period, not time taken out of anyone's day
        transparency=TRANSP.OPAQUE if isinstance(invite.start, datetime)
        else TRANSP.TRANSPARENT, **people)  # type: ignore[arg-type]
    if invite.language is not None:
        for words in ("SUMMARY", "DESCRIPTION"):
            event[words].params["LANGUAGE"] = invite.language
    return event


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
