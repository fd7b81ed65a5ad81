"""WCAG 2.1 AA, checked in the real Chromium on every page a person reaches: the public
page, sign-in, the docket, a case, "my deadlines", the feed page, every step form the
chair is offered, and a special meeting's posting. What a machine can decide is
asserted, page by page (and, at a phone's 390 px, that nothing scrolls sideways):

- the page has a language (3.1.1) and a title (2.4.2), and one h1;
- every visible form control has a label (1.3.1, 4.1.2); every radio or checkbox group
  stands in a fieldset with a legend; every image has an alt text (1.1.1);
- every data table has a caption and header cells (1.3.1);
- every piece of text contrasts with what is behind it at least 4.5:1, 3:1 when large
  (1.4.3), computed from the colours the browser actually paints;
- the keyboard reaches every link, button and control, in the page's order (2.1.1), and
  each shows a visible focus indicator when it has the focus (2.4.7).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

from tests.browser.test_docket_in_chromium import CHAIR, opened
from tests.fixtures.app import FakeClock
from tests.fixtures.browser import signed_in_as
from tests.fixtures.web import Site
from tests.integration.mail.complaints import corpus
from tests.integration.web.test_held_messages import CLERK, RESIDENT, hold

# Returns a list of sentences, one per failure; empty when the page passes.
AUDIT = r"""
() => {
  const bad = [];
  const where = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
      (el.getAttribute('name') ? '[name=' + el.getAttribute('name') + ']' : '') +
      ' "' + (el.textContent || '').trim().slice(0, 40) + '"';
  const shown = el => {
    const s = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    return s.visibility !== 'hidden' && s.display !== 'none' && r.width > 0 && r.height > 0;
  };
  if (!document.documentElement.lang) bad.push('no lang on <html>');
  if (!document.title.trim()) bad.push('no <title>');
  if (document.querySelectorAll('h1').length !== 1) bad.push('not exactly one h1');
  for (const el of document.querySelectorAll('input, select, textarea')) {
    if (el.type === 'hidden' || !shown(el)) continue;
    if (['submit', 'button', 'reset'].includes(el.type)) {
      if (!(el.value || el.getAttribute('aria-label'))) bad.push('unnamed button ' + where(el));
      continue;
    }
    const named = el.labels.length > 0 || el.getAttribute('aria-label') ||
        el.getAttribute('aria-labelledby');
    if (!named) bad.push('no label for ' + where(el));
    if (['radio', 'checkbox'].includes(el.type)) {
      const group = document.querySelectorAll(`input[name="${el.name}"]`).length > 1;
      const set = el.closest('fieldset');
      if (group && !(set && set.querySelector('legend')))
        bad.push('group without fieldset/legend ' + where(el));
    }
  }
  for (const img of document.querySelectorAll('img'))
    if (!img.hasAttribute('alt')) bad.push('img without alt ' + where(img));
  for (const t of document.querySelectorAll('table')) {
    if (!t.querySelector('caption')) bad.push('table without caption');
    if (!t.querySelector('th')) bad.push('table without header cells');
  }
  const rgba = c => (c.match(/[\d.]+/g) || []).map(Number).concat([1]).slice(0, 4);
  const lum = ([r, g, b]) => {
    const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const over = (top, under) => {  // top composited over an opaque colour
    const a = top[3];
    return [0, 1, 2].map(i => top[i] * a + under[i] * (1 - a));
  };
  const behind = el => {  // the opaque colour painted behind el's text
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (getComputedStyle(e).backgroundImage !== 'none') return null;  // cannot compute
      if (c[3] > 0) layers.push(c);
      if (c[3] === 1) break;
    }
    let colour = [255, 255, 255];
    for (const c of layers.reverse()) colour = over(c, colour);
    return colour;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || seen.has(el) || !shown(el)) continue;
    seen.add(el);
    const s = getComputedStyle(el);
    const back = behind(el);
    if (back === null) continue;
    const fore = over(rgba(s.color), back);
    const [hi, lo] = [lum(fore), lum(back)].sort((a, b) => b - a);
    const ratio = (hi + 0.05) / (lo + 0.05);
    const size = parseFloat(s.fontSize), bold = parseInt(s.fontWeight) >= 700;
    const need = (size >= 24 || (bold && size >= 18.66)) ? 3 : 4.5;
    if (ratio < need) bad.push(`contrast ${ratio.toFixed(2)} < ${need} for ${where(el)}`);
  }
  return bad;
}
"""

FOCUSABLE = ("a[href], button, input:not([type=hidden]), select, textarea, "
             "summary, [tabindex]:not([tabindex='-1'])")


async def audit(page: Any) -> list[str]:
    failures: list[str] = await page.evaluate(AUDIT)
    return failures + await keyboard(page)


async def keyboard(page: Any) -> list[str]:
    """Tab through the page until the focus comes round again: every focusable element is
    reached (a radio group is one stop: arrows move within it), each showing a focus
    indicator (an outline or a box shadow) while it has the focus."""
    wanted: list[str] = await page.evaluate(
        f"""() => {{
            const stops = new Set();
            for (const e of document.querySelectorAll("{FOCUSABLE}")) {{
                const r = e.getBoundingClientRect();
                if (r.width === 0 || r.height === 0 || e.disabled) continue;
                stops.add(e.type === 'radio' ? 'radio:' + e.name : {_KEY}(e));
            }}
            return [...stops];
        }}""")
    reached: list[str] = []
    bad: list[str] = []
    await page.evaluate("document.activeElement && document.activeElement.blur()")
    for _ in range(4 * len(wanted) + 10):  # a date-time input takes a Tab per field
        await page.keyboard.press("Tab")
        found = await page.evaluate(f"""() => {{
            const e = document.activeElement;
            if (!e || e === document.body) return null;
            const s = getComputedStyle(e);
            const ring = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0)
                || s.boxShadow !== 'none';
            return [e.type === 'radio' ? 'radio:' + e.name : {_KEY}(e), ring,
                    e.tagName + ' ' + (e.name || e.textContent || '').trim().slice(0, 40)
                    + ' ' + s.outlineStyle + ' ' + s.outlineWidth];
        }}""")
        if found is None:
            continue
        key, ring, name = found
        if reached and key == reached[0]:
            break  # round again
        if key in reached:
            continue  # the same control's next field
        if not ring:
            bad.append(f"no visible focus on {name}")
        reached.append(key)
    missed = [k for k in wanted if k not in reached]
    if missed:
        bad.append(f"the keyboard never reached {missed}")
    return bad


# an element's place in the document, as a key the two evaluations agree on
_KEY = """(e => { const p = []; for (let n = e; n && n.parentElement; n = n.parentElement)
                    p.unshift([...n.parentElement.children].indexOf(n)); return p.join('.'); })"""


async def every_page(site: Site, page: Any, check: Callable[[str], Awaitable[None]]) -> None:
    """Open every page a person reaches, `check`ing each: the public page, sign-in, the
    chair's docket, a case, "my deadlines", the feed page, every step form the chair is
    offered, the case again with a special meeting, that meeting's web posting, and the
    clerk's yearly report."""
    number = opened(site)
    await check("/")
    await check("/sign-in")
    await signed_in_as(site, page, CHAIR)
    for path in ("/docket", f"/cases/{number}", "/deadlines", "/feed"):
        await check(path)
    steps = sorted(set(re.findall(rf'href="(/cases/{number}/steps/[^"]+)"',
                                  await (await page.goto(site.url + f"/cases/{number}")).text())))
    assert steps, "the chair is offered no step on a new case"
    for path in steps:
        await check(path)

    await page.goto(site.url + f"/cases/{number}/steps/schedule")  # a special meeting's
    await page.get_by_label("Date and time (city time)").fill("2026-12-10T18:00")  # posting
    await page.get_by_label("Place").fill("Council Chambers")
    await page.get_by_label("special", exact=True).check()
    await page.get_by_label("It moves the body's meeting still to come").check()  # marked
    await page.get_by_role("button", name="Schedule a meeting of the board on the case").click()
    await site.deliver()
    await check(f"/cases/{number}")  # now with a meeting, its notices and invites
    postings = re.findall(r'href="(/postings/[^"]+)\.pdf"',
                          await (await page.goto(site.url + "/")).text())
    assert postings, "the public page lists no posting of the special meeting"
    await check(postings[0] + ".html")  # the web posting beside the printable PDF
    await page.context.clear_cookies()  # the chair's session left behind
    await signed_in_as(site, page, CLERK)  # the yearly report, the clerk's and the council's
    await check("/report")


