"""Reaching the clerk when outgoing mail is what fails (issue 39): every alert by email
waits in the outbox with the notices it is about, so after `mail_down_after` (setting
ETHICSBOT_MAIL_DOWN_ALERT_MINUTES, default 15) of outgoing mail failing the clerk is
told by the other paths: a Slack DM (where Slack is configured and the clerk has a
Slack id), a banner on the App Home and on every signed-in web docket page, `ethicsbot
status`, and one ERROR line in the log. When a message goes out again each is cleared:
a second DM says mail is back, the banners and the status line go, the log says so. As
each DM is sent the clerk's App Home is published again (`bot.reminders`), so a Home
already open shows the banner come and go, not only one opened afterwards.

"Failing" is a round of the outbox whose messages all found no server (cannot connect:
refused, unreachable, silent) or a server that refused the session (a wrong password,
TLS; or 421, the server closing the channel). A message accepted ends it; a round with
other answers (a recipient refused, say) neither starts nor ends it: those are about a
notice, and the per-notice alerts tell them. The episode starts at its first failing
round and runs on the injected clock, so a worker whose notices back off for half an
hour still tells the clerk on time, rounds or none.

Told once per episode per path, never per round: the episode is stored
(`storage.mail_down`), with when it was told, in the transaction that owes the DMs; a
worker restarted or taken over mid-outage goes on from the stored episode instead of
starting it (and the telling) again. An episode cleared before the threshold told no one.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime, timedelta
from enum import Enum
from typing import Any

from sqlalchemy.orm import Session, sessionmaker

from cases.directory import Directory
from cases.notices import clerks
from cases.ports import Clock
from mail.transport import CANNOT_CONNECT, SESSION_REFUSED
from notices.mail_down import span_words
from storage import mail_down
from storage.mail_down import BACK, DOWN, MailOutage
from storage.outbox import Outcome, SendResult

log = logging.getLogger(__name__)

MAIL_DOWN_AFTER = timedelta(minutes=15)  # the setting's default
CLOSING = "421"  # the server closing the channel: as good as no server


class Seen(Enum):
    """What one round of mail attempts says about outgoing mail as a whole."""

    WORKS = "works"  # a message was accepted
    FAILING = "failing"  # every attempt found no server, or a refused session
    NOTHING = "nothing"  # no attempt, or answers about single notices


class Step(Enum):
    """What follows from a round, for the stored episode."""

    NONE = "none"
    BEGIN = "begin"  # the first failing round: the episode starts (nobody told yet)
    TELL = "tell"  # failing for the threshold: tell the clerk, once
    FORGET = "forget"  # mail works before the threshold: nobody was told
    CLEAR = "clear"  # mail works after the clerk was told: tell them it is back


def seen(results: Sequence[SendResult]) -> tuple[Seen, str]:
    """What a round's mail results say, and the failure's cause (no host, no port)."""
    if any(r.outcome is Outcome.SENT for r in results):
        return Seen.WORKS, ""
    if results and all(_failing(r.reply) for r in results):
        return Seen.FAILING, cause_of(results[-1].reply)
    return Seen.NOTHING, ""


def _failing(reply: str) -> bool:
    return reply.startswith((CANNOT_CONNECT, SESSION_REFUSED, CLOSING))


def cause_of(reply: str) -> str:
    """'cannot connect: ConnectionRefusedError': the kind of failure and the error's
    class, without the words after them, which name the host and port."""
    return ": ".join(reply.split(": ")[:2])[:200]


def next_step(outage: MailOutage | None, round_: Seen, *, now: datetime,
              after: timedelta) -> Step:
    """The rule: failing for less than `after`, nothing is told; at `after`, told once;
    once mail works, cleared once (told of only if it was told)."""
    if round_ is Seen.WORKS:
        if outage is None:
            return Step.NONE
        return Step.CLEAR if outage.told_at is not None else Step.FORGET
    if outage is None:
        return Step.BEGIN if round_ is Seen.FAILING else Step.NONE
    if outage.told_at is None and now - outage.since >= after:
        return Step.TELL
    return Step.NONE


class MailDownAlarm:
    """The dispatcher's part: after each round, `saw` its mail results, and writes (and
    says) what follows. Blocking (SQL): run it beside the event loop."""

    def __init__(self, session_factory: sessionmaker[Any], clock: Clock,
                 directory: Directory, *, after: timedelta, slack: bool,
                 msgid_domain: str) -> None:
        self.session_factory, self.clock, self.directory = session_factory, clock, directory
        self.after, self.slack, self.msgid_domain = after, slack, msgid_domain
        self.outage: MailOutage | None = None
        self.cause = ""  # the latest failing round's
        self._loaded = False

    def saw(self, results: Sequence[SendResult]) -> Step:
        """Learn from one round (none: time still passes); the step taken. The stored
        state changes only once its transaction committed: a database that fails here
        leaves the step to the next round."""
        if not self._loaded:  # the episode a previous worker left, if any
            with self.session_factory() as s:
                self.outage = mail_down.under_way(s)
            self.cause = self.outage.cause if self.outage else ""
            self._loaded = True
        round_, cause = seen(results)
        self.cause = cause or self.cause
        now = self.clock()
        step = next_step(self.outage, round_, now=now, after=self.after)
        if step is Step.NONE:
            return step
        with self.session_factory.begin() as s:
            outage = self._write(s, step, now)
        self.outage = outage
        self._say(step, now)
        return step

    def _write(self, s: Session, step: Step, now: datetime) -> MailOutage | None:
        if step is Step.BEGIN:
            return mail_down.begin(s, since=now, cause=self.cause)
        assert self.outage is not None
        if step is Step.TELL:
            mail_down.mark_told(s, self.outage.id, at=now, cause=self.cause)
            self._owe_dms(s, DOWN, now)
            return mail_down.by_id(s, self.outage.id)
        mail_down.clear(s, self.outage.id, at=now, was_told=step is Step.CLEAR)
        if step is Step.CLEAR:
            self._owe_dms(s, BACK, now)
        return None

    def _owe_dms(self, s: Session, slot: str, now: datetime) -> None:
        if not self.slack:
            return
        assert self.outage is not None
        for clerk in clerks(self.directory):
            if clerk.slack:
                mail_down.owe_dm(s, outage_id=self.outage.id, recipient=clerk, slot=slot,
                                 at=now, msgid_domain=self.msgid_domain)

    def _say(self, step: Step, now: datetime) -> None:
        if step is Step.TELL and self.outage is not None:
            paths = "a Slack DM, the App Home, " if self.slack else ""
            log.error("outgoing mail has failed for %s (since %s: %s): notices and alerts "
                      "by email wait in the outbox; the clerk is told by %sthe web docket's "
                      "banner and `ethicsbot status`", span_words(now - self.outage.since),
                      self.outage.since.isoformat(timespec="seconds"), self.cause, paths)
        elif step is Step.CLEAR:
            log.warning("outgoing mail works again: the clerk's mail-down alerts are "
                        "cleared%s", " (a Slack DM says so)" if self.slack else "")
