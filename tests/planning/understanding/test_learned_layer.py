"""The learned layer end to end on a small real model: training, the artefact, the parser, choices."""

import json
import logging
from pathlib import Path

import pytest
from click.testing import CliRunner

from bot.cli import main
from planning.output import output_line
from planning.pipeline import RequestPlanner, Understood
from planning.types import Goal, MetaGoal, ParseResult, Plan
from planning.understanding.learned import data, train
from planning.understanding.learned.lazy import LazyJudge
from planning.understanding.learned.policy import Candidate, Verdict
from planning.understanding.learned.reading import with_choices
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM

LINES = {
    ("find", "event"): ["what is on my calendar today", "what meetings do i have tomorrow", "show my schedule"],
    ("create", "event"): ["schedule a meeting tomorrow at 3", "put lunch on my calendar", "book a call at 10"],
    ("send", "email"): ["email john the report", "send an email to sara", "write an email to my boss"],
    ("find", "email"): ["any new emails", "show my unread emails", "did john email me"],
    ("unsupported", "none"): [
        "set an alarm for 7",
        "what is the weather",
        "play some music",
        "move the alarm to 8",
        "push the alarm back an hour",
        "move my alarm to 6",
        "turn on the lights",
        "tell me the news",
    ],
}


@pytest.fixture
def training_file(tmp_path: Path) -> Path:
    path = tmp_path / "small_train.jsonl"
    # each line three times: a label is learned from MIN_EXAMPLES (8) examples on
    rows = [
        {"id": f"s{n}-{k}-{copy}", "text": text, "expect": {"goals": [list(label)]}}
        for n, (label, texts) in enumerate(LINES.items())
        for k, text in enumerate(texts)
        for copy in range(3)
    ]
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    return path


def test_first_use_trains_and_saves_the_artefact(training_file: Path, tmp_path: Path):
    folder = tmp_path / "model"
    judge = LazyJudge([training_file], folder)
    assert judge.loaded() is not None
    assert [p.name for p in folder.glob("understanding-*.pkl")] == [
        f"understanding-{train.fingerprint([training_file])}.pkl"
    ]


def test_the_same_files_and_seed_give_the_same_model(training_file: Path, tmp_path: Path):
    one = LazyJudge([training_file], tmp_path / "one").loaded()
    two = LazyJudge([training_file], tmp_path / "two").loaded()
    assert one is not None and two is not None
    texts = ["cancel my dentist", "what's the weather"]
    assert (one.classifier.probabilities(texts) == two.classifier.probabilities(texts)).all()
    assert one.classifier.probabilities(texts).shape == (2, len(one.classifier.classes))


def test_the_fingerprint_follows_the_data_and_the_seed(training_file: Path):
    before = train.fingerprint([training_file])
    assert train.fingerprint([training_file], seed=1) != before
    training_file.write_text(training_file.read_text() + json.dumps({"id": "x", "text": "hi", "expect": {}}) + "\n")
    assert train.fingerprint([training_file]) != before


def test_the_parse_says_which_part_decided(training_file: Path, tmp_path: Path):
    service = GoalUnderstandingService(learned=LazyJudge([training_file], tmp_path / "model"))
    parse = service.parse("what meetings do i have today", MONDAY_9AM)
    assert [(g.intent, g.entity) for g in parse.goals] == [("find", "event")]
    assert parse.explanation.startswith("classifier 0.")
    assert "find/event; rules agreed" in parse.explanation


def test_a_goal_the_classifier_has_no_examples_of_is_never_vetoed(training_file: Path, tmp_path: Path):
    # the small model has seen only "move the alarm"-like texts out of scope, and no calendar changes
    service = GoalUnderstandingService(learned=LazyJudge([training_file], tmp_path / "model"))
    parse = service.parse("move my 3pm meeting to 4pm", MONDAY_9AM)
    assert [(g.intent, g.entity) for g in parse.goals] == [("update", "event")]
    assert "rules decided: the classifier has no examples of update/event" in parse.explanation


def test_without_training_data_the_rules_decide_with_one_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
):
    monkeypatch.setattr(data, "SHARED_FILE", tmp_path / "absent" / "hwu_train.jsonl")
    learned = GoalUnderstandingService(learned=LazyJudge(folder=tmp_path / "empty"))
    rules = GoalUnderstandingService(rules_only=True)
    with caplog.at_level(logging.WARNING, logger="planning.understanding.learned.lazy"):
        for text in ("email John the report", "what is the weather"):
            assert learned.parse(text, MONDAY_9AM) == rules.parse(text, MONDAY_9AM)
    assert [r.getMessage() for r in caplog.records] == [
        f"understanding uses the rules alone: no training data at {tmp_path / 'absent' / 'hwu_train.jsonl'}"
    ]


