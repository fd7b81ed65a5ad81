"""Any sequence of steps: each is recorded or refused with a ProcedureError (never another
exception), a refusal changes nothing, the history always replays to the same case, and a
case is confidential exactly until it is closed."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import fields, replace
from datetime import date, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from cases import commands as c
from cases.acts import unable_to_act
from cases.case import Case, Requester, Stage
from cases.deadlines import DISCLOSURE_KEYS, Status, status_at
from cases.disclosure import AnswerKind
from cases.errors import ProcedureError
from cases.handlers import Command
from cases.history import EventKind
from cases.meetings import Action, Body, EmergencyGround, Item, MeetingKind
from cases.motions import Motion
from cases.open_meetings import quorum
from cases.procedure import handle, open_case
from cases.public_records import PublicRecord
from cases.readings import DEFAULT
from cases.section2 import Section2Act
from cases.steps import ACTS
from cases.tally import Vote
from tests.budget import examples
from tests.unit.cases.riverton import (
    CALENDAR,
    COUNCIL_EMAILS,
    SECTION_A,
    SECTION_OTHER,
    at,
    filing,
)
from tests.unit.cases.sessions import BOARD_EMAILS, at_its_meeting

START = at("2026-01-06T09:45:00-08:00")
MEMBERS = sorted(COUNCIL_EMAILS)


def received(number: str) -> Case:
    """A case against Gary Pruitt, opened by the clerk at START: each test's start."""
    return open_case(number=number, filing=filing(), respondents=("gpruitt@city.test",),
                     at=START, actor="clerk@city.test")


def moments(data: st.DataObject, length: int, *, days: int) -> Iterator[datetime]:
    """`length` moments after START, each up to `days` days after the one before."""
    moment = START
    for _ in range(length):
        moment += timedelta(minutes=data.draw(st.integers(0, days * 24 * 60)))
        yield moment

BY_TYPE: dict[type[Command], st.SearchStrategy[Command]] = {
    c.RecordNoticeServed: st.sampled_from(list(Section2Act)).map(c.RecordNoticeServed),
    c.RecordRegisteredMail: st.just(c.RecordRegisteredMail("RR1")),
    c.ScheduleBoardMeeting: st.integers(0, 40).map(
        lambda d: c.ScheduleBoardMeeting(START + timedelta(days=d), "City Hall")),
    c.BeginHearing: st.just(c.BeginHearing()),
    c.RecordRespondentHeard: st.booleans().map(lambda p: c.RecordRespondentHeard(presented=p)),
    c.ConcludeHearing: st.just(c.ConcludeHearing()),
    c.ApplyForContinuance: st.just(c.ApplyForContinuance("reason")),
    c.DecideContinuance: st.integers(-1, 12).map(lambda d: c.DecideContinuance(granted_days=d)),
    c.RequestReportExtension: st.builds(c.RequestReportExtension,
                                        st.sampled_from(list(Requester)), st.integers(-1, 9)),
    c.DecideReportExtension: st.booleans().map(c.DecideReportExtension),
    c.IssueReport: st.booleans().map(lambda s: c.IssueReport(sufficient=s)),
    c.DeliverReport: st.just(c.DeliverReport()),
    c.RequestBoardHearing: st.just(c.RequestBoardHearing(via="email", evidence="letter on file")),
    c.Refer: st.sampled_from([None, "myu@examiners.example"]).map(c.Refer),
    c.RecordDetermination: st.builds(c.RecordDetermination, st.booleans(),
                                     st.sampled_from([(), (SECTION_A,), (SECTION_OTHER,)])),
    c.ExtendCouncilDecision: st.integers(-1, 5).map(lambda d: c.ExtendCouncilDecision(days=d)),
    c.RequestCouncilExtension: st.integers(-1, 5).map(c.RequestCouncilExtension),
    c.RecordRecusal: st.sampled_from([*MEMBERS, "vosei@city.test"]).map(
        lambda m: c.RecordRecusal(m, "a relative", BOARD_EMAILS, COUNCIL_EMAILS)),
    c.RecordCouncilVote: st.builds(c.RecordCouncilVote,
                                   st.sampled_from([*MEMBERS, "gpruitt@city.test"]),
                                   st.sampled_from(list(Vote)), st.just(COUNCIL_EMAILS)),
    c.RecordMayorVote: st.sampled_from(list(Vote)).map(
        lambda v: c.RecordMayorVote(v, "mayor@city.test")),
    c.RecordCouncilDecision: st.builds(
        c.RecordCouncilDecision, st.just(COUNCIL_EMAILS), st.just("mayor@city.test"),
        st.sampled_from([(), (c.Penalty(SECTION_A, "censure"),),
                         (c.Penalty(SECTION_OTHER, "fine"),)])),
    c.AmendComplaint: st.sampled_from([(), (SECTION_OTHER,)]).map(
        lambda s: c.AmendComplaint(s)),
    c.CorrectReceipt: st.integers(-5, 0).map(
        lambda d: c.CorrectReceipt(START + timedelta(days=d), "forward")),
    c.CloseCase: st.just(c.CloseCase("done")),
    c.RecordBoardReceived: st.just(c.RecordBoardReceived()),
    c.VoidCase: st.just(c.VoidCase("a duplicate", "mayor@city.test")),
    c.RecordDisclosureRequest: st.just(c.RecordDisclosureRequest("A. Reporter")),
    c.PrepareInstalment: st.sampled_from([(), tuple(PublicRecord)]).map(
        lambda r: c.PrepareInstalment(r, final=True)),
    c.ReleaseRecords: st.just(c.ReleaseRecords()),
    c.AnswerDisclosure: st.sampled_from(list(AnswerKind)).map(
        lambda a: c.AnswerDisclosure(a, text="answered", estimate=date(2027, 3, 1),
                                     exemption="RCW 42.56.290", explanation="a party")),
    c.RecordClarification: st.just(c.RecordClarification()),
    c.NotifyThirdParty: st.just(c.NotifyThirdParty("Dana", "dana@mail.test",
                                                   (PublicRecord.COMPLAINT,),
                                                   date(2027, 3, 1))),
}


