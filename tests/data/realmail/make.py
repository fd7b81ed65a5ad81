# ruff: noqa: E501  (data: long header lines are written as clients write them)
"""Write the real-mail corpus: forwards in real clients' shapes (../clients) and machine
messages (../machine), each `.eml` with its `.expected.json`.

Run `python3 tests/data/realmail/make.py` after changing a shape; the files it writes are
committed, so the tests read data, not this script. Each shape's source is in
tests/data/clients/README.md and tests/data/machine/README.md. The expectations are
decided here from what each message says (who wrote it, when, what it cites), never
from what the parser makes of it.
"""

from __future__ import annotations

import json
import quopri
import sys
from collections.abc import Callable
from datetime import datetime, timedelta
from email.header import Header
from email.utils import format_datetime
from pathlib import Path
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parents[3]))
from people import COMPLAINTS, RESIDENTS, Person

from tests.unit.mail.hostile import pdf as page_pdf

DATA = Path(__file__).resolve().parents[1]
LA = ZoneInfo("America/Los_Angeles")
FORWARDERS = {"mayor": ("Teresa Lindqvist", "mayor@city.test", "Mayor"),
              "admin": ("Marcus Holt", "cityadmin@city.test", "City Administrator"),
              "clerk": ("Renée Castillo", "clerk@city.test", "City Clerk")}
CITY_HALL = ("City of Riverton", "100 E Main Street", "Riverton, WA 99301", "(509) 555-0100")

# --- dates as each client prints them ----------------------------------------------------
EN_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
EN_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
             "September", "October", "November", "December")
ES_DAYS = ("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo")
ES_MONTHS = ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto",
             "septiembre", "octubre", "noviembre", "diciembre")
FR_DAYS = ("lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche")
FR_MONTHS = ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
             "septembre", "octobre", "novembre", "décembre")
DE_DAYS = ("Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag")
DE_MONTHS = ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August",
             "September", "Oktober", "November", "Dezember")
PT_DAYS = ("segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira",
           "sábado", "domingo")
PT_MONTHS = ("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto",
             "setembro", "outubro", "novembro", "dezembro")


def h12(dt: datetime, seconds: bool = False) -> str:
    h = dt.hour % 12 or 12
    s = f":{dt.second:02d}" if seconds else ""
    return f"{h}:{dt.minute:02d}{s} {'AM' if dt.hour < 12 else 'PM'}"


def gmail_en(dt: datetime) -> str:
    return f"{dt:%a}, {dt:%b} {dt.day}, {dt.year} at {h12(dt)}"


def outlook_en(dt: datetime) -> str:
    return f"{EN_DAYS[dt.weekday()]}, {EN_MONTHS[dt.month - 1]} {dt.day}, {dt.year} {h12(dt)}"


def apple_en(dt: datetime, zone: str) -> str:
    return f"{EN_MONTHS[dt.month - 1]} {dt.day}, {dt.year} at {h12(dt, True)} {zone}"


def es_long(dt: datetime) -> str:
    return (f"{ES_DAYS[dt.weekday()]}, {dt.day} de {ES_MONTHS[dt.month - 1]} de {dt.year} "
            f"{dt.hour}:{dt.minute:02d}")


def fr_long(dt: datetime) -> str:
    return f"{FR_DAYS[dt.weekday()]} {dt.day} {FR_MONTHS[dt.month - 1]} {dt.year} {dt:%H:%M}"


def de_long(dt: datetime) -> str:
    return f"{DE_DAYS[dt.weekday()]}, {dt.day}. {DE_MONTHS[dt.month - 1]} {dt.year} {dt:%H:%M}"


def pt_long(dt: datetime) -> str:
    return (f"{PT_DAYS[dt.weekday()]}, {dt.day} de {PT_MONTHS[dt.month - 1]} de {dt.year} "
            f"{dt:%H:%M}")


def rfc(dt: datetime) -> str:
    return format_datetime(dt)


