"""The one escape for text shown in Slack's mrkdwn (every surface of `bot/`).

Stored or stranger's text (a complaint, a name, a place, a server's reply) is shown as
written, never obeyed: `&`, `<` and `>` are escaped so it cannot make a link or a
mention (`<!channel>`, `<@U…>`), and each bidirectional control is shown as a mark
(`cases.text.neutralise_bidi`) so it cannot reorder what a clerk reads."""

from __future__ import annotations

from cases.text import neutralise_bidi


def esc(text: object) -> str:
    """`text` for mrkdwn: shown as written, never obeyed."""
    return neutralise_bidi(str(text).replace("&", "&amp;").replace("<", "&lt;")
                           .replace(">", "&gt;"))
