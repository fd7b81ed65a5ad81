"""The demo's chapters from receipt to the board's written report (§2–§10): the complaint
taken in, each official's notice, the hearing called, an open session asked for, the
continuance, the members' calendar answers, the hearing and the report.

Its own module because it is one part of the story, told on `ethicsbot.demo.scene`;
`ethicsbot.demo.story` puts its chapters in order with the others.
"""

from __future__ import annotations

import asyncio
from importlib import resources

from cases import commands as c
from cases.agenda import describe_items
from cases.errors import ProcedureError
from cases.meetings import Body, Proceeding
from cases.motions import Motion
from cases.section2 import NoticeMethod, Section2Act
from cases.services import get_case
from cases.tally import Vote
from ethicsbot.demo.replies import calendar_answer
from ethicsbot.demo.scene import LA, PRUITT, RAMAN, Scene, at
from mail.intake import Outcome, take_in

__all__ = ["SufficiencyChapters"]


class SufficiencyChapters(Scene):
    """Receipt to the report (§2–§10)."""

    async def receive(self) -> str:
        raw = resources.files("ethicsbot.demo").joinpath("complaint.eml").read_bytes()
        result = await asyncio.to_thread(take_in, raw, self.app.intake(), source="demo")
        if result.outcome is not Outcome.OPENED or result.case_number is None:
            raise RuntimeError(f"the demo complaint opened no case: {result.detail}")
        self.number = result.case_number
        said = await self.delivered(
            f"The mayor forwards a complaint against Councilmember Priya Raman and Parks "
            f"Director Gary Pruitt; EthicsBot opens {self.number}, received 8:05 AM (the "
            "original's time, not the forward's). §2 notices go to each official, each "
            "council member and each board member, the clerk gets the registered-mail task, "
            "calendars get the hearing window, and the complainant an acknowledgement with "
            "the case number and what happens next")
        with self.app.uow() as uow:
            case = get_case(uow, self.number)
        informed = ", ".join(f"{self.names([p])} ({when.astimezone(LA):%-I:%M %p})"
                             for p, when in case.informed.items())
        return (f"{said}. Each official is informed in their own right (§2): EthicsBot "
                f"records each one its email reached, {informed}")

    async def phone_notice(self) -> str:
        """§2 by phone, recorded after the call: naming the official, as each is owed
        their own notice."""
        call = at(2026, 12, 1, 9, 40)
        try:
            self.step(c.RecordNoticeServed(Section2Act.RESPONDENT_INFORMED,
                                           how=NoticeMethod.PHONE, given_at=call),
                      "clerk@city.test")
            refused = "(!) a notice naming neither official was accepted"
        except ProcedureError as e:
            refused = f"it is refused: {e}"
        self.step(c.RecordNoticeServed(Section2Act.RESPONDENT_INFORMED, respondent=PRUITT,
                                       how=NoticeMethod.PHONE, given_at=call),
                  "clerk@city.test")
        return ("The clerk also phoned Gary Pruitt at 9:40 AM and records the call as proof "
                f"of his notice (§2; how: phone, given at 9:40 AM). Entered first without "
                f"naming him, {refused} Naming him, it is kept beside the email")

    async def registered_mail(self) -> str:
        try:
            self.step(c.RecordRegisteredMail("RR 2345 6789 0US"), "clerk@city.test")
            refused = "(!) a mailing naming neither official was accepted"
        except ProcedureError as e:
            refused = f"An entry naming neither is refused: {e}"
        mailed = {RAMAN: "RR 2345 6789 0US", PRUITT: "RR 2345 6790 0US"}
        for official, tracking in mailed.items():
            self.step(c.RecordRegisteredMail(tracking, respondent=official), "clerk@city.test")
        each = "; ".join(f"{self.names([p])}, tracking {t}" for p, t in mailed.items())
        return (f"The clerk records each official's own registered-mail copy (§2): {each}. "
                f"{refused}")

    async def schedule(self) -> str:
        self.step(c.ScheduleBoardMeeting(at(2026, 12, 15, 18, 0), "City Hall, Room 2",
                                    remote_link="https://meet.city.test/ethics-board"),
                  "hpark@city.test")
        return await self.delivered(
            "The board chair calls the sufficiency hearing as a special meeting, Tue Dec 15, "
            "6 PM, in executive session (§13, RCW 42.30.110(1)(f)): the written notice goes "
            "to each board member and to the Gazette's newsroom (RCW 42.30.080), the posting "
            "(HTML and PDF) to postings/, an invitation to each member and party")

    async def open_session(self) -> str:
        self.step(c.RequestOpenSession(Proceeding.BOARD, via="mail", respondent=RAMAN,
                                       evidence="Councilmember Raman's letter to the clerk, "
                                                "filed with the case"),
                  "clerk@city.test")
        return await self.delivered(
            "Councilmember Raman asks by letter for an open hearing (§13): the clerk records "
            "it, and the hearing opens as to her matter, not Parks Director Pruitt's (the "
            "request is each official's own): a revised notice and posting say so; the "
            "invitations update (the same UID, SEQUENCE 1)")

    async def call_board(self) -> str:
        self.step(c.ScheduleBoardMeeting(at(2026, 12, 10, 11, 0), "City Hall, Room 2",
                                    further=True), "hpark@city.test")
        return await self.delivered(
            "Councilmember Raman's counsel is in trial until Dec 18. The board acts only at "
            "its meeting (RCW 42.30), so the chair calls a special meeting of the board for "
            "Thu Dec 10, 11 AM, more than 24 hours ahead: its notice, posting and invitations "
            "go out (meeting 2; open as to Raman's matter, as she asked)")

    async def apply_continuance(self) -> str:
        minutes = self.by_motion(Body.BOARD, c.ApplyForContinuance(
            "the respondent's counsel is in trial until Dec 18",
            motion=Motion(yes=self.members(Body.BOARD))))
        self.step(c.ScheduleDeliberation(at(2026, 12, 14, 19, 0), "Council Chambers"),
                  "clerk@city.test")
        return await self.delivered(
            f"{minutes} The board applies to the council for a "
            "continuance: the hearing deadlines are TOLLED (§7), the hearing's invitation "
            "turns tentative. The clerk calls a special meeting of the council on it, "
            "Mon Dec 14, 7 PM (meeting 3), with its notice and posting")

    async def grant_continuance(self) -> str:
        minutes = self.by_motion(Body.COUNCIL, c.DecideContinuance(granted_days=7, motion=Motion(
            yes=("abrandt@city.test", "bokafor@city.test", "thale@city.test"),
            no=("mortiz@city.test",))))
        return await self.delivered(
            f"{minutes} The council grants 7 days; the pause (Dec 10–14) "
            "and the 7 days move both hearing deadlines; invites update")

    async def reschedule(self) -> str:
        # the hearing of Dec 15 is called off and the hearing called anew; scheduling alone
        # would move only the board's latest meeting (Dec 10's, held), not the hearing
        self.step(c.CancelMeeting("the council granted a continuance; counsel is in trial "
                                  "until Dec 18", meeting=1), "hpark@city.test")
        called = self.step(c.ScheduleBoardMeeting(at(2026, 12, 28, 18, 0), "City Hall, Room 2"),
                           "hpark@city.test")
        self.hearing_meeting = int(called.data["meeting"])
        return await self.delivered(
            "The chair cancels the Dec 15 hearing (a notice of cancellation and posting; the "
            "invitations are cancelled) and calls the hearing anew for Mon Dec 28, 6 PM "
            f"(meeting {self.hearing_meeting}): its special meeting notice, posting and "
            "invitations")

    async def replies(self) -> str:
        """The members answer from their calendars; intake records each answer."""
        found = [p for p in self.app.directory.board]
        answers = {"hpark@city.test": "ACCEPTED", "vosei@city.test": "DECLINED"}
        with self.app.uow() as uow:
            meeting = get_case(uow, self.number).meetings.get(self.hearing_meeting)
        assert meeting is not None
        said = []
        for member in found:
            if member.email not in answers:
                continue
            raw = calendar_answer(
                uid=f"{self.number.lower()}-meeting-{meeting.number}@"
                    f"{self.app.settings.msgid_domain}",
                sequence=meeting.sequence, member=member, partstat=answers[member.email],
                organizer=self.app.settings.mail_from,
                summary=f"{self.number}: sufficiency hearing of the Ethics Board",
                at=self.clock.now)
            result = await asyncio.to_thread(take_in, raw, self.app.intake(), source="demo")
            said.append(f"{member.name}: {result.detail}")
        return ("Board members answer the invitation from their calendars; intake records "
                f"each answer against meeting {meeting.number} (no case opened, nothing for "
                "the clerk): "
                + "; ".join(said) + ". Dana Brooks has not answered")

    async def last_answer(self) -> str:
        with self.app.uow() as uow:
            meeting = get_case(uow, self.number).meetings.get(self.hearing_meeting)
        assert meeting is not None
        brooks = next(p for p in self.app.directory.board if p.email == "dbrooks@city.test")
        raw = calendar_answer(
            uid=f"{self.number.lower()}-meeting-{meeting.number}@"
                f"{self.app.settings.msgid_domain}",
            sequence=meeting.sequence, member=brooks, partstat="ACCEPTED",
            organizer=self.app.settings.mail_from,
            summary=f"{self.number}: sufficiency hearing of the Ethics Board", at=self.clock.now)
        result = await asyncio.to_thread(take_in, raw, self.app.intake(), source="demo")
        return f"After the clerk's call, Dana Brooks accepts: {result.detail}; a quorum is coming"

    async def hearing(self) -> str:
        called = self.roll_call(Body.BOARD, ("hpark@city.test", "dbrooks@city.test"))
        with self.app.uow() as uow:  # what its notice stated (RCW 42.30.080(3))
            held = get_case(uow, self.number).meetings.get(self.hearing_meeting)
        agenda = "; ".join(describe_items(held.agenda or ())) if held else "?"
        # RCW 42.30.035: the minutes of the board's meeting of Dec 10, on its agenda
        approved = self.step(c.ApproveMinutes(2, "The chair's name is spelled Helen Park.",
                                              motion=Motion(unanimous=True)), "clerk@city.test")
        self.step(c.BeginHearing(), "hpark@city.test")
        for official in (RAMAN, PRUITT):  # §9: each has their own opportunity
            self.step(c.RecordRespondentHeard(presented=True, respondent=official),
                      "hpark@city.test")
        # §13: Pruitt did not ask, so his matter is evaluated in executive session, announced
        self.executive_session(at(2026, 12, 28, 19, 15), at(2026, 12, 28, 19, 45), PRUITT)
        self.clock.now = at(2026, 12, 28, 20, 0)
        board = frozenset(self.members(Body.BOARD))
        votes = {"hpark@city.test": Vote.YES, "dbrooks@city.test": Vote.YES}
        for official in (RAMAN, PRUITT):  # §7: the board finds as to each official
            for member, vote in votes.items():
                self.step(c.RecordBoardVote(member, vote, board, respondent=official), member)
            self.step(c.RecordBoardDetermination(board, respondent=official),
                      "hpark@city.test")
        with self.app.uow() as uow:
            found = get_case(uow, self.number).meetings.sufficiency(RAMAN)
        self.clock.now = at(2026, 12, 28, 20, 30)
        self.step(c.ConcludeHearing(), "hpark@city.test")
        cast = "; ".join(f"{self.names([m])} {v.value}" for m, v in votes.items())
        return await self.delivered(
            f"{called}The notice stated its final actions: {agenda}. The board first approves "
            f"the minutes of meeting 2, drawn from its record, with the clerk's correction "
            f"({self.motion(approved).rstrip('.')}; `ethicsbot minutes {self.number} 2` "
            "prints them). "
            "The hearing begins; each official is heard in their own right "
            "(§9): Councilmember Raman presents her side, Parks Director Pruitt his; the "
            "board evaluates Pruitt's matter in executive session from 7:15 to 7:45 PM, as "
            "announced (RCW 42.30.110(2); Raman's stays open, as she asked), then votes in "
            "open session, as to each of them, that the complaint is "
            f"sufficient ({cast}): "
            f"{found.explanation if found else '?'} The hearing concludes at 8:30 PM")

    async def report(self) -> str:
        self.step(c.IssueReport(sufficient=True, summary="The complaint alleges specific "
                                "facts that, if proven, would violate 2.94.030."),
                  "hpark@city.test")
        self.step(c.DeliverReport(), "hpark@city.test")
        return await self.delivered("The board finds the complaint SUFFICIENT and delivers "
                                    "its written report to council, each official and the "
                                    "complainant")
