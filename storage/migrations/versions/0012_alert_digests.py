"""alert digests: alerted, and the at-risk sweep's indexes

The clerk's alerts about statutory notices at risk become one digest per clerk and
channel per sweep (issue 39): `alerted` keeps, once per case, deadline and reason, that
the clerk was told, so a sweep that finds nothing new writes nothing. The sweep reads the
deadlines still running by due time and the pending statutory notices by the deadline
they serve (partial indexes), not the whole outbox. The per-case alerts owed before this
revision are their cases' record here (digest 0), so none is told again.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-07
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from storage.db import UTCDateTime

revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None

PENDING_STATUTORY = "status = 'pending' AND deadline_key IS NOT NULL"
FAILING_STATUTORY = PENDING_STATUTORY + " AND last_error IS NOT NULL"
# a per-case alert's generation was its deadline's place in this order (`DeadlineKey`)
ORDER = ('notice_24h', 'registered_mail', 'hearing_begin', 'hearing_conclude',
         'report_delivery', 'council_decision', 'limitations', 'disclosure_response',
         'disclosure_estimate')

_outbox = sa.table('outbox', sa.column('case_id', sa.Integer),
                   sa.column('notice_type', sa.String), sa.column('generation', sa.Integer),
                   sa.column('slot', sa.String), sa.column('created_at', UTCDateTime()))


def upgrade() -> None:
    alerted = op.create_table(
        'alerted',
        sa.Column('case_id', sa.Integer(), nullable=False),
        sa.Column('deadline_key', sa.String(length=40), nullable=False),
        sa.Column('reason', sa.String(length=20), nullable=False),
        sa.Column('digest', sa.Integer(), nullable=False),
        sa.Column('due', UTCDateTime(), nullable=True),
        sa.Column('at', UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(['case_id'], ['cases.id'],
                                name=op.f('fk_alerted_case_id_cases')),
        sa.PrimaryKeyConstraint('case_id', 'deadline_key', 'reason', name=op.f('pk_alerted')))
    op.create_index(op.f('ix_alerted_digest'), 'alerted', ['digest'], unique=False)
    op.create_index('ix_deadlines_status_due', 'deadlines', ['status', 'due'], unique=False)
    op.create_index('ix_outbox_pending_deadline', 'outbox',
                    ['case_id', 'deadline_key', 'created_at'], unique=False,
                    sqlite_where=sa.text(PENDING_STATUTORY),
                    postgresql_where=sa.text(PENDING_STATUTORY))
    op.create_index('ix_outbox_failing_created', 'outbox', ['created_at'], unique=False,
                    sqlite_where=sa.text(FAILING_STATUTORY),
                    postgresql_where=sa.text(FAILING_STATUTORY))
    conn = op.get_bind()
    told = conn.execute(
        sa.select(_outbox.c.case_id, _outbox.c.generation, _outbox.c.slot,
                  sa.func.min(_outbox.c.created_at))
        .where(_outbox.c.notice_type == 'deadline_alert', _outbox.c.case_id.is_not(None))
        .group_by(_outbox.c.case_id, _outbox.c.generation, _outbox.c.slot)).all()
    rows = [{"case_id": case_id, "deadline_key": ORDER[generation],
             "reason": slot or "deadline-near", "digest": 0, "due": None, "at": at}
            for case_id, generation, slot, at in told if 0 <= generation < len(ORDER)]
    if rows:
        conn.execute(alerted.insert(), rows)


def downgrade() -> None:
    op.drop_index('ix_outbox_failing_created', table_name='outbox')
    op.drop_index('ix_outbox_pending_deadline', table_name='outbox')
    op.drop_index('ix_deadlines_status_due', table_name='deadlines')
    op.drop_index(op.f('ix_alerted_digest'), table_name='alerted')
    op.drop_table('alerted')