async def test_the_held_messages_meet_wcag_aa_and_fit_a_phone(
        site: Site, browser: Any, clock: FakeClock) -> None:
    held = hold(site, clock, corpus(RESIDENT))
    page = await browser.new_page()
    await signed_in_as(site, page, CLERK)
    failures: list[str] = []
    for width in (1280, 390):
        await page.set_viewport_size({"width": width, "height": 900})
        for path in ("/held", f"/held/{held}"):
            await page.goto(site.url + path)
            failures += [f"{path} at {width}: {f}" for f in await audit(page)]
            wide = await page.evaluate(SIDEWAYS)
            if wide["scroll"] > wide["width"]:
                failures.append(f"{path} at {width}: {wide['scroll']} px wide: {wide['out']}")
    assert not failures, "\n".join(failures)


async def test_every_error_page_is_a_page_of_the_site_and_meets_wcag_aa(
        site: Site, browser: Any) -> None:
    """Issue 41: an unknown address and the docket's natural guess, before sign-in and
    after, answer with the site's header and a way back, at 1280 and 390 px."""
    page = await browser.new_page()
    failures: list[str] = []

    async def look(who: str) -> None:
        for width in (1280, 390):
            await page.set_viewport_size({"width": width, "height": 900})
            answer = await page.goto(site.url + "/no-such-page")
            assert answer is not None and answer.status == 404
            assert await page.locator("header.site").count() == 1, who
            back = "Back to the docket" if who == "signed in" else "Back to the public page"
            assert await page.get_by_role("link", name=back).count() == 1, who
            failures.extend(f"404 ({who}) at {width}: {f}" for f in await audit(page))
            wide = await page.evaluate(SIDEWAYS)
            if wide["scroll"] > wide["width"]:
                failures.append(f"404 ({who}) at {width}: {wide['scroll']} px wide")

    await look("anonymous")
    await signed_in_as(site, page, CHAIR)
    await look("signed in")
    answer = await page.goto(site.url + "/cases")
    assert answer is not None and answer.status == 200 and page.url.endswith("/docket")
    assert not failures, "\n".join(failures)


