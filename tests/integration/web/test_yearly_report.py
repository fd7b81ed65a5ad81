"""The yearly report's web page, its CSV and its tagged PDF (issue 41): for the council,
the mayor's office and the city attorney, the same figures as `ethicsbot report`
(`storage.annual`); refused to the board, an official and the examiner, a stranger sent
to sign in; no names. A small hand-built year checks the numbers: one violation found,
the council agreeing and imposing a penalty, one complaint found insufficient, one still
open, and a complaint received on each side of the new year in city time."""

from __future__ import annotations

import csv
import html
import io
from datetime import UTC, datetime, timedelta

import pytest
from pypdf import PdfReader
from sqlalchemy import true

from cases import commands as c
from cases.disclosure import AnswerKind
from cases.meetings import Body
from cases.motions import Motion
from cases.tally import Vote
from storage import annual
from storage.annual import yearly_report
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import a_filing, board_finds, convene, open_one, step
from tests.fixtures.tagged_pdf import read_tagged
from tests.fixtures.web import Site
from tests.fixtures.web import determined as council_meets
from tests.integration.bot.conftest import open_case
from tests.integration.web.test_docket import logged
from tests.integration.web.test_public import closed_insufficient

CLERK, COUNCIL, CHAIR = "clerk@city.test", "abrandt@city.test", "hpark@city.test"
OFFICIAL, EXAMINER = "gpruitt@city.test", "myu@examiners.example"
ATTORNEY = "attorney@city.test"
NAMES = ("Gary Pruitt", "gpruitt", "Dana Whitfield", "dw@example.net", "Priya Raman")


async def test_the_council_reads_the_yearly_report_and_the_board_is_refused(
        site: Site) -> None:
    open_case(site.app)
    voided = open_case(site.app)
    step(site.app, voided, c.VoidCase("a duplicate", "mayor@city.test"))
    closed_insufficient(site.app)
    await site.sign_in("hpark@city.test")
    refused = await site.get("/report?year=2026")
    assert refused.status == 403 and "city council" in refused.text
    await site.sign_in("abrandt@city.test")
    page = html.unescape((await site.get("/report?year=2026")).text)
    assert "Complaints received: 3" in page
    for outcome in ("insufficient", "void", "still open"):
        cell = f'{outcome}</th><td data-label="Complaints">1</td>'
        assert cell in page, outcome
    assert "Gary Pruitt" not in page and "Dana Whitfield" not in page
    assert (None, "yearly report 2026", True) in logged(site, "abrandt@city.test")
    assert (None, "yearly report refused", False) in logged(site, "hpark@city.test")


def a_year(site: Site, clock: FakeClock) -> None:
    """2026 in Riverton: a violation found against Gary Pruitt, the council agreeing
    unanimously and imposing a public reprimand, closed 9 days after receipt; a complaint
    found insufficient and closed the day it came; one received at 12:30 AM on New Year's
    Day, still open; and one at 11:30 PM on New Year's Eve 2025, which is 2025's."""
    app = site.app
    violated = open_case(app)
    council_meets(app, violated)  # the examiner found a violation of 2.94.030
    council = frozenset(p.email for p in app.directory.council)
    for member in sorted(council):
        step(app, violated, c.RecordCouncilVote(member, Vote.YES, council), CLERK)
    step(app, violated, c.RecordCouncilDecision(
        council, app.directory.mayor.email, (c.Penalty("2.94.030", "public reprimand"),),
        action=Motion(unanimous=True)), CLERK)
    clock.advance(days=9)
    step(app, violated, c.CloseCase("council decision rendered"), CLERK)
    closed_insufficient(app)
    open_one(app, a_filing(datetime(2026, 1, 1, 8, 30, tzinfo=UTC), "Gary Pruitt"))
    open_one(app, a_filing(datetime(2026, 1, 1, 7, 30, tzinfo=UTC), "Gary Pruitt"))


