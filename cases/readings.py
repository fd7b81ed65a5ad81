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


Choice = ContinuanceCap | CouncilMajority | Release

_WORDS: dict[Choice, str] = {
    ContinuanceCap.PER_APPLICATION: "continuances capped at 10 days per application (§7)",
    ContinuanceCap.IN_TOTAL: "continuances capped at 10 days in total (§7)",
    CouncilMajority.VOTES_CAST: "majority of the votes cast (§12, §14)",
    CouncilMajority.MEMBERS_ENTITLED: "majority of the members entitled to vote (§12, §14)",
    Release.DISCLOSURE_REQUEST: ("public records released after closure only through a "
                                 "public disclosure request filed with the city attorney "
                                 "(§6, §13)"),
    Release.AT_CLOSURE: "public records released at closure (§6, §13)",
}


@dataclass(frozen=True)
class Readings:
    """The city's reading of each contested passage; the defaults are documented."""

    continuance_cap: ContinuanceCap = ContinuanceCap.PER_APPLICATION
    council_majority: CouncilMajority = CouncilMajority.VOTES_CAST
    release: Release = Release.DISCLOSURE_REQUEST


DEFAULT = Readings()


def describe(choice: Choice) -> str:
    """'majority of the votes cast (§12, §14)': the words every date or tally cites."""
    return _WORDS[choice]


def other(choice: Choice) -> Choice:
    """The reading the city did not choose (every contested passage has two)."""
    options: list[Choice] = list(type(choice))
    return options[1 - options.index(choice)]
