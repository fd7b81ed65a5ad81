#!/usr/bin/env python3
"""bench/web_docket.py — how fast the web docket answers with a big docket.

Fills a fresh database (SQLite, or a throw-away PostgreSQL database with --db postgres)
with N open cases through the service layer (the docket of bench/scheduler_scale.py),
serves the real web app (`ethicsbot.bootstrap.build_web_app`) on loopback in this
process, signs the clerk in (a session opened as the sign-in link would) and asks, one
request after another, for each page below. Prints p50 and p95 of the time to the whole
answer. Goal (issue 25): p95 ≤ 150 ms for the docket, a search (of a name, a number, and
of the text of the complaints the clerk may see, `cases.search`: every case's ~1,500
characters, a word in one case of 500 and a word in none) and a filter, for the
case page, and for the case page of a case with 300 history entries (its hearing scheduled,
noticed and posted, then replies filed as correspondence, the kind of entry a long case
gathers most of), its notices and invites owed with it.

    .venv/bin/python bench/web_docket.py [--cases 10000] [--db sqlite|postgres]
        [--requests 200]
"""

from __future__ import annotations

import asyncio
import shutil
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _databases import docket_arguments, throwaway
from aiohttp import ClientSession, web
from scheduler_scale import _settings, fill

from cases import commands as c
from cases.filing import Complainant, Filing
from cases.services import file_complaint, take_step
from ethicsbot.bootstrap import bootstrap, build_web_app
from web import auth
from web.keys import DEPS
from web.security import session_cookie_name

GOAL_MS = 150.0
CLERK = "clerk@city.test"


LONG = 300  # history entries of the long case
# The complaints' text, for the full-text search (`cases.search`): about 1,500 characters
# each, as a resident's complaint runs, one in `RARE_EVERY` naming a gazebo
_SENTENCE = ("the official used city staff and a city vehicle to move campaign signs on "
             "the morning of the council meeting and asked the parks crew to store them "
             "in the maintenance yard where residents saw them loaded onto a trailer")
_WORDS = tuple(_SENTENCE.split(" "))
RARE, RARE_EVERY = "gazebo", 500


def facts(i: int) -> str:
    """The i-th complaint's text: the same words in an order of its own, ~1,500 chars."""
    words = [_WORDS[(i * 7 + k * (i % 11 + 1)) % len(_WORDS)] for k in range(240)]
    if i % RARE_EVERY == 0:
        words[120] = RARE
    return f"Complaint {i}: " + " ".join(words) + "."


def long_case(url: str, now: datetime) -> str:
    """A case whose history holds `LONG` entries, through the service layer: received an
    hour before `now`, its hearing scheduled (notices, invites, posting owed), then
    correspondence filed until the history is that long."""
    app = bootstrap(_settings(url), clock=lambda: now)
    received = now - timedelta(hours=1)
    filing = Filing(received_at=received,
                    complainant=Complainant("Dana Whitfield", "dw@example.net", None, None),
                    facts="(benchmark: a long case)", code_sections=("2.94.030",),
                    respondents=("Gary Pruitt",))
    directory, calendar = app.directory, app.calendar
    with app.uow() as uow:
        number = file_complaint(uow, filing, directory=directory, calendar=calendar,
                                clock=app.clock, actor="bench").number
        take_step(uow, number, c.ScheduleBoardMeeting(now + timedelta(days=7), "Council Chambers"),
                  directory=directory, calendar=calendar, clock=app.clock, actor=CLERK)
        uow.commit()
    for i in range(LONG - 2):
        with app.uow() as uow:
            take_step(uow, number, c.FileCorrespondence(f"resident{i}@example.net",
                                                        f"Re: {number} ({i})"),
                      directory=directory, calendar=calendar, clock=app.clock,
                      actor="ethicsbot")
            uow.commit()
    with app.uow() as uow:
        case = uow.cases.get(number)
        assert case is not None and len(case.history) == LONG, number
    app.engine.dispose()
    return number


