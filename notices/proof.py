"""What the clerk does with the outbox by hand: export a case's proof of notice, and
resend a notice on purpose.

A resend is a new generation of the same notice (a new outbox row, a new Message-ID),
never a reset of the old one: the first sending and its attempts stay in the record.

The CSV is opened in a spreadsheet, and its cells carry words a stranger chose (a
recipient's address, a mail server's reply quoting it): a cell that begins with = + - @,
a tab or a carriage return would be read as a formula (OWASP's CSV injection), so it is
written with a leading apostrophe, which spreadsheets show as text and do not evaluate;
and every cell is quoted, so a line break inside one cannot start a row of its own.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from cases.deadlines import DeadlineKey
from cases.directory import Person
from cases.errors import ProcedureError
from cases.notices import NoticeType, OwedNotice, owing_event_index
from storage import queries
from storage.outbox import latest_generation
from storage.uow import UowFactory

CSV_FIELDS = ("case", "type", "recipient", "message_id", "status", "deadline", "sent_at",
              "cancelled_at", "cancel_reason", "attempt_at", "outcome", "server_reply")


def notice_log(uow_factory: UowFactory, number: str) -> list[dict[str, Any]]:
    """Every notice owed on case `number` and each attempt to deliver it."""
    with uow_factory() as uow:
        row = uow.cases.row(number)
        if row is None:
            raise ProcedureError(f"There is no case {number}. `ethicsbot cases` lists the docket.")
        return queries.notice_log(session=uow.session, case_id=row.id)


def export_notice_log(uow_factory: UowFactory, number: str, fmt: str = "json") -> str:
    """The proof of notice as JSON (nested) or CSV (one line per attempt)."""
    log = notice_log(uow_factory, number)
    if fmt == "json":
        return json.dumps({"case": number, "notices": log}, indent=2)
    return proof_csv(number, log)


def proof_csv(number: str, notices: list[dict[str, Any]]) -> str:
    """The proof of notice of case `number` (`storage.queries.notice_log`) as CSV, one
    line per attempt: `ethicsbot notices --format csv` and the web record's ZIP."""
    out = io.StringIO()
    # every cell quoted: a bare CR inside one (which `lineterminator` alone would leave
    # unquoted) would start a new row in a spreadsheet, and a formula with it
    writer = csv.DictWriter(out, fieldnames=CSV_FIELDS, lineterminator="\n",
                            quoting=csv.QUOTE_ALL)
    writer.writeheader()
    for n in notices:
        common = {"case": number, **{k: n.get(k) for k in CSV_FIELDS[1:-3]}}
        for a in n["attempts"] or [{}]:
            line = {**common, "attempt_at": a.get("at"), "outcome": a.get("outcome"),
                    "server_reply": a.get("server_reply")}
            writer.writerow({k: spreadsheet_text(v) for k, v in line.items()})
    return out.getvalue()


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_text(value: object) -> object:
    """`value` as a CSV cell no spreadsheet evaluates: text beginning like a formula gets
    a leading apostrophe (module docstring); anything else is unchanged."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def resend(uow_factory: UowFactory, number: str, notice_type: str, recipient: str) -> int:
    """Owe the latest `notice_type` to `recipient` on case `number` again; the new
    generation is returned. The dispatcher sends it like any other notice."""
    with uow_factory() as uow:
        case = uow.cases.row(number)
        if case is None:
            raise ProcedureError(f"There is no case {number}. `ethicsbot cases` lists the docket.")
        if case.stage == "void":
            raise ProcedureError(f"{number} is void: it owes no notice any more (its unsent "
                                 "ones were cancelled).")
        latest = latest_generation(uow.session, case_id=case.id, notice_type=notice_type,
                                   recipient=recipient)
        if latest is None:
            raise ProcedureError(f"{number} owes no {notice_type} notice to {recipient}; "
                                 f"`ethicsbot notices {number}` lists what was owed.")
        generation = latest.generation + 1
        if owing_event_index(generation) != owing_event_index(latest.generation):
            raise ProcedureError(f"{notice_type} to {recipient} was resent too often; "
                                 "deliver it another way and record that.")
        uow.outbox.add(OwedNotice(
            number, NoticeType(latest.notice_type),
            Person(latest.recipient_name, latest.recipient_email),
            DeadlineKey(latest.deadline_key) if latest.deadline_key else None, generation,
            latest.slot))
        uow.commit()
    return generation
