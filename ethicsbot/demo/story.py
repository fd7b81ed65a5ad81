"""The demo's story: a complaint against two officials, a council member and a city
official, from receipt to the council's decision, told step by step through the real
service layer, outbox and reminders. Each official is informed, mailed, heard and
determined in their own right, in the forum of their own choosing (§11): the council
member's matter goes to the hearings examiner, who sets its hearing (the clerk takes it
down) and finds a violation; the Parks Director
asks for the Ethics Board, which hears him at its noticed meeting (an agenda of two items:
his determination and the minutes of its hearing) and finds none by motion. The council's
penalty reaches only the one found; the board's minutes are approved and published.

Every step goes through the same code as production (intake, `take_step`, the
dispatcher, the reminder jobs); only the clock is simulated and mail is written as .eml
files into the demo folder.

The story is told in three parts on one stage (`ethicsbot.demo.scene`): `sufficiency`,
`decision` and `after_closure`; this module puts their chapters in the order of the days
and tells them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime

from rich.progress import Progress
from rich.table import Table

from cases.calendar import fmt_moment
from cases.deadlines import Status
from cases.history import EventKind
from cases.services import get_case
from ethicsbot.demo.after_closure import AfterClosureChapters
from ethicsbot.demo.clock import QUORUM_WARNING
from ethicsbot.demo.decision import DecisionChapters
from ethicsbot.demo.scene import LA, at
from ethicsbot.demo.sufficiency import SufficiencyChapters

__all__ = ["Chapter", "Story"]


@dataclass(frozen=True)
class Chapter:
    when: datetime
    title: str
    act: Callable[[], Awaitable[str]]
    show_deadlines: bool = False


class Story(SufficiencyChapters, DecisionChapters, AfterClosureChapters):
    """The whole story: its chapters in order, told on the console with the deadlines
    and, at the end, the docket's history."""

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
            Chapter(at(2027, 1, 8, 11, 0), "Examiner's hearing set", self.examiner_hearing),
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