async def test_a_year_with_a_violation_found_and_a_penalty_counts_each(
        site: Site, clock: FakeClock) -> None:
    a_year(site, clock)
    with site.app.session_factory() as s:
        found = yearly_report(session=s, year=2026, calendar=site.app.calendar,
                              now=site.app.clock())
        before = yearly_report(session=s, year=2025, calendar=site.app.calendar,
                               now=site.app.clock())
    assert found["received"] == 3
    assert found["outcomes"] == {"insufficient": 1, "no violation": 0, "violation": 1,
                                 "dismissed as time-barred": 0, "void": 0, "still open": 1}
    # the penalty by its action and section: never the official it was imposed on
    assert found["council_actions"] == {"penalty: public reprimand (2.94.030)": 1,
                                        "the council agreed a violation occurred": 1}
    assert (found["closed"], found["median_days_to_closure"]) == (2, 4.5)  # 9 and 0 days
    assert found["deadlines"]["council_decision"] == {"met": 1, "late": 0, "missed": 0,
                                                      "pending": 0}
    assert found["deadlines"]["report_delivery"]["met"] == 2
    for key in ("notice_24h", "registered_mail", "hearing_begin", "hearing_conclude"):
        assert sum(found["deadlines"][key].values()) == 3, key  # each complaint's, once
    assert found["records_requests"] == {
        "received": 0, "answered": 0, "responded": 0, "responded_in_time": 0,
        "responded_late": 0, "response_missed": 0, "median_days_to_response": None,
        "median_days_to_answer": None}
    assert found["days_to_step"]["closure"] == {"cases": 2, "median": 4.5}
    assert found["days_to_step"]["council decision"] == {"cases": 1, "median": 0}
    assert (before["received"], before["outcomes"]["still open"]) == (1, 1)
    assert not any(n in str(found) for n in NAMES)


async def test_the_clerk_and_a_council_member_read_the_page_and_its_csv(
        site: Site, clock: FakeClock) -> None:
    a_year(site, clock)
    for reader in (CLERK, COUNCIL):
        await site.sign_in(reader)
        shown = await site.get("/report?year=2026")
        assert shown.status == 200
        page = html.unescape(shown.text)
        assert '<a href="/report">Yearly report</a>' in page  # in the reader's menu
        assert "Complaints received: 3" in page
        for item, n in (("violation", 1), ("insufficient", 1), ("still open", 1),
                        ("no violation", 0), ("penalty: public reprimand (2.94.030)", 1),
                        ("the council agreed a violation occurred", 1)):
            assert f'{item}</th><td data-label="Complaints">{n}</td>' in page, item
        assert "Median days from receipt to closure: 4.5 (2 closed)" in page
        assert '<th scope="row">council decision</th><td data-label="Met">1</td>' in page
        assert 'href="/report.csv?year=2026"' in page
        assert not any(n in page for n in NAMES)
        sheet = await site.get("/report.csv?year=2026")
        assert sheet.status == 200 and sheet.headers["Content-Type"].startswith("text/csv")
        assert sheet.headers["Content-Disposition"] == (
            'attachment; filename="ethics-program-2026.csv"')
        rows = list(csv.reader(io.StringIO(sheet.text)))
        assert rows[0] == ["part", "item", "count"]
        counts = {(p, i): n for p, i, n in rows[1:]}
        assert counts[("complaints", "received")] == "3"
        assert counts[("outcome", "violation")] == "1"
        assert counts[("outcome", "dismissed as time-barred")] == "0"
        assert counts[("council", "penalty: public reprimand (2.94.030)")] == "1"
        assert counts[("deadline: council decision", "met")] == "1"
        assert counts[("median days from receipt", "closure")] == "4.5"
        assert counts[("complaints reaching", "closure")] == "2"
        assert counts[("public records requests", "received")] == "0"
        assert not any(n in sheet.text for n in NAMES)
        assert [x for x in logged(site, reader) if x[1].startswith("yearly report")] == [
            (None, "yearly report 2026", True), (None, "yearly report 2026 (CSV)", True)]
    old = list(csv.reader(io.StringIO((await site.get("/report.csv?year=2025")).text)))
    assert ["complaints", "received", "1"] in old
    assert ["median days from receipt", "closure", ""] in old


