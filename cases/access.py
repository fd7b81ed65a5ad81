"""Who may see what and do what (§6, §13, §14), by role from the city directory.

A rule of the procedure, pure: given who is asking (an `Actor`: their directory email and
roles) and a case, what they may see and which steps they may take. Slack, the web and
the CLI all ask here, then log the lookup; each surface only says who is asking.

Seeing a case (`case_access`), decided per case, respondent first:
- The official complained against sees their own case as RESPONDENT whatever other
  roles they hold (a council member does not vote on it, §14; a mayor does not act for
  the city on it): the complaint, the hearing they must be able to attend (§9), the
  report delivered to them (§10), the determination and decision, and the notices sent
  to them. Not the deadlines' workings, other people's notices or the board's history.
- FULL: the mayor's office (mayor and designees: they receive, notify and submit, §2),
  the board (it decides sufficiency, §7) and the city attorney (advises; receives public
  disclosure requests, §6).
- COUNCIL: the ordinance informs the council of each complaint (§2), asks it to decide
  continuances (§7) and longer report times (§10), delivers it the report (§10) and the
  determination (§12). So: the complaint without the complainant's contact details, the
  deadlines, the council's part of the history, and the notices sent to the member.
- PUBLIC: once a case is closed, the public records of §13 that have been released
  (`cases.public_records.released`: through a disclosure request, or at closure if the city reads
  it so), to anyone who asks. §6 keeps everything else confidential after completion.
- A member who recused on the case (a relative, a business tie, the complainant sitting
  on the board) is walled off from it: they see what anyone may (PUBLIC or NONE), and the
  docket leaves the case out for them.
- NONE: everyone else, the auditors included (they read the access log and check the
  history chains, `may_audit`, and see no case). The refusal is the same text whether the
  case exists or not.

The docket (`docket_scope`): FULL and COUNCIL roles see every open case (the council is
told of each one, §2); anyone else listed sees only the cases against them; someone not
in the directory sees nothing. Examiners get their referral by mail, not through a surface.

Taking a step: the table of steps (`cases.steps`) says which roles may take it
(`check_step`); nobody takes a step on a case against themselves but the requests the
ordinance gives the official complained against (the table's `respondent_asks`: an open
session, §13, §14; a longer time for the report, §10; the board instead of an examiner,
§11; more time for the council's decision, §12), made as themselves (`check_on_case`,
`check_own_request`) and only those that can be theirs as the case stands (§11's by one
the matter goes on against, §12's by one found to have violated: `askers_of`). A form is
shown, offered and taken under the same check (`check_form`). A member of the council or
the board enters no vote but their own, unless they record the roll call (`check_hands`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from enum import StrEnum

from cases.case import Case, Requester
from cases.commands import (
    CorrectStepDate,
    RecordBoardVote,
    RecordCouncilVote,
    RecordRecusal,
    ScheduleBoardMeeting,
    ScheduleDeliberation,
)
from cases.directory import ATTORNEY, BOARD, COUNCIL, OFFICE, Directory, Role
from cases.handlers import Command, StepRule
from cases.levels import Access
from cases.meetings import BODY_NAME, Body
from cases.public_records import PublicRecord
from cases.steps import STEPS, rule_for

NOT_LISTED = ("EthicsBot answers only the people the city's directory lists for the ethics "
              "procedure. To file a complaint, write to the mayor or the city administrator "
              "(§1).")
NOT_ENTITLED = ("You are not entitled to see that: complaints are confidential until the "
                "review is complete (§6). Ask the city clerk if you think you should be.")

ROLE_NAMES = {Role.MAYOR: "the mayor", Role.DESIGNEE: "the mayor's designees",
              Role.BOARD: "the ethics board", Role.BOARD_CHAIR: "the board chair",
              Role.COUNCIL: "the city council", Role.CITY_ATTORNEY: "the city attorney",
              Role.ADMINISTRATOR: "the city administrator", Role.EXAMINER: "an examiner",
              Role.OFFICIAL: "an official", Role.AUDITOR: "an auditor",
              Role.RECORDS_OFFICER: "the records officer"}

_FULL = OFFICE | BOARD | ATTORNEY


class Refused(Exception):
    """An access decision, worded for the person refused; it never says more than they may
    know (whether a case exists included)."""


class DocketScope(StrEnum):
    ALL = "all"
    INVOLVING = "involving"  # only the cases against the caller
    NONE = "none"


@dataclass(frozen=True)
class Actor:
    """Who asks, as the directory knows them: `email` None when they are not listed."""

    email: str | None
    roles: frozenset[Role] = frozenset()

    def has(self, roles: Collection[Role]) -> bool:
        return not self.roles.isdisjoint(roles)


def actor_for(directory: Directory, email: str) -> Actor:
    """The actor a directory email stands for (not listed: no email, no roles)."""
    person = directory.by_email(email)
    if person is None:
        return Actor(None)
    return Actor(person.email.strip().lower(), directory.roles_of(person))


def is_respondent(actor: Actor, respondents: Collection[str]) -> bool:
    return actor.email is not None and actor.email.lower() in {r.lower() for r in respondents}


def is_walled(actor: Actor, walled: Collection[str]) -> bool:
    """The actor recused on the case (`Case.recusals`, by lowercased email)."""
    return actor.email is not None and actor.email.lower() in walled


def case_access(actor: Actor, *, respondents: Collection[str], closed: bool,
                released: Collection[PublicRecord], walled: Collection[str] = ()) -> Access:
    """How much of a case `actor` may see. `released`: the public records anyone may see
    (`cases.public_records.released`); with none, a stranger sees nothing, closed or not.
    `walled`: the members who recused on the case (§14 applied to every conflict): they
    lose access to its deliberation material, and see what anyone may."""
    if is_respondent(actor, respondents):
        return Access.RESPONDENT
    if is_walled(actor, walled):
        return Access.PUBLIC if closed and released else Access.NONE
    if actor.has(_FULL):
        return Access.FULL
    if actor.has(COUNCIL):
        return Access.COUNCIL
    return Access.PUBLIC if closed and released else Access.NONE


def sees_open_request(access: Access, proceeding: str) -> bool:
    """Whether `access` sees the respondent's request to open `proceeding` (§13, §14): the
    board, the clerks and the respondent (it is theirs) every one; the council its own
    deliberation's."""
    return access in (Access.FULL, Access.RESPONDENT) or (
        access is Access.COUNCIL and proceeding == "council")


