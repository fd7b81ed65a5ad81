"""The ethics-complaint procedure itself, pure: no I/O, no frameworks.

Everything here follows the city's ordinance (section numbers in docstrings refer to it)
and the deadline table (`cases.deadline_values.DEADLINES`). Adapters (storage, mail, bot,
scheduler) depend on this package; it depends on none of them and takes "now" as an
argument wherever time matters.
"""

# Every part of the procedure, loaded with the package: each declares its steps and what
# their entries do to a case (`cases.effects`), so a case replayed anywhere, by a module
# that imports only `cases.case`, finds each kind's effect. `cases.case` cannot import the
# parts itself: they import it.
from cases import steps as steps
