"""The official complained against on the web (issue 25, item 5): their own case only,
their rights under the ordinance with the dates this case sets, the hearing, the complaint
to download without the complainant's contact details, and the requests the table of
steps lets them make themselves (`respondent_asks`), recorded as theirs, made on the web,
and refused until the procedure allows them (SQLite and PostgreSQL)."""

from __future__ import annotations

from sqlalchemy import select

from cases import commands as c
from storage.models import AccessLogRow, CaseRow, EventRow
from tests.fixtures.cases import convene, step
from tests.fixtures.web import Site, csrf_of
from tests.integration.bot.conftest import open_case

CLERK, RESPONDENT, OTHER = "clerk@city.test", "gpruitt@city.test", "lbates@city.test"


def events(site: Site, number: str, kind: str) -> list[dict[str, object]]:
    with site.app.session_factory() as s:
        return [dict(e.data) for e in s.scalars(select(EventRow).join(
            CaseRow, CaseRow.id == EventRow.case_id).where(
            CaseRow.number == number, EventRow.kind == kind).order_by(EventRow.id))]


async def test_the_official_sees_their_case_their_rights_and_no_other(site: Site) -> None:
    mine = open_case(site.app)
    theirs = open_case(site.app, "Lorna Bates")
    await site.sign_in(RESPONDENT)
    docket = (await site.get("/docket")).text
    assert mine in docket and theirs not in docket

    page = await site.get(f"/cases/{mine}")
    assert page.status == 200
    text = page.text
    rights = text.index("Your rights under the ordinance")
    assert rights < text.index("Against") < text.index("Complaint")  # first on the page
    for section, words in (("§2", "to be told"), ("§7, §9", "to be heard"),
                           ("§13, §14", "to an open session"),
                           ("§10", "to more time for the report"),
                           ("§11", "to be heard by the ethics board"),
                           ("§12", "to more time for the council&#39;s decision"),
                           ("§6", "to confidentiality")):
        assert f"<strong>{section}, {words}.</strong>" in text, section
    # the dates this case sets (received Mon Nov 30: 3 days, 24 days)
    assert "In this case the registered-mail copy is due by end of day Thu Dec 3, 2026" in text
    assert "In this case the hearing must conclude by end of day Thu Dec 24, 2026" in text
    # no report yet, no determination: those rights carry no date in this case
    assert "the report is due by" not in text and "the council must decide by" not in text
    # what they may ask now (any stage), and what not yet (after the hearing, §10)
    assert f'href="/cases/{mine}/steps/open-session">Ask that the proceedings be open' in text
    assert f"/cases/{mine}/steps/extension-request" not in text
    assert "Requests you may make now" in text and "Steps you may take" not in text
    assert "Deadlines" not in text and "1418 Larch Avenue" not in text

    # another official's case, its step form and its complaint: as if there were none
    absent = "ETH-2026-9999"
    for path in ("", "/steps/open-session", "/complaint.txt"):
        other = await site.get(f"/cases/{theirs}{path}")
        nothing = await site.get(f"/cases/{absent}{path}")
        assert other.status == nothing.status == 404, path
        assert other.text.replace(theirs, absent) == nothing.text, path


async def test_the_complaint_downloads_without_the_complainants_contact_details(
        site: Site) -> None:
    number = open_case(site.app)
    await site.sign_in(RESPONDENT)
    got = await site.get(f"/cases/{number}/complaint.txt")
    assert got.status == 200
    assert got.headers["Content-Disposition"] == (
        f'attachment; filename="{number}-complaint.txt"')
    assert "On Oct 3 the official used City Hall for a campaign event." in got.text
    assert "By: Dana Whitfield" in got.text and "Sections: 2.94.030" in got.text
    for contact in ("1418 Larch Avenue", "dw@example.net", "+15095550134"):
        assert contact not in got.text, contact
    assert "not shown to you: §6 keeps them confidential" in got.text

    await site.sign_in(CLERK)  # the mayor's office sees the whole complaint
    whole = await site.get(f"/cases/{number}/complaint.txt")
    assert "Address: 1418 Larch Avenue, Riverton, WA 99301" in whole.text
    assert "Email: dw@example.net" in whole.text


