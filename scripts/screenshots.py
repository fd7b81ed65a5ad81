"""Remake docs/screenshots/*.png from `ethicsbot demo`'s database, as a newcomer sees it.

The demo is run into a temporary folder and its database served by the web docket's own
application (`build_web_app`, embedded defaults: each sign-in link is sent by the
outbox's dispatcher to an .eml file, as the README says), on a clock set a day after
the demo's last step (`after_the_story`), and every page is
opened in Debian's headless Chromium (`/usr/bin/chromium`, driven by Playwright, an empty
profile, no browser download), signed in through the mailed link as each reader the README
names, at 1280 px (desktop) and 390 px (a phone). Each page is shot whole, cut at three
screens, then reduced to
a 256-colour palette (Pillow, already installed for fpdf2) so the docs stay small: the
pages are flat colours and text, which a palette keeps.

Run by `scripts/screenshots`; `--only NAME` remakes the shots whose name contains NAME.
"""

from __future__ import annotations

import argparse
import asyncio
import email
import email.policy
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "docs" / "screenshots"
ETHICSBOT = ROOT / ".venv" / "bin" / "ethicsbot"
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
CASE = "ETH-2026-0001"  # the demo's one case
YEAR = 2026  # the year the demo's complaint was received
WIDTHS = {"": (1280, 900), "phone-": (390, 844)}  # desktop, phone: viewport width, height
SCREENS = 3  # a shot keeps at most the page's first three screens

# (file name, path) for each reader, signed out first; the phone takes those marked so
PUBLIC = [("public", "/", True), ("status", "/status", True),
          ("public-records", f"/records/{CASE}", True), ("sign-in", "/sign-in", False)]
