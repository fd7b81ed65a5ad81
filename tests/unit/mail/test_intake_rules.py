"""Intake's rule table (`mail.intake_rules`): each rule alone, hit and miss, and the table's
order deciding when two rules hit."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from cases.directory import Directory
from cases.filing import Complainant, Filing
from mail import intake_rules as r
from mail.intake_rules import RULES, Action, first_hit
from mail.parsing import IntakeResult, parse_message
from mail.parsing.calendar_replies import CalendarReply

TZ = ZoneInfo("America/Los_Angeles")
WHEN = datetime(2026, 12, 1, 9, 0, tzinfo=TZ)
DOCS = Path(__file__).resolve().parents[3] / "docs" / "install.md"


def refused(reason: str, *, tag: str | None = None, **kw: Any) -> IntakeResult:
    return replace(IntakeResult(False, reason, WHEN, None, None, "<m@x>", tag, "why"), **kw)


ACCEPTED = IntakeResult(True, None, WHEN, "clerk@city.test",
                        Filing(received_at=WHEN, complainant=Complainant(name="A. Resident")),
                        "<m@x>", None, "Complaint by A. Resident")
ANSWER = CalendarReply("uid@ethicsbot.city.test", "hpark@city.test", "ACCEPTED", 0,
                       "hpark@city.test")


@dataclass
class Facts:
    """`intake_rules.Facts` with the query answers given."""

    result: IntakeResult
    before: bool = False
    over_cap: bool = False
    our_notice: bool = False

    def taken_in_before(self) -> bool:
        return self.before

    def over_daily_cap(self) -> bool:
        return self.over_cap

    def reports_on_our_notice(self) -> bool:
        return self.our_notice


# rule, facts it hits, facts it misses
CASES = [
    (r.duplicate, Facts(ACCEPTED, before=True), Facts(ACCEPTED)),
    (r.calendar_answer, Facts(refused("not_a_complaint", calendar_reply=ANSWER)),
     Facts(refused("not_a_complaint"))),
    (r.mail_loop, Facts(ACCEPTED, over_cap=True), Facts(ACCEPTED)),
    (r.complaint, Facts(ACCEPTED), Facts(replace(ACCEPTED, filing=None))),
    (r.report_on_our_notice, Facts(refused("bounce", reports_on="n@ethicsbot.city.test"),
                                   our_notice=True),
     Facts(refused("bounce", reports_on="n@elsewhere.test"))),
    (r.over_limit, Facts(refused("over_limit", limit="ETHICSBOT_MAIL_MAX_PARTS=200")),
     Facts(refused("not_a_complaint"))),
    (r.machine_generated, Facts(refused("auto_reply", kind="out_of_office")),
     Facts(refused("sender_not_allowed"))),
    (r.sender_not_allowed, Facts(refused("sender_not_allowed")), Facts(refused("bounce"))),
    (r.reply_to_our_mail, Facts(refused("not_a_complaint", tag="ETH-2026-0001")),
     Facts(refused("not_a_complaint"))),
]


@pytest.mark.parametrize(("rule", "hit", "miss"), CASES, ids=lambda c: getattr(c, "__name__", ""))
def test_each_rule_alone(rule: object, hit: Facts, miss: Facts) -> None:
    assert callable(rule)
    assert rule(hit) is True
    assert rule(miss) is False


def test_a_mail_loop_is_only_a_forwarders_complaint() -> None:
    assert not r.mail_loop(Facts(replace(ACCEPTED, forwarded_by=None), over_cap=True))
    assert not r.mail_loop(Facts(refused("not_a_complaint"), over_cap=True))


def test_the_last_rule_takes_whatever_is_left() -> None:
    assert r.anything_else(Facts(ACCEPTED)) and r.anything_else(Facts(refused("bounce")))
    assert RULES[-1].check is r.anything_else and RULES[-1].action is Action.QUARANTINE


def test_every_rule_is_in_the_table_once_and_every_action_is_reached() -> None:
    rules = [rule for rule, _, _ in CASES] + [r.anything_else]
    assert sorted(x.name for x in RULES) == sorted(f.__name__ for f in rules)
    assert {x.action for x in RULES} == set(Action)


def test_an_auto_reply_to_our_notice_is_held_not_filed(directory: Directory) -> None:
    """Two rules hit (machine mail, and a reply naming our case): the table's order says
    it is held for the clerk, not filed as the official's answer to the notice."""
    raw = (b"From: Gary Pruitt <gpruitt@city.test>\r\nTo: intake@city.test\r\n"
           b"Subject: Automatic reply: Notice of complaint ETH-2026-0007\r\n"
           b"Auto-Submitted: auto-replied\r\nDate: Tue, 1 Dec 2026 09:00:00 -0800\r\n"
           b"Message-ID: <away@city.test>\r\n\r\nI am out of the office until Monday.\r\n")
    facts = Facts(parse_message(raw, directory=directory, timezone=TZ))
    assert facts.result.reject_reason == "auto_reply" and facts.result.case_tag == "ETH-2026-0007"
    assert r.machine_generated(facts) and r.reply_to_our_mail(facts)
    assert first_hit(facts).name == "machine_generated"
    assert first_hit(facts).action is Action.QUARANTINE
    flipped = tuple(x for x in RULES if x.name != "machine_generated")
    assert first_hit(facts, flipped).action is Action.FILE_CORRESPONDENCE


def test_a_duplicate_outranks_everything() -> None:
    for result in (ACCEPTED, refused("bounce", reports_on="n@x"), refused("over_limit")):
        assert first_hit(Facts(result, before=True, our_notice=True)).action \
            is Action.DROP_DUPLICATE


def test_a_flood_is_held_before_it_is_opened() -> None:
    assert first_hit(Facts(ACCEPTED, over_cap=True)).action is Action.HOLD_AS_LOOP
    assert first_hit(Facts(ACCEPTED)).action is Action.OPEN_CASE


def test_a_bounce_of_our_notice_is_filed_and_any_other_bounce_held() -> None:
    bounce = refused("bounce", tag="ETH-2026-0001", reports_on="n@ethicsbot.city.test")
    assert first_hit(Facts(bounce, our_notice=True)).action is Action.FILE_REPORT
    assert first_hit(Facts(bounce)).name == "machine_generated"


def test_the_docs_table_is_the_rule_table() -> None:
    """docs/install.md lists the rules in RULES's order, each with its action."""
    text = DOCS.read_text(encoding="utf-8")
    rows = re.findall(r"^\| \d+ \| `(\w+)` \| ([^|]+?) \|", text, re.M)
    assert rows == [(x.name, x.action.value) for x in RULES]
