"""The retention queue on the web (RCW 40.14; issue 38), on SQLite and PostgreSQL, in the
example city (six years after closure; a records officer): shown only to whoever the step
table gives a step of the case file's retention, each line with the buttons of the steps
the reader may take, to the same step forms the case page opens. A council member is
refused like on any closed page; the clerk requests, the records officer (who sees no
case) approves from their own line, and the case leaves the queue; a legal hold moves a
line to "on hold" and takes its buttons away until the city attorney lifts it. Every
look is logged, refusals too."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import select

from cases import commands as c
from ethicsbot.bootstrap import App, bootstrap
from storage.models import AccessLogRow, CaseRow, EventRow
from tests.fixtures.app import FakeClock, make_settings
from tests.fixtures.cases import a_filing, open_one, step
from tests.fixtures.web import Answer, Site, csrf_of, reported, start_site, with_web
from tests.integration.bot.conftest import open_case
from tests.integration.cli.test_retention import closed_long_ago
from tests.servers.net import free_ports
from tests.servers.smtp_sink import SmtpSink

EXAMPLE = Path(__file__).resolve().parents[3] / "city.example.yml"
CLERK, RECORDS, ATTORNEY = "clerk@city.test", "records@city.test", "attorney@city.test"
COUNCIL = "abrandt@city.test"
NOW = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)  # the case closed in 2019: six years ended
REQUEST = "Request the destruction of the case file"
APPROVE = "Approve the destruction of the case file"
PLACE, LIFT = "Place a legal hold on the case file", "Lift the legal hold on the case file"


@pytest.fixture
def app(tmp_path: Path, database_url: str, clock: FakeClock) -> Iterator[App]:
    """The example city: its `retention:` and its records officer."""
    (tmp_path / "city.yml").write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    built = bootstrap(make_settings(tmp_path, database_url), clock=clock)
    yield built
    built.close()


def due_case(site: Site, clock: FakeClock) -> str:
    """A case closed in March 2019, seen on Dec 1, 2026: due for review."""
    number = closed_long_ago(site.app, clock)
    clock.set(NOW)
    return number


async def as_(site: Site, email: str) -> None:
    site.http.cookie_jar.clear()
    await site.sign_in(email)


def section(page: str, state: str) -> str:
    """The lines under one heading of the queue ("due-for-review")."""
    return page.split(f'<h2 id="{state}">')[1].split("<h2")[0]


def line(page: str, number: str) -> str:
    found = re.search(rf'<li id="line-{number}">(.*?)</li>', page, re.S)
    assert found, page
    return found[1]


def buttons(page: str, number: str) -> list[tuple[str, str]]:
    return re.findall(r'<a class="button" href="([^"]+)">([^<]+)</a>', line(page, number))


def looks(site: Site, who: str) -> list[tuple[str | None, str, bool]]:
    with site.app.session_factory() as s:
        return [(r.case_number, r.action, r.allowed) for r in s.scalars(
            select(AccessLogRow).where(AccessLogRow.who == who).order_by(AccessLogRow.id))]


async def take(site: Site, button: str, data: dict[str, str] | None = None) -> Answer:
    """Open a button's step form and send it; the page it ends on."""
    form = await site.get(button)
    assert form.status == 200, form.text
    sent = await site.post(button, {"csrf": csrf_of(form.text), **(data or {})})
    assert sent.status == 200, sent.text
    return sent


async def test_a_council_member_is_refused_and_the_clerk_sees_the_queue_and_requests(
        site: Site, clock: FakeClock) -> None:
    number = due_case(site, clock)
    assert (await site.get("/retention")).url.endswith("/sign-in")  # a stranger: sign in

    await as_(site, COUNCIL)
    refused = await site.get("/retention")
    assert refused.status == 403 and "Not your page" in refused.text
    assert "the records officer" in refused.text and number not in refused.text
    assert 'href="/retention"' not in (await site.get("/docket")).text
    assert (None, "retention queue refused", False) in looks(site, COUNCIL)

    await as_(site, CLERK)
    assert 'href="/retention"' in (await site.get("/docket")).text
    queue = await site.get("/retention")
    assert queue.status == 200 and "6 years after closure" in queue.text
    assert f'id="line-{number}"' in section(queue.text, "due-for-review")
    assert "closed Tue Mar 5, 2019; retention ended Wed Mar 5, 2025" in line(queue.text, number)
    # the clerk's step, not the records officer's nor the city attorney's
    assert buttons(queue.text, number) == [(f"/cases/{number}/steps/destroy-request", REQUEST)]
    assert (None, "retention queue", True) in looks(site, CLERK)

    ended = await take(site, f"/cases/{number}/steps/destroy-request")
    assert ended.url.endswith(f"/cases/{number}?recorded=destruction_requested")  # the case page
    after = (await site.get("/retention")).text
    assert f'id="line-{number}"' in section(after, "awaiting-approval")
    assert f'id="line-{number}"' not in section(after, "due-for-review")
    assert "destruction requested by Renée Castillo" in line(after, number)
    assert buttons(after, number) == []  # approving is another's, never the requester's


