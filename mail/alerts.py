"""Alerts to the clerk about the outbox: a notice that bounced, and statutory notices at
risk, i.e. undeliverable for a while (`ETHICSBOT_UNDELIVERED_ALERT_MINUTES`, default 15)
or still unsent as their deadline nears.

An alert goes out on every channel the clerk has: a Slack DM when Slack is configured
and the clerk has a Slack id, and email. When the mail server is what is failing, the
email alert waits with the notices, so the DM is what reaches the clerk in time. Each is
owed once per case, deadline, reason, clerk and channel (the outbox's unique key), and
goes through the outbox like every notice, so it is retried and proved too. A notice
that is both long undeliverable and near its deadline when first seen owes only the
"deadline near" alert; one that was alerted as undeliverable is alerted again when its
deadline nears. Notices owed in the last few minutes and not yet tried (`JUST_OWED`) are
going out as the alert would: none is owed for them, so a case opened near its 24 hours
does not alarm the clerk about notices that leave a second later.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from cases.directory import Directory
from cases.notices import NoticeType, clerks
from cases.ports import Clock
from mail.context import DEADLINE_ORDER
from storage.outbox import at_risk
from storage.uow import SqlUnitOfWork, UowFactory

log = logging.getLogger(__name__)

ALERT_BEFORE = timedelta(hours=6)
# A notice owed this recently is being sent as the alert would be: a complaint taken in
# 20 hours after the city received it owes its §2 notices with the deadline near, and
# the clerk is told only if they are still unsent after this.
JUST_OWED = timedelta(minutes=5)
UNDELIVERED_AFTER = timedelta(minutes=15)  # the default of the setting
UNDELIVERED, DEADLINE_NEAR = "undelivered", "deadline-near"  # an alert's slot: its reason


def owe_deadline_alerts(*, uow_factory: UowFactory, clock: Clock, directory: Directory,
                        undelivered_after: timedelta = UNDELIVERED_AFTER,
                        slack: bool = False) -> int:
    """Owe the clerk the alerts about statutory notices at risk; how many cases and
    deadlines newly alerted. `slack`: the clerks with a Slack id get a DM as well."""
    now, added = clock(), 0
    with uow_factory() as uow:
        for risk in at_risk(uow.session):
            case_id, key = risk.case_id, risk.deadline_key
            if risk.due is not None and risk.due <= now + ALERT_BEFORE:
                if not risk.failed and risk.oldest > now - JUST_OWED:
                    continue  # owed a moment ago: going out now
                reason, why = DEADLINE_NEAR, "deadline near"
            elif risk.failed and risk.oldest <= now - undelivered_after:
                reason, why = UNDELIVERED, f"undelivered for over {_minutes(undelivered_after)}"
            else:
                continue
            generation = [k.value for k in DEADLINE_ORDER].index(key)
            if alert_clerks(uow, directory, case_id, NoticeType.DEADLINE_ALERT, generation,
                            slack=slack, slot=reason):
                added += 1
                log.error("%s: %d notice(s) for %s still unsent (%s); clerk alerted",
                          uow.cases.number_of(case_id), risk.pending, key, why)
        uow.commit()
    return added


def alert_clerks(uow: SqlUnitOfWork, directory: Directory, case_id: int, type_: NoticeType,
                 generation: int, *, slack: bool = False, slot: str = "") -> bool:
    """Owe `type_` to every clerk on every channel they have; True if any is new."""
    number = uow.cases.number_of(case_id)
    new = False
    for clerk in clerks(directory):
        channels = ["slack"] if slack and clerk.slack else []
        for channel in [*channels, "email"]:  # the DM first: mail may be what is down
            new |= uow.outbox.add_alert(case_id=case_id, number=number, notice_type=type_,
                                        recipient=clerk, generation=generation, slot=slot,
                                        channel=channel)
    return new


def _minutes(span: timedelta) -> str:
    minutes = span.total_seconds() / 60
    return f"{minutes:g} minute{'s' if minutes != 1 else ''}"
