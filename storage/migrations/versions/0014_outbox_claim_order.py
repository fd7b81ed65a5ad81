"""outbox read orders: the claim's index and the case's index end with the row's id

The dispatcher takes the longest waiting rows in the order `rank, next_attempt_at, id`
(`storage.outbox.claim_due`). The index ended at `next_attempt_at`, so the rows sharing
one moment were sorted by id for every claim: a docket whose 190,000 statutory notices
were queued at one moment (a worker down for an hour) sorted them all, on disk, each
round (PostgreSQL: 110-380 ms a claim, issue 39). With the id in the index the claim
reads its batch off the index in order.

A case's rows are read in the order they were owed (its first notice is the thread's
root, `storage.outbox.thread_root`, read for every notice sent): indexed by case alone,
PostgreSQL without statistics (a docket just loaded) chose to read the outbox by primary
key until it met the case, 280 ms a notice for a new case behind 344,000 rows. Indexed by
(case, id) the first row is the index's first entry whatever the planner knows.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-07
"""
from __future__ import annotations

from alembic import op

revision = '0014'
down_revision = '0013'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('outbox', schema=None) as batch_op:
        batch_op.drop_index('ix_outbox_status_rank_next')
        batch_op.create_index('ix_outbox_status_rank_next_id',
                              ['status', 'rank', 'next_attempt_at', 'id'], unique=False)
        batch_op.drop_index('ix_outbox_case_id')
        batch_op.create_index('ix_outbox_case_id_id', ['case_id', 'id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('outbox', schema=None) as batch_op:
        batch_op.drop_index('ix_outbox_case_id_id')
        batch_op.create_index('ix_outbox_case_id', ['case_id'], unique=False)
        batch_op.drop_index('ix_outbox_status_rank_next_id')
        batch_op.create_index('ix_outbox_status_rank_next',
                              ['status', 'rank', 'next_attempt_at'], unique=False)
