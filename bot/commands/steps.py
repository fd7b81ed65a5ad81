"""Each procedural step as Slack types it: its words after `/ethics`, the order its values
are typed in, an example, and which reader makes its command (`Spec`). That is all Slack
keeps: what each step is called, where it is allowed and who may take it are in
`cases.steps.STEPS`; the word standing for each value in the usage (`{on}`: `[DATE]`) is
its field's own (`cases.handlers.asks`); the fields nobody types (who votes, the council,
the mayor, the examiner next in rotation) come from `cases.derived`, as on the web; a step
with no row here is typed by its fields (`bot.commands.spec.derived`).

Some steps are typed two ways ("continuance grant 5" and "continuance deny" both record
the council's decision on a continuance): two specs, one step.

The readers of each part's words are beside it (`hearing_steps`, `meeting_steps`,
`record_steps`, what they share in `step_reading`); the row itself is `bot.commands.spec`.
"""

from __future__ import annotations

from bot.commands.hearing_steps import (
    NEW,
    REQUESTERS,
    extension_decision,
    read_amend,
    read_amendment_sufficiency,
    read_correct_date,
    read_council_vote,
    read_decide,
    read_deliver,
    read_determination,
    read_heard,
    read_mayor_vote,
    read_name_respondent,
    read_notice,
    read_refer,
    read_report,
    read_void,
    read_vote,
    read_witness,
)
from bot.commands.meeting_steps import (
    CALL,
    PROCEEDINGS,
    read_call,
    read_recuse,
    read_roll_call,
    read_session_start,
)
from bot.commands.record_steps import (
    read_answer,
    read_disclosure_request,
    read_instalment,
    read_request,
    read_third_party,
    read_withhold,
)
from bot.commands.spec import MOTION_USAGE, Spec, derived, typed_usage
from bot.commands.step_reading import (
    SAID,
    read_clock,
    read_meeting_number,
    read_official,
    read_said,
)
from cases import commands as c
from cases.case import Requester
from cases.errors import ProcedureError
from cases.meetings import Proceeding
from cases.steps import STEPS

__all__ = ["SPECS", "SPECS_BY_WORDS", "Spec", "derived", "find_spec", "typed_usage"]