def pages(number: str, long: str) -> list[tuple[str, str]]:
    return [("docket, page 1", "/docket"),
            ("docket, page 100", "/docket?page=100"),
            ("search a name", "/docket?q=pruitt"),
            ("search a number", f"/docket?q={number}"),
            ("search the complaints' text", f"/docket?q={RARE}"),
            ("search text no case holds", "/docket?q=zeppelin"),
            ("search text, filter overdue", f"/docket?q={RARE}&show=overdue&sort=due"),
            ("filter overdue, soonest due", "/docket?show=overdue&sort=due"),
            ("filter at risk, soonest due", "/docket?show=at-risk&sort=due"),
            ("filter a stage, newest", "/docket?stage=received&sort=newest"),
            ("case page", f"/cases/{number}"),
            (f"case page, {LONG} history entries", f"/cases/{long}")]


async def fetched(http: ClientSession, path: str, repeat: int) -> tuple[list[float], bytes]:
    """`path` fetched `repeat` times by the signed-in clerk: the times taken, sorted, and
    the last answer's body (each answer a page of the docket, not the sign-in page)."""
    times, body = [], b""
    for _ in range(repeat):
        began = time.perf_counter()
        async with http.get(path) as answer:
            body = await answer.read()
        times.append(time.perf_counter() - began)
        assert answer.status == 200 and "/sign-in" not in str(answer.url), path
    return sorted(times), body


@asynccontextmanager
async def signed_in_clerk(url: str, now: datetime) -> AsyncIterator[ClientSession]:
    """The web docket served on loopback over the database at `url`, and an HTTP client
    signed in as the clerk (the benches time pages as the clerk reads them)."""
    app = bootstrap(_settings(url), clock=lambda: now)
    web_app = build_web_app(app, None)
    runner = web.AppRunner(web_app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    deps = web_app[DEPS]
    clerk = app.directory.by_email(CLERK)
    assert clerk is not None
    with app.session_factory.begin() as session:
        secret = auth.open_session(session, deps, clerk, "127.0.0.1", via="bench")
    try:
        async with ClientSession(f"http://127.0.0.1:{port}",
                                 cookies={session_cookie_name(deps.config): secret}) as http:
            yield http
    finally:
        await runner.cleanup()
        app.engine.dispose()


async def measure(url: str, requests: int, now: datetime, long: str
                  ) -> dict[str, tuple[float, float]]:
    figures = {}
    async with signed_in_clerk(url, now) as http:
        first = (await (await http.get("/docket")).text())
        number = first.split('href="/cases/')[1].split('"')[0]
        for name, path in pages(number, long):
            times, raw = await fetched(http, path, requests)
            body = raw.decode()
            assert "Sign in" not in body or "Sign out" in body, path
            figures[name] = (times[len(times) // 2] * 1000,
                             times[int(len(times) * 0.95)] * 1000)
    return figures


def main() -> int:
    ap = docket_arguments(__doc__, cases=10_000)
    ap.add_argument("--requests", type=int, default=200)
    args = ap.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="ethicsbot-web-docket-"))
    now = datetime.now(UTC)
    met = True
    try:
        with throwaway(args.db, folder) as url:
            fill(url, args.cases, now - timedelta(minutes=1), facts)
            long = long_case(url, now)
            print(f"{args.cases} open cases on {args.db} (and {long}, {LONG} history "
                  f"entries); {args.requests} requests per page")
            for name, (p50, p95) in asyncio.run(measure(url, args.requests, now, long)).items():
                ok = p95 <= GOAL_MS
                met = met and ok
                print(f"  {name:34} p50 {p50:6.1f} ms  p95 {p95:6.1f} ms  "
                      f"{'ok' if ok else 'NOT met'} (goal p95 ≤ {GOAL_MS:.0f} ms)")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print("Every goal met." if met else "Some goal was NOT met.")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
