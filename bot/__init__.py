"""Slack (slack-bolt): `/ethics`, its modal and buttons, App Home, the HTTP endpoint.

Listeners stay thin: they identify the caller from the city directory, check the role
table in `bot.access`, build a `cases.commands` command and hand it to the service layer
(`cases.services`). Every reply is ephemeral or a direct message (§6).
"""