def sees_every_case(actor: Actor) -> bool:
    """Whether `case_access` lets `actor` into any case whatever it holds: FULL and
    COUNCIL roles (in full, as the council, or as its respondent). For them a look is
    allowed exactly when the case exists, so its access-log line is known before the
    case is read and is written by the statement that reads it (`storage.lookups`)."""
    return actor.has(_FULL | COUNCIL)


def docket_scope(actor: Actor) -> DocketScope:
    if actor.email is None:
        return DocketScope.NONE
    return DocketScope.ALL if sees_every_case(actor) else DocketScope.INVOLVING


def docket_access(actor: Actor) -> Access:
    """The access `actor` has to each case their docket lists that is not against them
    (`case_access` without a recusal: those cases are left out of their docket): what its
    search may look in (`cases.search`). On a case against them, RESPONDENT."""
    if actor.has(_FULL):
        return Access.FULL
    return Access.COUNCIL if actor.has(COUNCIL) else Access.RESPONDENT


def may_file_paper(actor: Actor) -> bool:
    """The mayor's office and the administrator receive written complaints (§1) and may
    give the real time the city received a paper or in-person one."""
    return actor.has(OFFICE | {Role.ADMINISTRATOR})


NOT_AUDITOR = ("Only an auditor or the mayor's office (the city clerk) may read the access "
               "log. The directory lists auditors under `auditors:`.")


def may_audit(actor: Actor) -> bool:
    """Who reads the access log (who looked at which case, when, through what: never a
    case's content) and checks the history chains (issue 27): the auditors the directory
    lists, who see no case (`case_access` lets them into none, no step is theirs), and
    the mayor's office, which keeps the directory."""
    return actor.has(OFFICE | {Role.AUDITOR})


NOT_REVOKER = ("Only the mayor or the mayor's designees (the city clerk) may end other "
               "people's sessions and calendar addresses. Ask the city clerk.")


def may_revoke(actor: Actor) -> bool:
    """The mayor's office keeps the directory (§2) and so ends the web sessions and
    calendar addresses of people who lose a device or leave."""
    return actor.has(OFFICE)


def who_may(step: StepRule) -> str:
    """'the board chair or the ethics board': the roles the table gives `step`, in words."""
    return " or ".join(sorted({ROLE_NAMES[r] for r in step.roles})) or "EthicsBot"


def check_step(actor: Actor, step: StepRule) -> None:
    """Refuse a step to a role the table does not give it to (before any lookup). A
    request the official complained against may make (`respondent_asks`) waits for the
    case: whether the asker is its official is the case's to say (`check_on_case`)."""
    if actor.email is None:
        raise Refused(NOT_LISTED)
    if step.respondent_asks is None:
        _check_roles(actor, step)


