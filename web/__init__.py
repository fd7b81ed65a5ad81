"""The web docket (aiohttp, Jinja2): sign-in, the docket and case pages, step forms, the
case record, calendar feeds and the public page, served by the same aiohttp application
as Slack's endpoint (`bot.web`).

Pages are rendered on the server and work without JavaScript. Who may see and do what is
asked of `cases.access` (the same rules Slack asks), every page view and every refusal
is written to the access log (channel `web`), and every form a person fills in is derived
from the table of steps (`cases.steps`) and its command dataclasses. The processes keep
nothing between requests: sessions, links and feed tokens live in the database, so
several replicas can run behind a load balancer. The composition root hands this package
a `WebDeps`; nothing here imports `ethicsbot`.
"""
