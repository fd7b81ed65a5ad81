"""meetings: how many flags for the city attorney each meeting carries

A case whose meetings raised a flag for the city attorney (`cases.meetings`: a request
for an open session recorded after the meeting that heard the matter closed, a
determination with no executive session recorded) is shown so on the docket's line too
(issue 41), so the clerk sees it without opening the case. The flags come from replaying
the history; the docket reads their count from the `meetings` snapshot. The cases stored
before this revision are replayed here, in the order of their ids, and each meeting's
count written as a save would write it.

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-07
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from cases.case import Case
from cases.history import Event, EventKind
from storage.db import UTCDateTime

revision = '0016'
down_revision = '0015'
branch_labels = None
depends_on = None

_cases = sa.table('cases', sa.column('id', sa.Integer), sa.column('number', sa.String))
_events = sa.table('events', sa.column('case_id', sa.Integer), sa.column('seq', sa.Integer),
                   sa.column('kind', sa.String), sa.column('at', UTCDateTime()),
                   sa.column('actor', sa.String), sa.column('data', sa.JSON))
_meetings = sa.table('meetings', sa.column('case_id', sa.Integer),
                     sa.column('number', sa.Integer), sa.column('flags', sa.Integer))


def upgrade() -> None:
    with op.batch_alter_table('meetings', schema=None) as batch_op:
        batch_op.add_column(sa.Column('flags', sa.Integer(), nullable=False,
                                      server_default='0'))
    conn = op.get_bind()
    with_meetings = sa.select(_meetings.c.case_id).distinct()
    for case_id, number in conn.execute(
            sa.select(_cases.c.id, _cases.c.number)
            .where(_cases.c.id.in_(with_meetings)).order_by(_cases.c.id)).all():
        events = [Event(EventKind(kind), at, actor, data or {})
                  for kind, at, actor, data in conn.execute(
                      sa.select(_events.c.kind, _events.c.at, _events.c.actor,
                                _events.c.data)
                      .where(_events.c.case_id == case_id).order_by(_events.c.seq))]
        if not events:
            continue
        for m in Case.replay(number, events).meetings.all:
            if m.irregular:
                conn.execute(_meetings.update().where(
                    _meetings.c.case_id == case_id, _meetings.c.number == m.number
                ).values(flags=len(m.irregular)))


def downgrade() -> None:
    with op.batch_alter_table('meetings', schema=None) as batch_op:
        batch_op.drop_column('flags')
