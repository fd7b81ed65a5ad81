"""The steps from receipt to the end of the hearing: §2 notices, the sufficiency hearing
(§7, §9) and continuances (§7). The written report that follows, its time and its delivery
(§7, §10) are the next part's, `cases.handlers.report`. Each step is its command, its row
(`@step`), its handler and the effect of its entry (`@effect`), one above the other
(`cases.handlers`): so the part is over 400 lines, rather than a step read in two
modules."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime

from cases.calendar import fmt_day, fmt_moment
from cases.case_state import CaseState
from cases.deadlines import MAX_CONTINUANCE_DAYS, Continuance, DeadlineKey
from cases.directory import BOARD, COUNCIL, OFFICE
from cases.effects import changes_nothing, effect
from cases.errors import ProcedureError
from cases.handlers import THE_DAY, THE_MOTION, THE_OFFICIAL, Command, StepContext, asks, step
from cases.hearing_days import referred_hearing_day, session_day
from cases.history import Event, EventKind
from cases.meetings import Action, Body
from cases.motions import Motion
from cases.readings import ContinuanceCap, RemoteNotice, describe
from cases.recorded import HEARD_AT_REFERRED, Witness
from cases.section2 import REMOTE, NoticeMethod, Section2Act
from cases.stages import AT_HEARING, BEFORE_CONCLUSION, OPEN_STAGES, REFERRED_STAGES, Stage

__all__ = ["ApplyForContinuance", "BeginHearing", "ConcludeHearing", "DecideContinuance",
           "RecordBoardReceived", "RecordNoticeBounced", "RecordNoticeServed",
           "RecordRegisteredMail", "RecordRespondentHeard", "RecordReturnReceipt",
           "RecordWitness"]


@dataclass(frozen=True)
class RecordNoticeServed(Command):
    """One §2 act done: for the official complained against, `respondent` names which
    (each is informed; None: the only one). `given_at`: when it was really given, if not
    when recorded (a phone call typed in later is on time if it was); `how` and `to`
    are kept as the proof; `impracticable`: why actual notice was not immediately
    practicable, when the official was told by voicemail or email (§2)."""

    notice: Section2Act = field(metadata=asks("Which §2 act was done"))
    respondent: str | None = field(default=None, metadata=THE_OFFICIAL)
    how: NoticeMethod | None = field(default=None, metadata=asks("How it was given"))
    given_at: datetime | None = field(default=None, metadata=asks(
        "When it was given, if not now (city time)"))
    to: str = field(default="", metadata=asks("To whom (as given)", word="TO WHOM"))
    impracticable: str = field(default="", metadata=asks(
        "By voicemail, email or letter: why actual notice was not immediately practicable (§2)",
        word="WHY ACTUAL NOTICE WAS NOT PRACTICABLE"))


@step("notice", "record a §2 notice", EventKind.NOTICE_SERVED, OPEN_STAGES, OFFICE, "§2")
def notice(s: StepContext, cmd: RecordNoticeServed) -> Event:
    """A §2 act, when and how it was really done (a phone call on time, typed in later, is
    on time); the official informed named, as each is owed their own notice."""
    data: dict[str, str] = {"notice": cmd.notice.value}
    if cmd.notice is Section2Act.RESPONDENT_INFORMED:
        data["respondent"] = s.party(cmd.respondent, "was informed", "§2")
        data.update(_how_the_official_was_told(s, cmd))
    if cmd.given_at is not None:
        if cmd.given_at.tzinfo is None:
            raise ProcedureError("Give the time the notice was given with its time zone.")
        if not s.case.received_at <= cmd.given_at <= s.at:
            raise ProcedureError(
                f"The notice cannot have been given {fmt_moment(s.calendar.local(cmd.given_at))}"
                f": that is before the complaint was received "
                f"({fmt_moment(s.calendar.local(s.case.received_at))}) or after now. Give the "
                "time it was given.")
        data["given_at"] = cmd.given_at.isoformat()
    if cmd.how is not None:
        data["how"] = cmd.how.value
    if cmd.to.strip():
        data["to"] = cmd.to.strip()[:320]
    return s.event(EventKind.NOTICE_SERVED, **data)


@effect(EventKind.NOTICE_SERVED)
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


@dataclass(frozen=True)
class RecordNoticeBounced(Command):
    """A §2 notice EthicsBot delivered by email came back undelivered (a bounce reported
    after the server had accepted it): the act it served for `recipient` is undone, so
    `notice_24h` is open again (or missed) until the clerk records another notice. A
    notice the clerk recorded another way (phone, by hand) stands. Recorded by EthicsBot."""

    notice: Section2Act = field(metadata=asks("The §2 act whose notice bounced"))
    recipient: str = field(metadata=asks("The address it bounced from"))
    reason: str = field(default="", metadata=asks("Why it bounced (the bounce's words)", long=True))
    message_id: str | None = field(default=None, metadata=asks("The bounce's Message-ID"))


# a bounce of a §2 notice delivered by email, recorded by intake (EthicsBot alone)
@step("notice-bounced", "record that a §2 notice bounced", EventKind.NOTICE_BOUNCED, OPEN_STAGES,
      frozenset(), "§2")
def bounced(s: StepContext, cmd: RecordNoticeBounced) -> Event:
    """A §2 notice that came back: for the official's notice, `recipient` must be one of
    the officials complained against (each is informed in their own right)."""
    recipient = cmd.recipient.strip().lower()
    if not recipient:
        raise ProcedureError("Say to whom the notice that bounced was sent.")
    data: dict[str, str] = {"notice": cmd.notice.value, "recipient": recipient,
                            "reason": " ".join(cmd.reason.split())[:500]}
    if cmd.notice is Section2Act.RESPONDENT_INFORMED:
        data["respondent"] = s.party(recipient, "was sent the notice that bounced", "§2")
    if cmd.message_id:
        data["message_id"] = cmd.message_id[:500]
    return s.event(EventKind.NOTICE_BOUNCED, **data)


@effect(EventKind.NOTICE_BOUNCED)
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


def _how_the_official_was_told(s: StepContext, cmd: RecordNoticeServed) -> dict[str, str]:
    """§2 accepts voicemail, email or the like "if actual notice is not immediately
    practicable": whether such a notice informs the official by itself is the city's
    reading (`remote_notice`), which the entry names; why actual notice was not
    practicable is kept when given, and required when the reading asks for it."""
    why = " ".join(cmd.impracticable.split())[:500]
    reading = s.readings.remote_notice
    if reading is RemoteNotice.IF_IMPRACTICABLE and (cmd.how is None or (
            cmd.how in REMOTE and not why)):
        raise ProcedureError(
            "Say how the official was told and, for voicemail, email or a letter, why actual "
            "notice was not immediately practicable (add `because …`): by the city's "
            f"reading, {describe(reading)}. Actual notice (in person, or a call that reached "
            "them) needs no reason.")
    out = {"impracticable": why} if why else {}
    if cmd.how in REMOTE:
        out["reading"] = reading.value
    return out


@dataclass(frozen=True)
class RecordBoardReceived(Command):
    """§2: the board says it has the complaint (the mayor's office may record the same act
    from its side with `RecordNoticeServed`)."""


@step("board-received", "record that the board received the complaint", EventKind.NOTICE_SERVED,
      OPEN_STAGES, BOARD, "§2", label="Board received it")
def board_received(s: StepContext, cmd: RecordBoardReceived) -> Event:
    return s.event(EventKind.NOTICE_SERVED, notice=Section2Act.SUBMITTED_TO_BOARD.value)


@dataclass(frozen=True)
class RecordRegisteredMail(Command):
    """§2: a copy to an official complained against by registered mail; `respondent`
    names which (each gets their own; None: the only one)."""

    tracking_number: str = field(metadata=asks("Registered mail tracking number",
                                               example="RE123456789US"))
    on: date | None = field(default=None, metadata=THE_DAY)
    respondent: str | None = field(default=None, metadata=THE_OFFICIAL)


@step("registered-mail", "record registered mail", EventKind.REGISTERED_MAIL_SENT, OPEN_STAGES,
      OFFICE, "§2")
def registered(s: StepContext, cmd: RecordRegisteredMail) -> Event:
    if not cmd.tracking_number.strip():
        raise ProcedureError("Give the registered-mail tracking number: it is the proof (§2).")
    party = s.party(cmd.respondent, "was sent the copy", "§2")
    return s.event(EventKind.REGISTERED_MAIL_SENT, tracking_number=cmd.tracking_number.strip(),
                   on=s.day(cmd.on).isoformat(), respondent=party)


@effect(EventKind.REGISTERED_MAIL_SENT)
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


@dataclass(frozen=True)
class RecordReturnReceipt(Command):
    """§2: the return receipt of an official's registered-mail copy came back, signed
    `on` (the green card's date, the proof the copy was received); `respondent` names
    which official's (None: the only one)."""

    on: date = field(metadata=asks("The day the return receipt was signed", word="DATE"))
    respondent: str | None = field(default=None, metadata=THE_OFFICIAL)


@step("return-receipt", "record the registered mail's return receipt",
      EventKind.RETURN_RECEIPT_RECORDED, OPEN_STAGES, OFFICE, "§2")
def return_receipt(s: StepContext, cmd: RecordReturnReceipt) -> Event:
    """The registered copy's return receipt, kept with its day: after the copy was mailed,
    never before, and never a day to come."""
    party = s.party(cmd.respondent, "signed the return receipt", "§2")
    sent = s.case.mailed.get(party)
    if sent is None:
        raise ProcedureError(f"No registered-mail copy to {party} is recorded in "
                             f"{s.case.number}: record it first (`registered-mail`), then "
                             "its return receipt (§2).")
    mailed_on = sent[1] or s.calendar.local_date(sent[0])
    day = s.day(cmd.on)
    if day < mailed_on:
        raise ProcedureError(f"The return receipt cannot be signed {fmt_day(day)}: the copy "
                             f"was mailed {fmt_day(mailed_on)}. Give the date on the card.")
    return s.event(EventKind.RETURN_RECEIPT_RECORDED, on=day.isoformat(), respondent=party)


changes_nothing(EventKind.RETURN_RECEIPT_RECORDED, why="the proof, kept in the history")



@dataclass(frozen=True)
class BeginHearing(Command):
    on: date | None = field(default=None, metadata=THE_DAY)


@step("begin", "begin the hearing", EventKind.HEARING_BEGUN, frozenset({Stage.HEARING_SCHEDULED}),
      BOARD, "§7", stayed=True, label="Hearing began")
def begin(s: StepContext, cmd: BeginHearing) -> Event:
    return s.event(EventKind.HEARING_BEGUN,
                   on=session_day(s, cmd.on, "the hearing began").isoformat())


@effect(EventKind.HEARING_BEGUN)
def hearing_begun(case: CaseState, e: Event, on: date | None) -> None:
    case.hearing_begun_at, case.hearing_begun_on = e.at, on


@dataclass(frozen=True)
class RecordRespondentHeard(Command):
    """§9: a respondent had the opportunity to present; `presented` says if they did.
    `respondent` (their email) may be left out when the complaint names only one. At the
    §7 hearing, or, once their matter is referred to the board, at the board's §11
    hearing of it."""

    presented: bool = field(default=True, metadata=asks(
        "At the hearing (§9)", yes_no=("The respondent presented", "The respondent declined")))
    on: date | None = field(default=None, metadata=THE_DAY)
    respondent: str | None = field(default=None, metadata=THE_OFFICIAL)


# after the conclusion too, dated on a day of the hearing (`cases.order`): a board that
# forgot to record it is not locked out of its report (§9); after a referral to the board,
# at its §11 hearing of the official's matter, before it determines it
@step("heard", "record that the respondent was heard", EventKind.RESPONDENT_HEARD,
      AT_HEARING | REFERRED_STAGES, BOARD, "§9", stayed=True, label="Respondent heard")
def heard(s: StepContext, cmd: RecordRespondentHeard) -> Event:
    party = s.party(cmd.respondent, "was heard", "§9")
    if s.case.stage in AT_HEARING:
        return s.event(EventKind.RESPONDENT_HEARD, presented=cmd.presented,
                       on=session_day(s, cmd.on, f"{party} was heard").isoformat(),
                       respondent=party)
    on = referred_hearing_day(s, party, cmd.on, f"{party} was heard")
    return s.event(EventKind.RESPONDENT_HEARD, presented=cmd.presented, on=on.isoformat(),
                   respondent=party, hearing=HEARD_AT_REFERRED)


@effect(EventKind.RESPONDENT_HEARD)
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




@dataclass(frozen=True)
class RecordWitness(Command):
    """§9: a witness heard at the hearing, as to one official's matter (or the case's); at
    the board's §11 hearing, as to the official whose matter is referred to it. A
    member of the board or the council who was one is walled off from the case: they act
    on nothing in it (no one judges on their own testimony, RCW 42.36.060)."""

    name: str = field(metadata=asks("The witness's name"))
    # where the directory lists them (a member's: they are walled off)
    email: str = field(default="", metadata=asks(
        "Their email, if they gave one (a board or council member who was a witness is walled "
        "off from the case)"))
    # whose matter they spoke to; None: the case's
    respondent: str | None = field(default=None, metadata=asks(
        "Whose matter they spoke to (the official's email; empty: the case's)",
        word="@OFFICIAL"))
    on: date | None = field(default=None, metadata=THE_DAY)


@step("witness", "record a witness heard at the hearing", EventKind.WITNESS_HEARD,
      AT_HEARING | REFERRED_STAGES,
      BOARD, "§9; RCW 42.36.060", stayed=True)
def witness(s: StepContext, cmd: RecordWitness) -> Event:
    name = " ".join(cmd.name.split())[:200]
    if not name:
        raise ProcedureError("Give the witness's name: the hearing's record keeps who spoke.")
    email = cmd.email.strip().lower()
    if email and "@" not in email:
        raise ProcedureError(f"{cmd.email[:80]!r} is not an email address; leave it out if "
                             "the witness gave none.")
    if email in {r.lower() for r in s.case.respondents}:
        raise ProcedureError(f"{email} is complained against in {s.case.number}: record what "
                             "they presented with `heard` (§9), not as a witness.")
    if s.case.stage not in AT_HEARING:  # at the board's §11 hearing, on one official's matter
        whose = s.party(cmd.respondent, "the witness spoke to", "§11")
        on = referred_hearing_day(s, whose, cmd.on, f"{name} was heard")
        return s.event(EventKind.WITNESS_HEARD, name=name, on=on.isoformat(),
                       **({"email": email} if email else {}), respondent=whose,
                       hearing=HEARD_AT_REFERRED)
    party = s.party(cmd.respondent, "the witness spoke to", "§9") if (
        cmd.respondent or len(s.case.parties()) == 1) else None
    return s.event(EventKind.WITNESS_HEARD, name=name, on=session_day(
        s, cmd.on, f"{name} was heard").isoformat(),
        **({"email": email} if email else {}), **({"respondent": party} if party else {}))


@effect(EventKind.WITNESS_HEARD)
def witness_heard(case: CaseState, e: Event, on: date | None) -> None:
    d = e.data
    case.witnesses.append(Witness(str(d["name"]), str(d.get("email") or ""),
                                  d.get("respondent"), on,
                                  d.get("hearing") == HEARD_AT_REFERRED))


@dataclass(frozen=True)
class ConcludeHearing(Command):
    on: date | None = field(default=None, metadata=THE_DAY)


@step("concluded", "conclude the hearing", EventKind.HEARING_CONCLUDED,
      frozenset({Stage.HEARING_BEGUN}), BOARD, "§7", stayed=True, label="Hearing concluded")
def conclude(s: StepContext, cmd: ConcludeHearing) -> Event:
    return s.event(EventKind.HEARING_CONCLUDED,
                   on=session_day(s, cmd.on, "the hearing concluded").isoformat())


@effect(EventKind.HEARING_CONCLUDED)
def hearing_concluded(case: CaseState, e: Event, on: date | None) -> None:
    case.hearing_concluded_on, case.hearing_concluded_at = on, e.at


@dataclass(frozen=True)
class ApplyForContinuance(Command):
    """§7: the board applies, by motion at its meeting."""

    reason: str = field(metadata=asks("Reason", long=True, example=(
        "The official's counsel is in trial until the 20th")))
    on: date | None = field(default=None, metadata=THE_DAY)
    motion: Motion | None = field(default=None, metadata=THE_MOTION)


@step("continuance apply", "apply for a continuance", EventKind.CONTINUANCE_APPLIED,
      BEFORE_CONCLUSION, BOARD | OFFICE, "§7", body=Body.BOARD, agenda=Action.CONTINUANCE)
def apply_continuance(s: StepContext, cmd: ApplyForContinuance) -> Event:
    case, applied = s.case, s.day(cmd.on)
    if case.pending_continuance is not None:
        raise ProcedureError(f"{case.number} already has a continuance application awaiting the "
                             "council's decision. Record that decision first.")
    decided = [x.decided for x in case.continuances if x.decided is not None]
    if decided and applied < max(decided):
        raise ProcedureError(
            f"The application ({fmt_day(applied)}) cannot be dated before the council decided "
            f"the previous one ({fmt_day(max(decided))}): the days paused would count twice "
            "(§7).")
    conclude = next(d for d in case.deadlines(s.calendar, now=s.at)
                    if d.key is DeadlineKey.HEARING_CONCLUDE)
    # The day of the application decides, as for every step dated `on`: an application made
    # in time and recorded later still tolls; one made after the last day cannot revive it.
    if conclude.due is not None and applied > s.calendar.local_date(conclude.due):
        raise ProcedureError(
            f"Too late to toll {case.number}: the hearing had to conclude by "
            f"{fmt_day(s.calendar.local_date(conclude.due))} (§7), and a "
            "continuance cannot revive a deadline that has passed.")
    if not cmd.reason.strip():
        raise ProcedureError("State the demonstrable and compelling reason for the continuance "
                             "(§7): the council may grant one only for such a reason.")
    return s.event(EventKind.CONTINUANCE_APPLIED, on=applied.isoformat(), reason=cmd.reason)


@effect(EventKind.CONTINUANCE_APPLIED)
def continuance_applied(case: CaseState, e: Event, on: date | None) -> None:
    assert on is not None
    case.continuances.append(Continuance(applied=on))


@dataclass(frozen=True)
class DecideContinuance(Command):
    """§7: the council decides the board's application, by motion at its meeting."""

    # 0 = denied
    granted_days: int = field(metadata=asks("Days granted (0: denied; at most 10, §7)"))
    on: date | None = field(default=None, metadata=THE_DAY)
    motion: Motion | None = field(default=None, metadata=THE_MOTION)


@step("continuance decide", "record the council's decision on a continuance",
      EventKind.CONTINUANCE_DECIDED, BEFORE_CONCLUSION, COUNCIL | OFFICE, "§7", body=Body.COUNCIL,
      agenda=Action.CONTINUANCE)
def decide_continuance(s: StepContext, cmd: DecideContinuance) -> Event:
    pending = s.case.pending_continuance
    if pending is None:
        raise ProcedureError(f"{s.case.number} has no continuance application to decide.")
    if not 0 <= cmd.granted_days <= MAX_CONTINUANCE_DAYS:
        raise ProcedureError(f"A continuance may not exceed {MAX_CONTINUANCE_DAYS} days (§7); "
                             f"{cmd.granted_days} were asked. Enter 0 to record a denial.")
    if s.readings.continuance_cap is ContinuanceCap.IN_TOTAL:
        before = sum(x.granted_days for x in s.case.continuances if not x.pending)
        if cmd.granted_days > MAX_CONTINUANCE_DAYS - before:
            raise ProcedureError(
                f"Continuances may not exceed {MAX_CONTINUANCE_DAYS} days in total, as the "
                f"city reads §7: {before} days were granted before, so at most "
                f"{max(0, MAX_CONTINUANCE_DAYS - before)} may be granted now; "
                f"{cmd.granted_days} were asked. Enter 0 to record a denial.")
    decided = s.day(cmd.on)
    if decided < pending.applied:
        raise ProcedureError(f"The council's decision ({fmt_day(decided)}) cannot come before "
                             f"the application ({fmt_day(pending.applied)}).")
    return s.event(EventKind.CONTINUANCE_DECIDED, on=decided.isoformat(),
                   granted_days=cmd.granted_days)


@effect(EventKind.CONTINUANCE_DECIDED)
def continuance_decided(case: CaseState, e: Event, on: date | None) -> None:
    c = case.continuances[-1]
    case.continuances[-1] = Continuance(c.applied, on, int(e.data["granted_days"]))
