"""Alerts to the clerk about the outbox: a notice that bounced, and statutory notices
still unsent as their deadline nears. Each is owed once (per failed notice; per case and
deadline), through the same outbox as every notice, so it is retried and proved too."""

from __future__ import annotations

import logging
from datetime import timedelta

from sqlalchemy import func, select

from cases.directory import Directory
from cases.notices import NoticeType, OwedNotice, clerks
from cases.ports import Clock
from mail.context import DEADLINE_ORDER
from storage.models import CaseRow, DeadlineRow, OutboxRow
from storage.uow import SqlUnitOfWork, UowFactory

log = logging.getLogger(__name__)

ALERT_BEFORE = timedelta(hours=6)


def owe_deadline_alerts(*, uow_factory: UowFactory, clock: Clock,
                        directory: Directory) -> int:
    """Owe the clerk one alert per case and deadline whose notices are unsent near it."""
    now, added = clock(), 0
    with uow_factory() as uow:
        at_risk = uow.session.execute(
            select(OutboxRow.case_id, OutboxRow.deadline_key, func.count())
            .join(DeadlineRow, (DeadlineRow.case_id == OutboxRow.case_id)
                  & (DeadlineRow.key == OutboxRow.deadline_key))
            .where(OutboxRow.status == "pending", OutboxRow.deadline_key.is_not(None),
                   OutboxRow.notice_type != NoticeType.REMINDER.value,  # only statutory ones
                   DeadlineRow.due.is_not(None), DeadlineRow.due <= now + ALERT_BEFORE,
                   DeadlineRow.status.in_(("open", "missed")))
            .group_by(OutboxRow.case_id, OutboxRow.deadline_key)).all()
        for case_id, key, count in at_risk:
            assert case_id is not None and key is not None  # the join and filter ensure it
            generation = [k.value for k in DEADLINE_ORDER].index(key)
            if alert_clerks(uow, directory, case_id, NoticeType.DEADLINE_ALERT, generation):
                added += 1
                log.error("%s: %d notice(s) for %s still unsent, deadline near; clerk alerted",
                          case_number(uow, case_id), count, key)
        uow.commit()
    return added


def alert_clerks(uow: SqlUnitOfWork, directory: Directory, case_id: int, type_: NoticeType,
                 generation: int) -> bool:
    """Owe `type_` to the clerks once (the outbox ignores a repeat); True if new."""
    exists = uow.session.scalars(select(OutboxRow.id).where(
        OutboxRow.case_id == case_id, OutboxRow.notice_type == type_.value,
        OutboxRow.generation == generation).limit(1)).first()
    if exists is not None:
        return False
    number = case_number(uow, case_id)
    for clerk in clerks(directory):
        uow.outbox.add(OwedNotice(number, type_, clerk, None, generation))
    return True


def case_number(uow: SqlUnitOfWork, case_id: int) -> str:
    return uow.session.scalars(select(CaseRow.number).where(CaseRow.id == case_id)).one()
