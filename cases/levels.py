"""The levels of access to a case (§6, §9, §10, §13).

Only the names: who has which level is `cases.access.case_access`, what each level shows
`cases.visibility`, and which entries of a history each sees the table of events
(`cases.history`). Kept apart so that the table of events can name them without
depending on the access rules, which read the table of steps.
"""

from __future__ import annotations

from enum import StrEnum


class Access(StrEnum):
    FULL = "full"
    COUNCIL = "council"
    RESPONDENT = "respondent"
    PUBLIC = "public"
    NONE = "none"
