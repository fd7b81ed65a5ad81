"""What the complainant's acknowledgement says beyond every notice's common values: when
the city received the complaint, the two dates that come next (§2's 24 hours, §7's
twenty days) in the notice's language, and which of §1's elements to send.

It is the complainant's own mail: it names no one else and no one else's address (not the
official's, whom the complainant named, nor anyone the city informs), and it carries no
copy of the complaint. Its words are the templates'; its dates are written here, in
Spanish or French from that language's table (`notices.translated.moment`), since a
Spanish or French date is not an English one with the words swapped.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from cases.calendar import CityCalendar, fmt_moment
from cases.case import Case
from cases.deadlines import Deadline, DeadlineKey
from cases.filing import Element
from cases.limitations import UNDATED
from notices import translated
from notices.written_in import WRITTEN

# What §1 asks of the complainant that they can send, in the order the letter asks for it.
# The signature is not asked for: §1 says a complaint "should" be signed, and an email
# reply cannot sign it; the clerk asks for paper where the board wants one.
ASKED = (Element.FACTS, Element.CODE_SECTIONS, Element.REASONS, Element.NAME,
         Element.ADDRESS, Element.PHONE)

def acknowledgement_data(case: Case, deadlines: Sequence[Deadline], calendar: CityCalendar,
                         language: str, keys: Sequence[DeadlineKey]) -> dict[str, Any]:
    """The acknowledgement's values: `received`, `next` ({key: {due, rolled}} for each of
    `keys`, the deadlines its row spells out: the 24 hours and the hearing's beginning;
    due None while tolled), `asks` (the §1 elements missing, as `Element` values in
    `ASKED`'s order)."""
    words = WRITTEN.get(language)

    def write(at: datetime) -> str:
        return fmt_moment(at) if words is None else translated.moment(words, at)

    received = calendar.local(case.received_at)
    due = {d.key: d.due for d in deadlines}
    upcoming: dict[str, dict[str, Any]] = {}
    for key in keys:
        moment = due.get(key)
        local = calendar.local(moment) if moment is not None else None
        # the twentieth day fell on a weekend or holiday: the date given is later
        rolled = (key is DeadlineKey.HEARING_BEGIN and local is not None
                  and local.date() != received.date() + timedelta(days=20))
        upcoming[key.value] = {"due": write(local) if local else None, "rolled": rolled}
    missing = case.filing.missing
    asks = [e.value for e in ASKED if e in missing]
    if UNDATED in case.filing.flags and Element.FACTS not in missing:
        # §4: facts that say nothing of when; asked after what is asked about the conduct
        asks.insert(sum(e in missing for e in (Element.CODE_SECTIONS, Element.REASONS)),
                    "when")
    return {"received": write(received), "next": upcoming,
            "asks": asks,
            # the complainant is told of §6 in the body, not asked not to forward their own
            # complaint as officials and employees are (the common footer)
            "confidential": False, "deadlines": [], "sections": [], "respondents": []}
