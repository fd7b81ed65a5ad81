"""mail outages: since when outgoing mail fails, and whether the clerk was told

Outgoing mail failing for a while (issue 39) is told to the clerk by other paths than
mail: a Slack DM and the App Home, a banner on every web docket page, `ethicsbot
status`. The web and the worker may be different processes, so the episode is stored:
`mail_outages`, one row per outage the clerk was told of (and the one under way).

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-07
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from storage.db import UTCDateTime

revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'mail_outages',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('since', UTCDateTime(), nullable=False),
        sa.Column('cause', sa.String(length=200), nullable=False),
        sa.Column('told_at', UTCDateTime(), nullable=True),
        sa.Column('cleared_at', UTCDateTime(), nullable=True),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_mail_outages')))


def downgrade() -> None:
    op.drop_table('mail_outages')
