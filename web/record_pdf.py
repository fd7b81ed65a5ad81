"""The case record as a PDF that reads as a court's docket: a caption block (the city,
the matter, the parties by name and title, the case number, its stage), then numbered
docket entries in a table (the day each step happened, what it did and recorded, who
recorded it and when), the deadlines, notices, invites and filings as tables, each
deadline's arithmetic under its table. Set up as every PDF of the project is
(`templates.pdf`: fpdf2, embedded DejaVu Sans, so every character of a complaint prints
as written) and dated with the record's own moment (see `web.record`). Tagged
(`templates.tagged`): the caption's title a heading, each section's name a heading, its
text paragraphs, its tables tables with their header cells, the footer an artifact."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fpdf.fonts import FontFace

from cases.calendar import day_of
from cases.filing import flag_text
from cases.text import words
from templates.pdf import FACE as _FACE
from templates.pdf import prepare
from templates.tagged import TaggedPdf
from web.entries import entry_details, motion_words
from web.formats import basis, due, moment
from web.record_data import Record
from web.render import proof_words

_HEADINGS = FontFace(family=_FACE, emphasis="BOLD", fill_color=(232, 232, 232))


class _Pdf(TaggedPdf):
    number = ""
    head = ""

    def running_footer(self) -> None:
        self.set_y(-12)
        self.set_font(_FACE, size=8)
        self.cell(0, 6, f"{self.number} — case record — {self.head} — page {self.page_no()}",
                  align="C")


def render_pdf(record: Record) -> bytes:
    pdf = _Pdf(format="Letter")
    pdf.number = record.number
    pdf.head = (f"chain head #{record.head.count - 1} {record.head.hash[:16]}…"
                if record.head.count else "no history")
    prepare(pdf, title=f"Case record {record.number}", created=record.moment)
    pdf.set_author(f"City of {record.city} (EthicsBot)")
    pdf.set_subject("Ethics complaint: confidential until the review is complete (§6)")
    pdf.set_auto_page_break(True, margin=16)
    pdf.add_page()
    _Writer(pdf, record).write()
    return bytes(pdf.output())


class _Writer:
    def __init__(self, pdf: TaggedPdf, record: Record) -> None:
        self.pdf, self.r, self.d = pdf, record, record.detail

    def when(self, iso: str | None) -> str:
        return moment(iso, self.r.calendar)

    def name(self, email: str, *, titled: bool = False) -> str:
        return self.r.directory.name_of(email, titled=titled)

    def heading(self, text: str, size: int = 12) -> None:
        self.pdf.ln(4)
        self.pdf.set_font(_FACE, "B", size)
        with self.pdf.element("H2"):
            self.pdf.multi_cell(0, 7, text, new_x="LMARGIN", new_y="NEXT")
        self.pdf.set_font(_FACE, "", 9)

    def para(self, text: str, size: float = 9) -> None:
        self.pdf.set_font(_FACE, "", size)
        with self.pdf.element("P"):
            self.pdf.multi_cell(0, 4.6, text or "—", new_x="LMARGIN", new_y="NEXT")

    def table(self, widths: Sequence[int], head: Sequence[str] | None,
              rows: Sequence[Sequence[str]], size: float = 8.5) -> None:
        """A table that is a table: ruled cells, its column names on every page."""
        self.pdf.set_font(_FACE, "", size)
        with self.pdf.table(col_widths=tuple(widths), headings_style=_HEADINGS,
                            first_row_as_headings=head is not None, line_height=4.2,
                            text_align="LEFT", padding=1) as table:
            if head is not None:
                table.row(list(head))
            for row in rows:
                table.row([cell or "—" for cell in row])

    def write(self) -> None:
        self._caption()
        self._complaint()
        self._docket()
        self._deadlines()
        self._notices()
        self._invites()
        self._filings()

    def _caption(self) -> None:
        d, r, pdf = self.d, self.r, self.pdf
        pdf.set_font(_FACE, "B", 13)
        with pdf.element("H1"):
            pdf.multi_cell(0, 6.5, f"CITY OF {r.city.upper()}\nETHICS COMPLAINT PROCEDURE",
                           align="C", new_x="LMARGIN", new_y="NEXT")
        pdf.ln(3)
        f: dict[str, Any] = d.get("filing") or {}
        parties = (f"In the matter of a complaint by\n"
                   f"{(f.get('complainant') or {}).get('name') or '(no name given)'},\n"
                   "complainant,\nagainst\n"
                   + (";\n".join(self.name(e, titled=True) for e in d["respondents"])
                      or "(an official not yet named)")
                   + ",\nofficial(s) complained against.")
        status = ("Confidential until the review is complete (§6)" if d["confidential"]
                  else "Closed")
        matter = (f"Case No. {r.number}\n\nReceived {self.when(d['received_at'])}\n"
                  f"Stage: {words(d['stage'])}\n{status}")
        pdf.set_font(_FACE, "", 10)
        with pdf.table(col_widths=(110, 80), text_align="LEFT", first_row_as_headings=False,
                       line_height=5, padding=2, layout=True) as caption:  # side by side
            caption.row([parties, matter])
        pdf.ln(2)
        self.para(f"CASE RECORD (DOCKET) as the database stood at "
                  f"{self.when(r.moment.isoformat())}, city time throughout. Made from the "
                  f"history chain's head: {r.head_words} (`ethicsbot verify {r.number}` "
                  "checks it; docs/evidence.md).", size=8)

    def _complaint(self) -> None:
        f: dict[str, Any] = self.d.get("filing") or {}
        c = f.get("complainant") or {}
        self.heading("The complaint")
        self.table((45, 145), None, [
            ("Complainant", c.get("name") or "(no name given)"),
            ("Address", c.get("address") or ""), ("Phone", c.get("phone") or ""),
            ("Email", c.get("email") or ""),
            ("Against", "; ".join(self.name(e, titled=True) for e in self.d["respondents"])),
            ("Sections alleged", ", ".join(f.get("code_sections") or [])),
            ("Missing under §1", ", ".join(f.get("missing") or []) or "nothing")])
        self.para("Facts: " + (f.get("facts") or "—"))
        self.para("Reasons: " + (f.get("reasons") or "—"))
        if f.get("flags"):  # what intake could not know, as the case page shows it
            self.para("To confirm: " + flag_text(f["flags"]))

    def _docket(self) -> None:
        self.heading("Docket entries")
        rows = []
        for e in self.d["history"]:
            on = e["data"].get("on")
            entry = words(e["kind"]).capitalize()
            if details := entry_details(e["data"], self.r.directory, self.r.calendar):
                entry += f" — {details}"
            if motion := motion_words(e["data"]):
                entry += f"\n{motion}"
            rows.append((str(e["seq"] + 1), day_of(on or e["at"], self.r.calendar), entry,
                         self.name(e["actor"]), self.when(e["at"])))
        self.table((10, 28, 92, 28, 32), ("No.", "Date", "Entry", "By", "Recorded"), rows)

    def _deadlines(self) -> None:
        deadlines = self.d["deadlines"]
        self.heading("Deadlines")
        self.table((8, 52, 48, 22, 60), ("", "Deadline", "Due", "Status", "Responsible"), [
            (str(i), words(x["key"]).capitalize(), due(x["due"], self.r.calendar),
             words(x["status"]),
             words(x["responsible"])) for i, x in enumerate(deadlines, 1)])
        self.para("How each date was computed:", size=8)
        for i, x in enumerate(deadlines, 1):
            self.para(f"{i}. {basis(x['basis'])}", size=8)

    def _notices(self) -> None:
        self.heading("Notices, with proof of delivery")
        rows = []
        for n in self.d["notices"]:
            proof = "\n".join(f"{a['outcome']} {self.when(a['at'])}: "
                              f"{proof_words(a['server_reply'])}"
                              for a in n["attempts"]) or "not attempted"
            status = words(n["status"]) + (f" ({n['cancel_reason']})"
                                           if n.get("cancel_reason") else "")
            rows.append((words(n["type"]).capitalize(), self.name(n["recipient"]), status,
                         f"{proof}\nMessage-ID {n['message_id']}"))
        self.table((40, 35, 25, 90), ("Notice", "To", "Status", "Delivery"), rows, size=7.5)

    def _invites(self) -> None:
        self.heading("Calendar invites, as the case now stands")
        if not self.r.invites:
            self.para("None.")
            return
        self.table((60, 35, 35, 60), ("Invite", "From", "To", "Where"), [
            (i.summary, str(i.start), str(i.end), i.location or "") for i in self.r.invites])

    def _filings(self) -> None:
        self.heading("Filings as received (the originals are in the ZIP)")
        if not self.r.originals:
            self.para("None kept: the case was opened without a message or a form.")
            return
        rows = [(f"#{filing_id}", self.when(f["taken_at"]), f.get("sender") or "",
                 f"{words(f['outcome'])}, {source}, {len(raw)} bytes",
                 f"{self.r.digest_of(raw)}\nMessage-ID {f['message_id'] or '—'}")
                for (filing_id, source, raw), f in zip(self.r.originals, self.d["filings"],
                                                       strict=False)]
        self.table((12, 32, 40, 36, 70), ("No.", "Taken in", "From", "Outcome", "SHA-256"),
                   rows, size=7.5)