SPECS: tuple[Spec, ...] = (
    Spec("notice", c.RecordNoticeServed.step,
         "notice CASE respondent|council|board [{respondent}] "
         "[hand|phone|voicemail|email|mail] [DATE TIME given] [{to}] [because {impracticable}]",
         "notice ETH-2026-0007 respondent @pruitt voicemail 2026-12-01 08:30 on his cell "
         "because he is abroad", read_notice),
    Spec("registered-mail", c.RecordRegisteredMail.step,
         "registered-mail CASE TRACKING [{on}] [{respondent}]",
         "registered-mail ETH-2026-0007 RE123456789US",
         lambda w, d: c.RecordRegisteredMail(
             w.next("the tracking number"), w.optional_day(),
             w.person("the official sent the copy", d) if w.at_person() else None)),
    Spec("return-receipt", c.RecordReturnReceipt.step, "return-receipt CASE {on} [{respondent}]",
         "return-receipt ETH-2026-0007 2026-12-04",
         lambda w, d: c.RecordReturnReceipt(
             w.day("the day the return receipt was signed"),
             w.person("the official who signed it", d) if w.at_person() else None)),
    Spec("board-received", c.RecordBoardReceived.step, "board-received CASE",
         "board-received ETH-2026-0007", lambda w, _: c.RecordBoardReceived()),
    Spec("schedule", c.ScheduleBoardMeeting.step, f"schedule {CALL}",
         "schedule ETH-2026-0007 2026-12-10 18:00 20:00 special Council Chambers",
         read_call),
    Spec("begin", c.BeginHearing.step, "begin CASE [{on}]", "begin ETH-2026-0007",
         lambda w, _: c.BeginHearing(w.optional_day())),
    Spec("heard", c.RecordRespondentHeard.step,
         "heard CASE [{respondent}] [presented|declined] [{on}]",
         "heard ETH-2026-0007 presented", read_heard),
    Spec("concluded", c.ConcludeHearing.step, "concluded CASE [{on}]", "concluded ETH-2026-0007",
         lambda w, _: c.ConcludeHearing(w.optional_day())),
    Spec("continuance apply", c.ApplyForContinuance.step,
         "continuance apply CASE {reason}" + MOTION_USAGE,
         "continuance apply ETH-2026-0007 the respondent is in hospital until Dec 20 "
         "motion: unanimous",
         lambda w, _: c.ApplyForContinuance(w.rest())),
    Spec("continuance grant", c.DecideContinuance.step,
         "continuance grant CASE DAYS [{on}]" + MOTION_USAGE,
         "continuance grant ETH-2026-0007 7 motion: yes @ames @baker @cole no @diaz",
         lambda w, _: c.DecideContinuance(w.number("the days granted"), w.optional_day())),
    Spec("continuance deny", c.DecideContinuance.step,
         "continuance deny CASE [{on}]" + MOTION_USAGE,
         "continuance deny ETH-2026-0007 motion: unanimous",
         lambda w, _: c.DecideContinuance(0, w.optional_day())),
    Spec("report", c.IssueReport.step, "report CASE [sufficient|insufficient] FILE [{summary}]",
         "report ETH-2026-0007 sufficient F0123ABCD prima facie showing of 2.94.030", read_report),
    Spec("witness", c.RecordWitness.step, "witness CASE [{respondent}] [{on}] {name} [{email}]",
         "witness ETH-2026-0007 Maria Lopez mlopez@example.org", read_witness),
    Spec("deliver", c.DeliverReport.step, "deliver CASE [{on} {how}; {evidence}]",
         "deliver ETH-2026-0007", read_deliver),
    Spec("extension request", c.RequestReportExtension.step,
         "extension request CASE {days} respondent [{respondent}] [{on}] " + SAID + " | "
         "extension request CASE {days} board [{on}] motion: ...",
         "extension request ETH-2026-0007 5 respondent email letter of 2027-01-04, #12",
         lambda w, d: {"days": w.number("the days"), "requested_by": Requester(
             str(w.choice("who asks", REQUESTERS))), "respondent": read_official(w, d),
             **read_said(w)}),
    Spec("extension approve", c.DecideReportExtension.step,
         "extension approve CASE [{on}]" + MOTION_USAGE,
         "extension approve ETH-2026-0007 motion: unanimous", extension_decision(True)),
    Spec("extension deny", c.DecideReportExtension.step,
         "extension deny CASE [{on}]" + MOTION_USAGE,
         "extension deny ETH-2026-0007 motion: unanimous", extension_decision(False)),
    Spec("board-hearing", c.RequestBoardHearing.step,
         "board-hearing CASE [{respondent}] [{on}] " + SAID,
         "board-hearing ETH-2026-0007 @pruitt 2027-01-04 paper letter of that day, scan F0123",
         lambda w, d: {"respondent": read_official(w, d), **read_said(w)}),
    Spec("refer", c.Refer.step, "refer CASE [{respondent}] [board] [{on}]", "refer ETH-2026-0007",
         read_refer),
    Spec("determination", c.RecordDetermination.step,
         "determination CASE [{respondent}] violation|no-violation [{sections}] [{on}] "
         "[motion: ...]",
         "determination ETH-2026-0007 violation 2.94.030", read_determination),
    Spec("council-extension", c.ExtendCouncilDecision.step,
         "council-extension CASE [{respondent}] {days} [{on}]" + MOTION_USAGE,
         "council-extension ETH-2026-0007 7 motion: unanimous",
         lambda w, d: c.ExtendCouncilDecision(respondent=read_official(w, d),
                                              days=w.number("the days"),
                                              on=w.optional_day())),
    Spec("vote", c.RecordCouncilVote.step,
         "vote CASE [{member}] yes|no|abstain [{respondent}] [{sections}]",
         "vote ETH-2026-0007 yes 2.94.030", read_council_vote),
    Spec("mayor-vote", c.RecordMayorVote.step, "mayor-vote CASE yes|no [{respondent}]",
         "mayor-vote ETH-2026-0007 yes",
         read_mayor_vote),
    Spec("decide", c.RecordCouncilDecision.step,
         "decide CASE [{respondent}] [SECTION: PENALTY; ... action: yes @A @B no @C|unanimous]",
         "decide ETH-2026-0007 2.94.030: written reprimand action: unanimous", read_decide),
    Spec("amend", c.AmendComplaint.step,
         "amend CASE [{respondent}] SECTIONS [{text}]" + MOTION_USAGE
         + " | amend CASE [{respondent}] SECTIONS {via} {evidence} (an examiner's, in "
         "writing)",
         "amend ETH-2026-0007 2.94.040 motion: unanimous", read_amend),
    Spec("correct-date", c.CorrectStepDate.step,
         "correct-date CASE {kind} [{entry}] {on} [{respondent}] {reason}",
         "correct-date ETH-2026-0007 concluded 2026-12-18 typed the wrong day", read_correct_date),
    Spec("close", c.CloseCase.step, "close CASE [{reason}]",
         "close ETH-2026-0007 found insufficient",
         lambda w, _: c.CloseCase(reason=w.rest())),
    Spec("void", c.VoidCase.step,
         "void CASE {reason} [motion: ...]", "void ETH-2026-0008 duplicate of ETH-2026-0007",
         read_void),
    Spec("disclosure-request", c.RecordDisclosureRequest.step,
         "disclosure-request CASE [{on}] [complaint,determination,report] {requester}[; {what}]",
         "disclosure-request ETH-2026-0007 A. Reporter, Riverton Ledger", read_disclosure_request),
    # -- retention (RCW 40.14) --------------------------------------------------------------
    Spec("hold place", c.PlaceLegalHold.step, "hold place CASE {reason}",
         "hold place ETH-2026-0007 Whitfield v. Riverton, preserve all records",
         lambda w, _: c.PlaceLegalHold(reason=w.rest())),
    Spec("hold lift", c.LiftLegalHold.step, "hold lift CASE [{reason}]",
         "hold lift ETH-2026-0007 the suit was dismissed with prejudice",
         lambda w, _: c.LiftLegalHold(reason=w.rest())),
    Spec("destroy request", c.RequestDestruction.step, "destroy request CASE",
         "destroy request ETH-2026-0007", lambda w, _: {}),
    Spec("destroy approve", c.ApproveDestruction.step, "destroy approve CASE",
         "destroy approve ETH-2026-0007", lambda w, _: {}),
    Spec("disclosure-answer", c.AnswerDisclosure.step,
         "disclosure-answer CASE [{request}] acknowledge|clarify {estimate} [{text}] | deny "
         "CODE: {explanation} | close [{text}]",
         "disclosure-answer ETH-2026-0007 acknowledge 2027-03-05 the report is being reviewed",
         read_answer),
    Spec("disclosure-clarified", c.RecordClarification.step,
         "disclosure-clarified CASE [{request}] [{on}] "
         "[WHAT THEY SAID]", "disclosure-clarified ETH-2026-0007 only the 2026 complaint",
         lambda w, _: c.RecordClarification(request=read_request(w), on=w.optional_day(),
                                            text=w.rest())),
    Spec("third-party", c.NotifyThirdParty.step,
         "third-party CASE [{request}] complaint,determination,report {release_on} {name} {email}",
         "third-party ETH-2026-0007 complaint 2027-03-15 Dana Whitfield dana@mail.test",
         read_third_party),
    Spec("instalment", c.PrepareInstalment.step,
         "instalment CASE [{request}] complaint,determination,report|none [final] [; redact "
         "RECORD: CODE: EXPLANATION: TEXT] [; withhold RECORD: CODE: EXPLANATION]",
         "instalment ETH-2026-0007 complaint; redact complaint: RCW 42.56.250(4): an "
         "employee's home address: 12 Elm St", read_instalment),
    Spec("release", c.ReleaseRecords.step,
         "release CASE [{request}] [{on}]", "release ETH-2026-0007",
         lambda w, _: c.ReleaseRecords(request=read_request(w), on=w.optional_day())),
    # -- meetings (RCW 42.30) ------------------------------------------------------------
    Spec("deliberation", c.ScheduleDeliberation.step, f"deliberation {CALL}",
         "deliberation ETH-2026-0007 2027-02-16 19:00 regular Council Chambers",
         read_call),
    Spec("cancel-meeting", c.CancelMeeting.step, "cancel-meeting CASE [{meeting}] {reason}",
         "cancel-meeting ETH-2026-0007 the chamber is closed for repairs",
         lambda w, _: c.CancelMeeting(meeting=read_meeting_number(w), reason=w.rest())),
    Spec("open-session", c.RequestOpenSession.step,
         "open-session CASE [{respondent}] board|examiner|council [{on}] " + SAID,
         "open-session ETH-2026-0007 board paper letter of 2027-01-04 at the counter",
         lambda w, d: {"respondent": read_official(w, d), "proceeding": Proceeding(
             str(w.choice("whose proceedings", PROCEEDINGS))), **read_said(w)}),
    Spec("session start", c.StartExecutiveSession.step,
         "session start CASE UNTIL [STARTED] [@OFFICIAL ...]",
         "session start ETH-2026-0007 19:30", read_session_start),
    Spec("session extend", c.ExtendExecutiveSession.step, "session extend CASE {until}",
         "session extend ETH-2026-0007 20:00",
         lambda w, _: c.ExtendExecutiveSession(until=read_clock(w, "the new end"))),
    Spec("session end", c.EndExecutiveSession.step,
         "session end CASE [ENDED]", "session end ETH-2026-0007",
         lambda w, _: c.EndExecutiveSession(
             ended_at=read_clock(w, "the end") if w.peek() else None)),
    Spec("board-vote", c.RecordBoardVote.step,
         "board-vote CASE [{member}] yes|no|abstain [{respondent}]",
         "board-vote ETH-2026-0007 yes", read_vote),
    Spec("board-determination", c.RecordBoardDetermination.step,
         "board-determination CASE [{respondent}]",
         "board-determination ETH-2026-0007",
         lambda w, d: {"respondent": read_official(w, d)}),
    Spec("roll-call", c.RecordRollCall.step, "roll-call CASE [{meeting}] @MEMBER ...",
         "roll-call ETH-2026-0007 @ames @baker @cole", read_roll_call),
    Spec("recuse", c.RecordRecusal.step, "recuse CASE [{member}] {reason}",
         "recuse ETH-2026-0007 the respondent is my brother-in-law", read_recuse),
    Spec("council-extension-request", c.RequestCouncilExtension.step,
         "council-extension-request CASE [{respondent}] {days} [{on}] " + SAID,
         "council-extension-request ETH-2026-0007 7 email of 2027-03-02 in the case file",
         lambda w, d: {"respondent": read_official(w, d), "days": w.number("the days"),
                       **read_said(w)}),
    Spec("dismiss", c.DismissAsTimeBarred.step,
         "dismiss CASE {public_since} {reason}" + MOTION_USAGE,
         "dismiss ETH-2026-0007 2023-05-02 the minutes were published that day "
         "motion: unanimous",
         lambda w, _: c.DismissAsTimeBarred(w.day("the day the information became public"),
                                            w.rest())),
    Spec("amendment-sufficiency", c.FindAmendmentSufficient.step,
         "amendment-sufficiency CASE sufficient|insufficient SECTIONS [{on}]" + MOTION_USAGE,
         "amendment-sufficiency ETH-2026-0007 sufficient 2.94.040 motion: unanimous",
         read_amendment_sufficiency),
    Spec("examiner-conflict", c.RecordExaminerConflict.step,
         "examiner-conflict CASE {examiner} {reason}",
         "examiner-conflict ETH-2026-0007 myu@examiners.example represented the complainant",
         lambda w, d: c.RecordExaminerConflict(w.person("the examiner", d), w.rest())),
    Spec("name-respondent", c.NameRespondent.step,
         "name-respondent CASE {official} | name-respondent CASE " + NEW
         + " {name}; [{email}]; [{address}]",
         "name-respondent ETH-2026-0007 @pruitt", read_name_respondent),
    Spec("correct-receipt", c.CorrectReceipt.step, "correct-receipt CASE DATE TIME {reason}",
         "correct-receipt ETH-2026-0007 2026-12-01 16:40 forwarded a day late",
         lambda w, _: c.CorrectReceipt(w.moment("when the city received it"), w.rest())),
    # -- the complainant's protection (issue 27) ---------------------------------------------
    Spec("withhold-complainant", c.WithholdComplainant.step,
         "withhold-complainant CASE 42.41|42.56.240 {summary}",
         "withhold-complainant ETH-2026-0007 42.41 Alleges the director steered a parks "
         "contract to a relative's firm (2.94.030).", read_withhold),
)


# every step a person takes, in the words of its own or derived from its fields
SPECS = (*SPECS, *(derived(r) for r in STEPS
                   if r.roles and r not in {s.step for s in SPECS}))
SPECS_BY_WORDS = {s.words: s for s in SPECS}


def find_spec(typed_words: list[str]) -> tuple[Spec, list[str]]:
    """The step the first word or two name ("continuance grant", "begin"), and the words
    after them; the same on every surface that takes `/ethics` words."""
    two = " ".join(typed_words[:2]).lower()
    key, rest = (two, typed_words[2:]) if two in SPECS_BY_WORDS else (
        (typed_words[0].lower() if typed_words else ""), typed_words[1:])
    if key not in SPECS_BY_WORDS:
        raise ProcedureError(f"`{key}` is not a step. `/ethics help` (or `ethicsbot step "
                             "--help`) lists them, each with an example.")
    return SPECS_BY_WORDS[key], rest