def test_planbot_train_builds_the_model_and_warns_without_data(
    training_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    folder = tmp_path / "model"
    built = CliRunner().invoke(main, ["train", str(training_file), "--folder", str(folder)])
    assert built.exit_code == 0, built.output
    assert "understanding classifier: 60 examples" in built.output
    assert "slot tagger: 60 examples" in built.output  # the same files: lines without annotation teach no slot
    again = CliRunner().invoke(main, ["train", str(training_file), "--folder", str(folder), "--if-missing"])
    assert again.output.splitlines() == [
        "slot tagger: up to date",
        "reply-act classifier: up to date",
        "segment tagger: up to date",
        "understanding classifier: up to date",
    ]
    monkeypatch.setattr(data, "SHARED_FILE", tmp_path / "absent.jsonl")
    missing = CliRunner().invoke(main, ["train", "--folder", str(folder)])
    assert missing.exit_code == 0
    assert "understanding uses the rules alone" in missing.output


def test_an_unsure_parse_offers_the_likeliest_readings_in_the_output_line():
    goal = Goal(intent="find", entity="email")
    parse = ParseResult(
        meta=MetaGoal(meta_type="single", goals=(goal,)), confidence=0.4, clarify="Do you want me to ...?"
    )
    verdict = Verdict(
        "find",
        "email",
        0.4,
        "classifier",
        "classifier 0.40: find/email",
        (Candidate("find", "email", 0.4), Candidate("find", "contact", 0.3), Candidate("send", "email", 0.2)),
    )
    line = output_line("x", Understood(with_choices(parse, verdict), Plan()))
    assert line["parse"]["choices"] == [
        {"intent": "find", "entity": "email", "confidence": 0.4},
        {"intent": "find", "entity": "contact", "confidence": 0.3},
        {"intent": "send", "entity": "email", "confidence": 0.2},
    ]
    assert line["parse"]["clarify"] == (
        "Do you want me to look through your email, look up a contact or send an email?"
    )


def test_a_sure_parse_offers_no_choices():
    line = output_line(
        "x",
        RequestPlanner(GoalUnderstandingService(rules_only=True)).understand("Email John the sales report", MONDAY_9AM),
    )
    assert line["parse"]["choices"] == []


def test_choices_are_ordered_by_likelihood_even_when_the_rules_reading_is_less_likely():
    goal = Goal(intent="find", entity="contact")
    parse = ParseResult(meta=MetaGoal(meta_type="single", goals=(goal,)), confidence=0.51, clarify="Which?")
    verdict = Verdict(
        "find",
        "contact",
        0.51,
        "rules",
        "rules decided",
        (Candidate("create", "contact", 0.69), Candidate("send", "email", 0.17)),
    )
    chosen = with_choices(parse, verdict)
    assert [(c.intent, c.entity, c.confidence) for c in chosen.choices] == [
        ("create", "contact", 0.69),
        ("find", "contact", 0.51),
        ("send", "email", 0.17),
    ]
    assert [(g.intent, g.entity) for g in chosen.goals] == [("find", "contact")]


def test_an_unsure_classifier_reading_asks_which_with_choices_even_when_the_rules_were_sure():
    goal = Goal(intent="find", entity="event")
    parse = ParseResult(meta=MetaGoal(meta_type="single", goals=(goal,)), confidence=0.8)
    candidates = (Candidate("find", "event", 0.48), Candidate("find", "availability", 0.41))
    unsure = Verdict("find", "event", 0.48, "classifier", "classifier 0.48: find/event", candidates, unsure=True)
    sure = Verdict("find", "event", 0.48, "classifier", "classifier 0.48: find/event", candidates)
    asked = with_choices(parse, unsure)
    assert [(c.intent, c.entity) for c in asked.choices] == [("find", "event"), ("find", "availability")]
    assert asked.clarify == "Do you want me to look at your calendar or find free time on your calendar?"
    assert with_choices(parse, sure) == parse


def test_each_clause_of_several_requests_is_judged(training_file: Path, tmp_path: Path) -> None:
    service = GoalUnderstandingService(learned=LazyJudge([training_file], tmp_path / "model"))
    parse = service.parse("what meetings do i have today and email john the report", MONDAY_9AM)
    assert [(g.intent, g.entity) for g in parse.goals] == [("find", "event"), ("send", "email")]
    assert "find/event; rules agreed" in parse.explanation
    assert "send/email; rules agreed" in parse.explanation


def test_a_clause_acting_on_what_the_one_before_finds_is_left_to_the_rules(training_file: Path, tmp_path: Path) -> None:
    service = GoalUnderstandingService(learned=LazyJudge([training_file], tmp_path / "model"))
    parse = service.parse("find a 45 minute slot with Maria next week and book it", MONDAY_9AM)
    assert [(g.intent, g.entity) for g in parse.goals] == [("create", "event")]
    assert "classifier" not in parse.explanation


def test_each_fold_of_the_cross_validation_has_the_classes_of_all_the_data(training_file: Path) -> None:
    from planning.understanding.learned import model

    examples = data.read_examples([training_file])  # 9 lines a label: a fold's share alone would have too few
    classes, rows = model.out_of_fold([e.text for e in examples], [e.label for e in examples], seed=14)
    assert set(classes[:4]) == {"find/event", "create/event", "send/email", "find/email"}
    assert all(rows[:, classes.index(name)].max() > 0.1 for name in classes[:4])


def test_the_artefacts_classifier_gives_the_fitted_pipelines_own_probabilities(training_file: Path) -> None:
    from planning.understanding.learned import model

    examples = data.read_examples([training_file])
    texts, labels = [e.text for e in examples], [e.label for e in examples]
    fitted = model.pipeline(seed=14).fit(texts, labels)
    copied = model.fit(texts, labels, seed=14)
    probe = ["cancel my dentist", "what's   the weather in Paris?", "email priya the deck", "a", "zzzz", ""]
    expected = fitted.predict_proba(probe)
    order = [list(fitted.classes_).index(name) for name in copied.classes if name in fitted.classes_]
    got = copied.probabilities(probe)[:, : len(order)]
    assert got == pytest.approx(expected[:, order], abs=1e-9)


def test_the_saved_model_needs_no_scikit_learn_to_load(training_file: Path, tmp_path: Path) -> None:
    import pickle

    loaded = LazyJudge([training_file], tmp_path / "model").loaded()
    assert loaded is not None
    assert b"sklearn" not in pickle.dumps(loaded)  # planbot plan's cold start imports no scikit-learn
