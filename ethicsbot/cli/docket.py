"""`ethicsbot deadlines`, `cases`, `case ID`, `minutes ID N`, `migrate`: the docket and its
calendar."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING, Any

import click

from cases.calendar import fmt_moment, when
from cases.readings import ContinuanceCap, Readings
from ethicsbot.cli.access import log_access, operator, refusal_logged
from ethicsbot.cli.terminal import CliError, for_terminal

if TYPE_CHECKING:  # the rest is imported where it is used (ethicsbot.cli)
    from rich.console import Console

    from cases.calendar import CityCalendar
    from cases.deadlines import Continuance, Deadline, DeadlineKey, DisclosureRequest, Extension


def register(group: click.Group) -> None:
    for command in (deadlines, cases, case, minutes, migrate, correct_receipt):
        group.add_command(command)


def _city() -> tuple[CityCalendar, Readings]:
    """The city's calendar and its readings of the ordinance, from the directory file."""
    from ethicsbot.directory_file import city_calendar, load_directory
    from ethicsbot.settings import load_settings

    settings = load_settings()
    directory = load_directory(settings.directory)[0]
    return city_calendar(directory, settings.timezone), directory.readings


def parse_moment(value: str, calendar: CityCalendar, what: str) -> datetime:
    """An ISO date-time; without an offset it is read in the city's time zone."""
    try:
        moment = datetime.fromisoformat(value)
    except ValueError as e:
        raise CliError(f"{what}: {value!r} is not an ISO date-time "
                       "(e.g. 2026-11-30T14:15:00-08:00)") from e
    if len(value) <= 10:
        raise CliError(f"{what}: give a time as well as a date ({value}T09:00), the 24-hour "
                       "notice runs from the exact time")
    if moment.tzinfo:
        return moment
    try:
        return calendar.wall(moment)
    except ValueError as e:
        raise CliError(f"{what}: {e}") from None


def parse_day(value: str | None, what: str) -> date | None:
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError as e:
        raise CliError(f"{what}: {value!r} is not an ISO date (e.g. 2026-12-10)") from e


def parse_toll(value: str) -> Continuance:
    """`A` (applied, pending) or `A:D:G` (decided on D with G days granted, 0 = denied)."""
    from cases.deadlines import Continuance

    parts = value.split(":")
    if len(parts) not in (1, 3):
        raise CliError(f"--toll {value!r}: use APPLIED or APPLIED:DECIDED:DAYS "
                       "(e.g. 2026-12-10:2026-12-13:7)")
    applied = parse_day(parts[0], "--toll applied date")
    assert applied is not None
    if len(parts) == 1:
        return Continuance(applied)
    decided = parse_day(parts[1], "--toll decision date")
    try:
        granted = int(parts[2])
        return Continuance(applied, decided, granted)
    except ValueError as e:
        raise CliError(f"--toll {value!r}: {e}") from e


def parse_extension(value: str) -> tuple[DeadlineKey, Extension]:
    """`KEY:DAYS`, or `KEY:DAYS:ON` with the day it was approved (a late one is shown as
    unable to revive the deadline)."""
    from cases.deadlines import DeadlineKey, Extension

    key, _, rest = value.partition(":")
    days, _, on = rest.partition(":")
    allowed = (DeadlineKey.REPORT_DELIVERY, DeadlineKey.COUNCIL_DECISION)
    try:
        k = DeadlineKey(key)
        n = int(days)
    except ValueError as e:
        raise CliError(f"--extend {value!r}: use KEY:DAYS[:APPROVED] with KEY one of "
                       f"{', '.join(a.value for a in allowed)}") from e
    if k not in allowed or n <= 0:
        raise CliError(f"--extend {value!r}: only {', '.join(a.value for a in allowed)} can be "
                       "extended, by a positive number of days (§10, §12)")
    return k, Extension(n, parse_day(on or None, "--extend approval date"))


def parse_disclosure(value: str) -> DisclosureRequest:
    """`RECEIVED` or `RECEIVED:ANSWERED`: a public disclosure request (RCW 42.56.520)."""
    from cases.deadlines import DisclosureRequest

    received, _, answered = value.partition(":")
    day = parse_day(received, "--disclosure-request received date")
    assert day is not None
    return DisclosureRequest(day, parse_day(answered or None, "--disclosure-request answer"))


@click.command()
@click.option("--received", required=True,
              help="When the city received the complaint (ISO; no offset = city time).")
@click.option("--toll", multiple=True,
              help="A continuance: APPLIED, or APPLIED:DECIDED:DAYS (0 = denied). Repeatable.")
@click.option("--hearing-concluded", help="Date the hearing ended.")
@click.option("--determination-received",
              help="Date the council received a final determination of violation.")
@click.option("--public-since",
              help="Date the misconduct was reasonably available to the public (§4).")
@click.option("--extend", multiple=True,
              help="KEY:DAYS[:APPROVED] approved extension (report_delivery, "
                   "council_decision), with the day it was approved. Repeatable.")
@click.option("--disclosure-request", "disclosure", multiple=True,
              help="A public disclosure request: RECEIVED or RECEIVED:ANSWERED. Repeatable.")
