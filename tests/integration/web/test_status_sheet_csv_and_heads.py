"""The public status sheet as CSV and the docket chain's head day by day (issue 41, build
item 6): one row per complaint received (number, day received, stage, the next noticed
meeting, the outcome once public), no one named while the case is confidential; and the
head at the end of each day the docket grew, each one a head `ethicsbot verify --against`
accepts, on SQLite and PostgreSQL."""

from __future__ import annotations

import csv
import html
import io
import re
from datetime import date, timedelta

from cases import commands as c
from cases.chain import Head
from cases.public_records import PublicRecord
from storage import chain, status
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import step
from tests.fixtures.web import Site
from tests.integration.bot.conftest import open_case
from tests.integration.bot.test_confidentiality import FACTS
from tests.integration.web.test_docket import logged
from tests.integration.web.test_public import STRANGER, closed_insufficient, release

OUTCOME = "the complaint was found insufficient by the board (§7)"


async def sheet(site: Site) -> list[dict[str, str]]:
    answer = await site.get("/status.csv")
    assert answer.status == 200, answer.text
    assert answer.headers["Content-Type"].startswith("text/csv")
    assert "ethics-complaints-status.csv" in answer.headers["Content-Disposition"]
    return list(csv.DictReader(io.StringIO(answer.text)))


async def test_the_csv_has_a_row_per_complaint_and_names_and_outcomes_once_public(
        site: Site, clock: FakeClock) -> None:
    app = site.app
    waiting = open_case(app, "Gary Pruitt")
    noticed = open_case(app, "Gary Pruitt")  # a board meeting noticed for three days on
    step(app, noticed, c.ScheduleBoardMeeting(clock.now + timedelta(days=3),
                                              "City Hall, Room 2", further=True))
    closed = closed_insufficient(app)
    await site.deliver()  # the dispatcher posts the meeting's notice

    rows = await sheet(site)
    assert list(rows[0]) == ["Case", "Received", "Status", "Next meeting", "Officials",
                             "Outcome"]
    assert [r["Case"] for r in rows] == [closed, noticed, waiting]  # the newest first
    by = {r["Case"]: r for r in rows}
    assert by[waiting]["Status"] == "received" and by[waiting]["Next meeting"] == ""
    assert by[waiting]["Received"] == "Mon Nov 30, 2026"
    assert by[noticed]["Status"] == "hearing scheduled"
    assert re.fullmatch(r"\w{3} Dec 3, 2026 \d+:\d\d [AP]M PST \(Ethics Board\)",
                        by[noticed]["Next meeting"]), by[noticed]["Next meeting"]
    # closed but nothing released: confidential still, no outcome (§6)
    assert by[closed]["Status"] == "closed"
    assert all(r["Officials"] == "confidential" and r["Outcome"] == "" for r in rows)
    text = (await site.get("/status.csv")).text
    assert "Gary Pruitt" not in text and "Dana Whitfield" not in text and FACTS not in text
    assert (None, "status sheet (CSV)", True) in logged(site, STRANGER)

    release(app, closed, PublicRecord.COMPLAINT)  # §13: now the public may read it
    by = {r["Case"]: r for r in await sheet(site)}
    assert by[closed]["Officials"] == "Gary Pruitt"
    assert by[closed]["Outcome"].startswith(f"Gary Pruitt: {OUTCOME}")
    assert by[waiting]["Officials"] == by[noticed]["Officials"] == "confidential"
    # the page says the same, the next meeting marked
    page = html.unescape((await site.get("/status")).text)
    assert f"Gary Pruitt: {OUTCOME}" in page and "<strong>next</strong>" in page
    assert 'href="/status.csv"' in page

    clock.advance(days=4)  # the meeting's day has passed: no meeting is next
    by = {r["Case"]: r for r in await sheet(site)}
    assert by[noticed]["Next meeting"] == ""


async def test_a_name_a_spreadsheet_would_run_is_written_as_text(site: Site) -> None:
    open_case(site.app, "=HYPERLINK(\"http://evil.test\")")
    closed = closed_insufficient(site.app)
    release(site.app, closed, PublicRecord.COMPLAINT)
    assert all(not r["Officials"].startswith("=") for r in await sheet(site))


async def test_the_docket_head_of_each_day_is_shown_and_each_one_verifies(
        site: Site, clock: FakeClock) -> None:
    app = site.app
    page = html.unescape((await site.get("/status")).text)
    assert "The docket has no entry yet." in page
    first = open_case(app)
    with app.session_factory() as s:
        monday = chain.docket_head(s)
    clock.advance(days=1)
    step(app, first, c.ScheduleBoardMeeting(clock.now + timedelta(days=3),
                                            "City Hall, Room 2", further=True))
    open_case(app)
    with app.session_factory() as s:
        tuesday = chain.docket_head(s)
    assert tuesday.count > monday.count

    page = html.unescape((await site.get("/status")).text)
    heads = re.findall(r'<time datetime="([\d-]+)">[^<]+</time></th><td data-label="Head">'
                       r"<code>(\d+:[0-9a-f]{64})</code>", page)
    assert heads == [("2026-12-01", str(tuesday)), ("2026-11-30", str(monday))]
    answer = await site.get("/status/docket-heads.csv")
    assert answer.status == 200 and "ethics-docket-heads.csv" in answer.headers[
        "Content-Disposition"]
    assert list(csv.reader(io.StringIO(answer.text))) == [
        ["day", "head"], ["2026-12-01", str(tuesday)], ["2026-11-30", str(monday)]]
    assert (None, "docket heads (CSV)", True) in logged(site, STRANGER)
    # read backwards from the head a few entries at a time, as far as the days asked
    with app.session_factory() as s:
        every = status.docket_days(session=s, calendar=app.calendar)
        assert every == [(date(2026, 12, 1), tuesday), (date(2026, 11, 30), monday)]
        assert status.docket_days(session=s, calendar=app.calendar, chunk=1) == every
        assert status.docket_days(session=s, calendar=app.calendar, days=1, chunk=1
                                  ) == every[:1]
    # each head kept from the page is one the chain still holds (`verify --against`)
    with app.session_factory() as s:
        for _, kept in heads:
            assert chain.contains(s, Head.parse(kept)) is None
        forged = Head(monday.count, "0" * 64)
        assert chain.contains(s, forged) is not None
