"""The demo's chapters after closure: the board approves its last meeting's minutes (RCW
42.30.035), a public records request is answered in two instalments (RCW 42.56), a legal
hold is placed, and the retention review finds the case held (issue 27).

Its own module because it is one part of the story, told on `ethicsbot.demo.scene`;
`ethicsbot.demo.story` puts its chapters in order with the others.
"""

from __future__ import annotations

from cases import commands as c
from cases.agenda import describe_items
from cases.disclosure import AnswerKind, Redaction, Withholding
from cases.meetings import Body, MeetingKind
from cases.motions import Motion
from cases.public_records import PublicRecord
from cases.retention import review
from cases.services import get_case
from ethicsbot.demo.scene import ATTORNEY, RECORDS_OFFICER, Scene, at
from storage import chain

__all__ = ["AfterClosureChapters"]


class AfterClosureChapters(Scene):
    """What happens on the case once it is closed."""

    # -- after closure: the board approves its last meeting's minutes (RCW 42.30.035) ------

    async def call_minutes_meeting(self) -> str:
        called = self.step(c.ScheduleBoardMeeting(at(2027, 2, 25, 18, 0), "City Hall, Room 2",
                                                  MeetingKind.REGULAR), "hpark@city.test")
        self.minutes_meeting = int(called.data["meeting"])
        with self.app.uow() as uow:
            m = get_case(uow, self.number).meetings.get(self.minutes_meeting)
        items = "; ".join(describe_items(m.agenda or ())) if m else "?"
        return await self.delivered(
            "The minutes of the board's hearing of Gary Pruitt's matter (meeting "
            f"{self.board_hearing_meeting}) are still a draft. The case is closed, but the "
            "board may still meet on it for that alone: the chair puts it on the agenda of "
            f"the board's regular meeting of Thu Feb 25, 6 PM (meeting {self.minutes_meeting}"
            f"; agenda item posted, RCW 42.30.077): {items}")

    async def approve_minutes(self) -> str:
        called = self.roll_call(Body.BOARD, ("hpark@city.test", "vosei@city.test",
                                             "dbrooks@city.test"))
        approved = self.step(c.ApproveMinutes(self.board_hearing_meeting, motion=Motion(
            unanimous=True)), "clerk@city.test")
        sent = await self.time.deliver()  # the dispatcher posts the minutes once approved
        name = f"{self.number.lower()}-meeting-{self.board_hearing_meeting}-minutes-r0"
        posted = (self.folder / "postings" / f"{name}.html").exists()
        return (f"{called}The board approves the minutes of meeting "
                f"{self.board_hearing_meeting}, its hearing of Jan 21 "
                f"({self.motion(approved).rstrip('.')}). "
                + (f"They are published as approved on the city's website (postings/{name}"
                   f".html and .pdf; RCW 42.30.035), as those of meetings 2 and "
                   f"{self.hearing_meeting} were" if posted else
                   "(!) the approved minutes were not posted")
                + f"; `ethicsbot minutes {self.number} {self.board_hearing_meeting}` prints "
                "them" + (f" — {sent} message(s) written to outbox/" if sent else ""))

    # -- after closure: a public records request, then the retention review (issue 27) --

    async def records_request(self) -> str:
        self.step(c.RecordDisclosureRequest(
            "A. Reporter, Riverton Ledger", records=(PublicRecord.COMPLAINT,
                                                     PublicRecord.WRITTEN_REPORT),
            what="the Raman and Pruitt complaint and the board's report",
            email="reporter@ledger.example"), ATTORNEY)
        self.step(c.AnswerDisclosure(AnswerKind.ACKNOWLEDGE, estimate=at(2027, 3, 5, 0, 0).date(),
                                     text="The records are being reviewed for exemptions."),
                  ATTORNEY)
        return await self.delivered("A public records request from the Riverton Ledger for "
                                    "the complaint and the report (§6, RCW 42.56): the city "
                                    "attorney acknowledges it the same day with an estimate, "
                                    "Fri Mar 5 (RCW 42.56.520(1)(c)), by letter")

    async def first_instalment(self) -> str:
        cut = Redaction("complaint", "RCW 42.56.240(2)", "the complainant reported threats "
                        "after filing; naming them would endanger their safety",
                        "Morgan Ellery")
        self.step(c.PrepareInstalment((PublicRecord.COMPLAINT,), redactions=(cut,)), ATTORNEY)
        own = self.attempt(c.ReleaseRecords(), ATTORNEY)
        self.step(c.ReleaseRecords(), RECORDS_OFFICER)
        return await self.delivered(
            "Instalment 1: the complaint, with the complainant's name redacted under RCW "
            "42.56.240(2) (the words are removed from the released PDF, the exemption in "
            f"their place). The city attorney prepared it; their own approval is refused: "
            f"{own} The records officer approves, and the letter goes with the PDF")

    async def second_instalment(self) -> str:
        held = Withholding("determination", "RCW 42.56.290", "relevant to Raman v. City of "
                           "Riverton, pending in superior court, and not available to "
                           "another party under the civil rules of discovery")
        self.step(c.PrepareInstalment((PublicRecord.WRITTEN_REPORT,), withheld=(held,),
                                      final=True), "clerk@city.test")
        self.step(c.ReleaseRecords(), ATTORNEY)
        self.step(c.PlaceLegalHold("Raman v. City of Riverton: preserve the case file"),
                  ATTORNEY)
        with self.app.session_factory() as session:
            checked = chain.verify(session)
        verified = (f"`ethicsbot verify`: {checked.entries} history entries in "
                    f"{checked.cases} case(s) and the docket chain recompute, no break"
                    if checked.verified else f"(!) verify found {checked.breaks[0]}")
        return await self.delivered(
            "Instalment 2, the last: the written report; the sufficiency determination "
            "withheld under RCW 42.56.290, with its explanation (RCW 42.56.210(3)). The "
            "request is closed. The city attorney places a legal hold for Raman v. City of "
            f"Riverton. {verified}")

    async def retention_review(self) -> str:
        with self.app.uow() as uow:
            case = get_case(uow, self.number)
        period = self.app.directory.retention
        due = review(case, period, self.app.calendar.local_date(self.clock.now),
                     self.app.calendar)
        refused = self.attempt(c.RequestDestruction(period.category, period.years)
                               if period else c.RequestDestruction(), "clerk@city.test")
        listed = (f"{self.number} is due for review: closed {due.closed_on.isoformat()}, its "
                  f"{period.years} years ({period.category}) ended {due.ends.isoformat()}; held: "
                  f"{'; '.join(map(str, due.holds))}" if due and period else
                  "(!) the case is not due for review")
        return await self.delivered(f"{listed}. The clerk's "
                                    f"request to destroy it is refused: {refused}")
