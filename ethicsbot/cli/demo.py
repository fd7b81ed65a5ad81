"""`ethicsbot demo`: a narrated run of one complaint through the whole procedure."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import click


def register(group: click.Group) -> None:
    group.add_command(demo)


@click.command()
@click.option("--dir", "folder", type=click.Path(path_type=Path), default=Path("demo-output"),
              show_default=True, help="Where the demo's database, notices and invites go "
              "(emptied first).")
def demo(folder: Path) -> None:
    """Run one complaint from receipt to the council's decision on a simulated clock, and
    leave every notice and invite it produced in a folder you can open."""
    from rich.console import Console

    from ethicsbot.demo.story import Story

    if folder.exists():
        if not (folder / "ethicsbot.db").exists() and any(folder.iterdir()):
            from ethicsbot.cli.terminal import CliError

            raise CliError(f"{folder} exists and is not a demo folder; choose another --dir")
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    console = Console()
    started = time.monotonic()
    story = Story(folder, console)
    import asyncio

    asyncio.run(story.tell())
    outbox = folder / "outbox"
    files = sorted(outbox.glob("*.eml"))
    invites = [f for f in files if ".invite_" in f.name]
    console.print(f"\nDone in {time.monotonic() - started:.1f} s. {len(files)} messages in "
                  f"{outbox}/ ({len(invites)} of them calendar invites), the database in "
                  f"{folder / 'ethicsbot.db'}.")
    postings = sorted((folder / "postings").glob("*.pdf"))
    console.print(f"{len(postings)} meeting postings (HTML and printable PDF, listed in "
                  f"{folder / 'postings' / 'index.html'}).")
    console.print("Open any .eml with your mail program, or look at the case with: "
                  f"ETHICSBOT_DATABASE_URL=sqlite:///{folder / 'ethicsbot.db'} ethicsbot case "
                  f"{story.number} (and its meetings' minutes with `ethicsbot minutes "
                  f"{story.number} 2`)")
