"""What people ask the procedure to do: every step's command, for the surfaces that build
them (Slack, the web, the terminal, intake) as `cases.commands.X`.

Each command is declared in the module of its part of the procedure, above its row and its
handler (`cases.handlers`), so a step is written in one place; this module only gathers the
parts, and lists no step.
"""

from __future__ import annotations

from cases.handlers.at_meetings import *  # noqa: F403
from cases.handlers.case_file import *  # noqa: F403
from cases.handlers.complainant import *  # noqa: F403
from cases.handlers.complaint import *  # noqa: F403
from cases.handlers.council import *  # noqa: F403
from cases.handlers.disclosures import *  # noqa: F403
from cases.handlers.examiner import *  # noqa: F403
from cases.handlers.meetings import *  # noqa: F403
from cases.handlers.referral import *  # noqa: F403
from cases.handlers.report import *  # noqa: F403
from cases.handlers.retention import *  # noqa: F403
from cases.handlers.sufficiency import *  # noqa: F403
