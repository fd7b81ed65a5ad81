"""The French words of the notices to the complainant (`WORDS`, read by
`notices.translated`): days and months as French writes them ("jeudi 1er janvier 2026 à
18 h"), the deadlines, the board's business, the meeting's session, the city's readings.
The templates (`templates/notices/<type>.fr.<format>.j2`) hold the sentences.

The register is the city's: formal "vous", the ordinance's terms as French administrative
usage writes them (the Ethics Board "la Commission d'éthique", a continuance "une
prorogation", executive session "le huis clos", the hearing examiner "l'examinateur
d'audience"), the person complained against "la personne visée par la plainte" whether an
elected official or an employee. Typography follows the Office québécois de la langue
française: a no-break space before the colon only, none before the semicolon (in a
subject a plain space, where a header may fold).
"""

from __future__ import annotations

from datetime import date, datetime

from cases.deadline_values import DeadlineKey, Status
from cases.languages import FRENCH
from cases.meetings import Body, Business, MeetingKind
from cases.readings import AmendedSection, ExaminerNotice, describe
from notices.translated import Words, moment, span

LANGUAGE = FRENCH  # the language these values are written in
_DAYS = ("lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche")
_MONTHS = ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
           "septembre", "octobre", "novembre", "décembre")


def jour(day: date) -> str:
    """'lundi 26 janvier 2026', 'jeudi 1er janvier 2026': a day as French writes it."""
    number = "1er" if day.day == 1 else str(day.day)
    return f"{_DAYS[day.weekday()]} {number} {_MONTHS[day.month - 1]} {day.year}"


def _heure(at: datetime) -> str:
    """'18 h', '18 h 30', '23 h 59 min 59 s': the 24-hour clock as French writes it."""
    if at.second:
        return f"{at.hour} h {at.minute:02d} min {at.second:02d} s"
    return f"{at.hour} h" + (f" {at.minute:02d}" if at.minute else "")


_ROLLED = ("si le dernier jour n'est pas un jour ouvrable, le jour ouvrable suivant; le "
           "délai est suspendu pendant que le conseil statue sur une demande de prorogation "
           "et prolongé du nombre de jours accordés")
DEADLINES: dict[DeadlineKey, tuple[str, str]] = {
    DeadlineKey.NOTICE_24H: (
        "informer la personne visée par la plainte et le conseil municipal, et soumettre la "
        "plainte à la Commission d'éthique",
        "24 heures après la réception de la plainte"),
    DeadlineKey.HEARING_BEGIN: (
        "commencer l'audience sur la suffisance de la plainte",
        f"20 jours après la réception de la plainte; {_ROLLED}"),
    DeadlineKey.HEARING_CONCLUDE: (
        "conclure l'audience sur la suffisance de la plainte",
        f"24 jours après la réception de la plainte; {_ROLLED}"),
    DeadlineKey.REPORT_DELIVERY: (
        "remettre le rapport écrit au conseil municipal, à la personne visée par la plainte "
        "et à l'auteur de la plainte",
        "10 jours après la conclusion de l'audience, plus tout délai supplémentaire approuvé"),
    DeadlineKey.COUNCIL_DECISION: (
        "se réunir et rendre sa décision",
        "7 jours après la réception de la décision définitive concluant à un manquement, plus "
        "la prorogation que le conseil accorde à la demande de la personne visée"),
}
STATUSES = {Status.OPEN: "en cours", Status.TOLLED: "suspendu", Status.MET: "respecté",
            Status.LATE: "respecté hors délai", Status.MISSED: "expiré"}

# "La Commission d'éthique tiendra ...": what the board meets on
BUSINESS = {
    Business.SUFFICIENCY_HEARING: "l'audience sur la suffisance de la plainte (§7)",
    Business.FURTHER_SESSION:
        "une nouvelle séance de l'audience sur la suffisance de la plainte (§7)",
    Business.REFERRED_HEARING: "son audience sur l'affaire qui lui a été renvoyée (§11)",
    Business.OTHER: "une séance portant sur d'autres questions du dossier, selon son ordre "
                    "du jour",
}
# the subject of the board meeting's notice, by its business (`render.BOARD_HEADLINES`)
HEADLINES = {
    Business.SUFFICIENCY_HEARING: "Date fixée pour l'audience sur la suffisance de la plainte",
    Business.FURTHER_SESSION:
        "Date fixée pour une nouvelle séance de l'audience sur la suffisance de la plainte",
    Business.REFERRED_HEARING: "Date fixée pour l'audience de la Commission d'éthique (§11)",
    Business.OTHER: "Date fixée pour une séance de la Commission d'éthique sur le dossier",
}
BODIES = {Body.BOARD: "la Commission d'éthique", Body.COUNCIL: "le conseil municipal"}
KINDS = {MeetingKind.REGULAR: "ordinaire", MeetingKind.SPECIAL: "extraordinaire"}

