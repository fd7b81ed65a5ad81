"""Reminders as Slack direct messages: what is due, when, the basis, and a button to
record the step where Slack can record it; and the clerk's alerts about notices at risk,
which must arrive even when the mail server is what is down.

The outbox dispatcher hands each reminder owed on the Slack channel to
`SlackReminders.send_dm`, so a DM gets the same retries and proof (channel and message
timestamp) as an email. A DM reaches one person only, as §6 requires.
"""

from __future__ import annotations

import logging
from typing import Any

import aiohttp
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bot.escape import esc
from bot.home import republish
from bot.ids import step_action
from bot.service import SlackDeps
from cases.deadlines import DeadlineKey
from cases.directory import Directory
from cases.notices import NoticeType
from cases.steps import meeting
from notices.mail_down import TODO
from notices.render import NoticeContext, digest_headline, reminded, reminder_headline
from storage.mail_down import BACK
from storage.outbox import Outcome, SendResult

log = logging.getLogger(__name__)

RETRYABLE = {"ratelimited", "internal_error", "fatal_error", "request_timeout",
             "service_unavailable"}


def reminder_blocks(ctx: NoticeContext) -> tuple[str, list[dict[str, Any]]]:
    """The fallback text and the Block Kit blocks of one reminder."""
    assert ctx.case is not None
    key = DeadlineKey(ctx.about["deadline"])
    text = f"[{ctx.case.number}] {reminder_headline(ctx)}"
    d = reminded(ctx)
    blocks: list[dict[str, Any]] = [
        {"type": "section", "text": {"type": "mrkdwn", "text": f"*{esc(text)}*"}}]
    if d is not None:
        blocks.append({"type": "context", "elements": [
            {"type": "mrkdwn", "text": esc(f"How the date is computed: {d.basis}")}]})
    step = meeting(key)  # the step that meets the deadline, where a press can record it
    if step is not None and step.label:
        blocks.append({"type": "actions", "elements": [
            {"type": "button", "action_id": step_action(step), "value": ctx.case.number,
             "text": {"type": "plain_text", "text": f"Record: {step.label.lower()}"}}]})
    blocks.append({"type": "context", "elements": [{"type": "mrkdwn", "text": esc(
        f"/ethics status {ctx.case.number} shows the case. These reminders stop once the "
        "step is recorded.")}]})
    return text, blocks


def alert_blocks(ctx: NoticeContext) -> tuple[str, list[dict[str, Any]]]:
    """The clerk's alert about a statutory notice at risk or failed, as a DM: which
    notices, to whom, what the server answered, and what to do. No complaint text."""
    number = ctx.case.number if ctx.case is not None else "?"
    about = ctx.about
    if about.get("digest"):
        return digest_blocks(about)
    if ctx.type is NoticeType.DELIVERY_FAILED_ALERT:
        text = (f"[{number}] ACTION NEEDED: {about.get('notice')} to {about.get('recipient')} "
                "could not be delivered, and will not be retried")
        lines = [f"The mail server answered: {about.get('reply') or 'nothing'}"]
        if about.get("time_left"):
            lines.append(f"{about.get('deadline')} runs out {about.get('due')} (city time): "
                         f"{about.get('time_left')}. Inform them another way and record it "
                         f"with `/ethics notice {number} …`.")
        todo = ("Correct the address in the city directory or deliver the notice another "
                "way, then record it with the case.")
    else:
        why = (f"undeliverable since {about.get('waiting_since')}"
               if about.get("reason") == "undelivered" else "unsent, and the deadline is near")
        key = about.get("deadline")
        d = next((d for d in ctx.deadlines if d.key.value == key), None)
        what = f"to {d.action} ({d.ordinance})" if d else f"for {key}"
        text = f"[{number}] URGENT: the notices {what} are {why}"
        lines = [f"{u['notice']} to {u['recipient']}: {u['attempts']} attempt(s)"
                 + (f", last answer {u['last_error']}" if u.get("last_error") else "")
                 for u in about.get("unsent", [])] or ["All delivered since; nothing to do."]
        todo = ("EthicsBot keeps retrying. If it cannot deliver them before the deadline, "
                "inform these people another way and record it with the case.")
    blocks: list[dict[str, Any]] = [
        {"type": "section", "text": {"type": "mrkdwn", "text": f"*{esc(text)}*"}},
        {"type": "section", "text": {"type": "mrkdwn",
                                     "text": esc("\n".join(f"• {line}"[:300]
                                                               for line in lines[:20]))}},
        {"type": "context", "elements": [{"type": "mrkdwn", "text": esc(
            f"{todo} `ethicsbot notices {number}` shows every attempt.")}]}]
    return text, blocks


