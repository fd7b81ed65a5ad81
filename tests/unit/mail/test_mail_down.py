"""The rule that tells the clerk outgoing mail is down (mail.mail_down): failing for less
than the threshold, nothing; at the threshold, told once however many rounds follow;
back, cleared once; a blip that ends before the threshold told no one. Pure: the
episode is a value, the clock a datetime."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from mail.mail_down import Seen, Step, cause_of, next_step, seen
from storage.mail_down import MailOutage
from storage.outbox import Outcome, SendResult

T0 = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)
AFTER = timedelta(minutes=15)
REFUSED = SendResult(Outcome.TEMPORARY, "cannot connect: ConnectionRefusedError: [Errno 111] "
                                        "Connect call failed ('10.0.0.5', 587)")
LOGIN = SendResult(Outcome.TEMPORARY, "session refused: SMTPAuthenticationError: (535, "
                                      "'5.7.8 bad credentials')")
SENT = SendResult(Outcome.SENT, "250 2.0.0 Ok: queued")
MAILBOX_FULL = SendResult(Outcome.TEMPORARY, "452 4.2.2 mailbox full")


def run(rounds: list[tuple[float, list[SendResult]]]) -> list[Step]:
    """The steps of rounds at (minutes after T0, results), the episode kept as the alarm
    keeps it."""
    outage: MailOutage | None = None
    steps = []
    for minutes, results in rounds:
        now = T0 + timedelta(minutes=minutes)
        step = next_step(outage, seen(results)[0], now=now, after=AFTER)
        if step is Step.BEGIN:
            outage = MailOutage(1, now, "x", None, None)
        elif step is Step.TELL:
            assert outage is not None
            outage = replace(outage, told_at=now)
        elif step in (Step.CLEAR, Step.FORGET):
            outage = None
        steps.append(step)
    return steps


def test_failing_under_the_threshold_tells_nobody_and_a_blip_is_forgotten() -> None:
    assert run([(0, [REFUSED]), (5, [REFUSED]), (14.9, []), (14.99, [LOGIN]),
                (14.999, [SENT])]) == [
        Step.BEGIN, Step.NONE, Step.NONE, Step.NONE, Step.FORGET]


def test_at_the_threshold_the_clerk_is_told_once_and_cleared_once() -> None:
    steps = run([(0, [REFUSED]), (15, []),  # no attempt at 15 min: time alone tells
                 *[(15 + m, [REFUSED]) for m in range(1, 40)],
                 (60, [SENT]), (61, [SENT]), (62, [REFUSED])])
    assert steps.count(Step.TELL) == 1 and steps[1] is Step.TELL
    assert steps.count(Step.CLEAR) == 1 and steps[-3] is Step.CLEAR
    assert steps[-2:] == [Step.NONE, Step.BEGIN]  # a new episode starts from zero


def test_answers_about_one_notice_neither_start_nor_end_an_outage() -> None:
    assert seen([MAILBOX_FULL])[0] is Seen.NOTHING
    assert seen([REFUSED, MAILBOX_FULL])[0] is Seen.NOTHING
    assert seen([REFUSED, SENT])[0] is Seen.WORKS
    assert run([(0, [MAILBOX_FULL]), (20, [MAILBOX_FULL])]) == [Step.NONE, Step.NONE]
    assert run([(0, [LOGIN]), (10, [MAILBOX_FULL]), (16, [])]) == [
        Step.BEGIN, Step.NONE, Step.TELL]


def test_the_cause_names_the_kind_of_failure_never_the_host() -> None:
    assert seen([REFUSED]) == (Seen.FAILING, "cannot connect: ConnectionRefusedError")
    assert cause_of(LOGIN.reply) == "session refused: SMTPAuthenticationError"
    assert seen([SendResult(Outcome.TEMPORARY, "421 4.3.2 service not available")]) == (
        Seen.FAILING, "421 4.3.2 service not available")
    assert "10.0.0.5" not in cause_of(REFUSED.reply)
