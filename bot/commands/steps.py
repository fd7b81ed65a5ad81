"""Each procedural step as Slack types it (`SPECS`): for most steps, its command's
fields in order, each written and read as its field declares (`bot.commands.field_words`:
`begin CASE [DATE]`, `open-session CASE [@OFFICIAL] board|examiner|council [DATE] [VIA
EVIDENCE]`); here only the rows of what is Slack's own, each with its reason (a yes/no
typed as a finding's words, two mentions told apart by their place, two verbs for one
decision, a shorthand). What each step is called, where it is allowed and who may take
it are in `cases.steps.STEPS`; the fields nobody types (who votes, the council, the
mayor, the examiner next in rotation) come from `cases.derived`, as on the web. A new
step needs no line here.

Some steps are typed two ways ("continuance grant 5" and "continuance deny" both record
the council's decision on a continuance): two specs, one step.

The readers of each part's own words are beside it (`hearing_steps`, `meeting_steps`,
`record_steps`, what they share in `step_reading`); the row itself is `bot.commands.spec`.
"""

from __future__ import annotations

from bot.commands.field_words import typed
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
    read_call,
    read_recuse,
    read_roll_call,
    read_session_start,
)
from bot.commands.record_steps import (
    read_answer,
    read_disclosure_request,
    read_instalment,
    read_third_party,
    read_withhold,
)
from bot.commands.spec import MOTION_USAGE, Spec, derived, typed_usage
from bot.commands.step_reading import SAID, read_official, read_said
from cases import commands as c
from cases.case import Requester
from cases.errors import ProcedureError
from cases.handlers import StepRule
from cases.steps import STEPS

__all__ = ["OWN", "SPECS", "SPECS_BY_WORDS", "Spec", "derived", "find_spec", "specs_of", "typed",
           "typed_usage"]

