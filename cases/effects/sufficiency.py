"""The effects of the sufficiency part's entries (§2-§10: the §2 notices and the
registered copy, the hearing, continuances), as `cases.handlers.sufficiency`
records them."""

from __future__ import annotations

from datetime import date, datetime

from cases.case_state import CaseState
from cases.deadlines import Continuance
from cases.effects.effect import Effect, nothing
from cases.history import Event, EventKind
from cases.recorded import HEARD_AT_REFERRED, Witness
from cases.section2 import NoticeMethod, Section2Act

__all__ = ["EFFECTS"]


def notice_served(case: CaseState, e: Event, on: date | None) -> None:
    """A §2 act; the official's notice is served once every official was informed (an
    entry naming nobody, from before each was named, stood for all of them)."""
    d = e.data
    kind, respondent = Section2Act(d["notice"]), d.get("respondent")
    given = datetime.fromisoformat(d["given_at"]) if d.get("given_at") else e.at
    how = str(d.get("how") or "")
    if kind is not Section2Act.RESPONDENT_INFORMED:
        if kind not in case.notices_served:
            case.notices_served[kind] = given
            case.served_how[kind.value] = how
        return
    for party in [respondent] if respondent else case.parties():
        if party not in case.informed:
            case.informed[party] = given
            case.served_how[party] = how
    if set(case.informed) >= set(case.parties()):
        case.notices_served.setdefault(kind, max(case.informed[p] for p in case.parties()))


def notice_bounced(case: CaseState, e: Event, on: date | None) -> None:
    """A §2 notice delivered by email came back: the act it served is undone (the
    official's own notice for that official), so `notice_24h` is open again, or missed;
    one given another way (phone, by hand, post) stands."""
    kind, respondent = Section2Act(e.data["notice"]), e.data.get("respondent")
    key = respondent if kind is Section2Act.RESPONDENT_INFORMED else kind.value
    if key is None or case.served_how.get(key) != NoticeMethod.EMAIL.value:
        return
    del case.served_how[key]
    case.notices_served.pop(kind, None)
    if respondent is not None:
        case.informed.pop(respondent, None)


def registered_mail_sent(case: CaseState, e: Event, on: date | None) -> None:
    """Each official's copy; the deadline is met once every official's was sent."""
    # before each respondent was named, one entry stood for all of them
    d = e.data
    for party in [d["respondent"]] if d.get("respondent") else case.parties():
        case.mailed.setdefault(party, (e.at, on))
    if set(case.mailed) >= set(case.parties()):
        sent = [case.mailed[p] for p in case.parties()]
        case.registered_mail_at = max(at for at, _ in sent)
        days = [day for _, day in sent if day is not None]
        case.registered_mail_on = max(days) if days else None


def hearing_begun(case: CaseState, e: Event, on: date | None) -> None:
    case.hearing_begun_at, case.hearing_begun_on = e.at, on


def respondent_heard(case: CaseState, e: Event, on: date | None) -> None:
    # before each respondent was named, one entry stood for all of them; an entry without
    # `hearing` is from the §7 hearing (before the board's §11 hearing was recorded apart)
    d = e.data
    referred = d.get("hearing") == HEARD_AT_REFERRED
    presented, days = ((case.heard_referred, case.heard_referred_on) if referred
                       else (case.heard, case.heard_on))
    for party in [d["respondent"]] if d.get("respondent") else case.parties():
        presented[party] = bool(d.get("presented", True))
        if on is not None:
            days[party] = on


def witness_heard(case: CaseState, e: Event, on: date | None) -> None:
    d = e.data
    case.witnesses.append(Witness(str(d["name"]), str(d.get("email") or ""),
                                  d.get("respondent"), on,
                                  d.get("hearing") == HEARD_AT_REFERRED))


def hearing_concluded(case: CaseState, e: Event, on: date | None) -> None:
    case.hearing_concluded_on, case.hearing_concluded_at = on, e.at


def continuance_applied(case: CaseState, e: Event, on: date | None) -> None:
    assert on is not None
    case.continuances.append(Continuance(applied=on))


def continuance_decided(case: CaseState, e: Event, on: date | None) -> None:
    c = case.continuances[-1]
    case.continuances[-1] = Continuance(c.applied, on, int(e.data["granted_days"]))


_K = EventKind
EFFECTS: dict[EventKind, Effect] = {
    _K.NOTICE_SERVED: notice_served,
    _K.NOTICE_BOUNCED: notice_bounced,
    _K.REGISTERED_MAIL_SENT: registered_mail_sent,
    _K.RETURN_RECEIPT_RECORDED: nothing,  # the proof, kept in the history
    _K.HEARING_BEGUN: hearing_begun,
    _K.RESPONDENT_HEARD: respondent_heard,
    _K.WITNESS_HEARD: witness_heard,
    _K.HEARING_CONCLUDED: hearing_concluded,
    _K.CONTINUANCE_APPLIED: continuance_applied,
    _K.CONTINUANCE_DECIDED: continuance_decided,
}