def next_command(data: st.DataObject, case: Case) -> Command:
    """Mostly a step the stage allows (so cases get far), sometimes any step at all."""
    allowed = [t for t in BY_TYPE if case.stage in t.step.allowed_in]
    anything = data.draw(st.integers(0, 9)) == 0 or not allowed
    kind = data.draw(st.sampled_from(list(BY_TYPE) if anything else allowed))
    return data.draw(BY_TYPE[kind])


@settings(max_examples=examples(300), deadline=None)
@given(st.data(), st.integers(1, 80))
def test_any_sequence_of_steps(data: st.DataObject, length: int) -> None:
    case = received("2026-100")
    for moment in moments(data, length, days=4):
        # a body acts at its meeting
        cmd = at_its_meeting(case, next_command(data, case), moment.isoformat())
        before = Case.replay(case.number, case.history)
        try:
            event = handle(case, cmd, at=moment, actor="clerk@city.test", calendar=CALENDAR)
        except ProcedureError as refusal:
            assert str(refusal).strip()
            assert case == before  # a refusal records nothing
        else:
            assert case.history[-1] is event and len(case.history) == len(before.history) + 1
            assert (event.at, event.actor) == (moment, "clerk@city.test")
        # §6, read from the record itself rather than from the stage the code derives:
        # confidential until a closing is recorded, and never again after it
        closed = [e for e in case.history if e.kind is EventKind.CASE_CLOSED]
        assert case.confidential is not closed
        assert len(closed) <= 1
        assert Case.replay(case.number, case.history) == case
        deadlines = case.deadlines(CALENDAR, now=moment)
        if case.stage is Stage.VOID:  # no deadline runs on a case opened by mistake: what
            # it met or missed before it was voided stays in its record as it stood
            assert all(d.status in (Status.MET, Status.LATE, Status.MISSED)
                       for d in deadlines if d.key not in DISCLOSURE_KEYS)
        else:
            assert [d.key for d in deadlines][:4] == ["notice_24h", "registered_mail",
                                                      "hearing_begin", "hearing_conclude"]
        assert sum(x.pending for x in case.continuances) <= 1
        for x in case.continuances:
            assert 0 <= x.granted_days <= 10
            assert x.decided is None or x.decided >= x.applied
        assert set(case.alleged_sections) >= {SECTION_A}
        assert case.closed_at == (closed[0].at if closed else None)
        assert all(a.at <= b.at for a, b in zip(case.history, case.history[1:], strict=False))


