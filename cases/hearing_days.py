"""The days a step of the board's hearing may be dated: one on which a noticed session of
that hearing was held (`session_day`), and, at its §11 hearing of a matter referred to it,
after the referral and before the board determines the matter (`referred_hearing_day`).

Its own module because the hearing's steps (`cases.handlers.sufficiency`) and the
correction of their dates (`cases.handlers.case_file`) both hold a day to these rules.
"""

from __future__ import annotations

from datetime import date

from cases.calendar import fmt_day
from cases.errors import ProcedureError
from cases.handlers import StepContext
from cases.meetings import Body, Business

__all__ = ["referred_hearing_day", "session_day"]


def session_day(s: StepContext, on: date | None, what: str, *, referred: bool = False
                ) -> date:
    """The day of `what` (a step of the hearing): one on which a noticed session of the
    board's hearing was held (RCW 42.30.077, .080); a hearing runs over its sessions.
    `referred`: of its §11 hearing of a matter referred to it, not its §7 hearing."""
    day = s.day(on)
    sessions = [m for m in s.case.meetings.all if m.body is Body.BOARD and not m.cancelled
                and (m.business is Business.REFERRED_HEARING if referred
                     else (m.business or Business.SUFFICIENCY_HEARING).sufficiency)]
    if not any(m.day == day and not m.recorded_late and m.starts_at <= s.at
               for m in sessions):
        held = ", ".join(f"{fmt_day(m.day)} (meeting {m.number}"
                         f"{', recorded after the fact' if m.recorded_late else ''})"
                         for m in sessions) or "none"
        hearing = "§11 hearing of the matter referred to it" if referred else "hearing"
        raise ProcedureError(
            f"Cannot record that {what} on {fmt_day(day)}: the board held no noticed session "
            f"of the {hearing} in {s.case.number} that day (sessions: {held}). The hearing "
            "takes place at a noticed meeting; schedule a session (it is noticed and "
            "posted), or correct the day.")
    return day


def referred_hearing_day(s: StepContext, party: str, on: date | None, what: str) -> date:
    """The day of `what` at the board's §11 hearing of `party`'s matter: referred to the
    board and not yet determined, on a noticed session of that hearing, after the referral."""
    referral = s.case.referral_of(party)
    if referral is None or not referral.board:
        where = "is not referred for hearing yet" if referral is None else (
            f"is referred to the hearings examiner {referral.to}, whose hearing is not the "
            "board's and is not kept in EthicsBot")
        raise ProcedureError(f"{party}'s matter {where} (§11): the board hears an official's "
                             "matter after the sufficiency report only when it is referred "
                             "to it.")
    if party in s.case.findings:
        raise ProcedureError(f"The board's determination as to {party} is already recorded: "
                             "its hearing of the matter came before it (§9, §11).")
    day = session_day(s, on, f"{what} at the board's hearing of the matter", referred=True)
    if referral.on is not None and day < referral.on:
        raise ProcedureError(f"Cannot record that {what} at the board's hearing of the matter "
                             f"on {fmt_day(day)}: it was referred to the board on "
                             f"{fmt_day(referral.on)} (§11).")
    return day
