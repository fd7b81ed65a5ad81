"""The demo's chapters from the referral to the case's closure (§11–§14): Pruitt asks for
the board, each official's matter goes to their own forum, the board hears him, the
examiner sets the hearing of Raman's matter and the clerk takes it down, the examiner's
determination as to her, the council's votes and decision, the closure.

Its own module because it is one part of the story, told on `ethicsbot.demo.scene`;
`ethicsbot.demo.story` puts its chapters in order with the others.
"""

from __future__ import annotations

from datetime import datetime

from cases import commands as c
from cases.access import actor_for
from cases.agenda import describe_items
from cases.calendar import fmt_moment
from cases.derived import complete
from cases.errors import ProcedureError
from cases.history import EventKind
from cases.meetings import Body, MeetingKind
from cases.motions import Motion
from cases.services import get_case, take_step
from cases.tally import Vote
from ethicsbot.demo.scene import LA, PRUITT, RAMAN, Scene, at

__all__ = ["DecisionChapters"]


class DecisionChapters(Scene):
    """The referral to the closure (§11–§14)."""

    async def board_request(self) -> str:
        """§11: Pruitt asks for the board himself, signed in on the web docket; the form
        builds his request as every surface does (`cases.derived.complete`)."""
        directory = self.app.directory
        with self.app.uow() as uow:
            cmd = complete(c.RequestBoardHearing, {}, actor_for(directory, PRUITT), directory,
                           get_case(uow, self.number), uow.rotation, via="web")
            event = take_step(uow, self.number, cmd, directory=directory,
                              calendar=self.app.calendar, clock=self.app.clock, actor=PRUITT)
            uow.commit()
        return await self.delivered(
            "Gary Pruitt, signed in on the web docket, asks that the Ethics Board, not a "
            "hearings examiner, hear his matter (§11); the record keeps that he asked "
            f"himself (via: {event.data['via']}). Councilmember Raman does not ask: the "
            "forum is each official's own choice (the city's reading board_hearing="
            f"{directory.readings.board_hearing.value}), so her matter still goes to the "
            "examiner")

    async def refer(self) -> str:
        directory = self.app.directory
        referred = []
        for official in (PRUITT, RAMAN):  # §11: each official's matter to their own forum
            with self.app.uow() as uow:  # as every surface builds it: the board, at his
                # request; the next examiner in rotation for hers
                cmd = complete(c.Refer, {"respondent": official},
                               actor_for(directory, "hpark@city.test"), directory,
                               get_case(uow, self.number), uow.rotation,
                               today=self.app.calendar.local_date(self.app.clock()))
                take_step(uow, self.number, cmd, directory=directory,
                          calendar=self.app.calendar, clock=self.app.clock,
                          actor="hpark@city.test")
                uow.commit()
            referred.append(f"{self.names([official])}'s to "
                            + (f"the next hearings examiner in rotation, {cmd.examiner}"
                               if cmd.examiner else "the Ethics Board, as he asked"))
        return await self.delivered(f"Each official's matter is referred to their own forum "
                                    f"(§11): {'; '.join(referred)}")

    async def examiner_hearing(self) -> str:
        """§11, §13: the examiner is one person, not a body, and sets the hearing of
        Raman's matter by email; the clerk takes it down with how it came and what shows
        it, as a clerk would, and the examiner's determination is received only from that
        day on (`cases.handlers.examiner`)."""
        set_ = self.step(c.RecordExaminerHearing(
            at(2027, 2, 3, 10, 0), "Hearing Room B, 210 Main St", respondent=RAMAN,
            via="email", evidence="the examiner's email of Jan 8 to the clerk, filed with "
                                  "the case"), "clerk@city.test")
        session = ("open to the public, as she asked (§13)" if set_.data["open"] else
                   "in executive session (§13: she has not asked for an open one)")
        early = self.attempt(c.RecordDetermination(  # the rule the hearing sets, shown
            violation=True, sections=("2.94.030",), respondent=RAMAN), "clerk@city.test")
        when = fmt_moment(datetime.fromisoformat(set_.data["starts_at"]).astimezone(LA))
        return await self.delivered(
            f"The hearings examiner, {self.names([set_.data['examiner']])}, sets the hearing "
            f"of Councilmember Raman's matter by email for {when}, {set_.data['place']}, "
            f"{session}. The clerk takes it down (via: {set_.data['via']}; "
            f"evidence: {set_.data['evidence']}); its notice goes to her, the complainant, "
            "the examiner and the mayor's office, not to Gary Pruitt, whose matter the board "
            "hears. By the city's reading examiner_notice="
            f"{self.app.directory.readings.examiner_notice.value}, "
            f"{set_.data['notice_reading']}. The examiner's determination as to her is "
            f"received only from that day on (§11): one taken down today is refused: {early}")

    async def call_board_hearing(self) -> str:
        called = self.step(c.ScheduleBoardMeeting(at(2027, 1, 21, 18, 0), "City Hall, Room 2"),
                           "hpark@city.test")
        self.board_hearing_meeting = int(called.data["meeting"])
        with self.app.uow() as uow:  # what its notice states (RCW 42.30.080(3))
            m = get_case(uow, self.number).meetings.get(self.board_hearing_meeting)
        items = m.agenda or () if m else ()
        return await self.delivered(
            "The board chair calls the board's hearing of Gary Pruitt's matter (§11) as a "
            f"special meeting, Thu Jan 21, 6 PM (meeting {self.board_hearing_meeting}), two "
            f"weeks ahead. Its notice and posting state an agenda of {len(items)} items, the "
            "only business the board may take final action on there (RCW 42.30.080(3)): "
            f"{'; '.join(describe_items(items))}. The matter is evaluated in executive "
            "session (§13: he did not ask for an open one)")

    async def board_determination(self) -> str:
        board = self.members(Body.BOARD)
        called = self.roll_call(Body.BOARD, board)
        # RCW 42.30.035: the minutes of the hearing of Dec 28, the agenda's other item
        approved = self.step(c.ApproveMinutes(self.hearing_meeting, motion=Motion(
            unanimous=True)), "clerk@city.test")
        # §9: no report by the board unless he had the opportunity to present at a hearing
        # before it; the board's determination is its report (the reading
        # referred_opportunity), so he is heard at this hearing of his matter too
        self.step(c.RecordRespondentHeard(presented=True, respondent=PRUITT), "hpark@city.test")
        # §13: Pruitt did not ask for an open proceeding: the board evaluates his matter in
        # an executive session, announced with its purpose and end (RCW 42.30.110(2))
        self.executive_session(at(2027, 1, 21, 18, 15), at(2027, 1, 21, 19, 0), PRUITT)
        self.clock.now = at(2027, 1, 21, 19, 10)
        found = self.step(c.RecordDetermination(violation=False, respondent=PRUITT,
                                                motion=Motion(yes=board)), "clerk@city.test")
        return await self.delivered(
            f"{called}The board first approves the minutes of meeting {self.hearing_meeting}, "
            f"the hearing ({self.motion(approved).rstrip('.')}). It then takes up Gary Pruitt's "
            "matter (§11): he presents his side at this hearing of it (§9: the board's "
            "determination is its report, and none issues without that opportunity; the "
            "city's reading referred_opportunity="
            f"{self.app.directory.readings.referred_opportunity.value}); the board evaluates "
            "it in executive session from 6:15 to 7:00 PM, as "
            "announced (RCW 42.30.110(2)), and in open session determines, by motion, that he "
            f"did not violate the code: {self.motion(found)} The determination as to him is "
            f"the board's own (the record names its maker: {found.data['by']}), recorded by "
            "the clerk from its motion")

    async def determination(self) -> str:
        # §11, §12: the examiner's determination as to Raman, received by the clerk
        made = self.step(c.RecordDetermination(violation=True, sections=("2.94.030",),
                                               respondent=RAMAN), "clerk@city.test")
        with self.app.uow() as uow:
            case = get_case(uow, self.number)
        made_by = {str(e.data["respondent"]): e.data for e in case.history
                   if e.kind is EventKind.DETERMINATION_RECEIVED}

        def by(official: str) -> str:  # who made it (§11): the examiner, or the board's motion
            d = made_by[official]
            return (f"the Ethics Board's, by motion at meeting {d['motion']['meeting']}"
                    if d.get("motion") else f"the examiner's, {d['by']}")

        found = "; ".join(
            f"as to {self.names([p])}: " + (f"a violation of {', '.join(f.sections)}"
                                           if f.violation else "no violation") + f" ({by(p)})"
            for p, f in case.findings.items())
        called = self.step(c.ScheduleDeliberation(at(2027, 2, 16, 19, 0), "Council Chambers",
                                                  MeetingKind.REGULAR), "clerk@city.test")
        return await self.delivered(f"The examiner, {made.data['by']}, delivers the final "
                                    "determination as to Priya Raman, and the clerk records "
                                    f"it as received (§11): each official's determination "
                                    f"now stands, {found}. Gary Pruitt was found not to have "
                                    "violated the code. On the violation found, the council "
                                    "must decide within 7 days (§12) and takes it up at its "
                                    "regular meeting of Tue Feb 16 (meeting "
                                    f"{called.data['meeting']}; agenda item posted, RCW "
                                    "42.30.077)")

    async def vote(self) -> str:
        called = self.roll_call(Body.COUNCIL, self.members(Body.COUNCIL))
        votes = {"abrandt@city.test": Vote.YES, "bokafor@city.test": Vote.YES,
                 "mortiz@city.test": Vote.NO, "thale@city.test": Vote.YES}
        for member, vote in votes.items():
            self.step(c.RecordCouncilVote(member, vote, self.council()), member)
        try:
            self.step(c.RecordCouncilVote(RAMAN, Vote.NO, self.council()), RAMAN)
            refused = "(!) Raman's vote was accepted"
        except ProcedureError as e:
            refused = f"Raman's own vote is refused: {e}"
        try:  # a penalty on the official found not to have violated: none reaches him
            self.step(c.RecordCouncilDecision(
                council=self.council(), mayor="mayor@city.test",
                penalties=(c.Penalty("2.94.030", "written warning"),), respondent=PRUITT),
                "clerk@city.test")
            spared = "(!) a penalty on Gary Pruitt was accepted"
        except ProcedureError as e:
            spared = f"a penalty drafted against him is refused: {e}"
        decided = self.step(c.RecordCouncilDecision(  # §12: then the vote on the action
            council=self.council(), mayor="mayor@city.test",
            penalties=(c.Penalty("2.94.030", "public reprimand", respondent=RAMAN),),
            action=Motion(yes=("abrandt@city.test", "bokafor@city.test", "thale@city.test"),
                          no=("mortiz@city.test",))),
            "clerk@city.test")
        cast = "; ".join(f"{self.names([m])} {v.value}" for m, v in votes.items())
        imposed = "; ".join(f"{p['action']} of {self.names([p['respondent']])} under "
                            f"{p['section']}" for p in decided.data["penalties"])
        return await self.delivered(
            f"{called}The council votes in open session that the violation found occurred "
            f"({cast}): {decided.data['explanation']} Then, by a second majority vote, it "
            f"reprimands Councilmember Raman: {decided.data['action']['explanation']} "
            f"{refused} Penalty imposed (§12): {imposed}. Gary Pruitt was found not to have "
            f"violated the code, and no penalty reaches him: {spared}")

    async def close(self) -> str:
        self.step(c.CloseCase("council decision rendered"), "clerk@city.test")
        return await self.delivered("The case is closed: the complaint, each official's "
                                    "determination and the report are now public records (§6, "
                                    "§13)")
