"""HTML-only forwards of any depth read as the plain-text ones do (issue 40, item 2): each
level's header block, note and signature, and the quoted letter, whichever of Apple Mail
(iOS), Outlook desktop, Outlook on the web and Gmail wrote each level.

Each client's markup is written as it sends it (the sources are those of
tests/data/clients/README.md: iOS Mail's `<blockquote type="cite">` pair, Outlook's Word
HTML with `<o:p>` and the header block in a `border-top` div, Outlook on the web's
`divRplyFwdMsg` after its `<hr>`, Gmail's `gmail_quote` with `gmail_attr` and its
`gmail_sendername`); every chain of up to three of them is read, and its messages must
be those a plain-text forward gives: the same writers, dates, subjects and texts.
"""

from __future__ import annotations

import itertools
from datetime import datetime, timedelta
from html import escape
from zoneinfo import ZoneInfo

import pytest

from cases.directory import Directory
from mail.parsing import intake_json, mime, parse_message
from mail.parsing.forwards import thread_of
from tests.unit.mail.conftest import CITY_TZ

LA = ZoneInfo("America/Los_Angeles")
STAFF = {"admin": ("Marcus Holt", "cityadmin@city.test", "City Administrator"),
         "clerk": ("Renée Castillo", "clerk@city.test", "City Clerk"),
         "mayor": ("Teresa Lindqvist", "mayor@city.test", "Mayor")}
RESIDENT = ("Dana Whitfield", "dwhitfield@example.net")
WROTE = datetime(2026, 11, 30, 16, 12, tzinfo=LA)
SUBJECT = "Ethics complaint - Gary Pruitt"
LETTER = ("Dear Mayor,\n\nI am filing an ethics complaint against Gary Pruitt.\n\nOn May 19, "
          "2026, the Parks Department awarded the Hollis Field mowing contract ($38,400) to "
          "Green Edge Landscaping LLC, owned by the husband of Mr. Pruitt's sister; Mr. Pruitt "
          "chaired the panel that scored the bids.\n\nI believe this violates Section 2.94.030 "
          "because he took part in a contract decision in which a close relative has a "
          "financial interest.\n\nThank you for looking into this.\n\nDana Whitfield\n"
          "1418 Larch Avenue\nRiverton, WA 99301\n(509) 555-0134")
DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")


def note(who: str) -> str:
    name, _, title = STAFF[who]
    return (f"Please take this one for the ethics process.\n\n{name}\n{title}, City of "
            "Riverton\n100 E Main Street\nRiverton, WA 99301\n(509) 555-0100")


def h12(dt: datetime) -> str:
    return f"{dt.hour % 12 or 12}:{dt.minute:02d}"


def lines_as_divs(text: str) -> str:
    return "".join(f"<div>{escape(x) or '<br>'}</div>" for x in text.split("\n"))


# -- each client's forward, around the markup of the message it forwards -----------------
# (the forwarded message's writer, the date it was sent, its subject, the forwarder)
Sent = tuple[tuple[str, str], datetime, str, str]


def apple(inner: str, sent: Sent) -> str:
    (name, addr), when, subject, who = sent
    ampm = "AM" if when.hour < 12 else "PM"
    return (f'<div dir="ltr">{lines_as_divs(note(who))}</div><div dir="ltr"><br>Begin '
            'forwarded message:<br><br></div><blockquote type="cite"><div dir="ltr"><b>From:'
            f'</b> {escape(name)} &lt;{addr}&gt;<br><b>Date:</b> {MONTHS[when.month - 1]} '
            f"{when.day}, {when.year} at {h12(when)}:00 {ampm} PST<br><b>To:</b> "
            f"{STAFF[who][0]} &lt;{STAFF[who][1]}&gt;<br><b>Subject:</b> <b>{escape(subject)}"
            '</b><br><br></div></blockquote><blockquote type="cite"><div dir="ltr">'
            f"{inner}</div></blockquote>")


def outlook_sent(when: datetime) -> str:
    return (f"{DAYS[when.weekday()]}, {MONTHS[when.month - 1]} {when.day}, {when.year} "
            f"{h12(when)} {'AM' if when.hour < 12 else 'PM'}")


def word(text: str) -> str:
    """Outlook's own paragraphs: Word's MsoNormal (no margin), `<o:p>` closing each."""
    return "".join(f"<p class=MsoNormal>{escape(x) or '<o:p>&nbsp;</o:p>'}<o:p></o:p></p>\n"
                   for x in text.split("\n"))


def outlook(inner: str, sent: Sent) -> str:
    (name, addr), when, subject, who = sent
    return ('<div class=WordSection1>\n' + word(note(who)) + word("")
            + "<div><div style='border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0in "
            f"0in 0in'>\n<p class=MsoNormal><b>From:</b> {escape(name)} &lt;{addr}&gt; <br>\n"
            f"<b>Sent:</b> {outlook_sent(when)}<br>\n<b>To:</b> {STAFF[who][0]} &lt;"
            f"{STAFF[who][1]}&gt;<br>\n<b>Subject:</b> {escape(subject)}<o:p></o:p></p>\n"
            f"</div></div>\n{word('')}{inner}</div>")


