"""outbox rank: outbox.rank

The order the dispatcher sends what is due in (`cases.notices.dispatch_rank`): calendar
invites after every other notice. A change of the city's calendar revises thousands of
invites at once; sent first-come, they held a new case's §2 notices back behind them for
as long as the dispatcher took to send them all (issue 26: 200,000 invites at 100,000
cases, about an hour). The rows stored before this revision are ranked by their type.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-04
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None

INVITES = ('invite_sufficiency_window', 'invite_meeting', 'invite_council_decision')


def upgrade() -> None:
    with op.batch_alter_table('outbox', schema=None) as batch_op:
        batch_op.add_column(sa.Column('rank', sa.Integer(), server_default='0',
                                      nullable=False))
        batch_op.create_index('ix_outbox_status_rank_next', ['status', 'rank',
                                                             'next_attempt_at'], unique=False)
    outbox = sa.table('outbox', sa.column('rank', sa.Integer()),
                      sa.column('notice_type', sa.String()))
    op.execute(outbox.update().where(outbox.c.notice_type.in_(INVITES)).values(rank=1))


def downgrade() -> None:
    with op.batch_alter_table('outbox', schema=None) as batch_op:
        batch_op.drop_index('ix_outbox_status_rank_next')
        batch_op.drop_column('rank')