async def test_every_page_meets_wcag_aa_where_a_machine_can_tell(site: Site,
                                                                  browser: Any) -> None:
    page = await browser.new_page()
    failures: dict[str, list[str]] = {}

    async def check(path: str) -> None:
        answer = await page.goto(site.url + path)
        assert answer is not None and answer.status == 200, path
        found = await audit(page)
        if found:
            failures[path] = found

    await every_page(site, page, check)
    assert not failures, "\n".join(f"{p}: {f}" for p, fs in failures.items() for f in fs)


# What sticks out past the right edge of the window: the elements whose box does, the
# innermost first (a wide table, an unbroken address), with the page's scroll width.
SIDEWAYS = r"""
() => {
  const width = window.innerWidth;
  const out = [];
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > width + 1 && ![...el.children].some(
        c => c.getBoundingClientRect().right > width + 1))
      out.push(el.tagName.toLowerCase() + (el.className ? '.' + el.className : '') + ' "' +
               (el.textContent || '').trim().slice(0, 30) + '" right=' + Math.round(r.right));
  }
  return {scroll: document.documentElement.scrollWidth, width, out: out.slice(0, 12)};
}
"""


async def test_every_page_fits_a_phone_without_sideways_scrolling(
        site: Site, browser: Any, screenshot: Any) -> None:
    page = await browser.new_page()
    await page.set_viewport_size({"width": 390, "height": 844})
    failures: dict[str, str] = {}

    async def check(path: str) -> None:
        answer = await page.goto(site.url + path)
        assert answer is not None and answer.status == 200, path
        found = await page.evaluate(SIDEWAYS)
        if path == "/docket" or (path.startswith("/cases/") and "/steps/" not in path):
            await screenshot(page, "phone-" + path.strip("/").split("/")[0])
        if found["scroll"] > found["width"]:
            failures[path] = f"{found['scroll']} px wide in {found['width']}: {found['out']}"

    await every_page(site, page, check)
    assert not failures, "\n".join(f"{p}: {f}" for p, f in failures.items())
