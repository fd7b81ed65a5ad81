"""case search: case_search

What each level of access may find a case by in the docket's search (issue 25,
`cases.search`): one row per case and level, rewritten whenever the case is saved. The
cases stored before this revision are replayed from their histories here, in the order of
their ids, and their rows written as a save would write them.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-04
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from cases.case import Case
from cases.history import Event, EventKind
from cases.search import SEARCHED, searchable
from storage.db import UTCDateTime

revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None

_cases = sa.table('cases', sa.column('id', sa.Integer), sa.column('number', sa.String))
_events = sa.table('events', sa.column('case_id', sa.Integer), sa.column('seq', sa.Integer),
                   sa.column('kind', sa.String), sa.column('at', UTCDateTime()),
                   sa.column('actor', sa.String), sa.column('data', sa.JSON))


def upgrade() -> None:
    search = op.create_table(
        'case_search',
        sa.Column('case_id', sa.Integer(), nullable=False),
        sa.Column('access', sa.String(length=20), nullable=False),
        sa.Column('text', sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(['case_id'], ['cases.id'],
                                name=op.f('fk_case_search_case_id_cases')),
        sa.PrimaryKeyConstraint('case_id', 'access', name=op.f('pk_case_search')))
    conn = op.get_bind()
    for case_id, number in conn.execute(sa.select(_cases.c.id, _cases.c.number)
                                        .order_by(_cases.c.id)).all():
        events = [Event(EventKind(kind), at, actor, data or {})
                  for kind, at, actor, data in conn.execute(
                      sa.select(_events.c.kind, _events.c.at, _events.c.actor,
                                _events.c.data)
                      .where(_events.c.case_id == case_id).order_by(_events.c.seq))]
        if not events:
            continue
        case = Case.replay(number, events)
        if case.destroyed is not None:
            continue
        rows = [{"case_id": case_id, "access": level.value, "text": text}
                for level in SEARCHED if (text := searchable(case, level))]
        if rows:
            conn.execute(search.insert(), rows)


def downgrade() -> None:
    op.drop_table('case_search')
