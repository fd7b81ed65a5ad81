"""A case: its stage, what has been recorded, and the deadlines that follow from it.

The case is rebuilt from its history (events) so that what is stored is exactly what
happened; `apply` is the only place state changes, and the stage an event leads to is
read from the table of steps (`cases.steps`). Deciding whether a step is allowed is
`cases.procedure`'s job.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from typing import Any

from cases.calendar import CityCalendar
from cases.commands import NoticeKind, Requester
from cases.deadlines import Continuance, Deadline, DeadlineKey, Triggers, compute_deadlines
from cases.events import Event, EventKind
from cases.filing import Filing, filing_from_data
from cases.meetings import Body, Meeting, Meetings
from cases.stages import Stage
from cases.steps import LEADS_TO, STEPS
from cases.tally import Vote

__all__ = ["Case", "ReportExtension", "Stage"]


@dataclass
class ReportExtension:
    requested_by: Requester
    days: int
    approved: bool | None = None  # None while undecided


@dataclass
class Case:
    number: str
    filing: Filing
    respondents: tuple[str, ...]  # emails of the officials complained against
    public_since: date | None = None
    stage: Stage = Stage.RECEIVED
    alleged_sections: list[str] = field(default_factory=list)
    notices_served: dict[NoticeKind, datetime] = field(default_factory=dict)
    done_on: dict[DeadlineKey, date] = field(default_factory=dict)  # the day each step happened
    registered_mail_at: datetime | None = None
    hearing_begun_at: datetime | None = None
    respondent_heard: bool = False
    hearing_concluded_on: date | None = None
    hearing_concluded_at: datetime | None = None
    continuances: list[Continuance] = field(default_factory=list)
    report_extensions: list[ReportExtension] = field(default_factory=list)
    report_sufficient: bool | None = None
    report_delivered_at: datetime | None = None
    respondent_chose_board: bool = False
    referred_to: str | None = None  # examiner email, or "board"
    violation_found: bool | None = None
    determination_received_on: date | None = None
    council_extension_days: int = 0
    council_votes: dict[str, Vote] = field(default_factory=dict)
    council_decided_at: datetime | None = None
    closed_at: datetime | None = None
    meetings: Meetings = field(default_factory=Meetings)  # the hearing's and deliberation's
    history: list[Event] = field(default_factory=list)

    # -- building ---------------------------------------------------------------------

    @classmethod
    def replay(cls, number: str, events: Iterable[Event]) -> Case:
        it = iter(events)
        first = next(it)
        if first.kind is not EventKind.COMPLAINT_RECEIVED:
            raise ValueError(f"case {number}: history must start with the complaint")
        d = first.data
        case = cls(number=number, filing=filing_from_data(d["filing"]),
                   respondents=tuple(d.get("respondents", ())),
                   public_since=date.fromisoformat(d["public_since"]) if d.get("public_since")
                   else None)
        case.alleged_sections = list(case.filing.code_sections)
        case.history.append(first)
        for e in it:
            case.apply(e)
        return case

    def apply(self, e: Event) -> None:
        d: dict[str, Any] = e.data
        on = date.fromisoformat(d["on"]) if d.get("on") else None
        k = EventKind
        if on is not None and e.kind in _MEETS:
            self.done_on[_MEETS[e.kind]] = on
        self.meetings.apply(e, len(self.history))
        match e.kind:
            case k.NOTICE_SERVED:
                self.notices_served.setdefault(NoticeKind(d["notice"]), e.at)
            case k.REGISTERED_MAIL_SENT:
                self.registered_mail_at = e.at
            case k.HEARING_BEGUN:
                self.hearing_begun_at = e.at
            case k.RESPONDENT_HEARD:
                self.respondent_heard = True
            case k.HEARING_CONCLUDED:
                self.hearing_concluded_on, self.hearing_concluded_at = on, e.at
            case k.CONTINUANCE_APPLIED:
                assert on is not None
                self.continuances.append(Continuance(applied=on))
            case k.CONTINUANCE_DECIDED:
                c = self.continuances[-1]
                self.continuances[-1] = Continuance(c.applied, on, int(d["granted_days"]))
            case k.REPORT_EXTENSION_REQUESTED:
                self.report_extensions.append(
                    ReportExtension(Requester(d["requested_by"]), int(d["days"])))
            case k.REPORT_EXTENSION_DECIDED:
                self.report_extensions[-1].approved = bool(d["approved"])
            case k.REPORT_ISSUED:
                self.report_sufficient = bool(d["sufficient"])
            case k.REPORT_DELIVERED:
                self.report_delivered_at = e.at
            case k.BOARD_HEARING_REQUESTED:
                self.respondent_chose_board = True
            case k.REFERRED:
                self.referred_to = d["to"]
            case k.DETERMINATION_RECEIVED:
                self.violation_found = bool(d["violation"])
                self.determination_received_on = on
            case k.COUNCIL_DECISION_EXTENDED:
                self.council_extension_days += int(d["days"])
            case k.COUNCIL_VOTE_RECORDED:
                self.council_votes[d["member"]] = Vote(d["vote"])
            case k.COUNCIL_DECIDED:
                self.council_decided_at = e.at
            case k.COMPLAINT_AMENDED:
                for s in d.get("added_sections", []):
                    if s not in self.alleged_sections:
                        self.alleged_sections.append(s)
            case k.RECEIPT_CORRECTED:
                self.filing = _with_received(self.filing, datetime.fromisoformat(d["new"]))
            case k.CASE_CLOSED:
                self.closed_at = e.at
            case k.DEADLINES_RECOMPUTED | k.CORRESPONDENCE_FILED | k.COMPLAINT_RECEIVED:
                pass
        self.stage = LEADS_TO.get(e.kind, self.stage)
        self.history.append(e)

    # -- questions ----------------------------------------------------------------------

    @property
    def received_at(self) -> datetime:
        return self.filing.received_at

    @property
    def confidential(self) -> bool:
        """§6: strict confidentiality until the review is complete."""
        return self.stage is not Stage.CLOSED

    @property
    def hearing(self) -> Meeting | None:
        """The board's hearing: its latest meeting not cancelled (§7)."""
        return self.meetings.current(Body.BOARD)

    @property
    def pending_continuance(self) -> Continuance | None:
        return next((c for c in self.continuances if c.pending), None)

    @property
    def pending_report_extension(self) -> ReportExtension | None:
        return next((x for x in self.report_extensions if x.approved is None), None)

    def triggers(self) -> Triggers:
        done: dict[DeadlineKey, datetime] = {}
        if len(self.notices_served) == len(NoticeKind):
            done[DeadlineKey.NOTICE_24H] = max(self.notices_served.values())
        for key, at in ((DeadlineKey.REGISTERED_MAIL, self.registered_mail_at),
                        (DeadlineKey.HEARING_BEGIN, self.hearing_begun_at),
                        (DeadlineKey.HEARING_CONCLUDE, self.hearing_concluded_at),
                        (DeadlineKey.REPORT_DELIVERY, self.report_delivered_at),
                        (DeadlineKey.COUNCIL_DECISION, self.council_decided_at)):
            if at is not None:
                done[key] = at
        return Triggers(
            received=self.received_at,
            continuances=tuple(self.continuances),
            hearing_concluded=self.hearing_concluded_on,
            determination_received=self.determination_received_on
            if self.violation_found else None,
            public_since=self.public_since,
            extensions={
                DeadlineKey.REPORT_DELIVERY: sum(
                    x.days for x in self.report_extensions if x.approved),
                DeadlineKey.COUNCIL_DECISION: self.council_extension_days,
            },
            done=done,
            done_on={k: on for k, on in self.done_on.items() if k in done},
        )

    def deadlines(self, calendar: CityCalendar, *, now: datetime) -> list[Deadline]:
        return compute_deadlines(self.triggers(), calendar, now=now)


# The events that meet a day deadline, and carry the day the step happened (`on`).
_MEETS = {s.records: s.meets for s in STEPS if s.meets is not None}


def _with_received(f: Filing, received_at: datetime) -> Filing:
    return replace(f, received_at=received_at)
