"""The languages besides English the complainant's notices are written in, each with its
table of words (`notices.translated.Words`): the one place a language is added, beside its
templates and its rows' subjects (`cases.notice_types`)."""

from __future__ import annotations

from notices import french, spanish
from notices.translated import Words

WRITTEN: dict[str, Words] = {words.language: words for words in (spanish.WORDS, french.WORDS)}
