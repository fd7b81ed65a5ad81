"""What a notice says (issue 42, item 1): every notice, calendar invite, meeting notice and
posting, disclosure letter, the proof of notice and the mail-down banner, rendered from the
case (`cases/`) and the templates. The surfaces (`mail/` sends them, `web/` and `bot/` show
them) import this room; it imports none of them."""
