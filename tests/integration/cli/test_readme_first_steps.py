"""The README's first steps do what it says (issue 41, item 2): its sample complaint,
filed with the command it gives, opens on time, where the same sample taken as it is
opens with its 24 hours long missed; and the sign-in limit it states is the code's."""

from __future__ import annotations

import json
import re
import shlex
from datetime import datetime
from pathlib import Path

import pytest

from tests.integration.cli.test_cli import here, run  # noqa: F401  (the fixture)
from web.deps import WebConfig

ROOT = Path(__file__).resolve().parents[3]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def first_step() -> list[str]:
    """The README's command that files the sample, its arguments as the shell splits
    them ("$(date -Iseconds)" standing for now)."""
    [line] = [x.strip() for x in README.splitlines()
              if x.strip().startswith(".venv/bin/ethicsbot file tests/data/intake/")]
    return shlex.split(line)[1:]


def statuses(capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    code, out, _ = run(capsys, "case", "ETH-2026-0001", "--json")
    assert code == 0
    return {d["key"]: d["status"] for d in json.loads(out)["deadlines"]}


def test_the_readmes_sample_opens_on_time(here: Path,  # noqa: F811
                                          capsys: pytest.CaptureFixture[str]) -> None:
    argv = first_step()
    assert argv[:2] == ["file", "tests/data/intake/gmail-forward-letter.eml"]
    assert argv[2:] == ["--received", "$(date -Iseconds)"]
    now = datetime.now().astimezone().isoformat(timespec="seconds")  # as date -Iseconds
    code, out, _ = run(capsys, "file", str(ROOT / argv[1]), "--received", now)
    assert (code, out.strip()) == (0, "ETH-2026-0001")
    found = statuses(capsys)
    assert found["notice_24h"] == "open" and "missed" not in found.values(), found
    _, out, _ = run(capsys, "case", "ETH-2026-0001", "--json")
    assert json.loads(out)["respondents"] == ["gpruitt@city.test"]  # as the README says


def test_the_same_sample_as_it_is_opens_missed(here: Path,  # noqa: F811
                                               capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = run(capsys, "file", str(ROOT / first_step()[1]))
    assert code == 0
    assert statuses(capsys)["notice_24h"] == "missed"  # received in June 2026 (§2)
    assert "written in June 2026" in README


def test_the_readme_states_the_sign_in_limit_the_code_keeps() -> None:
    config = WebConfig(base_url="http://127.0.0.1:3000")
    window = int(config.rate_window.total_seconds() // 60)
    said = " ".join(README.split())
    assert re.search(rf"at most {config.links_per_address} are mailed per address from one "
                     rf"client \({config.links_per_client} per client, whatever the address\) "
                     rf"in {window} minutes: the {config.links_per_address + 1}th is refused",
                     said), "the README's sign-in limit is not the code's"
    assert f"A link works once, for {int(config.link_ttl.total_seconds() // 60)}" in said