READERS: list[tuple[str, list[tuple[str, str, bool]]]] = [
    ("clerk@city.test", [  # the City Clerk: full access, the yearly report
        ("clerk-docket", "/docket", True),  # the default view, empty after the demo
        ("clerk-docket-all", "/docket?show=all", False),
        ("at-risk", "/docket?show=at-risk&sort=due", True),
        ("clerk-case", f"/cases/{CASE}", True),
        ("report", f"/report?year={YEAR}", True)]),
    ("hpark@city.test", [  # the board chair
        ("docket", "/docket?show=all", True), ("case", f"/cases/{CASE}", True),
        ("my-deadlines", "/deadlines", False), ("calendar-feed", "/feed", False),
        ("step-form", f"/cases/{CASE}/steps/schedule", True),
        ("roll-call-form", f"/cases/{CASE}/steps/roll-call", False)]),  # a row per member
    ("abrandt@city.test", [  # a council member
        ("member-docket", "/docket?show=all", True),
        ("member-case", f"/cases/{CASE}", True)]),
    ("gpruitt@city.test", [  # an official complained against: his own case
        ("respondent", f"/cases/{CASE}", True)]),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def after_the_story(database: str) -> datetime:
    """A day after the demo's last step: its story runs on a simulated clock (Dec
    2026 to Mar 2027), so the pages are judged then, not by today's clock, which would
    show a closed case's meetings as still to come."""
    from sqlalchemy import create_engine, func, select

    from storage.models import EventRow

    engine = create_engine(database)
    with engine.connect() as connection:
        last = connection.execute(select(func.max(EventRow.at))).scalar_one()
    engine.dispose()
    return last.replace(tzinfo=UTC) + timedelta(days=1)


async def mail_link(app: Any, who: str) -> str:
    """Send what the outbox owes (the sign-in link among it) as the worker would, to the
    embedded defaults' .eml folder, and read the link mailed to `who` from it."""
    from ethicsbot.bootstrap import build_transport
    from mail.dispatch import dispatch_once

    transport = build_transport(app.settings)
    while await dispatch_once(app.dispatch_deps(), transport):
        pass
    for path in sorted(app.settings.outbox_dir.glob("sign-in-*.eml"),
                       key=lambda p: p.stat().st_mtime, reverse=True):
        message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        if who not in str(message["To"]):
            continue
        body = message.get_body(("plain",))
        found = re.search(r"http://127\.0\.0\.1:\d+/\S+", body.get_content()) \
            if body is not None else None
        if found:
            return found.group(0)
    sys.exit(f"no sign-in link for {who} in {app.settings.outbox_dir}")


async def sign_in(page: Any, base: str, app: Any, who: str) -> None:
    """Through the sign-in page and the mailed link, as the README says to."""
    await page.goto(base + "/sign-in")
    await page.get_by_label("Email address").fill(who)
    await page.get_by_role("button", name="Mail me a sign-in link").click()
    await page.goto(await mail_link(app, who))
    await page.get_by_role("button", name="Sign in").click()
    await page.wait_for_url(base + "/docket")


def small(path: Path, screen: int) -> None:
    """The shot cut at three screens (`SCREENS`: what the case page is meant to fit in
    before a part is opened; a page is never cut mid-way through its first screens) and
    made a 256-colour palette PNG, compressed as far as PNG goes."""
    with Image.open(path) as shot:
        width, height = shot.size
        kept = shot.convert("RGB").crop((0, 0, width, min(height, SCREENS * screen)))
    kept.quantize(colors=256, method=Image.Quantize.MEDIANCUT,
                  dither=Image.Dither.NONE).save(path, optimize=True)


async def shoot(page: Any, base: str, shots: list[tuple[str, str, bool]], only: str) -> None:
    for prefix, (width, height) in WIDTHS.items():
        await page.set_viewport_size({"width": width, "height": height})
        for name, path, on_phone in shots:
            if (prefix and not on_phone) or only not in prefix + name:
                continue
            answer = await page.goto(base + path)
            if answer is None or answer.status != 200:
                sys.exit(f"{path} answered {answer.status if answer else 'nothing'}")
            target = SHOTS / f"{prefix}{name}.png"
            await page.screenshot(path=str(target), full_page=True)
            tall = await page.evaluate("document.documentElement.scrollHeight")
            small(target, height)
            print(f"{target.relative_to(ROOT)}  {target.stat().st_size // 1024} KB "
                  f"(the page {tall} px tall at {width} px)")


async def main(only: str) -> None:
    from aiohttp import web
    from playwright.async_api import async_playwright

    folder = Path(tempfile.mkdtemp(prefix="ethicsbot-shots-"))
    try:
        demo = folder / "demo-output"
        subprocess.run([str(ETHICSBOT), "demo", "--dir", str(demo)], cwd=folder, check=True,
                       stdout=subprocess.DEVNULL)
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        database = f"sqlite:///{demo / 'ethicsbot.db'}"
        os.environ.update({"ETHICSBOT_DATABASE_URL": database, "ETHICSBOT_WEB_URL": base,
                           "ETHICSBOT_POSTINGS_DIR": str(demo / "postings"),
                           "ETHICSBOT_OUTBOX_DIR": str(folder / "outbox")})
        from ethicsbot.bootstrap import bootstrap, build_web_app

        shown_at = after_the_story(database)
        app = bootstrap(clock=lambda: shown_at)
        runner = web.AppRunner(build_web_app(app, None))
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", port).start()
        try:
            SHOTS.mkdir(parents=True, exist_ok=True)
            async with async_playwright() as p:
                browser = await p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                  args=FLAGS)
                for who, shots in [("", PUBLIC), *READERS]:
                    context = await browser.new_context()  # each reader's own cookies
                    page = await context.new_page()
                    if who:
                        await sign_in(page, base, app, who)
                    await shoot(page, base, shots, only)
                    await context.close()
                await browser.close()
        finally:
            await runner.cleanup()
            app.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="", help="remake only the shots whose name has this")
    asyncio.run(main(parser.parse_args().only))
