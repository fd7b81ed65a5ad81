"""App Home: "Your deadlines", "Your meetings" for those who run them (the board's
chair, the mayor, the clerks: `bot.meetings`), and "For the city attorney" for a reader
with full access, for the person opening it.

A person's deadlines are those the ordinance gives their role (the deadline table's
`responsible` column):
the mayor's office the §2 notices, the board (its chair answers for it) the hearing and
the report, the council its decision, the city attorney the answer to a public disclosure
request (RCW 42.56.520). Cases against the person are left out: they act in none of them.
Each is judged now: one whose due time has passed stays, marked missed, until the step
is recorded.

"For the city attorney": the open cases whose meetings carry a flag for the city
attorney (`cases.meetings.Meeting.irregular`: a late open-session request, a
determination with no executive session recorded), each by number with how many and a
button that shows its status. Read by the docket's own statement, its `flags` column
(`storage.queries.docket_statements`, as the web docket's badge), for those the web
docket shows the badge to: full access (the mayor's office, the board, the city
attorney), never on a case against the reader or one they recused on. The statement
reads the whole open docket (a city's open cases are tens, not thousands) and the flagged
ones are kept here, as the web docket keeps the badge to its readers.
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any

from slack_bolt.async_app import AsyncAck, AsyncApp
from slack_sdk.web.async_client import AsyncWebClient

from bot.access import Caller, identify
from bot.commands import status
from bot.commands.request import Request
from bot.escape import esc
from bot.ids import STATUS_ACTION
from bot.meetings import home_lines, runs
from bot.render import section
from bot.service import CHANNEL, SlackDeps, blocking, log_alone
from cases.access import NOT_LISTED, Refused, docket_access
from cases.calendar import countdown, when
from cases.deadlines import Status
from cases.errors import ProcedureError
from cases.levels import Access
from cases.text import words
from cases.visibility import responsibilities
from notices.mail_down import shown
from storage import lookups, meetings, queries

FLAGGED_SHOWN = 20  # cases listed under "For the city attorney"; the Home holds 100 blocks


def register(bolt: AsyncApp, deps: SlackDeps) -> None:
    async def opened(event: dict[str, Any], client: AsyncWebClient,
                     context: dict[str, Any]) -> None:
        if event.get("tab", "home") != "home":
            return
        view = await blocking(home_view, deps, context["caller"])
        await client.views_publish(user_id=event["user"], view=view)

    async def status_pressed(ack: AsyncAck, body: dict[str, Any], action: dict[str, Any],
                             client: AsyncWebClient, context: dict[str, Any]) -> None:
        """A case's button under "For the city attorney": its status as `/ethics status
        CASE` shows it, sent to the reader's messages with the app (a Home has no
        conversation to answer in), read again with their access as it stands now."""
        user = context["caller"].slack_id

        async def to_messages(**said: Any) -> None:
            await client.chat_postMessage(channel=user, text=said.get("text") or "",
                                          blocks=said.get("blocks"))

        req = Request(deps, context["caller"], [str(action.get("value") or "")], body,
                      client, ack, to_messages)
        try:
            await status.show(req)
        except (ProcedureError, Refused) as e:  # the error handler answers a message only
            await to_messages(text=esc(e))
        await ack()  # last: see bot.app on awaiting after ack()

    bolt.event("app_home_opened")(opened)
    bolt.action(STATUS_ACTION)(status_pressed)


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


def flagged_cases(deps: SlackDeps, caller: Caller) -> list[dict[str, Any]]:
    """The open cases whose meetings carry a flag for the city attorney, for a reader
    with full access (none for anyone else): the open docket as the docket's statement
    reads it for them (their recusals left out, `walled_as`), its `flags` column, the
    look logged with it; never a case against the reader."""
    if caller.person is None or docket_access(caller.actor) is not Access.FULL:
        return []
    me = caller.person.email.strip().lower()
    look = queries.Look(at=deps.clock(), who=caller.who[:320], number=None,
                        action="home flags for the city attorney", channel=CHANNEL)
    with deps.session_factory.begin() as session:
        connection = session.connection()
        rows = queries.docket_of(queries.run(connection, queries.docket_statements(
            dialect=connection.dialect.name, view=lookups.OPEN, now=deps.clock(),
            walled_as=caller.actor.email, logged=look)))
    return [r for r in rows if r["flags"]
            and me not in {e.strip().lower() for e in r["respondents"]}]


def _flagged_blocks(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """"For the city attorney": each case by number with its count and a status button."""
    if not rows:
        return []
    blocks: list[dict[str, Any]] = [
        {"type": "header", "text": {"type": "plain_text", "text": "For the city attorney"}},
        section(f"{len(rows)} open case(s) with a meeting flagged for the city attorney "
                "(an open-session request taken down after the meeting, a determination "
                "with no executive session on record): the case's status shows each flag "
                "and what to do.")]
    for r in rows[:FLAGGED_SHOWN]:
        n = int(r["flags"])
        blocks.append({**section(f":warning: *{esc(r['number'])}* · {n} flag"
                                 f"{'' if n == 1 else 's'} for the city attorney"),
                       "accessory": {"type": "button", "action_id": STATUS_ACTION,
                                     "value": r["number"],
                                     "text": {"type": "plain_text", "text": "Status"}}})
    if len(rows) > FLAGGED_SHOWN:
        blocks.append(section(f"And {len(rows) - FLAGGED_SHOWN} more: "
                              "`/ethics status CASE` shows each."))
    return blocks


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
        blocks += _flagged_blocks(flagged_cases(deps, caller))
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
