"""The §2 notices held back while the clerk decides whether the complainant is protected.

`withhold-complainant` (`cases.protection`) protects a complainant only from what is sent
after it is recorded, and mail intake sends the official's §2 notice within seconds of
the complaint's arrival: before this, a complaint asking that its writer's name be kept
confidential reached the official, complainant named, before any clerk had read it.

Where the city allows a protection (`complainant_protection: withheld_where_recorded`),
its reading `protection_hold` says which new complaints are held: those whose own words
ask for it (`asks_confidentiality`; the default) or every one. A held complaint's history
gets a second entry, `NOTICES_HELD`, right after its receipt, naming until when. The
notices that would give the complainant away (`HELD`: the official's and the council's
§2 notices, and the clerk's registered-mail task, whose copy goes to the official) are
owed as usual, but not before that moment; the board's copy goes at once (it judges the
complaint as filed, §2), and so does the acknowledgement to the complainant.

The hold ends when the clerk records the protection (the notices then go at once and
carry the summary) or releases them as filed (`release-held-notices`), and at the latest
`MARGIN` before §2's 24 hours run out, when they go as filed: the city never gives up
§2's time for a decision nobody took. The margin leaves the at-risk sweep (6 hours,
`mail.alerts`) and a retry or two before the deadline.

Pure: the history says whether a hold is in effect; the outbox (`storage.outbox`) sends
a held notice at its moment, and `cases.services` makes it due at once when a step
ends the hold.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from cases.filing import Filing
from cases.history import Event, EventKind
from cases.notice_types import NoticeType
from cases.readings import ComplainantProtection, ProtectionHold, Readings, describe

__all__ = ["ENDS_HOLD", "HELD", "MARGIN", "asks_confidentiality", "held_entry", "hold_until"]

# what a hold keeps back: what would tell the official or the council who filed it
HELD = frozenset({NoticeType.COMPLAINT_TO_RESPONDENT, NoticeType.COMPLAINT_TO_COUNCIL,
                  NoticeType.REGISTERED_MAIL_TASK})
# the entries that end a hold: the protection recorded, or the notices released as filed
ENDS_HOLD = frozenset({EventKind.COMPLAINANT_WITHHELD, EventKind.HELD_NOTICES_RELEASED})
MARGIN = timedelta(hours=8)  # before §2's 24 hours run out, the notices go whatever
_SECTION_2 = timedelta(hours=24)

# A complaint asks that its writer not be known when it says so, in its own language:
# its name or identity kept confidential or private, anonymity, fear of retaliation, a
# whistleblower. Phrases, not the bare word "confidential": a complaint about an
# official who leaked confidential records asks nothing of the kind.
_ASKS = re.compile("|".join((
    r"\b(?:keep|kept|remain|stay|be)\b[^.!?\n]{0,40}\b(?:name|identity|identities)\b"
    r"[^.!?\n]{0,40}\b(?:confidential|anonymous|private|secret|withheld)",
    r"\b(?:name|identity)\b[^.!?\n]{0,30}\b(?:kept|remain|stay|be)\s+(?:confidential|"
    r"anonymous|private|secret|withheld)",
    r"\b(?:do\s+not|don'?t|not\s+to|never)\s+(?:share|disclose|reveal|release|give\s+out|"
    r"tell\s+\w+)\s+(?:\w+\s+){0,2}(?:name|identity)",
    r"\banonym(?:ous|ously|ity)\b", r"\bwhistle-?\s?blow\w*",
    r"\b(?:ask|request|want|keep|need|expect)\w*\s+(?:for\s+)?(?:my\s+|full\s+)?confidentiality",
    r"\b(?:fear|afraid|worried|concerned|risk)\w*\b[^.!?\n]{0,30}\bretaliat\w*",
    # Spanish: anónimo, confidencialidad, mi nombre / identidad ... confidencial, represalias
    r"\banónim[oa]s?\b", r"\banonimato\b",
    r"\b(?:solicito|pido|pedimos|mantener|mantengan|guarden)\s+(?:la\s+)?confidencialidad",
    r"\b(?:temo|miedo|temor)\b[^.!?\n]{0,30}\brepresalias?\b",
    r"\b(?:nombre|identidad)\b[^.!?\n]{0,40}\b(?:confidencial|reservad[oa]|en\s+secreto)",
    # French: anonyme, anonymat, confidentialité, représailles, mon nom ... confidentiel
    r"\banonym(?:e|es|at)\b",
    r"\b(?:demande|garder|gardez|conserver|respecter|respectez)\s+(?:la\s+)?confidentialité",
    r"\b(?:crains|crainte|peur)\b[^.!?\n]{0,30}\breprésailles?\b",
    r"\b(?:nom|identité)\b[^.!?\n]{0,40}\b(?:confidentiel(?:le)?|secret)",
)), re.IGNORECASE)
_READ = 20_000  # of each part: a stranger's text costs milliseconds


def asks_confidentiality(filing: Filing) -> bool:
    """Whether the complaint's own words ask that whoever filed it not be known."""
    return any(_ASKS.search(part[:_READ]) for part in (filing.facts, filing.reasons) if part)


def held_entry(filing: Filing, readings: Readings, *, at: datetime) -> Event | None:
    """The history entry that holds a new complaint's notices, or None: where the city may
    withhold a complainant (`complainant_protection`), its reading `protection_hold` asks
    for it, and there is still time before `MARGIN` (a complaint that reached EthicsBot
    late has none to spare: its notices go at once)."""
    if readings.complainant_protection is not ComplainantProtection.WITHHELD_WHERE_RECORDED:
        return None
    asked = asks_confidentiality(filing)
    if readings.protection_hold is ProtectionHold.WHEN_ASKED and not asked:
        return None
    until = filing.received_at.astimezone(UTC) + _SECTION_2 - MARGIN
    if until <= at:
        return None
    return Event(EventKind.NOTICES_HELD, at, "ethicsbot", {
        "until": until.isoformat(), "asked": asked,
        "reading": describe(readings.protection_hold)})


def hold_until(history: Sequence[Event]) -> datetime | None:
    """Until when the case's held notices wait: the hold's moment, unless an entry after
    it ended the hold (`ENDS_HOLD`); None when nothing is held. A moment passed is still
    returned: the notices owed then are simply due."""
    until = None
    for e in history:
        if e.kind is EventKind.NOTICES_HELD:
            until = datetime.fromisoformat(e.data["until"])
        elif e.kind in ENDS_HOLD:
            until = None
    return until
