"""What a notice to the complainant says in another language beyond its template's words,
the same way for every language: its dates, its deadlines, the board's business, the
meeting's session and its subject, and the meeting invitation's own calendar text
(`invite`: the .ics SUMMARY and DESCRIPTION), each written from one table per language
(`Words`: `notices.spanish.WORDS`, `notices.french.WORDS`).

The templates (`templates/notices/<type>.<language>.<format>.j2`) hold the sentences; the
values the renderer computes in English (`notices.render.template_data`: "Tue Jan 20, 2026
6:00 PM PST", "begin the sufficiency hearing", "open meeting; ...") are written again here
from the same facts, because a Spanish or French date or deadline is not an English one
with the words swapped. One function (`values`) does it for every notice and language, so
no notice and no language has its own branch; a language is its table. What the clerk,
the board or the official typed (a reason, an amendment's words, a penalty) is theirs and
stays as written.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime
from typing import Any

from cases.calendar import CityCalendar
from cases.case import Case
from cases.deadline_values import Deadline, DeadlineKey, Status
from cases.history import Event, EventKind
from cases.meetings import OPEN_SECTION, Body, Business, Meeting, MeetingKind
from cases.open_meetings import EXECUTIVE_GROUND
from notices.invites import Invite


@dataclass(frozen=True)
class Words:
    """One language's table: everything the renderer's English values need to be written
    in it. The sentences with a blank (`session_*`, `span`, `title`) are format strings,
    so that a language orders its words its own way."""

    language: str
    day: Callable[[date], str]  # 'lunes 26 de enero de 2026', 'lundi 26 janvier 2026'
    clock: Callable[[datetime], str]  # '18:00', '18 h'
    # a moment, 'lunes 26 de enero de 2026, 23:59:59 PST': {day}, {clock}, {zone}
    moment: str
    # a meeting's time on one day: {day}, {start}, {end}, {zone}; on two: {start}, {end}
    span: str
    span_days: str
    # each deadline a notice to the complainant can spell out: what must be done, and how
    # its date is counted (the ordinance's rule; the English notice's `basis` is the
    # arithmetic)
    deadlines: Mapping[DeadlineKey, tuple[str, str]]
    statuses: Mapping[Status, str]
    no_due: str  # a tolled deadline's date
    business: Mapping[Business, str]  # what the board meets on, in a sentence
    headlines: Mapping[Business, str]  # the board meeting notice's subject, by business
    bodies: Mapping[Body, str]
    kinds: Mapping[MeetingKind, str]
    title: str  # a meeting's name: {kind}, {of} (`of`: the body, as the name writes it)
    of: Mapping[Body, str]
    # the city's readings a notice states (`cases.readings`): the event keeps the English
    # words (`describe`), looked up here
    readings: Mapping[str, str]
    via: Mapping[str, str]  # how an official's request came (`cases.handlers.VIA`)
    # how the meeting is held (`cases.open_meetings.session_words`): {section}, {ground},
    # and for a meeting of several officials {asked} of {before}
    session_public: str
    session_executive: str
    session_some: str
    invite_prefix: Mapping[str, str]  # "cancelled", "updated", "new"
    # the calendar invitation's own text (`invite`): its SUMMARY ({case}, {title}), and
    # its DESCRIPTION's lines: what the meeting is ({title}, {number}, {case}), the
    # board's business ({business}), the session ({session}), the cancellation
    # ({reason}: as typed, or one of the two the case itself gives) and the stay of a
    # continuance ({on}), an emergency's reason, the remote link, §9's opportunity, the
    # agenda's posting, and the time and place ({when}, {place})
    ics_summary: str
    ics_meeting: str
    ics_business: str
    ics_session: str
    ics_cancelled: str
    ics_void: str
    ics_stayed: str
    ics_tentative: str
    ics_emergency: str
    ics_remote: str
    ics_present: str
    ics_agenda: str
    ics_when: str
    # a public records letter to a requester who is the complainant: each §13 record by
    # name ('la queja'), 'none', and a redaction's and a withheld record's line
    # ({record}; its exemption's {code} and {explanation} as typed)
    records: Mapping[str, str]
    no_records: str
    redacted: str
    withheld: str


def moment(words: Words, at: datetime) -> str:
    """A moment as `words`' language writes it (the zone's abbreviation as the English
    notices give it)."""
    return words.moment.format(day=words.day(at.date()), clock=words.clock(at),
                               zone=at.tzname())


def span(words: Words, start: datetime, end: datetime) -> str:
    """A meeting's time, one day's written once."""
    if start.date() != end.date() or start.tzname() != end.tzname():
        return words.span_days.format(start=moment(words, start), end=moment(words, end))
    return words.span.format(day=words.day(start.date()), start=words.clock(start),
                             end=words.clock(end), zone=end.tzname())


def _day_of(words: Words, value: object) -> object:
    """A stored day ('2026-01-12') as `words.day` writes it; anything else as it is."""
    try:
        return words.day(date.fromisoformat(str(value)))
    except ValueError:
        return value


def session(words: Words, m: Meeting) -> str:
    """How the meeting is held, in `words`' language."""
    section = OPEN_SECTION[m.proceeding]
    if m.open_to_public:
        return words.session_public.format(section=section, ground=EXECUTIVE_GROUND)
    if m.executive:
        return words.session_executive.format(section=section, ground=EXECUTIVE_GROUND)
    return words.session_some.format(section=section, ground=EXECUTIVE_GROUND,
                                     asked=len(m.open_for & m.before), before=len(m.before))