async def test_the_records_officer_approves_the_clerk_s_request_and_the_case_leaves_the_queue(
        site: Site, clock: FakeClock) -> None:
    number = due_case(site, clock)
    other = open_case(site.app, "Lorna Bates")  # open: never on the queue
    await as_(site, RECORDS)
    queue = (await site.get("/retention")).text
    assert buttons(queue, number) == []  # nothing to approve before the clerk asks
    assert f'id="line-{other}"' not in queue
    # the records officer sees no case: its form opens only on a line of the queue
    assert (await site.get(f"/cases/{other}/steps/destroy-approve")).status == 404
    assert (other, "step form destroy approve refused", False) in looks(site, RECORDS)
    assert (await site.get(f"/cases/{number}")).status == 404

    await as_(site, CLERK)
    await take(site, f"/cases/{number}/steps/destroy-request")
    await as_(site, RECORDS)
    queue = (await site.get("/retention")).text
    assert f'href="/cases/{number}"' not in queue  # no case page to link to
    assert buttons(queue, number) == [(f"/cases/{number}/steps/destroy-approve", APPROVE)]
    ended = await take(site, f"/cases/{number}/steps/destroy-approve")
    assert ended.url.endswith(f"/retention?case={number}&recorded=records_destroyed")
    assert f"Recorded on {number}: records destroyed." in ended.text
    after = (await site.get("/retention")).text
    assert f'id="line-{number}"' not in after  # destroyed: nothing more to review
    with site.app.session_factory() as s:
        case_id = s.scalars(select(CaseRow.id).where(CaseRow.number == number)).one()
        cert = s.scalars(select(EventRow).where(EventRow.case_id == case_id)
                         .order_by(EventRow.seq.desc())).first()
    assert cert is not None and cert.kind == "records_destroyed"
    assert cert.actor == RECORDS and cert.data["requested_by"] == CLERK
    assert (number, "step destroy approve", True) in looks(site, RECORDS)
    # the destroyed file's page still answers those who see every case: the certificate
    await as_(site, CLERK)
    page = await site.get(f"/cases/{number}")
    assert page.status == 200, page.text[:2000]
    assert "destroyed" in page.text


async def test_a_legal_hold_moves_the_line_on_hold_until_the_city_attorney_lifts_it(
        site: Site, clock: FakeClock) -> None:
    number = due_case(site, clock)
    await as_(site, ATTORNEY)
    queue = (await site.get("/retention")).text
    assert buttons(queue, number) == [(f"/cases/{number}/steps/hold-place", PLACE)]
    await take(site, f"/cases/{number}/steps/hold-place",
               {"reason": "Whitfield v. Riverton: preserve the file"})
    held = (await site.get("/retention")).text
    assert f'id="line-{number}"' in section(held, "on-hold")
    assert buttons(held, number) == [(f"/cases/{number}/steps/hold-lift", LIFT)]

    await as_(site, CLERK)  # sees why; may not request while it stands
    held = (await site.get("/retention")).text
    assert "legal hold since Tue Dec 1, 2026" in line(held, number)
    assert "Whitfield v. Riverton" in line(held, number) and buttons(held, number) == []
    await as_(site, RECORDS)  # sees no case: what holds it and since when, not why
    held = (await site.get("/retention")).text
    assert "legal hold since Tue Dec 1, 2026" in line(held, number)
    assert "Whitfield" not in held

    await as_(site, ATTORNEY)
    await take(site, f"/cases/{number}/steps/hold-lift", {"reason": "the suit was dismissed"})
    await as_(site, CLERK)
    lifted = (await site.get("/retention")).text
    assert f'id="line-{number}"' in section(lifted, "due-for-review")
    assert buttons(lifted, number) == [(f"/cases/{number}/steps/destroy-request", REQUEST)]


