"""Who is asking, in Slack: the caller, identified by their Slack id in the directory.

What a caller may see and do is a rule of the procedure (`cases.access`, §6, §13, §14):
this module only says who the caller is (`identify`) and hands `cases.access` the
caller's `Actor`; the Slack surface then words and logs the answer.
"""

from __future__ import annotations

from dataclasses import dataclass

from cases.access import Actor
from cases.directory import Directory, Person, Role


@dataclass(frozen=True)
class Caller:
    """Who sent a Slack request, as the directory knows them (None: not listed)."""

    slack_id: str
    person: Person | None
    roles: frozenset[Role]

    @property
    def who(self) -> str:
        """The access log's name for the caller: their email, else their Slack id."""
        return self.person.email if self.person else f"slack:{self.slack_id}"

    @property
    def actor(self) -> Actor:
        """The caller as `cases.access` asks about them."""
        return Actor(self.person.email.strip().lower() if self.person else None, self.roles)

    def has(self, roles: frozenset[Role]) -> bool:
        return self.actor.has(roles)


def identify(directory: Directory, slack_id: str) -> Caller:
    person = directory.by_slack(slack_id)
    return Caller(slack_id, person, directory.roles_of(person) if person else frozenset())
