"""The PDF of an instalment's records (`cases.released`): as released, the redacted text
gone from the file and its exemption standing in its place; or, `working`, as prepared,
each cut marked for the approver. Both are made again from the case's history whenever
asked, so they always agree with the record; the released one is what the requester's
letter carried (same history, same `created`: same bytes)."""

from __future__ import annotations

from datetime import datetime

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

from cases.calendar import CityCalendar, fmt_day
from cases.case import Case
from cases.disclosure import Instalment
from cases.public_records import WORDS
from cases.released import released_parts, withheld_lines
from templates.pdf import html_to_pdf

_ENV = Environment(loader=PackageLoader("templates", "records"), undefined=StrictUndefined,
                   autoescape=select_autoescape(default=True), keep_trailing_newline=True)


def released_html(case: Case, request: int, inst: Instalment, *, calendar: CityCalendar,
                  working: bool = False) -> str:
    x = case.disclosure_requests[request - 1]
    return _ENV.get_template("released.html.j2").render(
        case=case.number, request=request, requester=x.requester,
        received=fmt_day(x.received), instalment=inst.number, final=inst.final,
        working=working, released_on=fmt_day(inst.released_on) if inst.released_on else None,
        prepared_by=inst.prepared_by, approved_by=inst.approved_by,
        parts=released_parts(case, inst, working=working),
        cuts=[{"record": WORDS[c.record], "code": c.exemption.code,
               "explanation": c.exemption.explanation} for c in inst.cuts],
        withheld=withheld_lines(inst.held))


def released_pdf(case: Case, request: int, inst: Instalment, *, calendar: CityCalendar,
                 created: datetime, working: bool = False) -> bytes:
    title = (f"{case.number}: public records request {request}, instalment {inst.number}"
             + (" (working copy, not for release)" if working else ""))
    return html_to_pdf(released_html(case, request, inst, calendar=calendar, working=working),
                       title=title, created=created)
