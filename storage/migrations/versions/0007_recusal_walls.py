"""recusal walls: cases.walled

The members who recused on a case (a relative, a business tie, the complainant sitting on
the board) lose access to it: the case's row lists them, so that the look that reads the
case and the docket that lists it leave them out in the same statement that reads it.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-03
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('cases', schema=None) as batch_op:
        batch_op.add_column(sa.Column('walled', sa.JSON(), nullable=False,
                                      server_default='[]'))


def downgrade() -> None:
    with op.batch_alter_table('cases', schema=None) as batch_op:
        batch_op.drop_column('walled')