async def test_a_stranger_the_board_an_official_and_the_examiner_are_refused(
        site: Site, clock: FakeClock) -> None:
    a_year(site, clock)
    for path in ("/report?year=2026", "/report.csv?year=2026"):
        async with site.http.get(site.url + path, allow_redirects=False) as r:
            assert r.status == 303 and r.headers["Location"] == "/sign-in", path
            assert "Complaints received" not in (await r.text())
    for person in (CHAIR, OFFICIAL, EXAMINER):
        await site.sign_in(person)
        for path in ("/report?year=2026", "/report.csv?year=2026"):
            refused = await site.get(path)
            assert refused.status == 403, (person, path)
            assert "city council, the mayor's office and the city attorney" in html.unescape(
                refused.text)
            assert "Complaints received" not in refused.text and "part,item" not in refused.text
        menu = (await site.get("/docket")).text
        assert 'href="/report"' not in menu, person
        assert [x for x in logged(site, person) if x[1].startswith("yearly report")] == [
            (None, "yearly report refused", False),
            (None, "yearly report (CSV) refused", False)]


async def test_the_report_as_a_tagged_pdf(site: Site, clock: FakeClock) -> None:
    """The PDF of the report (issue 41, item 7): the same numbers, tagged for a screen
    reader (its title a heading, each part a heading, each table with its column
    headers), titled and in English; no names; the board refused it as the page."""
    a_year(site, clock)
    await site.sign_in(COUNCIL)
    page = (await site.get("/report?year=2026")).text
    assert 'href="/report.pdf?year=2026"' in page
    async with site.http.get(site.url + "/report.pdf?year=2026") as r:
        assert r.status == 200 and r.headers["Content-Type"] == "application/pdf"
        assert r.headers["Content-Disposition"] == (
            'attachment; filename="ethics-program-2026.pdf"')
        pdf = await r.read()
    t = read_tagged(pdf)
    title = "The ethics program of Riverton in 2026: report to the council"
    assert (t.marked, t.lang, t.title, t.display_doc_title) == (True, "en", title, True)
    assert t.root is not None and t.untagged == ""
    assert [" ".join(h.text.split()) for h in t.elements("H1")] == [title]
    assert [h.text for h in t.elements("H2")] == [
        "Complaints received: 3", "Deadlines",
        "Deadlines late or missed, by who answers for them", "Days from receipt to each step",
        "Public records requests received in 2026"]
    ended, deadlines, _by_role, closure, _records = t.elements("Table")
    cells = {tuple(c.text for c in row.kids) for row in ended.kids if row.role == "TR"}
    assert {("How each complaint received ended", "Complaints"), ("violation", "1"),
            ("insufficient", "1"), ("still open", "1"), ("no violation", "0"),
            ("penalty: public reprimand (2.94.030)", "1"),
            ("the council agreed a violation occurred", "1")} <= cells
    head = next(row for row in deadlines.kids if row.role == "TR")
    assert [c.text for c in head.kids] == ["Deadline", "Met", "Late", "Missed", "Pending"]
    assert {c.attributes.get("Scope") for c in head.kids} == {"/Column"}
    assert ("council decision", "1", "0", "0", "0") in {
        tuple(c.text for c in row.kids) for row in deadlines.kids if row.role == "TR"}
    assert ("closure", "2", "4.5") in {
        tuple(c.text for c in row.kids) for row in closure.kids if row.role == "TR"}
    text = " ".join("".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages
                            ).split())
    assert not any(n in text for n in NAMES)
    assert (None, "yearly report 2026 (PDF)", True) in logged(site, COUNCIL)
    await site.sign_in(CHAIR)
    assert (await site.get("/report.pdf?year=2026")).status == 403


