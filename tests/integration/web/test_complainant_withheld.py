"""The complainant's identity withheld (issue 27, item 4; `cases.protection`), end to end
on SQLite and PostgreSQL: where the city's reading allows it, the clerk records it on the
web before the §2 notices go; the official's and the council's mails at the SMTP sink
then carry the summary and its basis, never the complainant's name, email or the
complaint's words; the official's and a council member's pages and the complaint's
download show the summary; the clerk still sees everything. With the reading off the
step is refused and the notices go as before."""

from __future__ import annotations

import email
from collections.abc import Iterator
from email import policy
from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlalchemy import select

from ethicsbot.bootstrap import App, bootstrap
from storage.models import CaseRow, EventRow
from tests.fixtures.app import FakeClock, make_settings
from tests.fixtures.web import Site, csrf_of
from tests.integration.bot.conftest import open_case

CLERK, RESPONDENT, MEMBER = "clerk@city.test", "gpruitt@city.test", "abrandt@city.test"
COUNCIL = {"praman@city.test", MEMBER, "bokafor@city.test", "mortiz@city.test",
           "thale@city.test"}
# the complainant of `open_case` and the complaint's own words
SECRETS = ("Dana Whitfield", "dw@example.net", "5095550134", "1418 Larch Avenue",
           "used City Hall for a campaign event")
SUMMARY = "Alleges that the official used city property for a political campaign (2.94.030)."
BASIS = "RCW 42.41.030"
EXAMPLE = Path(__file__).resolve().parents[3] / "city.example.yml"


@pytest.fixture
def city_decided() -> bool:
    """Whether the city decided that a complainant may be protected (a test parametrizes
    it False for the example's default)."""
    return True


@pytest.fixture
def app(city_decided: bool, tmp_path: Path, database_url: str,
        clock: FakeClock) -> Iterator[App]:
    """The example city, with its reading `complainant_protection` as `city_decided`."""
    city = EXAMPLE.read_text(encoding="utf-8")
    if city_decided:
        city = city.replace("  complainant_protection: disclosed",
                            "  complainant_protection: withheld_where_recorded")
        assert "withheld_where_recorded" in city
    (tmp_path / "city.yml").write_text(city, encoding="utf-8")
    built = bootstrap(make_settings(tmp_path, database_url), clock=clock)
    yield built
    built.close()


def everything_in(msg: EmailMessage) -> str:
    """All a recipient can read of a message: each part, attachments decoded."""
    again = email.message_from_bytes(msg.as_bytes(policy=policy.SMTP), _class=EmailMessage,
                                     policy=policy.default)
    out = [str(again["Subject"])]
    for part in again.walk():
        if part.is_multipart():
            continue
        payload = part.get_payload(decode=True)
        out.append(payload.decode("utf-8", "replace") if isinstance(payload, bytes)
                   else str(part.get_content()))
    return " ".join(" ".join(out).split())


def to(msg: EmailMessage) -> str:
    return str(msg["To"].addresses[0].addr_spec).lower()


async def clerk_case(site: Site) -> str:
    """A case opened, its notices not yet sent, and the clerk signed in."""
    await site.sign_in(CLERK)
    return open_case(site.app)


async def sent_on(site: Site, number: str) -> list[EmailMessage]:
    """The messages the outbox delivers now about case `number`."""
    return [m for m in await site.deliver() if number in str(m["Subject"])]


async def withhold(site: Site, number: str) -> tuple[int, str]:
    form = await site.get(f"/cases/{number}/steps/withhold-complainant")
    assert form.status == 200, form.text
    assert 'name="basis"' in form.text and 'name="summary"' in form.text
    assert 'name="already_told"' not in form.text  # from the outbox, never typed
    done = await site.post(f"/cases/{number}/steps/withhold-complainant", {
        "csrf": csrf_of(form.text), "basis": "rcw-42.41", "summary": SUMMARY})
    return done.status, done.text