# -- issue 10: dated steps stay in order; statuses judged now agree with a fresh replay --------

DAYS = st.integers(-3, 0)  # the step happened today or up to three days before


def _dated(data: st.DataObject, cmd: Command, moment: datetime) -> Command:
    """`cmd` with a generated `on` (the day it happened), where the step has one."""
    if "on" not in {f.name for f in fields(cmd)}:
        return cmd
    day = CALENDAR.local_date(moment) + timedelta(days=data.draw(DAYS))
    return replace(cmd, on=day)  # type: ignore[type-var]


CORRECTABLE = [EventKind.REGISTERED_MAIL_SENT, EventKind.HEARING_BEGUN,
               EventKind.RESPONDENT_HEARD, EventKind.HEARING_CONCLUDED, EventKind.REPORT_ISSUED,
               EventKind.REPORT_DELIVERED, EventKind.REFERRED,
               EventKind.DETERMINATION_RECEIVED, EventKind.CONTINUANCE_APPLIED,
               EventKind.CONTINUANCE_DECIDED]


def assert_in_order(case: Case) -> None:
    """No step of the stored case is dated before the step it follows."""
    def chain(*days: date | None) -> None:
        known = [d for d in days if d is not None]
        assert known == sorted(known), days

    received = CALENDAR.local_date(case.received_at)
    heard = list(case.heard_on.values())
    for h in heard or [None]:
        chain(received, case.hearing_begun_on, h, case.hearing_concluded_on,
              case.report_issued_on, case.report_delivered_on, case.referred_on,
              case.determination_received_on, case.council_decided_on)
    chain(received, case.registered_mail_on)
    previous: date | None = received
    for x in case.continuances:
        chain(previous, x.applied, x.decided)
        previous = x.decided or x.applied
    if case.hearing_concluded_on is not None:
        for x in case.continuances:
            chain(x.decided, case.hearing_concluded_on)


@settings(max_examples=examples(200), deadline=None)
@given(st.data(), st.integers(1, 60))
def test_dated_steps_are_never_stored_out_of_order(data: st.DataObject, length: int) -> None:
    case = received("2026-101")
    for moment in moments(data, length, days=3):
        if data.draw(st.integers(0, 5)) == 0:
            cmd: Command = c.CorrectStepDate(
                data.draw(st.sampled_from(CORRECTABLE)),
                CALENDAR.local_date(moment) - timedelta(days=data.draw(st.integers(0, 30))),
                "typo")
        else:
            cmd = _dated(data, next_command(data, case), moment)
        with contextlib.suppress(ProcedureError):
            cmd = at_its_meeting(case, cmd, moment.isoformat())
            handle(case, cmd, at=moment, actor="clerk@city.test", calendar=CALENDAR)
        assert_in_order(case)
        assert Case.replay(case.number, case.history) == case


@settings(max_examples=examples(150), deadline=None)
@given(st.data(), st.integers(1, 50), st.integers(-40 * 24, 80 * 24))
def test_stored_statuses_judged_at_any_now_agree_with_a_fresh_replay(
        data: st.DataObject, length: int, hours: int) -> None:
    case = received("2026-102")
    moment = START
    for moment in moments(data, length, days=2):
        with contextlib.suppress(ProcedureError):
            handle(case, at_its_meeting(case, next_command(data, case), moment.isoformat()),
                   at=moment, actor="clerk@city.test",
                   calendar=CALENDAR)
    stored = case.deadlines(CALENDAR, now=moment)  # as saved with the last step
    now = moment + timedelta(hours=hours)
    if case.void:  # its record stands as it was when voided: judged from then on only
        now = max(now, moment)
    fresh = Case.replay(case.number, case.history).deadlines(CALENDAR, now=now)
    assert [(d.key, status_at(d.key, d.status, d.due, now)) for d in stored] == [
        (d.key, d.status) for d in fresh]


PARTIES = ("gpruitt@city.test", "lbates@city.test")


def two_officials(number: str) -> Case:
    """A case against Gary Pruitt and Lorna Bates, opened by the clerk at START."""
    return open_case(number=number, filing=filing(respondents=("Gary Pruitt", "Lorna Bates")),
                     respondents=PARTIES, at=START, actor="clerk@city.test")


