"""What a case holds, and the questions asked of it: its stage, what its history has
recorded, and the deadlines that follow.

`CaseState` is the case without its building: `cases.case.Case` adds the replay of the
history, and the effect each kind of entry has (`cases.effects`, declared beside its step
in `cases.handlers`) is written against this state. So the effects can name the case's
fields and questions, and the case reads the table of effects, without either importing
the other (the parts that declare them import `cases.case`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from cases.calendar import CityCalendar
from cases.deadlines import (
    DISCLOSURE_KEYS,
    Continuance,
    CouncilClock,
    Deadline,
    DeadlineKey,
    DisclosureRequest,
    Extension,
    Status,
    Triggers,
    compute_deadlines,
)
from cases.disclosure import Disclosure
from cases.filing import Filing
from cases.history import Event
from cases.meetings import ALL, Body, Meeting, Meetings
from cases.protection import Protection
from cases.public_records import PublicRecord
from cases.readings import DEFAULT, BoardHearing, Readings, Release
from cases.recorded import (
    UNNAMED,
    CouncilExtensionRequest,
    ExaminerHearing,
    Finding,
    LegalHold,
    NamedOfficial,
    Referral,
    ReportExtension,
    Witness,
)
from cases.section2 import Section2Act
from cases.stages import Stage

__all__ = ["CaseState"]


@dataclass
class CaseState:
    """A case's state (the module's docstring says why it stands apart from `Case`)."""

    number: str
    filing: Filing
    respondents: tuple[str, ...]  # emails of the officials complained against
    # those the directory does not list, by their key in `respondents` (their email, or
    # their name when they have none)
    named_officials: dict[str, NamedOfficial] = field(default_factory=dict)
    public_since: date | None = None
    stage: Stage = Stage.RECEIVED
    alleged_sections: list[str] = field(default_factory=list)
    # each §2 act, when it was given: the official's notice once every official had theirs
    notices_served: dict[Section2Act, datetime] = field(default_factory=dict)
    informed: dict[str, datetime] = field(default_factory=dict)  # respondent -> given (§2)
    # how each was given: a §2 act's value, or an official's email -> NoticeMethod value
    served_how: dict[str, str] = field(default_factory=dict)
    mailed: dict[str, tuple[datetime, date | None]] = field(default_factory=dict)  # §2, each
    registered_mail_at: datetime | None = None  # once every official's copy was sent
    registered_mail_on: date | None = None
    hearing_begun_at: datetime | None = None
    hearing_begun_on: date | None = None
    heard: dict[str, bool] = field(default_factory=dict)  # respondent -> presented (§9)
    heard_on: dict[str, date] = field(default_factory=dict)
    # §9 at the board's §11 hearing of a matter referred to it, as to each official
    heard_referred: dict[str, bool] = field(default_factory=dict)
    heard_referred_on: dict[str, date] = field(default_factory=dict)
    hearing_concluded_on: date | None = None
    hearing_concluded_at: datetime | None = None
    continuances: list[Continuance] = field(default_factory=list)
    report_extensions: list[ReportExtension] = field(default_factory=list)
    # §7: the report's finding as to each official (its determination of sufficiency)
    report_findings: dict[str, bool] = field(default_factory=dict)
    report_issued_on: date | None = None
    report_delivered_at: datetime | None = None
    report_delivered_on: date | None = None
    board_requests: list[str] = field(default_factory=list)  # officials asking the board (§11)
    witnesses: list[Witness] = field(default_factory=list)  # heard at the hearing (§9)
    # §11: each official's matter is referred on its own (their own choice of forum)
    referrals: dict[str, Referral] = field(default_factory=dict)
    # §11: the hearing each official's examiner set for their matter
    examiner_hearings: dict[str, ExaminerHearing] = field(default_factory=dict)
    findings: dict[str, Finding] = field(default_factory=dict)  # §12, as to each official
    # §12: the council's grants, as to each official (`ALL`: one from before a grant named
    # the official, which moved every official's time), and the officials' requests
    council_extensions: dict[str, list[Extension]] = field(default_factory=dict)
    council_extension_requests: list[CouncilExtensionRequest] = field(default_factory=list)
    # §12, §14: the council's decision as to each official found to have violated the
    # code (its members' votes are items of the meeting they were cast at: `meetings`)
    council_decided: dict[str, tuple[datetime, date | None]] = field(default_factory=dict)
    # once the council decided as to every official found to have violated the code
    council_decided_at: datetime | None = None
    council_decided_on: date | None = None
    closed_at: datetime | None = None
    void_reason: str | None = None
    voided_at: datetime | None = None
    recusals: dict[str, str] = field(default_factory=dict)  # member email -> reason
    conflicted_examiners: dict[str, str] = field(default_factory=dict)  # email -> reason
    dismissed_on: date | None = None  # §4: dismissed by the board as time-barred
    # §5: sections added after the sufficiency report (the reading `amended_section`)
    amended_after_report: list[str] = field(default_factory=list)
    amendments_found: dict[str, bool] = field(default_factory=dict)  # the board's, on those
    disclosure_requests: list[Disclosure] = field(default_factory=list)
    corrections: dict[int, str] = field(default_factory=dict)  # history index -> day (ISO)
    meetings: Meetings = field(default_factory=Meetings)  # the hearing's and deliberation's
    # retention (RCW 40.14, `cases.retention`): the active legal hold, the request to
    # destroy the file (who, when) awaiting the records officer, and once destroyed the
    # certificate (the data of its history entry)
    legal_hold: LegalHold | None = None
    destruction_request: tuple[str, datetime] | None = None
    destroyed: dict[str, Any] | None = None
    # the complainant's identity withheld from the official and the council (issue 27)
    protection: Protection | None = None
    history: list[Event] = field(default_factory=list)

    # -- questions ----------------------------------------------------------------------

    @property
    def received_at(self) -> datetime:
        return self.filing.received_at

    @property
    def closed(self) -> bool:
        """The review is complete (§6)."""
        return self.stage is Stage.CLOSED

    @property
    def confidential(self) -> bool:
        """§6: strict confidentiality until the review is complete. A void case was never
        reviewed: it stays confidential."""
        return not self.closed

    @property
    def void(self) -> bool:
        return self.stage is Stage.VOID

    def parties(self) -> tuple[str, ...]:
        """Whom §9 gives the opportunity to be heard: each respondent (by email; by name
        where the directory matched nobody)."""
        return self.respondents or tuple(self.filing.respondents) or (UNNAMED,)

    @property
    def people(self) -> tuple[str, ...]:
        """The emails of the people the matter involves: each official complained against
        and the complainant, when they gave one (an examiner may not hear a matter
        involving someone they are conflicted with, §11)."""
        complainant = self.filing.complainant.email
        return (*self.respondents, *([complainant] if complainant else []))

    @property
    def not_yet_heard(self) -> tuple[str, ...]:
        return tuple(p for p in self.parties() if p not in self.heard)

    @property
    def respondent_heard(self) -> bool:
        """§9: every respondent has had the opportunity to present."""
        return not self.not_yet_heard

    @property
    def report_sufficient(self) -> bool | None:
        """The report found the complaint sufficient as to some official (True), as to none
        (False); no report yet (None)."""
        return any(self.report_findings.values()) if self.report_findings else None

    @property
    def found_sufficient(self) -> tuple[str, ...]:
        """The officials the matter goes on against (§8, §11): those the report found it
        sufficient as to; every official before the report."""
        if not self.report_findings:
            return self.parties()
        return tuple(p for p in self.parties() if self.report_findings.get(p))

    def board_hears(self, party: str, reading: BoardHearing,
                    asked: Iterable[str] = ()) -> bool:
        """§11: the ethics board, not the examiner, hears `party`'s matter, as the officials
        found sufficient against asked (with those `asked` now) and as the city reads a
        request by one of several: each official's own (the default), any one's for all,
        or only every one's."""
        wanted = (set(self.board_requests) | set(asked)) & set(self.found_sufficient)
        if reading is BoardHearing.EACH_OFFICIAL:
            return party in wanted
        if reading is BoardHearing.EVERY_OFFICIAL:
            return bool(wanted) and wanted >= set(self.found_sufficient)
        return bool(wanted)

    def referral_of(self, party: str) -> Referral | None:
        return self.referrals.get(party)

    @property
    def to_refer(self) -> tuple[str, ...]:
        """The officials found sufficient against whose matter is not referred (§11)."""
        return tuple(p for p in self.found_sufficient
                     if p not in self.referrals and p not in self.findings)

    @property
    def before_the_board(self) -> tuple[str, ...]:
        """The officials whose matter is referred to the board and not yet determined."""
        return tuple(p for p, r in self.referrals.items() if r.board and p not in self.findings)

    @property
    def referred_to(self) -> str | None:
        """Where the matter is referred when every official's went to one place (an
        examiner's email, or "board"); None before a referral, or when they went apart."""
        places = {r.to for r in self.referrals.values()}
        return places.pop() if len(places) == 1 else None

    @property
    def referred_on(self) -> date | None:
        """The first referral's day (§11)."""
        days = [r.on for r in self.referrals.values() if r.on is not None]
        return min(days) if days else None

    @property
    def referred_at(self) -> datetime | None:
        return min((r.at for r in self.referrals.values()), default=None)

    @property
    def violation_found(self) -> bool | None:
        """A violation was found as to some official (True); as to none, every official
        the matter went on against having their determination (False); not yet (None)."""
        if any(f.violation for f in self.findings.values()):
            return True
        return False if set(self.findings) >= set(self.found_sufficient) else None

    def every_matter_decided(self) -> bool:
        """Every official the matter goes on against has their determination, and the
        council has decided as to each one found to have violated the code (§11, §12)."""
        return (set(self.findings) >= set(self.found_sufficient)
                and set(self.council_decided) >= set(self.violators))

    @property
    def violators(self) -> tuple[str, ...]:
        """The officials a violation was found against: the council decides as to each."""
        return tuple(p for p in self.parties() if p in self.findings
                     and self.findings[p].violation)

    @property
    def determination_received_on(self) -> date | None:
        """The day the council received the first determination of a violation: its time
        to decide runs from then (§12)."""
        days = [f.on for f in self.findings.values() if f.violation and f.on is not None]
        return min(days) if days else None

    def council_extensions_of(self, official: str | None) -> tuple[Extension, ...]:
        """The §12 extensions that move the council's time as to `official` (None: every
        grant, for a history whose clocks do not name the officials)."""
        if official is None:
            return tuple(x for grants in self.council_extensions.values() for x in grants)
        return (*self.council_extensions.get(ALL, ()), *self.council_extensions.get(official, ()))

    @property
    def released_records(self) -> frozenset[PublicRecord]:
        """Every record the city attorney has released on a disclosure request."""
        return frozenset(r for x in self.disclosure_requests for r in x.released)

    def released(self, readings: Readings) -> frozenset[PublicRecord]:
        """The public records (§13) of the case that may be shown to anyone: nothing before
        closure (§6); then those released on a request, or all of them at closure if the
        city reads §13 so (`readings.release`)."""
        if not self.closed or self.destroyed is not None:
            return frozenset()
        if readings.release is Release.AT_CLOSURE:
            return frozenset(PublicRecord)
        return self.released_records

    @property
    def board_meeting(self) -> Meeting | None:
        """The board's latest meeting on the case not cancelled: the §7 hearing or a session
        of it, the §11 hearing, or one on other business (its `business` says which)."""
        return self.meetings.current(Body.BOARD)

    @property
    def pending_continuance(self) -> Continuance | None:
        return next((c for c in self.continuances if c.pending), None)

    @property
    def pending_council_extension_request(self) -> CouncilExtensionRequest | None:
        """The first §12 request for more time, of any official, the council has not yet
        granted."""
        waiting = self.pending_council_extension_requests
        return waiting[0] if waiting else None

    @property
    def pending_council_extension_requests(self) -> tuple[CouncilExtensionRequest, ...]:
        """Each official's §12 request for more time the council has not yet granted, in
        the order they came: a grant answers that official's own request, in turn (an
        older history's requests and grants, naming no official, answer each other)."""
        waiting: list[CouncilExtensionRequest] = []
        for official in dict.fromkeys(r.official for r in self.council_extension_requests):
            theirs = [r for r in self.council_extension_requests if r.official == official]
            waiting += theirs[len(self.council_extensions.get(official or ALL, ())):]
        return tuple(sorted(waiting, key=lambda r: r.on))

    def pending_council_extension_request_of(self, official: str
                                             ) -> CouncilExtensionRequest | None:
        return next((r for r in self.pending_council_extension_requests
                     if r.official in (official, None)), None)

    @property
    def pending_report_extension(self) -> ReportExtension | None:
        return next((x for x in self.report_extensions if x.approved is None), None)

    def triggers(self) -> Triggers:
        """What the deadlines depend on. A step's day is held once, in its `*_on` field
        beside the moment it was recorded (`*_at`): the two together say when the step
        that meets each deadline was done, and on which day it happened."""
        done: dict[DeadlineKey, datetime] = {}
        done_on: dict[DeadlineKey, date] = {}
        if len(self.notices_served) == len(Section2Act):
            done[DeadlineKey.NOTICE_24H] = max(self.notices_served.values())
        for key, at, on in (
                (DeadlineKey.REGISTERED_MAIL, self.registered_mail_at, self.registered_mail_on),
                (DeadlineKey.HEARING_BEGIN, self.hearing_begun_at, self.hearing_begun_on),
                (DeadlineKey.HEARING_CONCLUDE, self.hearing_concluded_at,
                 self.hearing_concluded_on),
                (DeadlineKey.REPORT_DELIVERY, self.report_delivered_at, self.report_delivered_on),
                (DeadlineKey.COUNCIL_DECISION, self.council_decided_at, self.council_decided_on)):
            if at is not None:
                done[key] = at
                if on is not None:  # None: recorded before steps kept their day
                    done_on[key] = on
        return Triggers(
            received=self.received_at,
            continuances=tuple(self.continuances),
            hearing_concluded=self.hearing_concluded_on,
            determination_received=self.determination_received_on
            if self.violation_found else None,
            public_since=self.public_since,
            extensions={
                DeadlineKey.REPORT_DELIVERY: tuple(
                    Extension(x.days, x.decided_on) for x in self.report_extensions
                    if x.approved),
                DeadlineKey.COUNCIL_DECISION: self.council_extensions_of(None),
            },
            disclosure_requests=tuple(
                DisclosureRequest(x.received, x.responded or x.answered, x.estimate,
                                  x.paused_since, x.answered)
                for x in self.disclosure_requests),
            council_clocks=self._council_clocks(),
            done=done,
            done_on=done_on,
        )

    def _council_clocks(self) -> tuple[CouncilClock, ...]:
        """§12's seven days as to each official a violation was found against, from the day
        the council received the determination as to them (none where a history from
        before that day was kept lacks it: the first determination then stands for all)."""
        found = [(p, self.findings[p].on) for p in self.violators]
        if not found or any(on is None for _, on in found):
            return ()
        clocks = []
        for p, on in found:
            assert on is not None
            decided_at, decided_on = self.council_decided.get(p, (None, None))
            clocks.append(CouncilClock(p, on, decided_at, decided_on,
                                       self.council_extensions_of(p)))
        return tuple(clocks)

    def deadlines(self, calendar: CityCalendar, *, now: datetime,
                  readings: Readings = DEFAULT) -> list[Deadline]:
        """The deadlines as they stand at `now`. A void case owes nothing any more but the
        answer to a disclosure request made about it; what it had missed, met or met late
        by the time it was voided stays in its record as it stood then. A destroyed case
        file owes nothing: its stored dates are kept as they stood (`cases.retention`)."""
        if self.destroyed is not None:
            return []
        out = compute_deadlines(self.triggers(), calendar, now=now, readings=readings)
        if self.void and self.voided_at is not None:
            then = compute_deadlines(self.triggers(), calendar, now=self.voided_at,
                                     readings=readings)
            kept = [d for d in then if d.key not in DISCLOSURE_KEYS
                    and d.status in (Status.MISSED, Status.MET, Status.LATE)]
            return kept + [d for d in out if d.key in DISCLOSURE_KEYS]
        return out
