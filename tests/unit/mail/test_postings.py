"""A meeting's posting: what it says (time, place, business; no names), its printable PDF
(deterministic), and the postings folder (one pair of files per revision, never
rewritten, listed with the publication time)."""

from __future__ import annotations

import asyncio
import io
import json
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader

from cases import commands as c
from cases.case import Case
from cases.errors import ProcedureError
from cases.handlers import Command
from cases.meetings import Action, Body, Item, MeetingKind, Proceeding
from cases.notices import POSTING, NoticeType, notices_owed
from cases.procedure import handle, open_case
from cases.readings import Readings, RegularAgenda
from cases.tally import Vote
from ethicsbot.bootstrap import current_postings
from mail.postings import PostingFolder, render_posting
from notices.render import NoticeContext
from storage.outbox import Outcome
from templates.pdf import html_to_pdf
from tests.fixtures.tagged_pdf import read_tagged
from tests.unit.cases.riverton import CALENDAR, COUNCIL_EMAILS, DIRECTORY, SECTION_A, at, filing
from tests.unit.cases.sessions import convene
from tests.unit.cases.test_lifecycle import SECOND, reported_as_to_both
from tests.unit.cases.test_procedure import RESPONDENT, votes
from tests.unit.cases.test_procedure import do as step_at
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
    do(case, c.RequestOpenSession(Proceeding.BOARD, via="mail", evidence="letter on file"),
       "2026-01-13T09:00")
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


def test_approved_minutes_are_posted_even_after_the_case_closed(tmp_path: Path) -> None:
    """RCW 42.30.035, issue 38 (B2): the council decided as to both officials and the case
    closed; the council meets once more, on its minutes alone, and approves them. The
    approval owes their posting, which names the members and no official; the public
    page's list pairs it with the meeting. A further meeting on the closed case, with
    nothing left to approve, is refused."""
    case = decided_as_to_both()
    decided_at = case.meetings.all[-1]
    step_at(case, c.CloseCase("the council decided as to each official"),
            "2026-02-27T09:00:00-08:00")
    step_at(case, c.ScheduleDeliberation(at("2026-03-05T19:00:00-08:00"), "Council Chambers"),
            "2026-02-27T09:30:00-08:00")
    nxt = case.meetings.all[-1]
    assert nxt.agenda == (Item(Action.MINUTES),)
    motion = convene(case, Body.COUNCIL, "2026-03-05T19:01:00-08:00")
    event = step_at(case, c.ApproveMinutes(decided_at.number, motion=motion),
                    "2026-03-05T19:05:00-08:00")
    [owed] = [n for n in notices_owed(case, event, DIRECTORY)
              if n.type is NoticeType.MEETING_POSTING]
    assert owed.slot == f"meeting-{decided_at.number}:minutes"
    posting = render_posting(replace(ctx(case, "2026-03-05T19:06:00-08:00"), slot=owed.slot))
    assert posting.title.startswith("Minutes of the special meeting of the City Council")
    assert "praman@city.test votes yes as to official 1." in posting.html
    assert "Pruitt" not in posting.html and "gpruitt" not in posting.html
    folder = PostingFolder(tmp_path)
    assert asyncio.run(folder.publish(posting)).outcome is Outcome.SENT
    [entry] = [e for e in folder.entries() if e["kind"] == "minutes"]
    assert entry["current"] and entry["meeting"] == decided_at.number
    notice = render_posting(replace(ctx(case, "2026-03-05T19:07:00-08:00"),
                                    slot=f"meeting-{decided_at.number}"))
    asyncio.run(folder.publish(notice))
    [listed] = [p for p in current_postings(tmp_path, CALENDAR) if p.title == notice.title]
    assert listed.minutes == f"/postings/{posting.name}.html"
    with pytest.raises(ProcedureError, match="nothing left for it to meet on"):
        step_at(case, c.ScheduleDeliberation(at("2026-03-12T19:00:00-08:00"),
                                              "Council Chambers"), "2026-03-06T09:00:00-08:00")


def decided_as_to_both() -> Case:
    """Pruitt and Bates found to have violated; the council decides as to each at its
    meeting of Feb 26."""
    case = reported_as_to_both()
    step_at(case, c.Refer("myu@examiners.example"), "2026-01-27T11:00:00-08:00")
    for party in (RESPONDENT, SECOND):
        step_at(case, c.RecordDetermination(True, (SECTION_A,), respondent=party),
                "2026-02-23T09:00:00-08:00")
    step_at(case, c.ScheduleDeliberation(at("2026-02-26T19:00:00-08:00"), "Council Chambers"),
            "2026-02-24T09:00:00-08:00")
    for party in (RESPONDENT, SECOND):
        votes(case, ("praman@city.test", Vote.YES), ("abrandt@city.test", Vote.YES),
              ("bokafor@city.test", Vote.YES), on=party, meeting="2026-02-26T19:30:00-08:00")
        step_at(case, c.RecordCouncilDecision(COUNCIL_EMAILS, "mayor@city.test",
                                              respondent=party), "2026-02-26T19:40:00-08:00")
    return case
