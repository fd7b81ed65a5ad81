"""`ethicsbot disclosures [CASE] [--json]`: the public records request log (RCW
40.14.026(4); docs/records.md): for each request the requester, the day received, its
words, the first answer and the estimate, the records produced, those redacted or
withheld with the exemption and its explanation, third parties told, the day of final
disposition, and each letter with its proof of delivery. The reading is a line of the
access log."""

from __future__ import annotations

import json

import click

from ethicsbot.cli.access import log_access
from ethicsbot.cli.terminal import for_terminal


def register(group: click.Group) -> None:
    group.add_command(disclosures)


@click.command()
@click.argument("case", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def disclosures(case: str | None, as_json: bool) -> None:
    """The public records request log, with each letter's proof of delivery."""
    from bot.service import case_number
    from ethicsbot.bootstrap import bootstrap
    from storage.disclosures import request_log

    app = bootstrap()
    number = case_number(case) if case else None
    try:
        with app.session_factory.begin() as session:
            log = request_log(session, number)
            log_access(app, number, "public records request log", session=session)
    finally:
        app.close()
    if as_json:
        click.echo(json.dumps({"requests": log}))
        return
    if not log:
        click.echo("no public records request is on record")
    for r in log:
        click.echo(for_terminal(_lines(r)))


def _lines(r: dict[str, object]) -> str:
    def listed(items: object) -> str:
        rows = [f"{x['record']} under {x['exemption']}: {x['explanation']}"
                for x in items or []]  # type: ignore[attr-defined]
        return "; ".join(rows) or "none"

    lines = [f"{r['case']} #{r['request']}  {r['requester']}"
             f"{' <' + str(r['email']) + '>' if r['email'] else ' (by post)'}  received "
             f"{r['received']}: {r['text']}",
             f"  first answer {r['first_answer'] or 'none yet'}; estimate "
             f"{r['estimate'] or 'none'}"
             + (f"; waiting on the requester since {r['waiting_on_requester_since']}"
                if r['waiting_on_requester_since'] else ""),
             f"  produced: {', '.join(r['produced']) or 'nothing'}",  # type: ignore[arg-type]
             f"  redacted: {listed(r['redacted'])}",
             f"  withheld: {listed(r['withheld'])}",
             f"  final disposition: {r['final_disposition'] or 'open'}"]
    lines += [f"  letter {x['kind']} {x['on']}: {x['delivery']}"
              for x in r["letters"]]  # type: ignore[attr-defined]
    return "\n".join(lines)
