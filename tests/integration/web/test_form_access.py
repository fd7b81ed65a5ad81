"""A step's form is shown and offered only to whoever may send it (issue 41): the same
check when the form is opened, when a link or button to it is drawn and when it is sent
(`cases.access.check_form`). Each refusal beside the same form opened by someone allowed:
the clerk, not a council member, records an official's request; of two officials, each
opens the request that can be theirs (§11 after a finding of sufficiency as to them, §12
after a violation found against them) and not the other's."""

from __future__ import annotations

from sqlalchemy import select

from cases import commands as c
from cases.tally import Vote
from ethicsbot.bootstrap import App
from storage.models import AccessLogRow
from tests.fixtures.cases import convene, step
from tests.fixtures.web import Site, csrf_of, reported
from tests.integration.bot.conftest import open_case
from tests.integration.web.test_docket import CHAIR, CLERK, COUNCIL

PRUITT, BATES = "gpruitt@city.test", "lbates@city.test"


def two_heard(app: App, sufficient: dict[str, bool]) -> str:
    """A complaint against Pruitt and Bates, heard by the board, which finds it sufficient
    or not as to each (`sufficient`), its report issued and delivered (§7-§10)."""
    number = open_case(app, ("Gary Pruitt", "Lorna Bates"))
    convene(app, number)
    step(app, number, c.BeginHearing())
    for official in sufficient:
        step(app, number, c.RecordRespondentHeard(respondent=official))
    step(app, number, c.ConcludeHearing())
    board = frozenset(p.email for p in app.directory.board)
    for official, found in sufficient.items():
        for member in sorted(board):
            step(app, number, c.RecordBoardVote(member, Vote.YES if found else Vote.NO, board,
                                                respondent=official), CHAIR)
        step(app, number, c.RecordBoardDetermination(board, respondent=official), CHAIR)
    step(app, number, c.IssueReport())
    step(app, number, c.DeliverReport())
    return number


def refused_log(site: Site, who: str, number: str) -> list[str]:
    with site.app.session_factory() as s:
        return list(s.scalars(select(AccessLogRow.action).where(
            AccessLogRow.who == who, AccessLogRow.case_number == number,
            AccessLogRow.allowed.is_(False))))


async def test_a_council_member_is_not_shown_the_form_of_an_officials_request(
        site: Site) -> None:
    """§11: the official's request to be heard by the board is theirs, or the clerk's to
    record from their letter; a council member opening its form is refused as sending it
    would be, and no link to it is drawn for them; the clerk opens and sends it."""
    number = open_case(site.app)
    reported(site.app, number)  # the report delivered: §11's request may be made
    path = f"/cases/{number}/steps/board-hearing"

    await site.sign_in(COUNCIL)
    shown = await site.get(path)
    assert shown.status == 403, shown.text
    assert "Only the mayor or the mayor&#39;s designees may record the respondent" in shown.text
    assert 'name="respondent"' not in shown.text and "<form class=\"step\"" not in shown.text
    sent = await site.post(path, {"csrf": csrf_of((await site.get("/feed")).text)})
    assert sent.status == 403 and "<form class=\"step\"" not in sent.text
    assert shown.text.split("<main")[1] == sent.text.split("<main")[1]  # the same refusal
    assert path not in (await site.get(f"/cases/{number}")).text
    assert refused_log(site, COUNCIL, number) == ["step form board-hearing refused",
                                                  "step board-hearing refused"]
    # nor the §10 request, the board's or the clerk's to record
    assert (await site.get(f"/cases/{number}/steps/extension-request")).status == 403

    await site.sign_in(CLERK)  # the clerk records it from the official's letter
    form = await site.get(path)
    assert form.status == 200 and 'name="respondent"' in form.text
    assert path in (await site.get(f"/cases/{number}")).text
    assert 'name="via" value="paper"' in form.text and 'name="evidence"' in form.text
    bare = await site.post(path, {"csrf": csrf_of(form.text)})  # on no one's word (38, 4)
    assert bare.status == 400 and "Give how the request came." in bare.text
    done = await site.post(path, {"csrf": csrf_of(form.text), "via": "paper",
                                  "evidence": "letter of Dec 9, scanned as F0123"})
    assert done.status == 200 and "Recorded: board hearing requested." in done.text

    await site.sign_in(CHAIR)  # the board asks for more time by motion: its form opens
    assert (await site.get(f"/cases/{number}/steps/extension-request")).status == 200


async def test_each_official_opens_the_board_hearing_request_only_if_it_is_theirs(
        site: Site) -> None:
    """§11: the board found the complaint sufficient as to Pruitt, insufficient as to
    Bates. Pruitt is offered the request, opens it and makes it; Bates is told why it is
    not theirs, and its form and its sending are refused alike."""
    number = two_heard(site.app, {PRUITT: True, BATES: False})
    path = f"/cases/{number}/steps/board-hearing"

    await site.sign_in(BATES)
    page = (await site.get(f"/cases/{number}")).text
    assert path not in page
    assert "The board found the complaint insufficient as to you: that finding is final" in page
    shown = await site.get(path)
    assert shown.status == 403 and "insufficient as to you" in shown.text
    sent = await site.post(path, {"csrf": csrf_of(page)})
    assert sent.status == 403 and "insufficient as to you" in sent.text
    assert "<form class=\"step\"" not in sent.text
    # the request open to both stays open to both: an open session (§13)
    assert f"/cases/{number}/steps/open-session" in page
    assert (await site.get(f"/cases/{number}/steps/open-session")).status == 200

    await site.sign_in(PRUITT)
    page = (await site.get(f"/cases/{number}")).text
    assert f'href="{path}">Ask to be heard by the ethics board' in page
    assert "insufficient as to you" not in page
    form = await site.get(path)
    assert form.status == 200 and 'name="respondent"' not in form.text
    done = await site.post(path, {"csrf": csrf_of(form.text)})
    assert done.status == 200 and "Recorded: board hearing requested." in done.text


async def test_each_official_opens_the_request_for_more_time_only_if_it_is_theirs(
        site: Site) -> None:
    """§12: the examiner found a violation by Bates and none by Pruitt; only Bates may
    ask the council for more time. Each is shown their own, not the other's."""
    number = two_heard(site.app, {PRUITT: True, BATES: True})
    step(site.app, number, c.Refer(examiner="myu@examiners.example"))
    step(site.app, number, c.RecordDetermination(False, respondent=PRUITT))
    step(site.app, number, c.RecordDetermination(True, respondent=BATES))
    path = f"/cases/{number}/steps/council-extension-request"

    await site.sign_in(PRUITT)
    page = (await site.get(f"/cases/{number}")).text
    assert path not in page and "No violation was found against you" in page
    shown = await site.get(path)
    assert shown.status == 403 and "No violation was found against you" in shown.text
    sent = await site.post(path, {"csrf": csrf_of(page), "days": "5"})
    assert sent.status == 403 and "No violation was found against you" in sent.text

    await site.sign_in(BATES)
    page = (await site.get(f"/cases/{number}")).text
    assert f'href="{path}">Ask the council for more time' in page
    form = await site.get(path)
    assert form.status == 200 and 'name="days"' in form.text
    done = await site.post(path, {"csrf": csrf_of(form.text), "days": "5"})
    assert done.status == 200, done.text
    assert "Recorded: council extension requested." in done.text

    await site.sign_in(COUNCIL)  # the council, whose time it extends, records none
    assert (await site.get(path)).status == 403
    await site.sign_in(CLERK)  # the clerk records either official's, from their letter
    assert (await site.get(path)).status == 200
