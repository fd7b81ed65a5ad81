"""A meeting's posting: what it says (time, place, business; no names), its printable PDF
(deterministic), and the postings folder (one pair of files per revision, never
rewritten, listed with the publication time)."""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from cases import commands as c
from cases.case import Case
from cases.handlers import Command
from cases.meetings import MeetingKind, Proceeding
from cases.notices import POSTING, NoticeType
from cases.procedure import handle, open_case
from cases.readings import Readings, RegularAgenda
from mail.postings import PostingFolder, render_posting
from mail.render import NoticeContext
from mail.transport import Outcome
from templates.pdf import html_to_pdf
from tests.fixtures.tagged_pdf import read_tagged
from tests.unit.cases.riverton import CALENDAR, at, filing
from tests.unit.mail.test_render import SENDER

HEARING = at("2026-01-20T18:00:00-08:00")


def a_case() -> Case:
    case = open_case(number="ETH-2026-0003", filing=filing(), respondents=("gpruitt@city.test",),
                     at=at("2026-01-06T09:45:00-08:00"), actor="clerk@city.test")
    do(case, c.ScheduleBoardMeeting(HEARING, "City Hall, Room 2",
                               remote_link="https://meet.city.test/ethics"), "2026-01-12T09:00")
    return case


def do(case: Case, cmd: Command, when: str) -> None:
    handle(case, cmd, at=at(f"{when}:00-08:00"), actor="hpark@city.test", calendar=CALENDAR)


def ctx(case: Case, when: str = "2026-01-12T09:00:05-08:00") -> NoticeContext:
    return NoticeContext(type=NoticeType.MEETING_POSTING, message_id="<p@x>", recipient=POSTING,
                         generation=0, sender=SENDER, uid_domain="ethicsbot.city.test",
                         city="Riverton", calendar=CALENDAR, now=at(when), case=case,
                         slot="meeting-1")


def test_the_posting_states_time_place_and_business_and_names_no_one() -> None:
    posting = render_posting(ctx(a_case()))
    assert posting.title == "Notice of special meeting of the Ethics Board"
    html = posting.html
    for said in ("Tue Jan 20, 2026 6:00 PM PST", "City Hall, Room 2",
                 "https://meet.city.test/ethics", "Business to be transacted",
                 "Executive session to receive and evaluate a complaint against a public "
                 "officer, RCW 42.30.110(1)(f) (case ETH-2026-0003)",
                 "Final action in open session: the determination of the sufficiency",
                 "Posted Mon Jan 12, 2026 9:00:05 AM PST"):
        assert said in html, said
    assert "Pruitt" not in html and "Citizen" not in html
    assert posting.name == "eth-2026-0003-meeting-1-r0"
    assert posting.pdf.startswith(b"%PDF") and b"/CreationDate (D:20260112" in posting.pdf


def test_the_pdf_is_the_same_bytes_for_the_same_posting_and_draws_any_text() -> None:
    case = a_case()
    assert render_posting(ctx(case)).pdf == render_posting(ctx(case)).pdf
    pdf = html_to_pdf("<html><head><title>t</title><style>p{}</style></head><body>"
                      "<h1>Łódź – ok</h1><p>é <i>em</i> <b><i>both</i></b></p></body></html>",
                      title="Ł", created=HEARING)
    assert pdf.startswith(b"%PDF") and "Łódź – ok" in text_of(pdf)


def test_the_posting_pdf_is_tagged_for_a_screen_reader() -> None:
    """Issue 27, item 6: the posting's PDF has a structure tree that reads as the page:
    the city, the title, each paragraph, the business as a list, in order; its language,
    and its title in the viewer's window."""
    posting = render_posting(ctx(a_case()))
    t = read_tagged(posting.pdf)
    assert (t.marked, t.lang, t.title, t.display_doc_title) == (True, "en", posting.title,
                                                                 True)
    assert t.root is not None and t.untagged == ""
    roles = [n.role for n in t.root.kids]
    assert roles[:3] == ["H1", "H2", "P"] and "L" in roles and roles[-1] == "P"
    assert t.elements("H1")[0].text == "City of Riverton"
    assert t.elements("H2")[0].text == posting.title
    assert t.elements("H3")[0].text == "Business to be transacted"
    items = ["".join(n.text.split()) for n in t.elements("LBody")]  # lines wrap: no spaces
    assert items and all(i.startswith("•") for i in items)
    assert any("publicofficer,RCW42.30.110(1)(f)" in i for i in items)
    assert "".join(t.root.all_text().split()) == "".join(text_of(posting.pdf).split())


@pytest.mark.parametrize("place", ["Zoë Hall", "Łódź room", "Αίθουσα Δημοτικού Συμβουλίου",
                                   "Зал заседаний № 3", "Café “Le Cœur” – 2ᵉ étage"])