def title(words: Words, m: Meeting) -> str:
    """'reunión especial de la Junta de Ética': a meeting as the notices name it."""
    return words.title.format(kind=words.kinds[m.kind], of=words.of[m.body])


def _capital(words: str) -> str:
    return words[0].upper() + words[1:]


def subject(words: Words, row: str, *, board: Meeting | None, meeting: Meeting | None,
            invite: str | None) -> str:
    """A notice's subject: its row's words (`row`, already in the language), the board
    meeting's business, or the meeting an invitation is about, led by the invitation's
    prefix (`invite`: "cancelled", "updated", "new")."""
    if board is not None:
        row = words.headlines[board.business or Business.SUFFICIENCY_HEARING]
    if meeting is not None:
        row = _capital(title(words, meeting))
    return row if invite is None else words.invite_prefix[invite] + row


def deadline_rows(words: Words, deadlines: Sequence[Deadline],
                  calendar: CityCalendar) -> list[dict[str, Any]]:
    """The deadlines a notice spells out, as the templates list them."""
    rows = []
    for d in deadlines:
        action, counted = words.deadlines[d.key]
        rows.append({"action": _capital(action), "ordinance": d.ordinance,
                     "status": words.statuses[d.status], "basis": counted,
                     "due": moment(words, calendar.local(d.due)) if d.due else words.no_due})
    return rows


def values(words: Words, data: dict[str, Any], *, received: datetime,
           calendar: CityCalendar, deadlines: Sequence[Deadline], board: Meeting | None,
           meeting: Meeting | None) -> dict[str, Any]:
    """`data` (the English values) with every value the renderer wrote in English written
    in `words`' language: the dates (and the days stored in the owing event and the
    council's decision), the deadlines spelled out (`deadlines`, those `data` lists), the
    board meeting's time, business and session, the meeting an invitation is about, the
    examiner's hearing, and a public records letter's days, records and exemptions."""
    at = calendar.local
    out = dict(data, received=moment(words, at(received)),
               deadlines=deadline_rows(words, deadlines, calendar))
    for key in ("event", "decision"):
        if isinstance(out.get(key), dict) and "on" in out[key]:
            out[key] = dict(out[key], on=_day_of(words, out[key]["on"]))
    if isinstance(out.get("event"), dict):
        event = out["event"]
        out["event"] = dict(event, **{
            k: words.readings[v] for k, v in event.items()
            if k in ("reading", "notice_reading") and v in words.readings},
            **({"via": words.via[event["via"]]} if event.get("via") in words.via else {}))
    if board is not None and out.get("board_meeting"):
        out["board_meeting"] = dict(
            out["board_meeting"], when=moment(words, at(board.starts_at)),
            business=words.business[board.business or Business.SUFFICIENCY_HEARING],
            session=session(words, board))
    if meeting is not None and out.get("meeting"):
        out["meeting"] = dict(
            out["meeting"], body=words.bodies[meeting.body], title=title(words, meeting),
            kind=words.kinds[meeting.kind], when=moment(words, at(meeting.starts_at)),
            ends=moment(words, at(meeting.ends_at)), session=session(words, meeting))
    if out.get("examiner_hearing"):  # §11: the examiner's hearing, as they set it
        out["examiner_hearing"] = dict(out["examiner_hearing"],
                                       when=moment(words, out["examiner_hearing"]["at"]))
    if isinstance(out.get("disclosure"), dict) and "kept" in out["disclosure"]:
        out["disclosure"] = letter(words, out["disclosure"])
    if meeting is not None and out.get("invite"):
        out["invite"] = dict(out["invite"],
                             when=span(words, at(meeting.starts_at), at(meeting.ends_at)))
    return out


