"""§11, §13: the hearings examiner's hearing of an official's matter referred to them.

The examiner is one person, not a body: they set their hearing by letter or email, and the
clerk takes it down with how it came and what shows it (`StepContext.said_by`), as the
examiner's other acts are taken down. Recorded, it tells the official whose matter it is,
the complainant, the examiner and the mayor's office when and where the matter is heard,
and whether in executive session (§13, the default) or open, the official having asked.
By the city's reading `examiner_notice` the hearing is no meeting of a governing body
(default), or it is given a special meeting's notice, 24 hours ahead at least (RCW
42.30.080), which the clerk posts. A determination as to that official is then received
only on or after the hearing's day; with none recorded, by the city's reading
`examiner_determination`, it is received flagged for the city attorney (default), or
refused until the hearing is recorded (`heard_before`, which
`cases.handlers.referral.determination` asks).

Each step is its command, its row (`@step`), its handler and its effect, one above the
other (`cases.handlers`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from cases.calendar import fmt_day, fmt_moment
from cases.case_state import CaseState
from cases.directory import OFFICE
from cases.effects import effect
from cases.errors import ProcedureError
from cases.handlers import THE_OFFICIAL, Command, StepContext, asks, step
from cases.history import Event, EventKind
from cases.meetings import Proceeding
from cases.readings import ExaminerDetermination, ExaminerNotice, describe
from cases.recorded import ExaminerHearing
from cases.stages import REFERRED_STAGES

__all__ = ["RecordExaminerHearing"]

NOTICE_AHEAD = timedelta(hours=24)  # RCW 42.30.080(2), by the reading `as_special_meeting`


@dataclass(frozen=True)
class RecordExaminerHearing(Command):
    """§11: the day, time and place the hearings examiner set to hear one official's
    matter, taken down from the examiner's letter or email; recorded again, it moves."""

    starts_at: datetime = field(metadata=asks(
        "When the examiner hears the matter (city time)", example="2027-01-12T14:00"))
    place: str = field(metadata=asks("Where", example="Hearing Room B, 210 Main St"))
    # the official whose matter is heard; None when the complaint names one
    respondent: str | None = field(default=None, metadata=THE_OFFICIAL)
    via: str = field(default="", metadata=asks("How the examiner's notice came"))
    evidence: str = field(default="", metadata=asks(
        "What shows the examiner set it (their letter's file, the filed email's entry)"))


@step("examiner-hearing", "record the hearing the hearings examiner set",
      EventKind.EXAMINER_HEARING_SET, REFERRED_STAGES, OFFICE, "§11, §13")
def examiner_hearing(s: StepContext, cmd: RecordExaminerHearing) -> Event:
    """§11, §13: only for a matter referred to an examiner and not yet determined, set by
    that examiner (what shows it is kept); executive unless the official asked for it
    open. One at a time still to come is told to those it concerns; one already held is
    kept as the record (`recorded_late`) and tells no one, as a board meeting recorded
    after it took place."""
    party = s.party(cmd.respondent, "the examiner hears", "§11")
    referral = s.case.referral_of(party)
    if referral is None or referral.board:
        where = "the ethics board hears it (§11): the board's hearing is one of its " \
            "meetings, scheduled as such" if referral is not None else \
            "it is not referred to a hearings examiner yet (§11): refer it first"
        raise ProcedureError(f"{party}'s matter has no examiner's hearing: {where}.")
    if party in s.case.findings:
        raise ProcedureError(f"The determination as to {party} is recorded (§11, §12): the "
                             "examiner's hearing of their matter is over.")
    place = " ".join(cmd.place.split())
    if not place:
        raise ProcedureError("Say where the examiner hears the matter (§11).")
    starts = cmd.starts_at if cmd.starts_at.tzinfo else s.calendar.wall(cmd.starts_at)
    late = starts <= s.at  # held already: kept as the record, owing no notice
    if not late and s.readings.examiner_notice is ExaminerNotice.AS_SPECIAL_MEETING and \
            starts < s.at + NOTICE_AHEAD:
        raise ProcedureError(
            f"The examiner's hearing at {fmt_moment(s.calendar.local(starts))} is less than "
            f"24 hours away: by the city's reading, {describe(s.readings.examiner_notice)}. "
            "Ask the examiner for a later time.")
    said = s.said_by(cmd, referral.to, "§11", noun="hearing notice",
                     owner="the hearings examiner")
    opened = party in s.case.meetings.open_for(Proceeding.EXAMINER)
    moved = party in s.case.examiner_hearings
    return s.event(EventKind.EXAMINER_HEARING_SET, respondent=party, examiner=referral.to,
                   starts_at=starts.isoformat(), place=place, open=opened, moved=moved,
                   **({"recorded_late": True} if late else {}),
                   notice_reading=describe(s.readings.examiner_notice), **said)


@effect(EventKind.EXAMINER_HEARING_SET)
def examiner_hearing_set(case: CaseState, e: Event, on: date | None) -> None:
    d = e.data
    case.examiner_hearings[str(d["respondent"])] = ExaminerHearing(
        datetime.fromisoformat(d["starts_at"]), str(d["place"]), str(d["examiner"]))


def heard_before(s: StepContext, party: str, on: date) -> dict[str, str]:
    """§11: whether the examiner's determination as to `party`, received `on`, may follow
    their hearing of the matter: refused before the hearing's day; with no hearing
    recorded, received with the entry's `flag` for the city attorney, which this returns
    (the city's reading `examiner_determination`, by default), or refused."""
    hearing = s.case.examiner_hearings.get(party)
    if hearing is not None:
        if on < s.calendar.local_date(hearing.starts_at):
            raise ProcedureError(
                f"The hearings examiner set their hearing of {party}'s matter for "
                f"{fmt_day(s.calendar.local_date(hearing.starts_at))} (§11: the matter is "
                f"referred for hearing): a determination received on {fmt_day(on)} comes "
                "before it. Give the day the city received it; if the examiner heard the "
                "matter on another day, record that hearing first (examiner-hearing).")
        return {}
    reading = s.readings.examiner_determination
    if reading is ExaminerDetermination.AFTER_THE_HEARING:
        raise ProcedureError(
            f"No hearing of {party}'s matter by the hearings examiner is recorded (§11: the "
            f"matter is referred for hearing): by the city's reading, {describe(reading)}. "
            "Record the hearing the examiner held or set first, from their letter or email "
            f"(examiner-hearing starts_at: …; place: …; respondent: {party}; via: …; "
            "evidence: …), then the determination.")
    return {"flag": (
        f"The hearings examiner's determination as to {party} was received with no "
        "hearing of their matter recorded (§11: the matter is referred for hearing), by "
        f"the city's reading, {describe(reading)}. Record the hearing if one was held "
        "(examiner-hearing); otherwise tell the city attorney.")}