def _check_roles(actor: Actor, step: StepRule) -> None:
    if not actor.has(step.roles):
        mine = ", ".join(sorted(ROLE_NAMES[r] for r in actor.roles)) or "no procedural role"
        raise Refused(f"Only {who_may(step)} may {step.name}. The directory lists you as "
                      f"{mine}.")


# Who records each body's roll call, entering the vote of the member they name: the
# mayor's office the council's (§14), the board chair, presiding at the hearing, the
# board's (§7). Every other member enters only their own vote, and their own recusal,
# which the clerk or the chair may also record for them.
ROLL_CALL: dict[type[Command], frozenset[Role]] = {
    RecordCouncilVote: OFFICE, RecordBoardVote: frozenset({Role.BOARD_CHAIR}),
    RecordRecusal: OFFICE | {Role.BOARD_CHAIR}}
_ROLL_CALL_WORDS = {
    RecordCouncilVote: ("A council member enters only their own vote (§14); the clerk "
                        "records the roll call. You may not enter the vote of {}."),
    RecordBoardVote: ("A board member enters only their own vote (§7); the board chair "
                      "records the roll call. You may not enter the vote of {}."),
    RecordRecusal: ("A member records only their own recusal; the clerk or the board chair "
                    "may record it for them. You may not record the recusal of {}.")}


# Who calls a body's meeting (RCW 42.30.080(1)): its presiding officer (the board chair;
# the mayor presides over the council), the clerk recording the call; or else a majority
# of its members, the member recording it among them.
PRESIDING: dict[type[Command], frozenset[Role]] = {
    ScheduleBoardMeeting: OFFICE | {Role.BOARD_CHAIR}, ScheduleDeliberation: OFFICE}
_NOT_PRESIDING = ("The presiding officer ({}) calls {}'s meetings, the clerk recording the "
                  "call; a member may call a special meeting only with a majority of the "
                  "members (RCW 42.30.080(1)): name the members calling it, you among them.")


def check_hands(actor: Actor, cmd: Command) -> None:
    """The right hands on a vote (§7, §12, §14): a member enters only their own vote; the
    roles `ROLL_CALL` names record the roll call. (The mayor's tie-breaking vote is its
    own step, which the table gives to the mayor and the designees alone.) A meeting is
    called by the roles `PRESIDING` names, or by members among those calling it."""
    if isinstance(cmd, ScheduleBoardMeeting | ScheduleDeliberation):
        callers = {x.strip().lower() for x in cmd.called_by}
        if not actor.has(PRESIDING[type(cmd)]) and (actor.email or "") not in callers:
            board = isinstance(cmd, ScheduleBoardMeeting)
            raise Refused(_NOT_PRESIDING.format(
                "the board chair" if board else "the mayor",
                BODY_NAME[Body.BOARD if board else Body.COUNCIL]))
        return
    if not isinstance(cmd, RecordCouncilVote | RecordBoardVote | RecordRecusal):
        return
    if not actor.has(ROLL_CALL[type(cmd)]) and (actor.email or "") != cmd.member.strip().lower():
        raise Refused(_ROLL_CALL_WORDS[type(cmd)].format(cmd.member))


# Who may record a body's act (`cases.handlers.StepRule.body`): its own members, and the
# mayor's office, whose clerk keeps the minutes of both bodies' meetings.
BODY_HANDS: dict[Body, frozenset[Role]] = {Body.BOARD: BOARD | OFFICE,
                                            Body.COUNCIL: COUNCIL | OFFICE}


def check_body(actor: Actor, cmd: Command, case: Case) -> None:
    """A body's act is recorded by one of its members or the clerk, never by a member of
    the other body (the council does not approve what the ordinance gives the board).
    What the command makes no body's act is taken only by the roles its row says
    (`StepRule.alone`): a member alone never acts for the body, and the body that decides
    a request of the official complained against does not record it for them (§10)."""
    rule = rule_for(cmd)
    body = rule.acting_body(cmd, case)
    if body is not None and not actor.has(BODY_HANDS[body]):
        raise Refused(f"To {rule.name} on {case.number} is an act of {BODY_NAME[body]}, "
                      f"taken by motion at its meeting ({rule.section}): its members or the "
                      "clerk record it.")
    if body is None and rule.alone is not None and not actor.has(rule.alone):
        if rule.respondent_asks is not None and is_respondent(actor, case.respondents):
            return  # their own request (`check_own_request`)
        raise Refused(_not_alone(actor, rule, case))


