"""Which goal labels the classifier learns, and how labelled lines become examples (learned.labels, learned.data)."""

import json
from pathlib import Path

from planning.understanding.learned.data import read_examples
from planning.understanding.learned.labels import MIN_EXAMPLES, OUT, RULES, class_of, data_label, learned_classes


def test_every_plannable_goal_with_enough_examples_is_a_class_of_its_own():
    labels = ["update/event"] * MIN_EXAMPLES + ["create/note"] * MIN_EXAMPLES + ["update/account"] * 2 + [OUT] * 20
    classes = learned_classes(labels)
    assert classes == ("create/note", "update/event", OUT, RULES)
    assert class_of("update/account", classes) == RULES
    assert class_of("update/event", classes) == "update/event"


def test_a_draft_is_a_message_written_and_a_goal_planbot_does_not_plan_is_left_to_the_rules():
    assert data_label("create", "email") == "send/email"
    assert data_label("update", "email") == "update/email"  # marking read, archiving: planned since contract v3
    assert data_label("update", "none") == RULES
    assert data_label("chat", "none") == OUT
    assert data_label("unsupported", "none") == OUT


def test_a_line_with_two_goals_gives_one_example_per_clause(tmp_path: Path):
    path = tmp_path / "two.jsonl"
    lines = [
        {
            "id": "a",
            "text": "email tom about the launch and add a lead for globex",
            "expect": {"goals": [["send", "email"], ["create", "lead"]]},
        },
        # the splitter finds one clause where the line has two goals: the line teaches nothing
        {
            "id": "b",
            "text": "decline the demo and accept the all hands",
            "expect": {"goals": [["update", "event"], ["update", "event"], ["update", "event"]]},
        },
        {"id": "c", "text": "draft a reply to sam", "expect": {"goals": [["create", "email"]]}},
    ]
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    examples = read_examples([path])
    assert [(e.text, e.label) for e in examples] == [
        ("email tom about the launch", "send/email"),
        ("add a lead for globex", "create/lead"),
        ("draft a reply to sam", "send/email"),
    ]