def gmt_offset(dt: datetime) -> str:
    """Apple's `GMT+5:30` when it knows no abbreviation for the sender's zone."""
    off = dt.utcoffset() or timedelta(0)
    minutes = int(off.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    h, m = divmod(abs(minutes), 60)
    return f"GMT{sign}{h}" + (f":{m:02d}" if m else "")


# --- the complaint as the resident wrote it -----------------------------------------------
def letter(p: Person, c: tuple, style: str = "signed", salutation: str = "Dear Mayor Lindqvist,") -> str:
    respondent, _cited, _, facts, reasons = c
    if style == "signed":
        return (f"{salutation}\n\nI am filing an ethics complaint against {respondent}.\n\n"
                f"{facts}\n\n{reasons}\n\nSincerely,\n\n{p.name}\n" + "\n".join(p.address)
                + f"\n{p.phone}\n")
    if style == "regards":
        return (f"Hello,\n\nPlease accept this as my formal ethics complaint about "
                f"{respondent}.\n\n{facts}\n\n{reasons}\n\nBest regards,\n{p.name}\n"
                + "\n".join(p.address) + f"\nTel. {p.phone}\n")
    if style == "letterhead":
        return (f"{p.name}\n" + "\n".join(p.address) + f"\n{p.phone}\n{p.email}\n\n"
                "June 8, 2026\n\nThe Honorable Teresa Lindqvist\nMayor, City of Riverton\n"
                "100 E Main Street\nRiverton, WA 99301\n\nDear Mayor Lindqvist:\n\n"
                f"Re: Ethics complaint concerning {respondent}\n\n{facts}\n\n{reasons}\n\n"
                f"Please contact me if the Board needs anything further.\n\nRespectfully,\n\n"
                f"{p.name}\n")
    if style == "unsigned":
        return (f"Hi,\n\n{facts}\n\n{reasons}\n\nYou can reach me at {p.phone}. I live at "
                f"{p.one_line}.\n")
    if style == "slash":
        return (f"To the Mayor:\n\n{facts}\n\n{reasons}\n\n/s/ {p.name}\n"
                + "\n".join(p.address) + f"\n{p.phone}\n")
    raise ValueError(style)


def city_note(who: str) -> str:
    name, _, title = FORWARDERS[who]
    return (f"Forwarding for intake.\n\n{name}\n{title}, City of Riverton\n"
            f"{CITY_HALL[1]}\n{CITY_HALL[2]}\n{CITY_HALL[3]}\n")


# --- forward header blocks, one per client shape -----------------------------------------
def addr(p: Person) -> str:
    return f"{p.name} <{p.email}>"


Block = Callable[[Person, datetime, str], str]

BLOCKS: dict[str, tuple[str, Block]] = {
    "gmail-en": ("Fwd", lambda p, dt, s: (
        f"---------- Forwarded message ---------\nFrom: {addr(p)}\nDate: {gmail_en(dt)}\n"
        f"Subject: {s}\nTo: <mayor@city.test>\n\n\n")),
    "gmail-es": ("Fwd", lambda p, dt, s: (
        f"---------- Mensaje reenviado ---------\nDe: {addr(p)}\n"
        f"Date: {ES_DAYS[dt.weekday()][:3]}, {dt.day} {ES_MONTHS[dt.month - 1][:3]} "
        f"{dt.year} a las {dt.hour}:{dt.minute:02d}\nSubject: {s}\nTo: <mayor@city.test>\n\n\n")),
    "gmail-fr": ("Fwd", lambda p, dt, s: (
        f"---------- Forwarded message ---------\nDe : {addr(p)}\n"
        f"Date: {FR_DAYS[dt.weekday()][:3]}. {dt.day} {FR_MONTHS[dt.month - 1]} {dt.year} "
        f"à {dt:%H:%M}\nSubject: {s}\nTo: <mayor@city.test>\n\n\n")),
    "gmail-de": ("Fwd", lambda p, dt, s: (
        f"---------- Weitergeleitete Nachricht ---------\nVon: {addr(p)}\n"
        f"Date: {DE_DAYS[dt.weekday()][:2]}., {dt.day}. {DE_MONTHS[dt.month - 1]} {dt.year} "
        f"um {dt:%H:%M} Uhr\nSubject: {s}\nTo: <mayor@city.test>\n\n\n")),
    "apple-en": ("Fwd", lambda p, dt, s: (
        f"Begin forwarded message:\n\nFrom: {addr(p)}\nSubject: {s}\n"
        f"Date: {apple_en(dt, dt.tzname() or gmt_offset(dt))}\nTo: mayor@city.test\n\n")),
    "apple-gmt": ("Fwd", lambda p, dt, s: (
        f"Begin forwarded message:\n\nFrom: {addr(p)}\nSubject: {s}\n"
        f"Date: {apple_en(dt, gmt_offset(dt))}\nTo: mayor@city.test\n\n")),
    "apple-es": ("Fwd", lambda p, dt, s: (
        f"Inicio del mensaje reenviado:\n\nDe: {addr(p)}\nAsunto: {s}\n"
        f"Fecha: {dt.day} de {ES_MONTHS[dt.month - 1]} de {dt.year}, {dt:%H:%M:%S} "
        f"{dt.tzname()}\nPara: mayor@city.test\n\n")),
    "apple-fr": ("Fwd", lambda p, dt, s: (
        f"Début du message réexpédié :\n\nDe: {addr(p)}\nObjet: {s}\n"
        f"Date: {dt.day} {FR_MONTHS[dt.month - 1]} {dt.year} à {dt:%H:%M:%S} "
        f"{dt.tzname()}\nÀ: mayor@city.test\n\n")),
    "apple-de": ("Fwd", lambda p, dt, s: (
        f"Anfang der weitergeleiteten Nachricht:\n\nVon: {addr(p)}\nBetreff: {s}\n"
        f"Datum: {dt.day}. {DE_MONTHS[dt.month - 1]} {dt.year} um {dt:%H:%M:%S} "
        f"{dt.tzname()}\nAn: mayor@city.test\n\n")),
    "outlook-en": ("FW", lambda p, dt, s: (
        f"-----Original Message-----\nFrom: {p.name} [mailto:{p.email}]\n"
        f"Sent: {outlook_en(dt)}\nTo: Teresa Lindqvist <mayor@city.test>\nSubject: {s}\n\n")),
    "outlook-es": ("RV", lambda p, dt, s: (
        f"De: {p.name} [mailto:{p.email}]\nEnviado el: {es_long(dt)}\n"
        f"Para: Teresa Lindqvist <mayor@city.test>\nAsunto: {s}\n\n")),
    "outlook-fr": ("TR", lambda p, dt, s: (
        f"De : {p.name} [mailto:{p.email}]\nEnvoyé : {fr_long(dt)}\n"
        f"À : Teresa Lindqvist <mayor@city.test>\nObjet : {s}\n\n")),
    "outlook-de": ("WG", lambda p, dt, s: (
        f"Von: {p.name} [mailto:{p.email}]\nGesendet: {de_long(dt)}\n"
        f"An: Teresa Lindqvist <mayor@city.test>\nBetreff: {s}\n\n")),
    "outlook-pt": ("ENC", lambda p, dt, s: (
        f"De: {p.name} <{p.email}>\nEnviada em: {pt_long(dt)}\n"
        f"Para: Teresa Lindqvist <mayor@city.test>\nAssunto: {s}\n\n")),
    "owa-en": ("FW", lambda p, dt, s: (
        f"________________________________\nFrom: {addr(p)}\nSent: {outlook_en(dt)}\n"
        f"To: Mayor <mayor@city.test>\nSubject: {s}\n\n")),
    "owa-es": ("RV", lambda p, dt, s: (
        f"________________________________\nDe: {addr(p)}\nEnviado: {es_long(dt)}\n"
        f"Para: Mayor <mayor@city.test>\nAsunto: {s}\n\n")),
    "owa-fr": ("TR", lambda p, dt, s: (
        f"________________________________\nDe : {addr(p)}\nEnvoyé : {fr_long(dt)}\n"
        f"À : Mayor <mayor@city.test>\nObjet : {s}\n\n")),
    "owa-de": ("WG", lambda p, dt, s: (
        f"________________________________\nVon: {addr(p)}\nGesendet: {de_long(dt)}\n"
        f"An: Mayor <mayor@city.test>\nBetreff: {s}\n\n")),
    "owa-pt": ("ENC", lambda p, dt, s: (
        f"________________________________\nDe: {addr(p)}\nEnviado: {pt_long(dt)}\n"
        f"Para: Mayor <mayor@city.test>\nAssunto: {s}\n\n")),
    "new-outlook-en": ("FW", lambda p, dt, s: (
        f"From: {addr(p)}\nSent: {outlook_en(dt)}\nTo: Teresa Lindqvist "
        f"<mayor@city.test>\nSubject: {s}\n\n")),
    "outlookcom-mailto": ("FW", lambda p, dt, s: (
        f"________________________________\nFrom: {p.name}<mailto:{p.email}> "
        f"<{p.email}<mailto:{p.email}>>\nSent: {outlook_en(dt)}\n"
        f"To: mayor@city.test<mailto:mayor@city.test>\nSubject: {s}\n\n")),
    "outlookcom-behalf": ("FW", lambda p, dt, s: (
        f"________________________________\nFrom: Quarry Road Neighbors <neighbors@example.org> "
        f"on behalf of {addr(p)}\nSent: {outlook_en(dt)}\nTo: Mayor <mayor@city.test>\n"
        f"Subject: {s}\n\n")),
    "outlookcom-lastfirst": ("FW", lambda p, dt, s: (
        f"________________________________\nFrom: {p.name.split()[-1]}, "
        f"{' '.join(p.name.split()[:-1])} <{p.email}>\nSent: {outlook_en(dt)}\n"
        f"To: Mayor <mayor@city.test>\nSubject: {s}\n\n")),
    "yahoo": ("Fwd", lambda p, dt, s: (
        f"\n----- Forwarded Message -----\nFrom: {addr(p)}\nTo: mayor@city.test "
        f"<mayor@city.test>\nSent: {outlook_en(dt).replace(f' {dt.year} ', f' {dt.year}, ')} "
        f"{dt.tzname()}\nSubject: {s}\n\n")),
    "yahoo-oneline": ("Fwd", lambda p, dt, s: (
        f"   ----- Forwarded Message ----- From: {addr(p)}To: mayor@city.test "
        f"<mayor@city.test>Sent: {EN_DAYS[dt.weekday()]}, {EN_MONTHS[dt.month - 1]} {dt.day}, "
        f"{dt.year}, {h12(dt, True)} {dt.tzname()}Subject: {s}\n ")),
    "thunderbird": ("Fwd", lambda p, dt, s: (
        f"-------- Forwarded Message --------\nSubject: \t{s}\nDate: \t{rfc(dt)}\n"
        f"From: \t{addr(p)}\nTo: \tmayor@city.test\n\n\n")),
    "thunderbird-de": ("WG", lambda p, dt, s: (
        f"-------- Weitergeleitete Nachricht --------\nBetreff: \t{s}\nDatum: \t{rfc(dt)}\n"
        f"Von: \t{addr(p)}\nAn: \tmayor@city.test\n\n\n")),
    "thunderbird-es": ("Fwd", lambda p, dt, s: (
        f"-------- Mensaje reenviado --------\nAsunto: \t{s}\nFecha: \t{rfc(dt)}\n"
        f"De: \t{addr(p)}\nPara: \tmayor@city.test\n\n\n")),
    "thunderbird-fr": ("Fwd", lambda p, dt, s: (
        f"-------- Message transféré --------\nSujet : \t{s}\nDate : \t{rfc(dt)}\n"
        f"De : \t{addr(p)}\nPour : \tmayor@city.test\n\n\n")),
    "zimbra": ("Fwd", lambda p, dt, s: (
        f"----- Forwarded Message -----\nFrom: \"{p.name}\" <{p.email}>\n"
        f"To: \"Mayor\" <mayor@city.test>\nSent: {EN_DAYS[dt.weekday()]}, "
        f"{EN_MONTHS[dt.month - 1]} {dt.day}, {dt.year} {h12(dt, True)}\nSubject: {s}\n\n")),
    "proton": ("Fwd", lambda p, dt, s: (
        f"------- Forwarded Message -------\nFrom: {addr(p)}\n"
        f"Date: On {EN_DAYS[dt.weekday()]}, {EN_MONTHS[dt.month - 1]} {dt.day}"
        f"{'th' if 4 <= dt.day % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(dt.day % 10, 'th')}"
        f", {dt.year} at {h12(dt)}\nSubject: {s}\nTo: mayor@city.test <mayor@city.test>\n\n\n")),
    "outlook-mac-on": ("FW", lambda p, dt, s: (
        f"On {dt:%d/%m/%Y %H:%M}, \"{p.name}\" <{p.email}> wrote:\n\n")),
}


# --- writing a message ---------------------------------------------------------------------
def header(value: str) -> str:
    return value if value.isascii() else Header(value, "utf-8").encode()


def eml(sender: tuple[str, str], date: datetime, subject: str, text: str, *,
        extra: str = "", html: str | None = None, to: str = "ethics-intake@city.test",
        mid: str) -> bytes:
    name, address = sender
    head = (f"Return-Path: <{address}>\nDelivered-To: ethics-intake@city.test\n"
            f"Received: from mx.city.test by mx.city.test (Postfix) with ESMTPS id 4Q{mid[:8]};"
            f" {rfc(date + timedelta(seconds=4))}\n"
            f"From: {header(name)} <{address}>\nTo: {to}\nSubject: {header(subject)}\n"
            f"Date: {rfc(date)}\nMessage-ID: <{mid}>\nMIME-Version: 1.0\n{extra}")
    if html is None:
        return (head + "Content-Type: text/plain; charset=utf-8\n"
                "Content-Transfer-Encoding: 8bit\n\n" + text).encode("utf-8")
    b = "b1_" + mid[:12]
    return (head + f"Content-Type: multipart/alternative; boundary=\"{b}\"\n\n--{b}\n"
            "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n"
            f"{text}\n--{b}\nContent-Type: text/html; charset=utf-8\n"
            f"Content-Transfer-Encoding: 8bit\n\n{html}\n--{b}--\n").encode("utf-8")


def write(folder: str, name: str, raw: bytes, expected: dict) -> None:
    out = DATA / folder
    out.mkdir(exist_ok=True)
    (out / f"{name}.eml").write_bytes(raw)
    (out / f"{name}.expected.json").write_text(
        json.dumps(expected, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def expected(p: Person | None, received: datetime, forwarder: str, sections: tuple, missing: list,
             respondents: list, *, name: str | None = None, email: str | None = None,
             phone: str | None = "", address: str | None = "", flags: list | None = None) -> dict:
    return {
        "accepted": True, "reject_reason": None, "received_at": received.isoformat(),
        "forwarded_by": forwarder,
        "complainant": {
            "name": name or (p.name if p else None),
            "email": email or (p.email if p else None),
            "phone": (p.e164 if p else None) if phone == "" else phone,
            "address": (p.one_line if p else None) if address == "" else address,
        },
        "code_sections": list(sections), "attachments": [], "missing": missing,
        "respondents": respondents, "flags": flags or [],
    }


# --- the forwards ---------------------------------------------------------------------------
def la(*when: int) -> datetime:
    """A wall-clock time in the city (America/Los_Angeles)."""
    return datetime(*when, tzinfo=LA)


def zone(name: str) -> ZoneInfo:
    return ZoneInfo(name)


def forwards() -> None:
    """One message per client shape and language, then the harder ones by hand."""
    n = 0

    def simple(client: str, p: Person, c: tuple, dt: datetime, *, who: str = "mayor",
               style: str = "signed", days: int = 2, missing: list | None = None,
               note: str | None = None, html: bool = False, **exp: object) -> None:
        nonlocal n
        n += 1
        prefix, block = BLOCKS[client]
        respondent, _, sections, _, _ = c
        subject = f"Ethics complaint - {respondent}"
        fname, faddr, _ = FORWARDERS[who]
        body = (note if note is not None else city_note(who)) + "\n" + block(p, dt, subject) \
            + letter(p, c, style)
        outer = dt.astimezone(LA) + timedelta(days=days, hours=1)
        markup = ("<div>" + body.replace("&", "&amp;").replace("<", "&lt;")
                  .replace(">", "&gt;").replace("\n", "<br>\n") + "</div>") if html else None
        raw = eml((fname, faddr), outer, f"{prefix}: {subject}", body, html=markup,
                  mid=f"fw{n:03d}.{client}@mail.example")
        miss = missing if missing is not None else (["signature"] if style == "unsigned" else [])
        write("clients", f"{n:02d}-{client}-{style}", raw,
              expected(p, dt, faddr, sections, miss, [respondent], **exp))  # type: ignore[arg-type]

    R, C = RESIDENTS, COMPLAINTS
    # Gmail, each language; zone-less dates in the city's zone.
    simple("gmail-en", R[0], C[0], la(2026, 6, 9, 7, 42))
    simple("gmail-en", R[1], C[1], la(2026, 4, 6, 21, 5), style="regards", html=True)
    simple("gmail-es", R[7], C[2], la(2026, 3, 16, 10, 30), who="admin")
    simple("gmail-fr", R[3], C[3], la(2026, 2, 24, 8, 15))
    simple("gmail-de", R[2], C[4], la(2026, 3, 18, 16, 40), who="clerk")
    simple("gmail-en", R[5], C[5], la(2026, 6, 3, 12, 0), style="letterhead")
    # Apple Mail: zone abbreviations and offsets, localised headers.
    simple("apple-en", R[0], C[0], datetime(2026, 6, 9, 7, 42, 11, tzinfo=LA))  # PDT
    simple("apple-en", R[2], C[4], datetime(2026, 5, 2, 17, 3, 9, tzinfo=zone("Europe/Berlin")))
    simple("apple-en", R[3], C[3], datetime(2026, 6, 12, 9, 1, 0, tzinfo=zone("Europe/Helsinki")))
    simple("apple-gmt", R[4], C[1], datetime(2026, 4, 20, 22, 16, 45, tzinfo=zone("Asia/Kolkata")))
    simple("apple-es", R[7], C[2], datetime(2026, 3, 17, 19, 20, 2, tzinfo=zone("Europe/Madrid")))
    simple("apple-fr", R[3], C[5], datetime(2026, 6, 5, 8, 30, 0, tzinfo=zone("Europe/Paris")))
    simple("apple-de", R[2], C[0], datetime(2026, 6, 10, 14, 5, 22, tzinfo=zone("Europe/Berlin")),
           who="admin")
    simple("apple-en", R[5], C[1], datetime(2026, 1, 14, 11, 45, 0, tzinfo=zone("America/New_York")),
           style="unsigned")
    # Outlook desktop (2013/2016) in five languages.
    simple("outlook-en", R[1], C[0], la(2026, 6, 9, 7, 42))
    simple("outlook-es", R[7], C[1], la(2026, 4, 7, 9, 12), who="admin")
    simple("outlook-fr", R[3], C[2], la(2026, 3, 12, 18, 2))
    simple("outlook-de", R[2], C[3], la(2026, 2, 23, 7, 55), who="clerk")
    simple("outlook-pt", R[4], C[4], la(2026, 3, 19, 13, 33))
    simple("outlook-en", R[6], C[5], la(2026, 6, 2, 16, 20), style="slash")
    # Outlook on the web in five languages, and new Outlook (HTML only, see below).
    simple("owa-en", R[0], C[1], la(2026, 4, 8, 10, 10))
    simple("owa-es", R[7], C[0], la(2026, 5, 20, 20, 47), who="admin")
    simple("owa-fr", R[3], C[4], la(2026, 3, 25, 6, 5))
    simple("owa-de", R[2], C[2], la(2026, 3, 13, 12, 0), who="clerk")
    simple("owa-pt", R[4], C[3], la(2026, 2, 25, 17, 44))
    simple("new-outlook-en", R[5], C[0], la(2026, 5, 21, 8, 8))
    simple("new-outlook-en", R[1], C[2], la(2026, 3, 14, 9, 9), style="letterhead", who="admin")
    # Outlook.com's decorated From lines.
    simple("outlookcom-mailto", R[0], C[3], la(2026, 2, 26, 11, 11))
    simple("outlookcom-behalf", R[6], C[2], la(2026, 3, 15, 15, 15))
    simple("outlookcom-lastfirst", R[2], C[5], la(2026, 6, 4, 19, 19), style="unsigned")
    # Yahoo (a header block, and the one-line block of its text part), Thunderbird, Zimbra, Proton.
    simple("yahoo", R[1], C[4], la(2026, 3, 20, 7, 7))
    simple("yahoo-oneline", R[6], C[0], la(2026, 6, 9, 7, 42, 11))
    simple("yahoo-oneline", R[4], C[1], la(2026, 4, 9, 23, 1, 59), who="admin")
    simple("thunderbird", R[3], C[5], datetime(2026, 6, 2, 18, 40, 3, tzinfo=zone("Europe/Paris")))
    simple("thunderbird-de", R[2], C[1], la(2026, 4, 10, 8, 0, 45), who="clerk")
    simple("thunderbird-fr", R[3], C[0], datetime(2026, 5, 22, 9, 30, 0, tzinfo=zone("Europe/Paris")))
    simple("zimbra", R[5], C[3], la(2026, 2, 27, 14, 14, 14))
    simple("zimbra", R[0], C[4], la(2026, 3, 21, 10, 0, 1), style="regards")
    simple("proton", R[1], C[5], la(2026, 6, 1, 21, 21))
    simple("proton", R[7], C[2], la(2026, 3, 22, 6, 30), style="letterhead")
    # Outlook for Mac's attribution under FW:, day first (28/10 cannot be a month).
    simple("outlook-mac-on", R[2], C[0], datetime(2026, 5, 28, 12, 46, tzinfo=LA))
    simple("outlook-mac-on", R[6], C[3], datetime(2026, 2, 19, 9, 5, tzinfo=LA), who="clerk")
    simple("outlook-de", R[5], C[5], la(2026, 6, 3, 9, 30), style="letterhead")
    simple("owa-en", R[2], C[4], la(2026, 3, 24, 13, 13), style="regards", who="clerk")
    simple("apple-de", R[0], C[2], datetime(2026, 3, 16, 23, 59, 59, tzinfo=zone("Europe/Vienna")),
           style="slash")
    hand(n)


def compose(name: str, who: str, outer: datetime, subject: str, body: str, want: dict, *,
            html: str | None = None, html_only: bool = False) -> None:
    fname, faddr, _ = FORWARDERS[who]
    raw = eml((fname, faddr), outer, subject, body, html=html, mid=f"{name}@mail.example")
    if html_only:
        assert html is not None
        raw = eml((fname, faddr), outer, subject, "", mid=f"{name}@mail.example")
        raw = raw.replace(b"text/plain", b"text/html", 1).split(b"\n\n", 1)[0] + b"\n\n" \
            + html.encode("utf-8")
    write("clients", name, raw, want)


def hand(n: int) -> None:
    """Shapes that need more than one block: chains, quoted replies, ambiguous dates,
    letters, and statements whose reasons or facts today's keyword rule misjudged."""
    R, C = RESIDENTS, COMPLAINTS
    p, c = R[0], C[0]
    subj = f"Ethics complaint - {c[0]}"

    # Forward of a forward of a forward: Gmail -> Outlook desktop (admin) -> OWA (mayor).
    first = la(2026, 6, 9, 7, 42)
    body = (city_note("mayor") + "\n" + BLOCKS["owa-en"][1](
        Person("Marcus Holt", "cityadmin@city.test", "", "", ()), la(2026, 6, 10, 9, 3),
        "FW: Fwd: " + subj).replace("Mayor <mayor@city.test>", "Teresa Lindqvist <mayor@city.test>")
        + "Teresa, this one is for the ethics process.\n\nMarcus Holt\nCity Administrator\n"
        "(509) 555-0102\n\n" + BLOCKS["gmail-en"][1](p, first, subj) + letter(p, c))
    compose(f"{n + 1:02d}-chain-gmail-outlook-owa", "mayor", la(2026, 6, 11, 8, 0),
            "FW: FW: Fwd: " + subj, body,
            expected(p, first, "mayor@city.test", c[2], [], [c[0]]))
    # Apple Mail inside Gmail: the clerk forwards what the mayor forwarded from her iPhone.
    p2, c2 = R[3], C[1]
    first = datetime(2026, 4, 6, 18, 2, 0, tzinfo=zone("Europe/Paris"))
    body = ("Renée, for the ethics intake please.\n\n" + BLOCKS["gmail-en"][1](
        Person("Teresa Lindqvist", "mayor@city.test", "", "", ()), la(2026, 4, 7, 8, 30),
        "Fwd: Ethics complaint") + "Sent from my iPhone\n\n"
        + BLOCKS["apple-fr"][1](p2, first, "Ethics complaint") + letter(p2, c2))
    compose(f"{n + 2:02d}-chain-apple-fr-in-gmail", "clerk", la(2026, 4, 7, 10, 0),
            "Fwd: Fwd: Ethics complaint", body,
            expected(p2, first, "clerk@city.test", c2[2], [], [c2[0]]))
    # A reply quoted inside a forward: the resident quotes a neighbour's mail as evidence;
    # the resident (the forwarded sender) is the complainant, received when they wrote.
    p3, c3 = R[1], C[2]
    sent = la(2026, 3, 16, 20, 10)
    body = (city_note("admin") + "\n" + BLOCKS["gmail-en"][1](p3, sent, "Fwd: Quarry Road vote")
            + letter(p3, c3) + "\n\nOn Sat, Mar 14, 2026 at 3:10 PM Bob Lindgren "
            "<blindgren@example.org> wrote:\n> Carlos, I saw the survey invoice at the county "
            "office.\n> It was Ostrowski Survey Group, $12,000, paid in January.\n>\n> Bob "
            "Lindgren\n> 12 Birch Street\n> Riverton, WA 99301\n> (509) 555-0199\n")
    compose(f"{n + 3:02d}-quoted-reply-inside-forward", "admin", la(2026, 3, 18, 9, 0),
            "Fwd: Quarry Road vote", body,
            expected(p3, sent, "cityadmin@city.test", c3[2], [], [c3[0]]))
    # The resident's own thread: the first message is the receipt, the reply adds the phone.
    p4, c4 = R[5], C[3]
    first, second = la(2026, 2, 21, 10, 0), la(2026, 2, 23, 14, 30)
    body = (city_note("mayor") + "\n" + BLOCKS["gmail-en"][1](p4, second, "Re: Okafor fuel")
            + f"My phone is {p4.phone}.\n\n{p4.name}\n\n"
            f"On {gmail_en(la(2026, 2, 22, 9, 15))} Teresa Lindqvist <mayor@city.test> wrote:\n"
            "> Thank you. Could you send a phone number where the Board can reach you?\n>\n"
            f"> On {gmail_en(first)} {p4.name} <{p4.email}> wrote:\n>> Dear Mayor,\n>>\n>> "
            + c4[3] + "\n>>\n>> " + c4[4] + "\n>>\n>> Sincerely,\n>> " + p4.name + "\n>> "
            + "\n>> ".join(p4.address) + "\n")
    compose(f"{n + 4:02d}-resident-thread-first-message-wins", "mayor", la(2026, 2, 24, 8, 0),
            "Fwd: Re: Okafor fuel", body,
            expected(p4, first, "mayor@city.test", c4[2], [], [c4[0]]))

    # Ambiguous numeric dates: the header words tell the locale, else the clerk is asked.
    def numeric(k: int, client: str, labels: str, when: str, real: datetime, outer: datetime,
                flags: list, received: datetime | None = None) -> None:
        p5, c5 = R[k % len(R)], C[k % len(C)]
        subj = f"Ethics complaint - {c5[0]}"
        body = (city_note("mayor") + "\n" + labels.format(name=p5.name, email=p5.email,
                                                         when=when, subj=subj) + "\n\n"
                + letter(p5, c5))
        compose(f"{n + k:02d}-date-{client}", "mayor", outer, "FW: " + subj, body,
                expected(p5, received or real, "mayor@city.test", c5[2], [], [c5[0]],
                         flags=flags))
    es = "De: {name} <{email}>\nEnviado: {when}\nPara: Mayor <mayor@city.test>\nAsunto: {subj}"
    en = "From: {name} <{email}>\nSent: {when}\nTo: Mayor <mayor@city.test>\nSubject: {subj}"
    de = "Von: {name} <{email}>\nGesendet: {when}\nAn: Mayor <mayor@city.test>\nBetreff: {subj}"
    fr = "De : {name} <{email}>\nEnvoyé : {when}\nÀ : Mayor <mayor@city.test>\nObjet : {subj}"
    mac = 'On {when}, "{name}" <{email}> wrote:'
    numeric(5, "es-day-first", es, "02/06/2026 9:15", la(2026, 6, 2, 9, 15),
            la(2026, 6, 5, 8, 0), [])
    numeric(6, "de-dotted", de, "02.06.2026 09:15", la(2026, 6, 2, 9, 15),
            la(2026, 6, 5, 8, 0), [])
    numeric(7, "fr-day-first", fr, "02/06/2026 09:15", la(2026, 6, 2, 9, 15),
            la(2026, 6, 5, 8, 0), [])
    numeric(8, "en-ambiguous-flagged", en, "02/06/2026 9:15 AM", la(2026, 6, 2, 9, 15),
            la(2026, 6, 5, 8, 0), ["date_order"], received=la(2026, 2, 6, 9, 15))
    numeric(9, "en-settled-by-forward-date", en, "02/06/2026 9:15 AM", la(2026, 2, 6, 9, 15),
            la(2026, 2, 8, 8, 0), [])
    numeric(10, "outlook-mac-ambiguous-flagged", mac, "03/04/2026 10:20", la(2026, 4, 3, 10, 20),
            la(2026, 4, 6, 8, 0), ["date_order"], received=la(2026, 3, 4, 10, 20))
    numeric(11, "en-month-first-impossible-day-first", en, "25/03/2026 16:05",
            la(2026, 3, 25, 16, 5), la(2026, 3, 27, 8, 0), [])

    # Letters: the writer's letterhead at the top, signature at the bottom; the mail's
    # display name is a nickname and City Hall's inside address is not the complainant's.
    p6, c6 = R[6], C[1]
    sent = la(2026, 4, 14, 6, 50)
    nick = Person("wg1945", p6.email, p6.phone, p6.e164, p6.address)
    subj = f"Ethics complaint - {c6[0]}"
    body = city_note("clerk") + "\n" + BLOCKS["gmail-en"][1](nick, sent, subj) + letter(
        p6, c6, "letterhead")
    compose(f"{n + 12:02d}-letter-letterhead-nickname-sender", "clerk", la(2026, 4, 15, 9, 0),
            "Fwd: " + subj, body, expected(p6, sent, "clerk@city.test", c6[2], [], [c6[0]]))
    p7, c7 = R[4], C[4]
    sent = la(2026, 3, 3, 11, 25)
    subj = f"Ethics complaint - {c7[0]}"
    text = (f"{p7.name.upper()}\n{p7.address[0]} · {p7.address[1]}\nTel. {p7.phone} · "
            f"{p7.email}\n\nMarch 2, 2026\n\nTo the Mayor of Riverton,\n\n{c7[3]}\n\n{c7[4]}\n\n"
            f"Yours faithfully,\n\n{p7.name}\n")
    body = city_note("mayor") + "\n" + BLOCKS["owa-en"][1](p7, sent, subj) + text
    compose(f"{n + 13:02d}-letter-letterhead-one-line", "mayor", la(2026, 3, 4, 9, 0),
            "FW: " + subj, body, expected(p7, sent, "mayor@city.test", c7[2], [], [c7[0]]))

    # Reasons and facts as the text says them, not as keywords hint.
    def statement(k: int, slug: str, text: str, sections: list, missing: list,
                  respondents: list) -> None:
        p8 = R[k % len(R)]
        subj = f"Ethics complaint - {respondents[0]}" if respondents else "Ethics complaint"
        sent = la(2026, 5, 10 + k % 15, 9, 30)
        signed = text + f"\n\nSincerely,\n\n{p8.name}\n" + "\n".join(p8.address) + f"\n{p8.phone}\n"
        body = city_note("mayor") + "\n" + BLOCKS["gmail-en"][1](p8, sent, subj) + signed
        compose(f"{n + k:02d}-statement-{slug}", "mayor", sent + timedelta(days=1), "Fwd: " + subj,
                body, expected(p8, sent, "mayor@city.test", tuple(sections), missing, respondents))
    statement(14, "short-facts-implicit-reason",
              "Dear Mayor,\n\nOn May 19 Gary Pruitt gave the $38,400 mowing contract to his "
              "sister's husband.\n2.94.030 bars officials from awarding contracts to relatives.",
              ["2.94.030"], [], ["Gary Pruitt"])
    statement(15, "vague-no-facts-no-reasons",
              "Dear Mayor,\n\nI have had concerns about the Parks Department for a long time and "
              "I think people there are not being honest with the public about how decisions "
              "get made. Residents deserve better and I want the Ethics Board to look at "
              "everything going on over there, because it has gone on too long. This falls "
              "under 2.94.030 as far as I know.",
              ["2.94.030"], ["facts", "reasons"], [])
    statement(16, "because-not-a-reason",
              "Dear Mayor,\n\nI am writing because my neighbour asked me to pass this on. On "
              "May 19, 2026, Gary Pruitt awarded the $38,400 Hollis Field mowing contract to "
              "Green Edge Landscaping, a company owned by his sister's husband. See Section "
              "2.94.030.", ["2.94.030"], ["reasons"], ["Gary Pruitt"])
    statement(17, "reason-without-cue-words",
              "Dear Mayor,\n\nAt the March 11, 2026 meeting Commissioner Helen Ostrowski voted "
              "for the Quarry Road rezone. Her husband's firm was paid $12,000 by the "
              "applicant in January for the site survey. The ethics code does not let a "
              "commissioner vote on a matter that pays her own household, and that is what "
              "RMC 2.94.030 covers.", ["2.94.030"], [], ["Helen Ostrowski"])
    statement(18, "rule-words-in-facts-only",
              "Dear Mayor,\n\nThe council's ethics training on January 9 covered conflicts of "
              "interest and how to recuse. Nothing in this letter is about that training. On "
              "February 20, 2026 Council Member Ben Okafor drove a city pickup to his campaign "
              "fundraiser in Spokane and the city reimbursed him $214 for fuel. Section "
              "2.94.040(C).", ["2.94.040(C)"], ["reasons"], ["Ben Okafor"])

    # HTML only: new Outlook (divRplyFwdMsg) and iOS Mail (blockquote type=cite).
    p9, c9 = R[7], C[5]
    subj = f"Ethics complaint - {c9[0]}"
    sent = la(2026, 6, 2, 8, 45)
    letter_html = "".join(f"<div>{x or '<br>'}</div>" for x in letter(p9, c9).split("\n"))
    html = ('<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8">'
            '</head><body><div dir="ltr"><div>Forwarding for intake.</div><div>Teresa '
            'Lindqvist<br>Mayor, City of Riverton<br>(509) 555-0100</div></div>'
            '<div id="appendonsend"></div><hr style="display:inline-block;width:98%" '
            'tabindex="-1"><div id="divRplyFwdMsg" dir="ltr"><font face="Calibri, sans-serif" '
            f'style="font-size:11pt" color="#000000"><b>From:</b> {p9.name} &lt;{p9.email}&gt;'
            f'<br><b>Sent:</b> {outlook_en(sent)}<br><b>To:</b> Teresa Lindqvist &lt;'
            f'mayor@city.test&gt;<br><b>Subject:</b> {subj}</font><div>&nbsp;</div></div>'
            f'<div>{letter_html}</div></body></html>')
    compose(f"{n + 19:02d}-new-outlook-html-only", "mayor", sent + timedelta(hours=5),
            "FW: " + subj, "", expected(p9, sent, "mayor@city.test", c9[2], [], [c9[0]]),
            html=html, html_only=True)
    p10, c10 = R[2], C[3]
    subj = f"Ethics complaint - {c10[0]}"
    sent = datetime(2026, 2, 25, 19, 12, 40, tzinfo=zone("Europe/Berlin"))
    letter_html = "".join(f"<div>{x or '<br>'}</div>" for x in letter(p10, c10).split("\n"))
    html = ('<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8">'
            '</head><body dir="auto"><div dir="ltr">For intake.</div><div dir="ltr"><br>'
            '<blockquote type="cite">Anfang der weitergeleiteten Nachricht:<br><br></blockquote>'
            '</div><blockquote type="cite"><div dir="ltr"><b>Von:</b> '
            f'{p10.name} &lt;{p10.email}&gt;<br><b>Datum:</b> {sent.day}. '
            f'{DE_MONTHS[sent.month - 1]} {sent.year} um {sent:%H:%M:%S} MEZ<br>'
            f'<b>An:</b> mayor@city.test<br><b>Betreff:</b> <b>{subj}</b><br></div></blockquote>'
            f'<blockquote type="cite"><div dir="ltr">{letter_html}</div></blockquote></body></html>')
    compose(f"{n + 20:02d}-ios-de-html-only-mez", "mayor", la(2026, 2, 26, 9, 0),
            "WG: " + subj, "", expected(p10, sent, "mayor@city.test", c10[2], [], [c10[0]]),
            html=html, html_only=True)
    # Outlook for Mac's forward header (day first, month name), and an unsigned Last, First.
    p11, c11 = R[5], C[2]
    subj = f"Ethics complaint - {c11[0]}"
    sent = la(2026, 3, 28, 12, 46)
    body = (city_note("admin") + "\nFrom: " + addr(p11) + f"\nDate: {EN_DAYS[sent.weekday()]}, "
            f"{sent.day} {EN_MONTHS[sent.month - 1]} {sent.year} at {sent:%H:%M}\nTo: "
            f"Marcus Holt <cityadmin@city.test>\nSubject: {subj}\n\n" + letter(p11, c11))
    compose(f"{n + 21:02d}-outlook-mac-forward-header", "admin", la(2026, 3, 30, 9, 0),
            "FW: " + subj, body, expected(p11, sent, "cityadmin@city.test", c11[2], [], [c11[0]]))

    localised_replies(n + 22)
    pdf_letters(n + 27)
    localised_blocks(n + 29)
    still_misread(n + 31)
    issue40(n + 36)


def localised_blocks(k: int) -> None:
    """Header blocks localised past what the shapes above cover (issue 24): Yahoo's text
    part running its block into one line, in Spanish; Apple Mail in French, with the
    space French typography puts before a colon and an offset for the zone."""
    R, C = RESIDENTS, COMPLAINTS
    paris = datetime(2026, 6, 5, 8, 30, 0, tzinfo=zone("Europe/Paris"))
    shapes: tuple[tuple[str, Person, tuple, datetime, Block], ...] = (
        ("yahoo-es-oneline", R[7], C[1], la(2026, 4, 9, 7, 42, 11), lambda p, dt, s: (
            f"   ----- Mensaje reenviado ----- De: {addr(p)}Para: mayor@city.test "
            f"<mayor@city.test>Enviado: {ES_DAYS[dt.weekday()]}, {dt.day} de "
            f"{ES_MONTHS[dt.month - 1]} de {dt.year}, {dt:%H:%M:%S} {dt.tzname()}"
            f"Asunto: {s}\n ")),
        ("apple-fr-spaced", R[3], C[2], paris, lambda p, dt, s: (
            f"Début du message réexpédié :\n\nDe : {addr(p)}\nObjet : {s}\n"
            f"Date : {dt.day} {FR_MONTHS[dt.month - 1]} {dt.year} à {dt:%H:%M:%S} UTC+2\n"
            f"À : mayor@city.test\n\n")),
    )
    for i, (slug, p, c, sent, block) in enumerate(shapes):
        subj = f"Ethics complaint - {c[0]}"
        body = city_note("mayor") + "\n" + block(p, sent, subj) + letter(p, c)
        compose(f"{k + i:02d}-{slug}", "mayor", sent.astimezone(LA) + timedelta(days=2, hours=1),
                "Fwd: " + subj, body, expected(p, sent, "mayor@city.test", c[2], [], [c[0]]))


def still_misread(k: int) -> None:
    """Issue 24's "mail still misread": OWA's "on behalf of" in Spanish and German, a
    bounce forwarded as an attachment (the complaint inside it), a complaint in Spanish
    prose, and a letter only in a PDF whose letterhead runs on one line."""
    R, C = RESIDENTS, COMPLAINTS
    behalf = (
        ("owa-es-on-behalf", "RV", R[7], C[1], la(2026, 4, 21, 18, 5), lambda p, dt, s: (
            f"________________________________\nDe: Vecinos de Quarry Road <vecinos@example.org>"
            f" en nombre de {addr(p)}\nEnviado: {es_long(dt)}\nPara: Mayor <mayor@city.test>\n"
            f"Asunto: {s}\n\n")),
        ("owa-de-on-behalf", "WG", R[2], C[3], la(2026, 2, 26, 7, 30), lambda p, dt, s: (
            f"________________________________\nVon: Nachbarschaft Quarry Road <nachbarn@example.org>"
            f" im Auftrag von {addr(p)}\nGesendet: {de_long(dt)}\nAn: Mayor <mayor@city.test>\n"
            f"Betreff: {s}\n\n")),
    )
    for i, (slug, prefix, p, c, sent, block) in enumerate(behalf):
        subj = f"Ethics complaint - {c[0]}"
        body = city_note("mayor") + "\n" + block(p, sent, subj) + letter(p, c)
        compose(f"{k + i:02d}-{slug}", "mayor", sent + timedelta(days=1), f"{prefix}: {subj}",
                body, expected(p, sent, "mayor@city.test", c[2], [], [c[0]]))
    forwarded_bounce(k + 2)
    spanish_prose(k + 3)
    pdf_letterhead_faithfully(k + 4)


def issue40(k: int) -> None:
    """Issue 40: a citation is not a reason (a bare citation beside one that says why);
    client header blocks as they really come (Apple Mail's text part quoting its forward
    in French and Spanish, Outlook 2019 for Mac's block running into the letter, OWA's
    "Sender on behalf of Owner" with the sender signing)."""
    R = RESIDENTS
    p = R[0]
    for i, (slug, text, sections, missing) in enumerate((
            ("statement-citation-only",
             "Hello,\n\nI want to file an ethics complaint against Councilmember Tom Hale for "
             "violating 2.94.060. Please have someone call me.\n\n"
             f"{p.name}\n{p.phone}\n", ["2.94.060"], ["facts", "reasons", "address"]),
            ("statement-citation-with-reasons",
             "Hello,\n\nI want to file an ethics complaint against Councilmember Tom Hale for "
             "violating 2.94.060.\n\nOn November 18, 2026, before the council opened the "
             "sealed bids for the depot lease, Council Member Tom Hale told his son the amount "
             "of the highest bid. That violates 2.94.060 because the bids were confidential "
             "information he had only as a council member, and he passed it on so his son's "
             "company could outbid the others.\n\n"
             f"{p.name}\n" + "\n".join(p.address) + f"\n{p.phone}\n", ["2.94.060"], []))):
        sent = la(2026, 12, 3, 9, 14)
        subj = "Ethics complaint"
        body = city_note("mayor") + "\n" + BLOCKS["gmail-en"][1](p, sent, subj) + text
        want = expected(p, sent, "mayor@city.test", tuple(sections), missing, ["Tom Hale"],
                        address=None if "address" in missing else "")
        compose(f"{k + i:02d}-{slug}", "mayor", sent + timedelta(hours=26), "Fwd: " + subj,
                body, want)
    clients_issue40(k + 2)
    spanish_titles(k + 9)
    attached_on_behalf(k + 11)
    ios_pdf_letter_only(k + 12)
    ios_html_outlook_chain(k + 13)
    neighbour_sends_letter(k + 14)
    ios_html_outlook_chain(k + 15, spaced=True)
    neighbour_pastes_letter(k + 16)


def spanish_titles(k: int) -> None:
    """Complaints written in Spanish naming officials by their Spanish titles and surname
    (issue 40): "el concejal Hale", "la concejala Ortiz", "el director de parques Pruitt";
    the facts (a date in Spanish, an amount) and the reasons read as in English."""
    R = RESIDENTS
    p = R[7]
    cases = (
        ("owa-es-concejal", "RV", la(2026, 12, 3, 9, 14), "Denuncia de ética contra el concejal "
         "Hale", ["2.94.030"], ["Tom Hale"],
         "Buenos días:\n\nPresento una denuncia de ética contra el concejal Hale.\n\nEl 1 de "
         "diciembre de 2026 el concejal Hale votó a favor de arrendar el antiguo depósito a "
         "Hale & Sons Storage, la empresa que comparte con su hijo, por 1 dólar al año.\n\n"
         "Esto viola la sección 2.94.030 porque votó sobre un arrendamiento a su propia "
         "empresa en lugar de abstenerse.\n\n"),
        ("gmail-es-concejala-director", "Fwd", la(2026, 11, 20, 18, 2), "Denuncia de ética",
         ["2.94.060", "2.94.030"], ["Maria Ortiz", "Gary Pruitt"],
         "Estimada alcaldesa:\n\nPresento una denuncia de ética contra la concejala Ortiz y el "
         "director de parques Pruitt.\n\nEl pasado 18 de noviembre la concejala Ortiz envió los "
         "pliegos de la licitación de pavimentación a la empresa de su cuñado dos días antes "
         "de publicarlos. Ese mismo día el director de parques Pruitt adjudicó el contrato de "
         "mantenimiento de 38.400 dólares a la empresa de su cuñado sin declarar el "
         "parentesco.\n\nLa concejala viola la sección 2.94.060 porque usó información "
         "confidencial en beneficio privado de un familiar, y el director debió abstenerse "
         "conforme a la sección 2.94.030.\n\n"),
    )
    for i, (slug, prefix, sent, subj, sections, respondents, text) in enumerate(cases):
        signed = text + f"Atentamente,\n\n{p.name}\n" + "\n".join(p.address) + f"\n{p.phone}\n"
        block = BLOCKS["owa-es" if slug.startswith("owa") else "gmail-es"][1](p, sent, subj)
        body = city_note("admin") + "\n" + block + signed
        compose(f"{k + i:02d}-{slug}", "admin", sent + timedelta(days=1), f"{prefix}: {subj}",
                body, expected(p, sent, "cityadmin@city.test", tuple(sections), [],
                               respondents))


def attached_on_behalf(k: int) -> None:
    """Outlook's "Forward as Attachment" of mail a resident sent from a shared mailbox:
    the attached message's Sender is the resident, its From the mailbox (RFC 5322
    §3.6.2; Outlook shows it as "Sender on behalf of From"). Unsigned, the Sender wrote it."""
    p, c = RESIDENTS[4], COMPLAINTS[4]
    sent = la(2026, 12, 2, 19, 30)
    subj = f"Ethics complaint - {c[0]}"
    original = (f"From: Ash Street Residents <residents@ash-street.example.org>\nSender: "
                f"{addr(p)}\nTo: Teresa Lindqvist <mayor@city.test>\nSubject: {subj}\n"
                f"Date: {rfc(sent)}\nMessage-ID: <behalf-{k}@ash-street.example.org>\n"
                "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n"
                + letter(p, c, "unsigned"))
    fname, faddr, _ = FORWARDERS["mayor"]
    head = eml((fname, faddr), sent + timedelta(hours=14), f"FW: {subj}", "",
               mid=f"attached-behalf-{k}@mail.example").decode().split("Content-Type:")[0]
    b = f"ATT{k}"
    raw = (head + f'Content-Type: multipart/mixed; boundary="{b}"\n\n--{b}\n'
           "Content-Type: text/plain; charset=utf-8\n\n" + city_note("mayor")
           + f"\n--{b}\nContent-Type: message/rfc822\nContent-Disposition: attachment; "
           f'filename="{subj}.eml"\n\n{original}\n--{b}--\n')
    write("clients", f"{k:02d}-outlook-attached-sender-on-behalf", raw.encode("utf-8"),
          expected(p, sent, faddr, c[2], ["signature"], [c[0]]))


def quote(text: str) -> str:
    """Apple Mail's text part: a forwarded message is a cited blockquote, each line "> "."""
    return "\n".join(f"> {line}" if line else ">" for line in text.split("\n"))


def clients_issue40(k: int) -> None:
    """Header blocks the way the clients write them (issue 40): Apple Mail's plain-text
    part quotes the whole forward, Cc included, and prints the zone as CLDR names it in
    the reader's language (`UTC−8` with a minus sign in French, `GMT-8` in Spanish);
    Outlook 2019 for Mac runs its block straight into the letter (no blank line), quotes
    the To address and opens its "On ... wrote:" with a byte-order mark, the letter
    indented by four spaces; OWA's "Sender on behalf of Owner" from a shared mailbox, the
    sender signing, and the mayor's assistant forwarding from the mayor's mailbox
    (`Sender:` beside `From:`)."""
    R, C = RESIDENTS, COMPLAINTS
    cc = "Cc: Quarry Road Neighbors <neighbors@example.org>\n"
    dec3 = la(2026, 12, 3, 9, 14, 22)
    shapes: list[tuple[str, str, Person, tuple, datetime, Callable[[Person, datetime, str], str],
                       dict]] = [
        ("apple-fr-quoted", "Fwd", R[3], C[5], dec3, lambda p, dt, s: quote(
            f"Début du message réexpédié :\n\nDe: {addr(p)}\nObjet: {s}\n"
            f"Date: {dt.day} {FR_MONTHS[dt.month - 1]} {dt.year} à {dt:%H:%M:%S} UTC\u22128\n"
            f"À: mayor@city.test\n{cc}\n" + letter(p, C[5])), {}),
        ("apple-es-quoted", "Fwd", R[7], C[0], dec3, lambda p, dt, s: quote(
            f"Inicio del mensaje reenviado:\n\nDe: {addr(p)}\nAsunto: {s}\n"
            f"Fecha: {dt.day} de {ES_MONTHS[dt.month - 1]} de {dt.year}, {dt.hour}:{dt:%M:%S} "
            f"GMT-8\nPara: mayor@city.test\n{cc}\n" + letter(p, C[0])), {}),
        ("outlook-mac-2019-block", "FW", R[0], C[3], la(2026, 12, 3, 9, 14), lambda p, dt, s: (
            f"From: \"{p.name.split()[-1]}, {p.name.split()[0]}\" <{p.email}>\n"
            f"Date: {EN_DAYS[dt.weekday()]}, {EN_MONTHS[dt.month - 1]} {dt.day}, {dt.year} at "
            f"{h12(dt)}\nTo: \"mayor@city.test\" <mayor@city.test>\n{cc}Subject: {s}\n"
            + letter(p, C[3])), {}),
        ("outlook-mac-2019-on-bom", "FW", R[2], C[4], la(2026, 11, 28, 9, 14), lambda p, dt, s: (
            f"\ufeffOn {dt:%d/%m/%Y %H:%M}, \"{p.name}\" <{p.email}> wrote:\n\n" + "\n".join(
                f"    {line}" if line else "" for line in letter(p, C[4]).split("\n"))), {}),
        ("owa-behalf-sender-signs", "FW", R[1], C[1], la(2026, 12, 2, 16, 40), lambda p, dt, s: (
            f"________________________________\nFrom: {addr(p)} on behalf of Quarry Road "
            f"Neighbors <neighbors@example.org>\nSent: {outlook_en(dt)}\nTo: Mayor "
            f"<mayor@city.test>\nSubject: {s}\n\n" + letter(p, C[1])), {}),
        ("owa-behalf-unsigned-sender-wrote", "FW", R[5], C[2], la(2026, 12, 1, 8, 5),
         lambda p, dt, s: (
            f"________________________________\nFrom: {addr(p)} on behalf of Hollis Court HOA "
            f"<board@hollis-hoa.example.org>\nSent: {outlook_en(dt)}\nTo: Mayor "
            f"<mayor@city.test>\nSubject: {s}\n\n" + letter(p, C[2], "unsigned")),
         {"missing": ["signature"]}),
    ]
    for i, (slug, prefix, p, c, sent, block, extra) in enumerate(shapes):
        subj = f"Ethics complaint - {c[0]}"
        body = city_note("mayor") + "\n" + block(p, sent, subj)
        compose(f"{k + i:02d}-{slug}", "mayor", sent.astimezone(LA) + timedelta(days=1),
                f"{prefix}: {subj}", body, expected(p, sent, "mayor@city.test", c[2],
                                                    extra.get("missing", []), [c[0]]))
    # the mayor's assistant forwards from the mayor's mailbox: From is the mayor's, Sender
    # the assistant's (RFC 5322 §3.6.2); the forwarder is the mailbox, the complainant the
    # letter's writer
    p, c = R[6], C[3]
    sent = la(2026, 12, 4, 10, 2)
    subj = f"Ethics complaint - {c[0]}"
    body = ("Forwarding for intake on the Mayor's behalf.\n\nJamie Ortega\nOffice of the Mayor\n"
            f"{CITY_HALL[3]}\n\n" + BLOCKS["owa-en"][1](p, sent, subj) + letter(p, c))
    raw = eml(FORWARDERS["mayor"][:2], sent + timedelta(hours=3), f"FW: {subj}", body,
              extra="Sender: Jamie Ortega <jortega@city.test>\n",
              mid=f"{k + len(shapes):02d}-sender@mail.example")
    write("clients", f"{k + len(shapes):02d}-owa-sender-assistant-for-mayor", raw,
          expected(p, sent, "mayor@city.test", c[2], [], [c[0]]))


def forwarded_bounce(k: int) -> None:
    """The resident's letter to the official bounced; the mayor forwards the bounce as an
    attachment (Outlook's "Forward as Attachment"): a person's complaint, not a bounce."""
    p, c = RESIDENTS[0], COMPLAINTS[0]
    sent = la(2026, 6, 9, 7, 42)
    subj = f"Ethics complaint - {c[0]}"
    original = (f"From: {addr(p)}\nTo: Gary Pruitt <gpruitt@parks.example.org>\nSubject: {subj}\n"
                f"Date: {rfc(sent)}\nMessage-ID: <complaint-{k}@example.net>\nMIME-Version: 1.0\n"
                "Content-Type: text/plain; charset=utf-8\n\n" + letter(p, c))
    b, r = f"FWD{k}", f"RPT{k}"
    bounce = (f"From: Mail Delivery System <MAILER-DAEMON@mx.example.net>\nTo: {p.email}\n"
              f"Subject: Undelivered Mail Returned to Sender\nDate: {rfc(sent + timedelta(minutes=1))}\n"
              f"Message-ID: <dsn-{k}@mx.example.net>\nMIME-Version: 1.0\n"
              f"{rtype('delivery-status', r)}\n\n"
              + report("delivery-status", "This is the mail system at host mx.example.net.\n\n"
                       "I'm sorry to have to inform you that your message could not\nbe delivered "
                       "to one or more recipients.", DSN.format(
                           mta="mx.example.net", rcpt="gpruitt@parks.example.org",
                           action="failed", status="5.1.1",
                           diag="550 5.1.1 <gpruitt@parks.example.org>: User unknown"),
                       "message/delivery-status", original, r))
    fname, faddr, _ = FORWARDERS["mayor"]
    head = eml((fname, faddr), sent + timedelta(days=1), "FW: Undelivered Mail Returned to Sender",
               "", mid=f"fwd-bounce-{k}@mail.example").decode().split("Content-Type:")[0]
    raw = (head + f'Content-Type: multipart/mixed; boundary="{b}"\n\n--{b}\n'
           "Content-Type: text/plain; charset=utf-8\n\n" + city_note("mayor")
           + "\nDana's letter to Mr. Pruitt bounced; her complaint is in the attached message.\n"
           f"\n--{b}\nContent-Type: message/rfc822\nContent-Disposition: attachment; "
           f'filename="Undelivered Mail Returned to Sender.eml"\n\n{bounce}\n--{b}--\n')
    write("clients", f"{k:02d}-forward-bounce-as-attachment", raw.encode("utf-8"),
          expected(p, sent, faddr, c[2], [], [c[0]]))  # an attached message is no file


def spanish_prose(k: int) -> None:
    """A complaint written in Spanish, the city's second language: the facts (a date
    without its year) and the reasons are read in Spanish, as the English ones are."""
    p, c = RESIDENTS[7], COMPLAINTS[5]
    sent = la(2026, 6, 4, 20, 15)
    subj = "Denuncia de ética - Tom Hale"
    text = ("Estimada alcaldesa Lindqvist:\n\nPresento una denuncia de ética contra el concejal "
            "Tom Hale.\n\nEl 1 de junio el concejal Tom Hale votó a favor de arrendar el antiguo "
            "depósito a Hale & Sons Storage, la empresa que comparte con su hijo, por 1 dólar al "
            "año.\n\nNo debió votar: la sección 2.94.030 prohíbe a un concejal votar sobre un "
            "arrendamiento a su propia empresa, y su voto es un conflicto de intereses.\n\n"
            f"Atentamente,\n\n{p.name}\n" + "\n".join(p.address) + f"\n{p.phone}\n")
    body = city_note("admin") + "\n" + BLOCKS["gmail-es"][1](p, sent, subj) + text
    compose(f"{k:02d}-statement-es-prose", "admin", sent + timedelta(days=1), "Fwd: " + subj,
            body, expected(p, sent, "cityadmin@city.test", c[2], [], [c[0]]))


def pdf_letterhead_faithfully(k: int) -> None:
    """The clerk sends a letter that came by post, typed into a PDF: no forwarded header
    names its writer; the letterhead (name; address on one line; phone and email on the
    next) and the name under "Yours faithfully," do."""
    import base64
    p, c = RESIDENTS[1], COMPLAINTS[1]
    text = (f"{p.name.upper()}\n{p.address[0]} · {p.address[1]}\nTel. {p.phone} · {p.email}\n\n"
            f"April 12, 2026\n\nTo the Mayor of Riverton,\n\n{c[3]}\n\n{c[4]}\n\n"
            f"Yours faithfully,\n\n{p.name}\n")
    lines = [line for para in text.split("\n") for line in (
        [para] if len(para) < 90 else _wrap(para))]
    fname, faddr, _ = FORWARDERS["clerk"]
    sent = la(2026, 4, 14, 10, 20)
    b = f"PDF{k}"
    head = eml((fname, faddr), sent, "Ethics complaint received by mail", "",
               mid=f"pdf{k}@x").decode().split("Content-Type:")[0]
    raw = (head + f'Content-Type: multipart/mixed; boundary="{b}"\n\n--{b}\n'
           "Content-Type: text/plain; charset=utf-8\n\nThis letter came to the front counter by "
           "post today; the typed copy is attached for intake.\n\nRenée Castillo\nCity Clerk\n"
           f"\n--{b}\nContent-Type: application/pdf; name=\"Letter.pdf\"\n"
           'Content-Disposition: attachment; filename="Letter.pdf"\n'
           f"Content-Transfer-Encoding: base64\n\n{base64.encodebytes(pdf(lines)).decode()}"
           f"--{b}--\n")
    want = expected(p, sent, faddr, c[2], [], [c[0]])
    want["attachments"] = ["Letter.pdf"]
    write("clients", f"{k:02d}-pdf-letter-letterhead-faithfully", raw.encode("utf-8"), want)


def pdf(lines: list[str]) -> bytes:
    """A one-page text PDF, one line of text per `lines` item (the hostile-mail tests'
    PDF writer, with a page stream of text lines)."""
    def esc(t: str) -> bytes:
        return t.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)").encode("latin-1")
    return page_pdf(b"BT /F1 11 Tf 72 740 Td 14 TL " + b" ".join(
        b"(" + esc(t) + b") Tj T*" for t in lines) + b" ET")


def pdf_letters(k: int) -> None:
    """Letters as PDFs: the letterhead, date line, inside address, salutation and signature
    are only in the attached file; the mail around it says nothing but "see attached"."""
    import base64
    R, C = RESIDENTS, COMPLAINTS
    for i, (p, c, who, sent) in enumerate(((R[0], C[3], "mayor", la(2026, 2, 23, 16, 0)),
                                           (R[6], C[5], "admin", la(2026, 6, 3, 11, 30)))):
        subj = f"Ethics complaint - {c[0]}"
        text = letter(p, c, "letterhead")
        lines = [line for para in text.split("\n") for line in (
            [para] if len(para) < 90 else _wrap(para))]
        fname, faddr, _ = FORWARDERS[who]
        body = (city_note(who) + "\n" + BLOCKS["owa-en"][1](p, sent, subj)
                + "Please see my letter attached.\n")
        b = f"PDF{k + i}"
        data = base64.encodebytes(pdf(lines)).decode()
        raw = eml((fname, faddr), sent + timedelta(days=1), "FW: " + subj, "", mid=f"pdf{k + i}@x")
        head = raw.decode().split("Content-Type:")[0]
        mixed = (head + f'Content-Type: multipart/mixed; boundary="{b}"\n\n--{b}\n'
                 "Content-Type: text/plain; charset=utf-8\n\n" + body + f"\n--{b}\n"
                 'Content-Type: application/pdf; name="Ethics complaint letter.pdf"\n'
                 'Content-Disposition: attachment; filename="Ethics complaint letter.pdf"\n'
                 f"Content-Transfer-Encoding: base64\n\n{data}--{b}--\n")
        want = expected(p, sent, faddr, c[2], [], [c[0]])
        want["attachments"] = ["Ethics complaint letter.pdf"]
        write("clients", f"{k + i:02d}-pdf-letter-letterhead-{who}", mixed.encode("utf-8"), want)


def _wrap(paragraph: str, width: int = 85) -> list[str]:
    out, line = [], ""
    for word in paragraph.split():
        if line and len(line) + len(word) + 1 > width:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return out + ([line] if line else [])


def pdf13(lines: list[tuple[str, int, bool]]) -> bytes:
    """A one-page PDF 1.3 as an older office suite or scanner writes it: its page stream
    Flate-compressed, then ASCII85-encoded (`/Filter [/ASCII85Decode /FlateDecode]`),
    Helvetica in WinAnsiEncoding, each line placed by its own text matrix. `lines`:
    (text, points down from the top margin, bold)."""
    import base64
    import zlib

    def esc(t: str) -> bytes:
        return b"".join(b"\\%03o" % c if c > 126 else bytes([c]) for c in t.replace(
            "\\", "\\\\").replace("(", "\\(").replace(")", "\\)").encode("cp1252"))

    ops = [b"BT"] + [b"/F%d %d Tf 1 0 0 1 72 %d Tm (%s) Tj" % (
        2 if bold else 1, 13 if bold else 11, 740 - down, esc(text))
        for text, down, bold in lines] + [b"ET"]
    data = base64.a85encode(zlib.compress(b"\n".join(ops) + b"\n"), wrapcol=72) + b"~>"
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R /F2 6 0 R >> /ProcSet [/PDF /Text] >> >>",
        b"<< /Length %d /Filter [/ASCII85Decode /FlateDecode] >>\nstream\n" % len(data)
        + data + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /Name /F1 /BaseFont /Helvetica "
        b"/Encoding /WinAnsiEncoding >>",
        b"<< /Type /Font /Subtype /Type1 /Name /F2 /BaseFont /Helvetica-Bold "
        b"/Encoding /WinAnsiEncoding >>",
        b"<< /Producer (Riverton Print Services PDF Writer 3.2) /Title (Ethics complaint) "
        b"/CreationDate (D:20261201101500-08'00') >>",
    ]
    out, offsets = b"%PDF-1.3\n%\xe2\xe3\xcf\xd3\n", []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    return out + (b"trailer\n<< /Size %d /Root 1 0 R /Info %d 0 R >>\nstartxref\n%d\n"
                  b"%%%%EOF\n" % (len(objects) + 1, len(objects), xref))


def letter_pages(p: Person, c: tuple, when: str) -> list[tuple[str, int, bool]]:
    """The letter laid out as a word processor sets it (Word's defaults: 11 pt, lines of
    a paragraph 14.5 pt apart, 8 pt after each paragraph, every line of the letterhead and
    the addresses its own paragraph): the writer's letterhead (name in bold, street, city
    line, phone, email), the date, the mayor's inside address, the body wrapped, and a
    signature with no closing word, repeating how to reach the writer."""
    respondent, _, _, facts, reasons = c
    paragraphs: list[list[str]] = [
        [x] for x in (p.name, *p.address, p.phone, p.email, "", when, "",
                      "The Honorable Teresa Lindqvist", "Mayor, City of Riverton",
                      CITY_HALL[1], CITY_HALL[2], "", "Dear Mayor Lindqvist:")]
    paragraphs += [_wrap(f"I am filing an ethics complaint against {respondent}.", 95),
                   _wrap(facts, 95), _wrap(reasons, 95),
                   _wrap("Thank you for your attention to this matter. I am glad to meet "
                         "the Board at any time.", 95), [""]]
    paragraphs += [[x] for x in (p.name, *p.address, f"{p.phone} · {p.email}")]
    out, y = [], 0.0
    for i, paragraph in enumerate(paragraphs):
        for line in paragraph:
            if line:
                out.append((line, round(y), i == 0))
            y += 14.5
        y += 8
    return out


def ios_pdf_letter_only(k: int) -> None:
    """The mayor forwards from her iPhone a resident's letter that is only a PDF: the text
    part is empty (the forwarded header deleted), the PDF (1.3, its page stream ASCII85 +
    Flate) inline between two text parts as iOS Mail lays out an attachment. No header
    names the writer: the letter's letterhead and signature do, and its text has a blank
    line between every line of them (its paragraph spacing) (issue 40, item 1)."""
    import base64
    p, c = RESIDENTS[5], COMPLAINTS[5]
    sent = la(2026, 12, 2, 18, 47, 12)
    b = "Apple-Mail-3C0E6A51-8F2D-4B77-9A1E-5D2C8B40F913"
    data = base64.encodebytes(pdf13(letter_pages(p, c, "December 1, 2026"))).decode()
    raw = (f"Return-Path: <mayor@city.test>\nDelivered-To: ethics-intake@city.test\n"
           f"Received: from mx.city.test by mx.city.test (Postfix) with ESMTPS id 4QPDF{k};"
           f" {rfc(sent + timedelta(seconds=3))}\n"
           f"From: Teresa Lindqvist <mayor@city.test>\nContent-Type: multipart/mixed;\n"
           f" boundary={b}\nContent-Transfer-Encoding: 7bit\nMime-Version: 1.0 (1.0)\n"
           f"Subject: Fwd: Ethics complaint - {c[0]}\nDate: {rfc(sent)}\n"
           f"Message-Id: <9F1B7C22-6E0D-4C3A-8B55-{k:04d}A7D3E910@city.test>\n"
           "To: ethics-intake@city.test\nX-Mailer: iPhone Mail (22B83)\n\n"
           f"--{b}\nContent-Type: text/plain;\n\tcharset=us-ascii\n"
           "Content-Transfer-Encoding: 7bit\n\n\n"
           f"--{b}\nContent-Type: application/pdf;\n\tname=\"Nakamura ethics complaint.pdf\";"
           "\n\tx-apple-part-url=4E2A9C1B-7D3F-4B0E-A6C8-1F5E9D2B7A40\n"
           "Content-Disposition: inline;\n\tfilename=\"Nakamura ethics complaint.pdf\"\n"
           f"Content-Transfer-Encoding: base64\n\n{data}\n"
           f"--{b}\nContent-Type: text/plain;\n\tcharset=us-ascii\n"
           "Content-Transfer-Encoding: 7bit\n\n\n\n"
           f"--{b}--\n")
    want = expected(p, sent, "mayor@city.test", c[2], [], [c[0]])
    want["attachments"] = ["Nakamura ethics complaint.pdf"]
    write("clients", f"{k:02d}-ios-pdf-letter-only", raw.encode("utf-8"), want)



def fpdf_letter(lines: list[str]) -> bytes:
    """A letter as a PDF library writes it (fpdf2, PDF 1.3): one cell per line, 11 pt
    Helvetica in 6 mm cells (loose leading: pdfminer's default layout puts a blank line
    between every line), a blank cell for each blank line; its date fixed so the corpus
    is written the same each time."""
    from fpdf import FPDF
    doc = FPDF(format="letter")
    doc.set_creation_date(datetime(2026, 12, 1, 9, 0, tzinfo=LA))
    doc.add_page()
    doc.set_font("Helvetica", size=11)
    for line in lines:
        doc.multi_cell(0, 6, line or " ", new_x="LMARGIN", new_y="NEXT")
    return bytes(doc.output())


def neighbour_sends_letter(k: int) -> None:
    """A neighbour sends the mayor a resident's letter (a PDF a library wrote; its
    letterhead on one line: street and city, phone and email between middle dots), with a
    note and his own signature; the mayor forwards his mail as an attachment (Outlook's
    "Forward as Attachment"). The letter's writer is the complainant, reached as the
    letter says, not the neighbour who carried it (issue 40, item 1)."""
    import base64
    p, c = RESIDENTS[3], COMPLAINTS[1]
    sent = la(2026, 12, 2, 19, 5)
    text = (f"{p.name}\n{p.one_line} · {p.phone} · {p.email}\n\nDecember 2, 2026\n\n"
            f"Dear Mayor Lindqvist,\n\nI am filing an ethics complaint against {c[0]}.\n\n"
            f"{c[3]}\n\n{c[4]}\n\nSincerely,\n\n{p.name}\n")
    lines = [x for para in text.split("\n") for x in ([para] if len(para) < 90 else _wrap(para))]
    data = base64.encodebytes(fpdf_letter(lines)).decode()
    subj = "Letter from my neighbour"
    inner = "NB" + str(k)
    original = (f"From: Kevin Brooks <kbrooks@example.com>\nTo: Teresa Lindqvist "
                f"<mayor@city.test>\nSubject: {subj}\nDate: {rfc(sent)}\nMessage-ID: "
                f"<neighbour-{k}@example.com>\nMIME-Version: 1.0\nContent-Type: multipart/mixed; "
                f"boundary=\"{inner}\"\n\n--{inner}\nContent-Type: text/plain; charset=utf-8\n\n"
                "Mayor Lindqvist,\n\nMy neighbour Amélie asked me to send you her letter; it is "
                "attached. She does not use email much, so please write to her at home. You can "
                "reach me at (509) 555-0177 if her phone does not answer.\n\nKevin Brooks\n"
                "12 Birch Street\nRiverton, WA 99301\n"
                f"\n--{inner}\nContent-Type: application/pdf; name=\"Rousseau letter.pdf\"\n"
                'Content-Disposition: attachment; filename="Rousseau letter.pdf"\n'
                f"Content-Transfer-Encoding: base64\n\n{data}--{inner}--\n")
    fname, faddr, _ = FORWARDERS["mayor"]
    head = eml((fname, faddr), sent + timedelta(hours=13), f"FW: {subj}", "",
               mid=f"neighbour-fwd-{k}@mail.example").decode().split("Content-Type:")[0]
    b = f"ATT{k}"
    raw = (head + f'Content-Type: multipart/mixed; boundary="{b}"\n\n--{b}\n'
           "Content-Type: text/plain; charset=utf-8\n\n" + city_note("mayor")
           + f"\n--{b}\nContent-Type: message/rfc822\nContent-Disposition: attachment; "
           f'filename="{subj}.eml"\n\n{original}\n--{b}--\n')
    want = expected(p, sent, faddr, c[2], [], [c[0]])
    want["attachments"] = ["Rousseau letter.pdf"]
    write("clients", f"{k:02d}-neighbour-sends-pdf-letter", raw.encode("utf-8"), want)


def neighbour_pastes_letter(k: int) -> None:
    """The same errand in the body: the neighbour pastes the resident's letter (its
    letterhead with her email) under his own note and signature, and the mayor forwards
    it from Gmail. The letter's writer is the complainant, reached at the email her letter
    gives, not at the address of the mail that carried it (issue 40, item 1)."""
    p, c = RESIDENTS[5], COMPLAINTS[3]
    sent = la(2026, 12, 3, 17, 26)
    subj = "My neighbour's letter"
    carrier = Person("Kevin Brooks", "kbrooks@example.com", "", "", ())
    body = (city_note("mayor") + "\n" + BLOCKS["gmail-en"][1](carrier, sent, subj)
            + "Mayor Lindqvist,\n\nMy neighbour Priscilla asked me to pass her letter on to "
            "you; she typed it and I am sending it from my account.\n\nKevin Brooks\n\n"
            + letter(p, c, "letterhead"))
    compose(f"{k:02d}-neighbour-pastes-letter", "mayor", sent + timedelta(hours=15),
            f"Fwd: {subj}", body, expected(p, sent, "mayor@city.test", c[2], [], [c[0]]))

def _mso(text: str) -> str:
    """A paragraph as Word writes it into Outlook's HTML (`<o:p>` ends each one; an
    empty one is `<o:p>&nbsp;</o:p>`)."""
    if not text:
        return '<p class="MsoNormal"><o:p>&nbsp;</o:p></p>\n'
    return f'<p class="MsoNormal">{_html(text)}<o:p></o:p></p>\n'


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


WORD_HEAD = (
    '<meta http-equiv="Content-Type" content="text/html; charset=utf-8"><meta name="Generator"'
    ' content="Microsoft Word 15 (filtered medium)"><style><!--\n/* Font Definitions */\n'
    '@font-face\n\t{font-family:"Cambria Math";\n\tpanose-1:2 4 5 3 5 4 6 3 2 4;}\n'
    '@font-face\n\t{font-family:Calibri;\n\tpanose-1:2 15 5 2 2 2 4 3 2 4;}\n'
    '/* Style Definitions */\np.MsoNormal, li.MsoNormal, div.MsoNormal\n\t{margin:0in;\n'
    '\tfont-size:11.0pt;\n\tfont-family:"Calibri",sans-serif;}\nspan.EmailStyle19\n'
    '\t{mso-style-type:personal-reply;\n\tfont-family:"Calibri",sans-serif;\n'
    '\tcolor:windowtext;}\n.MsoChpDefault\n\t{mso-style-type:export-only;\n'
    '\tfont-size:10.0pt;}\n@page WordSection1\n\t{size:8.5in 11.0in;\n'
    '\tmargin:1.0in 1.0in 1.0in 1.0in;}\ndiv.WordSection1\n\t{page:WordSection1;}\n--></style>'
    '<!--[if gte mso 9]><xml>\n<o:shapedefaults v:ext="edit" spidmax="1026" />\n</xml>'
    '<![endif]--><!--[if gte mso 9]><xml>\n<o:shapelayout v:ext="edit">\n'
    '<o:idmap v:ext="edit" data="1" />\n</o:shapelayout></xml><![endif]-->')


def _mso_spaced(paragraph: str) -> str:
    """A paragraph of an HTML message as Outlook desktop renders it when forwarding:
    Word's automatic spacing before and after it, its lines broken by `<br>`."""
    return ("<p class=\"MsoNormal\" style=\"mso-margin-top-alt:auto;mso-margin-bottom-alt:"
            "auto\">" + "<br>\n".join(_html(x) for x in paragraph.split("\n"))
            + "<o:p></o:p></p>\n")


def ios_html_outlook_chain(k: int, *, spaced: bool = False) -> None:
    """HTML only, nested (issue 40, item 2): the mayor forwards from her iPhone
    (`text/html` only; the header block in one `<blockquote type="cite">`, the forwarded
    message in the next) what the city administrator forwarded from Outlook desktop
    (Word HTML: `<p class="MsoNormal">`, `<o:p>`, his note and signature, then the
    original's header block in a `border-top` div) of the resident's complaint.
    `spaced`: the resident wrote in paragraphs (`<p>`, as Thunderbird does), which
    Outlook renders with Word's automatic spacing; the letter ends with a thank-you and
    the signature block, no closing word."""
    p, c = (RESIDENTS[4], COMPLAINTS[2]) if spaced else (RESIDENTS[1], COMPLAINTS[0])
    sent = la(2026, 11, 30, 16, 12) if not spaced else la(2026, 12, 2, 21, 40)
    fw = la(2026, 12, 1, 8, 3) if not spaced else la(2026, 12, 3, 7, 55)
    mine = la(2026, 12, 1, 9, 41, 27) if not spaced else la(2026, 12, 3, 12, 2, 9)
    subj = f"Ethics complaint - {c[0]}"
    note = ["Teresa,", "", "This came to me yesterday afternoon; it belongs with the ethics "
            "process, so I am passing it on. I have not replied to the resident yet.", "",
            "Marcus Holt", "City Administrator, City of Riverton", CITY_HALL[1], CITY_HALL[2],
            "(509) 555-0102", ""]
    block = (
        '<div>\n<div style="border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0in 0in '
        f'0in">\n<p class="MsoNormal"><b>From:</b> {p.name} &lt;{p.email}&gt; <br>\n'
        f"<b>Sent:</b> {outlook_en(sent)}<br>\n<b>To:</b> Marcus Holt &lt;cityadmin@city.test"
        f"&gt;<br>\n<b>Subject:</b> {_html(subj)}<o:p></o:p></p>\n</div>\n</div>\n"
        + _mso(""))
    if spaced:
        text = (f"Dear Mr. Holt,\n\nI am filing an ethics complaint against {c[0]}.\n\n"
                f"{c[3]}\n\n{c[4]}\n\nThank you for looking into this.\n\n{p.name}\n"
                + "\n".join(p.address) + f"\n{p.phone}")
        body = "<div>\n" + "".join(_mso_spaced(x) for x in text.split("\n\n")) + "</div>\n"
    else:
        body = "".join(_mso(x) for x in letter(
            p, c, salutation="Dear Mr. Holt,").rstrip("\n").split("\n"))
    word = (WORD_HEAD + '<div class="WordSection1">\n' + "".join(_mso(x) for x in note)
            + block + body + "</div>\n")
    html = ('<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8">'
            '</head><body dir="auto"><div dir="ltr">For the ethics intake.</div><div dir="ltr">'
            '<br></div><div dir="ltr">Teresa Lindqvist</div><div dir="ltr">Mayor, City of '
            'Riverton</div><div dir="ltr"><br></div><div dir="ltr">Sent from my iPhone</div>'
            '<div dir="ltr"><br>Begin forwarded message:<br><br></div><blockquote type="cite">'
            f'<div dir="ltr"><b>From:</b> Marcus Holt &lt;cityadmin@city.test&gt;<br>'
            f'<b>Date:</b> {apple_en(fw, "PST")}<br><b>To:</b> Teresa Lindqvist &lt;'
            f'mayor@city.test&gt;<br><b>Subject:</b> <b>FW: {_html(subj)}</b><br><br></div>'
            '</blockquote><blockquote type="cite"><div dir="ltr">' + word
            + '</div></blockquote></body></html>')
    raw = (f"Return-Path: <mayor@city.test>\nDelivered-To: ethics-intake@city.test\n"
           f"Received: from mx.city.test by mx.city.test (Postfix) with ESMTPS id 4QIOS{k};"
           f" {rfc(mine + timedelta(seconds=3))}\n"
           "From: Teresa Lindqvist <mayor@city.test>\nContent-Type: text/html;\n"
           "\tcharset=utf-8\nContent-Transfer-Encoding: quoted-printable\n"
           f"Mime-Version: 1.0 (1.0)\nSubject: Fwd: FW: {subj}\nDate: {rfc(mine)}\n"
           f"Message-Id: <2D4F8A61-93BC-4E07-B1A5-{k:04d}C6E2F7B8@city.test>\n"
           "References: <BY5PR09MB5432A1B2C3D4E5F6A7B8C9D0E1F2@BY5PR09MB5432.namprd09.prod."
           "outlook.com>\nTo: ethics-intake@city.test\nX-Mailer: iPhone Mail (22B83)\n\n")
    qp = quopri.encodestring(html.encode("utf-8")).decode("ascii")
    name = "ios-html-outlook-fw-spaced-paragraphs" if spaced else "ios-html-outlook-fw-chain"
    write("clients", f"{k:02d}-{name}", (raw + qp).encode("utf-8"),
          expected(p, sent, "mayor@city.test", c[2], [], [c[0]]))


# --- machine messages -----------------------------------------------------------------------
OUR_NOTICE = "Notice of ethics complaint [ETH-2026-0007]"
OUR_ID = "<20260612160512.1.notice@ethicsbot.city.test>"
OURS = (f"From: EthicsBot <ethics-intake@city.test>\nTo: Priya Raman <praman@city.test>\n"
        f"Subject: {OUR_NOTICE}\nDate: Fri, 12 Jun 2026 16:05:12 -0700\nMessage-ID: {OUR_ID}\n\n"
        "An ethics complaint naming you was received on June 9, 2026 and is case "
        "ETH-2026-0007. It alleges a violation of RMC 2.94.030.\n")


def machine(name: str, head: str, body: str, reason: str, kind: str) -> None:
    """`head` holds From, Subject and any headers of its own; the rest is common."""
    date = datetime(2026, 6, 12, 16, 6, 1, tzinfo=LA)
    raw = (f"Return-Path: <>\nDelivered-To: ethics-intake@city.test\nReceived: from mx.city.test "
           f"by mx.city.test (Postfix); {rfc(date)}\nTo: ethics-intake@city.test\n"
           f"Date: {rfc(date)}\nMessage-ID: <{name}@machine.example>\nMIME-Version: 1.0\n"
           + head.strip("\n") + "\n\n" + body)
    write("machine", name, raw.encode("utf-8") if raw.isascii() or "charset=utf-8" in raw
          else raw.encode("iso-2022-jp"), {"accepted": False, "reject_reason": reason,
                                            "kind": kind})


def report(report_type: str, human: str, machine_part: str, part_type: str,
           original: str = OURS, boundary: str = "RPT0042") -> str:
    return (f"--{boundary}\nContent-Type: text/plain; charset=us-ascii\n\n{human}\n"
            f"--{boundary}\nContent-Type: {part_type}\n\n{machine_part}\n"
            f"--{boundary}\nContent-Type: message/rfc822\n\n{original}\n--{boundary}--\n")


def rtype(report_type: str, boundary: str = "RPT0042") -> str:
    return (f"Content-Type: multipart/report; report-type={report_type};\n"
            f"\tboundary=\"{boundary}\"")


DSN = ("Reporting-MTA: dns; {mta}\nArrival-Date: Fri, 12 Jun 2026 16:05:14 -0700\n\n"
       "Final-Recipient: rfc822; {rcpt}\nOriginal-Recipient: rfc822;{rcpt}\n"
       "Action: {action}\nStatus: {status}\nRemote-MTA: dns; mx.example.org\n"
       "Diagnostic-Code: smtp; {diag}\n")


def machines() -> None:
    def dsn(n: str, sender: str, subject: str, human: str, *, action: str = "failed",
            status: str = "5.1.1", diag: str = "550 5.1.1 <praman@example.org>: Recipient "
            "address rejected: User unknown", extra: str = "") -> None:
        part = DSN.format(mta="mx.example.org", rcpt="praman@example.org", action=action,
                          status=status, diag=diag)
        machine(n, f"From: {sender}\nSubject: {subject}\n{extra}{rtype('delivery-status')}",
                report("delivery-status", human, part, "message/delivery-status"),
                "bounce", "delivery_status")

    dsn("dsn-postfix", "MAILER-DAEMON@mx.city.test (Mail Delivery System)",
        "Undelivered Mail Returned to Sender",
        "This is the mail system at host mx.city.test.\n\nI'm sorry to have to inform you that "
        "your message could not\nbe delivered to one or more recipients.")
    dsn("dsn-exchange-ndr", "Microsoft Outlook <MicrosoftExchange329e71ec88ae4615bbc36ab6ce41109e@"
        "city.test>", f"Undeliverable: {OUR_NOTICE}",
        "Delivery has failed to these recipients or groups:\n\npraman@example.org\nThe email "
        "address you entered couldn't be found.", diag="550 5.1.10 RESOLVER.ADR.RecipientNotFound")
    dsn("dsn-gmail", "Mail Delivery Subsystem <mailer-daemon@googlemail.com>",
        "Delivery Status Notification (Failure)",
        "** Address not found **\n\nYour message wasn't delivered to praman@example.org because "
        "the address couldn't be found, or is unable to receive mail.")
    dsn("dsn-sendmail", "Mail Delivery Subsystem <MAILER-DAEMON@mail.example.net>",
        "Returned mail: see transcript for details",
        "The original message was received at Fri, 12 Jun 2026 16:05:14 -0700\n\n"
        "   ----- The following addresses had permanent fatal errors -----\n<praman@example.org>")
    dsn("dsn-delayed", "Mail Delivery System <MAILER-DAEMON@mx.city.test>",
        "Delayed Mail (still being retried)",
        "This is the mail system at host mx.city.test.\n\n####################################"
        "\n# THIS IS A WARNING ONLY.  YOU DO NOT NEED TO RESEND YOUR MESSAGE. #",
        action="delayed", status="4.4.1", diag="421 4.4.1 connect to mx.example.org: timed out")
    dsn("dsn-from-forwarder-domain", "postmaster@city.test", f"Delivery failure: {OUR_NOTICE}",
        "Your message to the ethics board member could not be delivered.")
    dsn("dsn-re-subject", "Mail Delivery System <noreply@mx.example.org>", f"Re: {OUR_NOTICE}",
        "Your message could not be delivered.")

    def plain(n: str, head: str, body: str, reason: str, kind: str,
              charset: str = "us-ascii") -> None:
        machine(n, head + f"\nContent-Type: text/plain; charset={charset}", body, reason, kind)

    plain("bounce-exim", "From: Mail Delivery System <Mailer-Daemon@mx.example.org>\nSubject: "
          "Mail delivery failed: returning message to sender\nX-Failed-Recipients: "
          "praman@example.org\nAuto-Submitted: auto-replied",
          "This message was created automatically by mail delivery software.\n\nA message that "
          "you sent could not be delivered to one or more of its\nrecipients. This is a permanent"
          " error. The following address(es) failed:\n\n  praman@example.org\n    host mx.example"
          ".org [192.0.2.25]\n    SMTP error from remote mail server after RCPT TO:<praman@"
          "example.org>:\n    550 5.1.1 User unknown\n\n------ This is a copy of the message, "
          "including all the headers. ------\n\n" + OURS, "bounce", "delivery_status")
    plain("bounce-qmail", "From: MAILER-DAEMON@mail.example.net\nSubject: failure notice",
          "Hi. This is the qmail-send program at mail.example.net.\nI'm afraid I wasn't able to "
          "deliver your message to the following addresses.\nThis is a permanent error; I've "
          "given up. Sorry it didn't work out.\n\n<praman@example.net>:\nSorry, no mailbox here "
          "by that name. (#5.1.1)\n\n--- Below this line is a copy of the message.\n\n" + OURS,
          "bounce", "delivery_status")
    plain("bounce-mailer-daemon-no-domain", "From: MAILER-DAEMON (Mail Delivery System)\n"
          "Subject: Returned mail: User unknown",
          "----- The following addresses had permanent fatal errors -----\n<praman@example.org>"
          "\n\n   ----- Transcript of session follows -----\n... while talking to mx.example.org"
          ".:\n>>> RCPT To:<praman@example.org>\n<<< 550 5.1.1 <praman@example.org>... User "
          "unknown\n", "bounce", "delivery_status")
    plain("bounce-re-subject-nonstandard", f"From: Mail Administrator <noreply@mx.example.org>\n"
          f"Subject: Re: {OUR_NOTICE}",
          "Your message could not be delivered to the following recipient:\n\n  praman@example"
          ".org\n\nReason: 550 5.2.2 Mailbox full, quota exceeded\n\nThe ethics complaint "
          "notice you sent was returned.\n", "bounce", "delivery_status")
    plain("bounce-empty-address-daemon", 'From: "MAILER-DAEMON" <>\nSubject: Undeliverable mail',
          "Message not delivered to praman@example.org: 550 5.7.1 Delivery not authorized, "
          "message refused.\n", "bounce", "delivery_status")
    machine("bounce-iso2022jp-carrier",
            "From: mail-notice@docomo.example.jp\nSubject: =?ISO-2022-JP?B?GyRCJWEhPCVrR1s/LiUoJWkhPBsoQg==?=\n"
            "Content-Type: text/plain; charset=ISO-2022-JP\nContent-Transfer-Encoding: 7bit",
            "お客様が送信されたメールは、宛先のメールアドレスが見つからないため配信できませんでした。\n"
            "宛先: praman@docomo.example.jp\n", "bounce", "delivery_status")
    machine("bounce-iso2022jp-undelivered",
            "From: postmaster-notice@ezweb.example.jp\nSubject: =?ISO-2022-JP?B?GyRCSVRDI0RMQ04bKEI=?=\n"
            "Content-Type: text/plain; charset=ISO-2022-JP\nContent-Transfer-Encoding: 7bit",
            "以下のメールアドレスへの送信に失敗しました。\n(550 5.1.1 User unknown)\n", "bounce",
            "delivery_status")
    # issue 24: carriers' notices whose subject says "could not be delivered" in Japanese,
    # one encoded (RFC 2047) and one in raw 7-bit ISO-2022-JP, as older carrier MTAs write it
    machine("bounce-iso2022jp-haishin-dekimasen",
            "From: mail-notice@softbank.example.jp\nSubject: "
            + str(Header("メールを配信できませんでした", "iso-2022-jp").encode())
            + "\nContent-Type: text/plain; charset=ISO-2022-JP\nContent-Transfer-Encoding: 7bit",
            "お客様が送信されたメールは、宛先のメールアドレスが見つからないため配信できませんでした。\n"
            "宛先: praman@softbank.example.jp\n", "bounce", "delivery_status")
    machine("bounce-iso2022jp-raw-subject",
            "From: mail-notice@au.example.jp\nSubject: メール配信エラー\n"
            "Content-Type: text/plain; charset=ISO-2022-JP\nContent-Transfer-Encoding: 7bit",
            "お客様が送信されたメールは、宛先のメールアドレスが見つからないため配信できませんでした。\n"
            "宛先: praman@au.example.jp\n", "bounce", "delivery_status")
    plain("bounce-o365-html-no-report", f"From: postmaster@outlook.example\nSubject: "
          f"Undeliverable: {OUR_NOTICE}", "Your message to praman@example.org couldn't be "
          "delivered.\npraman wasn't found at example.org.\n\nRemote Server returned '550 5.1.10"
          " RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup'\n",
          "bounce", "delivery_status")

    # ARF (RFC 5965) feedback reports and their kin: a "complaint" about mail, not ethics.
    arf = ("Feedback-Type: {ft}\nUser-Agent: SomeGenerator/1.0\nVersion: 1\n"
           "Original-Mail-From: <ethics-intake@city.test>\nArrival-Date: Fri, 12 Jun 2026 "
           "16:05:14 -0700\nSource-IP: 192.0.2.1\nReported-Domain: city.test\n")
    for n, ft, subject, sender in (
            ("arf-abuse", "abuse", "FW: Notice of ethics complaint", "abuse@mail.example.com"),
            ("arf-complaint-subject", "abuse", "complaint about message from 192.0.2.1",
             "staff@hotmail.example"),
            ("arf-fraud", "fraud", "Fraud report", "fbl@isp.example.net"),
            ("arf-auth-failure", "auth-failure", "Authentication failure report",
             "dmarc-failure@example.org")):
        machine(n, f"From: {sender}\nSubject: {subject}\n{rtype('feedback-report')}",
                report("feedback-report", "This is an email abuse report for an email message "
                       "received from IP 192.0.2.1 on Fri, 12 Jun 2026 16:05:14 -0700.",
                       arf.format(ft=ft), "message/feedback-report"), "auto_reply",
                "feedback_report")
    # issue 24: AOL's feedback loop, its report as multipart/mixed with the mail attached
    machine("arf-aol-feedback-subject", "From: scomp@aol.example\nSubject: Email Feedback Report "
            "for IP 192.0.2.1\nContent-Type: multipart/mixed; boundary=\"AOL01\"",
            "--AOL01\nContent-Type: text/plain; charset=us-ascii\n\nThis is an email abuse report "
            "for an email message received from IP 192.0.2.1 on Fri, 12 Jun 2026 16:05:14 -0700."
            f"\n--AOL01\nContent-Type: message/rfc822\n\n{OURS}\n--AOL01--\n", "auto_reply",
            "feedback_report")
    machine("dmarc-aggregate", "From: noreply-dmarc-support@google.example\nSubject: Report "
            "domain: city.test Submitter: google.example Report-ID: 1234567890123456789\n"
            'Content-Type: application/zip; name="google.example!city.test!1781222400!'
            '1781308799.zip"\nContent-Disposition: attachment; filename="google.example!city.test'
            '!1781222400!1781308799.zip"\nContent-Transfer-Encoding: base64',
            "UEsDBBQAAAAIAAAAIQAAAAAAAAAAAAAAAAAAAAAA\n", "auto_reply", "dmarc_report")

    # Provider notifications as JSON (Amazon SNS/SES, Mailgun, Postmark shapes).
    ses = json.dumps({"notificationType": "Complaint", "complaint": {
        "complainedRecipients": [{"emailAddress": "praman@example.org"}],
        "complaintFeedbackType": "abuse", "timestamp": "2026-06-12T23:06:01.000Z"},
        "mail": {"source": "ethics-intake@city.test", "messageId": "0100018f-notice",
                 "commonHeaders": {"subject": OUR_NOTICE}}})
    sns = json.dumps({"Type": "Notification", "MessageId": "22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324",
                      "TopicArn": "arn:aws:sns:us-west-2:123456789012:ses-complaints",
                      "Message": ses, "Timestamp": "2026-06-12T23:06:01.000Z"}, indent=2)
    plain("provider-sns-ses-complaint", "From: AWS Notifications <no-reply@sns.amazonaws.com>\n"
          "Subject: AWS Notification Message", sns + "\n\n--\nIf you wish to stop receiving "
          "notifications from this topic, please click or visit the link below to unsubscribe:"
          "\nhttps://sns.us-west-2.amazonaws.com/unsubscribe.html\n", "auto_reply",
          "provider_notification")
    # issue 24: SES with "include original headers": the SNS envelope runs past what is
    # glanced at (16 KB), so its JSON is cut before it ends
    full = json.dumps({"notificationType": "Complaint", "complaint": {
        "complainedRecipients": [{"emailAddress": "praman@example.org"}],
        "complaintFeedbackType": "abuse", "timestamp": "2026-06-12T23:06:01.000Z",
        "feedbackId": "0100018f-feedback"}, "mail": {
        "timestamp": "2026-06-12T23:05:12.000Z", "source": "ethics-intake@city.test",
        "messageId": "0100018f-notice", "headersTruncated": False,
        "headers": [{"name": "Received", "value": f"from mx{i}.city.test (mx{i}.city.test "
                     f"[192.0.2.{i}]) by inbound-smtp.us-west-2.amazonaws.example with SMTP id "
                     f"{i:04d}{'a' * 120}; Fri, 12 Jun 2026 23:05:12 +0000"} for i in range(60)],
        "commonHeaders": {"subject": OUR_NOTICE}}})
    plain("provider-sns-ses-complaint-headers", "From: AWS Notifications <no-reply@sns."
          "amazonaws.com>\nSubject: AWS Notification Message", json.dumps({
              "Type": "Notification", "MessageId": "5c1e2b44-8f0a-4c55-9a43-0d2f3c6e9a10",
              "TopicArn": "arn:aws:sns:us-west-2:123456789012:ses-complaints", "Message": full,
              "Timestamp": "2026-06-12T23:06:01.000Z"}, indent=2) + "\n\n--\nIf you wish to "
          "stop receiving notifications from this topic, please click or visit the link below "
          "to unsubscribe:\nhttps://sns.us-west-2.amazonaws.com/unsubscribe.html\n",
          "auto_reply", "provider_notification")
    bounce = json.dumps({"notificationType": "Bounce", "bounce": {
        "bounceType": "Permanent", "bouncedRecipients": [{"emailAddress": "praman@example.org",
                                                          "diagnosticCode": "smtp; 550 5.1.1"}]},
        "mail": {"source": "ethics-intake@city.test"}}, indent=2)
    plain("provider-ses-bounce-json", "From: AWS Notifications <no-reply@sns.amazonaws.com>\n"
          "Subject: AWS Notification Message", bounce + "\n", "bounce", "provider_notification")
    b = "MGB771"
    mg = json.dumps({"event": "failed", "severity": "permanent", "recipient":
                     "praman@example.org", "reason": "bounce", "delivery-status": {
                         "code": 550, "message": "5.1.1 The email account does not exist"}})
    machine("provider-mailgun-json-part", f"From: Mailgun <noreply@mailgun.example>\nSubject: "
            f"Delivery failed: {OUR_NOTICE}\nContent-Type: multipart/mixed; boundary=\"{b}\"",
            f"--{b}\nContent-Type: text/plain\n\nA delivery event for your domain.\n--{b}\n"
            f"Content-Type: application/json\n\n{mg}\n--{b}--\n", "bounce",
            "provider_notification")
    pm = json.dumps({"RecordType": "SpamComplaint", "Email": "praman@example.org",
                     "Subject": OUR_NOTICE, "Description": "The subscriber explicitly marked "
                     "this message as spam."}, indent=2)
    plain("provider-postmark-spam-complaint", "From: Postmark <support@postmark.example>\n"
          "Subject: Spam complaint", pm + "\n", "auto_reply", "provider_notification")

    # List managers' notices.
    plain("list-mailman2-moderation", "From: riverton-neighbors-owner@lists.example.org\n"
          "Subject: Your message to Riverton-Neighbors awaits moderator approval\n"
          "X-List-Administrivia: yes\nPrecedence: bulk\nX-Mailman-Version: 2.1.39\n"
          "List-Id: <riverton-neighbors.lists.example.org>\nX-BeenThere: riverton-neighbors@"
          "lists.example.org",
          "Your mail to 'Riverton-Neighbors' with the subject\n\n    Ethics complaint\n\nIs being "
          "held until the list moderator can review it for approval.\n\nThe reason it is being "
          "held:\n\n    Post by non-member to a members-only list\n", "auto_reply",
          "list_notice")
    plain("list-mailman3-held", "From: council-watch-owner@lists.example.org\nSubject: Your "
          "message to council-watch@lists.example.org awaits moderator approval\n"
          "Auto-Submitted: auto-generated\nX-Mailman-Version: 3.3.9\nList-Id: <council-watch."
          "lists.example.org>", "Your message to council-watch@lists.example.org with the "
          "subject\n\n    Re: ethics complaint\n\nIs being held until the list moderator can "
          "review it for approval.\n", "auto_reply", "list_notice")
    plain("list-listserv-rejected", "From: \"L-Soft list server at LISTS.EXAMPLE.EDU (16.5)\" "
          "<LISTSERV@LISTS.EXAMPLE.EDU>\nSubject: Rejected posting to ETHICS-L@LISTS.EXAMPLE.EDU",
          "You are not authorized to send mail to the ETHICS-L list from your\n"
          "ethics-intake@city.test account. Your message is being returned to you unprocessed."
          "\n", "auto_reply", "list_notice")
    plain("list-google-groups-rejected", "From: council-watch+owners@googlegroups.example\n"
          "Subject: Message not delivered: your message to council-watch was rejected\n"
          "List-Id: <council-watch.googlegroups.example>\nX-Google-Group-Id: 771234567890",
          "Your message to council-watch@googlegroups.example has been rejected because you "
          "are not a member of the group.\n", "auto_reply", "list_notice")
    plain("list-sympa-editor", "From: SYMPA <sympa@lists.example.fr>\nSubject: Message for list "
          "ethique-riverton forwarded to editor\nX-Loop: sympa@lists.example.fr\n"
          "List-Id: <ethique-riverton.lists.example.fr>", "Your message for list ethique-"
          "riverton has been forwarded to editor(s) for approval.\n", "auto_reply",
          "list_notice")
    plain("list-confirm-subscription", "From: riverton-neighbors-request@lists.example.org\n"
          "Subject: confirm 4a7bc3f08e21d6e0b1f2a9c7d8e6f5a4b3c2d1e0\nX-List-Administrivia: yes"
          "\nList-Id: <riverton-neighbors.lists.example.org>",
          "Mailing list subscription confirmation notice for mailing list\nRiverton-Neighbors"
          "\n\nWe have received a request for subscription of your email\naddress, "
          "\"ethics-intake@city.test\", to the riverton-neighbors@lists.example.org mailing "
          "list.\n", "auto_reply", "list_notice")

    # Read receipts (RFC 3798/8098 MDNs), and the client's localised subjects.
    mdn = ("Reporting-UA: {ua}\nFinal-Recipient: rfc822;praman@city.test\nOriginal-Message-ID: "
           f"{OUR_ID}\nDisposition: {{disp}}\n")
    for n, sender, subject, ua, disp in (
            ("mdn-outlook-read", "Priya Raman <praman@city.test>", f"Read: {OUR_NOTICE}",
             "Microsoft Outlook 16.0", "automatic-action/MDN-sent-automatically; displayed"),
            ("mdn-outlook-not-read", "Priya Raman <praman@city.test>", f"Not read: {OUR_NOTICE}",
             "Microsoft Outlook 16.0", "manual-action/MDN-sent-manually; deleted"),
            ("mdn-thunderbird-displayed", "Ben Okafor <bokafor@example.net>",
             f"Return Receipt (displayed) - {OUR_NOTICE}", "Mozilla Thunderbird",
             "manual-action/MDN-sent-manually; displayed"),
            ("mdn-german-gelesen", "Anita Brandt <abrandt@city.test>", f"Gelesen: {OUR_NOTICE}",
             "Microsoft Outlook 16.0", "automatic-action/MDN-sent-automatically; displayed"),
            ("mdn-french-lu", "Maria Ortiz <mortiz@example.fr>", f"Lu : {OUR_NOTICE}",
             "Microsoft Outlook 16.0", "manual-action/MDN-sent-manually; displayed")):
        machine(n, f"From: {sender}\nSubject: {subject}\n{rtype('disposition-notification')}",
                report("disposition-notification", "This is a receipt for the mail you sent. "
                       "Note: this receipt only acknowledges that the message was displayed.",
                       mdn.format(ua=ua, disp=disp), "message/disposition-notification"),
                "auto_reply", "read_receipt")

    # Out-of-office replies recognised by their localised subject alone (no Auto-Submitted,
    # no X-Autoreply: some servers send neither), several from an allowed forwarder.
    away = ("I am out of the office until June 22 with limited access to email. For ethics "
            "complaints and anything urgent please contact the City Clerk at clerk@city.test or "
            "(509) 555-0100.\n")
    for n, sender, subject in (
            ("ooo-en-automatic-reply", "Teresa Lindqvist <mayor@city.test>", "Automatic reply"),
            ("ooo-en-out-of-office", "Marcus Holt <cityadmin@city.test>", "Out of Office"),
            ("ooo-de", "Teresa Lindqvist <mayor@city.test>", "Abwesenheitsnotiz"),
            ("ooo-de-automatische-antwort", "Marcus Holt <cityadmin@city.test>",
             "Automatische Antwort"),
            ("ooo-fr", "Renée Castillo <clerk@city.test>", "Réponse automatique :"),
            ("ooo-es", "Teresa Lindqvist <mayor@city.test>", "Respuesta automática"),
            ("ooo-pt", "Marcus Holt <cityadmin@city.test>", "Resposta automática"),
            ("ooo-it", "Teresa Lindqvist <mayor@city.test>", "Risposta automatica"),
            ("ooo-nl", "Teresa Lindqvist <mayor@city.test>", "Automatisch antwoord"),
            ("ooo-sv", "Teresa Lindqvist <mayor@city.test>", "Autosvar"),
            ("ooo-fi", "Teresa Lindqvist <mayor@city.test>", "Automaattinen vastaus"),
            ("ooo-pl", "Teresa Lindqvist <mayor@city.test>", "Odpowiedź automatyczna"),
            ("ooo-ja", "Teresa Lindqvist <mayor@city.test>", "自動応答"),
            ("ooo-en-away", "Teresa Lindqvist <mayor@city.test>", "Away from the office"),
            # issue 24: Outlook's prefixes in more languages, a Japanese bracketed marker
            ("ooo-zh-cn", "Teresa Lindqvist <mayor@city.test>", "自动回复"),
            ("ooo-zh-tw", "Marcus Holt <cityadmin@city.test>", "自動回覆"),
            ("ooo-da", "Teresa Lindqvist <mayor@city.test>", "Automatisk svar"),
            ("ooo-el", "Teresa Lindqvist <mayor@city.test>", "Αυτόματη απάντηση"),
            ("ooo-hu", "Teresa Lindqvist <mayor@city.test>", "Automatikus válasz"),
            ("ooo-ro", "Teresa Lindqvist <mayor@city.test>", "Răspuns automat"),
            ("ooo-it-fuori-ufficio", "Renée Castillo <clerk@city.test>", "Fuori ufficio"),
            ("ooo-ja-brackets", "Teresa Lindqvist <mayor@city.test>", "【自動返信】")):
        colon = "" if subject.endswith((":", "】")) else ":"
        s = f"{subject}{colon} {OUR_NOTICE}"
        machine(n, f"From: {header(sender.split(' <')[0])} <{sender.split('<')[1]}\n"
                f"Subject: {header(s)}\nContent-Type: text/plain; charset=utf-8\n"
                f"In-Reply-To: <complaint-{n}@mail.example>", away, "auto_reply",
                "out_of_office")



def localised_replies(k: int) -> None:
    """The mayor answered the resident and forwards her own reply, the complaint quoted
    under the client's localised attribution: the quoted resident is the complainant."""
    R, C = RESIDENTS, COMPLAINTS
    cases = (
        ("gmail-es-escribio", R[7], C[0], la(2026, 3, 16, 10, 30), lambda p, dt: (
            f"El {ES_DAYS[dt.weekday()][:3]}, {dt.day} {ES_MONTHS[dt.month - 1][:3]} {dt.year} "
            f"a las {dt.hour}:{dt.minute:02d}, {p.name} (<{p.email}>) escribió:")),
        ("gmail-de-schrieb", R[2], C[1], la(2026, 4, 14, 7, 42), lambda p, dt: (
            f"Am {DE_DAYS[dt.weekday()][:2]}., {dt.day}. {DE_MONTHS[dt.month - 1]} {dt.year} "
            f"um {dt:%H:%M} Uhr schrieb {p.name} <{p.email}>:")),
        ("gmail-fr-a-ecrit", R[3], C[2], la(2026, 3, 19, 18, 5), lambda p, dt: (
            f"Le {FR_DAYS[dt.weekday()][:3]}. {dt.day} {FR_MONTHS[dt.month - 1]} {dt.year} "
            f"à {dt:%H:%M}, {p.name} <{p.email}> a écrit :")),
        ("gmail-pt-escreveu", R[4], C[3], la(2026, 2, 24, 9, 0), lambda p, dt: (
            f"Em {PT_DAYS[dt.weekday()][:3]}., {dt.day} de {PT_MONTHS[dt.month - 1][:3]}. de "
            f"{dt.year} às {dt:%H:%M}, {p.name} <{p.email}> escreveu:")),
        ("thunderbird-en-us-two-digit-year", R[5], C[4], la(2026, 3, 19, 7, 42), lambda p, dt: (
            f"On {dt.month}/{dt.day}/{dt.year % 100} {h12(dt)}, {p.name} wrote:")),
    )
    for i, (slug, p, c, sent, attribution) in enumerate(cases):
        subj = f"Ethics complaint - {c[0]}"
        quoted = "\n".join(f"> {line}" if line else ">" for line in
                           letter(p, c, "letterhead" if "thunderbird" in slug else "signed")
                           .split("\n"))
        body = (city_note("mayor") + "\n" + BLOCKS["gmail-en"][1](
            Person("Teresa Lindqvist", "mayor@city.test", "", "", ()), sent + timedelta(days=1),
            "Re: " + subj) + "Thank you, I am sending this to the ethics process.\n\n"
            "Teresa Lindqvist\n\n" + attribution(p, sent) + "\n" + quoted + "\n")
        compose(f"{k + i:02d}-quoted-{slug}", "mayor", sent + timedelta(days=2),
                "Fwd: Re: " + subj, body,
                expected(p, sent, "mayor@city.test", c[2], [], [c[0]]))


def machines_issue40() -> None:
    """Machine mail still misnamed (issue 40), each `expected.json` also naming the
    recipient the bounce could not reach where it says: a US carrier's SMS gateway
    (Verizon's vtext `post_master`, its picture gateway), KDDI's notice in ISO-2022-JP, a
    Japanese carrier's subject with a long lead-in, and machine mail an allowed forwarder
    passes on: Apple Mail's forward of a Postfix bounce, and an abuse report (ARF)
    forwarded as an attachment, which carries our notice and its case's tag."""
    def write_machine(name: str, raw: str, reason: str, kind: str, recipient: str | None,
                      encoding: str = "utf-8") -> None:
        want = {"accepted": False, "reject_reason": reason, "kind": kind}
        if recipient:
            want["recipient"] = recipient
        write("machine", name, raw.encode(encoding), want)

    def common(name: str, date: datetime) -> str:
        return (f"Return-Path: <>\nDelivered-To: ethics-intake@city.test\nReceived: from "
                f"mx.city.test by mx.city.test (Postfix); {rfc(date)}\nTo: ethics-intake@city."
                f"test\nDate: {rfc(date)}\nMessage-ID: <{name}@machine.example>\nMIME-Version: "
                "1.0\n")

    when = datetime(2026, 12, 4, 17, 6, 1, tzinfo=LA)
    # Verizon's SMS gateway: "post_master@vtext", "Error: 550 - ...", the message details
    write_machine("carrier-sms-vtext-bounce", common("carrier-sms-vtext-bounce", when)
                  + "From: post_master@vtext.example\nContent-Type: text/plain; charset=us-ascii"
                  "\n\nError: 550 - Requested action not taken: no such user here\n\nMessage "
                  f"details:\n  Subject: {OUR_NOTICE}\n  Sent date: Sat Dec 05 01:05:14 GMT 2026"
                  "\n  MAIL FROM: ethics-intake@city.test\n  RCPT TO: 5095550134@vtext.example\n",
                  "bounce", "delivery_status", "5095550134@vtext.example")
    # its picture-message gateway: no status code, the original's headers quoted
    write_machine("carrier-mms-vzwpix-bounce", common("carrier-mms-vzwpix-bounce", when)
                  + "From: sysadmin@vzwpix.example\nContent-Type: text/plain; charset=us-ascii\n\n"
                  "Message could not be delivered to mobile.\nError: No valid recipients for this "
                  "MM\n\nOriginal Message:\nFrom: EthicsBot <ethics-intake@city.test>\nTo: "
                  f"5095550134@vzwpix.example\nSubject: {OUR_NOTICE}\nDate: Fri, 04 Dec 2026 "
                  "17:05:14 -0800\n", "bounce", "delivery_status", "5095550134@vzwpix.example")
    # KDDI (au): Japanese lead-in in ISO-2022-JP, then its English lines; no status code
    write_machine("bounce-iso2022jp-kddi", common("bounce-iso2022jp-kddi", when)
                  + "From: no-reply@dion.example.jp\nContent-Type: text/plain; charset=ISO-2022-JP"
                  "\nContent-Transfer-Encoding: 7bit\n\nお客様が送信したメールは配信できませんでした。"
                  "\n\nYour mail sent on: Sat, 05 Dec 2026 10:05:14 +0900\n    Could not be "
                  "delivered to: <praman@au.example.jp>\n    As their mailbox is full.\n",
                  "bounce", "delivery_status", "praman@au.example.jp", "iso-2022-jp")
    # a carrier's subject with a long lead-in before "could not be delivered"
    subject = Header("【重要】お客様が送信されたメールは配信できませんでした", "iso-2022-jp").encode()
    write_machine("bounce-iso2022jp-long-subject", common("bounce-iso2022jp-long-subject", when)
                  + f"From: mail-notice@docomo.example.jp\nSubject: {subject}\nContent-Type: "
                  "text/plain; charset=ISO-2022-JP\nContent-Transfer-Encoding: 7bit\n\n"
                  "お客様が送信されたメールは、宛先のメールアドレスが見つからないため配信できませんでした。"
                  "\n宛先: praman@docomo.example.jp\n", "bounce", "delivery_status",
                  "praman@docomo.example.jp",
                  "iso-2022-jp")
    # the mayor forwards, from Apple Mail, a Postfix bounce of her own mail: its text part
    # quotes the forward; nobody outside the city wrote anything
    bounce = ("Begin forwarded message:\n\nFrom: Mail Delivery System <MAILER-DAEMON@mx.city."
              "test>\nSubject: Undelivered Mail Returned to Sender\nDate: December 4, 2026 at "
              "5:05:14 PM PST\nTo: mayor@city.test\n\nThis is the mail system at host "
              "mx.city.test.\n\nI'm sorry to have to inform you that your message could not\nbe "
              "delivered to one or more recipients. It's attached below.\n\nFor further "
              "assistance, please send mail to postmaster.\n\n                   The mail system"
              "\n\n<gpruitt@parks.example.org>: host mx.parks.example.org[192.0.2.25] said: 550"
              "\n    5.1.1 <gpruitt@parks.example.org>: Recipient address rejected: User unknown"
              "\n    (in reply to RCPT TO command)\n")
    mayor = "From: Teresa Lindqvist <mayor@city.test>\n"
    write_machine("forward-apple-bounce", common("forward-apple-bounce", when).replace(
        "Return-Path: <>", "Return-Path: <mayor@city.test>") + mayor
        + "Subject: Fwd: Undelivered Mail Returned to Sender\nContent-Type: text/plain; "
        "charset=utf-8\nContent-Transfer-Encoding: 8bit\n\nRenée, this came back when I wrote to "
        "the Parks Director's old address. Nothing to file, just so you know.\n\nTeresa\n\n"
        "Sent from my iPad\n\n" + quote(bounce) + "\n", "bounce", "delivery_status",
        "gpruitt@parks.example.org")
    # the mayor forwards an abuse report about our notice as an attachment (Outlook)
    arf = (f"From: abuse@mail.example.com\nTo: mayor@city.test\nSubject: FW: {OUR_NOTICE}\n"
           "Date: Fri, 04 Dec 2026 17:05:40 -0800\nMessage-ID: <arf-20261204@mail.example.com>"
           f"\nMIME-Version: 1.0\n{rtype('feedback-report', 'ARF77')}\n\n" + report(
               "feedback-report", "This is an email abuse report for an email message received "
               "from IP 192.0.2.1 on Fri, 04 Dec 2026 17:05:14 -0800.", "Feedback-Type: abuse\n"
               "User-Agent: SomeGenerator/1.0\nVersion: 1\nOriginal-Mail-From: <ethics-intake"
               "@city.test>\nArrival-Date: Fri, 04 Dec 2026 17:05:14 -0800\nSource-IP: 192.0.2.1"
               "\nReported-Domain: city.test\n", "message/feedback-report", boundary="ARF77"))
    write_machine("forward-attached-arf", common("forward-attached-arf", when).replace(
        "Return-Path: <>", "Return-Path: <mayor@city.test>") + mayor
        + f"Subject: FW: {OUR_NOTICE}\nContent-Type: multipart/mixed; boundary=\"FWARF\"\n\n"
        "--FWARF\nContent-Type: text/plain; charset=utf-8\n\nOur mail provider sent me this "
        "about one of the ethics notices.\n\nTeresa Lindqvist\nMayor, City of Riverton\n\n"
        "--FWARF\nContent-Type: message/rfc822\nContent-Disposition: attachment; filename=\""
        f"report.eml\"\n\n{arf}\n--FWARF--\n", "auto_reply", "feedback_report", None)


# --- issue 40, item 3: a folder of complaints written in Spanish, and one of French clients
def languages() -> None:
    """`../spanish`: complaints written in Spanish, one per client shape, naming officials
    by their Spanish titles (la alcaldesa, el concejal, la subjefa de bomberos, la
    comisionada de planificación, el director de parques), their facts and reasons ("viola
    la sección 2.94.060 porque ...") read as in English, one giving only a citation, one
    unsigned without address or phone; `../french`: letters in English forwarded from
    clients in French (Gmail's abbreviated months, Apple Mail's `à` and CLDR's `UTC−7`,
    Outlook and OWA's `Envoyé :`, OWA's `de la part de`, Thunderbird's `Message
    transféré`), and complaints written in French in those shapes (le conseiller
    municipal, la maire, le directeur des parcs, la cheffe adjointe des pompiers, la
    commissaire à l'urbanisme; "le 3 octobre", "parce que"). Each expectation says the
    complaint's `language` too."""
    p = RESIDENTS[7]
    sig = f"Atentamente,\n\n{p.name}\n" + "\n".join(p.address) + f"\n{p.phone}\n"
    spanish: list[tuple[str, str, str, datetime, str, list[str], list[str], list[str], str]] = [
        ("gmail-es-alcaldesa", "gmail-es", "admin", la(2026, 11, 2, 17, 45),
         "Queja de ética contra la alcaldesa", ["2.94.060"], ["Teresa Lindqvist"], [],
         "Estimado señor administrador:\n\nPresento una queja de ética contra la alcaldesa "
         "Lindqvist.\n\nEl 2 de noviembre de 2026 la alcaldesa Lindqvist firmó el contrato de "
         "52.000 dólares para renovar el vestíbulo del ayuntamiento con Lindqvist Builders, la "
         "empresa de su hermano, sin someterlo a licitación.\n\nViola la sección 2.94.060 "
         "porque usó su cargo para dar un contrato de la ciudad a la empresa de un familiar.\n\n"
         + sig),
        ("owa-es-concejal-sin-datos", "owa-es", "mayor", la(2026, 2, 23, 12, 5),
         "Queja contra el concejal Okafor", ["2.94.040(B)"], ["Ben Okafor"],
         ["address", "phone"],
         "Buenas tardes:\n\nQuiero presentar una queja de ética contra el concejal Okafor.\n\n"
         "El 20 de febrero de 2026 el concejal Okafor usó un vehículo de la ciudad para ir a "
         "una recaudación de fondos de su campaña en Spokane, y la ciudad le reembolsó 214 "
         "dólares de gasolina.\n\nEsto viola la sección 2.94.040(B) porque usó un bien de la "
         "ciudad con un fin privado.\n\nSaludos,\n\n" + p.name + "\n"),
        ("apple-es-subjefa", "apple-es", "mayor", la(2026, 4, 20, 8, 30, 12),
         "Denuncia de ética", ["2.94.040(B)"], ["Lorna Bates"], [],
         "Señora alcaldesa:\n\nPresento una denuncia de ética contra la subjefa de bomberos "
         "Bates.\n\nEl 3 de abril de 2026 la subjefa de bomberos Bates aceptó dos noches en el "
         "Summit Lodge, pagadas por Ridgeline Fire Apparatus, tres semanas antes de que el "
         "departamento recomendara al concejo la oferta de 410.000 dólares de Ridgeline.\n\n"
         "Aceptar un regalo de más de 50 dólares de una empresa que busca contratos con la "
         "ciudad está prohibido por la sección 2.94.040(B).\n\n" + sig),
        ("outlook-es-comisionada", "outlook-es", "clerk", la(2026, 3, 13, 9, 0),
         "Queja de ética - Comisión de Planificación", ["2.94.050(A)(2)", "2.94.030"],
         ["Helen Ostrowski"], [],
         "Estimada alcaldesa Lindqvist:\n\nPresento una queja de ética contra la comisionada "
         "de planificación Ostrowski.\n\nEn la reunión de la Comisión de Planificación del 11 "
         "de marzo de 2026, la comisionada Ostrowski votó a favor de la recalificación de "
         "Quarry Road. La empresa de su esposo, Ostrowski Survey Group, había cobrado 12.000 "
         "dólares del solicitante en enero por el levantamiento topográfico.\n\nDebió "
         "abstenerse conforme a la sección 2.94.050(A)(2), y su voto fue un conflicto de "
         "intereses según la sección 2.94.030 porque la empresa de su esposo cobró del "
         "solicitante.\n\n" + sig),
        ("gmail-es-solo-cita", "gmail-es", "mayor", la(2026, 12, 3, 9, 14),
         "Queja de ética", ["2.94.060"], ["Tom Hale"], ["facts", "reasons", "address"],
         "Hola:\n\nQuiero presentar una queja de ética contra el concejal Hale por violar la "
         "sección 2.94.060. Por favor, llámenme.\n\n" + f"{p.name}\n{p.phone}\n"),
        ("thunderbird-es-director", "thunderbird-es", "admin", la(2026, 5, 21, 19, 40),
         "Queja de ética: contrato de Hollis Field", ["2.94.030"], ["Gary Pruitt"], [],
         "Buenas noches:\n\nEl 19 de mayo de 2026 el director de parques Pruitt presidió el "
         "comité que adjudicó el contrato de mantenimiento de Hollis Field (38.400 dólares) a "
         "Green Edge Landscaping, la empresa del esposo de su hermana, y nunca declaró el "
         "parentesco.\n\nCreo que esto viola la sección 2.94.030 porque participó en una "
         "decisión sobre un contrato en el que un familiar cercano tiene un interés "
         "financiero.\n\n" + sig),
        ("gmail-es-articulo-ya-que", "gmail-es", "admin", la(2026, 1, 16, 8, 20),
         "Denuncia: concejala Ortiz", ["2.94.060"], ["Maria Ortiz"], [],
         "Buenos días:\n\nLes escribo para denunciar a la concejala Ortiz.\n\nEl pasado 14 de "
         "enero la concejala Ortiz envió desde su cuenta municipal los documentos de la "
         "licitación de pavimentación a la empresa de su cuñado, dos días antes de "
         "publicarlos.\n\nEsto infringe el artículo 2.94.060, ya que compartió información "
         "confidencial para beneficio de un familiar.\n\n" + sig),
        ("owa-es-pues-sin-anio", "owa-es", "mayor", la(2026, 6, 4, 20, 15),
         "Queja sobre el concejal Tom Hale", ["2.94.030"], ["Tom Hale"], [],
         "Hola:\n\nEl martes pasado el concejal Tom Hale votó para arrendar el antiguo depósito "
         "a la empresa de su hijo por un dólar al año.\n\nNo podía votar, pues la sección "
         "2.94.030 le prohíbe votar sobre asuntos en los que tiene un interés económico.\n\n"
         + sig),
        ("gmail-es-senora-alcaldesa-inciso", "gmail-es", "admin", la(2026, 10, 6, 9, 0),
         "Queja formal", ["2.94.030"], ["Teresa Lindqvist"], [],
         "Estimados señores:\n\nDeseo presentar una queja formal contra la señora Teresa "
         "Lindqvist, alcaldesa de Riverton.\n\nEl 5 de octubre de 2026 la alcaldesa contrató "
         "como asesora a su sobrina por 3.000 dólares al mes sin proceso de selección.\n\n"
         "Considero que esto viola el inciso 2.94.030 porque benefició a un familiar con un "
         "puesto municipal.\n\n" + sig),
        # no section cited: a complaint all the same (its words), the elements listed
        ("apple-es-vaga", "apple-es", "clerk", la(2026, 9, 8, 18, 30, 5), "Quiero quejarme",
         [], ["Maria Ortiz"], ["facts", "code_sections", "reasons"],
         "Hola:\n\nQuiero quejarme de la concejala Ortiz. No hace bien su trabajo y todos en "
         "el barrio estamos cansados de ella.\n\n" + sig),
        ("owa-es-hechos-sin-razones", "owa-es", "mayor", la(2026, 1, 20, 10, 10),
         "Pliegos de la licitación", [], ["Maria Ortiz"], ["code_sections", "reasons"],
         "Buenos días:\n\nLes escribo sobre la concejala Ortiz. El 14 de enero de 2026 la "
         "concejala Ortiz envió los pliegos de la licitación de pavimentación a la empresa de "
         "su cuñado dos días antes de publicarlos. Presento esta queja para que la Junta de "
         "Ética lo revise.\n\n" + sig),
    ]
    for slug, client, who, sent, subj, sections, respondents, missing, text in spanish:
        prefix, block = BLOCKS[client]
        head = block(p, sent, subj)
        if "Teresa Lindqvist" in respondents:  # a complaint against the mayor goes to the
            head = head.replace("mayor@city.test", "cityadmin@city.test")  # administrator
        body = city_note(who) + "\n" + head + text
        want = expected(p, sent, FORWARDERS[who][1], tuple(sections), missing, respondents,
                        phone=None if "phone" in missing else "",
                        address=None if "address" in missing else "")
        fname, faddr, _ = FORWARDERS[who]
        # Gmail sends its HTML part beside the text (`gmail_quote`): both read the same
        markup = ('<div dir="ltr">' + body.replace("&", "&amp;").replace("<", "&lt;")
                  .replace(">", "&gt;").replace("\n", "<br>\n") + "</div>"
                  ) if client.startswith("gmail") else None
        raw = eml((fname, faddr), sent + timedelta(hours=20), f"{prefix}: {subj}", body,
                  html=markup, mid=f"es-{slug}@mail.example")
        write("spanish", slug, raw, {**want, "language": "es"})
    # HTML only from an iPhone in Spanish (the header block in one `blockquote type="cite"`,
    # the resident's message in the next, as ios_html_outlook_chain's)
    sent, mine = la(2026, 12, 3, 9, 14, 22), la(2026, 12, 3, 11, 2, 40)
    text = ("Buenos días:\n\nPresento una queja de ética contra el concejal Hale.\n\nEl 18 de "
            "noviembre de 2026, antes de abrir los sobres de la licitación del arrendamiento "
            "del depósito, el concejal Hale le dijo a su hijo el importe de la oferta más alta."
            "\n\nEsto viola la sección 2.94.060 porque las ofertas eran información "
            "confidencial que conocía solo como concejal, y la pasó para que la empresa de su "
            "hijo ganara.\n\n" + sig)
    paras = "".join(f'<div dir="ltr">{_html(x)}</div><div dir="ltr"><br></div>'
                    for x in text.rstrip("\n").split("\n"))
    html = ('<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8">'
            '</head><body dir="auto"><div dir="ltr">Para la oficina de ética.</div>'
            '<div dir="ltr"><br></div><div dir="ltr">Enviado desde mi iPhone</div>'
            '<div dir="ltr"><br>Inicio del mensaje reenviado:<br><br></div>'
            f'<blockquote type="cite"><div dir="ltr"><b>De:</b> {_html(addr(p))}<br>'
            f'<b>Fecha:</b> {sent.day} de {ES_MONTHS[sent.month - 1]} de {sent.year}, '
            f'{sent.hour}:{sent:%M:%S} GMT-8<br><b>Para:</b> mayor@city.test<br>'
            '<b>Asunto:</b> <b>Queja de ética</b><br><br></div></blockquote>'
            f'<blockquote type="cite">{paras}</blockquote></body></html>')
    raw = (f"Return-Path: <mayor@city.test>\nDelivered-To: ethics-intake@city.test\n"
           f"Received: from mx.city.test by mx.city.test (Postfix) with ESMTPS id 4QIOSES;"
           f" {rfc(mine + timedelta(seconds=3))}\n"
           "From: Teresa Lindqvist <mayor@city.test>\nContent-Type: text/html;\n"
           "\tcharset=utf-8\nContent-Transfer-Encoding: quoted-printable\n"
           f"Mime-Version: 1.0 (1.0)\nSubject: Fwd: Queja de =?utf-8?q?=C3=A9tica?=\n"
           f"Date: {rfc(mine)}\nMessage-Id: <6B1E9F02-5A7C-4D38-9E21-0040C6E2F7B8@city.test>\n"
           "To: ethics-intake@city.test\nX-Mailer: iPhone Mail (22B83)\n\n")
    qp = quopri.encodestring(html.encode("utf-8")).decode("ascii")
    write("spanish", "ios-es-html-only", (raw + qp).encode("utf-8"),
          {**expected(p, sent, "mayor@city.test", ("2.94.060",), [], ["Tom Hale"]),
           "language": "es"})

    R, C = RESIDENTS, COMPLAINTS
    minus = "\u2212"  # CLDR writes the offset's minus sign as U+2212 in French

    def gmail_fr_short(p: Person, dt: datetime, s: str) -> str:
        months = ("janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.",
                  "oct.", "nov.", "déc.")
        return (f"---------- Forwarded message ---------\nDe : {addr(p)}\n"
                f"Date: {FR_DAYS[dt.weekday()][:3]}. {dt.day} {months[dt.month - 1]} "
                f"{dt.year} à {dt:%H:%M}\nSubject: {s}\nTo: <mayor@city.test>\n\n\n")

    def apple_fr_utc(p: Person, dt: datetime, s: str) -> str:
        hours = int((dt.utcoffset() or timedelta(0)).total_seconds() // 3600)
        return (f"Début du message réexpédié :\n\nDe: {addr(p)}\nObjet: {s}\n"
                f"Date: {dt.day} {FR_MONTHS[dt.month - 1]} {dt.year} à {dt:%H:%M:%S} "
                f"UTC{minus}{abs(hours)}\nÀ: mayor@city.test\n\n")

    def apple_fr_spaced(p: Person, dt: datetime, s: str) -> str:
        return apple_fr_utc(p, dt, s).replace("De: ", "De : ").replace(
            "Objet: ", "Objet : ").replace("Date: ", "Date : ").replace("À: ", "À : ")

    def owa_fr_behalf(p: Person, dt: datetime, s: str) -> str:
        return (f"________________________________\nDe : {addr(p)} de la part de Association "
                f"Quarry Road <voisins@example.org>\nEnvoyé : {fr_long(dt)}\n"
                f"À : Mayor <mayor@city.test>\nObjet : {s}\n\n")

    french: list[tuple[str, str, Block, Person, tuple, datetime, str]] = [
        ("gmail-fr-short-month", "Fwd", gmail_fr_short, R[3], C[5], la(2026, 12, 2, 7, 42),
         "mayor"),
        ("gmail-fr-fevrier", "Fwd", gmail_fr_short, R[1], C[3], la(2026, 2, 24, 18, 3),
         "clerk"),
        ("apple-fr-utc", "Fwd", apple_fr_utc, R[3], C[1], la(2026, 4, 9, 21, 5, 44), "mayor"),
        ("apple-fr-spaced-winter", "Fwd", apple_fr_spaced, R[0], C[4],
         la(2026, 1, 15, 6, 58, 3), "admin"),
        ("outlook-fr-desktop", "TR", BLOCKS["outlook-fr"][1], R[2], C[0],
         la(2026, 5, 22, 14, 30), "mayor"),
        ("owa-fr", "TR", BLOCKS["owa-fr"][1], R[5], C[2], la(2026, 3, 12, 8, 0), "admin"),
        ("owa-fr-de-la-part-de", "TR", owa_fr_behalf, R[3], C[0], la(2026, 6, 2, 16, 40),
         "mayor"),
        ("thunderbird-fr", "Fwd", BLOCKS["thunderbird-fr"][1], R[6], C[5],
         la(2026, 6, 3, 11, 11), "clerk"),
    ]
    for slug, prefix, block, p, c, sent, who in french:
        subj = f"Ethics complaint - {c[0]}"
        body = city_note(who) + "\n" + block(p, sent, subj) + letter(p, c)
        fname, faddr, _ = FORWARDERS[who]
        raw = eml((fname, faddr), sent + timedelta(days=1, hours=2), f"{prefix}: {subj}", body,
                  mid=f"fr-{slug}@mail.example")
        write("french", slug, raw,
              {**expected(p, sent, faddr, c[2], [], [c[0]]), "language": "en"})

    # complaints written in French (a resident writing to the city in French): the same
    # client shapes, the officials by their French titles, facts dated "le 3 octobre",
    # reasons with "parce que", "puisque", "en vertu de", one a bare citation
    p = R[3]
    signe = f"Cordialement,\n\n{p.name}\n" + "\n".join(p.address) + f"\n{p.phone}\n"
    agreer = ("Veuillez agréer, Madame la Maire, l'expression de mes salutations "
              f"distinguées.\n\n{p.name}\n" + "\n".join(p.address) + f"\n{p.phone}\n")
    written: list[tuple[str, str, Block, str, datetime, str, list[str], list[str], list[str], str]] = [
        ("apple-fr-plainte-conseiller", "Fwd", apple_fr_spaced, "mayor",
         la(2026, 10, 5, 18, 22, 10), "Plainte éthique", ["2.94.030"], ["Tom Hale"], [],
         "Madame la Maire,\n\nJe souhaite déposer une plainte éthique contre le conseiller "
         "municipal Hale.\n\nLe 3 octobre, le conseiller Hale a voté pour louer l'ancien dépôt "
         "municipal à l'entreprise de son fils pour un dollar par an, sans déclarer son "
         "intérêt.\n\nCela viole la section 2.94.030 parce qu'il a voté sur une affaire dans "
         "laquelle sa famille a un intérêt financier.\n\n" + signe),
        ("gmail-fr-plainte-maire", "Fwd", gmail_fr_short, "admin", la(2026, 11, 2, 17, 45),
         "Plainte contre la maire", ["2.94.060"], ["Teresa Lindqvist"], [],
         "Monsieur l'Administrateur,\n\nJe dépose une plainte éthique contre la maire "
         "Lindqvist.\n\nLe 2 novembre 2026, la maire Lindqvist a signé le contrat de "
         "52 000 $ pour la rénovation du hall de l'hôtel de ville avec Lindqvist Builders, "
         "l'entreprise de son frère, sans appel d'offres.\n\nElle a enfreint l'article "
         "2.94.060 puisqu'elle a utilisé sa fonction pour attribuer un contrat de la ville "
         "à l'entreprise d'un parent.\n\n" + agreer),
        ("outlook-fr-directeur-parcs", "TR", BLOCKS["outlook-fr"][1], "clerk",
         la(2026, 5, 21, 19, 40), "Plainte : contrat de Hollis Field", ["2.94.030"],
         ["Gary Pruitt"], [],
         "Bonjour,\n\nMardi dernier, le directeur des parcs Pruitt a présidé le comité qui a "
         "attribué le contrat d'entretien de Hollis Field (38 400 dollars) à Green Edge "
         "Landscaping, l'entreprise du mari de sa sœur, sans jamais déclarer ce lien.\n\n"
         "Il n'aurait pas dû participer à cette décision, interdite par la section 2.94.030 "
         "à un fonctionnaire dont un proche a un intérêt financier.\n\n" + signe),
        ("thunderbird-fr-cheffe-adjointe", "Fwd", BLOCKS["thunderbird-fr"][1], "mayor",
         la(2026, 4, 20, 8, 30), "Plainte éthique : service d'incendie", ["2.94.040(B)"],
         ["Lorna Bates"], [],
         "Madame la Maire,\n\nLe 3 avril 2026, la cheffe adjointe des pompiers Bates a "
         "accepté deux nuits au Summit Lodge, payées par Ridgeline Fire Apparatus, trois "
         "semaines avant que le service recommande au conseil l'offre de 410 000 $ de "
         "Ridgeline.\n\nAccepter un cadeau de plus de 50 $ d'une entreprise qui cherche des "
         "contrats avec la ville est interdit par la section 2.94.040(B).\n\n" + signe),
        ("owa-fr-commissaire-urbanisme", "TR", BLOCKS["owa-fr"][1], "mayor",
         la(2026, 3, 13, 9, 0), "Plainte : Commission d'urbanisme",
         ["2.94.050(A)(2)"], ["Helen Ostrowski"], [],
         "Madame la Maire,\n\nJe souhaite porter plainte contre la commissaire à l'urbanisme "
         "Ostrowski.\n\nÀ la réunion de la Commission d'urbanisme du 11 mars 2026, elle a "
         "voté pour le rezonage de Quarry Road. Le cabinet de son mari, Ostrowski Survey "
         "Group, avait reçu 12 000 dollars du demandeur en janvier.\n\nElle aurait dû se "
         "récuser en vertu de la section 2.94.050(A)(2).\n\n" + signe),
        # which section, not why, and no facts: both listed missing, as in English
        ("owa-fr-seule-citation", "TR", owa_fr_behalf, "mayor", la(2026, 12, 3, 9, 14),
         "Plainte éthique", ["2.94.060"], ["Maria Ortiz"], ["facts", "reasons", "address"],
         "Bonjour,\n\nJe souhaite déposer une plainte éthique contre la conseillère Ortiz "
         "pour violation de l'article 2.94.060. Merci de me rappeler.\n\n"
         + f"{p.name}\n{p.phone}\n"),
        # the facts, no section and no reason: a complaint all the same (its words)
        ("gmail-fr-faits-sans-raisons", "Fwd", gmail_fr_short, "clerk",
         la(2026, 1, 20, 10, 10), "Documents de l'appel d'offres", [], ["Maria Ortiz"],
         ["code_sections", "reasons"],
         "Bonjour,\n\nJe vous écris au sujet de la conseillère Ortiz. Le 14 janvier 2026, la "
         "conseillère Ortiz a envoyé les documents de l'appel d'offres de voirie à "
         "l'entreprise de son beau-frère deux jours avant leur publication. Je dépose cette "
         "plainte pour que le comité d'éthique examine l'affaire.\n\n" + signe),
    ]
    for slug, prefix, block, who, sent, subj, sections, respondents, missing, text in written:
        head = block(p, sent, subj)
        if "Teresa Lindqvist" in respondents:  # a complaint against the mayor goes to the
            head = head.replace("mayor@city.test", "cityadmin@city.test")  # administrator
        body = city_note(who) + "\n" + head + text
        fname, faddr, _ = FORWARDERS[who]
        raw = eml((fname, faddr), sent + timedelta(hours=20), f"{prefix}: {subj}", body,
                  mid=f"fr-{slug}@mail.example")
        want = expected(p, sent, faddr, tuple(sections), missing, respondents,
                        address=None if "address" in missing else "")
        write("french", slug, raw, {**want, "language": "fr"})


if __name__ == "__main__":
    forwards()
    machines()
    machines_issue40()
    languages()
