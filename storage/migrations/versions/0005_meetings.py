"""meetings: a case's meetings as they now stand, and when quorum is next looked at

The board's hearings and the council's deliberations (RCW 42.30) are kept in each case's
history; this snapshot of them is rewritten with the case, like `deadlines`. Existing
cases get theirs at their next change.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('meetings',
    sa.Column('case_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('body', sa.String(length=20), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('starts_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('ends_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('place', sa.Text(), nullable=False),
    sa.Column('remote_link', sa.Text(), nullable=True),
    sa.Column('open_to_public', sa.Boolean(), nullable=False),
    sa.Column('recorded_late', sa.Boolean(), nullable=False),
    sa.Column('cancelled', sa.Text(), nullable=True),
    sa.Column('tentative', sa.Text(), nullable=True),
    sa.Column('sequence', sa.Integer(), nullable=False),
    sa.Column('answers', sa.JSON(), nullable=False),
    sa.Column('quorum_look_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['case_id'], ['cases.id'], name=op.f('fk_meetings_case_id_cases')),
    sa.PrimaryKeyConstraint('case_id', 'number', name=op.f('pk_meetings'))
    )
    with op.batch_alter_table('meetings', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_meetings_starts_at'), ['starts_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_meetings_quorum_look_at'), ['quorum_look_at'],
                              unique=False)


def downgrade() -> None:
    with op.batch_alter_table('meetings', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_meetings_quorum_look_at'))
        batch_op.drop_index(batch_op.f('ix_meetings_starts_at'))
    op.drop_table('meetings')
