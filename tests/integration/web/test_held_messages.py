"""The clerk's list of the messages intake held, on SQLite and PostgreSQL: who sent each
and why it was held, the message as escaped text, the original as a download, and the
two answers, each logged: open a case from it, or mark it as no complaint. A board
member is refused, and the refusal logged."""

from __future__ import annotations

import re

from sqlalchemy import select

from mail.intake import Outcome, take_in
from storage.models import AccessLogRow, CaseRow, FilingRow
from tests.fixtures.app import FakeClock
from tests.fixtures.web import Site
from tests.integration.mail.complaints import corpus

CLERK, CHAIR = "clerk@city.test", "hpark@city.test"
RESIDENT = "reject-resident-direct.eml"  # a resident's complaint sent straight to intake


def hold(site: Site, clock: FakeClock, raw: bytes) -> int:
    result = take_in(raw, site.app.intake(), source="imap", received_at=clock.now)
    assert result.outcome is Outcome.QUARANTINED, result.detail
    with site.app.session_factory() as s:
        return int(s.scalar(select(FilingRow.id).order_by(FilingRow.id.desc())) or 0)


def outcome(site: Site, filing_id: int) -> str:
    with site.app.session_factory() as s:
        return str(s.scalar(select(FilingRow.outcome).where(FilingRow.id == filing_id)))


def actions(site: Site, who: str) -> list[tuple[str, bool]]:
    with site.app.session_factory() as s:
        return [(r.action, r.allowed) for r in s.scalars(
            select(AccessLogRow).where(AccessLogRow.who == who).order_by(AccessLogRow.id))]


async def test_the_clerk_reviews_a_held_message_and_opens_a_case_from_it(
        site: Site, clock: FakeClock) -> None:
    held = hold(site, clock, corpus(RESIDENT))
    await site.sign_in(CLERK)
    listing = (await site.get("/held")).text
    assert f'href="/held/{held}"' in listing and "Held messages" in listing
    one = await site.get(f"/held/{held}")
    assert one.status == 200 and "Your decision" in one.text
    original = await site.get(f"/held/{held}/original.eml")
    assert original.headers["Content-Disposition"] == f'attachment; filename="held-{held}.eml"'
    csrf = re.search(r'name="csrf" value="([^"]+)"', one.text)
    assert csrf is not None
    opened = await site.post(f"/held/{held}", {"csrf": csrf[1], "decision": "open"})
    assert opened.status == 200 and "/cases/ETH-2026-" in opened.url
    assert outcome(site, held) == "opened"
    with site.app.session_factory() as s:
        assert s.scalar(select(CaseRow.number)) in opened.url
    assert (f"held message #{held}: open as a case", True) in actions(site, CLERK)
    assert f'href="/held/{held}"' not in (await site.get("/held")).text  # no longer held
    assert (await site.get(f"/held/{held}")).status == 404


async def test_not_a_complaint_is_kept_marked_and_a_message_s_markup_is_only_text(
        site: Site, clock: FakeClock) -> None:
    raw = (b"From: Someone <someone@example.org>\nTo: intake@city.test\nSubject: <b>hi</b>\n"
           b"Content-Type: text/plain; charset=utf-8\n\n<script>alert(1)</script> lunch?\n")
    held = hold(site, clock, raw)
    await site.sign_in(CLERK)
    one = (await site.get(f"/held/{held}")).text
    assert "&lt;script&gt;alert(1)&lt;/script&gt; lunch?" in one and "<script>" not in one
    assert "&lt;b&gt;hi&lt;/b&gt;" in one
    csrf = re.search(r'name="csrf" value="([^"]+)"', one)
    assert csrf is not None
    done = await site.post(f"/held/{held}", {"csrf": csrf[1], "decision": "dismiss"})
    assert done.status == 200 and done.url.endswith("/held?done=1")
    assert outcome(site, held) == "not_a_complaint"
    with site.app.session_factory() as s:
        reason = s.scalar(select(FilingRow.reason).where(FilingRow.id == held))
        assert s.scalar(select(CaseRow.id)) is None  # no case
    assert reason is not None and f"not a complaint, by {CLERK}" in reason
    assert (f"held message #{held}: not a complaint", True) in actions(site, CLERK)


async def test_a_board_member_may_not_see_held_messages(site: Site, clock: FakeClock) -> None:
    held = hold(site, clock, corpus(RESIDENT))
    await site.sign_in(CHAIR)
    for path in ("/held", f"/held/{held}", f"/held/{held}/original.eml"):
        refused = await site.get(path)
        assert refused.status == 403 and "mayor's office" in refused.text.replace("&#39;", "'")
    assert "/held" not in (await site.get("/docket")).text  # not offered either
    assert ("held messages refused", False) in actions(site, CHAIR)
    assert outcome(site, held) == "quarantined"
