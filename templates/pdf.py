"""PDFs, one way for the project (fpdf2, pure Python): a meeting's posting from its HTML
(mail/postings.py, `html_to_pdf`) and the web's case record (web/record_pdf.py), both set
in the DejaVu Sans embedded here (`fonts/`, package data of `templates`, with its
licence), so every character prints as written: "Zoë Hall", "Łódź room", Greek,
Cyrillic. No font installed on the machine is relied on.

Deterministic: the same input and `created` give the same bytes (fpdf2's file id is a
hash of the content and the creation date, and the font subset is built the same way
each time), so a re-rendered posting can be compared with the one published. fpdf2's
HTML is a subset (headings, paragraphs, bold, lists, tables, links, line breaks): the
document's <body> is what is drawn, and the head, styles and scripts are left out. The
fonts have no oblique face: italics are drawn upright (the HTML keeps them).

Tagged (`templates.tagged`, docs/records.md "Tagged PDFs"): a structure tree in reading
order, the language, the title in the viewer's window, alt text for any image.
"""

from __future__ import annotations

import re
from datetime import datetime
from importlib import resources

from fpdf import FPDF
from fpdf.prefs import ViewerPreferences

from templates.tagged import TaggedPdf

FACE = "DejaVu"
_FONTS = resources.files("templates").joinpath("fonts")
_BODY = re.compile(r"<body[^>]*>(.*)</body>", re.I | re.S)
_DROP = re.compile(r"<(head|style|script|title)\b.*?</\1>|<meta[^>]*>|<!DOCTYPE[^>]*>", re.I | re.S)
_ITALIC = re.compile(r"</?(i|em|cite|var)\b[^>]*>", re.I)  # no oblique face: drawn upright


def prepare(pdf: FPDF, *, title: str, created: datetime) -> None:
    """Date, title and creator `pdf`, and embed the DejaVu faces (`FACE`, styles "" and
    "B"; fpdf2 embeds every face registered, so no more are). The title is what a viewer's
    window shows (DisplayDocTitle), not the file's name, and the language is the
    document's (a screen reader's voice): WCAG 2.1's 2.4.2 and 3.1.1 for a PDF."""
    pdf.set_creation_date(created)
    pdf.set_title(title)
    pdf.set_creator("EthicsBot")
    pdf.set_lang("en")
    pdf.viewer_preferences = ViewerPreferences(display_doc_title=True)
    for style, name in (("", "DejaVuSans.ttf"), ("B", "DejaVuSans-Bold.ttf")):
        with resources.as_file(_FONTS / name) as path:
            pdf.add_font(FACE, style, str(path))


def html_to_pdf(html: str, *, title: str, created: datetime) -> bytes:
    """A Letter-size PDF of `html`'s body, titled `title`, dated `created` (aware)."""
    found = _BODY.search(html)
    body = _ITALIC.sub("", _DROP.sub("", found.group(1) if found else html))
    pdf = TaggedPdf(format="Letter")
    prepare(pdf, title=title, created=created)
    pdf.add_page()
    pdf.set_font(FACE, size=11)
    pdf.write_html(body, font_family=FACE)
    return bytes(pdf.output())
