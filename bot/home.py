"""App Home: "Your deadlines", and "Your meetings" for those who run them (the board's
chair, the mayor, the clerks: `bot.meetings`), for the person opening it.

A person's deadlines are those the ordinance gives their role (the deadline table's
`responsible` column):
the mayor's office the §2 notices, the board (its chair answers for it) the hearing and
the report, the council its decision, the city attorney the answer to a public disclosure
request (RCW 42.56.520). Cases against the person are left out: they act in none of them.
Each is judged now: one whose due time has passed stays, marked missed, until the step
is recorded.
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any

from slack_bolt.async_app import AsyncApp
from slack_sdk.web.async_client import AsyncWebClient

from bot.access import Caller, identify
from bot.escape import esc
from bot.meetings import home_lines, runs
from bot.render import section
from bot.service import SlackDeps, blocking, log_alone
from cases.access import NOT_LISTED
from cases.calendar import countdown, when
from cases.deadlines import Status
from cases.text import words
from cases.visibility import responsibilities
from notices.mail_down import shown
from storage import meetings, queries


def register(bolt: AsyncApp, deps: SlackDeps) -> None:
    async def opened(event: dict[str, Any], client: AsyncWebClient,
                     context: dict[str, Any]) -> None:
        if event.get("tab", "home") != "home":
            return
        view = await blocking(home_view, deps, context["caller"])
        await client.views_publish(user_id=event["user"], view=view)

    bolt.event("app_home_opened")(opened)


async def republish(client: AsyncWebClient, deps: SlackDeps, slack_id: str) -> None:
    """Build a person's Home again and publish it, no request asking: what it shows
    changed (outgoing mail failing, or working again, `mail.mail_down`), and a Home
    already open would show the old one until the tab is opened anew. Read in a thread:
    the caller is the worker's event loop, which sends the notices meanwhile."""
    view = await asyncio.to_thread(home_view, deps, identify(deps.directory, slack_id))
    await client.views_publish(user_id=slack_id, view=view)


def your_deadlines(deps: SlackDeps, caller: Caller) -> list[dict[str, Any]]:
    mine = [r.value for r in responsibilities(caller.actor)]
    log_alone(deps, caller, None, "home deadlines", caller.person is not None)
    if not mine:
        return []
    with deps.session_factory() as session:
        rows = queries.open_deadlines(session=session, responsible=mine, now=deps.clock(),
                                      asker=caller.who)
    return [r for r in rows if caller.who not in r["respondents"]]


def your_meetings(deps: SlackDeps, caller: Caller) -> list[str]:
    """The meetings still to come that the caller runs (bot.meetings.runs), with who has
    answered and whether a quorum is coming."""
    bodies = runs(caller.roles)
    if not bodies or caller.person is None:
        return []
    with deps.session_factory() as session:
        rows = meetings.upcoming(session=session, now=deps.clock(), bodies=bodies)
    return home_lines(rows, calendar=deps.calendar, directory=deps.directory,
                      viewer=caller.who)


def home_view(deps: SlackDeps, caller: Caller) -> dict[str, Any]:
    if caller.person is None:
        blocks = [section(NOT_LISTED)]
    else:
        rows, now = your_deadlines(deps, caller), deps.clock()
        lines = [_line(r, deps, now) for r in rows]
        blocks = [*_mail_down(deps),
                  {"type": "header", "text": {"type": "plain_text", "text": "Your deadlines"}},
                  section("Confidential (§6): visible only to you.")]
        blocks += [section("\n".join(lines[i:i + 10])) for i in range(0, len(lines), 10)]
        if not lines:
            blocks.append(section("Nothing is due from you on any open case."))
        meetings = your_meetings(deps, caller)
        if meetings:
            blocks.append({"type": "header",
                           "text": {"type": "plain_text", "text": "Your meetings"}})
            blocks += [section("\n".join(meetings[i:i + 8]))
                       for i in range(0, len(meetings), 8)]
    return {"type": "home", "blocks": blocks}


def _mail_down(deps: SlackDeps) -> list[dict[str, Any]]:
    """The banner while outgoing mail is failing and the clerk has been told
    (`mail.mail_down`): the Home is built each time it is opened, and published again
    for each clerk as the DM telling them mail is down, or back, is sent
    (`bot.reminders`), so it comes and goes with the stored outage."""
    with deps.session_factory() as session:
        found = shown(session, deps.calendar)
    return [section(f":warning: *{esc(found.headline)}* {esc(found.todo)}")] if found else []


def _line(r: dict[str, Any], deps: SlackDeps, now: datetime) -> str:
    if r["due"]:
        moment = datetime.fromisoformat(r["due"])
        due = f"due {when(r['due'], deps.calendar)} ({countdown(moment, now)})"
        if r["status"] == Status.MISSED:
            due = "*missed*: " + due
    else:
        due = "tolled: no due date until the council decides (§7)"
    return f"• *{r['number']}* · {words(r['key'])} ({words(r['responsible'])}) · {due}"
