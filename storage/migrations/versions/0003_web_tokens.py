"""web tokens: sign-in links, sessions, calendar feeds, OIDC round trips

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('web_tokens',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=10), nullable=False),
    sa.Column('digest', sa.String(length=64), nullable=False),
    sa.Column('email', sa.String(length=320), nullable=False),
    sa.Column('client', sa.String(length=64), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('expires_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('last_seen_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('used_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('revoked_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('via', sa.String(length=20), nullable=False),
    sa.Column('data', sa.JSON(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_web_tokens')),
    sa.UniqueConstraint('digest', name=op.f('uq_web_tokens_digest'))
    )
    with op.batch_alter_table('web_tokens', schema=None) as batch_op:
        batch_op.create_index('ix_web_tokens_kind_email_created', ['kind', 'email', 'created_at'], unique=False)
        batch_op.create_index('ix_web_tokens_kind_client_created', ['kind', 'client', 'created_at'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('web_tokens', schema=None) as batch_op:
        batch_op.drop_index('ix_web_tokens_kind_client_created')
        batch_op.drop_index('ix_web_tokens_kind_email_created')
    op.drop_table('web_tokens')
