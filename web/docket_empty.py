"""What an empty view of the docket says of the others (issue 41): after `ethicsbot demo`
the one case is closed, and "No open case" alone left a newcomer on an empty page. The
counts are read for the reader (`storage.lookups.docket_counts_read`), so a view they may
not list a case in is never counted, and keep the view's search and stage."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from markupsafe import Markup

from storage.queries import COUNTED, DocketView

# how each view names one case, and more than one
_CASES = {"open": ("open case", "open cases"),
          "mine": ("case waiting on you", "cases waiting on you"),
          "overdue": ("overdue case", "overdue cases"),
          "closed": ("closed case", "closed cases"),
          "void": ("void case", "void cases")}
# the first words of an empty view's line, before its search and stage: our own words,
# markup already (the apostrophe as written, not an entity)
NONE_IN = {k: Markup(v) for k, v in {
    "open": "No open case", "mine": "No case's next act is yours",
    "overdue": "No overdue case", "at-risk": "No case at risk",
    "closed": "No closed case", "void": "No void case", "all": "No case"}.items()}


def elsewhere(view: DocketView, counts: Mapping[str, int],
              link: Callable[[str], str]) -> list[dict[str, str]]:
    """The other views that hold a case, in the docket's order of views: how many
    ("1 closed case") and the query string that shows them (`link`, given the view's
    filter: `view`'s search, stage and order kept)."""
    return [{"words": f"{n} {_CASES[s][n != 1]}", "query": link(s)}
            for s in COUNTED if s != view.show and (n := counts.get(s, 0))]
