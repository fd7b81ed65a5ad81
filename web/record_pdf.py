"""The case record as a PDF, set up as every PDF of the project is (`templates.pdf`:
fpdf2, embedded DejaVu Sans, so every character of a complaint prints as written) and
dated with the record's own moment (see `web.record`)."""

from __future__ import annotations

from typing import Any

from fpdf import FPDF

from cases.calendar import when
from cases.filing import flag_text
from templates.pdf import FACE as _FACE
from templates.pdf import prepare
from web.record_data import Record


class _Pdf(FPDF):
    number = ""
    head = ""

    def footer(self) -> None:
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
    def __init__(self, pdf: FPDF, record: Record) -> None:
        self.pdf, self.r, self.d = pdf, record, record.detail

    def when(self, iso: str | None) -> str:
        return when(iso, self.r.calendar)

    def heading(self, text: str, size: int = 13) -> None:
        self.pdf.ln(3)
        self.pdf.set_font(_FACE, "B", size)
        self.pdf.multi_cell(0, 7, text, new_x="LMARGIN", new_y="NEXT")
        self.pdf.set_font(_FACE, "", 9.5)

    def para(self, text: str) -> None:
        self.pdf.multi_cell(0, 5, text or "—", new_x="LMARGIN", new_y="NEXT")

    def write(self) -> None:
        d, r = self.d, self.r
        self.heading(f"City of {r.city} — ethics complaint {r.number}", 16)
        self.para(f"Stage: {d['stage'].replace('_', ' ')}. Received: "
                  f"{self.when(d['received_at'])}. "
                  + ("Confidential until the review is complete (§6)." if d["confidential"]
                     else "Closed."))
        self.para(f"This record is the database as it stood at {self.when(r.moment.isoformat())}"
                  " (city time throughout).")
        self.para(f"Made from the history chain's head: {r.head_words} (docs/evidence.md; "
                  f"`ethicsbot verify {r.number}` checks it).")
        self._complaint()
        self.heading("Deadlines, with how each was computed")
        for x in d["deadlines"]:
            self.para(f"{x['key'].replace('_', ' ')} — {x['status']} — due "
                      f"{self.when(x['due'])} — {x['responsible'].replace('_', ' ')}\n"
                      f"    {x['basis']}")
        self.heading("History")
        for e in d["history"]:
            self.para(f"{e['seq'] + 1}. {self.when(e['at'])} — {e['kind'].replace('_', ' ')} "
                      f"— by {e['actor']}" + _data(e["data"]))
        self.heading("Notices, with proof of delivery")
        for n in d["notices"]:
            attempts = "".join(f"\n    {a['outcome']} {self.when(a['at'])}: {a['server_reply']}"
                               for a in n["attempts"]) or "\n    not attempted"
            why = f" ({n['cancel_reason']})" if n.get("cancel_reason") else ""
            self.para(f"{n['type'].replace('_', ' ')} to {n['recipient']} — {n['status']}{why}"
                      f" — Message-ID {n['message_id']}{attempts}")
        self.heading("Calendar invites, as the case now stands")
        for i in r.invites:
            self.para(f"{i.summary} ({i.method}, sequence {i.sequence}, UID {i.uid}): "
                      f"{i.start} to {i.end}" + (f" at {i.location}" if i.location else "")
                      + f"\n    {i.description}")
        if not r.invites:
            self.para("none")
        self.heading("Filings as received (the originals are in the ZIP)")
        for (filing_id, source, raw), f in zip(r.originals, d["filings"], strict=False):
            self.para(f"#{filing_id} {source} from {f.get('sender') or '—'}, taken in "
                      f"{self.when(f['taken_at'])}, {len(raw)} bytes, outcome "
                      f"{f['outcome']}, Message-ID {f['message_id'] or '—'}\n"
                      f"    SHA-256 {r.digest_of(raw)}")
        if not r.originals:
            self.para("none kept: the case was opened without a message or a form")

    def _complaint(self) -> None:
        f: dict[str, Any] = self.d.get("filing") or {}
        c = f.get("complainant") or {}
        self.heading("Complaint")
        self.para(f"By {c.get('name') or '(no name given)'}; address "
                  f"{c.get('address') or '(none)'}; phone {c.get('phone') or '(none)'}; "
                  f"email {c.get('email') or '(none)'}.")
        self.para(f"Against: {', '.join(self.d['respondents']) or '—'}. Sections: "
                  f"{', '.join(f.get('code_sections') or []) or '—'}. §1 elements missing: "
                  f"{', '.join(f.get('missing') or []) or 'none'}.")
        self.para("Facts: " + (f.get("facts") or "—"))
        self.para("Reasons: " + (f.get("reasons") or "—"))
        if f.get("flags"):  # what intake could not know, as the case page shows it
            self.para("To confirm: " + flag_text(f["flags"]))


def _data(data: dict[str, Any]) -> str:
    shown = {k: v for k, v in sorted(data.items()) if k != "filing" and v not in (None, "", [])}
    return "".join(f"\n    {k}: {v}" for k, v in shown.items())