def _about(data: st.DataObject, cmd: Command) -> Command:
    """`cmd` about one of the two officials, or none, where it names one."""
    if "respondent" not in {f.name for f in fields(cmd)}:
        return cmd
    return replace(cmd, respondent=data.draw(st.sampled_from([None, *PARTIES])))  # type: ignore[type-var]


def assert_acts_at_their_meetings(case: Case) -> None:
    """Every recorded act of a body lies at a noticed meeting of that body, under way, in
    open session, on an item of its notice naming it, with a quorum and every member
    present who may act voting; dated (as corrected) on the meeting's day."""
    for i, e in enumerate(case.history):
        rule = ACTS.get(e.kind)
        if rule is None:
            continue
        number = e.data.get("meeting") or (e.data.get("motion") or {}).get("meeting")
        if number is None and callable(rule.body):
            continue  # not a body's act this time (the examiner's determination, say)
        assert number is not None, e
        then = Case.replay(case.number, case.history[:i])  # the case when it was taken
        m = then.meetings.get(int(number))
        assert m is not None and not m.cancelled and not m.recorded_late, e
        assert not isinstance(rule.body, Body) or m.body is rule.body, e
        assert m.starts_at <= e.at and m.in_session is None, e
        if m.agenda is not None and m.kind is MeetingKind.SPECIAL and rule.agenda is not None:
            about = e.data.get("respondent") if rule.agenda.per_official else None
            assert Item(rule.agenda, about) in m.agenda, (e, m.agenda)
        call = m.roll_call
        assert call is not None, e
        barred = unable_to_act(then)
        q = quorum(m.body, call.members, barred, DEFAULT.board_quorum)
        assert len(call.present & q.counted) >= q.needed, e
        voted = (e.data.get("motion") or {}).get("votes") or e.data.get("votes")
        if voted is not None:
            assert call.present - barred <= set(voted), e
        day = case.as_corrected(i).data.get("on")
        assert day in (None, m.day.isoformat()), (e, day, m.day)


def assert_no_report_without_the_opportunity(case: Case) -> None:
    """§9: the board's report follows each official's opportunity at its §7 hearing, and
    its determination of a matter referred to it that official's at its §11 hearing (the
    default reading `referred_opportunity`), both as the history stands, corrections
    included."""
    for i, e in enumerate(case.history):
        if e.kind is EventKind.REPORT_ISSUED:
            then = Case.replay(case.number, case.history[:i])
            assert set(then.parties()) <= set(then.heard), e
        if e.kind is EventKind.DETERMINATION_RECEIVED and e.data.get("by") == "board":
            then = Case.replay(case.number, case.history[:i])
            assert e.data["respondent"] in then.heard_referred, e
            heard = case.heard_referred_on.get(e.data["respondent"])
            found = case.as_corrected(i).data.get("on")
            assert heard is None or found is None or heard.isoformat() <= found, e


@settings(max_examples=examples(120), deadline=None)
@given(st.data(), st.integers(1, 90))
def test_every_act_of_a_body_lies_at_a_noticed_meeting_on_an_item_naming_it(
        data: st.DataObject, length: int) -> None:
    """Issue 38: random steps on a case against two officials, some of them corrections
    of a body's act's day: the acts recorded stay at their meetings, before and after."""
    case = two_officials("2026-102")
    for moment in moments(data, length, days=3):
        acts = [i for i, e in enumerate(case.history) if e.kind in ACTS]
        if acts and data.draw(st.integers(0, 6)) == 0:
            target = data.draw(st.sampled_from(acts))
            cmd: Command = c.CorrectStepDate(
                case.history[target].kind,
                CALENDAR.local_date(moment) - timedelta(days=data.draw(st.integers(0, 10))),
                "typo", entry=target + 1)
        else:
            cmd = _about(data, next_command(data, case))
        with contextlib.suppress(ProcedureError):
            cmd = at_its_meeting(case, cmd, moment.isoformat())
            handle(case, cmd, at=moment, actor="clerk@city.test", calendar=CALENDAR)
        assert_acts_at_their_meetings(case)
        assert_no_report_without_the_opportunity(case)


