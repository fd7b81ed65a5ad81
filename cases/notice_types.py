"""What each notice is: its row (`NoticeType.X.rule`, a `NoticeRule`, declared with the
member as `EventKind`'s are): its family (each set below, the §2 notices, the invites, the
alerts..., is read from the rows), its subject, its templates, the deadline it serves, the
deadlines it spells out and what it carries. Who is owed it is `cases.notices`' plans;
what it says is `notices.render`'s, from the row.

Its own module beside `cases.notices` (who is owed which notice, when): the table is one
declaration per notice, long because the notices are many, and read by the plans, the
renderer (`notices.render`) and the dispatcher alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from cases.deadlines import DeadlineKey
from cases.directory import Person
from cases.languages import FRENCH, SPANISH
from cases.section2 import Section2Act

__all__ = ["ACCESS", "ALERTS", "INVITES", "MAIL", "MEETING_NOTICES", "POSTING", "SECTION_2",
           "Attachment", "Family", "NoticeRule", "NoticeType", "dispatch_rank"]


class Family(StrEnum):
    """What kind of notice a notice is, which says how it is treated as a whole."""

    SECTION_2 = "section 2"  # §2's acts within 24 hours, and the registered copy's task
    STEP = "step"  # a step of the procedure told to those it concerns
    INVITE = "invite"  # a calendar invite (iTIP), sent after everything else due
    MEETING = "meeting"  # RCW 42.30: a meeting's notice, posting or quorum warning
    DISCLOSURE = "disclosure"  # RCW 42.56: to a requester, or a person records concern
    RETENTION = "retention"  # RCW 40.14: to the clerks and the records officer
    ALERT = "alert"  # to the clerk about EthicsBot's own work (mail held, failed, unsent)
    REMINDER = "reminder"  # to whoever must act on a deadline
    ACCESS = "access"  # about a person's own access to the web docket, owed by no case


class Attachment(StrEnum):
    """What a notice carries besides its text (the mail adapter attaches it)."""

    COMPLAINT = "the complaint as filed"
    INVITE = "the calendar invite (.ics)"
    RECORDS = "the records released, as one PDF"
    REPORT = "the report's summary"


MAIL = ("txt", "html")  # a mailed notice: its plain-text and HTML templates


@dataclass(frozen=True)
class NoticeRule:
    """A notice's row: its family, its subject's words (None: never mailed), the template
    formats it is written in (`templates/notices/<value>.<format>.j2`), the deadline it
    serves when that is fixed, the deadlines it spells out, what it carries, and whether
    it is about one meeting."""

    family: Family
    subject: str | None
    formats: tuple[str, ...] = MAIL
    serves: DeadlineKey | None = None
    spells_out: tuple[DeadlineKey, ...] = ()
    attaches: frozenset[Attachment] = frozenset()
    # where the complainant's identity is withheld (`cases.protection`), the complaint as
    # filed goes to the board alone: this notice carries the summary instead
    summary_if_withheld: bool = False
    completes: Section2Act | None = None  # the §2 act it completes once every copy is out
    meeting: bool = False  # about one meeting, which its slot names
    # the languages besides English it is written in, each with its subject's words
    # (`templates/notices/<value>.<language>.<format>.j2`): every notice the complainant
    # is sent has Spanish and French (a test walks a case and checks), and goes in the complaint's
    # language where the city answers as written (`notice_language`, `cases.languages`)
    translated: tuple[tuple[str, str], ...] = ()

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(lang for lang, _ in self.translated)

    def subject_in(self, language: str) -> str | None:
        """The subject's words in `language` (English where it has none)."""
        return dict(self.translated).get(language, self.subject)


_N, _F, _D, _A = NoticeRule, Family, DeadlineKey, Attachment


def _to_complainant(es: str, fr: str) -> tuple[tuple[str, str], ...]:
    """A row's `translated` for a notice the complainant is sent: its subject in Spanish and
    in French (`cases.languages.LANGUAGES`)."""
    return ((SPANISH, es), (FRENCH, fr))


_HEARING = (_D.HEARING_BEGIN, _D.HEARING_CONCLUDE)
_COMPLAINT, _ICS = frozenset({_A.COMPLAINT}), frozenset({_A.INVITE})


