"""The rights the ordinance gives the official complained against, in plain words: what
each section lets them do or expect, the request that exercises it (a step the table of
steps lets the official take themselves, `cases.handlers.StepRule.respondent_asks`), and the
deadline whose date it applies by, when the case has one.

Pure words and keys: the case page of the official (the web's respondent view) reads it
with the case's deadlines as judged at the moment of viewing. Nothing here decides
anything: `cases.access` decides who may make a request, the step's handler whether it
may be made now.
"""

from __future__ import annotations

from dataclasses import dataclass

from cases import commands as c
from cases.deadline_values import DeadlineKey
from cases.handlers import StepRule


@dataclass(frozen=True)
class Right:
    section: str
    name: str  # "to be heard"
    words: str  # what it means, to the official, in plain words
    step: StepRule | None = None  # the request that exercises it, if the official makes one
    by: DeadlineKey | None = None  # the deadline the right is tied to ...
    by_words: str = ""  # ... as the official reads it ("the report is due by")


RIGHTS: tuple[Right, ...] = (
    Right("§2", "to be told",
          "The mayor's office must inform you of the complaint within 24 hours of "
          "receiving it, and send you a copy of it by registered mail within 3 days.",
          by=DeadlineKey.REGISTERED_MAIL, by_words="the registered-mail copy is due by"),
    Right("§7, §9", "to be heard",
          "The board holds a hearing on whether the complaint is sufficient, concluding it "
          "within 24 days of receiving the complaint (unless the council grants it a "
          "continuance), and may issue no report until you have had an opportunity to "
          "present information on your behalf at that hearing.",
          by=DeadlineKey.HEARING_CONCLUDE, by_words="the hearing must conclude by"),
    Right("§13, §14", "to an open session",
          "The board's and the hearings examiner's proceedings about you, and the "
          "council's deliberation, are held in executive session unless you ask that "
          "they be open to the public; then they are.",
          step=c.RequestOpenSession.step),
    Right("§10", "to more time for the report",
          "The board's written report is due to you, the council and the complainant "
          "within 10 days of the hearing's conclusion, unless you ask for a longer time "
          "and the board approves it. Ask before that time runs out.",
          step=c.RequestReportExtension.step, by=DeadlineKey.REPORT_DELIVERY,
          by_words="the report is due by"),
    Right("§11", "to be heard by the ethics board",
          "If the board finds the complaint sufficient as to you, the matter is referred "
          "to the city's hearings examiner unless you ask that the ethics board hear it. "
          "Ask before the matter is referred.",
          step=c.RequestBoardHearing.step),
    Right("§12", "to more time for the council's decision",
          "If a violation is found against you, the council must decide within 7 days of "
          "receiving the determination, unless you ask for an extension and the council "
          "grants it. Ask before that time runs out.",
          step=c.RequestCouncilExtension.step, by=DeadlineKey.COUNCIL_DECISION,
          by_words="the council must decide by"),
    Right("§6", "to confidentiality",
          "Until the review is complete, every city official and employee but you must "
          "keep the complaint and your name confidential; afterwards too, unless they are "
          "released through a public disclosure request filed with the city attorney.",),
)


def request_name(right: Right) -> str | None:
    """The request exercising `right` in the official's words ("ask that the proceedings
    be open to the public"), or None when it asks for no request."""
    return right.step.respondent_asks if right.step is not None else None