async def test_a_legal_hold_on_a_case_not_due_is_on_the_queue(site: Site, clock: FakeClock
                                                                ) -> None:
    clock.set(datetime(2025, 6, 2, 17, 0, tzinfo=UTC))  # closed in 2025: kept until 2031
    recent = open_one(site.app, a_filing(received=clock.now))
    reported(site.app, recent, sufficient=False, summary="no prima facie showing")
    step(site.app, recent, c.CloseCase("insufficient"), actor="hpark@city.test")
    clock.set(NOW)
    number = open_case(site.app)
    await as_(site, ATTORNEY)
    queue = (await site.get("/retention")).text
    assert f'id="line-{number}"' not in queue and f'id="line-{recent}"' not in queue
    for held_one in (number, recent):
        await take(site, f"/cases/{held_one}/steps/hold-place", {"reason": "an audit"})
    held = (await site.get("/retention")).text
    assert f'id="line-{number}"' in section(held, "on-hold")
    assert "retention" not in line(held, number)  # open: no period runs
    assert "; retention ends Mon Jun 2, 2031." in line(held, recent)
    assert buttons(held, number) == [(f"/cases/{number}/steps/hold-lift", LIFT)]


async def test_a_pending_public_records_request_holds_the_line_and_only_full_access_sees_whose(
        site: Site, clock: FakeClock) -> None:
    number = due_case(site, clock)
    await as_(site, CLERK)
    assert buttons((await site.get("/retention")).text, number) == [
        (f"/cases/{number}/steps/destroy-request", REQUEST)]
    step(site.app, number, c.RecordDisclosureRequest("A. Reporter", what="the whole file"),
         actor=ATTORNEY)
    held = (await site.get("/retention")).text
    assert f'id="line-{number}"' in section(held, "on-hold")
    assert "public records request since Tue Dec 1, 2026 (A. Reporter): the whole file" in \
        line(held, number)
    assert buttons(held, number) == []  # RCW 42.56.100: not while it is pending
    await as_(site, RECORDS)
    held = (await site.get("/retention")).text
    assert "public records request since Tue Dec 1, 2026" in line(held, number)
    assert "A. Reporter" not in held and "the whole file" not in held


@pytest.fixture
def clerk_keeps_records(tmp_path: Path, database_url: str, clock: FakeClock) -> Iterator[App]:
    """A city whose clerk is also its records officer."""
    city = EXAMPLE.read_text(encoding="utf-8").replace(
        "records_officer: {name: Alma Reyes, email: records@city.test",
        "records_officer: {name: Renée Castillo, email: clerk@city.test")
    assert "records@city.test" not in city
    (tmp_path / "city.yml").write_text(city, encoding="utf-8")
    built = bootstrap(make_settings(tmp_path, database_url), clock=clock)
    yield built
    built.close()


async def test_whoever_requested_is_never_offered_the_approval_even_as_records_officer(
        clerk_keeps_records: App, smtp_sink: SmtpSink, clock: FakeClock) -> None:
    port = free_ports(1)[0]
    server, site = await start_site(with_web(clerk_keeps_records, port), smtp_sink, port)
    try:
        number = due_case(site, clock)
        other = due_case(site, clock)
        await as_(site, CLERK)
        await take(site, f"/cases/{number}/steps/destroy-request")
        step(site.app, other, c.RequestDestruction(
            "CORE — the ethics complaint series the records officer confirms", 6),
            actor="mayor@city.test")
        queue = (await site.get("/retention")).text
        assert buttons(queue, number) == []  # their own request
        assert buttons(queue, other) == [(f"/cases/{other}/steps/destroy-approve", APPROVE)]
        approved = await take(site, f"/cases/{other}/steps/destroy-approve")  # another's
        # back to the queue: the destroyed file's page has nothing left to show
        assert approved.url.endswith(f"/retention?case={other}&recorded=records_destroyed")
        after = (await site.get("/retention")).text
        assert f'id="line-{other}"' not in after and f'id="line-{number}"' in after
    finally:
        await site.http.close()
        await server.close()
