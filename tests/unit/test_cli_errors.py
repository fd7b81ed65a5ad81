"""The command line names the errors it ends in one line by module and class (so that it
imports none of their modules itself, ethicsbot.cli): each name must be a real exception
class, or a renamed one would end in a traceback instead."""

from __future__ import annotations

import importlib

import pytest

from ethicsbot.cli import ONE_LINE_ERRORS


@pytest.mark.parametrize(("module", "name"), ONE_LINE_ERRORS)
def test_each_one_line_error_is_an_exception_class(module: str, name: str) -> None:
    kind = getattr(importlib.import_module(module), name)
    assert isinstance(kind, type) and issubclass(kind, Exception)
