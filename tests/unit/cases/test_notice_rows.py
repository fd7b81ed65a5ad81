"""Each notice's row (`cases.notices.NoticeType`): complete, and with the templates it
names on disk, so that what a notice is is said once and the mail adapter reads it."""

from __future__ import annotations

from pathlib import Path

import templates
from cases.history import Window
from cases.languages import LANGUAGES
from cases.notices import (
    INVITES,
    SECTION_2,
    Attachment,
    Family,
    NoticeType,
    channel_of,
)
from cases.section2 import Section2Act

NOTICES = Path(templates.__file__).parent / "notices"
# pages of the postings folder that are no notice of their own: a meeting's approved
# minutes (posted as a meeting_posting row) and the folder's index
POSTING_PAGES = {"minutes_posting", "postings_index"}


def test_every_notice_has_a_complete_row() -> None:
    for t in NoticeType:
        row = t.rule
        assert isinstance(row.family, Family), t
        mailed = channel_of(t) == "email" and bool(row.formats)
        assert (row.subject is not None) == mailed, f"{t}: a subject exactly when mailed"
        assert row.subject is None or row.subject.strip() == row.subject != "", t
        assert set(row.formats) <= {"txt", "html"}, t
        if mailed:
            assert set(row.formats) == {"txt", "html"}, f"{t}: mail has both parts"
        assert not row.summary_if_withheld or Attachment.COMPLAINT in row.attaches, t
        assert (Attachment.INVITE in row.attaches) == (row.family is Family.INVITE), t
        # a translation is mail to the complainant: its own subject, in a language known
        assert all(lang in LANGUAGES[1:] and words.strip() == words != ""
                   for lang, words in row.translated), t
        assert not row.translated or mailed, t
    # only the alert that goes by Slack is written by no template of its own
    assert {t for t in NoticeType if not t.rule.formats} == {NoticeType.MAIL_DOWN_ALERT}


def test_each_format_a_notice_uses_has_its_template_and_each_template_a_notice() -> None:
    stems = [t.value for t in NoticeType] + [f"{t.value}.{lang}" for t in NoticeType
                                             for lang in t.rule.languages]
    missing = [f"{stem}.{fmt}.j2" for stem in stems
               for fmt in NoticeType(stem.split(".")[0]).rule.formats
               if not (NOTICES / f"{stem}.{fmt}.j2").is_file()]
    assert missing == []
    written = {p.name.split(".")[0] for p in NOTICES.glob("*.j2")
               if not p.name.startswith("_")}
    assert written - POSTING_PAGES == {t.value for t in NoticeType if t.rule.formats}


def test_the_section_2_notices_complete_each_act_once_and_each_window_has_its_invite() -> None:
    assert sorted(SECTION_2.values()) == sorted(Section2Act)
    assert all(t.rule.family is Family.SECTION_2 for t in SECTION_2)
    # a case's windows each have their invite of the same value, and meetings have theirs
    assert {t.value for t in INVITES} == {w.value for w in Window} | {"invite_meeting"}
