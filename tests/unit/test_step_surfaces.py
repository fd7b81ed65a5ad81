"""Every step a person takes (one the table gives to a role) can be taken on every surface:
Slack's words (`bot.commands.steps.SPECS`, which `ethicsbot step` takes too) and a web
form derived from its command (`web.forms.inputs`). A step added to `cases.steps.STEPS`
without them fails here."""

from __future__ import annotations

import pytest

from bot.commands.steps import SPECS, SPECS_BY_WORDS, find_spec
from cases.access import actor_for
from cases.steps import STEPS, StepRule
from tests.unit.cases.riverton import DIRECTORY
from web.forms import inputs

TAKEN_BY_PEOPLE = [s for s in STEPS if s.roles]


@pytest.mark.parametrize("rule", TAKEN_BY_PEOPLE, ids=lambda r: r.id.value)
def test_each_step_a_person_takes_has_slack_words_and_so_a_cli_path(rule: StepRule) -> None:
    specs = [s for s in SPECS if s.step is rule.id]
    assert specs, f"{rule.id.value}: no Slack words (bot.commands.steps.SPECS)"
    for spec in specs:
        assert spec.usage.startswith(spec.words) and spec.example.startswith(spec.words)
        assert find_spec(spec.example.split())[0] is spec  # `ethicsbot step` finds it too


@pytest.mark.parametrize("rule", TAKEN_BY_PEOPLE, ids=lambda r: r.id.value)
def test_each_step_a_person_takes_has_a_web_form(rule: StepRule) -> None:
    clerk = actor_for(DIRECTORY, "clerk@city.test")
    form = inputs(rule, clerk, DIRECTORY)  # a field with no input kind raises TypeError
    assert len({i.name for i in form}) == len(form)


def test_no_two_slack_words_name_one_thing_twice() -> None:
    assert len(SPECS_BY_WORDS) == len(SPECS)
    shapes = [(s.step, s.usage) for s in SPECS]
    assert len(set(shapes)) == len(shapes)


def test_a_body_act_by_motion_says_so_in_its_slack_usage() -> None:
    for spec in SPECS:
        rule = next(r for r in STEPS if r.id is spec.step)
        assert rule.by_motion == ("motion:" in spec.usage), spec.words
