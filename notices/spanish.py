"""The Spanish words of the notices to the complainant (`WORDS`, read by
`notices.translated`): days and months as Spanish writes them, the deadlines, the board's
business, the meeting's session, the city's readings. The templates
(`templates/notices/<type>.es.<format>.j2`) hold the sentences.
"""

from __future__ import annotations

from datetime import date, datetime

from cases.deadline_values import DeadlineKey, Status
from cases.languages import SPANISH
from cases.meetings import Body, Business, MeetingKind
from cases.readings import AmendedSection, ExaminerNotice, describe
from notices.translated import Words, moment, span

LANGUAGE = SPANISH  # the language these values are written in
_DAYS = ("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo")
_MONTHS = ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto",
           "septiembre", "octubre", "noviembre", "diciembre")


def dia(day: date) -> str:
    """'lunes 26 de enero de 2026': a day as Spanish writes it."""
    return f"{_DAYS[day.weekday()]} {day.day} de {_MONTHS[day.month - 1]} de {day.year}"


def _clock(at: datetime) -> str:
    """'18:00', '23:59:59': the 24-hour clock."""
    return f"{at.hour}:{at.minute:02d}" + (f":{at.second:02d}" if at.second else "")


# Each deadline a notice to the complainant can spell out: what must be done, and how its
# date is counted (the ordinance's rule; the English notice's `basis` is the arithmetic)
DEADLINES: dict[DeadlineKey, tuple[str, str]] = {
    DeadlineKey.NOTICE_24H: (
        "informar al funcionario y al concejo, y presentar la queja a la Junta de Ética",
        "24 horas después de la recepción de la queja"),
    DeadlineKey.HEARING_BEGIN: (
        "comenzar la audiencia sobre la suficiencia de la queja",
        "20 días después de la recepción de la queja; si el último día no es hábil, el "
        "siguiente día hábil; se suspende mientras el concejo decide sobre una prórroga y "
        "se alarga por los días concedidos"),
    DeadlineKey.HEARING_CONCLUDE: (
        "concluir la audiencia sobre la suficiencia de la queja",
        "24 días después de la recepción de la queja; si el último día no es hábil, el "
        "siguiente día hábil; se suspende mientras el concejo decide sobre una prórroga y "
        "se alarga por los días concedidos"),
    DeadlineKey.REPORT_DELIVERY: (
        "entregar el informe escrito al concejo, al funcionario y a quien presentó la queja",
        "10 días después de concluida la audiencia, más el tiempo adicional que se apruebe"),
    DeadlineKey.COUNCIL_DECISION: (
        "reunirse y dictar una decisión",
        "7 días después de recibida la determinación de una infracción, más la prórroga "
        "que conceda el concejo a petición del funcionario"),
}
STATUSES = {Status.OPEN: "pendiente", Status.TOLLED: "suspendido", Status.MET: "cumplido",
            Status.LATE: "cumplido fuera de plazo", Status.MISSED: "vencido"}

# "La Junta de Ética ha programado ...": what the board meets on
BUSINESS = {
    Business.SUFFICIENCY_HEARING: "la audiencia sobre la suficiencia de la queja (§7)",
    Business.FURTHER_SESSION:
        "una nueva sesión de la audiencia sobre la suficiencia de la queja (§7)",
    Business.REFERRED_HEARING: "su audiencia del asunto que se le remitió (§11)",
    Business.OTHER: "una reunión sobre otros asuntos del caso, según su orden del día",
}
# the subject of the board meeting's notice, by its business (`render.BOARD_HEADLINES`)
HEADLINES = {
    Business.SUFFICIENCY_HEARING: "Audiencia sobre la suficiencia programada",
    Business.FURTHER_SESSION: "Nueva sesión de la audiencia sobre la suficiencia programada",
    Business.REFERRED_HEARING: "Audiencia de la Junta de Ética (§11) programada",
    Business.OTHER: "Reunión de la Junta de Ética sobre el caso programada",
}
BODIES = {Body.BOARD: "la Junta de Ética", Body.COUNCIL: "el Concejo Municipal"}
KINDS = {MeetingKind.REGULAR: "ordinaria", MeetingKind.SPECIAL: "especial"}

