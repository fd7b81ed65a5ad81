"""A body acts only by a motion at its meeting (RCW 42.30; §7, §10, §11, §12, §14).

An act of the board or the council (a continuance applied for or decided, a longer time
asked for or approved, the sufficiency determination, the §11 determination, the
council's decision) is not one person's press of a button: the table of steps says which
body takes each (`cases.handlers.StepRule.body`), and `check_at_meeting` lets it through
only when all of this holds:

- the body has a meeting of the case that was **noticed** (RCW 42.30.077 / .080: called
  through EthicsBot, which sent its notice and posting; one recorded only after it took
  place has no notice on record) and not cancelled;
- the act is dated on the **meeting's day** and recorded once the meeting has begun;
- the meeting is in **open session** (RCW 42.30.060): no executive session of the body is
  under way;
- its **roll call** is recorded (`RecordRollCall`: who was present) and a **quorum** of
  members who may act is present: the council's by RCW 35A.12.120, the board's by the
  city's reading `board_quorum`. A member complained against, or one who recused on the
  case (with the reason, `RecordRecusal`), is never counted as present to act.

The clerk records the motion on the body's behalf; each member's vote is named
(`Motion`: yes, no, abstain), from members present who may act, and every such member
present has a vote (an abstention is a vote recorded). `count` says whether it carried:
the council by majority (§14, by the city's reading of it, `council_majority`; the mayor
breaks a tie, except when the action is against the mayor, RCW 35A.12.100), the board by
a majority of its members entitled to vote (`cases.tally` counts both). A motion that
fails is kept in the history and changes nothing (`Case.apply`).
"""

from __future__ import annotations

from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from cases.calendar import CityCalendar, fmt_day, fmt_moment
from cases.errors import ProcedureError
from cases.meetings import BODY_NAME, Body, Meeting, RollCall
from cases.motions import Motion
from cases.open_meetings import EXECUTIVE_GROUND, quorum
from cases.readings import Readings, describe
from cases.tally import BOARD_RULE, Tally, Vote, board_motion_tally, council_tally

if TYPE_CHECKING:
    from cases.case import Case


def unable_to_act(case: Case) -> frozenset[str]:
    """Members who may not act on the case: those complained against (§14), the one who
    filed the complaint (no one sits in judgment of their own complaint: the appearance of
    fairness, RCW 42.36.060) and those who recused on it."""
    filed = case.filing.complainant.email
    return (frozenset(r.lower() for r in case.respondents) | frozenset(case.recusals)
            | (frozenset({filed.lower()}) if filed else frozenset())
            | frozenset(w.email for w in case.witnesses if w.email))


def why_unable(case: Case, member: str) -> str | None:
    """Why `member` may not act on the case, completing "{member} ..." (None: they may)."""
    who = member.strip().lower()
    if who in case.recusals:
        return f"recused on {case.number} ({case.recusals[who]})"
    if who in {r.lower() for r in case.respondents}:
        return "is the official complained against and does not vote on any matter " \
               "involving them (§14)"
    heard = next((w for w in case.witnesses if w.email == who), None)
    if heard is not None:
        return (f"was a witness at the hearing{f' on {heard.on}' if heard.on else ''} and is "
                "walled off from the case: no one judges on their own testimony (RCW "
                "42.36.060)")
    filed = case.filing.complainant.email
    if filed and who == filed.lower():
        # said without naming the complainant to whoever records the vote: their identity
        # may be withheld (`cases.protection`)
        return ("is walled off from this case (a party to the complaint) and does not act "
                "on it (RCW 42.36.060)")
    return None


def set_aside(case: Case, votes: dict[str, Vote]) -> tuple[dict[str, Vote], list[str]]:
    """`votes` less those of members who may no longer act on the case (a member who
    recused after voting: their vote is set aside, not counted), and a sentence for each
    vote set aside, for the minutes."""
    kept: dict[str, Vote] = {}
    aside: list[str] = []
    for member, vote in votes.items():
        reason = why_unable(case, member)
        if reason is None:
            kept[member] = vote
        else:
            aside.append(f"{member}'s vote is set aside: {member} {reason}.")
    return kept, aside


def meeting_for(case: Case, body: Body, number: int | None, at: datetime,
                calendar: CityCalendar) -> Meeting:
    """Meeting `number` of the case, else `body`'s latest meeting begun by `at`."""
    if number is not None:
        m = case.meetings.get(number)
        if m is None:
            raise ProcedureError(f"{case.number} has no meeting {number}; `/ethics status "
                                 f"{case.number}` lists its meetings.")
        return m
    begun = case.meetings.held_by(body, at)
    if begun is None:
        raise ProcedureError(
            f"{BODY_NAME[body][0].upper()}{BODY_NAME[body][1:]} acts only at a meeting, and "
            f"no meeting of it on {case.number} had begun by {fmt_moment(calendar.local(at))}. "
            "Schedule the "
            "meeting (it is noticed and posted), then record the act at it (RCW 42.30).")
    return begun


