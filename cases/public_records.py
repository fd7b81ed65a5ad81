"""The public records of a completed review (§13) and which of them have been released.

§13 makes three things public records: the complaint, the determination of sufficiency or
no sufficiency, and the written report of the board or the hearings examiner. §6 keeps
them confidential after completion "unless ... released through a public disclosure
request filed with the city attorney": so by default a record is shown to people not
otherwise entitled only once the city attorney has recorded its release. A city reading
§13 as releasing them at closure says so (`readings.release`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from cases.chain import is_destroyed
from cases.history import EventKind


class PublicRecord(StrEnum):
    COMPLAINT = "complaint"  # without the complainant's contact details
    SUFFICIENCY_DETERMINATION = "sufficiency_determination"  # the board's finding (§7, §8)
    WRITTEN_REPORT = "written_report"  # the board's report; the examiner's determination


WORDS = {PublicRecord.COMPLAINT: "the complaint",
         PublicRecord.SUFFICIENCY_DETERMINATION: "the sufficiency determination",
         PublicRecord.WRITTEN_REPORT: "the written report"}


@dataclass(frozen=True)
class Finding:
    """The determination of sufficiency or no sufficiency (§7, §8), released alone."""

    on: str  # the day it was made (ISO), as corrected
    sufficient: bool
    as_to: tuple[tuple[str, bool], ...] = ()  # each official's, where the report names them

    @property
    def words(self) -> str:
        """'sufficient', or with several officials 'sufficient as to a@…; insufficient as
        to b@…': what the board found, as every surface says it."""
        if len(self.as_to) < 2:
            return _found(self.sufficient)
        return "; ".join(f"{_found(found)} as to {who}" for who, found in self.as_to)


@dataclass(frozen=True)
class Report(Finding):
    """The board's written report, its finding included (§7, §9)."""

    summary: str = ""
    report_file: str = ""


def _found(sufficient: bool) -> str:
    return "sufficient" if sufficient else "insufficient"


@dataclass(frozen=True)
class Determination:
    """The hearings examiner's (or the board's) final determination: its written report
    under §13 (§11, §12)."""

    on: str | None  # the day it was received (ISO), as corrected
    violation: bool
    sections: tuple[str, ...]
    as_to: str = ""  # the official it is about ("": one from before each was named)
    by: str = ""  # who made it: "board", or the examiner's email ("": not recorded)

    @property
    def words(self) -> str:
        """'a violation of 2.94.030 as to a@…, by the hearings examiner': what was found,
        about whom and by whom, as every surface says it (§11, §12)."""
        found = "a violation" if self.violation else "no violation"
        of = f" of {', '.join(self.sections)}" if self.sections else ""
        whom = f" as to {self.as_to}" if self.as_to else ""
        maker = ("" if not self.by else ", by the Ethics Board" if self.by == "board"
                 else ", by the hearings examiner")
        return f"{found}{of}{whom}{maker}"


Entry = Finding | Report | Determination


def entries(history: Iterable[Mapping[str, Any]],
            released: Collection[PublicRecord] | None = None) -> list[Entry]:
    """The §13 records in a case's history (entries as the read side gives them: kind, at,
    data), in order. With `released`, only what was released: the written reports with
    `WRITTEN_REPORT`, the board's finding alone with `SUFFICIENCY_DETERMINATION`."""
    report = released is None or PublicRecord.WRITTEN_REPORT in released
    finding = report or PublicRecord.SUFFICIENCY_DETERMINATION in (released or ())
    steps = list(history)  # the whole history: a correction names its entry by position
    corrected = {int(e["data"]["target"]): str(e["data"]["new"]) for e in steps
                 if e["kind"] == EventKind.STEP_DATE_CORRECTED}
    out: list[Entry] = []
    for i, e in enumerate(steps):
        d = e["data"]
        if is_destroyed(d):  # destroyed under the retention schedule: nothing is left
            continue
        on = corrected.get(i) or d.get("on") or str(e["at"])[:10]  # the step's own day
        as_to = tuple((str(who), bool(v)) for who, v in (d.get("findings") or {}).items())
        if e["kind"] == EventKind.REPORT_ISSUED and report:
            out.append(Report(on, bool(d["sufficient"]), as_to, str(d.get("summary") or ""),
                              str(d.get("report_file") or "")))
        elif e["kind"] == EventKind.REPORT_ISSUED and finding:
            out.append(Finding(on, bool(d["sufficient"]), as_to))
        elif e["kind"] == EventKind.DETERMINATION_RECEIVED and report:
            out.append(Determination(on, bool(d["violation"]), tuple(d.get("sections") or ()),
                                     str(d.get("respondent") or ""), str(d.get("by") or "")))
    return out


def shown_action(released: Iterable[PublicRecord | str]) -> str:
    """The access log's words for showing the released records (every surface)."""
    return "public records shown: " + ", ".join(sorted(str(r) for r in released))
