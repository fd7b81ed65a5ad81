"""Every notice the city sends the complainant is in the complaint's language (issue 40),
French as Spanish (`test_complainant_spanish`): a case taken through every step, its
complaint written in French, sends each of the complainant's notices in French (formal
"vous", the letter's salutation and closing formula, the ordinance's sections, dates as
French writes them, a no-break space before each colon), and the officials', the board's
and the council's copies in English."""

from __future__ import annotations

import email
import re
from dataclasses import replace
from datetime import datetime
from email import policy

import pytest

from cases import commands as c
from cases.deadlines import DeadlineKey
from cases.languages import FRENCH, ComplainantLanguage
from cases.meetings import Business
from cases.notices import NoticeType, notice_language
from cases.readings import AmendedSection, ExaminerNotice, describe
from notices import french, spanish
from notices.render import render
from tests.unit.cases.riverton import CALENDAR
from tests.unit.cases.test_notices import new_case, report_delivered, step
from tests.unit.mail.test_complainant_spanish import (
    COMPLAINANT,
    ENGLISH_WORDS,
    LATER,
    sent,
    to_complainant,
    walked,
)
from tests.unit.mail.test_render import ctx

T = NoticeType
NBSP = "\u00a0"
SALUTATION = f"Destinataire{NBSP}: Ada Citizen\n\nMadame, Monsieur,\n\n"
CLOSING = "Veuillez agréer, Madame, Monsieur, l'expression de nos salutations distinguées."


@pytest.mark.parametrize("type_", sorted(LATER), ids=str)
def test_a_french_complaint_gets_each_later_notice_in_french(type_: NoticeType) -> None:
    case, owed = walked(FRENCH)
    notices = [n for n in to_complainant(owed) if n.type is type_]
    assert notices
    for n in notices:
        subject, text, html = sent(case, n)
        assert subject.startswith("[ETH-2026-0001] ")
        assert text.startswith(SALUTATION) and '<html lang="fr">' in html
        assert CLOSING in text and CLOSING in html.replace("&#39;", "'")
        assert "Les réponses à cette adresse sont versées au dossier ETH-2026-0001." in text
        assert not re.search(r"\.[A-ZÀÂÉÈÊÎÔ]", text)  # no sentence run on into the next
        assert "\nDélai" not in text.replace("\n\nDélai", "")
        assert not ENGLISH_WORDS.search(text), ENGLISH_WORDS.search(text)
        assert not ENGLISH_WORDS.search(re.sub(r"<[^>]+>", " ", html))
        assert not re.search(r"\b\d{4}-\d\d-\d\d\b", text)  # every day written out
        assert not re.search(r"\d:\d\d", text)  # the French clock: "18 h", not "18:00"
        # typography: a no-break space before each colon, none elsewhere before one
        assert not re.search(f"[^{NBSP}]:", text), re.search(f".{{20}}[^{NBSP}]:", text)
        assert "&#39;" not in text and " tu " not in text and " ton " not in text


def test_each_french_subject_reaches_the_reader_as_written() -> None:
    """A subject's words survive the header's folding and decoding: each row's French
    subject, the board's headline, the invitation's meeting."""
    case, owed = walked(FRENCH)
    for n in to_complainant(owed):
        c_ = replace(ctx(case, n.type, n.recipient, generation=n.generation, slot=n.slot),
                     language=notice_language(case, n.type, n.recipient,
                                              ComplainantLanguage.AS_WRITTEN))
        msg = render(c_)
        again = email.message_from_bytes(msg.as_bytes(), policy=policy.default)
        assert str(again["Subject"]) == str(msg["Subject"]), n.type
        assert "[ETH-2026-0001] " in str(again["Subject"])


def test_what_each_notice_says_in_french() -> None:
    """The values the English notice computes, written again in French: the dates and
    days, the deadlines, the board's business and the session, the city's readings, how
    the official's request came; what someone typed stays as they typed it."""
    case, owed = walked(FRENCH)
    said: dict[NoticeType, tuple[str, str, str]] = {}
    for n in to_complainant(owed):
        said.setdefault(n.type, sent(case, n))
    subject, text, _ = said[T.BOARD_MEETING_SCHEDULED]
    assert subject.endswith("] Date fixée pour l'audience sur la suffisance de la plainte")
    assert "La Commission d'éthique tiendra l'audience sur la suffisance de la plainte " \
           "(§7) dans le dossier ETH-2026-0001." in text
    assert f"Date et heure{NBSP}: mardi 20 janvier 2026 à 18 h PST" in text
    assert "l'examen de la plainte a lieu à huis clos (§13, RCW 42.30.110(1)(f))" in text
    assert f"- Commencer l'audience sur la suffisance de la plainte (§7){NBSP}: lundi 2 " \
           "février 2026 à 23 h 59 min 59 s PST [respecté]" in text
    subject, text, _ = said[T.INVITE_MEETING]
    assert re.search(r"\] (Invitation|Mise à jour) : Séance extraordinaire de la Commission "
                     r"d'éthique$", subject)
    assert f"Date et heure{NBSP}: mardi 20 janvier 2026, de 18 h à 20 h PST" in text
    _, text, _ = said[T.CONTINUANCE_APPLIED]
    assert text.count("Le lundi 12 janvier 2026, la Commission d'éthique a demandé") == 1
    assert f"Motif invoqué{NBSP}: counsel ill" in text  # as the board gave it
    _, text, _ = said[T.CONTINUANCE_DECIDED]
    assert "a accordé une prorogation de 3 jours dans le dossier ETH-2026-0001 (§7)" in text
    _, text, _ = said[T.REPORT_DELIVERED]
    assert f"Conclusion{NBSP}: la plainte est SUFFISANTE." in text and "(§8)" in text
    assert "- Remettre le rapport écrit au conseil municipal, à la personne visée par la " \
           f"plainte et à l'auteur de la plainte (§10){NBSP}: vendredi 30 janvier 2026 à " \
           "23 h 59 min 59 s PST [respecté]" in text
    _, text, _ = said[T.PROCEEDING_OPENED]
    assert "a demandé (par écrit, sur papier) que la procédure devant l'examinateur" in text
    assert "l'examinateur d'audience est une personne, et non un organe délibérant" in text
    _, text, _ = said[T.COMPLAINT_AMENDED]
    assert f"Articles ajoutés{NBSP}: 2.94.040." in text and "also used city staff" in text
    assert "n'a pas encore été déclaré suffisant" in text
    assert "lors de la séance de la Commission du lundi 12 janvier 2026 à 9 h PST" in text
    _, text, _ = said[T.DETERMINATION]
    assert f"a été reçue le mardi 10 février 2026{NBSP}: elle conclut à un manquement au " \
           "code d'éthique." in text and "(§12)" in text
    _, text, _ = said[T.COUNCIL_DECIDED]
    assert f"le mardi 17 février 2026{NBSP}: la motion a été adoptée (5 voix pour, 0 " \
           "contre)" in text
    subject, text, _ = said[T.CASE_CLOSED]
    assert subject.endswith("] Dossier clos")
    assert "Le dossier ETH-2026-0001 est clos" in text and "(§6)" in text