def check_at_meeting(case: Case, body: Body, m: Meeting, *, what: str, day: date,
                     at: datetime, calendar: CityCalendar, readings: Readings) -> RollCall:
    """Refuse `what`, an act of `body`, unless meeting `m` allows it (module docstring);
    the roll call it is taken under."""
    name = BODY_NAME[body]
    if m.body is not body:
        raise ProcedureError(f"Cannot {what} at meeting {m.number}: it is a meeting of "
                             f"{BODY_NAME[m.body]}, and this is an act of {name}.")
    if m.cancelled:
        raise ProcedureError(f"Meeting {m.number} of {case.number} was cancelled "
                             f"({m.cancelled}): nothing can be decided at it.")
    if m.recorded_late:
        raise ProcedureError(
            f"Cannot {what} at meeting {m.number}: it was recorded only after it took place, "
            "so no notice of it is on record (RCW 42.30.077, 42.30.080), and a body acts "
            "only at a noticed meeting. Schedule a meeting (noticed and posted) and act "
            "there.")
    if day != m.day or at < m.starts_at:
        raise ProcedureError(
            f"Cannot {what} on {fmt_day(day)} at meeting {m.number}: the meeting is on "
            f"{fmt_day(m.day)}, starting {fmt_moment(calendar.local(m.starts_at))}. A body "
            "acts only at its meeting: date the act on the meeting's day, once it has begun.")
    session = m.in_session
    if session is not None:
        raise ProcedureError(
            f"Cannot {what} in executive session: a body acts in open session (RCW "
            f"42.30.060, {EXECUTIVE_GROUND}). Record the end of the executive session of "
            f"meeting {m.number} (announced to end "
            f"{fmt_moment(calendar.local(session.ends_at))}) first.")
    call = m.roll_call
    if call is None:
        raise ProcedureError(f"Record the roll call of meeting {m.number} first: {name} acts "
                             "only with a quorum present, and the roll call shows who was.")
    q = quorum(body, call.members, unable_to_act(case), readings.board_quorum)
    acting = sorted(call.present & q.counted)
    if len(acting) < q.needed:
        raise ProcedureError(
            f"Cannot {what}: {len(acting)} members who may act were present at meeting "
            f"{m.number}, and {q.rule}. Without a quorum {name} cannot act; adjourn to a "
            "noticed meeting.")
    return call


def count(case: Case, body: Body, motion: Motion, call: RollCall, *,
          readings: Readings, about: str | None = None) -> Tally:
    """The motion's result, from the votes of members present who may act; `about`: the
    official the action is against, when it is against one (the mayor does not break a tie
    on an action against the mayor, RCW 35A.12.100)."""
    barred = unable_to_act(case)
    votes = motion.votes(call, barred)
    for member in votes:
        reason = why_unable(case, member)
        if reason is not None:
            raise ProcedureError(f"{member} {reason}: they do not vote on this case. Record "
                                 "the motion without their vote.")
        if member not in call.present:
            raise ProcedureError(f"{member} was not present at the meeting (its roll call): "
                                 "only members present vote.")
    silent = sorted(call.present - barred - set(votes))
    if silent:
        raise ProcedureError(f"Record the vote of every member present who may act: "
                             f"{', '.join(silent)} has none (yes, no or abstain).")
    if body is Body.COUNCIL:
        yes = sum(v is Vote.YES for v in votes.values())
        no = sum(v is Vote.NO for v in votes.values())
        if motion.mayor is not None and yes != no:
            raise ProcedureError(f"The mayor votes only to break a tie (§14, RCW 35A.12.100); "
                                 f"the council's votes stand {yes} yes, {no} no.")
        return council_tally(votes, council=call.members, respondents=barred,
                     mayor_vote=motion.mayor, against_mayor=against_mayor(call.mayor, about,
                                                                          case),
                     majority=readings.council_majority)
    return board_motion_tally(votes, board=call.members, barred=barred)


def against_mayor(mayor: str, about: str | None, case: Case) -> bool:
    """Whether the action is against the mayor (RCW 35A.12.100, as §14 cites): the action
    as to `about` when it is about one official (each official's is their own: a tie on the
    action against a council member is the mayor's to break though the mayor is complained
    against in the same case), else any action on a case against the mayor."""
    if about is not None:
        return about.lower() == mayor.lower()
    return mayor.lower() in {r.lower() for r in case.respondents}


def motion_data(case: Case, motion: Motion, m: Meeting, result: Tally, body: Body,
                readings: Readings) -> dict[str, Any]:
    """What the history keeps of a motion: the meeting, each vote, the result."""
    assert m.roll_call is not None  # `check_at_meeting` let it through
    votes = motion.votes(m.roll_call, unable_to_act(case))
    return {"meeting": m.number, "body": body.value,
            "votes": dict(sorted((m, v.value) for m, v in votes.items())),
            "mayor": motion.mayor.value if motion.mayor else None,
            "carried": result.carried, "explanation": result.explanation,
            "reading": describe(readings.council_majority) if body is Body.COUNCIL
            else BOARD_RULE}
