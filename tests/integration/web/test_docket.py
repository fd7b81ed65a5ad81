"""The docket, a case page and the step forms, as each role sees them, on SQLite and
PostgreSQL: the same rules and refusal sentences as Slack (`cases.access`), every view
and refusal in the access log."""

from __future__ import annotations

import re

from sqlalchemy import select

from cases import commands as c
from cases.access import NOT_ENTITLED, Actor, check_step
from cases.directory import Role
from storage.models import AccessLogRow, CaseRow, EventRow
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import step
from tests.fixtures.web import Site, csrf_of, determined, reported
from tests.integration.bot.conftest import open_case

CLERK, CHAIR, ATTORNEY = "clerk@city.test", "hpark@city.test", "attorney@city.test"
OTHER_OFFICIAL, COUNCIL = "lbates@city.test", "abrandt@city.test"
RESPONDENT = "gpruitt@city.test"


def logged(site: Site, who: str) -> list[tuple[str | None, str, bool]]:
    with site.app.session_factory() as s:
        return [(r.case_number, r.action, r.allowed) for r in s.scalars(
            select(AccessLogRow).where(AccessLogRow.who == who).order_by(AccessLogRow.id))]


async def test_the_clerk_sees_the_docket_and_the_whole_case(site: Site) -> None:
    number = open_case(site.app)
    await site.sign_in(CLERK)
    docket = await site.get("/docket")
    assert number in docket.text and "received" in docket.text
    # signing in delivered the §2 notices too (the sink took them): the 24 hours are met
    assert "send the official a copy by registered mail (§2)" in docket.text
    assert "end of day Thu Dec 3, 2026 (in 3 days)" in docket.text
    case = await site.get(f"/cases/{number}")
    assert case.status == 200
    for part in ("1418 Larch Avenue", "Deadlines", "received Mon Nov 30, 2026", "met",
                 "complaint to respondent", "Filings as received", "History",
                 "Case record (PDF)", "Calendar invites"):
        assert part in case.text, part
    assert "Record that the board received the complaint" not in case.text  # the board's
    # the clerk records the chair's call
    assert "Schedule a meeting of the board on the case" in case.text
    assert "Record registered mail" in case.text
    assert (number, "case page", True) in logged(site, CLERK)


async def test_the_docket_judges_deadlines_now(site: Site, clock: FakeClock) -> None:
    number = open_case(site.app)
    clock.advance(days=5)  # registered mail was due Thu Dec 3
    await site.sign_in(CLERK)
    docket = await site.get("/docket")
    assert "missed" in docket.text and "overdue by" in docket.text
    case = await site.get(f"/cases/{number}")
    assert 'class="badge missed"' in case.text


async def test_a_board_member_records_a_step_through_its_form(site: Site) -> None:
    number = open_case(site.app)
    await site.sign_in(CHAIR)
    form = await site.get(f"/cases/{number}/steps/schedule")
    assert form.status == 200 and 'type="datetime-local"' in form.text
    assert "special" in form.text and "regular" in form.text
    done = await site.post(f"/cases/{number}/steps/schedule", {
        "csrf": csrf_of(form.text), "starts_at": "2026-12-10T18:00",
        "place": "Council Chambers", "kind": "special", "further": "no"})
    assert done.status == 200 and "Recorded: hearing scheduled." in done.text
    with site.app.session_factory() as s:
        stage = s.scalar(select(CaseRow.stage).where(CaseRow.number == number))
        event = s.scalars(select(EventRow).order_by(EventRow.id.desc())).first()
    assert stage == "hearing_scheduled" and event is not None
    assert event.actor == CHAIR and event.data["place"] == "Council Chambers"
    assert event.data["starts_at"] == "2026-12-10T18:00:00-08:00"
    assert (number, "step schedule", True) in logged(site, CHAIR)


OSEI = "vosei@city.test"


