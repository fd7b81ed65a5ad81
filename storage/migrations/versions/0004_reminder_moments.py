"""reminder moments: deadlines.remind_at, indexed

The reminder scheduler keeps one job, armed for MIN(remind_at), instead of one in-memory
job per open deadline (issue 16). Existing open deadlines are marked to be looked at at
the first start after the upgrade.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""
from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

from storage.db import UTCDateTime

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('deadlines', schema=None) as batch_op:
        batch_op.add_column(sa.Column('remind_at', sa.DateTime(timezone=True), nullable=True))
        batch_op.create_index(batch_op.f('ix_deadlines_remind_at'), ['remind_at'], unique=False)
    deadlines = sa.table('deadlines', sa.column('remind_at', UTCDateTime()),
                         sa.column('due'), sa.column('status'), sa.column('responsible'))
    op.execute(deadlines.update().where(
        deadlines.c.due.is_not(None), deadlines.c.status.in_(('open', 'missed')),
        deadlines.c.responsible != 'intake').values(remind_at=datetime.now(UTC)))


def downgrade() -> None:
    with op.batch_alter_table('deadlines', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_deadlines_remind_at'))
        batch_op.drop_column('remind_at')
