"""`python -m ethicsbot ...` is `ethicsbot ...`."""

from ethicsbot.cli import run

run()