def digest_blocks(about: dict[str, Any]) -> tuple[str, list[dict[str, Any]]]:
    """A digest of deadlines at risk (`mail.alerts`) as one DM: how many, why, the soonest
    first, and where to see them all. Case numbers and deadlines only, no complaint."""
    text = digest_headline(about)
    lines = [f"{n['number']}: {n['act']}, due {n['due']}{' (passed)' if n['passed'] else ''}"
             f"; {n['unsent']} unsent" + (f", last answer {n['last_error']}"
                                          if n.get("last_error") else "")
             for n in about.get("lines", [])[:10]]
    more = int(about.get("deadlines", 0)) - len(lines)
    if more > 0:
        lines.append(f"… and {more} more")
    where = f" All of them: {about['docket_url']}" if about.get("docket_url") else ""
    blocks: list[dict[str, Any]] = [
        {"type": "section", "text": {"type": "mrkdwn", "text": f"*{esc(text)}*"}},
        {"type": "context", "elements": [{"type": "mrkdwn", "text": esc(
            f"{about.get('deadlines')} deadline(s): {about.get('near')} near or past, "
            f"{about.get('undelivered')} undeliverable for a while. Soonest first:")}]},
        {"type": "section", "text": {"type": "mrkdwn",
                                     "text": esc("\n".join(f"• {line}"[:250]
                                                           for line in lines)[:2900])}},
        {"type": "context", "elements": [{"type": "mrkdwn", "text": esc(
            "EthicsBot keeps retrying. Where a notice cannot go out before its deadline, "
            "inform the people another way and record it with the case; `ethicsbot "
            f"notices CASE` shows every attempt.{where}")}]}]
    return text, blocks


def mail_down_blocks(about: dict[str, Any]) -> tuple[str, list[dict[str, Any]]]:
    """The clerk's DM that outgoing mail is failing (`mail.mail_down`), or works again."""
    since, back, lasted = about.get("since"), about.get("back"), about.get("lasted")
    if about.get("mail") == BACK:
        text = f"Outgoing mail works again since {back}, after failing {lasted} from {since}"
        todo = "What waited in the outbox is going out; `ethicsbot status` shows the rest."
    elif back:  # this DM waited (Slack away too) until mail was back
        text = (f"Outgoing mail failed from {since} ({about.get('cause')}) for {lasted}; "
                f"it works again since {back}")
        todo = "What waited in the outbox is going out; `ethicsbot status` shows the rest."
    else:
        text = f"URGENT: outgoing mail is failing since {since} ({about.get('cause')})"
        todo = TODO
    blocks: list[dict[str, Any]] = [
        {"type": "section", "text": {"type": "mrkdwn", "text": f"*{esc(text)}*"}},
        {"type": "context", "elements": [{"type": "mrkdwn", "text": esc(todo)}]}]
    return text, blocks


class SlackReminders:
    """`home`: with it, a DM that mail is down or back also publishes the clerk's App Home
    again, its banner changed with the stored outage (`bot.home.republish`)."""

    def __init__(self, client: AsyncWebClient, directory: Directory,
                 home: SlackDeps | None = None) -> None:
        self.client, self.directory, self.home = client, directory, home

    async def send_dm(self, ctx: NoticeContext) -> SendResult:
        person = self.directory.by_email(ctx.recipient.email)
        if person is None or not person.slack:
            return SendResult(Outcome.PERMANENT, f"{ctx.recipient.email} has no Slack id in "
                                                 "the directory file")
        alert = ctx.type in (NoticeType.DEADLINE_ALERT, NoticeType.DELIVERY_FAILED_ALERT)
        text, blocks = (mail_down_blocks(ctx.about) if ctx.type is NoticeType.MAIL_DOWN_ALERT
                        else alert_blocks(ctx) if alert else reminder_blocks(ctx))
        try:
            resp = await self.client.chat_postMessage(channel=person.slack, text=text,
                                                      blocks=blocks)
        except SlackApiError as e:
            error = str(e.response.get("error", "unknown"))
            outcome = Outcome.TEMPORARY if error in RETRYABLE else Outcome.PERMANENT
            return SendResult(outcome, f"slack error: {error}")
        except (aiohttp.ClientError, TimeoutError, OSError) as e:
            return SendResult(Outcome.TEMPORARY, f"slack unreachable: {type(e).__name__}")
        if ctx.type is NoticeType.MAIL_DOWN_ALERT:
            await self._republish_home(person.slack)
        return SendResult(Outcome.SENT, f"slack ok: channel {resp.get('channel')} "
                                        f"ts {resp.get('ts')}")

    async def _republish_home(self, slack_id: str) -> None:
        """The clerk's Home with the banner as it stands now. The DM went, and is the
        proof; a Home not published is said and left to the clerk's next opening of it."""
        if self.home is None:
            return
        try:
            await republish(self.client, self.home, slack_id)
        except SlackApiError as e:
            log.warning("the App Home was not published again: slack error: %s",
                        e.response.get("error", "unknown"))
        except (aiohttp.ClientError, TimeoutError, OSError) as e:
            log.warning("the App Home was not published again: slack unreachable: %s",
                        type(e).__name__)
