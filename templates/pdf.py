"""HTML to a printable PDF, for the documents rendered from these templates: a meeting's
posting (mail/postings.py) and the web's case record. One PDF library for the project
(fpdf2, pure Python), one way to use it.

Deterministic: the same HTML and `created` give the same bytes (fpdf2's file id is a hash
of the content and the creation date), so a re-rendered posting can be compared with
the one published. fpdf2's HTML is a subset (headings, paragraphs, bold and italics,
lists, tables, links, line breaks): the document's <body> is what is drawn, and the
head, styles and scripts are left out. The PDF core fonts cover Latin-1 only, and no
font file can be relied on to be installed: other characters are drawn as their nearest
Latin-1 form (dashes, curly quotes, accents dropped) and the rest as "?"; the HTML
document keeps the exact text.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime

from fpdf import FPDF

_BODY = re.compile(r"<body[^>]*>(.*)</body>", re.I | re.S)
_DROP = re.compile(r"<(head|style|script|title)\b.*?</\1>|<meta[^>]*>|<!DOCTYPE[^>]*>", re.I | re.S)
_NEAREST = {"\u2013": "-", "\u2014": "-", "\u2018": "'", "\u2019": "'", "\u201c": '"',
            "\u201d": '"', "\u2026": "...", "\u2022": "-", "\u00a0": " ", "\u2192": "->",
            "\u0141": "L", "\u0142": "l", "\u0110": "D", "\u0111": "d", "\u0152": "OE",
            "\u0153": "oe"}


def latin1(text: str) -> str:
    """`text` drawable by the PDF core fonts."""
    out = []
    for ch in text:
        if ord(ch) < 256:
            out.append(ch)
            continue
        near = _NEAREST.get(ch) or unicodedata.normalize("NFKD", ch).encode(
            "latin-1", "ignore").decode("latin-1")
        out.append(near or "?")
    return "".join(out)


def html_to_pdf(html: str, *, title: str, created: datetime) -> bytes:
    """A Letter-size PDF of `html`'s body, titled `title`, dated `created` (aware)."""
    found = _BODY.search(html)
    body = _DROP.sub("", found.group(1) if found else html)
    pdf = FPDF(format="Letter")
    pdf.set_creation_date(created)
    pdf.set_title(latin1(title))
    pdf.set_creator("EthicsBot")
    pdf.add_page()
    pdf.set_font("Helvetica", size=11)
    pdf.write_html(latin1(body))
    return bytes(pdf.output())
