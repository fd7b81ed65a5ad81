"""Read one message from the intake mailbox into a filing, or say why it is not one.

The steps follow the corpus README's precedence: machine mail (bounce, auto-reply), then
what is not a new complaint (our own mail and replies to it, spam, mail with no complaint
in it), then who sent it (only the allowed forwarders), and only then the complaint
itself. Receipt is the earliest date of the complainant's own messages inside the
forwards (§2's clocks run from it), else the message's own Date.

Cheap checks come first, so that a stranger cannot make intake work for them: the header
block alone (within `max_header_bytes`) says whether the mail is machine-made, ours, or
from an allowed forwarder, and whether the city's server vouches for that forwarder.
Anyone else's mail is only glanced at (`glance`: its first 64 KB, a few parts) to say
whether it was a complaint sent to the wrong place, and first of all whether its body
shows machine mail its headers did not (a provider's JSON, an MTA's plain bounce). Only a
forwarder's mail is read whole, within `MailLimits` (its body is checked for machine mail
then); past a limit it is refused as `over_limit`, the limit named.

A member's answer to a meeting's invitation (an iTIP REPLY, `mail.parsing.calendar_replies`) is
looked for once the header block has said the mail is not a bounce (an automatic answer
still counts: a calendar may decline for someone away), and before it is taken for a
reply to our mail (its subject names the case): only when its first 64 KB name a
calendar part, and then only in the glance. It is never a complaint; `mail.intake`
records it against its meeting.

What is read before a message is read whole (the glance, its date) is
`mail.parsing.glance`'s, machine mail a forwarder passes on `mail.parsing.passed_on`'s.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from email.message import Message
from email.parser import BytesHeaderParser
from zoneinfo import ZoneInfo

from cases.directory import Directory
from cases.filing import Element, Filing
from cases.text import neutralise_bidi
from mail.parsing import headers, mime, structure
from mail.parsing.authres import forwarder_authenticated
from mail.parsing.calendar_replies import read_reply
from mail.parsing.city import forwarders
from mail.parsing.classify import (
    Rejection,
    case_tag,
    default_own_domains,
    machine_generated,
    mentions_complaint,
    not_for_intake,
    report_fields,
    reported_message,
)
from mail.parsing.complainant import identify
from mail.parsing.complaint import Material, gather
from mail.parsing.dates import to_local_if_utc
from mail.parsing.elements import build_filing
from mail.parsing.forwards import Segment, thread_of
from mail.parsing.glance import CALENDAR_PART, GLANCE_BYTES, glance_at, more_to_screen, own_date
from mail.parsing.limits import LimitExceeded, MailLimits
from mail.parsing.passed_on import forwarded_machine_mail
from mail.parsing.result import IntakeResult

__all__ = ["ParseRules", "parse_message"]

log = logging.getLogger(__name__)

# what a bounce or read receipt says that the case keeps (RFC 3464, RFC 8098)
_REPORT_FIELDS = ("final-recipient", "original-recipient", "status", "diagnostic-code",
                  "action", "disposition")


def parse_message(raw: bytes, *, directory: Directory, timezone: ZoneInfo,
                  own_domains: tuple[str, ...] = (), section_pattern: str | None = None,
                  trusted_authserv: str | None = None,
                  limits: MailLimits | None = None, deliberate: bool = False) -> IntakeResult:
    """Read `raw` (an RFC 5322 message) as a forwarded ethics complaint; never raises on
    bad input.

    `own_domains`: hosts of EthicsBot's own Message-IDs, to recognise replies to its mail
    (default: `ethicsbot.<domain>` for each forwarder's domain). `section_pattern`: regex
    of a section number (default `2.94.NNN`; see `sections.section_pattern`).
    `trusted_authserv`: when set, a forwarder's mail must pass DMARC/DKIM according to the
    Authentication-Results header that server added (`authres`). `limits`: how much work
    the message may cost (default `MailLimits()`). `deliberate`: a clerk has decided the
    message is a complaint (it was held in quarantine): no screen refuses it (machine mail,
    sender, "no complaint in it"), only the limits and unreadable bytes.
    """
    if section_pattern is not None:
        re.compile(section_pattern)  # a bad pattern is the caller's error: raise it now
    reading = _Reading(raw, directory, timezone, own_domains or default_own_domains(directory),
                       section_pattern, trusted_authserv, limits or MailLimits(),
                       deliberate=deliberate)
    try:
        return reading.read()
    except LimitExceeded as over:
        return reading.over_limit(over)
    except Exception as e:  # last resort, so one unreadable message never stops intake
        log.error("intake could not read a message (%s)", type(e).__name__)
        log.debug("intake could not read a message", exc_info=True)  # may quote its text
        return reading.rejected("not_a_complaint", "The message could not be read (an "
                                "internal error was logged); a person needs to look at it.")


@dataclass
class _Reading:
    """One message being read; what is known so far goes into any outcome."""

    raw: bytes
    directory: Directory
    tz: ZoneInfo
    own_domains: tuple[str, ...]
    section_pattern: str | None
    trusted_authserv: str | None
    limits: MailLimits
    deliberate: bool = False
    sender: str | None = None
    own_date: datetime | None = None
    message_id: str | None = None
    tag: str | None = None
    notes: list[str] = field(default_factory=list)
    glanced: Message | None = field(default=None, init=False, repr=False)
    was_glanced: bool = field(default=False, init=False, repr=False)

    def read(self) -> IntakeResult:
        """The first of `_SCREENS` that gives an outcome decides."""
        return next(found for screen in _SCREENS if (found := screen(self)) is not None)

    # The screens, in `_SCREENS`'s order; each gives an outcome or None (the next decides).

    def empty(self) -> IntakeResult | None:
        if not self.raw or self.raw.isspace():
            return self.rejected("not_a_complaint", "The message is empty.")
        return None

    def chosen_by_clerk(self) -> IntakeResult | None:
        """`deliberate`: read whole, no screen refusing it (the header block is read first,
        so its limits still hold and its date and id are known)."""
        _ = self.head  # parsed first: its limits hold, and it says the date, id and sender
        return self._read_whole(self.sender or "") if self.deliberate else None

    def calendar_answer(self) -> IntakeResult | None:
        """Before machine mail: a calendar declining for someone away may mark its answer
        automatic; only a bounce is never an answer."""
        bounce = self.head_machine is not None and self.head_machine.reason == "bounce"
        return None if bounce else self._calendar_answer(self.head)

    def machine_mail(self) -> IntakeResult | None:
        """Machine mail outranks every other reason (corpus README), even a forwarder's."""
        if (machine := self.machine) is None:
            return None
        return self._about_our_mail(self.rejected(machine.reason, machine.detail,
                                                  kind=machine.kind,
                                                  recipient=machine.recipient))

    def not_for_us(self) -> IntakeResult | None:
        """Our own mail, a reply to it, spam or bulk mail, by the header block; a
        forwarder's message with mail attached waits to be read whole (`_forwards_mail`)."""
        if self._forwards_mail():
            return None
        self.tag = case_tag(self.head, self.own_domains)
        found = not_for_intake(self.head, self.own_domains, self.tag)
        return None if found is None else self.rejected(found.reason, found.detail)

    def no_sender(self) -> IntakeResult | None:
        if self.sender is None:
            return self.rejected("not_a_complaint", "The message has no readable From "
                                 "address.")
        return None

    def stranger(self) -> IntakeResult | None:
        if self.sender is None or self.sender in forwarders(self.directory):
            return None
        return self._stranger(self.head, self.sender)

    def not_vouched_for(self) -> IntakeResult | None:
        """A forwarder's mail the trusted server does not vouch for (`authres`)."""
        assert self.sender is not None
        if self.trusted_authserv and (why := forwarder_authenticated(
                self.head, self.trusted_authserv, self.sender)):
            return self.rejected("sender_not_allowed", f"Mail that claims to come from "
                                 f"{self.sender}, but {why}.")
        return None

    def forwarders_mail(self) -> IntakeResult:
        """The last screen: a forwarder's mail, read whole (which screens it again)."""
        assert self.sender is not None
        return self._read_whole(self.sender)

    # What the message is made by, decided once per view and reused by every screen.

    @functools.cached_property
    def head_machine(self) -> Rejection | None:
        """A bounce or an automatic reply, said by the header block alone; the case the
        header block names is read with it."""
        head = self.head
        self.tag = case_tag(head, self.own_domains)
        return machine_generated(head)

    @functools.cached_property
    def glance_machine(self) -> Rejection | None:
        """Machine mail as the glance shows it, body included (a provider's JSON, an MTA's
        plain-text bounce; whom a bounce did not reach)."""
        glance = self._glanced()
        return machine_generated(glance) if glance is not None else None

    @functools.cached_property
    def machine(self) -> Rejection | None:
        """The verdict: the header block's, else, for a stranger's mail, the glance's. A
        forwarder's is judged by its headers here and its structure once read whole
        (`machine_generated`'s `read_body`): its body's words are likelier a resident
        quoting a bounce than a machine writing from the mayor's office."""
        if self.head_machine is not None or self.sender in forwarders(self.directory):
            return self.head_machine
        return self.glance_machine

    def _read_whole(self, sender: str) -> IntakeResult:
        try:
            msg = mime.parse_bytes(self.raw, self.limits)
        except mime.UnreadableMessage as exc:
            return self.rejected("not_a_complaint", f"The message cannot be read: {exc}.")
        if self.deliberate:
            return self._complaint(msg, sender)
        if rejection := machine_generated(msg, read_body=False):  # seen in its parts
            return self.rejected(rejection.reason, rejection.detail, kind=rejection.kind,
                                 recipient=rejection.recipient)
        thread = thread_of(msg, self.tz)
        material = gather(msg, thread, self.directory, self.own_domains, self.limits)
        # machine mail the office forwards, before the screen takes it for a reply to our
        # mail (an abuse report attached whole carries our notice and its case's tag)
        if not material.from_outside and (
                machine := forwarded_machine_mail(thread, sender, self.directory)):
            return self.rejected(machine.reason, machine.detail, kind=machine.kind,
                                 recipient=machine.recipient)
        if more_to_screen(msg) and (rejection := self._attached_not_for_us(msg)):
            return self.rejected(rejection.reason, rejection.detail)
        return self._complaint(msg, sender, thread, material)

    def _about_our_mail(self, result: IntakeResult) -> IntakeResult:
        """A bounce or a read receipt: which of EthicsBot's messages it reports on, and
        what it says, read from the glance only (intake files it with that case)."""
        if result.kind not in ("delivery_status", "read_receipt"):
            return result
        glance = self._glanced()
        if glance is None:
            return result
        if result.recipient is None and (again := self.glance_machine) is not None and (
                again.kind == result.kind and again.recipient):  # its body names whom
            result = replace(result, detail=neutralise_bidi(again.detail),
                             recipient=again.recipient)
        if (found := reported_message(glance, self.own_domains)) is None:
            return result
        fields = report_fields(glance)
        return replace(result, reports_on=found, report=tuple(
            (k, fields[k]) for k in _REPORT_FIELDS if fields.get(k)))

    def _forwards_mail(self) -> bool:
        """A forwarder's message with mail attached: its header block's screen (a subject
        naming one of our cases) waits for the body, which may show machine mail passed
        on (an abuse report about our notice carries the notice's tag); read whole, it is
        screened again (`_read_whole`)."""
        return self.sender in forwarders(self.directory) and (
            b"message/rfc822" in self.raw[:GLANCE_BYTES].lower())

    @functools.cached_property
    def head(self) -> Message:
        """The header block alone, parsed once; the message's date and id are known from
        it."""
        policy = headers.capped_policy(self.limits.max_header_chars)
        block = structure.header_block(self.raw, self.limits)
        head = BytesHeaderParser(policy=policy).parsebytes(block)
        self.own_date = own_date(head, self.tz)
        self.message_id = headers.header_text(head, "Message-ID") or None
        self.sender = headers.header_address(head, "From")[1]
        return head

    def _calendar_answer(self, head: Message) -> IntakeResult | None:
        """A calendar answer from the sender, read from the glance; None when there is
        none, or when the trusted server does not vouch for the sender."""
        if self.sender is None or not CALENDAR_PART.search(self.raw[:GLANCE_BYTES]):
            return None
        glance = self._glanced()
        reply = read_reply(glance) if glance is not None else None
        if reply is None or (self.trusted_authserv and forwarder_authenticated(
                head, self.trusted_authserv, self.sender)):
            return None
        return replace(self.rejected("not_a_complaint", f"A calendar answer "
                                     f"({reply.partstat.lower()}) from {reply.attendee}."),
                       calendar_reply=reply)

    def _attached_not_for_us(self, msg: Message) -> Rejection | None:
        """Read again with its attached mail (whose subject may name one of our cases);
        what made it is known already (`machine`, `_read_whole`)."""
        self.tag = case_tag(msg, self.own_domains)
        return not_for_intake(msg, self.own_domains, self.tag)

    def _glanced(self) -> Message | None:
        """The glance (`glance`), read once for the answer and the stranger alike."""
        if not self.was_glanced:
            self.glanced, self.was_glanced = glance_at(self.raw, self.limits), True
        return self.glanced

    def _stranger(self, head: Message, sender: str) -> IntakeResult:
        """Not an allowed forwarder's: a glance says machine mail, a misdirected complaint,
        or other mail."""
        glance = self._glanced()
        if glance is not None and more_to_screen(glance) and (
                rejection := self._attached_not_for_us(glance)):
            return self.rejected(rejection.reason, rejection.detail)
        thread = thread_of(glance, self.tz) if glance is not None else []
        texts = [headers.header_text(head, "Subject"), *(s.text for s in thread)]
        if not mentions_complaint(texts, self.section_pattern):
            return self.rejected("not_a_complaint", f"Mail from {sender} that is not an "
                                 "ethics complaint.")
        return self.rejected("sender_not_allowed", f"A complaint sent by {sender}, who is not "
                             "an allowed forwarder; it must come through "
                             f"{', '.join(self.directory.forwarders) or 'the mayor'}.")

    def _complaint(self, msg: Message, sender: str, thread: list[Segment] | None = None,
                   material: Material | None = None) -> IntakeResult:
        if thread is None or material is None:
            thread = thread_of(msg, self.tz)
            material = gather(msg, thread, self.directory, self.own_domains, self.limits)
        if not self.deliberate and not mentions_complaint([*material.subjects, *material.texts],
                                                          self.section_pattern):
            return self.rejected("not_a_complaint", f"Mail from {sender} with no complaint "
                                 "in it (correspondence?).")
        assert self.own_date is not None
        received = to_local_if_utc(material.received_at or self.own_date, self.tz)
        directory = self.directory
        identity = identify(material,
                            is_city_name=lambda name: bool(directory.match_respondents(name)),
                            section_pattern=self.section_pattern)
        forwarder = sender if sender in forwarders(directory) else None  # deliberate: anyone
        filing = build_filing(material, identity, directory=directory, received_at=received,
                              forwarded_by=forwarder, section_pattern=self.section_pattern)
        notes = "".join(f"; note: {n}" for n in material.notes)
        return IntakeResult(True, None, received, forwarder, filing, self.message_id, self.tag,
                            neutralise_bidi(_summary(filing) + notes + "."))

    def rejected(self, reason: str, detail: str, limit: str | None = None, *,
                 kind: str | None = None, recipient: str | None = None) -> IntakeResult:
        when = self.own_date or datetime.now(self.tz)
        return IntakeResult(False, reason, when, None, None, self.message_id, self.tag,
                            neutralise_bidi(detail), limit, kind=kind, recipient=recipient)

    def over_limit(self, over: LimitExceeded) -> IntakeResult:
        who = f" (from {self.sender})" if self.sender else ""
        return self.rejected("over_limit", over.sentence.replace(": ", f"{who}: ", 1),
                             over.setting)


# The reading's screens in order, cheap before costly: the header block, then a stranger's
# glance, then a forwarder's mail read whole. The first to give an outcome decides; the
# last always does.
_SCREENS: tuple[Callable[[_Reading], IntakeResult | None], ...] = (
    _Reading.empty,
    _Reading.chosen_by_clerk,
    _Reading.calendar_answer,
    _Reading.machine_mail,
    _Reading.not_for_us,
    _Reading.no_sender,
    _Reading.stranger,
    _Reading.not_vouched_for,
    _Reading.forwarders_mail,
)


def _summary(filing: Filing) -> str:
    who = filing.complainant.name or filing.complainant.email or "an unnamed complainant"
    against = ", ".join(filing.respondents) or "an official not found in the directory"
    missing = ", ".join(e.value for e in Element if e in filing.missing) or "nothing"
    return (f"Complaint by {who} against {against}, received "
            f"{filing.received_at:%Y-%m-%d %H:%M %z} via "
            f"{filing.forwarded_by or 'no allowed forwarder'}; "
            f"missing: {missing}")


@dataclass(frozen=True)
class ParseRules:
    """Everything `parse_message` needs besides the bytes, as one value: intake, the CLI
    and the read-ahead process (which receives it pickled) all read mail the same way."""

    directory: Directory
    timezone: ZoneInfo
    own_domains: tuple[str, ...] = ()
    trusted_authserv: str | None = None  # None: forwarders' mail is not authenticated
    limits: MailLimits = field(default_factory=MailLimits)

    def parse(self, raw: bytes, *, deliberate: bool = False) -> IntakeResult:
        return parse_message(raw, directory=self.directory, timezone=self.timezone,
                             own_domains=self.own_domains,
                             trusted_authserv=self.trusted_authserv, limits=self.limits,
                             deliberate=deliberate)
