"""deadlines: one line per official where each official has their own

§12's seven days run as to each official a violation was found against, from the day the
council received the determination as to them, and each is met, missed or extended on its
own (issue 38). A case kept one row per deadline key, so the two officials' clocks were
folded into one line (the soonest), and an extension asked by one was judged against the
other's date. The row is now keyed by case, key and official ("" for the case's own
deadlines: §2, §7, §10, §4, the PRA's).

Deadline rows are derived (rewritten with the case at every save), so the existing rows
only take the empty official.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-07
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0015'
down_revision = '0014'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('deadlines', schema=None) as batch_op:
        batch_op.add_column(sa.Column('official', sa.String(length=320), nullable=False,
                                      server_default=''))
        batch_op.drop_constraint('pk_deadlines', type_='primary')
        batch_op.create_primary_key('pk_deadlines', ['case_id', 'key', 'official'])


def downgrade() -> None:
    op.execute("DELETE FROM deadlines WHERE official <> ''")
    with op.batch_alter_table('deadlines', schema=None) as batch_op:
        batch_op.drop_constraint('pk_deadlines', type_='primary')
        batch_op.create_primary_key('pk_deadlines', ['case_id', 'key'])
        batch_op.drop_column('official')
