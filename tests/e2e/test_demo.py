"""`ethicsbot demo` runs the whole procedure in seconds and leaves what it announced."""

from __future__ import annotations

import email
import subprocess
import sys
import time
from email import policy
from pathlib import Path

ANNOUNCED = {  # every kind of message the story tells of
    "complaint_to_respondent", "complaint_to_council", "submission_to_board",
    "registered_mail_task", "invite_sufficiency_window", "hearing_scheduled",
    "invite_meeting", "meeting_notice", "continuance_applied", "continuance_decided",
    "report_delivered",
    "referral", "determination", "invite_council_decision", "council_decided",
    "case_closed", "reminder", "quorum_warning"}


def test_the_demo_tells_the_whole_story_in_under_30_seconds(tmp_path: Path) -> None:
    folder = tmp_path / "demo"
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "ethicsbot", "demo", "--dir", str(folder)],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "COLUMNS": "120"})
    took = time.monotonic() - started
    assert done.returncode == 0, done.stderr
    assert took < 30
    out = done.stdout
    for chapter in ("Receipt", "Hearing scheduled", "RCW 42.30.080", "Open session requested",
                    "Board meeting called",
                    "Members answer", "Quorum warning", "Continuance applied", "TOLLED",
                    "Continuance granted",
                    "Hearing", "SUFFICIENT", "Referral", "Determination", "Council decision",
                    "Closed", "Reminder"):
        assert chapter in out
    # each body acts at its noticed meeting, the roll call shown, then the motion's votes
    said = " ".join(out.split())
    for meeting in ("Roll call of the Ethics Board (meeting 2): present Helen Park, Victor "
                    "Osei, Dana Brooks. A quorum",
                    "Roll call of the City Council (meeting 3): present Priya Raman,",
                    "Roll call of the Ethics Board (meeting 4): present Helen Park, Dana Brooks; "
                    "absent Victor Osei. A quorum",
                    "Roll call of the City Council (meeting 5): present Priya Raman,"):
        assert meeting in said
    assert said.count("is not counted and does not vote (§14)") == 2  # Raman, each time
    assert "Motion at meeting 2, in open session: yes Dana Brooks, Helen Park, Victor Osei" \
        in said
    assert ("Motion at meeting 3, in open session: yes Anita Brandt, Ben Okafor, Tom Hale; "
            "no Maria Ortiz") in said
    assert said.index("Board meeting called") < said.index("Continuance applied")
    files = sorted((folder / "outbox").glob("*.eml"))
    kinds = {f.name.split(".")[1] for f in files}
    assert kinds == ANNOUNCED
    assert f"{len(files)} messages in" in " ".join(out.split())
    # an updated invite really is an update: a higher SEQUENCE for the same UID
    windows = [email.message_from_bytes(f.read_bytes(), policy=policy.default)
               for f in files if ".invite_sufficiency_window." in f.name]
    sequences = {part.get_content().split("SEQUENCE:")[1].split()[0]
                 for m in windows for part in m.walk()
                 if part.get_content_type() == "text/calendar"}
    assert len(sequences) >= 3  # sent, tolled, moved by the continuance
    # the hearing's posting, as first posted and as the open-session request revised it
    postings = folder / "postings"
    first = (postings / "eth-2026-0001-meeting-1-r0.html").read_text()
    opened = (postings / "eth-2026-0001-meeting-1-r1.html").read_text()
    assert "Executive session to receive and evaluate" in first
    assert "open to the public at the request of the person complained against" in opened
    assert (postings / "eth-2026-0001-meeting-1-r0.pdf").read_bytes().startswith(b"%PDF")
    assert "Raman" not in first + opened  # the respondent is never named in public (§6)
