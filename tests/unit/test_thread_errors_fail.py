"""An exception nobody handled in a thread fails the test during which it happened (the
project's pytest settings turn pytest's warning about it into an error), so a listener's
or a pool's thread cannot fail unseen.

Shown from inside this very run, with no pytest started in a subprocess: the setting is
in pyproject.toml; the running session applies it (the warning raises); and a thread's
exception, taken by pytest's hook, comes back from pytest's own collection of it (what
runs after every test phase) as that error. Each test fails if the setting is removed,
and the last also if pytest's thread-exception plugin is switched off."""

from __future__ import annotations

import threading
import tomllib
import warnings
from pathlib import Path

import pytest
from _pytest.threadexception import collect_thread_exception

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"
SETTING = "error::pytest.PytestUnhandledThreadExceptionWarning"


def test_the_project_settings_make_the_warning_an_error() -> None:
    pytest_settings = tomllib.loads(PYPROJECT.read_text())["tool"]["pytest"]["ini_options"]
    assert SETTING in pytest_settings["filterwarnings"]


def test_the_running_session_raises_the_warning() -> None:
    with pytest.raises(pytest.PytestUnhandledThreadExceptionWarning):
        warnings.warn(pytest.PytestUnhandledThreadExceptionWarning("a thread failed"),
                      stacklevel=1)


def test_an_unhandled_exception_in_a_thread_fails_the_test(
        pytestconfig: pytest.Config) -> None:
    def fail() -> None:
        raise RuntimeError("unhandled in a thread")

    thread = threading.Thread(target=fail, name="failing")
    thread.start()
    thread.join()
    # what pytest does after this phase, done now so that the error is caught here
    with pytest.raises(pytest.PytestUnhandledThreadExceptionWarning,
                       match="Exception in thread failing") as raised:
        collect_thread_exception(pytestconfig)
    assert isinstance(raised.value.__cause__, RuntimeError)
    assert str(raised.value.__cause__) == "unhandled in a thread"