def check_correction(actor: Actor, cmd: Command, case: Case) -> None:
    """A step's date is corrected by whoever may take that step (issue 38, 3): a clerk's
    typo in a body's act by its members or the clerk, never by a member of the other
    body; the board chair's begun hearing not by a council member."""
    if not isinstance(cmd, CorrectStepDate):
        return
    corrected = next((r for r in STEPS if r.event is cmd.kind), None)
    if corrected is None:
        return
    hands = corrected.roles | (BODY_HANDS[corrected.body] if isinstance(corrected.body, Body)
                               else frozenset())
    if hands and not actor.has(hands):
        raise Refused(f"Only {who_may(corrected)} may {corrected.name}, and so correct its "
                      f"date on {case.number}: ask one of them to record the correction.")


def _not_alone(actor: Actor, rule: StepRule, case: Case) -> str:
    """Why `actor`, a member of a body, may not take `rule` as no body's act on `case`."""
    mine = BODY_NAME[Body.BOARD if actor.has(BOARD) else Body.COUNCIL]
    clerks = " or ".join(sorted({ROLE_NAMES[r] for r in rule.alone or ()}))
    if rule.respondent_asks is not None:
        return (f"To {rule.respondent_asks} is the official's own request ({rule.section}), "
                f"and {mine}, which decides on it, does not record it for them: the "
                f"official makes it themselves, signed in, or {clerks} record it from "
                f"their letter or email: send it to the city clerk. "
                f"{mine[0].upper()}{mine[1:]}'s own request is made by motion at its "
                "meeting.")
    return (f"Only {clerks} may {rule.name} on their own ({rule.section}); {mine} does so "
            f"only by motion at its meeting on {case.number}, naming each member's vote. "
            "Give the motion, or ask the city clerk.")


def check_on_case(actor: Actor, respondents: Collection[str], step: StepRule) -> None:
    """On the case itself: the official complained against takes none of its steps but
    the requests the ordinance gives them (`respondent_asks`); anyone else, those of their
    role."""
    if is_respondent(actor, respondents):
        if step.respondent_asks is None:
            raise Refused(f"You are the official complained against in this case and may "
                          f"not {step.name} (§6, §14).")
        return
    _check_roles(actor, step)


# The officials' requests only some of them may make, as the case stands: §11's only those
# the matter goes on against (found sufficient; every one before the report), §12's only
# those found to have violated the code (every one before any determination: the stage
# says then). Each with the refusal, in the words of the official asking.
def askers_of(case: Case) -> dict[str, list[str]]:
    """For each of the officials' requests only some of them may make (the table's
    `askers`), by the step's id, those who may make it now: the case view carries it, so
    that a form is offered and opened (`check_form`) to exactly those it would be taken
    from."""
    return {rule.id: [p.lower() for p in rule.askers.who(case)]
            for rule in STEPS if rule.askers is not None}


def check_form(actor: Actor, step: StepRule, respondents: Collection[str],
               asking: Mapping[str, Collection[str]] | None = None) -> None:
    """Whether `actor` may send `step`'s form on a case against `respondents`, decided
    before anything is typed, and asked alike when the form is shown (and offered) and
    when it is sent (`cases.services.take_step_as`): the role the table gives the step
    (`check_step`), never a step on a case against oneself but the official's own
    requests (`check_on_case`), and of those only one that can be theirs as the case
    stands (`asking`, the case's `askers_of`; None: not known, any of them). What
    depends on the values typed (whose vote, which body acts) is judged when sent."""
    check_step(actor, step)
    check_on_case(actor, respondents, step)
    if not is_respondent(actor, respondents) or asking is None:
        return
    found = asking.get(step.id)
    if found is not None and (actor.email or "") not in found and step.askers is not None:
        raise Refused(step.askers.refusal.format(who="you"))


def may_send(actor: Actor, step: StepRule, respondents: Collection[str],
             asking: Mapping[str, Collection[str]] | None = None) -> bool:
    """`check_form` as a yes or no: whether a link or button to the form is offered."""
    try:
        check_form(actor, step, respondents, asking)
    except Refused:
        return False
    return True


def check_own_request(actor: Actor, respondents: Collection[str], cmd: Command) -> None:
    """The official complained against asks for themselves: never in another official's
    name (§11, §12, §13 give each official their own request), never as the board (§10)."""
    if not is_respondent(actor, respondents):
        return
    named = getattr(cmd, "respondent", None)
    if named is not None and named.strip().lower() != actor.email:
        raise Refused(f"You may make this request only for yourself, not for {named}.")
    if getattr(cmd, "requested_by", Requester.RESPONDENT) is not Requester.RESPONDENT:
        raise Refused("The board asks for a longer time by motion at its meeting (§10); "
                      "your request is yours.")