def test_the_french_words_cover_what_the_spanish_words_cover() -> None:
    """A language is its table: a business, reading, status or deadline the Spanish table
    writes, the French one writes too (and `test_complainant_spanish` checks the Spanish
    against every value a notice can carry)."""
    s, f = spanish.WORDS, french.WORDS
    assert set(f.business) == set(f.headlines) == set(Business)
    for choice in (*ExaminerNotice, *AmendedSection):
        assert describe(choice) in f.readings, choice
    for table in ("deadlines", "statuses", "bodies", "kinds", "of", "via", "invite_prefix"):
        assert set(getattr(f, table)) == set(getattr(s, table)), table
    assert {DeadlineKey.HEARING_BEGIN, DeadlineKey.COUNCIL_DECISION} <= set(f.deadlines)


def test_a_meeting_s_time_in_french() -> None:
    start = CALENDAR.local(datetime.fromisoformat("2026-08-15T18:00:00-07:00"))
    end = CALENDAR.local(datetime.fromisoformat("2026-08-15T20:30:00-07:00"))
    assert french.de_a(start, end) == "samedi 15 août 2026, de 18 h à 20 h 30 PDT"
    late = CALENDAR.local(datetime.fromisoformat("2026-08-16T01:00:00-07:00"))
    assert french.de_a(start, late) == ("du samedi 15 août 2026 à 18 h PDT au dimanche 16 "
                                        "août 2026 à 1 h PDT")


def test_a_pending_continuance_and_a_denied_one_in_french() -> None:
    """While the application is pending the hearing's deadlines have no due date (§7): the
    French rows say so; the council's denial is told as one."""
    case = new_case()
    case.filing = replace(case.filing, language=FRENCH)
    (applied,) = [n for n in step(case, c.ApplyForContinuance(reason="témoin à l'étranger"),
                                  "2026-01-10T10:00:00-08:00")
                  if n.recipient.email == COMPLAINANT and n.type is T.CONTINUANCE_APPLIED]
    _, text, html = sent(case, applied)
    assert f"Motif invoqué{NBSP}: témoin à l'étranger" in text
    assert text.count("aucune date d'échéance (délai suspendu) [suspendu]") == 2
    assert "<strong>suspendus</strong>" in html
    (denied,) = [n for n in step(case, c.DecideContinuance(granted_days=0),
                                 "2026-01-12T10:00:00-08:00")
                 if n.recipient.email == COMPLAINANT and n.type is T.CONTINUANCE_DECIDED]
    _, text, _ = sent(case, denied)
    assert "le conseil municipal a refusé la prorogation dans le dossier ETH-2026-0001 " \
           "(§7)" in text
    assert "de même que les jours accordés" not in text
    assert re.search(f"Commencer l'audience .* \\(§7\\){NBSP}: \\w+ \\d+ janvier 2026 à "
                     r"23 h 59 min 59 s PST \[en cours\]", text)


def test_the_boards_section_11_hearing_is_announced_in_french_as_such() -> None:
    case = new_case()
    case.filing = replace(case.filing, language=FRENCH)
    report_delivered(case, sufficient=True)
    step(case, c.RequestBoardHearing(via="email", evidence="letter on file"),
         "2026-01-23T11:00:00-08:00")
    step(case, c.Refer(examiner=None), "2026-01-24T10:00:00-08:00")
    owed = step(case, c.ScheduleBoardMeeting(datetime.fromisoformat(
        "2026-02-03T18:00:00-08:00"), "Council Chambers"), "2026-01-26T10:00:00-08:00")
    (n,) = [n for n in owed
            if n.recipient.email == COMPLAINANT and n.type is T.BOARD_MEETING_SCHEDULED]
    subject, text, _ = sent(case, n)
    assert subject == "[ETH-2026-0001] Date fixée pour l'audience de la Commission d'éthique (§11)"
    assert "tiendra son audience sur l'affaire qui lui a été renvoyée (§11)" in text
    assert f"Date et heure{NBSP}: mardi 3 février 2026 à 18 h PST" in text
    assert "(§9)" not in text  # promised at the §7 hearing only, as the English notice does
