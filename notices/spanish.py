"""What a notice to the complainant says in Spanish beyond its template's words: its dates,
its deadlines, the board's business and the meeting's session, and its subject.

The templates (`templates/notices/<type>.es.<format>.j2`) hold the sentences; the values
the renderer computes in English (`notices.render.template_data`: "Tue Jan 20, 2026 6:00 PM
PST", "begin the sufficiency hearing", "open meeting; ...") are written again here from
the same facts, because a Spanish date or deadline is not an English one with the words
swapped. One function (`spanish_values`) does it for every notice, so no notice has its
own Spanish branch; what the clerk, the board or the official typed (a reason, an
amendment's words, a penalty) is theirs and stays as written.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import Any

from cases.calendar import CityCalendar
from cases.deadline_values import Deadline, DeadlineKey, Status
from cases.languages import SPANISH
from cases.meetings import OPEN_SECTION, Body, Business, Meeting, MeetingKind
from cases.open_meetings import EXECUTIVE_GROUND
from cases.readings import AmendedSection, ExaminerNotice, describe

LANGUAGE = SPANISH  # the language these values are written in
_DAYS = ("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo")
_MONTHS = ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto",
           "septiembre", "octubre", "noviembre", "diciembre")


def dia(day: date) -> str:
    """'lunes 26 de enero de 2026': a day as Spanish writes it."""
    return f"{_DAYS[day.weekday()]} {day.day} de {_MONTHS[day.month - 1]} de {day.year}"


def _clock(moment: datetime) -> str:
    return f"{moment.hour}:{moment.minute:02d}" + (
        f":{moment.second:02d}" if moment.second else "")


def fecha(moment: datetime) -> str:
    """'lunes 26 de enero de 2026, 23:59:59 PST': a moment as Spanish writes it (24-hour
    clock, the zone's abbreviation as the English notices give it)."""
    return f"{dia(moment.date())}, {_clock(moment)} {moment.tzname()}"


def de_a(start: datetime, end: datetime) -> str:
    """'martes 20 de enero de 2026, de 18:00 a 20:00 PST': a meeting's time, one day's
    written once."""
    if start.date() != end.date() or start.tzname() != end.tzname():
        return f"{fecha(start)} a {fecha(end)}"
    return f"{dia(start.date())}, de {_clock(start)} a {_clock(end)} {end.tzname()}"


def _dia_iso(value: object) -> object:
    """A stored day ('2026-01-12') as `dia` writes it; anything else as it is."""
    try:
        return dia(date.fromisoformat(str(value)))
    except ValueError:
        return value


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


def session(m: Meeting) -> str:
    """How the meeting is held (`cases.open_meetings.session_words`), in Spanish."""
    section = OPEN_SECTION[m.proceeding]
    if m.open_to_public:
        return ("abierta al público, a petición de la persona contra quien se presenta la "
                f"queja ({section})")
    if m.executive:
        return ("reunión abierta; la evaluación en sesión ejecutiva "
                f"({section}, {EXECUTIVE_GROUND}), abierta al público en cuanto a "
                "cualquier funcionario que lo pida")
    asked = len(m.open_for & m.before)
    return (f"reunión abierta; abierta al público en cuanto a {asked} de los "
            f"{len(m.before)} funcionarios que lo pidieron ({section}); los asuntos de los "
            f"demás se evalúan en sesión ejecutiva ({EXECUTIVE_GROUND})")


def title(m: Meeting) -> str:
    """'reunión especial de la Junta de Ética': a meeting as the Spanish notices name it."""
    of = "de la Junta de Ética" if m.body is Body.BOARD else "del Concejo Municipal"
    return f"reunión {KINDS[m.kind]} {of}"


def subject(english: str, *, board: Meeting | None, meeting: Meeting | None,
            invite_prefix: str | None) -> str:
    """A Spanish notice's subject: its row's words (`english` is already them), the board
    meeting's business, or the meeting an invitation is about."""
    if board is not None:
        english = HEADLINES[board.business or Business.SUFFICIENCY_HEARING]
    if meeting is not None:
        words = title(meeting)
        english = words[0].upper() + words[1:]
    if invite_prefix is not None:
        english = invite_prefix + english
    return english


INVITE_PREFIX = {"cancelled": "Cancelada: ", "updated": "Actualizada: ",
                 "new": "Invitación: "}


def deadline_rows(deadlines: Sequence[Deadline], calendar: CityCalendar) -> list[dict[str, Any]]:
    """The deadlines a notice spells out, as the Spanish templates list them."""
    rows = []
    for d in deadlines:
        action, counted = DEADLINES[d.key]
        rows.append({"action": action[0].upper() + action[1:], "ordinance": d.ordinance,
                     "status": STATUSES[d.status], "basis": counted,
                     "due": (fecha(calendar.local(d.due)) if d.due
                             else "sin fecha de vencimiento (plazo suspendido)")})
    return rows


def spanish_values(data: dict[str, Any], *, received: datetime, calendar: CityCalendar,
                   deadlines: Sequence[Deadline], board: Meeting | None,
                   meeting: Meeting | None) -> dict[str, Any]:
    """`data` (the English values) with every value the renderer wrote in English written
    in Spanish: the dates (and the days stored in the owing event and the council's
    decision), the deadlines spelled out (`deadlines`, those `data` lists), the board
    meeting's time, business and session, and the meeting an invitation is about."""
    out = dict(data, received=fecha(calendar.local(received)),
               deadlines=deadline_rows(deadlines, calendar))
    for key in ("event", "decision"):
        if isinstance(out.get(key), dict) and "on" in out[key]:
            out[key] = dict(out[key], on=_dia_iso(out[key]["on"]))
    if isinstance(out.get("event"), dict):
        out["event"] = dict(out["event"], **{
            k: READINGS[v] for k, v in out["event"].items()
            if k in ("reading", "notice_reading") and v in READINGS},
            **({"via": VIA[out["event"]["via"]]} if out["event"].get("via") in VIA else {}))
    if board is not None and out.get("board_meeting"):
        out["board_meeting"] = dict(
            out["board_meeting"], when=fecha(calendar.local(board.starts_at)),
            business=BUSINESS[board.business or Business.SUFFICIENCY_HEARING],
            session=session(board))
    if meeting is not None and out.get("meeting"):
        out["meeting"] = dict(
            out["meeting"], body=BODIES[meeting.body], title=title(meeting),
            kind=KINDS[meeting.kind], when=fecha(calendar.local(meeting.starts_at)),
            ends=fecha(calendar.local(meeting.ends_at)), session=session(meeting))
    if meeting is not None and out.get("invite"):
        out["invite"] = dict(out["invite"], when=de_a(calendar.local(meeting.starts_at),
                                                      calendar.local(meeting.ends_at)))
    return out