READINGS = {describe(choice): words for choice, words in (
    (ExaminerNotice.NOT_A_MEETING,
     "l'examinateur d'audience est une personne, et non un organe délibérant : son audience "
     "ne fait pas l'objet de l'avis prévu par la loi sur les réunions publiques (§13; "
     "RCW 42.30.020)"),
    (ExaminerNotice.AS_SPECIAL_MEETING,
     "l'audience de l'examinateur est annoncée comme une séance extraordinaire, par un avis "
     "que le greffe municipal publie au moins 24 heures à l'avance (§13; RCW 42.30.080)"),
    (AmendedSection.NOT_YET_SUFFICIENT,
     "un article ajouté par modification après le rapport sur la suffisance n'a pas encore "
     "été déclaré suffisant : aucune décision ni sanction ne peut s'y fonder (§5, §7)"),
    (AmendedSection.WITH_THE_COMPLAINT,
     "un article ajouté par modification après le rapport sur la suffisance s'ajoute à la "
     "plainte telle qu'elle a été déclarée (§5)"),
)}

# how an official's request came (`cases.handlers.VIA`), as "a demandé (par courriel) ..."
VIA = {"mail": "par courrier postal", "email": "par courriel", "slack": "par Slack",
       "web": "sur le site Web", "paper": "par écrit, sur papier", "in person": "en personne",
       "phone": "par téléphone"}

WORDS = Words(
    language=LANGUAGE, day=jour, clock=_heure, moment="{day} à {clock} {zone}",
    span="{day}, de {start} à {end} {zone}", span_days="du {start} au {end}",
    deadlines=DEADLINES, statuses=STATUSES,
    no_due="aucune date d'échéance (délai suspendu)", business=BUSINESS,
    headlines=HEADLINES, bodies=BODIES, kinds=KINDS, title="séance {kind} {of}",
    of={Body.BOARD: "de la Commission d'éthique", Body.COUNCIL: "du conseil municipal"},
    readings=READINGS, via=VIA,
    session_public=("ouverte au public, à la demande de la personne visée par la plainte "
                    "({section})"),
    session_executive=("séance publique; l'examen de la plainte a lieu à huis clos "
                       "({section}, {ground}), mais en public à l'égard de toute personne "
                       "visée qui le demande"),
    session_some=("séance publique; publique à l'égard de {asked} des {before} personnes "
                  "visées, à leur demande ({section}); les dossiers des autres sont examinés "
                  "à huis clos ({ground})"),
    # a subject's colon follows a plain space: a header folds there, and Python's folding
    # drops a space between two encoded words (": délais" read as ":délais")
    invite_prefix={"cancelled": "Annulée : ", "updated": "Mise à jour : ",
                   "new": "Invitation : "},
    # the invitation's own text, its colons after a no-break space (a calendar folds its
    # lines where it likes and unfolds them as they were)
    ics_summary="{case}\u00a0: {title}",
    ics_meeting="{title} (séance n° {number}) du dossier {case}.",
    ics_business="Objet\u00a0: {business}.", ics_session="Modalités\u00a0: {session}.",
    ics_cancelled="ANNULÉE\u00a0: {reason}.",
    ics_void="le dossier a été ouvert par erreur et est nul",
    ics_stayed=("la procédure a été suspendue (§7) jusqu'à la décision du conseil sur la "
                "prorogation, le {on}"),
    ics_tentative=("PROVISOIRE\u00a0: la procédure est suspendue (§7), la Commission "
                   "d'éthique ayant demandé une prorogation le {on}, sur laquelle le conseil "
                   "n'a pas encore statué. Cette entrée sera confirmée, déplacée ou annulée "
                   "lorsque le conseil statuera."),
    ics_emergency="Convoquée d'urgence (RCW 42.30.080(4))\u00a0: {reason}",
    ics_remote="Pour y assister à distance\u00a0: {link}",
    ics_present=("La personne visée par la plainte peut présenter des renseignements à "
                 "l'audience (§9)."),
    ics_agenda=("L'ordre du jour de la séance est publié sur le site Web de la Ville et "
                "affiché sur le lieu de la séance."),
    ics_when="{when}, {place}.",
    records={"complaint": "la plainte",
             "sufficiency_determination": "la décision sur la suffisance de la plainte",
             "written_report": "le rapport écrit"},
    no_records="aucun",
    redacted="{record}\u00a0: passage caviardé en vertu de {code}\u00a0: {explanation}",
    withheld="{record}\u00a0: document non communiqué en vertu de {code}\u00a0: {explanation}")


def date_heure(at: datetime) -> str:
    """'lundi 26 janvier 2026 à 23 h 59 min 59 s PST': a moment as French writes it."""
    return moment(WORDS, at)


def de_a(start: datetime, end: datetime) -> str:
    """'mardi 20 janvier 2026, de 18 h à 20 h PST': a meeting's time."""
    return span(WORDS, start, end)