async def test_a_step_of_another_role_is_refused_with_slacks_sentence(
        site: Site, clock: FakeClock) -> None:
    number = open_case(site.app)
    await site.sign_in(OSEI)  # a board member: the mayor's office sends the registered mail
    refused = await site.get(f"/cases/{number}/steps/registered-mail")
    try:
        check_step(Actor(OSEI, frozenset({Role.BOARD})), c.RecordRegisteredMail.step)
    except Exception as e:
        sentence = str(e)
    assert refused.status == 403 and sentence in refused.text.replace("&#39;", "'")
    docket = await site.get("/docket")
    posted = await site.post(f"/cases/{number}/steps/registered-mail", {
        "csrf": csrf_of(docket.text), "tracking_number": "RE123456789US"})
    assert posted.status == 403  # the same refusal again: logged once a minute (issue 24)
    assert logged(site, OSEI).count((None, "step registered-mail refused", False)) == 1
    clock.advance(minutes=1)
    posted = await site.post(f"/cases/{number}/steps/registered-mail", {
        "csrf": csrf_of(docket.text), "tracking_number": "RE123456789US"})
    assert posted.status == 403
    assert logged(site, OSEI).count((None, "step registered-mail refused", False)) == 2


async def test_a_step_the_stage_does_not_allow_says_why(site: Site) -> None:
    number = open_case(site.app)
    await site.sign_in(CHAIR)
    form = await site.get(f"/cases/{number}/steps/concluded")
    answer = await site.post(f"/cases/{number}/steps/concluded", {"csrf": csrf_of(form.text)})
    assert answer.status == 409
    assert "Cannot conclude the hearing for" in answer.text
    assert (number, "step concluded failed", True) in logged(site, CHAIR)


async def test_a_council_member_votes_as_themselves(site: Site) -> None:
    number = open_case(site.app)
    determined(site.app, number)  # the council's meeting on it under way, its roll call taken
    await site.sign_in(COUNCIL)
    form = await site.get(f"/cases/{number}/steps/vote")
    assert "member" not in form.text and 'value="abstain"' in form.text
    done = await site.post(f"/cases/{number}/steps/vote", {"csrf": csrf_of(form.text),
                                                          "vote": "yes"})
    assert done.status == 200, done.text
    with site.app.session_factory() as s:
        event = s.scalars(select(EventRow).order_by(EventRow.id.desc())).first()
    assert event is not None and event.data["member"] == COUNCIL


async def test_another_persons_confidential_case_is_refused_and_logged(site: Site) -> None:
    number = open_case(site.app)  # against Gary Pruitt
    await site.sign_in(OTHER_OFFICIAL)
    docket = await site.get("/docket")
    assert number not in docket.text
    hidden = await site.get(f"/cases/{number}")
    absent = await site.get("/cases/ETH-2026-9999")
    assert hidden.status == absent.status == 404
    assert NOT_ENTITLED.split(":")[0] in hidden.text
    assert hidden.text.replace(number, "N") == absent.text.replace("ETH-2026-9999", "N")
    record = await site.get(f"/cases/{number}/record.pdf")
    assert record.status == 404
    assert (number, "case page refused", False) in logged(site, OTHER_OFFICIAL)


async def test_the_respondent_sees_their_part_only(site: Site) -> None:
    number = open_case(site.app)
    await site.sign_in(RESPONDENT)
    case = await site.get(f"/cases/{number}")
    assert case.status == 200 and "Facts" in case.text
    assert "1418 Larch Avenue" not in case.text  # no contact details
    assert "Deadlines" not in case.text and "Steps you may take" not in case.text
    assert "record.pdf" not in case.text
    assert "submission to board" not in case.text  # others' notices


async def test_the_examiners_proceeding_opened_by_paper_request_shows_in_the_case(
        site: Site) -> None:
    """§13: the respondent's request that the examiner's proceeding be open, taken down
    from a letter on the web form and shown on the case page (not the council's part)."""
    number = open_case(site.app)
    reported(site.app, number)
    step(site.app, number, c.Refer(examiner="myu@examiners.example"))
    await site.sign_in(CLERK)
    form = await site.get(f"/cases/{number}/steps/open-session")
    assert 'value="examiner"' in form.text and "Whose proceeding" in form.text
    bare = await site.post(f"/cases/{number}/steps/open-session", {
        "csrf": csrf_of(form.text), "proceeding": "examiner", "via": "paper"})
    assert bare.status == 400 and "Give what shows it" in bare.text
    done = await site.post(f"/cases/{number}/steps/open-session", {
        "csrf": csrf_of(form.text), "proceeding": "examiner", "via": "paper",
        "evidence": "his letter of Dec 9, filed with the case"})
    assert done.status == 200, done.text
    case = await site.get(f"/cases/{number}")
    assert "Open sessions requested (§13, §14)" in case.text
    assert ("The hearings examiner&#39;s proceeding (Morgan Yu): open to the "
            "public (§13), asked by Gary Pruitt by paper") in case.text
    await site.sign_in(COUNCIL)
    assert "Open sessions requested" not in (await site.get(f"/cases/{number}")).text