def _council_steps(data: st.DataObject, moment: datetime) -> list[Command]:
    """Steps of the council's part on a case against two officials, at a meeting under way
    or not, with any official or none: one step, or every member's vote as to one."""
    party = st.sampled_from([*PARTIES, *PARTIES, None])
    if data.draw(st.integers(0, 2)) == 0:  # the roll of the members' votes as to one
        about = data.draw(party)
        return [c.RecordCouncilVote(m, data.draw(st.sampled_from(list(Vote))), COUNCIL_EMAILS,
                                    respondent=about) for m in MEMBERS]
    return [_council_step(data, moment, party)]


def _council_step(data: st.DataObject, moment: datetime,
                  party: st.SearchStrategy[str | None]) -> Command:
    motion = st.sampled_from([Motion(unanimous=True), Motion(yes=tuple(MEMBERS[:3])), None])
    choice = data.draw(st.integers(0, 9))
    if choice in (0, 1, 2):
        return c.RecordCouncilVote(data.draw(st.sampled_from(MEMBERS)),
                                   data.draw(st.sampled_from(list(Vote))), COUNCIL_EMAILS,
                                   respondent=data.draw(party))
    if choice == 3:
        return c.RecordMayorVote(data.draw(st.sampled_from(list(Vote))), "mayor@city.test",
                                 respondent=data.draw(party))
    if choice in (4, 5):
        return c.RecordCouncilDecision(
            COUNCIL_EMAILS, "mayor@city.test",
            data.draw(st.sampled_from([(), (c.Penalty(SECTION_A, "censure"),)])),
            respondent=data.draw(party), action=data.draw(motion))
    if choice == 6:
        return c.RequestCouncilExtension(data.draw(st.integers(1, 9)),
                                         respondent=data.draw(party), via="email",
                                         evidence="letter on file")
    if choice == 7:
        return c.ExtendCouncilDecision(data.draw(st.integers(1, 9)), motion=data.draw(motion))
    if choice == 8:
        if data.draw(st.booleans()):
            return c.StartExecutiveSession(moment + timedelta(minutes=30), started_at=moment
                                           - timedelta(minutes=data.draw(st.integers(0, 90))))
        return c.EndExecutiveSession()
    return c.ApproveMinutes(data.draw(st.integers(1, 6)), motion=data.draw(motion))


def _meeting_called(data: st.DataObject, moment: datetime) -> c.ScheduleDeliberation:
    """A meeting of the council called at `moment`: regular or special, noticed a day
    ahead or not (an emergency, or none: refused), or recorded after it took place."""
    hours = data.draw(st.one_of(st.integers(25, 72), st.integers(-3, 72)))
    kind = data.draw(st.sampled_from(list(MeetingKind)))
    short = kind is MeetingKind.SPECIAL and 0 < hours < 24 and data.draw(st.booleans())
    return c.ScheduleDeliberation(
        moment + timedelta(hours=hours), "Council Chambers", kind,
        emergency="a flood closes City Hall" if short else None,
        emergency_ground=EmergencyGround.PROPERTY if short else None, further=True,
        also=data.draw(st.sampled_from([(), (Action.COUNCIL_EXTENSION,), (Action.MINUTES,)])))


def _take(case: Case, cmd: Command, moment: datetime) -> None:
    with contextlib.suppress(ProcedureError):
        handle(case, cmd, at=moment, actor="clerk@city.test", calendar=CALENDAR)