async def test_the_official_and_the_council_get_the_summary_and_its_basis_only(
        site: Site) -> None:
    number = await clerk_case(site)
    status, page = await withhold(site, number)
    assert status == 200, page
    assert "Recorded: complainant withheld." in page
    assert "Recorded before the complaint reached the official" in page

    sent = await sent_on(site, number)
    official = [m for m in sent if to(m) == RESPONDENT and "Notice of ethics complaint"
                in str(m["Subject"])]
    council = [m for m in sent if to(m) in COUNCIL and "Ethics complaint received"
               in str(m["Subject"])]
    assert len(official) == 1 and {to(m) for m in council} == COUNCIL
    for msg in official + council:
        text = everything_in(msg)
        for secret in SECRETS:
            assert secret not in text, (to(msg), secret)
        assert SUMMARY in text and BASIS in text, to(msg)
        assert "withheld" in text
    assert not list(official[0].iter_attachments())  # no complaint attached
    # every message the official and the council got names no one who filed it
    for msg in sent:
        if to(msg) in COUNCIL | {RESPONDENT}:
            assert not any(s in everything_in(msg) for s in SECRETS[:2]), msg["Subject"]
    # the board judges the complaint as filed, and is told not to disclose who filed it
    board = next(m for m in sent if "sufficiency" in str(m["Subject"]).lower()
                 and to(m) == "hpark@city.test")
    assert "Dana Whitfield" in everything_in(board)
    assert "do not disclose who filed the complaint" in everything_in(board)

    for reader in (RESPONDENT, MEMBER):
        await site.sign_in(reader)
        shown = (await site.get(f"/cases/{number}")).text
        download = await site.get(f"/cases/{number}/complaint.txt")
        assert download.status == 200, reader
        for text in (shown, download.text):
            for secret in SECRETS:
                assert secret not in text, (reader, secret)
            assert SUMMARY in text and BASIS in text, reader
    await site.sign_in(CLERK)  # the mayor's office keeps the whole complaint
    whole = (await site.get(f"/cases/{number}/complaint.txt")).text
    assert "By: Dana Whitfield" in whole and "Email: dw@example.net" in whole
    clerk_page = (await site.get(f"/cases/{number}")).text
    assert "Dana Whitfield" in clerk_page and SUMMARY in clerk_page and BASIS in clerk_page


async def test_recorded_after_the_notice_went_it_says_who_already_had_the_complaint(
        site: Site) -> None:
    number = await clerk_case(site)
    await site.deliver()  # the official's §2 notice went, the complaint attached
    status, page = await withhold(site, number)
    assert status == 200, page
    with site.app.session_factory() as s:
        data = s.scalars(select(EventRow.data).join(CaseRow, CaseRow.id == EventRow.case_id)
                         .where(CaseRow.number == number,
                                EventRow.kind == "complainant_withheld")).one()
    assert data["already_told"] == [RESPONDENT]
    assert f"the complaint to {RESPONDENT}" in data["note"]
    assert "Mail the summary, not the complaint, by registered mail" in data["note"]
    assert f"the complaint to {RESPONDENT}" in page  # the clerk reads it on the case page


@pytest.mark.parametrize("city_decided", [False])
async def test_while_the_city_has_not_decided_the_step_is_refused_and_nothing_changes(
        site: Site) -> None:
    number = await clerk_case(site)
    status, page = await withhold(site, number)
    assert status == 409, page
    assert "complainant_protection" in page and "city attorney" in page
    sent = await sent_on(site, number)
    told = [m for m in sent if to(m) in COUNCIL | {RESPONDENT}]
    assert len(told) >= 6 and not any("withheld" in everything_in(m) for m in told)
    await site.sign_in(RESPONDENT)
    download = (await site.get(f"/cases/{number}/complaint.txt")).text
    assert "By: Dana Whitfield" in download and SECRETS[-1] in download