async def test_unicode_digits_and_huge_numbers_are_4xx_never_500(site: Site) -> None:
    """`?page=²`, a filing id of "²" and a form's number typed in other digits once
    answered 500 ("²".isdigit() is true; int() refuses it). Each is read as no number."""
    number = open_case(site.app)
    await site.sign_in(CHAIR)
    for path in ("/docket?page=%C2%B2", "/docket?page=%D9%A3", "/docket?page=" + "9" * 300,
                 "/?page=%C2%B2"):
        answer = await site.get(path)
        assert answer.status == 200, (path, answer.text)
    assert (await site.get(f"/cases/{number}/filings/%C2%B2.eml")).status == 404
    await site.sign_in(CLERK)
    form = await site.get(f"/cases/{number}/steps/council-extension-request")
    sent = await site.post(f"/cases/{number}/steps/council-extension-request", {
        "csrf": csrf_of(form.text), "days": "²", "via": "email", "evidence": "on file"})
    assert sent.status in (400, 409) and "a whole number" in sent.text


async def test_the_case_page_says_what_is_next_and_offers_the_step_to_whom_it_falls(
        site: Site, clock: FakeClock) -> None:
    number = open_case(site.app)
    await site.sign_in(CLERK)
    await site.deliver()  # the §2 notices: the 24 hours are met
    page = (await site.get(f"/cases/{number}")).text
    caption = page.split('<dl class="pairs">')[1].split("</dl>")[0]
    assert "<dt>Against</dt><dd>Gary Pruitt, Parks Director</dd>" in caption  # name, title
    next_part = page.split('id="next-h"')[1].split("</section>")[0]
    assert "Send the official a copy by registered mail (§2)" in next_part
    mine = next_part.split('id="next-mine"')[1].split("</ul>")[0]  # the clerk's own act
    assert "Send the official a copy by registered mail (§2)" in mine and "(in 3 days)" in mine
    assert f'href="/cases/{number}/steps/registered-mail"' in next_part  # the clerk's step
    # the notices, one line a kind, the details under it
    assert re.search(r"<summary><strong>complaint to council</strong>: (\d+) of \1 delivered"
                     r"</summary>", page)
    form = (await site.get(f"/cases/{number}/steps/registered-mail")).text
    assert "This step meets the deadline “registered mail”: due end of day Thu Dec 3" in form
    clock.advance(days=5)
    await site.sign_in(CLERK)
    assert "badge missed" in (await site.get(f"/cases/{number}")).text.split(
        'id="next-h"')[1].split("</section>")[0]
    form = (await site.get(f"/cases/{number}/steps/registered-mail")).text
    assert "it has <strong>passed</strong>" in form  # said before a date is typed
    await site.sign_in(OSEI)  # a board member: told what is next, offered no one else's step
    theirs = (await site.get(f"/cases/{number}")).text.split('id="next-h"')[1]
    assert "registered mail" in theirs.split("</section>")[0]
    assert "/steps/registered-mail" not in theirs.split("</section>")[0]


async def test_the_history_names_people_and_keeps_the_day_apart_from_the_recording(
        site: Site, clock: FakeClock) -> None:
    from datetime import date

    number = open_case(site.app)  # Mon Nov 30, 2026
    clock.advance(days=2)
    step(site.app, number, c.RecordRegisteredMail("RE123456789US", date(2026, 12, 1)),
         actor=CLERK)
    await site.sign_in(CLERK)
    history = (await site.get(f"/cases/{number}")).text.split('class="history"')[1]
    entry = history.split("<li")[2]  # the second entry: the registered mail
    assert 'value="2"' in entry and "Registered mail sent" in entry
    assert "on Tue Dec 1, 2026" in entry and "(recorded Wed Dec 2, 2026" in entry
    assert "by Renée Castillo" in entry  # by name, not by address
    # what it recorded, in words, for whoever sees the whole case; not for the council
    assert "Registered-mail tracking number RE123456789US as to Gary Pruitt." in entry
    await site.sign_in(COUNCIL)
    theirs = (await site.get(f"/cases/{number}")).text
    assert "class=\"history\"" in theirs and "RE123456789US" not in theirs
