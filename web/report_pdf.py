"""The yearly report to the council as a tagged PDF (issue 41, item 7): the page's figures
(`storage.annual`, as `web.public.report_rows` lists them for the CSV) set as every PDF of
the project is (`templates.pdf`: fpdf2, embedded DejaVu Sans; `templates.tagged`): the
title a heading, each part a heading with its table and its column headers, the notes
paragraphs, the footer an artifact; titled and in English for a screen reader. Counts
only: no name of anyone."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from fpdf.fonts import FontFace

from cases.text import words
from storage.annual import records_lines
from templates.pdf import FACE, prepare
from templates.tagged import TaggedPdf

_HEADINGS = FontFace(family=FACE, emphasis="BOLD", fill_color=(232, 232, 232))


class _Pdf(TaggedPdf):
    footer_text = ""

    def running_footer(self) -> None:
        self.set_y(-12)
        self.set_font(FACE, size=8)
        self.cell(0, 6, f"{self.footer_text} — page {self.page_no()}", align="C")


def title_of(city: str, year: int) -> str:
    return f"The ethics program of {city} in {year}: report to the council"


def render_report_pdf(found: dict[str, Any], *, city: str, created: datetime,
                      made_on: str) -> bytes:
    """`found` (`storage.annual.yearly_report`) as a Letter-size tagged PDF dated
    `created`; `made_on` says in city time when it was read."""
    year = int(found["year"])
    pdf = _Pdf(format="Letter")
    pdf.footer_text = f"City of {city} — ethics program {year}"
    prepare(pdf, title=title_of(city, year), created=created)
    pdf.set_author(f"City of {city} (EthicsBot)")
    pdf.set_subject("Yearly report to the council on the ethics program: counts only")
    pdf.set_auto_page_break(True, margin=16)
    pdf.add_page()

    def heading(text: str, tag: str = "H2", size: int = 12) -> None:
        pdf.ln(3)
        pdf.set_font(FACE, "B", size)
        with pdf.element(tag):
            pdf.multi_cell(0, 7, text, new_x="LMARGIN", new_y="NEXT")

    def para(text: str) -> None:
        pdf.set_font(FACE, "", 9.5)
        with pdf.element("P"):
            pdf.multi_cell(0, 5, text, new_x="LMARGIN", new_y="NEXT")

    def table(widths: Sequence[int], head: Sequence[str], rows: Sequence[Sequence[Any]]
              ) -> None:
        pdf.set_font(FACE, "", 9)
        with pdf.table(col_widths=tuple(widths), headings_style=_HEADINGS,
                       first_row_as_headings=True, line_height=5, text_align="LEFT",
                       padding=1) as t:
            t.row(list(head))
            for row in rows:
                t.row([str(x) for x in row])

    heading(title_of(city, year), "H1", 14)
    para(f"Counts only: no complainant and no official is named. Complaints received in "
         f"{year}, city time, as the docket stood on {made_on}.")
    heading(f"Complaints received: {found['received']}")
    table((140, 50), ("How each complaint received ended", "Complaints"),
          [*found["outcomes"].items(), *found["council_actions"].items()])
    heading("Deadlines")
    table((70, 30, 30, 30, 30), ("Deadline", "Met", "Late", "Missed", "Pending"),
          [(words(k), v["met"], v["late"], v["missed"], v["pending"])
           for k, v in found["deadlines"].items()] or [("none", 0, 0, 0, 0)])
    heading("Deadlines late or missed, by who answers for them")
    table((100, 30, 30, 30), ("Who answers", "Deadlines", "Late", "Missed"),
          [(role, v["deadlines"], v["late"], v["missed"])
           for role, v in found["deadlines_by_role"].items()] or [("none", 0, 0, 0)])
    heading("Days from receipt to each step")
    table((100, 45, 45), ("Step", "Complaints", "Median days"),
          [(step, v["cases"], "—" if v["median"] is None else v["median"])
           for step, v in found["days_to_step"].items()])
    heading(f"Public records requests received in {year}")
    table((140, 50), ("Measure", "Figure"), records_lines(found["records_requests"]))
    return bytes(pdf.output())
