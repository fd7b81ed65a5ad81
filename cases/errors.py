"""Domain errors: a step the ordinance does not allow, explained for a clerk."""


class ProcedureError(Exception):
    """A step was refused. The message says what the ordinance requires and what to do."""
