"""The language a complaint is written in, and the language the city answers it in.

§1 lets "any person" file a written complaint, in whatever language they write; the
ordinance says nothing of the language of what the city sends back. Many of the city's
residents write Spanish, so the city chooses (`complainant_language` in the directory
file, `Directory.complainant_language`): the mail addressed to the complainant when the
case opens (the acknowledgement) is written in the complaint's language where EthicsBot
has it in that language (default), or always in English. What goes to the officials, the
council and the board stays English: it is the city's own record.

Which language a text is in is a small, bounded guess: the share of a few dozen very
common words of each language among the text's first `SAMPLE` characters. Names, places,
section numbers and an English subject line barely move it; a complaint of a few Spanish
sentences is read as Spanish, a mixed or unclear one stays English (the city's own
language, which every notice has).
"""

from __future__ import annotations

import re
from enum import StrEnum

ENGLISH, SPANISH = "en", "es"
LANGUAGES = (ENGLISH, SPANISH)
SAMPLE = 20_000  # characters looked at: a complaint's language shows in its first lines


class ComplainantLanguage(StrEnum):
    """The city's choice of the language the complainant is answered in."""

    AS_WRITTEN = "as_written"  # in the complaint's language, where the notice has it
    ENGLISH = "english"  # always English


# Function words, never names: each is common in its language and rare in the other.
_WORDS = {
    SPANISH: frozenset({
        "el", "la", "los", "las", "de", "del", "que", "y", "en", "por", "para", "con",
        "una", "un", "es", "su", "sus", "se", "al", "lo", "como", "más", "pero",
        "sobre", "este", "esta", "porque", "fue", "ha", "sin", "también", "muy", "le",
        "les", "donde", "cuando", "nos", "mi", "ya", "entre", "hay", "era", "están",
        "está", "sección", "concejal", "concejala", "alcalde", "alcaldesa", "queja",
        "denuncia", "presento", "votó"}),
    ENGLISH: frozenset({
        "the", "and", "of", "to", "that", "is", "was", "for", "with", "on", "his",
        "her", "he", "she", "it", "this", "by", "at", "be", "as", "because", "from",
        "have", "has", "had", "which", "who", "were", "are", "not", "section",
        "council", "mayor", "complaint", "filing", "voted"}),
}
_WORD = re.compile(r"[^\W\d_]+")
MIN_WORDS = 4  # fewer common words of Spanish than this: too little to tell


def written_in(text: str) -> str:
    """'es' when `text` reads as Spanish, else 'en' (module docstring)."""
    counts = {lang: 0 for lang in LANGUAGES}
    for word in _WORD.findall(text[:SAMPLE].lower()):
        for lang in LANGUAGES:
            if word in _WORDS[lang]:
                counts[lang] += 1
    spanish = counts[SPANISH]
    return SPANISH if spanish >= MIN_WORDS and spanish > 2 * counts[ENGLISH] else ENGLISH


def answered_in(written: str, translated: tuple[str, ...],
                choice: ComplainantLanguage) -> str:
    """The language a notice to the complainant is sent in: the complaint's (`written`)
    when the city answers as written and the notice exists in it (`translated`, its
    row's languages besides English), else English."""
    if choice is ComplainantLanguage.AS_WRITTEN and written in translated:
        return written
    return ENGLISH