@settings(max_examples=examples(100), deadline=None)
@given(st.data(), st.integers(1, 6), st.booleans(), st.booleans())
def test_the_councils_acts_on_two_officials_lie_at_noticed_meetings_on_their_items(
        data: st.DataObject, meetings: int, first: bool, second: bool) -> None:
    """Issue 38: two officials' matters before the council (a violation found as to each,
    or one), then meetings called in every way, each with its roll call and random steps
    of the council's part, some of them corrections of an act's day: every act recorded
    lies at a noticed meeting on an item naming it, with a quorum and every member present
    voting, before and after any correction."""
    from tests.unit.cases.test_lifecycle import reported_as_to_both

    case = reported_as_to_both()
    _take(case, c.Refer("myu@examiners.example"), at("2026-01-27T11:00:00-08:00"))
    for party, violation in zip(PARTIES, (first, second or not first), strict=True):
        _take(case, c.RecordDetermination(violation, (SECTION_A,) if violation else (),
                                          respondent=party), at("2026-02-23T09:00:00-08:00"))
    moment = at("2026-02-23T10:00:00-08:00")
    for _ in range(meetings):
        called = _meeting_called(data, moment)
        _take(case, called, moment)
        moment = max(moment, called.starts_at) + timedelta(minutes=data.draw(st.integers(0, 30)))
        everyone = data.draw(st.booleans())
        present = MEMBERS if everyone else sorted(
            data.draw(st.sets(st.sampled_from(MEMBERS), min_size=1)))
        _take(case, c.RecordRollCall(tuple(present), BOARD_EMAILS, COUNCIL_EMAILS,
                                     "mayor@city.test"), moment)
        for _ in range(data.draw(st.integers(0, 25))):
            moment += timedelta(minutes=data.draw(st.integers(0, 10)))
            acts = [i for i, e in enumerate(case.history) if e.kind in ACTS]
            steps = _council_steps(data, moment)
            if acts and data.draw(st.integers(0, 9)) == 0:
                target = data.draw(st.sampled_from(acts))
                steps = [c.CorrectStepDate(case.history[target].kind, CALENDAR.local_date(
                    moment) - timedelta(days=data.draw(st.integers(0, 5))), "typo",
                    entry=target + 1)]
            for cmd in steps:
                _take(case, cmd, moment)
        moment += timedelta(hours=data.draw(st.integers(1, 72)))
    assert_acts_at_their_meetings(case)


def _after_the_referral(data: st.DataObject, moment: datetime) -> Command:
    """A step of the part after the referral, about either official or none: the
    opportunity at the board's §11 hearing, a witness, the determination, a meeting."""
    party = data.draw(st.sampled_from([*PARTIES, *PARTIES, None]))
    choice = data.draw(st.integers(0, 4))
    if choice == 0:
        return c.RecordRespondentHeard(data.draw(st.booleans()), respondent=party)
    if choice == 1:
        return c.RecordWitness("Maria Lopez", respondent=party)
    if choice == 2:
        return c.ScheduleBoardMeeting(moment + timedelta(hours=data.draw(st.integers(-3, 50))),
                                      "City Hall", further=True)
    return c.RecordDetermination(data.draw(st.booleans()), respondent=party)


@settings(max_examples=examples(100), deadline=None)
@given(st.data(), st.booleans(), st.booleans(), st.integers(1, 30))
def test_the_board_determines_a_referred_matter_only_after_that_officials_opportunity(
        data: st.DataObject, pruitt_asks: bool, bates_asks: bool, length: int) -> None:
    """§9, §11, two officials: each asks for the board or not, each matter is referred to
    its forum; then random steps of the §11 hearing, at a meeting or not, and corrections
    of their days: the board's determination as to an official always follows their
    opportunity at its hearing of the matter, and every act stays at its meeting."""
    from tests.unit.cases.test_lifecycle import reported_as_to_both

    case = reported_as_to_both()
    moment = at("2026-01-27T10:00:00-08:00")
    for party, asks in zip(PARTIES, (pruitt_asks, bates_asks), strict=True):
        if asks:
            _take(case, c.RequestBoardHearing(party, via="email", evidence="letter"), moment)
    for party, asks in zip(PARTIES, (pruitt_asks, bates_asks), strict=True):
        _take(case, c.Refer(None if asks else "myu@examiners.example", respondent=party),
              moment + timedelta(hours=1))
    assert set(case.referrals) == set(PARTIES)
    for _ in range(length):
        moment += timedelta(minutes=data.draw(st.integers(0, 2 * 24 * 60)))
        cmd = _after_the_referral(data, moment)
        acts = [i for i, e in enumerate(case.history) if e.kind in (
            EventKind.RESPONDENT_HEARD, EventKind.DETERMINATION_RECEIVED)]
        if acts and data.draw(st.integers(0, 5)) == 0:
            target = data.draw(st.sampled_from(acts))
            cmd = c.CorrectStepDate(case.history[target].kind, CALENDAR.local_date(moment)
                                    - timedelta(days=data.draw(st.integers(0, 6))), "typo",
                                    entry=target + 1)
        with contextlib.suppress(ProcedureError):
            if data.draw(st.booleans()):
                cmd = at_its_meeting(case, cmd, moment.isoformat())
            handle(case, cmd, at=moment, actor="clerk@city.test", calendar=CALENDAR)
        assert_acts_at_their_meetings(case)
        assert_no_report_without_the_opportunity(case)