def owa(inner: str, sent: Sent) -> str:
    (name, addr), when, subject, who = sent
    return (f'<div dir="ltr">{lines_as_divs(note(who))}</div><div id="appendonsend"></div>'
            '<hr style="display:inline-block;width:98%" tabindex="-1"><div id="divRplyFwdMsg" '
            'dir="ltr"><font face="Calibri, sans-serif" style="font-size:11pt" color="#000000">'
            f"<b>From:</b> {escape(name)} &lt;{addr}&gt;<br><b>Sent:</b> {outlook_sent(when)}"
            f"<br><b>To:</b> {STAFF[who][0]} &lt;{STAFF[who][1]}&gt;<br><b>Subject:</b> "
            f"{escape(subject)}</font><div>&nbsp;</div></div><div>{inner}</div>")


def gmail(inner: str, sent: Sent) -> str:
    (name, addr), when, subject, who = sent
    first, _, signature = note(who).partition("\n\n")
    return (f'<div dir="ltr"><div>{escape(first)}</div><br clear="all"><div><div dir="ltr" '
            'class="gmail_signature" data-smartmail="gmail_signature">'
            + "<br>".join(escape(x) for x in signature.split("\n"))
            + '</div></div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">'
            '---------- Forwarded message ---------<br>From: <strong class="gmail_sendername" '
            f'dir="auto">{escape(name)}</strong> <span dir="auto">&lt;<a href="mailto:{addr}">'
            f"{addr}</a>&gt;</span><br>Date: {DAYS[when.weekday()][:3]}, "
            f"{MONTHS[when.month - 1][:3]} {when.day}, {when.year} at {h12(when)} "
            f"{'AM' if when.hour < 12 else 'PM'}<br>Subject: {escape(subject)}<br>To: "
            f'{STAFF[who][0]} &lt;<a href="mailto:{STAFF[who][1]}">{STAFF[who][1]}</a>&gt;<br>'
            f"</div><br><br>{inner}</div></div>")


CLIENTS = {"apple": apple, "outlook": outlook, "owa": owa, "gmail": gmail}
PREFIX = {"apple": "Fwd", "outlook": "FW", "owa": "FW", "gmail": "Fwd"}
# the resident's letter as each of two clients sends it: lines as divs (Gmail, Apple), or
# paragraphs that Outlook renders with Word's automatic spacing when it forwards them
LETTERS = {
    "lines": lines_as_divs(LETTER),
    "outlook-paragraphs": "".join(
        "<p class=MsoNormal style='mso-margin-top-alt:auto;mso-margin-bottom-alt:auto'>"
        + "<br>\n".join(escape(x) for x in para.split("\n")) + "<o:p></o:p></p>\n"
        for para in LETTER.split("\n\n")),
}
CHAINS = [c for depth in (1, 2, 3) for c in itertools.product(CLIENTS, repeat=depth)]


def forward(chain: tuple[str, ...], letter: str) -> tuple[bytes, list[tuple[object, ...]]]:
    """The message the last forwarder sends intake (HTML only), and the messages a
    plain-text forward of it gives: (name, email, date, subject, text), outermost first."""
    forwarders = ["admin", "clerk", "mayor"][-len(chain):]
    html, writer, when, subject = letter, RESIDENT, WROTE, SUBJECT
    messages: list[tuple[object, ...]] = [(*RESIDENT, WROTE, SUBJECT, LETTER)]
    for client, who in zip(chain, forwarders, strict=True):
        html = CLIENTS[client](html, (writer, when, subject, who))
        writer, when = STAFF[who][:2], when + timedelta(hours=10)
        subject = f"{PREFIX[client]}: {subject}"
        messages.insert(0, (*writer, when, subject, note(who)))
    name, addr = writer
    raw = (f"From: {name} <{addr}>\nTo: ethics-intake@city.test\nSubject: {subject}\n"
           f"Date: {when.strftime('%a, %d %b %Y %H:%M:%S %z')}\nMessage-ID: <"
           f"{'-'.join(chain)}@city.test>\nMIME-Version: 1.0\nContent-Type: text/html; "
           f"charset=utf-8\n\n<html><body>{html}</body></html>\n")
    return raw.encode("utf-8"), messages


@pytest.mark.parametrize("letter", LETTERS)
@pytest.mark.parametrize("chain", CHAINS, ids="-".join)
def test_each_level_of_an_html_forward_reads_as_in_plain_text(
        chain: tuple[str, ...], letter: str) -> None:
    raw, want = forward(chain, LETTERS[letter])
    got = [(s.name, s.email, s.date, s.subject, s.text)
           for s in thread_of(mime.parse_bytes(raw), CITY_TZ)]
    assert got == want


@pytest.mark.parametrize("letter", LETTERS)
@pytest.mark.parametrize("chain", [c for c in CHAINS if len(c) < 3], ids="-".join)
def test_an_html_forward_files_the_resident_s_complaint(
        chain: tuple[str, ...], letter: str, directory: Directory) -> None:
    raw, _ = forward(chain, LETTERS[letter])
    got = intake_json(parse_message(raw, directory=directory, timezone=CITY_TZ))
    assert got["complainant"] == {"name": "Dana Whitfield", "email": "dwhitfield@example.net",
                                  "phone": "+15095550134",
                                  "address": "1418 Larch Avenue, Riverton, WA 99301"}
    assert (got["missing"], got["respondents"], got["received_at"]) == (
        [], ["Gary Pruitt"], WROTE.isoformat())
