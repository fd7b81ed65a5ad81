"""What a step of the procedure is made of, and the parts of the procedure that declare them.

Each step is declared once, in the module of its part of the procedure (`sufficiency`:
receipt to the end of the hearing, §2-§9; `report`: the written report, §7, §10;
`meetings`: calling and holding a meeting, RCW 42.30; `at_meetings`: what is recorded at
one; `council`: referral to decision, §11-§14; `complaint`: amendments and the official
named, §2, §5; `case_file`: corrections, closure; `disclosures`: RCW 42.56; `retention`:
RCW 40.14; `complainant`: the complainant's protection), as four things one above the
other:

- its command, a frozen dataclass subclassing `Command`: what a person gives;
- its row, `@step(...)` (a `StepRule`): its words, name, event, the stages it is allowed
  in, who may take it, its section and what else the procedure checks;
- its handler, the function `@step` decorates: what the step itself requires, and the
  event it records. Which stage allows a step, where it leads and who may take it are
  not a handler's business: the row says so, and `cases.procedure.handle` asks it;
- its effect, `@effect(EventKind...)` on a function of the case's state: what the entry
  does to the case (`cases.effects`), once for its kind, beside the first step recording
  it (or `changes_nothing(...)`).

Each field of a command carries its own words, `field(metadata=asks("The day it
happened"))`: its label, and where the label is not enough a hint, a yes/no's two answers
or the choices a step offers. The web's forms, Slack's help and the terminal read them
there (`asked`), so a field is labelled for its step, never by its name alone.

`cases.steps` gathers the rows into the one table (`STEPS`), and `cases.commands` the
commands for the surfaces that build them; neither lists a step. The effects fill
`cases.effects.EFFECTS` as the parts load, and nothing lists them either.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import Field, dataclass, field, fields
from datetime import date, datetime
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from cases.calendar import CityCalendar, fmt_day
from cases.deadlines import DeadlineKey
from cases.directory import Role
from cases.errors import ProcedureError
from cases.history import Event, EventKind
from cases.meetings import Action, Body
from cases.readings import Readings
from cases.regular_meetings import RegularTimes
from cases.stages import Stage

if TYPE_CHECKING:
    from cases.case import Case


@dataclass(frozen=True)
class Command:
    """Base of every step's command: what people ask the procedure to do, one imperative
    dataclass per step. Dates named `on` are the city's local dates on which the step
    happened (None: today, by the clock of whoever records it); emails identify people
    (the directory's key). `step` is the command's row, set by `@step` on its handler."""

    step: ClassVar[StepRule]


@dataclass(frozen=True)
class Asks:
    """What every surface asks a person for one field of a step's command (`asks`)."""

    label: str  # what the input is called: "The day it happened"
    hint: str = ""  # a sentence beside it, where the label is not enough
    yes_no: tuple[str, str] = ("Yes", "No")  # a yes/no's two answers, in the step's words
    only: tuple[str, ...] = ()  # of an enum's values, those this step offers (empty: all)
    long: bool = False  # a paragraph (a reason, a summary), not a line
    # its value's name where a step is typed in words (Slack's usage, `ethicsbot step`):
    # "DATE"; empty: the field's name in capitals ("TRACKING-NUMBER")
    word: str = ""
    empty: str = ""  # what an answer left empty means, where a choice shows it
    # a value as a person would give it, for a typed example (Slack's help): a free text's
    # own, which its type cannot make up ("RE123456789US", "Taken ill on the hearing day")
    example: str = ""

    def typed(self, name: str) -> str:
        """The word standing for field `name`'s value in a step's typed usage."""
        return self.word or name.upper().replace("_", "-")


ASKS = "asks"  # the key of a field's `Asks` in its metadata


def asks(label: str, *, hint: str = "", yes_no: tuple[str, str] = ("Yes", "No"),
         only: tuple[str, ...] = (), long: bool = False, word: str = "",
         empty: str = "", example: str = "") -> dict[str, Asks]:
    """A command's field's metadata, its words on every surface:
    `on: date | None = field(default=None, metadata=asks("The day it happened"))`."""
    return {ASKS: Asks(label, hint, yes_no, only, long, word, empty, example)}


def asked(command: type[Command], name: str) -> Asks:
    """The words field `name` of `command` declares; TypeError if it declares none (every
    field of a step's command is labelled where it is declared, for its step)."""
    found: Field[Any] | None = next((f for f in fields(command) if f.name == name), None)
    if found is None:
        raise TypeError(f"{command.__name__} has no field {name!r}")
    words = found.metadata.get(ASKS)
    if not isinstance(words, Asks):
        raise TypeError(f"{command.__name__}.{name}: no words of its own; declare them on "
                        f"the field, = field(metadata=asks(\"...\")) (docs/adding-a-step.md)")
    return words


# words more than one step's fields mean alike, each field naming them where declared
THE_DAY = asks("The day it happened", word="DATE")
THE_OFFICIAL = asks("The official complained against it is about (their email; empty: "
                    "the only one)", word="@OFFICIAL")
THE_MOTION = asks("The motion, when the board or the council acts (RCW 42.30): each "
                  "member's vote")
THE_MEETING = asks("Meeting number", word="MEETING", empty="the meeting under way")
THE_BOARD = asks("The board's members (from the directory)")
THE_COUNCIL = asks("The council's members (from the directory)")
THE_MAYOR = asks("The mayor (from the directory)")
Handler = Callable[["StepContext", Any], Event]
# the body whose act a step is, or how the command and the case say which (None: no body's)
Acts = Body | Callable[[Any, "Case"], Body | None] | None


# How an official's request may come (§10-§14): on their own sign-in (Slack, the web), or
# to the city, which takes it down from what carried it
VIA = ("mail", "email", "slack", "web", "paper", "in person", "phone")
OWN_SIGN_IN = frozenset({"slack", "web"})
TAKEN_DOWN = tuple(v for v in VIA if v not in OWN_SIGN_IN)  # how it came to the city


@dataclass(frozen=True, kw_only=True)
class OfficialsRequest(Command):
    """A request the ordinance gives the official complained against (§10-§14), and who
    says they made it (issue 38, 4): made by the official signed in, the surface says
    how (`via`, filled by `cases.derived`); taken down by anyone else, from the letter or
    email it came in, `via` says how it came and `evidence` what shows it (its date and
    sender, the history entry of the filed email, the scanned letter's file), and the
    record keeps both (`StepContext.said_by`)."""

    via: str = field(default="", metadata=asks("How the request came"))
    evidence: str = field(default="", metadata=asks(
        "What shows it (a receipt, the sent message, the letter's file)"))


class Said(Protocol):
    """What a step taken down for someone else keeps of who says so (`StepContext.said_by`):
    an official's request (`OfficialsRequest`), an examiner's authorisation."""

    @property
    def via(self) -> str: ...

    @property
    def evidence(self) -> str: ...


@dataclass(frozen=True)
class Askers:
    """Of the officials complained against, those who may make a request as the case
    stands (§11: one found sufficient against; §12: one found to have violated), and the
    refusal for another, `{who}` standing for them (or "you", on their own form)."""

    who: Callable[[Case], Collection[str]]
    refusal: str

    def check(self, case: Case, party: str, who: str | None = None) -> None:
        if party not in self.who(case):
            raise ProcedureError(self.refusal.format(who=who or party))


# each row is one object, compared as itself and shown by its words
@dataclass(frozen=True, eq=False, repr=False)
class StepRule:
    """A step's row: what it is, where it may be taken, which event it records and who may
    take it (`step` makes it; the module's docstring says where it is declared)."""

    id: str  # its stable words: Slack's subcommand ("continuance apply"), a web form's name
    name: str  # "conclude the hearing", completing "Cannot ..." and "Only ... may ..."
    command: type[Command]
    handler: Handler
    event: EventKind  # the event the step records (what it does: `cases.history.EventKind`)
    allowed_in: frozenset[Stage]
    roles: frozenset[Role]  # who may take it; empty: EthicsBot alone
    section: str  # the ordinance's section, for help and refusals
    # the body whose act it is (or how the case says which): taken only at a noticed
    # meeting of that body, under way, in open session, with a quorum on its roll call
    # (`cases.motions`); a command with a `motion` carries the members' votes on it
    body: Acts = None
    # the business on a meeting's agenda the body's act is (`cases.agenda`): taken at a
    # special meeting only when its notice states it
    agenda: Action | None = None
    stayed: bool = False  # refused while a continuance application is pending (§7)
    label: str | None = None  # a button's words, for a step that needs only the case
    # the notices the case still owes from earlier steps are cancelled, not sent (a void
    # case was opened by mistake: nothing it owed is owed any more); those the step itself
    # owes (the invites' cancellations) go
    cancels_notices: bool = False
    # the request in the words of the official complained against, when they may make it
    # themselves on their own case (their rights, §10-§14); None: they may not take it
    # (`cases.access.check_on_case`)
    respondent_asks: str | None = None
    # of the officials, who may make that request as the case stands (None: any of them)
    askers: Askers | None = None
    # who of `roles` may take the step when its command makes it no body's act (a void
    # without the board's motion, the official's §10 request): the body that would decide
    # is not the one to record it (`cases.access.check_body`); None: any of `roles`
    alone: frozenset[Role] | None = None

    def __repr__(self) -> str:
        return f"<step {self.id!r}>"

    @property
    def leads_to(self) -> Stage | None:
        """The stage the step's event leads to (None: the stage stays)."""
        return self.event.rule.leads_to

    @property
    def meets(self) -> DeadlineKey | None:
        """The deadline the step's event meets, if any."""
        return self.event.rule.meets

    @property
    def slug(self) -> str:
        """The step's name in a link ("hearing-begun"): the web's form, a reminder's link."""
        return self.id.replace(" ", "-")

    @property
    def by_motion(self) -> bool:
        """The step's command carries a body's motion (each member's vote)."""
        return "motion" in {f.name for f in fields(self.command)}

    def check_asker(self, case: Case, party: str, who: str | None = None) -> None:
        """Refuse the request to `party` if, as the case stands, it cannot be theirs."""
        if self.askers is not None:
            self.askers.check(case, party, who)

    def acting_body(self, cmd: Command, case: Case) -> Body | None:
        """The body whose act `cmd` is on `case`, if any."""
        return self.body(cmd, case) if callable(self.body) else self.body


def step(words: str, name: str, event: EventKind, allowed_in: frozenset[Stage],
         roles: frozenset[Role], section: str, **more: Any) -> Callable[[Handler], Handler]:
    """The row of the step whose handler this decorates (`StepRule`'s fields, in order, then
    by name), made once: its command is the handler's second parameter's type, declared
    just above it, and carries the row as `Command.step`. The handler is returned as it
    is."""

    def declare(handler: Handler) -> Handler:
        params = [t for name, t in handler.__annotations__.items() if name != "return"]
        annotation = params[1] if len(params) > 1 else None
        command = handler.__globals__.get(annotation) if isinstance(annotation, str) \
            else annotation
        if not (isinstance(command, type) and issubclass(command, Command)):
            raise TypeError(f"{handler.__qualname__}: its second parameter's type, "
                            f"{annotation!r}, is not a command declared above it")
        if "step" in vars(command):
            raise TypeError(f"{command.__name__} is already the command of "
                            f"{command.step.id!r}: a command is one step")
        command.step = StepRule(words, name, command, handler, event, allowed_in, roles,
                                section, **more)
        return handler

    return declare


class StepContext:
    """What a handler needs besides the command: the case, who, when, the city's calendar,
    its readings of the ordinance, whether it accepts plain http links (`cases.links`)
    and the bodies' regular meeting times (`cases.regular_meetings`)."""

    def __init__(self, case: Case, at: datetime, actor: str, calendar: CityCalendar,
                 readings: Readings, *, http_links: bool = False,
                 regular: RegularTimes | None = None) -> None:
        self.case, self.at, self.actor, self.calendar = case, at, actor, calendar
        self.readings, self.http_links = readings, http_links
        self.regular: RegularTimes = regular or {}

    @property
    def today(self) -> date:
        return self.calendar.local_date(self.at)

    def day(self, on: date | None) -> date:
        """The day the step happened: `on`, else today in the city; never a day to come,
        never before the complaint was received."""
        today = self.today
        if on is not None and on > today:
            raise ProcedureError(
                f"{fmt_day(on)} has not come yet (today is {fmt_day(today)} in the city): "
                "record a step on the day it happens, or after.")
        received = self.calendar.local_date(self.case.received_at)
        if on is not None and on < received:
            raise ProcedureError(
                f"{fmt_day(on)} is before the complaint was received ({fmt_day(received)}): "
                "no step of the procedure can come before it (§2).")
        return on or today

    def party(self, named: str | None, what: str, section: str) -> str:
        """The official complained against `named` (None: the only one): each respondent
        has their own notice, mailing, hearing and outcome, so with several, say which."""
        parties = self.case.parties()
        if named is None and len(parties) > 1:
            raise ProcedureError(f"Say which official {what}: the complaint in "
                                 f"{self.case.number} is against {' and '.join(parties)}, "
                                 f"and each is owed their own ({section}).")
        party = parties[0] if named is None else next(
            (p for p in parties if p.casefold() == named.strip().casefold()), None)
        if party is None:
            raise ProcedureError(f"{named} is not complained against in {self.case.number}: "
                                 f"the complaint is against {' and '.join(parties)} "
                                 f"({section}).")
        return party

    def said_by(self, cmd: Said, party: str, section: str, *,
                noun: str = "request", owner: str = "the official") -> dict[str, str]:
        """Who says `party` made request `cmd` (or another `noun` of theirs, an examiner's
        authorisation), as the record keeps it: their own sign-in, or how it came and
        what shows it; one taken down on someone's word alone is refused (issue 38, 4:
        the body it benefits does not say the official asked)."""
        via = " ".join(cmd.via.lower().split())
        if self.actor.strip().lower() == party.strip().lower():
            if via not in OWN_SIGN_IN:
                raise ProcedureError("Say the surface the request was made on (slack, web).")
            return {"via": via}
        if via not in TAKEN_DOWN:
            raise ProcedureError(
                f"Say how the {noun} came to the city from {party}: one of "
                f"{', '.join(TAKEN_DOWN)} ({section}). A {noun} "
                f"made on Slack or the web is made by {owner}, signed in, themselves.")
        evidence = " ".join(cmd.evidence.split())[:500]
        if not evidence:
            raise ProcedureError(
                f"Say what shows that {party} made this {noun} ({section}): the letter or "
                "email it came in (its date and sender, the history entry of the filed "
                f"email, or the scanned letter's file). The {noun} is {owner}'s own, "
                "and the record must show it came from them.")
        return {"via": via, "evidence": evidence}

    def event(self, kind: EventKind, **data: Any) -> Event:
        return Event(kind, self.at, self.actor, data)

    def due_day(self, key: DeadlineKey, official: str = "") -> date | None:
        """The last day of deadline `key` as the case now stands, the one running for
        `official` where each official has their own (§12); None: none, or tolled."""
        d = next((d for d in self.case.deadlines(self.calendar, now=self.at,
                                                 readings=self.readings)
                  if d.key is key and d.official in ("", official)), None)
        return None if d is None or d.due is None else self.calendar.local_date(d.due)

    def not_revived(self, key: DeadlineKey, day: date, what: str, section: str,
                    official: str = "") -> None:
        """Refuse `what` (an extension) dated after deadline `key` has passed (§10, §12),
        for `official` where the deadline is each official's own: the deadline stays
        missed, and the act it would have covered is late."""
        last = self.due_day(key, official)
        if last is not None and day > last:
            raise ProcedureError(
                f"Too late to {what} for {self.case.number}: the time ran out on "
                f"{fmt_day(last)} ({section}), and an extension cannot revive a deadline "
                "that has passed. The deadline stays missed; what is done now is recorded "
                "as late.")
