"""Maildir intake (the embedded default): a file delivered to new/ becomes a case or a
quarantined filing and moves to the matching Maildir++ folder; nothing is ever deleted."""

from __future__ import annotations

from pathlib import Path

from ethicsbot.bootstrap import App
from mail.intake import IntakeOutcome, Outcome
from mail.listener import run_maildir_intake
from tests.integration.mail.complaints import corpus, forwarded_complaint, garbage
from tests.integration.mail.harness import Running, case_count, eventually, filings


def deliver(maildir: Path, name: str, raw: bytes) -> None:
    """As a Maildir deliverer does: write in tmp/, then rename into new/."""
    (maildir / "tmp").mkdir(parents=True, exist_ok=True)
    (maildir / "new").mkdir(parents=True, exist_ok=True)
    (maildir / "tmp" / name).write_bytes(raw)
    (maildir / "tmp" / name).rename(maildir / "new" / name)


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())} if folder.exists() else {}


def listening(app: App, taken: list[IntakeOutcome]) -> Running:
    return Running(lambda stop: run_maildir_intake(app.settings.maildir, app.intake(),
                                                   stop=stop, on_taken=taken.append,
                                                   poll_seconds=0.05))


def test_a_file_dropped_in_new_becomes_a_case_and_moves_to_processed(app: App) -> None:
    maildir = Path(app.settings.maildir)
    taken: list[IntakeOutcome] = []
    with listening(app, taken) as running:
        eventually(lambda: (maildir / ".Processed" / "cur").is_dir(), what="Maildir created")
        raw = corpus("gmail-forward-letter.eml")
        deliver(maildir, "1764000000.M1P1.host", raw)
        eventually(lambda: case_count(app) == 1)
        eventually(lambda: files(maildir / ".Processed" / "cur"))
        assert running.stop() < 2.0
    assert [t.outcome for t in taken] == [Outcome.OPENED]
    assert files(maildir / "new") == {}
    assert files(maildir / ".Processed" / "cur") == {"1764000000.M1P1.host:2,": raw}
    [filing] = filings(app)
    assert filing.source == "maildir" and filing.raw == raw


def test_junk_goes_to_quarantine_and_nothing_is_deleted(app: App) -> None:
    maildir = Path(app.settings.maildir)
    complaint = forwarded_complaint(1)
    delivered = {"a.host": garbage(), "b.host": corpus("reject-resident-direct.eml"),
                 "c.host": corpus("reject-autoreply-from-forwarder.eml"), "d.host": complaint}
    for name, raw in delivered.items():
        deliver(maildir, name, raw)
    deliver(maildir, ".e.host", complaint)  # a deliverer's temporary name: not ours yet
    taken: list[IntakeOutcome] = []
    with listening(app, taken):
        eventually(lambda: len(taken) == 4)
        deliver(maildir, "f.host", complaint)  # the same message again: no second case
        eventually(lambda: len(taken) == 5)
    assert case_count(app) == 1
    assert sorted(t.outcome for t in taken) == sorted(
        [Outcome.QUARANTINED] * 3 + [Outcome.OPENED, Outcome.DUPLICATE])
    quarantined = files(maildir / ".Quarantine" / "cur")
    processed = files(maildir / ".Processed" / "cur")
    assert quarantined == {f"{n}:2,": delivered[n] for n in ("a.host", "b.host", "c.host")}
    assert processed == {"d.host:2,": complaint, "f.host:2,": complaint}
    assert files(maildir / "new") == {".e.host": complaint}
    assert [f.outcome for f in filings(app)] == ["quarantined"] * 3 + ["opened"]


def test_a_name_already_taken_in_the_target_folder_is_never_overwritten(app: App) -> None:
    maildir = Path(app.settings.maildir)
    (maildir / ".Processed" / "cur").mkdir(parents=True)
    (maildir / ".Processed" / "cur" / "x.host:2,").write_bytes(b"an earlier message")
    deliver(maildir, "x.host", forwarded_complaint(2))
    taken: list[IntakeOutcome] = []
    with listening(app, taken):
        eventually(lambda: taken)
    assert files(maildir / ".Processed" / "cur") == {
        "x.host:2,": b"an earlier message", "x.host.1:2,": forwarded_complaint(2)}
