"""deadlines: the reading a date used, and the other reading's date (issue 10)

Where the city's reading of the ordinance changes a due date (the §7 continuance cap),
the deadline keeps the reading it used and the date under the other reading, so the
case view can show both and reminders can follow the earlier one.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('deadlines', schema=None) as batch_op:
        batch_op.add_column(sa.Column('reading', sa.Text(), nullable=True))
        batch_op.add_column(sa.Column('other_reading', sa.Text(), nullable=True))
        batch_op.add_column(sa.Column('other_due', sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('deadlines', schema=None) as batch_op:
        batch_op.drop_column('other_due')
        batch_op.drop_column('other_reading')
        batch_op.drop_column('reading')
