"""The demo's story: a complaint against two officials, a council member and a city
official, from receipt to the council's decision, told step by step through the real
service layer, outbox and reminders. Each official is informed, mailed, heard and
determined in their own right, in the forum of their own choosing (§11): the council
member's matter goes to the hearings examiner, who finds a violation; the Parks Director
asks for the Ethics Board, which hears him at its noticed meeting (an agenda of two items:
his determination and the minutes of its hearing) and finds none by motion. The council's
penalty reaches only the one found; the board's minutes are approved and published.

Every step goes through the same code as production (intake, `take_step`, the
dispatcher, the reminder jobs); only the clock is simulated and mail is written as .eml
files into the demo folder.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, replace
from datetime import datetime
from importlib import resources
from pathlib import Path
from zoneinfo import ZoneInfo

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from cases import commands as c
from cases.access import actor_for
from cases.acts import unable_to_act
from cases.agenda import describe_items
from cases.calendar import fmt_moment
from cases.deadlines import Status
from cases.derived import complete
from cases.directory import Person, RetentionPeriod
from cases.disclosure import AnswerKind, Redaction, Withholding
from cases.errors import ProcedureError
from cases.handlers import Command
from cases.history import Event, EventKind
from cases.meetings import BODY_NAME, Body, MeetingKind, Proceeding
from cases.motions import Motion
from cases.open_meetings import body_members, body_quorum
from cases.public_records import PublicRecord
from cases.retention import review
from cases.section2 import NoticeMethod, Section2Act
from cases.services import get_case, take_step
from cases.tally import Vote
from ethicsbot.bootstrap import App, bootstrap
from ethicsbot.demo.clock import QUORUM_WARNING, SimClock, SimulatedTime
from ethicsbot.demo.replies import calendar_answer
from ethicsbot.directory_file import load_directory
from ethicsbot.settings import Settings
from mail.intake import Outcome, take_in
from mail.transport import FileTransport
from storage import chain

LA = ZoneInfo("America/Los_Angeles")
RAMAN = "praman@city.test"  # Councilmember Priya Raman: found to have violated 2.94.030
PRUITT = "gpruitt@city.test"  # Gary Pruitt, Parks Director: found not to have violated
ATTORNEY = "attorney@city.test"
RECORDS_OFFICER = "records@city.test"


def at(year: int, month: int, day: int, hour: int, minute: int) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=LA)


@dataclass(frozen=True)
class Chapter:
    when: datetime
    title: str
    act: Callable[[], Awaitable[str]]
    show_deadlines: bool = False


class Story:
    def __init__(self, folder: Path, console: Console) -> None:
        self.folder, self.console = folder, console
        self.clock = SimClock(at(2026, 12, 1, 9, 13))
        settings = Settings(  # type: ignore[call-arg]
            _env_file=None, database_url=f"sqlite:///{folder / 'ethicsbot.db'}",
            directory=folder / "no-directory-file.yml", maildir=folder / "mailbox",
            outbox_dir=folder / "outbox", postings_dir=folder / "postings")
        # the embedded city, with a records officer and an example retention period so the
        # story can end with a retention review (docs/records.md; the years are the city's)
        city, _ = load_directory(settings.directory)
        self.app: App = bootstrap(settings, clock=self.clock, directory=replace(
            city, records_officer=Person("Alma Reyes", RECORDS_OFFICER, title="Records Officer"),
            retention=RetentionPeriod("CORE: the series the records officer confirms "
                                      "(an example)", 6)))
        self.time = SimulatedTime(self.app, self.clock, FileTransport(settings.outbox_dir))
        self.number = ""
        self.hearing_meeting = 1  # the board's sufficiency hearing, as last called
        self.board_hearing_meeting = 0  # the board's §11 hearing of Pruitt's matter
        self.minutes_meeting = 0  # the board's meeting after closure, on the minutes

    # -- helpers --------------------------------------------------------------------------

    def step(self, cmd: Command, actor: str) -> Event:
        with self.app.uow() as uow:
            event = take_step(uow, self.number, cmd, directory=self.app.directory,
                              calendar=self.app.calendar, clock=self.app.clock, actor=actor)
            uow.commit()
        return event

    def executive_session(self, start: datetime, end: datetime, about: str) -> None:
        """The chair announces an executive session about `about`'s matter at `start`,
        to end at `end` (RCW 42.30.110(2)), and ends it then."""
        self.clock.now = start
        self.step(c.StartExecutiveSession(end, about=(about,)), "hpark@city.test")
        self.clock.now = end
        self.step(c.EndExecutiveSession(), "hpark@city.test")

    def names(self, emails: Iterable[str]) -> str:
        """`emails` as the directory names them, in the order given."""
        people = [(e, self.app.directory.by_email(e)) for e in emails]
        return ", ".join(p.name if p else e for e, p in people)

    def roll_call(self, body: Body, present: tuple[str, ...]) -> str:
        """Record who is present at `body`'s meeting under way (RCW 42.30): a body acts only
        with a quorum on its roll call. What the minutes say of it."""
        d = self.app.directory
        event = self.step(c.RecordRollCall(
            present, board=frozenset(self.members(Body.BOARD)), council=self.council(),
            mayor=d.mayor.email), "clerk@city.test")
        with self.app.uow() as uow:
            case = get_case(uow, self.number)
        barred = unable_to_act(case)
        members = self.members(body)
        q = body_quorum(body, d, barred)
        here = [m for m in members if m in event.data["present"]]
        absent = [m for m in members if m not in here]
        acting = [m for m in here if m in q.counted]
        not_counted = [m for m in here if m not in q.counted]
        said = (f"Roll call of {BODY_NAME[body]} (meeting {event.data['meeting']}): present "
                f"{self.names(here)}")
        if absent:
            said += f"; absent {self.names(absent)}"
        if not_counted:
            said += (f"; {self.names(not_counted)}, complained against, is not counted and "
                     "does not vote (§14)")
        basis = q.basis if body is Body.COUNCIL else "by the city's reading"
        return (f"{said}. A quorum: {len(acting)} present who may act, {q.needed} needed of "
                f"{q.members} members ({basis}). ")

    def motion(self, event: Event) -> str:
        """The motion an act was taken by, as the minutes record it: each vote, the result."""
        kept = event.data["motion"]
        by_vote: dict[str, list[str]] = {}
        for member, vote in kept["votes"].items():
            by_vote.setdefault(vote, []).append(member)
        votes = "; ".join(f"{vote} {self.names(who)}" for vote, who in by_vote.items())
        return (f"Motion at meeting {kept['meeting']}, in open session: {votes}. "
                f"{kept['explanation']}")

    def by_motion(self, body: Body, act: Command) -> str:
        """`body`'s roll call with every member present, then `act` taken by its motion
        (the clerk records both): what the minutes say of them."""
        called = self.roll_call(body, self.members(body))
        return f"{called}{self.motion(self.step(act, 'clerk@city.test'))}"

    async def delivered(self, what: str) -> str:
        sent = await self.time.deliver()
        return f"{what} — {sent} message(s) written to outbox/" if sent else what

    def members(self, body: Body) -> tuple[str, ...]:
        """`body`'s members, as the directory lists them."""
        return tuple(p.email for p in body_members(body, self.app.directory))

    def council(self) -> frozenset[str]:
        return frozenset(self.members(Body.COUNCIL))

    # -- the chapters ---------------------------------------------------------------------

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
                               get_case(uow, self.number), uow.rotation)
                take_step(uow, self.number, cmd, directory=directory,
                          calendar=self.app.calendar, clock=self.app.clock,
                          actor="hpark@city.test")
                uow.commit()
            referred.append(f"{self.names([official])}'s to "
                            + (f"the next hearings examiner in rotation, {cmd.examiner}"
                               if cmd.examiner else "the Ethics Board, as he asked"))
        return await self.delivered(f"Each official's matter is referred to their own forum "
                                    f"(§11): {'; '.join(referred)}")

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

    def attempt(self, cmd: Command, actor: str) -> str:
        """A step that must be refused, and the words it is refused with."""
        try:
            self.step(cmd, actor)
        except ProcedureError as e:
            return str(e)
        return "(!) it was accepted"

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

    def chapters(self) -> list[Chapter]:
        return [
            Chapter(at(2026, 12, 1, 9, 13), "Receipt", self.receive, show_deadlines=True),
            Chapter(at(2026, 12, 1, 10, 0), "Notice by phone", self.phone_notice),
            Chapter(at(2026, 12, 2, 10, 30), "Registered mail", self.registered_mail),
            Chapter(at(2026, 12, 7, 14, 0), "Hearing scheduled", self.schedule),
            Chapter(at(2026, 12, 8, 10, 0), "Open session requested", self.open_session),
            Chapter(at(2026, 12, 8, 10, 30), "Board meeting called", self.call_board),
            Chapter(at(2026, 12, 10, 11, 0), "Continuance applied", self.apply_continuance,
                    show_deadlines=True),
            Chapter(at(2026, 12, 14, 19, 0), "Continuance granted", self.grant_continuance,
                    show_deadlines=True),
            Chapter(at(2026, 12, 15, 9, 0), "Hearing rescheduled", self.reschedule),
            Chapter(at(2026, 12, 16, 11, 0), "Members answer", self.replies),
            Chapter(at(2026, 12, 27, 9, 30), "Last answer", self.last_answer),
            Chapter(at(2026, 12, 28, 18, 0), "Hearing", self.hearing, show_deadlines=True),
            Chapter(at(2027, 1, 5, 10, 0), "Written report", self.report),
            Chapter(at(2027, 1, 5, 16, 0), "Board hearing requested", self.board_request),
            Chapter(at(2027, 1, 6, 9, 0), "Referral", self.refer),
            Chapter(at(2027, 1, 7, 10, 0), "Board hearing called", self.call_board_hearing),
            Chapter(at(2027, 1, 21, 18, 0), "Board hearing", self.board_determination),
            Chapter(at(2027, 2, 12, 15, 0), "Determination", self.determination,
                    show_deadlines=True),
            Chapter(at(2027, 2, 16, 19, 0), "Council decision", self.vote),
            Chapter(at(2027, 2, 16, 21, 0), "Closed", self.close),
            Chapter(at(2027, 2, 17, 9, 0), "Public records request", self.records_request,
                    show_deadlines=True),
            Chapter(at(2027, 2, 17, 11, 0), "Minutes on the agenda", self.call_minutes_meeting),
            Chapter(at(2027, 2, 22, 10, 0), "First instalment", self.first_instalment),
            Chapter(at(2027, 2, 25, 18, 0), "Minutes approved", self.approve_minutes),
            Chapter(at(2027, 3, 1, 10, 0), "Second instalment", self.second_instalment),
            Chapter(at(2033, 3, 1, 9, 0), "Retention review", self.retention_review),
        ]

    # -- telling it -----------------------------------------------------------------------

    async def tell(self) -> None:
        chapters = self.chapters()
        with Progress(console=self.console, transient=True) as progress:
            task = progress.add_task("procedure", total=len(chapters))
            for ch in chapters:
                for when, key in await self.time.advance(ch.when):
                    if key.startswith(f"{QUORUM_WARNING}:"):
                        w = self.time.warned[int(key.partition(":")[2])]
                        self.console.print(
                            f"[bold cyan]{fmt_moment(when.astimezone(LA))}[/]  [bold]Quorum "
                            f"warning[/]: meeting {w.meeting}, 48 hours ahead: {w.why} The "
                            "presiding officer and the clerk are warned")
                        continue
                    self.console.print(f"[bold cyan]{fmt_moment(when.astimezone(LA))}[/]  "
                                       f"[bold]Reminder[/]: {key.replace('_', ' ')} is "
                                       "coming up; the people responsible were reminded")
                said = await ch.act()
                self.console.print(f"[bold cyan]{fmt_moment(self.clock.now.astimezone(LA))}"
                                   f"[/]  [bold]{ch.title}[/]: {said}")
                if ch.show_deadlines:
                    self.console.print(self.deadline_table())
                progress.advance(task)
        self.console.print(self.timeline())
        self.time.close()

    def deadline_table(self) -> Table:
        with self.app.uow() as uow:
            case = get_case(uow, self.number)
        table = Table(show_header=True, header_style="bold", box=None, padding=(0, 2))
        for col in ("deadline", "due", "status", "basis"):
            table.add_column(col, overflow="fold")
        at_receipt = all(e.kind in (EventKind.COMPLAINT_RECEIVED, EventKind.NOTICE_SERVED)
                         for e in case.history)
        for d in case.deadlines(self.app.calendar, now=self.clock.now):
            if d.status is Status.MET and not at_receipt:
                continue  # after receipt the story shows only what is still running
            due = fmt_moment(d.due.astimezone(LA)) if d.due else "—"
            table.add_row(d.key.value, due, d.status.value, d.basis)
        return table

    def timeline(self) -> Table:
        with self.app.uow() as uow:
            case = get_case(uow, self.number)
        table = Table(title=f"{self.number}: the docket's history", box=None)
        table.add_column("when (city time)")
        table.add_column("what")
        table.add_column("by")
        for e in case.history:
            what = e.kind.value.replace("_", " ")
            if e.data.get("respondent"):  # a step as to one official, in their own right
                penalised = "; penalty" if e.data.get("penalties") else ""  # §12
                what += f" ({self.names([str(e.data['respondent'])])}{penalised})"
            elif e.kind is EventKind.REFERRED:  # §11: whose matter, to which forum
                to = "the board" if e.data["to"] == "board" else e.data["to"]
                what += f" ({self.names(e.data['respondents'])} to {to})"
            table.add_row(fmt_moment(e.at.astimezone(LA)), what, e.actor)
        return table
