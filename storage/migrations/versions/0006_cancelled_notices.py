"""cancelled notices: outbox.cancelled_at and outbox.cancel_reason

A notice still unsent when its case is voided is cancelled, not deleted: the row stays,
with when and why, and the dispatcher no longer sends it (status `cancelled`).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('outbox', schema=None) as batch_op:
        batch_op.add_column(sa.Column('cancelled_at', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('cancel_reason', sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('outbox', schema=None) as batch_op:
        batch_op.drop_column('cancel_reason')
        batch_op.drop_column('cancelled_at')
