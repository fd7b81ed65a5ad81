"""The words a meeting on a case is described in (RCW 42.30): which body holds it, what it
is for and on which business it may act, whose proceedings may be opened, how an invitee
answers, and their names in the notices' words.

Its own module because these are values only, with no history behind them: the agenda,
the notices, the access checks and every surface name a body or an action without needing
the case's meetings (`cases.meetings`), which are rebuilt from the history with them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from enum import StrEnum
from typing import Any

from cases.stages import Stage

__all__ = ["ALL", "BODY_NAME", "DEFAULT_LENGTH", "OPEN_SECTION", "PROCEEDING_NAME", "Action",
           "Answer", "Body", "Business", "EmergencyGround", "Item", "MeetingKind", "Proceeding"]


class Body(StrEnum):
    """The governing body holding the meeting."""

    BOARD = "board"  # the ethics board: sufficiency hearing (§7)
    COUNCIL = "council"  # the city council: deliberation on a determination (§12, §14)


class Business(StrEnum):
    """What a meeting of the board on a case is for, as the case stood when it was called:
    the board meets on a case for its §7 hearing (and the sessions it adjourns to), for its
    §11 hearing once the matter is referred to it, and otherwise on the case's other
    business (a longer time for the report, §10; sections added later, §5; the minutes of
    its earlier meetings, RCW 42.30.035: the agenda says which). The notice of
    the meeting says which; the words complete "The Ethics Board has scheduled ..."."""

    SUFFICIENCY_HEARING = "the hearing on the sufficiency of the complaint (§7)"
    FURTHER_SESSION = "a further session of the hearing on the sufficiency of the complaint (§7)"
    REFERRED_HEARING = "its hearing of the matter referred to it (§11)"
    OTHER = "a meeting on other business of the case, as its agenda states"

    @classmethod
    def of(cls, stage: Stage, referred_to: str | None) -> Business:
        if referred_to == "board":
            return cls.REFERRED_HEARING
        if stage in (Stage.RECEIVED, Stage.HEARING_SCHEDULED):
            return cls.SUFFICIENCY_HEARING
        return cls.FURTHER_SESSION if stage is Stage.HEARING_BEGUN else cls.OTHER

    @property
    def sufficiency(self) -> bool:
        """The §7 hearing, at which the person complained against has the opportunity to
        present that §9 requires before any report."""
        return self in (Business.SUFFICIENCY_HEARING, Business.FURTHER_SESSION)


class Action(StrEnum):
    """The business a body takes final action on at a meeting: the same whichever body
    acts on it (the board applies for a continuance, the council decides it: both are the
    continuance). Its value is what a clerk types (`also: time-bar`); `words`, what the
    notice says."""

    SUFFICIENCY = "sufficiency"
    CONTINUANCE = "continuance"
    TIME_BAR = "time_bar"
    REPORT_EXTENSION = "report_extension"
    AMENDMENT = "amendment"
    DETERMINATION = "determination"
    COUNCIL_EXTENSION = "council_extension"
    COUNCIL_DECISION = "council_decision"
    VOID = "void"
    MINUTES = "minutes"

    @property
    def words(self) -> str:
        """The business in the notice's words, completing "Final action in open session:"."""
        return _ACTION_WORDS[self]

    @property
    def per_official(self) -> bool:
        """Each official complained against has their own (§7, §11, §12)."""
        return self in (Action.SUFFICIENCY, Action.DETERMINATION, Action.COUNCIL_DECISION)


_ACTION_WORDS = {
    Action.SUFFICIENCY: "the determination of the sufficiency of the complaint (§7)",
    Action.CONTINUANCE: "a continuance of the hearing (§7)",
    Action.TIME_BAR: "the dismissal of the complaint as filed too late (§4)",
    Action.REPORT_EXTENSION: "a longer time for the written report (§10)",
    Action.AMENDMENT: ("an amendment of the complaint, and the sufficiency of sections added "
                       "by amendment (§5)"),
    Action.DETERMINATION: "the final determination of the matter referred to the board (§11)",
    Action.COUNCIL_EXTENSION: "an extension of the council's time to decide (§12)",
    Action.COUNCIL_DECISION: "the council's decision on the final determination (§12, §14)",
    Action.VOID: "whether the case was opened by mistake and is void (§1, §2)",
    Action.MINUTES: "the approval of the minutes of its earlier meeting on the case (RCW "
                    "42.30.035)"}


@dataclass(frozen=True)
class Item:
    """One item of a meeting's agenda: the business, and the official it is about (None:
    the case's, not one official's)."""

    action: Action
    respondent: str | None = None

    def data(self) -> dict[str, Any]:
        return {"action": self.action.value, "respondent": self.respondent}

    @classmethod
    def of(cls, d: dict[str, Any]) -> Item:
        return cls(Action(str(d["action"])), d.get("respondent"))


class Proceeding(StrEnum):
    """Whose proceedings the person involved may ask to be open to the public: the
    board's and the hearings examiner's (§13), the council's deliberation (§14). The
    examiner is one person, not a governing body: their hearing is no meeting here."""

    BOARD = "board"
    EXAMINER = "examiner"  # after a referral to the hearings examiner (§11)
    COUNCIL = "council"

    @classmethod
    def of(cls, body: Body) -> Proceeding:
        return cls(body.value)


class EmergencyGround(StrEnum):
    """The only grounds on which RCW 42.30.080(4) excuses a special meeting's 24 hours'
    notice: an emergency involving injury or damage to persons or property, or the
    likelihood of it, when the time the notice takes would increase that likelihood."""

    PERSONS = "injury or damage to persons"
    PROPERTY = "damage to property"
    LIKELY = "the likelihood of injury or damage to persons or property"


class MeetingKind(StrEnum):
    REGULAR = "regular"  # on the body's regular schedule (RCW 42.30.070)
    SPECIAL = "special"  # called for the case: written notice 24 hours ahead (RCW 42.30.080)


class Answer(StrEnum):
    """An invitee's answer to the calendar invitation (iCalendar PARTSTAT)."""

    ACCEPTED = "accepted"
    DECLINED = "declined"
    TENTATIVE = "tentative"


# the official a vote or determination of sufficiency was about, in an entry from before
# each official was named: it stood for every one of them
ALL = ""
DEFAULT_LENGTH = timedelta(hours=2)  # the ordinance sets none; the expected end if not given
BODY_NAME = {Body.BOARD: "the Ethics Board", Body.COUNCIL: "the City Council"}
PROCEEDING_NAME = {Proceeding.BOARD: "the Ethics Board's proceedings",
                   Proceeding.EXAMINER: "the hearings examiner's proceeding",
                   Proceeding.COUNCIL: "the City Council's deliberation"}
# §13 gives the person involved the open session for the board's and the examiner's
# proceedings, §14 for the council's deliberation.
OPEN_SECTION = {Proceeding.BOARD: "§13", Proceeding.EXAMINER: "§13", Proceeding.COUNCIL: "§14"}
