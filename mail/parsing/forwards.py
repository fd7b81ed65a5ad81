"""Split a forwarded message into the messages it carries, each with its author and date.

A complaint reaches intake inside one or more forwards: inline (Gmail `---------- Forwarded
message ---------`, Outlook's rule and `From:/Sent:/To:/Subject:` block, Apple `Begin
forwarded message:`, Thunderbird's header table), quoted in a reply (`On ... wrote:`), or
attached as `message/rfc822`. Rather than trusting the marker lines, which clients
localise and vary, a header block is recognised by its content: consecutive `Label: value`
lines with a From and a date. Each block starts a new segment whose text runs to the next
block; text before the first block is the outer sender's own note.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import datetime
from email.message import Message
from itertools import pairwise
from zoneinfo import ZoneInfo

from mail.parsing import headers, mime
from mail.parsing.classify import machine_author, machine_generated
from mail.parsing.dates import parse_date, read_date
from mail.parsing.prose import line_numbers

_FROM = {"from", "von", "de", "van", "da", "fra", "från"}
_DATE = {"date", "sent", "gesendet", "envoyé", "enviado", "enviada", "enviado el",
         "enviada em", "enviado em", "fecha", "datum", "verzonden", "data", "envoyé le"}
_SUBJECT = {"subject", "betreff", "objet", "sujet", "asunto", "assunto", "onderwerp",
            "oggetto", "ämne", "emne"}
_OTHER = {"to", "cc", "bcc", "reply-to", "importance", "an", "à", "para", "aan", "a",
          "pour", "kopie", "cco", "cci", "till", "til"}
_LABELS = _FROM | _DATE | _SUBJECT | _OTHER
# Header words of locales that write a numeric date day first (es, fr, de, pt, it, nl,
# sv, da): they settle `02/06/2026` as 2 June. English ones leave it open (en-US/en-GB).
_DAY_FIRST = _LABELS - {"from", "date", "sent", "subject", "to", "cc", "bcc", "reply-to",
                        "importance"}
_HEADER_LINE = re.compile(
    r"^\s*\*?(?P<label>[^\W\d_][\w\-]{0,11}(?: (?:el|em|le))?)\*?\s*:\s*\*?\s*(?P<value>.*)$")
_MARKER = re.compile(
    r"^\s*(?:-{2,}\s*(?:forwarded message|original message|weitergeleitete nachricht|"
    r"ursprüngliche nachricht|message transféré|message d'origine|mensaje reenviado|"
    r"mensaje original|mensagem encaminhada|mensagem original)\s*-{2,}|"
    r"(?:begin forwarded message|inicio del mensaje reenviado|début du message réexpédié|"
    r"anfang der weitergeleiteten nachricht|início da mensagem reencaminhada)\s*:|"
    r"_{10,}|-{10,})\s*$",
    re.I,
)
# Yahoo's text part runs a forward's header block into one line, in the writer's language:
# "----- Forwarded Message ----- From: A <a@x>To: b@y <b@y>Sent: Tuesday, ...PDTSubject: S",
# "----- Mensaje reenviado ----- De: A <a@x>Para: b@y <b@y>Enviado: martes, ...Asunto: S".
# The labels are matched as written (capitalised), since they follow the text they end.
_RUN_ON_START = re.compile(
    r"^\s*(?:-{2,}\s*(?:forwarded message|mensaje reenviado|message transféré|"
    r"weitergeleitete nachricht|mensagem encaminhada)\s*-{2,}\s*)?"
    r"(?P<from>From|De|Von|Van|Da):", re.I)
_RUN_ON_SUBJECT = re.compile(r"(?:Subject|Asunto|Objet|Betreff|Assunto|Onderwerp):")
_RUN_ON_LABEL = re.compile(
    r"(?:To|Cc|Sent|Date|Subject|Para|Enviado|Fecha|Asunto|Envoyé|Objet|An|Gesendet|"
    r"Betreff|Datum|Assunto|Aan|Verzonden|Onderwerp):")
MAX_RUN_ON = 2000  # longer lines are not header blocks
_WHEN = (r"(?P<date>.+?\d{1,2}:\d{2}(?::\d{2})?\s*(?:[AaPp]\.?\s?[Mm]\.?)?"
         r"(?:\s*[+-]\d{4}|\s*[A-Z]{2,5}\b)?)")
# Reply attributions as clients write them, with whether the language writes the day first:
# Gmail and Apple "On ... wrote:", Gmail's es/fr/pt/de/it, Thunderbird "On 6/9/26 7:42 AM,".
_WROTE = (
    (re.compile(r"^\s*On\s+" + _WHEN + r",?\s+(?P<who>.+?)\s+wrote:\s*$"), None),
    (re.compile(r"^\s*El\s+" + _WHEN + r",?\s+(?P<who>.+?)\s+escribió:\s*$"), True),
    (re.compile(r"^\s*Le\s+" + _WHEN + r",?\s+(?P<who>.+?)\s+a écrit\s*:\s*$"), True),
    (re.compile(r"^\s*Em\s+" + _WHEN + r",?\s+(?P<who>.+?)\s+escreveu:\s*$"), True),
    (re.compile(r"^\s*Il giorno\s+" + _WHEN + r",?\s+(?P<who>.+?)\s+ha scritto:\s*$"), True),
    (re.compile(r"^\s*Am\s+" + _WHEN + r"(?:\s*Uhr)?\s+schrieb\s+(?P<who>.+?)\s*:\s*$"), True),
)
_OPENERS = ("On ", "El ", "Le ", "Em ", "Il giorno ", "Am ")
_ENDINGS = ("wrote:", "escribió:", "écrit :", "écrit:", "escreveu:", "scritto:", ":")
_QUOTES = re.compile(r"^(?:[^\S\n]*>)+ ?", re.M)  # the quoting "> > " of each line
# "On Tue, Jun 9, 2026 at 7:42 AM Dana Whitfield <dwhitfield@example.net> wrote:" is 80;
# `_WROTE` takes time growing with the square of what it reads, so longer is not read.
MAX_ATTRIBUTION = 400


@dataclass(frozen=True)
class Segment:
    """One message of a forwarded thread: its author, date, subject and own words."""

    name: str | None
    email: str | None
    date: datetime | None
    subject: str
    text: str
    outer: bool = False  # the message that reached the intake mailbox itself
    quoted: bool = False  # quoted under "On ... wrote:" rather than forwarded
    date_other: datetime | None = None  # the date read in the other day/month order
    # the owner's mailbox a sender wrote from ("Sender on behalf of Owner"): (name, email)
    behalf: tuple[tuple[str | None, str | None], ...] = ()
    # what it is when a mail system wrote it (classify.KINDS: a bounce, a feedback report)
    machine: str | None = None
    returned: bool = False  # carried inside machine mail: the message it returns or reports


@dataclass(frozen=True)
class _Block:
    start: int  # first line of the header block (or attribution line)
    end: int  # first line after it
    name: str | None
    email: str | None
    date: datetime | None
    subject: str
    quoted: bool = False
    date_other: datetime | None = None
    behalf: tuple[tuple[str | None, str | None], ...] = ()


def thread_of(msg: Message, tz: ZoneInfo, *, outer: bool = True,
              returned: bool = False) -> list[Segment]:
    """Every message inside `msg`, outermost first: inline forwards, then attached mail
    (`returned` when machine mail carries it)."""
    name, addr = headers.header_address(msg, "From")
    behalf: tuple[tuple[str | None, str | None], ...] = ()
    sender = headers.header_address(msg, "Sender")
    if not outer and sender[1] and sender[1] != addr:
        # RFC 5322's Sender sent it from the From mailbox: Outlook's "Sender on behalf of
        # From", written so in an inline forward (`headers.split_parties`); the outer
        # message's forwarder is its mailbox, From
        (name, addr), behalf = sender, ((name, addr),)
    date = parse_date(headers.header_text(msg, "Date"), tz)
    subject = headers.header_text(msg, "Subject")
    lead, inner = split_inline(mime.body_text(msg), tz)
    made = None if outer else machine_generated(msg)  # attached mail: by its structure too
    machine = made.kind if made else machine_author(name, addr, subject)
    machine = None if outer else machine
    segments = [Segment(name, addr, date, subject, lead, outer=outer, behalf=behalf,
                        machine=machine, returned=returned)]
    carried = returned or bool(machine)  # what machine mail quotes or attaches, it returns
    for segment in inner:
        segments.append(replace(segment, returned=True) if carried else segment)
        carried = carried or bool(segment.machine)
    for attached in mime.attached_messages(msg):
        segments += thread_of(attached, tz, outer=False, returned=carried)
    return segments


def split_inline(text: str, tz: ZoneInfo) -> tuple[str, list[Segment]]:
    """(the writer's own text, the messages forwarded or quoted below it)."""
    # Outlook for Mac starts its "On ... wrote:" line with a byte-order mark (U+FEFF),
    # which no strip() removes: unremoved, the line is no attribution and the original's
    # writer and date are lost
    unquoted = _QUOTES.sub("", text.replace("\ufeff", ""))
    lines = _unrun(unquoted.split("\n"), line_numbers(unquoted, _COLON))
    blocks = _blocks(lines, tz)
    if not blocks:
        return text.strip(), []
    lead = _own_text(lines, 0, blocks[0].start)
    segments = []
    for i, block in enumerate(blocks):
        stop = blocks[i + 1].start if i + 1 < len(blocks) else len(lines)
        segments.append(Segment(block.name, block.email, block.date, block.subject,
                                _own_text(lines, block.end, stop), quoted=block.quoted,
                                date_other=block.date_other, behalf=block.behalf,
                                machine=machine_author(block.name, block.email,
                                                       block.subject)))
    return lead, segments


def _unrun(lines: list[str], colons: list[int]) -> list[str]:
    """Lines with a run-on header block (Yahoo's) split into one line per header; only
    the lines with a colon (`colons`, their numbers) can hold one."""
    out: list[str] = []
    kept = 0  # lines[kept:] are not yet in `out`
    for i in dict.fromkeys(colons):
        out += lines[kept:i]
        kept, line = i + 1, lines[i]
        start = _RUN_ON_START.match(line) if len(line) <= MAX_RUN_ON else None
        if (start is None or not _RUN_ON_SUBJECT.search(line)
                or len(_RUN_ON_LABEL.findall(line)) < 2):
            out.append(line)
            continue
        head = start.start("from")
        if line[:head].strip():
            out.append(line[:head].strip())  # the separator
        cuts = [head] + [m.start() for m in _RUN_ON_LABEL.finditer(line, head)] + [len(line)]
        out += [line[a:b].strip() for a, b in pairwise(cuts) if b > a]
    out += lines[kept:]
    return out


def _own_text(lines: list[str], start: int, stop: int) -> str:
    chunk = lines[start:stop]
    while chunk and (not chunk[-1].strip() or _MARKER.match(chunk[-1])):
        chunk.pop()  # the separator that introduced the next forwarded message
    return "\n".join(chunk).strip()


def _blocks(lines: list[str], tz: ZoneInfo) -> list[_Block]:
    """The header blocks and attribution lines, in one pass over the lines.

    A run of header-like lines is read once: when it holds no From and date, no run
    starting inside it can (its labels are a subset), so the scan goes on after it.
    """
    blocks: list[_Block] = []
    # only a line with a colon or opening as an attribution does can start either; the
    # others are passed over without a test each
    joined = "\n".join(lines)
    starts = sorted({*line_numbers(joined, _COLON), *line_numbers(joined, _OPENS)})
    i = 0
    for start in starts:
        if start < i:
            continue
        i = start
        run_end, block = _header_block(lines, i, tz)
        block = block or _attribution(lines, i, tz)
        if block is None:
            i = max(i + 1, run_end)
            continue
        blocks.append(block)
        i = block.end
    return blocks


_COLON = re.compile(":")
_OPENS = re.compile(r"^[^\S\n]*(?:" + "|".join(map(re.escape, _OPENERS)) + ")", re.M)


def _header_block(lines: list[str], i: int, tz: ZoneInfo) -> tuple[int, _Block | None]:
    """(the end of the run of header-like lines at `i`, the block when it is one)."""
    fields: dict[str, str] = {}
    day_first: bool | None = None
    j = i
    while j < len(lines):
        m = _HEADER_LINE.match(lines[j])
        label = m["label"].lower() if m else ""
        if label not in _LABELS:
            break
        assert m is not None
        fields.setdefault(_kind(label), m["value"].strip())
        day_first = True if label in _DAY_FIRST else day_first
        j += 1
    if "from" not in fields or "date" not in fields:
        return j, None
    (name, addr), *behalf = headers.split_parties(fields["from"].replace("*", ""))
    dated = read_date(fields["date"], tz, day_first=day_first)
    return j, _Block(i, j, name, addr, dated.moment if dated else None,
                     fields.get("subject", ""), date_other=dated.other if dated else None,
                     behalf=tuple(behalf))


def _kind(label: str) -> str:
    for kind, names in (("from", _FROM), ("date", _DATE), ("subject", _SUBJECT)):
        if label in names:
            return kind
    return label


def _attribution(lines: list[str], i: int, tz: ZoneInfo) -> _Block | None:
    if not lines[i].lstrip().startswith(_OPENERS):
        return None
    for span in (1, 2, 3):  # Gmail wraps a long attribution line
        joined = " ".join(line.strip() for line in lines[i:i + span])
        if len(joined) > MAX_ATTRIBUTION:
            return None  # no client writes one this long; the pattern's cost would grow
        if not joined.endswith(_ENDINGS):
            continue
        for pattern, day_first in _WROTE:
            m = pattern.match(joined)
            if m:
                who = m["who"].replace("(<", "<").replace(">)", ">")  # Gmail es: "(<a@x>)"
                name, addr = headers.split_address(who)
                dated = read_date(m["date"], tz, day_first=day_first)
                return _Block(i, i + span, name, addr, dated.moment if dated else None, "",
                              quoted=True, date_other=dated.other if dated else None)
    return None