@click.option("--continuance-cap", type=click.Choice([c.value for c in ContinuanceCap]),
              help="Read §7's cap this way instead of the directory file's reading.")
@click.option("--now", help="Judge each status as of this time (ISO); default: now.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def deadlines(received: str, toll: tuple[str, ...], hearing_concluded: str | None,
              determination_received: str | None, public_since: str | None,
              extend: tuple[str, ...], disclosure: tuple[str, ...],
              continuance_cap: str | None, now: str | None, as_json: bool) -> None:
    """Show a complaint's statutory calendar, with the arithmetic behind each date. Where
    the city's reading of the ordinance changes a date, the other reading's date is shown
    beside it."""
    from cases.deadlines import Triggers, compute_deadlines

    calendar, readings = _city()
    if continuance_cap:
        readings = replace(readings, continuance_cap=ContinuanceCap(continuance_cap))
    extensions: dict[DeadlineKey, tuple[Extension, ...]] = {}
    for k, x in (parse_extension(e) for e in extend):
        extensions[k] = (*extensions.get(k, ()), x)
    triggers = Triggers(
        received=parse_moment(received, calendar, "--received"),
        continuances=tuple(parse_toll(t) for t in toll),
        hearing_concluded=parse_day(hearing_concluded, "--hearing-concluded"),
        determination_received=parse_day(determination_received, "--determination-received"),
        public_since=parse_day(public_since, "--public-since"),
        extensions=extensions,
        disclosure_requests=tuple(parse_disclosure(x) for x in disclosure),
    )
    pending = [c for c in triggers.continuances if c.pending]
    if len(pending) > 1 or (pending and pending[0] is not max(
            triggers.continuances, key=lambda c: c.applied)):
        raise CliError("--toll: only the latest continuance can still be pending")
    moment = parse_moment(now, calendar, "--now") if now else datetime.now(UTC)
    result = compute_deadlines(triggers, calendar, now=moment, readings=readings)
    if as_json:
        click.echo(json.dumps({"deadlines": [d.as_json() for d in result]}, indent=2))
    else:
        print_deadlines(result, calendar)


def print_deadlines(result: list[Deadline], calendar: CityCalendar) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Statutory deadlines", show_lines=True)
    for col in ("deadline", "due", "status", "responsible", "basis"):
        table.add_column(col, overflow="fold")
    for d in result:
        due = fmt_moment(calendar.local(d.due)) if d.due else "—"
        if d.other is not None:  # the other reading's date beside the city's
            other = fmt_moment(calendar.local(d.other.due)) if d.other.due else "—"
            due += f"\n(other reading: {other})"
        table.add_row(f"{d.key.value} ({d.ordinance})"
                      + (f"\nas to {d.official}" if d.official else ""), due, d.status.value,
                      d.responsible.value, d.basis)
    Console().print(table)


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def cases(as_json: bool) -> None:
    """The docket: every case with its stage and next deadline."""
    from rich.console import Console
    from rich.table import Table

    from ethicsbot.bootstrap import bootstrap
    from storage import queries

    app = bootstrap()
    with app.session_factory.begin() as session:
        rows = queries.docket(session=session)
        log_access(app, None, "docket", session=session)
    if as_json:
        click.echo(json.dumps({"cases": rows}, indent=2))
        return
    def local(iso: str | None) -> str | None:
        return fmt_moment(app.calendar.local(datetime.fromisoformat(iso))) if iso else None

    table = Table(title=f"Docket ({app.calendar.tz.key} time)")
    for col in ("case", "stage", "received", "next deadline", "due"):
        table.add_column(col)
    for r in rows:
        overdue = r["next_due"] and datetime.fromisoformat(r["next_due"]) < app.clock()
        table.add_row(r["number"], r["stage"].replace("_", " "), local(r["received_at"]),
                      (r["next_deadline"] or "—") + (" (MISSED)" if overdue else ""),
                      local(r["next_due"]) or ("tolled" if r["tolled"] else "—"))
    Console().print(table)


@click.command()
@click.argument("number")
@click.argument("meeting", type=int)
def minutes(number: str, meeting: int) -> None:
    """The minutes of a meeting on a case (RCW 42.30.035): as approved, or the draft."""
    from cases.errors import ProcedureError
    from cases.minutes import minutes as drawn
    from cases.services import get_case
    from ethicsbot.bootstrap import bootstrap

    app, number = bootstrap(), number.strip().upper()
    try:
        with app.uow() as uow:
            found = get_case(uow, number)
    except ProcedureError as e:
        log_access(app, number, "minutes", allowed=False)
        raise CliError(str(e)) from None
    log_access(app, number, f"minutes of meeting {meeting}")
    m = found.meetings.get(meeting)
    if m is None:
        raise CliError(f"{number} has no meeting {meeting}; `ethicsbot case {number}` lists "
                       "its meetings")
    for line in drawn(found, m, app.calendar).lines:
        click.echo(for_terminal(line))


