"""An exception nobody handled in a thread fails the test during which it happened (the
project's pytest settings turn pytest's warning about it into an error), so a listener's
or a pool's thread cannot fail unseen."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = '''
import threading

def test_a_thread_fails():
    def fail():
        raise RuntimeError("unhandled in a thread")
    t = threading.Thread(target=fail)
    t.start()
    t.join()
'''


def test_an_unhandled_exception_in_a_thread_fails_the_test(tmp_path: Path) -> None:
    (tmp_path / "test_sample.py").write_text(SAMPLE)
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-c",
         str(ROOT / "pyproject.toml"), "--rootdir", str(tmp_path), str(tmp_path)],
        cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "1 failed" in proc.stdout and "PytestUnhandledThreadExceptionWarning" in proc.stdout
