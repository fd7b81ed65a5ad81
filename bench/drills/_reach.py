"""Whether the clerk is told, by each path other than mail, that outgoing mail is down
(`mail.mail_down`), as the clerk would find it: the Slack DM in the stub, the App Home a
real `ethicsbot web` process publishes when the clerk opens it (a signed
`app_home_opened`), the banner on a docket page of that process (a session opened for
the clerk in the database: sign-in links go by mail, which is down), `ethicsbot
status`'s figures and the worker's log.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable

import aiohttp
from _stage import Stage

from ethicsbot.status import status
from tests.integration.bot.conftest import SlackDriver
from tests.servers.processes import BotProcess
from web.auth import open_session
from web.security import session_cookie_name

PATHS = ("slack_dm", "app_home", "web", "status", "log")
CLERK_EMAIL, CLERK_SLACK = "clerk@city.test", "UCLERK"
BANNER = "Outgoing mail is failing since"


class Reach:
    """Looks at every path; `down()` and `back()` say which paths show what."""

    def __init__(self, st: Stage, worker: BotProcess, web_port: int) -> None:
        assert st.slack is not None
        self.st, self.worker, self.slack = st, worker, st.slack
        self.base = f"http://127.0.0.1:{web_port}"
        deps = st.app.web_deps()
        clerk = st.app.directory.by_email(CLERK_EMAIL)
        assert clerk is not None
        with st.app.session_factory.begin() as s:
            secret = open_session(s, deps, clerk, "127.0.0.1", via="link")
        self.cookie = {session_cookie_name(deps.config): secret}

    def _dms(self, words: str) -> bool:
        return any(c.get("channel") == CLERK_SLACK and words in str(c.get("text"))
                   for c in self.slack.to("chat.postMessage"))

    def _said(self, words: str, level: str | None = None) -> bool:
        return any(words in str(line.get("msg")) and level in (None, line.get("level"))
                   for line in self.worker.lines())

    def _home(self) -> str:
        """The App Home the web process publishes for the clerk now."""
        before = len(self.slack.to("views.publish"))

        async def opened() -> None:
            async with aiohttp.ClientSession() as http:
                driver = SlackDriver(self.base + "/slack/events", self.slack, http,
                                     secret="drill-secret")
                reply = await driver.event(CLERK_SLACK, {
                    "type": "app_home_opened", "tab": "home", "channel": "D0DM",
                    "event_ts": str(time.time())})
                assert reply.status == 200, reply.text

        asyncio.run(opened())
        deadline = time.monotonic() + 10
        while len(self.slack.to("views.publish")) <= before:
            if time.monotonic() > deadline:
                raise AssertionError("the web process published no App Home in 10 s")
            time.sleep(0.05)
        view = self.slack.to("views.publish")[before]["view"]
        return json.dumps(view["blocks"])

    def _page(self) -> str:
        async def fetch() -> str:
            async with aiohttp.ClientSession(cookies=self.cookie) as http, \
                    http.get(self.base + "/docket") as r:
                assert r.status == 200, r.status
                return await r.text()
        return asyncio.run(fetch())

    def _status(self) -> bool:
        mail = status(self.st.app).get("mail") or {}
        return bool(mail.get("down"))

    @staticmethod
    def _look(checks: dict[str, Callable[[], bool]], skip: set[str]) -> set[str]:
        return {path for path, check in checks.items() if path not in skip and check()}

    def down(self, skip: set[str]) -> set[str]:
        """The paths not in `skip` that tell the clerk mail is down (a DM or a log line
        once said stays said)."""
        return self._look({
            "slack_dm": lambda: self._dms("outgoing mail is failing"),
            "app_home": lambda: BANNER in self._home(),
            "web": lambda: BANNER in self._page(),
            "status": self._status,
            "log": lambda: self._said("outgoing mail has failed for", "error")}, skip)

    def back(self, skip: set[str]) -> set[str]:
        """The paths not in `skip` that say mail works again (a DM, a log line) or show
        it no more."""
        return self._look({
            "slack_dm": lambda: self._dms("Outgoing mail works again"),
            "app_home": lambda: BANNER not in self._home(),
            "web": lambda: BANNER not in self._page(),
            "status": lambda: not self._status(),
            "log": lambda: self._said("outgoing mail works again")}, skip)

    def dm_count(self) -> int:
        return sum(1 for c in self.slack.to("chat.postMessage")
                   if c.get("channel") == CLERK_SLACK and "utgoing mail" in str(c.get("text")))


def watch(look: Callable[[set[str]], set[str]], *, since: float, timeout: float
          ) -> tuple[float | None, set[str]]:
    """Poll `look` until every path shows; seconds from `since` to when the last did
    (None: not all within `timeout`), and the paths that showed."""
    seen: set[str] = set()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        seen |= look(seen)
        if seen >= set(PATHS):
            return time.monotonic() - since, seen
        time.sleep(0.25)
    return None, seen


def listed(paths: set[str]) -> str:
    return ",".join(p for p in PATHS if p in paths) or "none"
