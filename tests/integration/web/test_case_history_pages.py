"""The case page folds its history and shows only the latest entries; the rest is on the
history's own pages (issue 41), read through the same case view, so each reader pages
through exactly the entries the case page shows them and a stranger is refused."""

from __future__ import annotations

import re

import pytest

import web.pages
from tests.fixtures.web import Site
from tests.integration.bot.conftest import open_case
from tests.integration.web.test_docket import CLERK, COUNCIL, RESPONDENT

ENTRY = re.compile(r'<li value="(\d+)"><strong>')


def numbers(text: str) -> list[int]:
    return [int(n) for n in ENTRY.findall(text.split('class="history"')[1].split("</ol>")[0])]


async def test_the_history_pages_show_each_reader_what_the_case_page_shows(
        site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    number = open_case(site.app)
    await site.deliver()
    for who in (CLERK, COUNCIL, RESPONDENT):
        await site.sign_in(who)
        whole = numbers((await site.get(f"/cases/{number}")).text)
        paged: list[int] = []
        monkeypatch.setattr(web.pages, "HISTORY_PAGE", 2)
        for k in range(1, len(whole) // 2 + 2):
            answer = await site.get(f"/cases/{number}/history?page={k}")
            assert answer.status == 200
            paged += numbers(answer.text) if k <= -(-len(whole) // 2) else []
        monkeypatch.setattr(web.pages, "HISTORY_PAGE", 25)
        assert paged == whole and whole, (who, paged, whole)
    # the clerk sees more of the history than the council: each their own part
    await site.sign_in(CLERK)
    clerks = numbers((await site.get(f"/cases/{number}")).text)
    await site.sign_in(COUNCIL)
    assert set(numbers((await site.get(f"/cases/{number}")).text)) < set(clerks)


async def test_a_long_history_is_folded_to_its_latest_entries_with_a_link_to_the_rest(
        site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    number = open_case(site.app)
    await site.deliver()
    await site.sign_in(CLERK)
    every = numbers((await site.get(f"/cases/{number}/history")).text)
    monkeypatch.setattr(web.pages, "HISTORY_SHOWN", 2)
    page = (await site.get(f"/cases/{number}")).text
    assert numbers(page) == every[-2:]
    assert f"The latest 2 of {len(every)}." in page
    assert f'<a href="/cases/{number}/history">Every entry, page by page</a>' in page
    folded = page.split('<h2 id="history">')[1]
    assert folded.startswith('History</h2>\n<details class="part"><summary class="part">'
                             f"{len(every)} entries, the latest ")


async def test_no_one_signed_out_reads_the_history(site: Site) -> None:
    number = open_case(site.app)
    answer = await site.get(f"/cases/{number}/history", allow_redirects=False)
    assert answer.status in (302, 303) and 'class="history"' not in answer.text