def test_a_posting_prints_its_place_as_written_in_any_script(place: str) -> None:
    """The posting's PDF embeds DejaVu Sans: the place is drawn as typed, not as the
    nearest Latin-1 letters or "?", and the same posting is the same bytes."""
    case = open_case(number="ETH-2026-0003", filing=filing(), respondents=("gpruitt@city.test",),
                     at=at("2026-01-06T09:45:00-08:00"), actor="clerk@city.test")
    do(case, c.ScheduleBoardMeeting(HEARING, place), "2026-01-12T09:00")
    posting = render_posting(ctx(case))
    assert place in posting.html
    drawn = text_of(posting.pdf)
    assert place in drawn and "?" not in drawn
    assert render_posting(ctx(case)).pdf == posting.pdf


def text_of(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def test_an_open_session_request_and_a_cancellation_are_new_revisions(tmp_path: Path) -> None:
    case, folder = a_case(), PostingFolder(tmp_path / "postings")
    first = asyncio.run(folder.publish(render_posting(ctx(case))))
    assert first.outcome is Outcome.SENT and first.reply.startswith(
        "posted 2026-01-12T09:00:05-08:00: ")
    again = asyncio.run(folder.publish(render_posting(ctx(case, "2026-01-12T10:00:00-08:00"))))
    assert again.reply.startswith("already posted 2026-01-12T09:00:05-08:00")  # first stands
    do(case, c.RequestOpenSession(Proceeding.BOARD, "mail"), "2026-01-13T09:00")
    opened = render_posting(ctx(case, "2026-01-13T09:00:03-08:00"))
    assert opened.name.endswith("-r1") and "open to the public at the request" in opened.html
    asyncio.run(folder.publish(opened))
    do(case, c.CancelMeeting("the board lost its quorum"), "2026-01-14T09:00")
    cancelled = render_posting(ctx(case, "2026-01-14T09:00:02-08:00"))
    assert cancelled.title == "Cancellation of a special meeting of the Ethics Board"
    assert "CANCELLED" in cancelled.html and "the board lost its quorum" in cancelled.html
    asyncio.run(folder.publish(cancelled))
    index = json.loads((tmp_path / "postings" / "index.json").read_text())["postings"]
    assert [(e["name"], e["current"], e["published_at"]) for e in index] == [
        ("eth-2026-0003-meeting-1-r2", True, "2026-01-14T09:00:02-08:00"),
        ("eth-2026-0003-meeting-1-r1", False, "2026-01-13T09:00:03-08:00"),
        ("eth-2026-0003-meeting-1-r0", False, "2026-01-12T09:00:05-08:00")]
    page = (tmp_path / "postings" / "index.html").read_text()
    assert page.count("(superseded)") == 2 and "eth-2026-0003-meeting-1-r2.pdf" in page
    assert not list((tmp_path / "postings").glob(".*.tmp"))


def test_a_regular_meetings_posting_cites_its_agenda_rule_and_a_late_addition() -> None:
    """RCW 42.30.077: the agenda online 24 hours ahead; under the `late_addition` reading
    an item added later is posted at once and says it came late."""
    case = open_case(number="ETH-2026-0003", filing=filing(), respondents=("gpruitt@city.test",),
                     at=at("2026-01-06T09:45:00-08:00"), actor="clerk@city.test")
    handle(case, c.ScheduleBoardMeeting(HEARING, "City Hall", MeetingKind.REGULAR),
           at=at("2026-01-20T08:00:00-08:00"), actor="hpark@city.test", calendar=CALENDAR,
           readings=Readings(regular_agenda=RegularAgenda.LATE_ADDITION))
    posting = render_posting(ctx(case, "2026-01-20T08:00:02-08:00"))
    assert posting.title == "Agenda item for the regular meeting of the Ethics Board"
    assert "RCW 42.30.077" in posting.html and "RCW 42.30.080(3)" not in posting.html
    assert "Added to the agenda less than 24 hours before the meeting" in posting.html


def test_the_fonts_are_package_data_of_templates_for_a_non_editable_install() -> None:
    """The PDFs embed DejaVu from `templates/fonts`: pyproject ships it (and its licence)
    with the package, so an installed EthicsBot draws the same as a checkout."""
    import tomllib
    from importlib import resources

    fonts = resources.files("templates").joinpath("fonts")
    assert all(fonts.joinpath(n).is_file()
               for n in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LICENSE"))
    root = Path(__file__).resolve().parents[3]
    data = tomllib.loads((root / "pyproject.toml").read_text())
    shipped = data["tool"]["setuptools"]["package-data"]["templates"]
    assert "fonts/*.ttf" in shipped and "fonts/LICENSE" in shipped