async def test_the_officials_open_session_request_is_recorded_as_theirs(site: Site) -> None:
    number = open_case(site.app)
    await site.sign_in(RESPONDENT)
    form = await site.get(f"/cases/{number}/steps/open-session")
    assert form.status == 200
    assert "<h1>Ask that the proceedings be open to the public</h1>" in form.text
    # who asks, how and when are theirs, not typed: only the proceeding is asked
    assert 'name="proceeding"' in form.text
    for field in ("via", "respondent", "on"):
        assert f'name="{field}"' not in form.text, field
    done = await site.post(f"/cases/{number}/steps/open-session", {
        "csrf": csrf_of(form.text), "proceeding": "board", "via": "paper",
        "respondent": OTHER, "on": "2026-01-01"})  # what is not asked is not taken
    assert done.status == 200, done.text
    assert "Recorded: open session requested." in done.text
    [made] = events(site, number, "open_session_requested")
    assert made["respondent"] == RESPONDENT and made["via"] == "web"
    assert made["on"] == "2026-11-30" and made["body"] == "board"
    assert "asked by Gary Pruitt by web" in done.text
    with site.app.session_factory() as s:
        assert s.scalars(select(AccessLogRow.action).where(
            AccessLogRow.who == RESPONDENT, AccessLogRow.case_number == number,
            AccessLogRow.allowed.is_(True), AccessLogRow.action == "step open-session")).all()
    again = await site.post(f"/cases/{number}/steps/open-session", {
        "csrf": csrf_of(form.text), "proceeding": "board"})
    assert again.status == 409 and "already asked" in again.text


async def test_a_request_is_refused_until_the_procedure_allows_it_then_recorded(
        site: Site) -> None:
    """§10: a longer time for the report is asked for once the hearing has concluded;
    before, the same form is refused with the reason. Steps that are not the official's
    are refused whatever the stage."""
    number = open_case(site.app)
    await site.sign_in(RESPONDENT)
    form = await site.get(f"/cases/{number}/steps/extension-request")
    assert form.status == 200 and 'name="days"' in form.text
    assert 'name="requested_by"' not in form.text  # theirs, never the board's
    early = await site.post(f"/cases/{number}/steps/extension-request", {
        "csrf": csrf_of(form.text), "days": "5"})
    assert early.status == 409, early.text
    assert "Cannot request a longer time for the report" in early.text
    assert not events(site, number, "report_extension_requested")
    for not_theirs in ("refer", "schedule", "continuance-apply"):
        refused = await site.post(f"/cases/{number}/steps/{not_theirs}", {
            "csrf": csrf_of(form.text)})
        assert refused.status == 403, not_theirs

    convene(site.app, number)
    for cmd in (c.BeginHearing(), c.RecordRespondentHeard(), c.ConcludeHearing()):
        step(site.app, number, cmd)
    page = (await site.get(f"/cases/{number}")).text
    assert f'href="/cases/{number}/steps/extension-request">Ask for a longer time' in page
    # the hearing, right under their rights: when, where, open or not; not who answered
    hearing = page.index("Hearings and meetings of your case")
    assert page.index("Your rights under the ordinance") < hearing < page.index("Against")
    assert "City Hall, Room 2" in page[hearing:]
    assert "the evaluation in executive session" in page[hearing:]
    assert "Answers to the invitation" not in page
    assert "In this case the report is due by" in page
    done = await site.post(f"/cases/{number}/steps/extension-request", {
        "csrf": csrf_of(form.text), "days": "5", "requested_by": "board"})
    assert done.status == 200, done.text
    [made] = events(site, number, "report_extension_requested")
    assert made["requested_by"] == "respondent" and made["days"] == 5