@click.command()
@click.argument("number")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def case(number: str, as_json: bool) -> None:
    """One case as stored: deadlines with basis, notices with proof, history."""
    from rich.console import Console
    from rich.table import Table

    from ethicsbot.bootstrap import bootstrap
    from storage import queries

    app, number = bootstrap(), number.strip().upper()
    with app.session_factory.begin() as session:
        detail = queries.case_view(session=session, number=number, now=app.clock(),
                                   readings=app.directory.readings)
        log_access(app, number, "case detail", allowed=detail is not None, session=session)
    if detail is None:
        raise CliError(f"there is no case {number}; `ethicsbot cases` lists the docket")
    if as_json:
        click.echo(json.dumps(detail, indent=2))
        return
    console, cal = Console(), app.calendar  # every time a person reads is city time
    console.print(f"[bold]{detail['number']}[/bold] — stage {detail['stage']}, received "
                  f"{when(detail['received_at'], cal)}"
                  + (" (confidential, §6)" if detail["confidential"] else "")
                  + (f"; void: {detail['void_reason']}" if detail["void_reason"] else ""))
    console.print(f"sections alleged (as amended, §5): {', '.join(detail['alleged_sections'])}")
    table = Table(title=f"Deadlines (judged at {fmt_moment(app.calendar.local(app.clock()))})",
                  show_lines=True)
    for col in ("deadline", "due", "status", "basis"):
        table.add_column(col, overflow="fold")
    for d in detail["deadlines"]:
        other = d["other_reading"]
        due = when(d["due"], cal) + (f"\n(other reading: {when(other['due'], cal)})"
                                     if other else "")
        whose = f"\nas to {d['official']}" if d.get("official") else ""
        table.add_row(d["key"] + whose, due, d["status"], d["basis"])
    console.print(table)
    print_notices(console, detail["notices"], cal)
    console.print("History (city time)", style="bold")
    for e in detail["history"]:
        console.print(f"  #{e['seq'] + 1}  {when(e['at'], cal)}  {e['kind']}  by "
                      f"{for_terminal(str(e['actor']))}", markup=False)


def print_notices(console: Console, notices: list[dict[str, Any]], cal: CityCalendar) -> None:
    """The notices one line a kind ("complaint to council: 4 of 4 delivered, the last Tue
    Dec 1, 2026 9:13 AM PST"), each copy not delivered under it with its latest attempt,
    in city time (`ethicsbot notices` has every attempt, with the Message-IDs)."""
    console.print("Notices (city time; the proof of each attempt: ethicsbot notices "
                  "NUMBER)", style="bold")
    if not notices:
        console.print("  none owed")
    kinds: dict[str, list[dict[str, Any]]] = {}
    for n in notices:
        kinds.setdefault(n["type"], []).append(n)
    for kind, group in kinds.items():
        owed = [n for n in group if n["status"] != "cancelled"]
        sent = [n for n in owed if n["status"] == "sent"]
        moments = [a["at"] for n in sent for a in n["attempts"] if a["outcome"] == "sent"]
        console.print(f"  {kind.replace('_', ' ')}: {len(sent)} of {len(owed)} delivered"
                      + (f", the last {when(max(moments), cal)}" if moments else "")
                      + (f" ({len(group) - len(owed)} cancelled)" if len(owed) < len(group)
                         else ""), markup=False)
        for n in owed:
            if n["status"] == "sent":
                continue
            last = n["attempts"][-1] if n["attempts"] else None
            proof = (f"{last['outcome']} {when(last['at'], cal)}: {last['server_reply']}"
                     if last else "not yet attempted")
            console.print(f"    {for_terminal(n['recipient'])}: {n['status']}, "
                          f"{for_terminal(proof)[:200]}", markup=False)


@click.command()
def migrate() -> None:
    """Create or upgrade the database schema (Procfile `release`)."""
    from ethicsbot.bootstrap import bootstrap

    app = bootstrap(migrate=True)
    click.echo(f"database is at the newest schema: {app.engine.url.render_as_string()}")


@click.command("correct-receipt")
@click.argument("number")
@click.argument("received")
@click.option("--reason", required=True, help="Why the receipt time was wrong (kept in the "
              "case history).")
def correct_receipt(number: str, received: str, reason: str) -> None:
    """Correct when the city received case NUMBER's complaint (ISO; no offset = city
    time). Every deadline is recomputed; the old and new dates go into the history."""
    from cases.commands import CorrectReceipt
    from cases.services import take_step
    from ethicsbot.bootstrap import bootstrap

    app, number = bootstrap(), number.strip().upper()
    moment = parse_moment(received, app.calendar, "RECEIVED")
    with refusal_logged(app, number, "correct receipt"), app.uow() as uow:
        take_step(uow, number, CorrectReceipt(received_at=moment, reason=reason),
                  directory=app.directory, calendar=app.calendar, clock=app.clock,
                  actor=operator())
        case = uow.cases.get(number)
        log_access(app, number, "correct receipt", session=uow.session)
        uow.commit()
    assert case is not None
    last = case.history[-1].data.get("changes", [])
    click.echo(f"{number}: receipt corrected to {moment.isoformat()}; "
               f"{len(last)} deadline(s) moved")
    for change in last:
        click.echo(f"  {change['key']}: {change['old']} -> {change['new']}")
