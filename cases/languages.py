"""The language a complaint is written in, and the language the city answers it in.

§1 lets "any person" file a written complaint, in whatever language they write; the
ordinance says nothing of the language of what the city sends back. Many of the city's
residents write Spanish, some French, so the city chooses (`complainant_language` in the
directory file, `Directory.complainant_language`): every notice addressed to the
complainant (the acknowledgement when the case opens, and each later one: `cases.notices`,
whose rows each have Spanish and French) is written in the complaint's language where
EthicsBot has it in that language (default), or always in English. What goes to the
officials, the council and the board stays English: it is the city's own record.

Which language a text is in is a small, bounded guess: the count of a few dozen very
common words of each language among the text's first `SAMPLE` characters, Portuguese
counted too so that it is not taken for Spanish or French. Names, places, section
numbers and an English subject line barely move it; a complaint of a few Spanish
sentences is read as Spanish (a few French ones as French), a mixed or unclear one as
English (the city's own language, which every notice has), and a Portuguese one is read
as Portuguese and answered in English.
"""

from __future__ import annotations

import re
from enum import StrEnum

ENGLISH, SPANISH, FRENCH, PORTUGUESE = "en", "es", "fr", "pt"
# those the city writes notices in (templates exist; `notices.written_in` has their words)
LANGUAGES = (ENGLISH, SPANISH, FRENCH)
SAMPLE = 20_000  # characters looked at: a complaint's language shows in its first lines


class ComplainantLanguage(StrEnum):
    """The city's choice of the language the complainant is answered in."""

    AS_WRITTEN = "as_written"  # in the complaint's language, where the notice has it
    ENGLISH = "english"  # always English


# Words each language uses often and the others hardly ever: never names, and none that
# two of them share ("de", "la", "que", "por", "en"), so that French and Portuguese, which
# share many with Spanish, are told from it rather than read as it.
_WORDS = {
    SPANISH: frozenset({
        "el", "los", "las", "del", "y", "con", "una", "es", "su", "sus", "al", "lo",
        "más", "pero", "este", "esta", "ese", "esa", "eso", "fue", "ha", "hizo", "sin",
        "también", "muy", "donde", "cuando", "ya", "hay", "están", "está", "usted",
        "ni", "así", "según", "había", "tenía", "sido", "ciudad", "concejo", "junta", "ética",
        "sección", "concejal", "concejala", "alcalde", "alcaldesa", "queja", "denuncia",
        "presento", "votó"}),
    ENGLISH: frozenset({
        "the", "and", "of", "to", "that", "is", "was", "for", "with", "on", "his",
        "her", "he", "she", "it", "this", "by", "at", "be", "as", "because", "from",
        "have", "has", "had", "which", "who", "were", "are", "not", "section",
        "council", "mayor", "complaint", "filing", "voted"}),
    FRENCH: frozenset({
        "le", "les", "des", "du", "est", "et", "une", "il", "elle", "qui", "pour",
        "dans", "pas", "sur", "avec", "son", "sa", "ses", "au", "aux", "ce", "cette",
        "été", "je", "nous", "vous", "plainte", "conseiller", "conseillère", "maire"}),
    PORTUGUESE: frozenset({
        "o", "os", "do", "da", "dos", "das", "em", "na", "um", "uma", "não", "é", "ele",
        "ela", "seu", "sua", "com", "foi", "isso", "ao", "pelo", "pela", "vereador",
        "vereadora", "queixa", "prefeito", "prefeita"}),
}
_WORD = re.compile(r"[^\W\d_]+")
MIN_WORDS = 4  # fewer telling words than this: too little to tell, English


def written_in(text: str) -> str:
    """'es' (or 'fr', 'pt') when `text` reads as that language, else 'en': the language
    with the most telling words among the first `SAMPLE` characters, if it has at least
    `MIN_WORDS` of them and twice as many as any other (module docstring)."""
    counts = dict.fromkeys(_WORDS, 0)
    for word in _WORD.findall(text[:SAMPLE].lower()):
        for lang, words in _WORDS.items():
            if word in words:
                counts[lang] += 1
    best, *others = sorted(counts, key=counts.__getitem__, reverse=True)
    if best == ENGLISH or counts[best] < MIN_WORDS:
        return ENGLISH
    return best if all(counts[best] > 2 * counts[o] for o in others) else ENGLISH


def answered_in(written: str, translated: tuple[str, ...],
                choice: ComplainantLanguage) -> str:
    """The language a notice to the complainant is sent in: the complaint's (`written`)
    when the city answers as written and the notice exists in it (`translated`, its
    row's languages besides English), else English."""
    if choice is ComplainantLanguage.AS_WRITTEN and written in translated:
        return written
    return ENGLISH
