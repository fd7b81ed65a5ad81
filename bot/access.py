"""Who may see what and do what in Slack, by role from the city directory (§6, §13).

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
- PUBLIC: once a case is closed, the public records of §13 (complaint without contact
  details, sufficiency determination, written report, determination) to anyone who
  asks, in the directory or not. §6 keeps everything else confidential after completion.
- NONE: everyone else. The refusal is the same text whether the case exists or not.

The docket (`docket_scope`): FULL and COUNCIL roles see every open case (the council is
told of each one, §2); anyone else listed sees only the cases against them; someone not
in the directory sees nothing. Examiners get their referral by mail, not through Slack.

Taking a step (`STEP_ROLES`): the board records its hearing steps and report, the
council its decisions and votes, the mayor's office the §2 notices, registered mail and
filing. The city attorney only reads. Nobody takes a step on a case against themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.ids import Step
from cases.directory import Directory, Person, Role
from cases.steps import STEPS

NOT_LISTED = ("EthicsBot answers only the people the city's directory lists for the ethics "
              "procedure. To file a complaint, write to the mayor or the city administrator "
              "(§1).")
NOT_ENTITLED = ("You are not entitled to see that: complaints are confidential until the "
                "review is complete (§6). Ask the city clerk if you think you should be.")


class Refused(Exception):
    """An access decision, worded for the person refused; it never says more than they may
    know (whether a case exists included)."""


class Access(StrEnum):
    FULL = "full"
    COUNCIL = "council"
    RESPONDENT = "respondent"
    PUBLIC = "public"
    NONE = "none"


class DocketScope(StrEnum):
    ALL = "all"
    INVOLVING = "involving"  # only the cases against the caller
    NONE = "none"


OFFICE = frozenset({Role.MAYOR, Role.DESIGNEE})
BOARD = frozenset({Role.BOARD, Role.BOARD_CHAIR})
COUNCIL = frozenset({Role.COUNCIL})
_FULL = OFFICE | BOARD | {Role.CITY_ATTORNEY}

STEP_ROLES: dict[Step, frozenset[Role]] = {
    Step.NOTICE: OFFICE,                                  # §2 inform, submit
    Step.REGISTERED_MAIL: OFFICE,                         # §2 copy by registered mail
    Step.BOARD_RECEIVED: BOARD,                           # §2 the board has the complaint
    Step.SCHEDULE: BOARD, Step.BEGIN: BOARD, Step.HEARD: BOARD,  # §7, §9
    Step.CONCLUDED: BOARD,                                # §7
    Step.CONTINUANCE_APPLY: BOARD,                        # §7 the board applies ...
    Step.CONTINUANCE_GRANT: COUNCIL, Step.CONTINUANCE_DENY: COUNCIL,  # ... the council decides
    Step.REPORT: BOARD, Step.DELIVER: BOARD,              # §7, §10
    Step.EXTENSION_REQUEST: BOARD | OFFICE,               # §10 the board's, or the official's
    Step.EXTENSION_APPROVE: BOARD | COUNCIL,              # §10 board or council, by requester
    Step.EXTENSION_DENY: BOARD | COUNCIL,
    Step.BOARD_HEARING: BOARD | OFFICE,                   # §11 the respondent's request
    Step.REFER: BOARD,                                    # §11
    Step.DETERMINATION: BOARD | OFFICE,                   # §12 received by the city
    Step.COUNCIL_EXTENSION: COUNCIL,                      # §12
    Step.VOTE: COUNCIL,                                   # §12, §14: each member their own
    Step.DECIDE: COUNCIL | {Role.MAYOR},                  # §12, §14: the mayor breaks ties
    Step.AMEND: BOARD,                                    # §5 the decision-maker
    Step.CLOSE: BOARD | OFFICE,
    # the meeting steps, as the table of steps gives them
    **{Step(rule.id.value): rule.roles for rule in STEPS if rule.id.value in set(Step)},
}

ROLE_NAMES = {Role.MAYOR: "the mayor", Role.DESIGNEE: "the mayor's designees",
               Role.BOARD: "the ethics board", Role.BOARD_CHAIR: "the board chair",
               Role.COUNCIL: "the city council", Role.CITY_ATTORNEY: "the city attorney",
               Role.ADMINISTRATOR: "the city administrator", Role.EXAMINER: "an examiner",
               Role.OFFICIAL: "an official"}


@dataclass(frozen=True)
class Caller:
    """Who sent a Slack request, as the directory knows them (None: not listed)."""

    slack_id: str
    person: Person | None
    roles: frozenset[Role]

    @property
    def who(self) -> str:
        """The access log's name for the caller: their email, else their Slack id."""
        return self.person.email if self.person else f"slack:{self.slack_id}"

    def has(self, roles: frozenset[Role]) -> bool:
        return bool(self.roles & roles)


def identify(directory: Directory, slack_id: str) -> Caller:
    person = directory.by_slack(slack_id)
    return Caller(slack_id, person, directory.roles_of(person) if person else frozenset())


def _is_respondent(caller: Caller, respondents: list[str] | tuple[str, ...]) -> bool:
    return caller.person is not None and caller.person.email.lower() in {
        r.lower() for r in respondents}


def case_access(caller: Caller, *, respondents: list[str] | tuple[str, ...],
                closed: bool) -> Access:
    if _is_respondent(caller, respondents):
        return Access.RESPONDENT
    if caller.has(_FULL):
        return Access.FULL
    if caller.has(COUNCIL):
        return Access.COUNCIL
    return Access.PUBLIC if closed else Access.NONE


def docket_scope(caller: Caller) -> DocketScope:
    if caller.person is None:
        return DocketScope.NONE
    return DocketScope.ALL if caller.has(_FULL | COUNCIL) else DocketScope.INVOLVING


def may_file_paper(caller: Caller) -> bool:
    """The mayor's office and the administrator receive written complaints (§1) and may
    give the real time the city received a paper or in-person one."""
    return caller.has(OFFICE | {Role.ADMINISTRATOR})


def check_step(caller: Caller, step: Step, what: str) -> None:
    """Refuse a step to a role the table does not give it to (before any lookup)."""
    if caller.person is None:
        raise Refused(NOT_LISTED)
    allowed = STEP_ROLES[step]
    if not caller.has(allowed):
        mine = ", ".join(sorted(ROLE_NAMES[r] for r in caller.roles)) or "no procedural role"
        who = " or ".join(sorted({ROLE_NAMES[r] for r in allowed}))
        raise Refused(f"Only {who} may {what}. The directory lists you as {mine}.")


def check_not_respondent(caller: Caller, respondents: list[str] | tuple[str, ...],
                         what: str) -> None:
    if _is_respondent(caller, respondents):
        raise Refused(f"You are the official complained against in this case and may not "
                      f"{what} (§6, §14).")
