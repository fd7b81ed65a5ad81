"""EthicsBot's tests. A package so that `tests.fixtures.*` and `tests.servers.*` import cleanly."""
