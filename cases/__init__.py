"""The ethics-complaint procedure itself, pure: no I/O, no frameworks.

Everything here follows the city's ordinance (section numbers in docstrings refer to it)
and the deadline table (`cases.deadline_values.DEADLINES`). Adapters (storage, mail, bot,
scheduler) depend on this package; it depends on none of them and takes "now" as an
argument wherever time matters.
"""
