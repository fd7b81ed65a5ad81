"""computed under: cases.computed_under

Which calendar and readings (`cases.services.calendar_in_force`) each case's stored
deadlines were computed under. When the city's calendar or readings change, the worker
recomputes the cases whose deadlines were computed under others in the background, soonest
deadline first, while intake, notices and reminders go on; a case read or touched before
its turn is recomputed then. The cases stored before this revision were computed under the
calendar the worker remembered (`app_state`'s `calendar`).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-03
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('cases', schema=None) as batch_op:
        batch_op.add_column(sa.Column('computed_under', sa.String(length=64), nullable=True))
    op.execute("UPDATE cases SET computed_under = "
               "(SELECT value FROM app_state WHERE key = 'calendar')")


def downgrade() -> None:
    with op.batch_alter_table('cases', schema=None) as batch_op:
        batch_op.drop_column('computed_under')
