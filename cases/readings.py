"""Where the ordinance can be read two ways, the city decides: its `readings`.

Each reading is a named choice in the directory file (`readings:`), with a default that
`docs/deadlines.md` states together with the section it reads. Nothing here picks
silently: every date or tally a reading changes names the reading it used (`describe`),
and where the other reading would give another date, that date is shown beside it.

- `continuance_cap` (§7: "Such continuances ... may not exceed ten days"): 10 days for
  each application (default: "such continuances" is plural, each one is capped), or 10
  days for all of a case's continuances together.
- `council_majority` (§12 "by majority vote", §14 "Action by the city council shall be by
  majority vote"): of the votes cast (default: RCW 35A.12.120 asks for a majority of the
  whole membership only where a statute says so), or of the members entitled to vote.
- `release` (§6 "Confidentiality after completion shall be maintained unless the
  complaint or finding is released through a public disclosure request filed with the
  city attorney"; §13 "shall be considered public records"): only through a disclosure
  request recorded by the city attorney (default: §6's words), or at closure.
- `ordinance_exemption` (§6: "strict confidentiality" until the review is complete;
  RCW 42.56.070(1): a record is produced unless "the specific exemptions of ... this
  chapter, or other statute" exempt it, and an ordinance is no statute): §6 is no
  exemption (default: only a statute exempts, and state law prevails over the city's):
  a record asked for before closure is produced, or withheld under a statute cited with
  how it applies (RCW 42.56.210(3)), and no withholding cites §6; or the city treats §6
  as exempting a case's records until its review is complete: before closure no
  instalment releases a record, and a denial or withholding may cite §6. Either way what
  is shown to the public waits for closure (`Case.released`), and a void case, never
  under review, is no bar to a release.
- `board_quorum` (the ordinance sets no quorum for the ethics board; RCW 35A.12.120 sets
  the council's only): a majority of the board's members (default: the rule the statute
  gives the council, read across), or a majority of the members who may act on the case
  (a member complained against is left out of the count the majority is taken of).
- `regular_agenda` (RCW 42.30.077: a regular meeting's agenda is posted online at least 24
  hours ahead; failing to does not invalidate the action taken): a case item is put on a
  regular meeting's agenda only 24 hours or more ahead (default: the city does what the
  statute asks), or later too, the posting saying it came late.
- `examiner_notice` (§13 opens the examiner's proceeding on request; RCW 42.30 governs
  meetings of a governing body): the hearings examiner is one person, not a governing
  body, so their hearing needs no Open Public Meetings Act notice (default), or the city
  gives it the notice of a special meeting anyway: the hearing the examiner set is then
  taken down 24 hours ahead at least (`examiner-hearing`), and the clerk posts its notice.
- `examiner_determination` (§11: the matter is referred "for hearing" to the hearings
  examiner; the ordinance sets no time for that hearing, and the examiner reports by
  mail): the examiner's determination as to an official is received with no hearing of
  that official's matter recorded, its history entry flagged for the city attorney
  (default, for now: every case already under way records determinations so), or only
  once the examiner's hearing is recorded (a matter referred for hearing is determined
  after it is heard; the clerk is told to record the hearing first, `examiner-hearing`).
  Either way a hearing recorded holds the determination to its day or later.
- `amended_section` (§5 lets the complaint be amended "as authorized by the
  decision-maker"; §7 has the board find a complaint sufficient): a section added after
  the sufficiency report is not yet found sufficient, and no determination or penalty
  rests on it (default: the board found only what was before it), or it joins the
  complaint as it was found.
- `board_hearing` (§11: the matter is referred to the hearings examiner "unless the
  defendant requests the matter be heard by the ethics board"; a complaint may name
  several officials): each official's matter is heard where that official chose, the board
  if they asked, the examiner otherwise (default: the request is each defendant's own, and
  one official's choice moves no other's matter), or the board hears every official's
  matter when any one of them asks (no official is made to go before the examiner alone),
  or only when every one of them asks (the examiner, the ordinance's usual forum, hears it
  otherwise). An official may ask until their matter is determined: a request after their
  referral to an examiner withdraws it, and the matter is referred to the board.
- `remote_notice` (§2: "Voicemail, email or similar notification of the defendant is
  acceptable if actual notice is not immediately practicable"): a notice delivered to the
  official's own address by email (EthicsBot's, sent at once) or left by voicemail informs
  them (default: within 24 hours, the city's email to the official's own mailbox is the
  notice it can give at once, and its delivery is the proof), or it does only when the
  clerk records why actual notice (in person, or a phone call that reached them) was not
  immediately practicable; EthicsBot's email then goes as before but is not counted.
- `complainant_protection` (§2 has the official informed and sent "a copy of the
  complaint"; RCW 42.41.030 keeps a city employee's identity as a reporter of improper
  governmental action confidential to the extent possible under law; RCW 42.56.240(2)
  exempts the identity of a person who files a complaint with an investigative agency
  where disclosure would endanger them, and the complainant's wish governs): the
  complaint goes to the official as filed, the complainant named (default: §2's words,
  and no protection is assumed), or the clerk may record, case by case, that a protection
  applies (`withhold-complainant`, with its basis and a summary of the complaint); the
  official and the council then get the summary, never the complainant's identity or
  contact details, and the notice says under which provision (`cases.protection`).
- `protection_hold` (§2 gives 24 hours to inform the official; a protection recorded
  after the official's notice went cannot recall it, and mail intake sends that notice
  within seconds): only where `complainant_protection` is `withheld_where_recorded`, the
  official's and the council's §2 notices (and the clerk's registered-mail task) are held
  for the clerk's decision when the complaint itself asks that its writer's name be kept
  confidential, anonymous, or speaks of retaliation or a whistleblower (default: a hold
  the complaint does not ask for only delays the notice), or for every complaint (a
  complainant protected by RCW 42.41 may not know to ask). Either way the hold ends when
  the clerk records the protection (the notices go at once, with the summary) or
  releases them (`release-held-notices`, as filed), and at the latest 8 hours before the
  24 hours run out, when they go as filed: §2's time is never given up
  (`cases.protection.hold_until`).
- `clerk_void` (§1: a complaint alleges "one or more violations of the ethics code by a
  public official"; §2 gives the mayor or designee 24 hours to submit it to the board,
  whose determination screens out frivolous charges, §2, §7, §8): the mayor's office voids
  a case opened by mistake (spam past the screening, a duplicate) only within those 24
  hours, and afterwards the board, which has it, voids it by motion at its meeting
  (default: a clerk's judgement made later would undo §2's and §7's deadlines after they
  ran), or the mayor's office voids it until the board's hearing begins (what alleges no
  violation by an official is no complaint, and was owed no §2 act). Either way the
  mayor's designees never void a complaint against the mayor (`case_file.void`).
- `referral_wait` (§11: the matter "shall be referred ... to the city's hearings examiner
  unless the defendant requests the matter be heard by the ethics board", with no time
  for the request): the official may ask until their matter is determined, and a
  referral to an examiner made first lapses (default: the ordinance sets no time, and
  the official does not lose the choice because the board referred quickly), or the
  official asks before the referral, and once their matter is referred to an examiner
  the forum is chosen.
- `referred_opportunity` (§9: "No report may be issued by the board, unless a person ...
  complained against has had an opportunity to present information on his, her or its
  behalf at a hearing before the board"; §11 refers the matter "for hearing" to the board
  when the official asks; §13 calls the board's determination its "written report"): the
  board's final determination of a matter referred to it is a report §9 governs, so the
  official has the opportunity to present at the board's §11 hearing of that matter,
  recorded (`heard`) at one of its sessions before the board determines it (default: the
  §11 hearing is a hearing of its own, on the merits, after the §7 hearing on
  sufficiency), or the opportunity the official had at the board's §7 hearing is the one
  §9 asks for, and the board determines the matter without recording another.
- `status_listing` (§6: "strict confidentiality" until the review is complete; RCW
  42.30.077 and .080 have each meeting's agenda posted, naming the case by its number; the
  public status sheet, issue 41): every complaint is listed from the day it is received,
  by its number, day and stage, naming no one (default: a count of what the city
  receives tells no one who is complained against, or by whom), or a complaint is listed
  only once a meeting on it is called, its notice naming it already, or once it is
  closed (a case opened by mistake never is).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class ContinuanceCap(StrEnum):
    PER_APPLICATION = "per_application"
    IN_TOTAL = "in_total"


class CouncilMajority(StrEnum):
    VOTES_CAST = "votes_cast"
    MEMBERS_ENTITLED = "members_entitled"


class Release(StrEnum):
    DISCLOSURE_REQUEST = "disclosure_request"
    AT_CLOSURE = "at_closure"


class OrdinanceExemption(StrEnum):
    STATUTE_ONLY = "statute_only"
    SECTION_6 = "section_6"


class BoardQuorum(StrEnum):
    BOARD_MEMBERS = "board_members"
    MEMBERS_WHO_MAY_ACT = "members_who_may_act"


class RegularAgenda(StrEnum):
    DAY_AHEAD = "day_ahead"
    LATE_ADDITION = "late_addition"


class StatusListing(StrEnum):
    FROM_RECEIPT = "from_receipt"
    FROM_FIRST_NOTICE = "from_first_notice"


class ExaminerNotice(StrEnum):
    NOT_A_MEETING = "not_a_meeting"
    AS_SPECIAL_MEETING = "as_special_meeting"


class ExaminerDetermination(StrEnum):
    UNHEARD_FLAGGED = "unheard_flagged"
    AFTER_THE_HEARING = "after_the_hearing"


class AmendedSection(StrEnum):
    NOT_YET_SUFFICIENT = "not_yet_sufficient"
    WITH_THE_COMPLAINT = "with_the_complaint"


class BoardHearing(StrEnum):
    EACH_OFFICIAL = "each_official"
    ANY_OFFICIAL = "any_official"
    EVERY_OFFICIAL = "every_official"


class RemoteNotice(StrEnum):
    ACCEPTED = "accepted"
    IF_IMPRACTICABLE = "if_impracticable"


class ComplainantProtection(StrEnum):
    DISCLOSED = "disclosed"
    WITHHELD_WHERE_RECORDED = "withheld_where_recorded"


class ProtectionHold(StrEnum):
    WHEN_ASKED = "when_asked"
    EVERY_COMPLAINT = "every_complaint"


class ClerkVoid(StrEnum):
    WITHIN_24_HOURS = "within_24_hours"
    UNTIL_THE_HEARING = "until_the_hearing"


class ReferralWait(StrEnum):
    UNTIL_DETERMINED = "until_determined"
    UNTIL_REFERRED = "until_referred"


class ReferredOpportunity(StrEnum):
    AT_ITS_HEARING = "at_its_hearing"
    AT_THE_SUFFICIENCY_HEARING = "at_the_sufficiency_hearing"


Choice = (ContinuanceCap | CouncilMajority | Release | OrdinanceExemption | BoardQuorum
          | RegularAgenda
          | ExaminerNotice | ExaminerDetermination | StatusListing | AmendedSection
          | BoardHearing | RemoteNotice
          | ComplainantProtection | ProtectionHold | ClerkVoid | ReferredOpportunity | ReferralWait)

_WORDS: dict[Choice, str] = {
    ContinuanceCap.PER_APPLICATION: "continuances capped at 10 days per application (§7)",
    ContinuanceCap.IN_TOTAL: "continuances capped at 10 days in total (§7)",
    CouncilMajority.VOTES_CAST: "majority of the votes cast (§12, §14)",
    CouncilMajority.MEMBERS_ENTITLED: "majority of the members entitled to vote (§12, §14)",
    Release.DISCLOSURE_REQUEST: ("public records released after closure only through a "
                                 "public disclosure request filed with the city attorney "
                                 "(§6, §13)"),
    Release.AT_CLOSURE: "public records released at closure (§6, §13)",
    OrdinanceExemption.STATUTE_ONLY: ("only a statute exempts a record from disclosure "
                                      "(RCW 42.56.070(1)): §6 is no exemption"),
    OrdinanceExemption.SECTION_6: ("§6 exempts a case's records from disclosure until its "
                                   "review is complete"),
    BoardQuorum.BOARD_MEMBERS: ("the board's quorum is a majority of its members (the "
                                "ordinance sets none; RCW 35A.12.120's rule for the "
                                "council, read across)"),
    BoardQuorum.MEMBERS_WHO_MAY_ACT: ("the board's quorum is a majority of its members who "
                                      "may act on the case (the ordinance sets none)"),
    RegularAgenda.DAY_AHEAD: ("a case item goes on a regular meeting's agenda at least 24 "
                              "hours ahead (RCW 42.30.077)"),
    RegularAgenda.LATE_ADDITION: ("a case item may be added to a regular meeting's agenda "
                                  "less than 24 hours ahead, the posting saying so (RCW "
                                  "42.30.077)"),
    ExaminerNotice.NOT_A_MEETING: ("the hearings examiner is one person, not a governing "
                                   "body: no Open Public Meetings Act notice of the "
                                   "examiner's hearing (§13; RCW 42.30.020)"),
    ExaminerNotice.AS_SPECIAL_MEETING: ("the examiner's hearing is given the notice of a "
                                        "special meeting, posted by the clerk at least 24 "
                                        "hours ahead (§13; RCW 42.30.080)"),
    ExaminerDetermination.AFTER_THE_HEARING: (
        "the examiner's determination as to an official is received only after the "
        "examiner's hearing of their matter is recorded, on or after its day (§11: the "
        "matter is referred for hearing)"),
    ExaminerDetermination.UNHEARD_FLAGGED: (
        "the examiner's determination as to an official is received with no hearing of "
        "their matter recorded, flagged for the city attorney (§11)"),
    StatusListing.FROM_RECEIPT: ("every complaint is on the public status sheet from the "
                                 "day it is received, by its number, day and stage, naming "
                                 "no one (§6)"),
    StatusListing.FROM_FIRST_NOTICE: ("a complaint is on the public status sheet once a "
                                      "meeting on it is called, its notice naming its "
                                      "number, or once it is closed (§6; RCW 42.30.080)"),
    AmendedSection.NOT_YET_SUFFICIENT: ("a section added by amendment after the sufficiency "
                                        "report is not yet found sufficient: no "
                                        "determination or penalty rests on it (§5, §7)"),
    AmendedSection.WITH_THE_COMPLAINT: ("a section added by amendment after the sufficiency "
                                        "report joins the complaint as it was found (§5)"),
    BoardHearing.EACH_OFFICIAL: ("each official's matter is heard where that official "
                                 "chose: the ethics board if they asked, else the hearings "
                                 "examiner (§11: the request is each defendant's own)"),
    BoardHearing.ANY_OFFICIAL: ("the ethics board hears the matter when any official found "
                                "sufficient against asks it to (§11)"),
    BoardHearing.EVERY_OFFICIAL: ("the ethics board hears the matter only when every official "
                                  "found sufficient against asks it to; otherwise the "
                                  "hearings examiner does (§11)"),
    RemoteNotice.ACCEPTED: ("a notice delivered to the official's own address by email, or "
                            "left by voicemail, informs them (§2)"),
    RemoteNotice.IF_IMPRACTICABLE: ("email or voicemail informs the official only where "
                                    "the clerk records why actual notice was not "
                                    "immediately practicable (§2)"),
    ComplainantProtection.DISCLOSED: ("the official complained against is sent the complaint "
                                      "as filed, the complainant named (§2)"),
    ComplainantProtection.WITHHELD_WHERE_RECORDED: (
        "where the clerk records a protection (RCW 42.41.030, RCW 42.56.240(2)), the "
        "official and the council are sent a summary, without the complainant's identity "
        "or contact details (§2)"),
    ProtectionHold.WHEN_ASKED: (
        "where the city may withhold a complainant's identity, the official's and the "
        "council's §2 notices of a complaint that asks for confidentiality are held for "
        "the clerk's decision until 8 hours before the 24 hours run out, then go as filed "
        "(§2; RCW 42.41.030, RCW 42.56.240(2))"),
    ProtectionHold.EVERY_COMPLAINT: (
        "where the city may withhold a complainant's identity, the official's and the "
        "council's §2 notices of every complaint are held for the clerk's decision until "
        "8 hours before the 24 hours run out, then go as filed (§2)"),
    ClerkVoid.WITHIN_24_HOURS: ("the mayor's office voids a case opened by mistake only "
                                "within the 24 hours §2 gives it to submit the complaint "
                                "to the board; afterwards the board voids it, by motion at "
                                "its meeting (§2, §7)"),
    ClerkVoid.UNTIL_THE_HEARING: ("the mayor's office voids a case opened by mistake until "
                                  "the board's hearing begins: what alleges no violation by "
                                  "an official is no complaint (§1, §2)"),
    ReferralWait.UNTIL_DETERMINED: (
        "an official may ask for the ethics board until their matter is determined: a "
        "referral to an examiner lapses when they ask (§11)"),
    ReferralWait.UNTIL_REFERRED: (
        "an official asks for the ethics board before their matter is referred: once it is "
        "referred to an examiner, the forum is chosen (§11)"),
    ReferredOpportunity.AT_ITS_HEARING: (
        "the board determines a matter referred to it only after the official had the "
        "opportunity to present at its own hearing of that matter (§9, §11)"),
    ReferredOpportunity.AT_THE_SUFFICIENCY_HEARING: (
        "the official's opportunity to present at the board's hearing on sufficiency is the "
        "one §9 asks for before the board determines a matter referred to it (§7, §9)"),
}


@dataclass(frozen=True)
class Readings:
    """The city's reading of each contested passage; the defaults are documented."""

    continuance_cap: ContinuanceCap = ContinuanceCap.PER_APPLICATION
    council_majority: CouncilMajority = CouncilMajority.VOTES_CAST
    release: Release = Release.DISCLOSURE_REQUEST
    ordinance_exemption: OrdinanceExemption = OrdinanceExemption.STATUTE_ONLY
    board_quorum: BoardQuorum = BoardQuorum.BOARD_MEMBERS
    regular_agenda: RegularAgenda = RegularAgenda.DAY_AHEAD
    examiner_notice: ExaminerNotice = ExaminerNotice.NOT_A_MEETING
    examiner_determination: ExaminerDetermination = ExaminerDetermination.UNHEARD_FLAGGED
    amended_section: AmendedSection = AmendedSection.NOT_YET_SUFFICIENT
    board_hearing: BoardHearing = BoardHearing.EACH_OFFICIAL
    remote_notice: RemoteNotice = RemoteNotice.ACCEPTED
    complainant_protection: ComplainantProtection = ComplainantProtection.DISCLOSED
    protection_hold: ProtectionHold = ProtectionHold.WHEN_ASKED
    clerk_void: ClerkVoid = ClerkVoid.WITHIN_24_HOURS
    referred_opportunity: ReferredOpportunity = ReferredOpportunity.AT_ITS_HEARING
    referral_wait: ReferralWait = ReferralWait.UNTIL_DETERMINED
    status_listing: StatusListing = StatusListing.FROM_RECEIPT


DEFAULT = Readings()


def describe(choice: Choice) -> str:
    """'majority of the votes cast (§12, §14)': the words every date or tally cites."""
    return _WORDS[choice]


def other(choice: Choice) -> Choice:
    """The reading the city did not choose (every contested passage has two)."""
    options: list[Choice] = list(type(choice))
    return options[1 - options.index(choice)]