def _cause(case: Case, m: Meeting, *kinds: EventKind) -> Event | None:
    """The latest of the history's entries that revised `m` and is of one of `kinds`: what
    cancelled the meeting or stayed it."""
    return next((e for i in reversed(m.revisions) if i < len(case.history)
                 and (e := case.history[i]).kind in kinds), None)


def _cancelled(words: Words, case: Case, m: Meeting) -> str:
    """Why the meeting was cancelled: the clerk's reason as typed, or the case's own (the
    case void, the stay of a continuance) in `words`' language."""
    k = EventKind
    e = _cause(case, m, k.MEETING_CANCELLED, k.CASE_VOIDED, k.CONTINUANCE_DECIDED)
    if e is None or e.kind is k.MEETING_CANCELLED:
        return str(e.data["reason"]) if e is not None else str(m.cancelled)
    if e.kind is k.CASE_VOIDED:
        return words.ics_void
    return words.ics_stayed.format(on=_day_of(words, e.data["on"]))


def invite(words: Words, invite: Invite, case: Case, m: Meeting,
           calendar: CityCalendar) -> Invite:
    """The calendar invitation to meeting `m` as the complainant's calendar shows it, its
    SUMMARY and DESCRIPTION in `words`' language, from the same facts as the English
    (`notices.invites._meeting`); its UID, SEQUENCE, METHOD, times and place (as typed)
    are the English invite's, so an update in one language replaces an entry made in
    the other. The agenda's items stay in the English posting, to which it points, as
    the translated email does."""
    lines = [words.ics_meeting.format(title=_capital(title(words, m)), number=m.number,
                                      case=case.number)]
    if m.cancelled:
        lines.insert(0, words.ics_cancelled.format(reason=_cancelled(words, case, m)))
    elif m.tentative:
        stayed = _cause(case, m, EventKind.CONTINUANCE_APPLIED)
        lines.insert(0, words.ics_tentative.format(
            on=_day_of(words, stayed.data["on"]) if stayed is not None else ""))
    if m.body is Body.BOARD:
        lines.append(words.ics_business.format(
            business=words.business[m.business or Business.SUFFICIENCY_HEARING]))
    lines.append(words.ics_session.format(session=session(words, m)))
    if m.emergency:
        lines.append(words.ics_emergency.format(reason=m.emergency))
    if m.remote_link:
        lines.append(words.ics_remote.format(link=m.remote_link))
    if m.body is Body.BOARD and (m.business or Business.SUFFICIENCY_HEARING).sufficiency:
        lines.append(words.ics_present)
    if not m.cancelled:
        lines.append(words.ics_agenda)
    lines.append(words.ics_when.format(
        when=span(words, calendar.local(m.starts_at), calendar.local(m.ends_at)),
        place=m.place))
    return replace(invite, summary=words.ics_summary.format(
        case=case.number, title=_capital(title(words, m))),
        description="\n".join(lines), language=words.language)


def letter(words: Words, d: dict[str, Any]) -> dict[str, Any]:
    """A public records letter's values (`notices.disclosure_letters.letter_data`) in
    `words`' language, from the facts it keeps: its days, the records by name, each
    redaction and withheld record with its exemption as typed; what the requester asked
    in their own words stays as they wrote it."""
    kept = d["kept"]

    def day(key: str) -> object:
        return _day_of(words, kept[key]) if kept.get(key) else d.get(key)

    def named(records: Sequence[str]) -> str:
        return ", ".join(words.records[r] for r in records) or words.no_records

    def lines(form: str, cuts: Sequence[tuple[str, str, str]]) -> list[str]:
        return [form.format(record=_capital(words.records[r]), code=code, explanation=why)
                for r, code, why in cuts]

    out = dict(d, received=day("received"), on=day("on"), estimate=day("estimate"),
               what=kept["what"] or named(kept["asked"]))
    if "records" in kept:  # an instalment
        out.update(records=named(kept["records"]), redactions=lines(words.redacted,
                   kept["cuts"]), withheld=lines(words.withheld, kept["held"]))
    if "produced" in kept:  # the closing letter
        out.update(produced=named(kept["produced"]), withheld=lines(words.withheld,
                                                                    kept["held"]))
    return out
