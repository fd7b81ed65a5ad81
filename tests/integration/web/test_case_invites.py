"""The case page's calendar invites folded as its notices are, one line a purpose with how
many were sent, and no path of the server's files on it (issue 41): on embedded defaults
every message is written to the outbox folder, and the delivery's reply named the file."""

from __future__ import annotations

import io
import re
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from pypdf import PdfReader

from cases.commands import ScheduleBoardMeeting
from mail.dispatch import dispatch_once
from mail.transport import FileTransport
from tests.fixtures.cases import step
from tests.fixtures.web import Site
from tests.integration.bot.conftest import open_case
from tests.integration.web.test_docket import CHAIR, CLERK

HEARING = datetime(2026, 12, 15, 18, 0, tzinfo=ZoneInfo("America/Los_Angeles"))


async def test_invites_fold_by_purpose_and_no_page_names_the_outbox_path(
        site: Site, tmp_path: Path) -> None:
    number = open_case(site.app)
    step(site.app, number, ScheduleBoardMeeting(HEARING, "City Hall, Room 2"), actor=CHAIR)
    folder = tmp_path / "outbox-on-the-server"
    for _batch in range(20):  # every notice and invite written as .eml, as on defaults
        if not await dispatch_once(site.app.dispatch_deps(), FileTransport(folder)):
            break
    assert list(folder.glob("*.eml"))
    await site.sign_in(CLERK)  # its link goes through the sink
    page = (await site.get(f"/cases/{number}")).text
    assert str(tmp_path) not in page and ".eml" not in page.split('id="invites"')[1].split(
        'id="filings"')[0]
    assert "written to the outbox folder (no mail server is set up)" in page

    invites = page.split('id="invites"')[1].split('<h2 id="filings"')[0]
    summaries = re.findall(r"<summary>(.*?)</summary>", invites)
    assert len(summaries) == 2, summaries  # the §7 window, the hearing: one line each
    window, hearing = sorted(summaries, key=lambda x: "meeting" in x)
    assert re.fullmatch(r"<strong>invite sufficiency window</strong>: (\d+) of \1 sent",
                        window), window
    assert re.fullmatch(r"<strong>invite meeting</strong>, meeting #1 \(board, Tue Dec 15, "
                        r"2026 6:00 PM PST\): (\d+) of \1 sent", hearing), hearing
    assert invites.count('<details class="kind">') == 2  # folded, opened on demand
    assert "Message-ID" in invites and "hpark@city.test" in invites


async def test_the_record_pdf_names_no_file_on_the_server(site: Site, tmp_path: Path) -> None:
    """The case record reads as a docket: where a notice was written to the outbox
    folder it says so, not the file's path; the ZIP's proof of notice keeps the reply as
    it was recorded."""
    number = open_case(site.app)
    folder = tmp_path / "outbox-on-the-server"
    for _batch in range(20):
        if not await dispatch_once(site.app.dispatch_deps(), FileTransport(folder)):
            break
    await site.sign_in(CLERK)
    async with site.http.get(f"{site.url}/cases/{number}/record.pdf") as r:
        assert r.status == 200
        pdf = await r.read()
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    assert "written to the outbox folder" in " ".join(text.split())
    assert "outbox-on-the-server" not in text and str(tmp_path) not in text
