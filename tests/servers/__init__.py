"""Real servers on loopback for tests: Dovecot, an SMTP sink, Radicale, PostgreSQL databases.

Copied and adapted from the shared test bed so that the project stands alone:
nothing here reads outside the repository at run time. The pytest fixtures that
use these live in tests/fixtures/servers.py.
"""
