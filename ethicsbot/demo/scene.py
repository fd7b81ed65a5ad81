"""The demo's stage: the city set up with a simulated clock and mail written to files, the
people the story names, and what every chapter does (take a step as someone, call a
body's roll, say a motion as the minutes would, deliver what the outbox owes).

Its own module because each part of the story (`ethicsbot.demo.sufficiency`,
`decision`, `after_closure`) is told on it, and `ethicsbot.demo.story` only orders them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from rich.console import Console

from cases import commands as c
from cases.acts import unable_to_act
from cases.directory import Person, RetentionPeriod
from cases.errors import ProcedureError
from cases.handlers import Command
from cases.history import Event
from cases.meetings import BODY_NAME, Body
from cases.open_meetings import body_members, body_quorum
from cases.services import get_case, take_step
from ethicsbot.bootstrap import App, bootstrap
from ethicsbot.demo.clock import SimClock, SimulatedTime
from ethicsbot.directory_file import load_directory
from ethicsbot.settings import Settings
from mail.transport import FileTransport

__all__ = ["ATTORNEY", "LA", "PRUITT", "RAMAN", "RECORDS_OFFICER", "Scene", "at"]


LA = ZoneInfo("America/Los_Angeles")
RAMAN = "praman@city.test"  # Councilmember Priya Raman: found to have violated 2.94.030
PRUITT = "gpruitt@city.test"  # Gary Pruitt, Parks Director: found not to have violated
ATTORNEY = "attorney@city.test"
RECORDS_OFFICER = "records@city.test"


def at(year: int, month: int, day: int, hour: int, minute: int) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=LA)



class Scene:
    """The city, the simulated clock and the case, with what every chapter does: take a
    step as someone, call the roll, read a motion as the minutes would, deliver the mail."""

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

    def attempt(self, cmd: Command, actor: str) -> str:
        """A step that must be refused, and the words it is refused with."""
        try:
            self.step(cmd, actor)
        except ProcedureError as e:
            return str(e)
        return "(!) it was accepted"
