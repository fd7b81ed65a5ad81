"""`ethicsbot status [--json]`: is everything owed done? The inbox, the outbox, the worker,
and what is failing now (outgoing mail, a loop of the worker)."""

from __future__ import annotations

import json

import click


def register(group: click.Group) -> None:
    group.add_command(status)


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print the figures as one JSON object.")
def status(as_json: bool) -> None:
    """Messages waiting in the inbox, notices pending and overdue, the active worker and
    since when, outgoing mail failing, a loop of the worker failing. Exits 1 while the
    database cannot be reached."""
    from ethicsbot.bootstrap import bootstrap
    from ethicsbot.status import status as gather

    app = bootstrap(migrate=False)
    try:
        figures = gather(app)
    finally:
        app.engine.dispose()
    if as_json:
        click.echo(json.dumps(figures))
    else:
        for line in _lines(figures):
            click.echo(line)
    if figures["notices"] is None:
        raise click.exceptions.Exit(1)


def _lines(f: dict[str, object]) -> list[str]:
    inbox = f["inbox"]
    assert isinstance(inbox, dict)
    waiting = inbox.get("waiting")
    lines = [f"inbox ({inbox['source']}): "
             + (f"{waiting} message(s) waiting" if waiting is not None else str(inbox["error"]))]
    notices, worker = f["notices"], f["worker"]
    if not isinstance(notices, dict) or not isinstance(worker, dict):
        return [*lines, f"database: {f['database']}; the outbox and the worker are unknown "
                        "until it can be reached"]
    lines.append(f"notices: {notices['pending']} pending, {notices['overdue']} statutory "
                 f"overdue (unsent for over {notices['overdue_after_minutes']:g} min), "
                 f"{notices['failed']} statutory failed (deliver by hand: "
                 f"`ethicsbot notices CASE`), {notices['cancelled']} cancelled (their case "
                 "voided)")
    lines.append(f"worker: {worker['active']} since {worker['since']}" if worker["active"]
                 else "worker: none active (start `ethicsbot worker` or `ethicsbot run`)")
    mail = f.get("mail")
    if isinstance(mail, dict) and mail.get("down"):
        lines.append(f"outgoing mail: FAILING since {mail['since']} ({mail['cause']}); the "
                     f"clerk was told at {mail['told_at']} (by Slack where it is set up, and a "
                     "banner on the web docket); mail waits in the outbox until it works")
    loops = f.get("loops") or []
    assert isinstance(loops, list)
    for loop in loops:  # a loop of the worker failing now (storage.loop_faults)
        lines.append(f"worker loop {loop['loop']}: FAILING since {loop['since']} "
                     f"({loop['error']}); {loop['todo']}")
    if f.get("recompute"):
        lines.append(f"deadlines: {f['recompute']} case(s) still to recompute since the "
                     "city's calendar or readings changed (the worker does it in the "
                     "background, soonest deadline first)")
    if f.get("docket_head"):
        lines.append(f"docket chain head: {f['docket_head']} (keep a copy off this machine; "
                     "`ethicsbot verify --against` checks it)")
    lines.append("idle: everything owed is done" if f["idle"] else "busy: work is waiting")
    return lines
