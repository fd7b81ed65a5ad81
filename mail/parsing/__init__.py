"""Read forwarded ethics complaints from the intake mailbox.

    result = parse_message(raw, directory=directory, timezone=ZoneInfo("America/Los_Angeles"))
    if result.accepted:
        filing = result.filing          # cases.filing.Filing
    print(json.dumps(intake_json(result)))

Modules, one job each: `mime` (MIME tree, charsets, files), `htmltext` (HTML bodies),
`dates` (client date formats), `forwards` (the messages inside a forward), `classify`
(rejections; what tells machine mail is `machine`'s, what a report says of our mail
`reports`', a forwarded machine message `passed_on`'s), `glance` (what is read of a
message before it is read whole), `city` (who speaks for the city), `complaint` (the
complaint apart from the city's notes), `labels` (form fields), `contact` and
`signature` (whose phone, address and name), `sections` (cited code sections), `pdf` and
`pdfworker` (capped PDF reading), `prose` (sentences, salutations), `elements` (the
Filing and what it lacks), `authres` (the optional DMARC/DKIM check of forwarders),
`intake` (the steps in order; `ParseRules` bundles their parameters), `result` (the
outcome and its JSON).
"""

from mail.parsing.intake import ParseRules, parse_message
from mail.parsing.result import IntakeResult, intake_json

__all__ = ["IntakeResult", "ParseRules", "intake_json", "parse_message"]
