"""A motion: each member's vote on a body's act, and the words a clerk writes it in (the
same in Slack, on the web and at the command line). Where and when a body may act on a
motion, and how it is counted, is `cases.acts`."""

from __future__ import annotations

from dataclasses import dataclass

from cases.directory import Directory
from cases.errors import ProcedureError
from cases.meetings import RollCall
from cases.tally import Vote
from cases.text import whole_number


@dataclass(frozen=True)
class Motion:
    """The body's vote on the act a step records, at meeting `meeting` of the case (None:
    the body's meeting under way). `unanimous`: every member present who may act voted
    yes, as the minutes say "carried unanimously"; the names come from the roll call."""

    meeting: int | None = None
    yes: tuple[str, ...] = ()
    no: tuple[str, ...] = ()
    abstain: tuple[str, ...] = ()
    mayor: Vote | None = None  # the mayor's vote to break the council's tie (§14)
    unanimous: bool = False

    def votes(self, call: RollCall | None = None, barred: frozenset[str] = frozenset()
              ) -> dict[str, Vote]:
        """Each member's vote; a unanimous motion's from `call`, less those `barred`."""
        if self.unanimous:
            if self.yes or self.no or self.abstain:
                raise ProcedureError("A unanimous motion names no votes: write `unanimous`, "
                                     "or each vote (yes ..., no ..., abstain ...), not both.")
            present = call.present if call is not None else frozenset()
            return {m: Vote.YES for m in sorted(present - barred)}
        out: dict[str, Vote] = {}
        for vote, who in ((Vote.YES, self.yes), (Vote.NO, self.no),
                          (Vote.ABSTAIN, self.abstain)):
            for member in who:
                key = member.strip().lower()
                if key in out:
                    raise ProcedureError(f"{member} is recorded with two votes on the motion: "
                                         "each member present votes once.")
                out[key] = vote
        return out


MOTION_EXAMPLE = ("yes ann@city.test bo@city.test no cy@city.test abstain di@city.test, "
                  "or unanimous; then, if needed, meeting 3 (another meeting than the one "
                  "under way) and mayor yes|no (to break a council tie)")
_VOTE_WORDS = {"yes": Vote.YES, "no": Vote.NO, "abstain": Vote.ABSTAIN}
_MOST_WORDS = 200  # a motion is a few names; anything longer is not one


def read_motion(text: str, directory: Directory) -> Motion:
    """The motion as the clerk writes it (the same words in Slack, on the web and at the
    command line): `MOTION_EXAMPLE`. Members are named by email, @name or Slack mention."""
    words = text.split()
    if not words:
        raise ProcedureError(f"Give the motion: {MOTION_EXAMPLE}.")
    if len(words) > _MOST_WORDS:
        raise ProcedureError(f"A motion names at most {_MOST_WORDS} words; this one has "
                             f"{len(words)}. Write: {MOTION_EXAMPLE}.")
    votes: dict[Vote, list[str]] = {v: [] for v in _VOTE_WORDS.values()}
    meeting: int | None = None
    mayor: Vote | None = None
    unanimous = False
    group: Vote | None = None
    items = iter(words)
    for word in items:
        key = word.lower()
        if key in ("meeting", "mayor"):
            value = next(items, "")
            if key == "meeting":
                number = whole_number(value, 4)
                if number is None:
                    raise ProcedureError(f"`meeting` is followed by the meeting's number "
                                         f"(`/ethics status` lists them), not {value[:20]!r}.")
                meeting = number
            elif value.lower() in ("yes", "no"):
                mayor = Vote(value.lower())
            else:
                raise ProcedureError(f"`mayor` is followed by yes or no, not {value[:20]!r}.")
            group = None
        elif key == "unanimous":
            unanimous, group = True, None
        elif key in _VOTE_WORDS:
            group = _VOTE_WORDS[key]
        elif group is None:
            raise ProcedureError(f"{word[:40]!r} in the motion: name each member after yes, "
                                 f"no or abstain. Write: {MOTION_EXAMPLE}.")
        else:
            person = directory.named(word)
            if person is None:
                raise ProcedureError(f"{word[:60]!r} in the motion is not one person in the "
                                     "city's directory: give their email.")
            votes[group].append(person.email)
    if not unanimous and not any(votes.values()):
        raise ProcedureError(f"The motion names no vote. Write: {MOTION_EXAMPLE}.")
    return Motion(meeting, tuple(votes[Vote.YES]), tuple(votes[Vote.NO]),
                  tuple(votes[Vote.ABSTAIN]), mayor, unanimous)