# The city's readings a notice to the complainant states (`cases.readings`): the event
# keeps the English words (`describe`), which are looked up here
READINGS = {describe(choice): words for choice, words in (
    (ExaminerNotice.NOT_A_MEETING,
     "el examinador de audiencias es una persona, no un órgano de gobierno: su audiencia "
     "no se anuncia conforme a la Ley de Reuniones Públicas (§13; RCW 42.30.020)"),
    (ExaminerNotice.AS_SPECIAL_MEETING,
     "la audiencia del examinador se anuncia como una reunión especial, con aviso que la "
     "secretaría publica al menos 24 horas antes (§13; RCW 42.30.080)"),
    (AmendedSection.NOT_YET_SUFFICIENT,
     "una sección añadida por enmienda después del informe sobre la suficiencia aún no se "
     "ha declarado suficiente: ninguna determinación ni sanción se basa en ella (§5, §7)"),
    (AmendedSection.WITH_THE_COMPLAINT,
     "una sección añadida por enmienda después del informe sobre la suficiencia se suma a "
     "la queja tal como se declaró (§5)"),
)}

# how an official's request came (`cases.handlers.VIA`), as "pidió (por correo) ..."
VIA = {"mail": "por correo postal", "email": "por correo electrónico", "slack": "por Slack",
       "web": "en el sitio web", "paper": "por escrito, en papel", "in person": "en persona",
       "phone": "por teléfono"}


WORDS = Words(
    language=LANGUAGE, day=dia, clock=_clock, moment="{day}, {clock} {zone}",
    span="{day}, de {start} a {end} {zone}", span_days="{start} a {end}",
    deadlines=DEADLINES, statuses=STATUSES,
    no_due="sin fecha de vencimiento (plazo suspendido)", business=BUSINESS,
    headlines=HEADLINES, bodies=BODIES, kinds=KINDS, title="reunión {kind} {of}",
    of={Body.BOARD: "de la Junta de Ética", Body.COUNCIL: "del Concejo Municipal"},
    readings=READINGS, via=VIA,
    session_public=("abierta al público, a petición de la persona contra quien se presenta "
                    "la queja ({section})"),
    session_executive=("reunión abierta; la evaluación en sesión ejecutiva ({section}, "
                       "{ground}), abierta al público en cuanto a cualquier funcionario que "
                       "lo pida"),
    session_some=("reunión abierta; abierta al público en cuanto a {asked} de los {before} "
                  "funcionarios que lo pidieron ({section}); los asuntos de los demás se "
                  "evalúan en sesión ejecutiva ({ground})"),
    invite_prefix={"cancelled": "Cancelada: ", "updated": "Actualizada: ",
                   "new": "Invitación: "},
    ics_summary="{case}: {title}", ics_meeting="{title} (reunión {number}) del caso {case}.",
    ics_business="Asunto: {business}.", ics_session="Sesión: {session}.",
    ics_cancelled="CANCELADA: {reason}.", ics_void="el caso se abrió por error y es nulo",
    ics_stayed=("los procedimientos quedaron en pausa (§7) hasta que el concejo decidió "
                "sobre la prórroga el {on}"),
    ics_tentative=("PROVISIONAL: los procedimientos están en pausa (§7): la Junta de Ética "
                   "solicitó una prórroga el {on} y el concejo aún no la ha decidido. Esta "
                   "entrada se confirmará, se moverá o se cancelará cuando el concejo "
                   "decida."),
    ics_emergency="Convocada como emergencia (RCW 42.30.080(4)): {reason}",
    ics_remote="Para asistir a distancia: {link}",
    ics_present=("La persona contra quien se presenta la queja puede presentar información "
                 "en la audiencia (§9)."),
    ics_agenda=("El orden del día de la reunión se publica en el sitio web de la ciudad y en "
                "el lugar de la reunión."),
    ics_when="{when}, {place}.",
    records={"complaint": "la queja",
             "sufficiency_determination": "la determinación sobre la suficiencia",
             "written_report": "el informe escrito"},
    no_records="ninguno",
    redacted="{record}: texto suprimido conforme a {code}: {explanation}",
    withheld="{record}: retenido conforme a {code}: {explanation}")


def fecha(at: datetime) -> str:
    """'lunes 26 de enero de 2026, 23:59:59 PST': a moment as Spanish writes it (24-hour
    clock)."""
    return moment(WORDS, at)


def de_a(start: datetime, end: datetime) -> str:
    """'martes 20 de enero de 2026, de 18:00 a 20:00 PST': a meeting's time."""
    return span(WORDS, start, end)
