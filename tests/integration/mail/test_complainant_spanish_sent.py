"""A later notice to the complainant as a step and the dispatcher send it (issue 40, item
6): the board's meeting on a complaint written in Spanish is announced to its complainant
in Spanish and to the official and the board in English, from the same step."""

from __future__ import annotations

import email
from datetime import timedelta
from email import policy
from email.message import EmailMessage
from pathlib import Path

from cases import commands as c
from cases.services import take_step
from ethicsbot.bootstrap import App
from mail.dispatch import dispatch_once
from mail.transport import FileTransport
from tests.integration.mail.test_acknowledgement_sent import SPANISH, acknowledgements, text


async def meeting_announced(app: App, raw: bytes, tmp_path: Path) -> list[EmailMessage]:
    """The complaint `raw` taken in and acknowledged, then the board's meeting on it
    scheduled a week on at 6 PM and sent: every message the dispatcher wrote."""
    (ack,) = await acknowledgements(app, raw, tmp_path / "opened")
    number = str(ack["Subject"]).split("]")[0].lstrip("[")
    day = app.calendar.local(app.clock()).date() + timedelta(days=7)
    starts = app.calendar.local(app.clock()).replace(
        year=day.year, month=day.month, day=day.day, hour=18, minute=0, second=0,
        microsecond=0)
    with app.uow() as uow:
        take_step(uow, number, c.ScheduleBoardMeeting(starts, "Council Chambers"),
                  directory=app.directory, calendar=app.calendar, clock=app.clock,
                  actor="clerk@city.test")
        uow.commit()
    folder = tmp_path / "scheduled"
    await dispatch_once(app.dispatch_deps(), FileTransport(folder))
    return [email.message_from_bytes(f.read_bytes(), _class=EmailMessage,
                                     policy=policy.default) for f in folder.glob("*.eml")]


async def test_the_board_meeting_is_told_to_the_spanish_complainant_in_spanish(
        app: App, tmp_path: Path) -> None:
    sent = await meeting_announced(app, SPANISH.read_bytes(), tmp_path)
    told = {a.addr_spec: m for m in sent if ".hearing_scheduled." in str(m["Message-ID"])
            for a in m["To"].addresses}
    to_her = told.pop("lucia.fernandez@example.es")
    assert str(to_her["Subject"]).endswith("] Audiencia sobre la suficiencia programada")
    said = text(to_her)
    assert said.startswith("Lucía Fernández:")
    assert "La Junta de Ética ha programado la audiencia sobre la suficiencia" in said
    assert "Cuándo: " in said and ", 18:00 P" in said and "Plazos (hora de la ciudad):" in said
    assert told  # the official and the board, each in English
    for m in told.values():
        assert str(m["Subject"]).endswith("] Sufficiency hearing scheduled")
        assert "The Ethics Board has scheduled the hearing" in text(m)
    invites = [m for m in sent if ".invite_meeting." in str(m["Message-ID"])
               and m["To"].addresses[0].addr_spec == "lucia.fernandez@example.es"]
    assert [str(m["Subject"]).split("] ")[1] for m in invites] == [
        "Invitación: Reunión especial de la Junta de Ética"]
