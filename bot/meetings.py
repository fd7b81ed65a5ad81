"""A case's meetings in Slack: under `/ethics status CASE` (who has answered, whether a
quorum is coming) and on the App Home of those who run them ("Your meetings": the board's
chair for its hearings, the mayor for the council, the clerks for both).

The board, the mayor's office and the city attorney see every invitee's answer; the
council sees its own meetings' time, place and agenda; the respondent sees when and where
they may be heard (§9) and whether the session is open. The agenda names no one (§6).
"""

from __future__ import annotations

from typing import Any

from bot.escape import esc
from cases.access import sees_open_request
from cases.calendar import CityCalendar, when
from cases.directory import Directory, Role
from cases.levels import Access
from cases.meetings import BODY_NAME, Answer, Body
from cases.open_meetings import body_members, body_quorum

_WHO_RUNS = {Body.BOARD: frozenset({Role.BOARD_CHAIR, Role.DESIGNEE, Role.MAYOR}),
             Body.COUNCIL: frozenset({Role.MAYOR, Role.DESIGNEE})}


def meeting_lines(meetings: list[dict[str, Any]], access: Access, *,
                  calendar: CityCalendar, directory: Directory | None,
                  respondents: list[str]) -> list[str]:
    """The lines of the *Meetings* section, as `access` may see them."""
    lines = []
    for m in meetings:
        body = Body(m["body"])
        if access is Access.COUNCIL and body is not Body.COUNCIL:
            continue
        line = (f"• *Meeting {m['number']}*: {m['kind']} meeting of {BODY_NAME[body]}, "
                f"{when(m['starts_at'], calendar)}, {esc(m['place'])} · {m['session']}")
        if m["cancelled"]:
            line += f"\n   *Cancelled*: {esc(m['cancelled'])}"
        elif m["tentative"]:
            line += f"\n   *Tentative*: {esc(m['tentative'])}"
        if m["recorded_late"]:
            line += "\n   _recorded after it took place: nothing was sent for it_"
        if m.get("in_session_until"):
            line += (f"\n   *In executive session* until {when(m['in_session_until'], calendar)}"
                     ": no final action until its end is recorded")
        if access in (Access.FULL, Access.COUNCIL):
            line += f"\n   _Agenda: {esc(m['agenda'])}_"
        if access is Access.FULL and not m["cancelled"] and directory is not None:
            line += "\n   " + answers_line(m, directory, respondents)
        if access is Access.FULL:
            line += "".join(f"\n   :warning: {esc(x)}" for x in m.get("irregular", ()))
        if access is Access.FULL and m.get("determination"):
            line += f"\n   Determination: {esc(m['determination'])}"
        lines.append(line)
    return lines


def open_request_lines(requests: list[dict[str, Any]], access: Access) -> list[str]:
    """The respondent's requests to open a proceeding (§13, §14), the examiner's with
    them: the council sees its own deliberation's, the board, the clerks and the
    respondent every one."""
    return [f"• {r['name'][0].upper()}{r['name'][1:]}"
            + (f" ({esc(r['examiner'])})" if r["examiner"] else "")
            + f": open to the public ({r['section']}), asked by {esc(r['respondent'])} by "
            f"{esc(r['via'])} on {r['on']}"
            for r in requests if sees_open_request(access, r["proceeding"])]


def answers_line(m: dict[str, Any], directory: Directory, respondents: list[str]) -> str:
    """'Answers: accepted Helen Park; declined Victor Osei; no answer Dana Brooks · quorum
    2 of 3: 1 accepted, in doubt'."""
    body = Body(m["body"])
    q = body_quorum(body, directory, respondents)
    names = {p.email.lower(): p.name for p in body_members(body, directory)}
    answers: dict[str, str] = m["answers"]
    parts = []
    for a in Answer:
        who = sorted(names.get(w, w) for w, x in answers.items() if x == a.value)
        if who:
            parts.append(f"{a.value} {esc(', '.join(who))}")
    silent = sorted(names[w] for w in q.counted if w not in answers)
    if silent:
        parts.append(f"no answer {esc(', '.join(silent))}")
    coming = sum(1 for w, x in answers.items() if x == Answer.ACCEPTED and w in q.counted)
    verdict = "expected" if coming >= q.needed else "*in doubt*"
    return (f"Answers: {'; '.join(parts) or 'none yet'} · quorum {q.needed} of {q.members}: "
            f"{coming} accepted, {verdict}")


def runs(roles: frozenset[Role]) -> list[str]:
    """The bodies whose meetings a person with `roles` runs (App Home's "Your meetings")."""
    return [b.value for b, who in _WHO_RUNS.items() if roles & who]


def home_lines(rows: list[dict[str, Any]], *, calendar: CityCalendar, directory: Directory,
               viewer: str) -> list[str]:
    """One line a meeting still to come, with its answers and the quorum."""
    out = []
    for r in rows:
        if viewer.lower() in {x.lower() for x in r["respondents"]}:
            continue  # nobody runs a meeting on a case against themselves
        line = (f"• *{r['case']}* · meeting {r['number']} of {BODY_NAME[Body(r['body'])]}, "
                f"{when(r['starts_at'], calendar)}, {esc(r['place'])}")
        if r["tentative"]:
            line += " · _tentative (§7)_"
        out.append(line + "\n   " + answers_line(r, directory, r["respondents"]))
    return out