def a_paced_year(site: Site, clock: FakeClock) -> dict[str, str]:
    """A year whose steps are days apart, in Riverton: a complaint received 10 days
    before its §7 hearing begins (day 10), its report delivered on day 12, referred to
    the examiner on day 15, the determination of a violation received on day 20, the
    council's decision on day 21 and the case closed on day 25; one found insufficient
    at its hearing the day it came and closed then (day 0); one still open, its §2
    notices owed. Three records requests on the paced one: answered the day received,
    answered 8 days (6 business days) after, and one received 12 days before, not
    answered."""
    app = site.app
    start = clock.now
    paced = open_one(app, a_filing(start - timedelta(days=10), "Gary Pruitt"))
    convene(app, paced)
    for cmd in (c.BeginHearing(), c.RecordRespondentHeard(), c.ConcludeHearing()):
        step(app, paced, cmd)
    board_finds(app, paced, True)
    clock.advance(days=2)
    for cmd in (c.IssueReport(sufficient=True), c.DeliverReport()):
        step(app, paced, cmd)
    council = frozenset(p.email for p in app.directory.council)
    clock.advance(days=3)
    step(app, paced, c.Refer(examiner="myu@examiners.example"))
    clock.advance(days=5)
    step(app, paced, c.RecordDetermination(True))
    clock.advance(days=1)
    convene(app, paced, Body.COUNCIL)
    for member in sorted(council):
        step(app, paced, c.RecordCouncilVote(member, Vote.YES, council), CLERK)
    step(app, paced, c.RecordCouncilDecision(council, app.directory.mayor.email), CLERK)
    clock.advance(days=4)
    step(app, paced, c.CloseCase("council decision rendered"), CLERK)
    insufficient = closed_insufficient(app)
    still_open = open_one(app, a_filing(clock.now - timedelta(days=5), "Priya Raman"))
    today = app.calendar.local_date(clock.now)
    for number, (on, answered) in enumerate(((today, True), (today - timedelta(days=8), True),
                                             (today - timedelta(days=12), False)), start=1):
        step(app, paced, c.RecordDisclosureRequest("A. Reporter", on=on), actor=ATTORNEY)
        if answered:
            step(app, paced, c.AnswerDisclosure(
                AnswerKind.DENY, exemption="RCW 42.56.240(2)",
                explanation="it would endanger a witness", request=number), actor=ATTORNEY)
    return {"paced": paced, "insufficient": insufficient, "open": still_open}


