"""§11 on Slack: the clerk takes down the hearing the examiner set for Bates's matter,
in the step's words by field (`examiner-hearing CASE starts_at: ...; place: ...`), and
its notice is owed to Bates, the complainant, the examiner and the mayor's office, not to
Pruitt, whose matter the board hears. The same words for Pruitt are refused, saying why.

The example city; the clock starts Mon Nov 30 2026 09:00 PST, when the complaint is
received."""

from __future__ import annotations

from sqlalchemy import select

from cases import commands as c
from ethicsbot.bootstrap import App
from storage.models import OutboxRow
from tests.fixtures.cases import step
from tests.integration.bot.conftest import CLERK, SlackDriver
from tests.integration.bot.test_lifecycle import done, refused
from tests.integration.web.test_form_access import two_heard

PRUITT, BATES, EXAMINER = "gpruitt@city.test", "lbates@city.test", "myu@examiners.example"
COMPLAINANT = "dw@example.net"
WORDS = ("examiner-hearing {n} starts_at: 2026-12-20T14:00; place: Hearing Room B, 210 Main "
         "St; respondent: {who}; via: email; evidence: the examiner's email of Dec 3, filed")


def referred_apart(app: App) -> str:
    """Both found sufficient and reported on; Pruitt asks for the board, Bates's matter
    goes to the examiner Morgan Yu."""
    n = two_heard(app, {PRUITT: True, BATES: True})
    step(app, n, c.RequestBoardHearing(PRUITT, via="email", evidence="his letter, filed"))
    step(app, n, c.Refer(None, respondent=PRUITT), "hpark@city.test")
    step(app, n, c.Refer(EXAMINER, respondent=BATES), "hpark@city.test")
    return n


async def test_the_clerk_takes_down_the_examiners_hearing_of_one_officials_matter(
        slack: SlackDriver, app: App) -> None:
    n = referred_apart(app)
    await refused(slack, CLERK, WORDS.format(n=n, who=PRUITT), "the ethics board hears it")
    said = await done(slack, CLERK, WORDS.format(n=n, who=BATES))
    assert "recorded" in said
    with app.session_factory() as s:
        told = set(s.scalars(select(OutboxRow.recipient_email).where(
            OutboxRow.notice_type == "examiner_hearing")))
    assert told == {EXAMINER, BATES, "clerk@city.test", COMPLAINANT}, told