class NoticeType(StrEnum):
    """Each notice, with its row: `NAME = "stored value", _N(...)`; the value is stored in
    each outbox row and names its templates."""

    rule: NoticeRule

    # each member gives its one row; `NoticeType("value")` looks a member up, with none
    def __new__(cls, value: str, *row: NoticeRule) -> NoticeType:
        notice = str.__new__(cls, value)
        notice._value_ = value
        (notice.rule,) = row
        return notice

    # §2 inform the official
    COMPLAINT_TO_RESPONDENT = "complaint_to_respondent", _N(
        _F.SECTION_2, "Notice of ethics complaint", serves=_D.NOTICE_24H, spells_out=_HEARING,
        attaches=_COMPLAINT, summary_if_withheld=True,
        completes=Section2Act.RESPONDENT_INFORMED)
    # §2 inform the council
    COMPLAINT_TO_COUNCIL = "complaint_to_council", _N(
        _F.SECTION_2, "Ethics complaint received", serves=_D.NOTICE_24H,
        spells_out=(_D.NOTICE_24H, *_HEARING), completes=Section2Act.COUNCIL_INFORMED)
    # §2 submit for sufficiency
    SUBMISSION_TO_BOARD = "submission_to_board", _N(
        _F.SECTION_2, "Complaint submitted for determination of sufficiency",
        serves=_D.NOTICE_24H, spells_out=(_D.NOTICE_24H, *_HEARING), attaches=_COMPLAINT,
        completes=Section2Act.SUBMITTED_TO_BOARD)
    # §2 copy by registered mail
    REGISTERED_MAIL_TASK = "registered_mail_task", _N(
        _F.SECTION_2, "Task: send the complaint by registered mail", serves=_D.REGISTERED_MAIL,
        spells_out=(_D.REGISTERED_MAIL,), attaches=_COMPLAINT, summary_if_withheld=True)
    # §2, RCW 42.41.030, RCW 42.56.240(2): to the clerks, that the official's and the
    # council's §2 notices wait for their decision on the complainant's protection, and
    # until when (`cases.protection_hold`)
    NOTICES_HELD = "notices_held", _N(
        _F.STEP, "ACTION NEEDED: §2 notices held for your decision on the complainant's "
        "protection")
    # §1, §2, §6, §7: to the complainant who gave an email, that the complaint was
    # received, what happens next, and which of §1's elements to send (EthicsBot's own
    # courtesy: it serves no deadline, and is in Spanish or French for a complaint
    # written in it)
    ACKNOWLEDGEMENT = "acknowledgement", _N(
        _F.STEP, "Your ethics complaint was received",
        spells_out=(_D.NOTICE_24H, _D.HEARING_BEGIN),
        translated=_to_complainant(
            "Recibimos su queja de ética",
            "Accusé de réception de votre plainte en matière d'éthique"))
    # §7, §9, §11, §13: the stored value stays; the subject is the meeting's business's
    # (`notices.render.BOARD_HEADLINES`) once the meeting is known
    BOARD_MEETING_SCHEDULED = "hearing_scheduled", _N(
        _F.STEP, "Ethics Board meeting scheduled", serves=_D.HEARING_BEGIN, spells_out=_HEARING,
        translated=_to_complainant(
            "Reunión de la Junta de Ética programada",
            "Date fixée pour une séance de la Commission d'éthique"))
    CONTINUANCE_APPLIED = "continuance_applied", _N(  # §7 tolled
        _F.STEP, "Continuance applied for: hearing deadlines tolled", spells_out=_HEARING,
        translated=_to_complainant(
            "Solicitud de prórroga: plazos de la audiencia suspendidos",
            "Demande de prorogation : délais de l'audience suspendus"))
    CONTINUANCE_DECIDED = "continuance_decided", _N(  # §7 new dates
        _F.STEP, "Continuance decided: hearing deadlines", spells_out=_HEARING,
        translated=_to_complainant(
            "Prórroga decidida: plazos de la audiencia",
            "Décision sur la prorogation : délais de l'audience"))
    REPORT_DELIVERED = "report_delivered", _N(  # §10
        _F.STEP, "Written report on sufficiency", serves=_D.REPORT_DELIVERY,
        spells_out=(_D.REPORT_DELIVERY,), attaches=frozenset({_A.REPORT}),
        translated=_to_complainant(
            "Informe escrito sobre la suficiencia",
            "Rapport écrit sur la suffisance de la plainte"))
    REFERRAL = "referral", _N(_F.STEP, "Matter referred for hearing")  # §11
    # §11: the official asked for the board after it
    REFERRAL_LAPSED = "referral_lapsed", _N(
        _F.STEP, "Referral for hearing withdrawn: the official asked for the board")
    # §12: it serves the council's seven days only when a violation was found (`_serves`)
    DETERMINATION = "determination", _N(
        _F.STEP, "Final determination received", serves=_D.COUNCIL_DECISION,
        spells_out=(_D.COUNCIL_DECISION,), translated=_to_complainant(
            "Determinación final recibida",
            "Réception de la décision définitive"))
    COUNCIL_DECIDED = "council_decided", _N(  # §12, §14
        _F.STEP, "Council decision recorded", spells_out=(_D.COUNCIL_DECISION,),
        translated=_to_complainant(
            "Decisión del concejo registrada",
            "Décision du conseil municipal consignée"))
    CASE_CLOSED = "case_closed", _N(  # §6 confidentiality ends
        _F.STEP, "Case closed", translated=_to_complainant("Caso cerrado", "Dossier clos"))
    INVITE_SUFFICIENCY_WINDOW = "invite_sufficiency_window", _N(  # §7 begin..conclude
        _F.INVITE, "Sufficiency hearing window", spells_out=_HEARING, attaches=_ICS)
    # a meeting of the board or council (RCW 42.30); its subject the meeting's own label
    INVITE_MEETING = "invite_meeting", _N(_F.INVITE, "Meeting", attaches=_ICS, meeting=True,
                                           translated=_to_complainant("Reunión", "Séance"))
    INVITE_COUNCIL_DECISION = "invite_council_decision", _N(  # §12 seven days
        _F.INVITE, "Council decision window", spells_out=(_D.COUNCIL_DECISION,), attaches=_ICS)
    # to the clerk: a message opened no case
    QUARANTINE_ALERT = "quarantine_alert", _N(
        _F.ALERT, "EthicsBot: a message was held for review")
    # to the clerk: a notice bounced (5xx)
    DELIVERY_FAILED_ALERT = "delivery_failed_alert", _N(
        _F.ALERT, "ACTION NEEDED: a notice could not be delivered")
    # to the clerk: a notice unsent near its deadline
    DEADLINE_ALERT = "deadline_alert", _N(
        _F.ALERT, "URGENT: notices still unsent as their deadline nears")
    # to the clerk, by Slack: outgoing mail fails, or is back (no mail: no template)
    MAIL_DOWN_ALERT = "mail_down_alert", _N(_F.ALERT, None, formats=())
    # to whoever must act: a deadline approaches or has passed
    REMINDER = "reminder", _N(_F.REMINDER, "Reminder")
    # to a person who asked the web docket for one
    SIGN_IN_LINK = "sign_in_link", _N(_F.ACCESS, "Your sign-in link to the ethics docket")
    # RCW 42.30.080: special meeting, members and media; its subject the meeting's own
    MEETING_NOTICE = "meeting_notice", _N(_F.MEETING, "Notice of special meeting", meeting=True)
    # RCW 42.30.077, .080: website and meeting place (a page, not mail: `channel_of`)
    MEETING_POSTING = "meeting_posting", _N(_F.MEETING, None, formats=("html",), meeting=True)
    # to the chair and the clerk: too few accepted (48 h)
    QUORUM_WARNING = "quorum_warning", _N(_F.MEETING, "Quorum in doubt", meeting=True)
    # §13: the respondent asked that the examiner's proceeding be open; to the examiner,
    # the parties and the clerks (the examiner is no governing body: no meeting notice)
    # §11, §13: the hearing the examiner set for one official's matter, to that official,
    # the complainant, the examiner and the clerks (no meeting notice: see the reading)
    EXAMINER_HEARING = "examiner_hearing", _N(
        _F.STEP, "The hearings examiner's hearing",
        translated=_to_complainant("La audiencia ante el examinador de audiencias",
                                   "L'audience devant l'examinateur d'audience"))
    PROCEEDING_OPENED = "proceeding_opened", _N(
        _F.STEP, "The examiner's proceeding is open to the public",
        translated=_to_complainant(
            "El procedimiento ante el examinador de audiencias es público",
            "La procédure devant l'examinateur d'audience est publique"))
    # §5: the complaint was amended; the official is told, so that the time frames give
    # them a fair opportunity to respond, and so are the council and the decision-maker
    COMPLAINT_AMENDED = "complaint_amended", _N(
        _F.STEP, "The complaint was amended",
        translated=_to_complainant("La queja fue enmendada", "Modification de la plainte"))
    # RCW 40.14: a legal hold placed or lifted; to the clerks and the records officer, who
    # must not destroy (or may again review) the file
    LEGAL_HOLD = "legal_hold", _N(_F.RETENTION, "Legal hold on a case file")
    # RCW 42.56: a letter to a public records requester (an answer, an instalment with its
    # records, the closing letter), and the notice to a person the records concern; the
    # letter to a requester who is the case's complainant in the complaint's language
    DISCLOSURE_LETTER = "disclosure_letter", _N(
        _F.DISCLOSURE, "Your public records request", attaches=frozenset({_A.RECORDS}),
        translated=_to_complainant("Su solicitud de registros públicos",
                                   "Votre demande d'accès aux documents publics"))
    THIRD_PARTY_NOTICE = "third_party_notice", _N(
        _F.DISCLOSURE, "Records concerning you will be released")


def _of(family: Family) -> frozenset[NoticeType]:
    return frozenset(t for t in NoticeType if t.rule.family is family)


# The §2 notices and the step each one completes once every copy is delivered.
SECTION_2: dict[NoticeType, Section2Act] = {
    t: t.rule.completes for t in NoticeType if t.rule.completes is not None}
INVITES = _of(Family.INVITE)


def dispatch_rank(notice_type: str) -> int:
    """The order the dispatcher sends what is due in: 0 first, then 1. Calendar invites go
    after every other notice due: they repeat dates the notices give, and a change of the
    city's calendar revises thousands of them at once, which must not hold back a new
    case's §2 notices, an alert or a sign-in link (issue 26)."""
    return 1 if notice_type in INVITES else 0


# Mail about a person's own access, owed by the web docket, never by a step of a case.
ACCESS = _of(Family.ACCESS)
MEETING_NOTICES = frozenset(t for t in NoticeType if t.rule.meeting)
# The posting's "recipient": the city's website and the entrance of the meeting place.
POSTING = Person("Public posting (the city's website and the meeting place)", "posting")
ALERTS = _of(Family.ALERT)