async def test_a_paced_year_medians_missed_deadlines_by_role_and_records_requests(
        site: Site, clock: FakeClock) -> None:
    """Issue 41, item 7: the median days from receipt to each step, the deadlines late
    or missed by the role that answers for them (no person), the records requests and
    how fast they were answered; the page, its CSV and its PDF say the same."""
    a_paced_year(site, clock)
    await site.sign_in(COUNCIL)  # which sends what the outbox owes, §2's notices too
    with site.app.session_factory() as s:
        found = yearly_report(session=s, year=2026, calendar=site.app.calendar,
                              now=site.app.clock())
    # the paced case's days, and the insufficient one's 0 where it reached the step
    assert found["days_to_step"] == {
        "hearing begun": {"cases": 2, "median": 5}, "report delivered": {"cases": 2,
                                                                        "median": 6},
        "referral": {"cases": 1, "median": 15}, "determination": {"cases": 1, "median": 20},
        "council decision": {"cases": 1, "median": 21}, "closure": {"cases": 2,
                                                                   "median": 12.5}}
    assert (found["closed"], found["median_days_to_closure"]) == (2, 12.5)
    # §2's notices, the mayor's office's: the paced case's never served, the open one's
    # sent only now (late) and its registered copy not sent; the third request's five
    # business days, the city attorney's
    assert found["deadlines"]["notice_24h"] == {"met": 0, "late": 1, "missed": 1,
                                                "pending": 1}
    assert found["deadlines_by_role"] == {
        "the mayor's office": {"deadlines": 6, "late": 1, "missed": 3},
        "the board chair": {"deadlines": 8, "late": 0, "missed": 0},
        "the council": {"deadlines": 1, "late": 0, "missed": 0},
        "the city attorney": {"deadlines": 1, "late": 0, "missed": 1}}
    # answered the day it came, and 8 days (6 business days) after: once in time, once
    # late; one past its five business days unanswered
    assert found["records_requests"] == {
        "received": 3, "answered": 2, "responded": 2, "responded_in_time": 1,
        "responded_late": 1, "response_missed": 1, "median_days_to_response": 4,
        "median_days_to_answer": 4}
    assert not any(n in str(found) for n in NAMES)

    page = html.unescape((await site.get("/report?year=2026")).text)
    for step_name, n, m in (("hearing begun", 2, 5), ("referral", 1, 15),
                            ("council decision", 1, 21), ("closure", 2, 12.5)):
        assert (f'{step_name}</th><td data-label="Complaints">{n}</td>'
                f'<td data-label="Median days">{m}</td>') in page, step_name
    assert ('the mayor\'s office</th><td data-label="Deadlines">6</td>'
            '<td data-label="Late">1</td><td data-label="Missed">3</td>') in page
    assert ('the city attorney</th><td data-label="Deadlines">1</td>'
            '<td data-label="Late">0</td><td data-label="Missed">1</td>') in page
    assert "Public records requests received in 2026: 3" in page
    for label, value in (("first answer within five business days", 1),
                         ("first answer late", 1),
                         ("five business days passed with no answer", 1),
                         ("median days to the first answer", 4)):
        assert f'{label}</th><td data-label="Figure">{value}</td>' in page, label
    assert not any(n in page for n in NAMES) and "attorney@city.test" not in page

    rows = list(csv.reader(io.StringIO((await site.get("/report.csv?year=2026")).text)))
    counts = {(p, i): n for p, i, n in rows[1:]}
    assert counts[("median days from receipt", "determination")] == "20"
    assert counts[("complaints reaching", "determination")] == "1"
    assert counts[("deadlines of the mayor's office", "missed")] == "3"
    assert counts[("deadlines of the city attorney", "missed")] == "1"
    assert counts[("public records requests", "first answer late")] == "1"
    assert counts[("public records requests", "median days to the final answer")] == "4"

    async with site.http.get(site.url + "/report.pdf?year=2026") as r:
        t = read_tagged(await r.read())
    tables = {h.text: table for h, table in zip(t.elements("H2"), t.elements("Table"),
                                                 strict=True)}
    steps = tables["Days from receipt to each step"]
    assert ("determination", "1", "20") in {tuple(c.text for c in row.kids)
                                            for row in steps.kids if row.role == "TR"}
    roles = tables["Deadlines late or missed, by who answers for them"]
    assert ("the city attorney", "1", "0", "1") in {tuple(c.text for c in row.kids)
                                                     for row in roles.kids if row.role == "TR"}
    records = tables["Public records requests received in 2026"]
    assert ("first answer within five business days", "1") in {
        tuple(c.text for c in row.kids) for row in records.kids if row.role == "TR"}


async def test_the_cases_not_replayed_count_as_if_they_were(
        site: Site, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    """The report replays only the cases that need their whole history (closed, with a
    records request or a corrected step); the others are read from their stage and
    their steps' entries. Replaying every case gives the same report."""
    a_paced_year(site, clock)
    heard = open_one(site.app, a_filing(clock.now - timedelta(days=3), "Gary Pruitt"))
    convene(site.app, heard)
    step(site.app, heard, c.BeginHearing())  # still open, its hearing begun on day 3
    voided = open_case(site.app)
    step(site.app, voided, c.VoidCase("a duplicate", "mayor@city.test"))

    def report() -> dict[str, object]:
        with site.app.session_factory() as s:
            return yearly_report(session=s, year=2026, calendar=site.app.calendar,
                                 now=site.app.clock())

    read = report()
    assert read["days_to_step"]["hearing begun"] == {"cases": 3, "median": 3}  # type: ignore[index]
    assert read["outcomes"]["void"] == 1  # type: ignore[index]
    monkeypatch.setattr(annual, "_needs_whole", lambda: true())
    assert report() == read