# Slack's own words for a step, each row with why its fields alone do not give them
OWN: tuple[Spec, ...] = (
    # who was told, then how, and `because` parts to whom from why (§2)
    Spec("notice", c.RecordNoticeServed.step,
         "notice CASE respondent|council|board [{respondent}] "
         "[hand|phone|voicemail|email|mail] [DATE TIME given] [{to}] [because {impracticable}]",
         "notice ETH-2026-0007 respondent @pruitt voicemail 2026-12-01 08:30 on his cell "
         "because he is abroad", read_notice),
    # a meeting's call: its link, its callers and an emergency are marked by words
    Spec("schedule", c.ScheduleBoardMeeting.step, f"schedule {CALL}",
         "schedule ETH-2026-0007 2026-12-10 18:00 20:00 special Council Chambers",
         read_call),
    # a yes/no typed as its words, presented|declined
    Spec("heard", c.RecordRespondentHeard.step,
         "heard CASE [{respondent}] [presented|declined] [{on}]",
         "heard ETH-2026-0007 presented", read_heard),
    # two verbs for one decision: grant with its days, deny with none
    Spec("continuance grant", c.DecideContinuance.step,
         "continuance grant CASE DAYS [{on}]" + MOTION_USAGE,
         "continuance grant ETH-2026-0007 7 motion: yes @ames @baker @cole no @diaz",
         lambda w, _: c.DecideContinuance(w.number("the days granted"), w.optional_day())),
    # the other verb: no days granted
    Spec("continuance deny", c.DecideContinuance.step,
         "continuance deny CASE [{on}]" + MOTION_USAGE,
         "continuance deny ETH-2026-0007 motion: unanimous",
         lambda w, _: c.DecideContinuance(0, w.optional_day())),
    # a yes/no typed as its finding's words, and the report as a Slack file
    Spec("report", c.IssueReport.step, "report CASE [sufficient|insufficient] FILE [{summary}]",
         "report ETH-2026-0007 sufficient F0123ABCD prima facie showing of 2.94.030", read_report),
    # the name's words and the email among them, told apart by its @
    Spec("witness", c.RecordWitness.step, "witness CASE [{respondent}] [{on}] {name} [{email}]",
         "witness ETH-2026-0007 Maria Lopez mlopez@example.org", read_witness),
    # how it was delivered and what shows it, parted by a semicolon
    Spec("deliver", c.DeliverReport.step, "deliver CASE [{on} {how}; {evidence}]",
         "deliver ETH-2026-0007", read_deliver),
    # the days typed before who asks, as clerks type it
    Spec("extension request", c.RequestReportExtension.step,
         "extension request CASE {days} respondent [{respondent}] [{on}] " + SAID + " | "
         "extension request CASE {days} board [{on}] motion: ...",
         "extension request ETH-2026-0007 5 respondent email letter of 2027-01-04, #12",
         lambda w, d: {"days": w.number("the days"), "requested_by": Requester(
             str(w.choice("who asks", REQUESTERS))), "respondent": read_official(w, d),
             **read_said(w)}),
    # two verbs for one yes/no: approve
    Spec("extension approve", c.DecideReportExtension.step,
         "extension approve CASE [{on}]" + MOTION_USAGE,
         "extension approve ETH-2026-0007 motion: unanimous", extension_decision(True)),
    # and deny
    Spec("extension deny", c.DecideReportExtension.step,
         "extension deny CASE [{on}]" + MOTION_USAGE,
         "extension deny ETH-2026-0007 motion: unanimous", extension_decision(False)),
    # `board` chooses the forum, a choice no field holds (the examiner is the rotation's)
    Spec("refer", c.Refer.step, "refer CASE [{respondent}] [board] [{on}]", "refer ETH-2026-0007",
         read_refer),
    # a yes/no typed as its finding's words, violation|no-violation
    Spec("determination", c.RecordDetermination.step,
         "determination CASE [{respondent}] violation|no-violation [{sections}] [{on}] "
         "[motion: ...]",
         "determination ETH-2026-0007 violation 2.94.030", read_determination),
    # the member voting and the official, two mentions told apart by their place
    Spec("vote", c.RecordCouncilVote.step,
         "vote CASE [{member}] yes|no|abstain [{respondent}] [{sections}]",
         "vote ETH-2026-0007 yes 2.94.030", read_council_vote),
    # penalties as SECTION: PENALTY; ..., the council's vote after `action:`
    Spec("decide", c.RecordCouncilDecision.step,
         "decide CASE [{respondent}] [SECTION: PENALTY; ... action: yes @A @B no @C|unanimous]",
         "decide ETH-2026-0007 2.94.030: written reprimand action: unanimous", read_decide),
    # the text, or instead an examiner's authorisation as VIA EVIDENCE
    Spec("amend", c.AmendComplaint.step,
         "amend CASE [{respondent}] SECTIONS [{text}]" + MOTION_USAGE
         + " | amend CASE [{respondent}] SECTIONS {via} {evidence} (an examiner's, in "
         "writing)",
         "amend ETH-2026-0007 2.94.040 motion: unanimous", read_amend),
    # the step named by its Slack words, hyphenated, not its history's kind
    Spec("correct-date", c.CorrectStepDate.step,
         "correct-date CASE {kind} [{entry}] {on} [{respondent}] {reason}",
         "correct-date ETH-2026-0007 concluded 2026-12-18 typed the wrong day", read_correct_date),
    # the duplicate found in the reason's words
    Spec("void", c.VoidCase.step,
         "void CASE {reason} [motion: ...]", "void ETH-2026-0008 duplicate of ETH-2026-0007",
         read_void),
    # records named only when the first word lists them; the email by its @
    Spec("disclosure-request", c.RecordDisclosureRequest.step,
         "disclosure-request CASE [{on}] [complaint,determination,report] {requester}[; {what}]",
         "disclosure-request ETH-2026-0007 A. Reporter, Riverton Ledger", read_disclosure_request),
    # three shapes, chosen by the answer's word
    Spec("disclosure-answer", c.AnswerDisclosure.step,
         "disclosure-answer CASE [{request}] acknowledge|clarify {estimate} [{text}] | deny "
         "CODE: {explanation} | close [{text}]",
         "disclosure-answer ETH-2026-0007 acknowledge 2027-03-05 the report is being reviewed",
         read_answer),
    # the records as one word, the name's words and the email by its @
    Spec("third-party", c.NotifyThirdParty.step,
         "third-party CASE [{request}] complaint,determination,report {release_on} {name} {email}",
         "third-party ETH-2026-0007 complaint 2027-03-15 Dana Whitfield dana@mail.test",
         read_third_party),
    # `; redact` and `; withhold` clauses, each a line of the web's lists
    Spec("instalment", c.PrepareInstalment.step,
         "instalment CASE [{request}] complaint,determination,report|none [final] [; redact "
         "RECORD: CODE: EXPLANATION: TEXT] [; withhold RECORD: CODE: EXPLANATION]",
         "instalment ETH-2026-0007 complaint; redact complaint: RCW 42.56.250(4): an "
         "employee's home address: 12 Elm St", read_instalment),
    # a meeting's call, as `schedule`
    Spec("deliberation", c.ScheduleDeliberation.step, f"deliberation {CALL}",
         "deliberation ETH-2026-0007 2027-02-16 19:00 regular Council Chambers",
         read_call),
    # the officials the session is about, by mention after the times
    Spec("session start", c.StartExecutiveSession.step,
         "session start CASE UNTIL [STARTED] [@OFFICIAL ...]",
         "session start ETH-2026-0007 19:30", read_session_start),
    # the member voting and the official, two mentions told apart by their place
    Spec("board-vote", c.RecordBoardVote.step,
         "board-vote CASE [{member}] yes|no|abstain [{respondent}]",
         "board-vote ETH-2026-0007 yes", read_vote),
    # the members present, by mention
    Spec("roll-call", c.RecordRollCall.step, "roll-call CASE [{meeting}] @MEMBER ...",
         "roll-call ETH-2026-0007 @ames @baker @cole", read_roll_call),
    # the member by mention, typed only by the clerk or the chair
    Spec("recuse", c.RecordRecusal.step, "recuse CASE [{member}] {reason}",
         "recuse ETH-2026-0007 the respondent is my brother-in-law", read_recuse),
    # a yes/no typed as its finding's words
    Spec("amendment-sufficiency", c.FindAmendmentSufficient.step,
         "amendment-sufficiency CASE sufficient|insufficient SECTIONS [{on}]" + MOTION_USAGE,
         "amendment-sufficiency ETH-2026-0007 sufficient 2.94.040 motion: unanimous",
         read_amendment_sufficiency),
    # `new` and a person the directory does not list
    Spec("name-respondent", c.NameRespondent.step,
         "name-respondent CASE {official} | name-respondent CASE " + NEW
         + " {name}; [{email}]; [{address}]",
         "name-respondent ETH-2026-0007 @pruitt", read_name_respondent),
    # the statute typed as 42.41 or 42.56.240
    Spec("withhold-complainant", c.WithholdComplainant.step,
         "withhold-complainant CASE 42.41|42.56.240 {summary}",
         "withhold-complainant ETH-2026-0007 42.41 Alleges the director steered a parks "
         "contract to a relative's firm (2.94.030).", read_withhold),
)


# Slack's own words for a step whose fields give the rest
_WORDS = {
    # typed as one word since it was added, though its id has a space
    c.RequestCouncilExtension.step: "council-extension-request",
}
# typed `field: value` since it was added: kept so, for what clerks already type
_AS_FIELDS = frozenset({c.ApproveMinutes.step})


def specs_of(rule: StepRule) -> list[Spec]:
    """`rule`'s Slack words: its own, else its fields in order (`field_words.typed`), else,
    for a step whose fields are not typed by their type alone, `field: value`."""
    own = [s for s in OWN if s.step is rule]
    if own:
        return own
    if rule in _AS_FIELDS:
        return [derived(rule)]
    return [typed(rule, _WORDS.get(rule)) or derived(rule)]


# every step a person takes, in the procedure's order
SPECS: tuple[Spec, ...] = tuple(spec for rule in STEPS if rule.roles for spec in specs_of(rule))
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
