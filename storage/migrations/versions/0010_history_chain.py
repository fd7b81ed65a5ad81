"""history chain: events.hash, cases.head, docket_chain, docket_head

Tamper-evident history (issue 27): each event stores the SHA-256 of its entry chained to
the one before (`cases.chain.entry_hash`), each case the hash of its last event, and the
docket-wide chain one entry per new head of a case (and per export of its record), its
last entry named by the one row of `docket_head`.

The histories stored before this revision are hashed here, case by case in the order of
their ids, and each case's head is the docket chain's first entries, dated with the
case's last event: they then verify as any other (what they held before the upgrade is
taken as it stood, which the chain cannot vouch for; docs/evidence.md).

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-04
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from cases.chain import GENESIS, DocketEntry, Entry, docket_hash, entry_hash
from storage.db import UTCDateTime

revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None

_cases = sa.table('cases', sa.column('id', sa.Integer), sa.column('number', sa.String),
                  sa.column('head', sa.String))
_events = sa.table('events', sa.column('id', sa.Integer), sa.column('case_id', sa.Integer),
                   sa.column('seq', sa.Integer), sa.column('kind', sa.String),
                   sa.column('at', UTCDateTime()), sa.column('actor', sa.String),
                   sa.column('data', sa.JSON), sa.column('hash', sa.String))


def upgrade() -> None:
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.add_column(sa.Column('hash', sa.String(length=64), nullable=True))
    with op.batch_alter_table('cases', schema=None) as batch_op:
        batch_op.add_column(sa.Column('head', sa.String(length=64), nullable=True))
    docket = op.create_table(
        'docket_chain',
        sa.Column('position', sa.Integer(), autoincrement=False, nullable=False),
        sa.Column('kind', sa.String(length=10), nullable=False),
        sa.Column('at', UTCDateTime(), nullable=False),
        sa.Column('case_number', sa.String(length=20), nullable=False),
        sa.Column('seq', sa.Integer(), nullable=False),
        sa.Column('head', sa.String(length=64), nullable=False),
        sa.Column('detail', sa.JSON(), nullable=False),
        sa.Column('hash', sa.String(length=64), nullable=False),
        sa.PrimaryKeyConstraint('position', name=op.f('pk_docket_chain')))
    with op.batch_alter_table('docket_chain', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_docket_chain_case_number'), ['case_number'],
                              unique=False)
    head_table = op.create_table(
        'docket_head',
        sa.Column('id', sa.Integer(), autoincrement=False, nullable=False),
        sa.Column('count', sa.Integer(), nullable=False),
        sa.Column('hash', sa.String(length=64), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_docket_head')))

    conn = op.get_bind()
    position, docket_prev = 0, GENESIS
    for case_id, number in conn.execute(sa.select(_cases.c.id, _cases.c.number)
                                        .order_by(_cases.c.id)).all():
        prev, last = GENESIS, None
        rows = conn.execute(sa.select(_events.c.id, _events.c.seq, _events.c.kind,
                                      _events.c.at, _events.c.actor, _events.c.data)
                            .where(_events.c.case_id == case_id)
                            .order_by(_events.c.seq)).all()
        for event_id, seq, kind, at, actor, data in rows:
            prev = entry_hash(number, Entry(seq, kind, at, actor, data or {}), prev)
            conn.execute(sa.update(_events).where(_events.c.id == event_id)
                         .values(hash=prev))
            last = (seq, at)
        if last is None:
            continue
        conn.execute(sa.update(_cases).where(_cases.c.id == case_id).values(head=prev))
        position += 1
        entry = DocketEntry(position, "events", last[1], number, last[0], prev, {})
        docket_prev = docket_hash(entry, docket_prev)
        conn.execute(sa.insert(docket).values(
            position=position, kind="events", at=last[1], case_number=number, seq=last[0],
            head=prev, detail={}, hash=docket_prev))
    conn.execute(sa.insert(head_table).values(id=1, count=position, hash=docket_prev))
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.alter_column('hash', existing_type=sa.String(length=64), nullable=False)


def downgrade() -> None:
    op.drop_table('docket_head')
    with op.batch_alter_table('docket_chain', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_docket_chain_case_number'))
    op.drop_table('docket_chain')
    # ALTER TABLE ... DROP COLUMN (SQLite 3.35+): a batch would copy `cases`, which other
    # tables reference, and SQLite's foreign keys refuse to drop the original
    op.drop_column('cases', 'head')
    op.drop_column('events', 'hash')
