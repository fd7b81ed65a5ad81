"""§2: the three acts due within 24 hours of receipt, and how a notice is given."""

from __future__ import annotations

from enum import StrEnum


class Section2Act(StrEnum):
    """The three acts §2 requires within 24 hours of receipt."""

    RESPONDENT_INFORMED = "respondent_informed"
    COUNCIL_INFORMED = "council_informed"
    SUBMITTED_TO_BOARD = "submitted_to_board"


class NoticeMethod(StrEnum):
    """How a §2 notice was given."""

    HAND = "hand"
    PHONE = "phone"  # a call that reached the person
    VOICEMAIL = "voicemail"
    EMAIL = "email"
    MAIL = "mail"


# "Voicemail, email or similar notification" (§2): not actual notice; the city's reading
# `remote_notice` says whether it informs the official by itself
REMOTE = frozenset({NoticeMethod.VOICEMAIL, NoticeMethod.EMAIL, NoticeMethod.MAIL})
