"""Slack text and blocks for the docket and for one case, cut to what the reader may see.

What each access level shows is decided here from `cases.access.Access`; what is stored
comes from `storage.queries`, its deadlines already judged at the moment of asking.
Complaint text is data: it is escaped so a complaint can never mention @channel, link or
format its way out of its box, nor reorder what is shown with bidirectional controls
(`cases.text`), whenever and however it was stored.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from bot.escape import esc
from bot.meetings import meeting_lines, open_request_lines
from cases.calendar import CityCalendar, countdown, day_of, fmt_moment, when
from cases.deadlines import clocks_of_requests
from cases.directory import Directory
from cases.filing import flag_text
from cases.history import EventKind as K
from cases.history import sees_in_history
from cases.levels import Access
from cases.public_records import Determination, Finding, PublicRecord, Report, entries
from cases.text import words
from cases.visibility import Notices, visibility
from storage.queries import RiskWindow

Block = dict[str, Any]
_MAX = 2900  # a section's text may hold 3,000 characters
_MAX_BLOCKS = 45  # a message may hold 50 blocks; leave room for the buttons
def section(text: str) -> Block:
    return {"type": "section", "text": {"type": "mrkdwn", "text": text[:_MAX]}}


def sections(title: str, lines: list[str]) -> list[Block]:
    """`lines` under `title`, in as many sections as the 3,000-character limit needs."""
    blocks, chunk = [], [title]
    for line in lines or ["none"]:
        if sum(len(x) + 1 for x in chunk) + len(line) > _MAX:
            blocks.append(section("\n".join(chunk)))
            chunk = []
        chunk.append(line[:_MAX])
    return [*blocks, section("\n".join(chunk))]


def due_line(key: str | None, due: str | None, tolled: bool, calendar: CityCalendar,
             now: datetime) -> str:
    tolled_note = " · _hearing deadlines tolled (§7)_" if tolled else ""
    if key is None or due is None:
        return ("no open deadline" if not tolled else "tolled: no due date") + tolled_note
    moment = datetime.fromisoformat(due)
    return (f"next: {words(key)} due {fmt_moment(calendar.local(moment))} "
            f"({countdown(moment, now)})" + tolled_note)


def docket_blocks(rows: list[dict[str, Any]], *, page: int, more: bool,
                  calendar: CityCalendar, now: datetime,
                  at_risk: RiskWindow | None = None) -> list[Block]:
    """A page of the open docket, or (`at_risk`, the thresholds it was judged by) of the
    cases at risk, which says what that means and where the open docket is."""
    kind, command = ("cases at risk", "status at-risk") if at_risk else ("open cases", "status")
    if not rows:
        empty = f"No {kind}." if page == 1 else f"No {kind} on page {page}."
        if at_risk:
            empty += f" {at_risk.words} The open docket: `/ethics status`."
        return [section(empty)]
    lines = [f"*{r['number']}* · {words(r['stage'])} · "
             f"{due_line(r['next_deadline'], r['next_due'], r['tolled'], calendar, now)}"
             for r in rows]
    title = "*Cases at risk*, soonest deadline first" if at_risk else "*Open docket*"
    blocks = [section(f"{title} (page {page}) — confidential (§6)")]
    if at_risk:
        blocks.append(section(f"_{at_risk.words}_"))
    blocks += [section("\n".join(lines[i:i + 10])) for i in range(0, len(lines), 10)]
    if more:
        blocks.append(section(f"More: `/ethics {command} page {page + 1}`"))
    return blocks


def case_blocks(detail: dict[str, Any], access: Access, *, viewer: str | None,
                calendar: CityCalendar, now: datetime,
                directory: Directory | None = None) -> list[Block]:
    """A case as `access` allows: FULL everything; COUNCIL and RESPONDENT their part;
    PUBLIC the §13 records of a closed case that have been released, and nothing else."""
    closed = not detail["confidential"]
    head = (f"*{detail['number']}* · stage {words(detail['stage'])} · received "
            f"{when(detail['received_at'], calendar)}"
            + (" · _public records (§13)_" if closed else " · _confidential (§6)_"))
    if detail.get("void_reason") and access is not Access.PUBLIC:
        head += f"\n_Void, opened by mistake: {esc(detail['void_reason'])}_"
    history = detail["history"]
    if access is Access.PUBLIC:
        released = frozenset(detail["released"])
        blocks = [section(head)]
        if "complaint" in released:
            blocks.append(section(_complaint(detail, contact=False)))
        return blocks + [section(t) for t in _records(history, calendar, released)]
    delivered = any(e["kind"] == K.REPORT_DELIVERED for e in history) or closed
    seen = visibility(access, delivered=delivered)  # as the web's case page shows it
    blocks = [section(head), section(_complaint(detail, contact=seen.contact))]
    if seen.records:
        blocks += [section(t) for t in _records(history, calendar)]
    if seen.deadlines:
        blocks += sections("*Deadlines*", _deadlines(
            detail["deadlines"], calendar, now,
            directory.name_of if directory is not None else str))
    shown_meetings = meeting_lines(detail.get("meetings", []), access, calendar=calendar,
                                   directory=directory, respondents=detail["respondents"])
    if shown_meetings:
        blocks += sections("*Meetings* (RCW 42.30)", shown_meetings)
    opened = open_request_lines(detail.get("open_requests", []), access)
    if opened:
        blocks += sections("*Open sessions requested* (§13, §14)", opened)
    if access is Access.FULL and detail.get("disclosure_requests"):
        blocks += sections("*Disclosure requests* (§6, RCW 42.56)",
                           _disclosures(detail["disclosure_requests"], calendar, now))
    notices = [n for n in detail["notices"] if seen.notices is Notices.ALL
               or (seen.notices is Notices.OWN and n["recipient"] == (viewer or "").lower())]
    blocks += sections("*Notices*", _notices(notices, calendar))
    shown = [e for e in history if sees_in_history(access, K(e["kind"]))]
    blocks += sections("*History*", _history(shown, calendar))
    return blocks[:_MAX_BLOCKS]


def _complaint(detail: dict[str, Any], *, contact: bool) -> str:
    f = detail.get("filing") or {}
    c = f.get("complainant") or {}
    withheld = (detail.get("protection") or {}).get("statement") if f.get("withheld") else None
    if withheld:  # the complainant withheld from this reader (`cases.protection`)
        return (f"*Summary of the complaint* (by: withheld)\n_{esc(withheld)}_"
                f"\n*Against:* {esc(', '.join(detail['respondents']) or '—')}"
                f"\n*Sections:* {esc(', '.join(detail.get('alleged_sections') or []) or '—')}"
                f"\n{esc(f.get('facts') or '—')[:1500]}")
    who = esc(c.get("name") or "(no name given)")
    if contact:
        who += " · " + " · ".join(esc(c.get(k) or f"(no {k})")
                                  for k in ("address", "phone", "email"))
    missing = ", ".join(f.get("missing") or []) or "none"
    alleged = detail.get("alleged_sections") or f.get("code_sections") or []
    amended = "".join(
        f"\n_{esc(', '.join(a['added_sections']))} added by amendment (§5), authorised by "
        + ("the Ethics Board, by motion" if a["authorized_by"] == "board"
           else esc(a["authorized_by"]))
        + (f", after the sufficiency report: {esc(a['after_report'])}"
           if a.get("after_report") else "") + "_"
        for a in detail.get("amendments", []) if a["added_sections"])
    return (f"*Complaint* by {who}\n*Against:* {esc(', '.join(detail['respondents']) or '—')}"
            f"\n*Sections:* {esc(', '.join(alleged) or '—')}{amended}"
            f"\n*Facts:* {esc(f.get('facts') or '—')[:1500]}"
            f"\n*Reasons:* {esc(f.get('reasons') or '—')[:600]}"
            f"\n*§1 elements missing:* {missing}"
            + (f"\n:warning: *To confirm:* {esc(flag_text(f.get('flags')))}"
               if f.get("flags") else ""))


def _records(history: list[dict[str, Any]], calendar: CityCalendar,
             released: frozenset[str] | None = None) -> list[str]:
    """The §13 records (`cases.public_records.entries`); with `released`, only those released."""
    out = []
    chosen = None if released is None else frozenset(PublicRecord(r) for r in released)
    for x in entries(history, chosen):
        match x:
            case Report():
                ref = f"\n*Report file:* {esc(x.report_file)}" if x.report_file else ""
                out.append(f"*Written report* ({day_of(x.on, calendar)}): the board found the "
                           f"complaint *{esc(x.words)}* (§7, §8).{ref}\n{esc(x.summary)}")
            case Finding():
                out.append(f"*Sufficiency determination* ({day_of(x.on, calendar)}): the board "
                           f"found the complaint *{esc(x.words)}* (§7, §8).")
            case Determination():
                out.append(f"*Final determination* ({day_of(x.on, calendar)}): "
                           f"{esc(x.words)} (§11, §12).")
    return out


def _deadlines(deadlines: list[dict[str, Any]], calendar: CityCalendar,
               now: datetime, name_of: Callable[[str], str]) -> list[str]:
    """Each deadline with its status, due time and basis; one of an official's own (§12)
    names them."""
    lines = []
    for d in deadlines:
        due = (f"due {when(d['due'], calendar)}"
               + (f" ({countdown(datetime.fromisoformat(d['due']), now)})"
                  if d["status"] in ("open", "missed") else "") if d["due"] else "no due date")
        whose = f", as to {esc(name_of(d['official']))}" if d.get("official") else ""
        line = (f"• *{words(d['key'])}*{whose} — {d['status']}, {due}, "
                f"{words(d['responsible'])}\n   _{esc(d['basis'])}_")
        other = d.get("other_reading")
        if other:
            line += (f"\n   _The city reads {esc(d['reading'])}; read with "
                     f"{esc(other['reading'])} it would be due {when(other['due'], calendar)}: "
                     "reminders follow the earlier date._")
        lines.append(line)
    return lines


def _disclosures(requests: list[dict[str, Any]], calendar: CityCalendar,
                 now: datetime) -> list[str]:
    """Each request numbered as Slack's `release #N` names it, with its own clock."""
    lines = []
    clocks = clocks_of_requests(requests, calendar, now=now)
    for number, (r, clock) in enumerate(zip(requests, clocks, strict=True), start=1):
        answer = "awaiting an answer (RCW 42.56.520)" if not r.get("responded") else (
            f"answered in part {r['responded']}, open for the rest"
            + (f": released so far {', '.join(words(x) for x in r['released'])}"
               if r["released"] else "")
            + (f" ({esc(r['note'])})" if r["note"] else "")) if r["answered"] is None else (
            f"answered {r['answered']}: "
            + (f"released {', '.join(words(x) for x in r['released'])}" if r["released"]
               else "nothing released") + f" to {esc(r['to'])}"
            + (f" ({esc(r['note'])})" if r["note"] else ""))
        due = f"first answer due {when(clock.due, calendar)}" if clock.due else ""
        lines.append(f"• #{number} {esc(r['requester'])}, received {r['received']}"
                     + (f": {esc(r['what'])}" if r["what"] else "")
                     + f" — *{clock.status.value}*, {due} — {answer}"
                     + (f"; {esc(r['state'])}" if r.get("state") else ""))
    return lines


def _notices(notices: list[dict[str, Any]], calendar: CityCalendar) -> list[str]:
    lines = []
    for n in notices:
        proof = "; ".join(f"{a['outcome']} {when(a['at'], calendar)}: {esc(a['server_reply'])}"
                          for a in n["attempts"]) or "not yet attempted"
        why = f" ({esc(n['cancel_reason'])})" if n.get("cancel_reason") else ""
        lines.append(f"• {words(n['type'])} → {esc(n['recipient'])}: *{n['status']}*{why}"
                     f" (Message-ID {esc(n['message_id'])}; {proof})")
    return lines


def _history(events: list[dict[str, Any]], calendar: CityCalendar) -> list[str]:
    return [f"• #{e['seq'] + 1} {when(e['at'], calendar)} — {words(e['kind'])} by "
            f"{esc(e['actor'])}" for e in events]
