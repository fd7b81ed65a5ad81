"""A complaint written in French answered in French, as intake, a step and the dispatcher
send it (issue 40): an Outlook on the web forward of a resident's French complaint that
only cites a section is acknowledged to her in French, asking for the facts, the reasons
and her address; the board's meeting on it is then announced to her in French and to the
official and the board in English, from the same step."""

from __future__ import annotations

from pathlib import Path

from ethicsbot.bootstrap import App
from tests.integration.mail.test_acknowledgement_sent import DATA, acknowledgements, text
from tests.integration.mail.test_complainant_spanish_sent import meeting_announced

# sent "de la part de" a neighbours' association: the letter's writer is the complainant
FRENCH = DATA / "french" / "owa-fr-seule-citation.eml"
HER = "amelie.r@example.fr"
NBSP = "\u00a0"


async def test_a_french_complaint_is_acknowledged_in_french_asking_for_what_it_lacks(
        app: App, tmp_path: Path) -> None:
    (ack,) = await acknowledgements(app, FRENCH.read_bytes(), tmp_path / "sent")
    assert [a.addr_spec for a in ack["To"].addresses] == [HER]
    assert str(ack["Subject"]).endswith(
        "] Accusé de réception de votre plainte en matière d'éthique")
    body = text(ack).replace("\r\n", "\n")
    assert body.startswith(f"Destinataire{NBSP}: Amélie Rousseau\n\nMadame, Monsieur,")
    assert "Votre numéro de dossier est ETH-" in body
    asked = body.split(f"Les éléments suivants ne figurent pas dans la vôtre{NBSP}:")[1]
    assert "les faits" in asked and "les raisons" in asked and "une adresse" in asked
    assert "un numéro de téléphone" not in asked  # she gave hers
    assert "salutations distinguées" in body
    assert "@city.test" not in body and "voisins@example.org" not in body  # no one else's


async def test_the_board_meeting_is_told_to_the_french_complainant_in_french(
        app: App, tmp_path: Path) -> None:
    sent = await meeting_announced(app, FRENCH.read_bytes(), tmp_path)
    told = {a.addr_spec: m for m in sent if ".hearing_scheduled." in str(m["Message-ID"])
            for a in m["To"].addresses}
    to_her = told.pop(HER)
    assert str(to_her["Subject"]).endswith(
        "] Date fixée pour l'audience sur la suffisance de la plainte")
    said = text(to_her)
    assert said.startswith(f"Destinataire{NBSP}: Amélie Rousseau")
    assert "La Commission d'éthique tiendra l'audience sur la suffisance de la plainte" in said
    assert f"Date et heure{NBSP}: " in said and " à 18 h P" in said
    assert f"Délais (heure de la Ville){NBSP}:" in said
    assert told  # the official and the board, each in English
    for m in told.values():
        assert str(m["Subject"]).endswith("] Sufficiency hearing scheduled")
        assert "The Ethics Board has scheduled the hearing" in text(m)
    invites = [m for m in sent if ".invite_meeting." in str(m["Message-ID"])
               and m["To"].addresses[0].addr_spec == HER]
    assert [str(m["Subject"]).split("] ")[1] for m in invites] == [
        "Invitation : Séance extraordinaire de la Commission d'éthique"]
