"""The slot tagger end to end on a small model trained here: annotations, tokens, features, training, the
artefact, reading with and without names the requester knows."""

import json
from pathlib import Path

import pytest

from planning.understanding.learned import artefact, spans, tagger_train
from planning.understanding.learned.tagger import PREFIX, SlotTagger, bio, decode, known_marks
from planning.understanding.learned.tagger_lazy import LazyTagger
from planning.understanding.learned.tokens import tokenize

NAMES = ["dana", "kofi", "maria", "tom", "priya", "omar", "lena", "sam"]
PLACES = ["blue bottle", "room 4", "the office", "cafe luna"]
TITLES = ["standup", "pairing session", "budget review", "design sync"]


def _lines() -> list[dict[str, object]]:
    lines: list[dict[str, object]] = []
    for n, name in enumerate(NAMES):
        title, place = TITLES[n % len(TITLES)], PLACES[n % len(PLACES)]
        lines.append({"annotation": f"email [person : {name}] about the report"})
        lines.append({"annotation": f"book [event_name : {title}] w/ [person : {name}] at [place_name : {place}]"})
        lines.append({"annotation": f"move my [event_name : {title}] to [date : friday] [time : 3pm]"})
        lines.append({"annotation": f"set up a call with [person : {name}] [date : tomorrow]"})
    lines += [{"text": "what is the weather like"}, {"text": "play some music please"}]
    return lines


@pytest.fixture
def training_file(tmp_path: Path) -> Path:
    path = tmp_path / "own_slots_small.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in _lines()) + "\n")
    return path


def test_an_annotation_gives_back_its_text_and_typed_spans():
    text, found = spans.parse("add [person : jim] to [event_name : standup] at [time : five pm]")
    assert text == "add jim to standup at 5 pm"  # spoken numbers as understanding reads them
    assert [(s.kind, text[s.start : s.end]) for s in found] == [
        ("person", "jim"),
        ("event_name", "standup"),
        ("time", "5 pm"),
    ]


def test_public_types_planbot_does_not_read_are_no_span():
    text, found = spans.parse("play [song_name : hips don't lie] for [person : ana]")
    assert [(s.kind, text[s.start : s.end]) for s in found] == [("person", "ana")]


def test_a_possessive_is_a_token_of_its_own_and_no_part_of_a_name():
    tokens = tokenize("pool party at jack's place w/dana 3:30pm")
    assert [t.text for t in tokens] == ["pool", "party", "at", "jack", "'s", "place", "w", "/", "dana", "3:30pm"]
    labels = bio(tokens, [("person", 14, 20)])  # the annotation holds "jack's"
    assert decode("pool party at jack's place w/dana 3:30pm", tokens, labels, [1.0] * len(tokens))[0].text == "jack"


def test_known_names_mark_their_tokens_and_a_contacts_first_name():
    tokens = tokenize("lunch with priya and the acme corp team")
    marks = known_marks(tokens, {"priya shah": "person", "acme corp": "company"})
    assert marks == [None, None, "person", None, None, "company", "company", None]


def test_a_trained_tagger_reads_people_titles_places_and_times(training_file: Path, tmp_path: Path):
    report = tagger_train.train([training_file], tmp_path, seed=1)
    assert report.path.name == f"{PREFIX}{tagger_train.fingerprint([training_file], 1)}.pkl"
    loaded = artefact.load_any(report.path)
    tagger = SlotTagger(loaded)  # type: ignore[arg-type]
    read = {(s.kind, s.text) for s in tagger.read("book standup w/ omar at blue bottle")}
    assert read == {("event_name", "standup"), ("person", "omar"), ("place_name", "blue bottle")}
    moved = tagger.read("move my design sync to friday 3pm")
    assert [(s.kind, s.text) for s in moved] == [("event_name", "design sync"), ("date", "friday"), ("time", "3pm")]
    assert all(0.0 < s.probability <= 1.0 for s in moved)
    assert tagger.read("what is the weather like") == ()


def test_the_same_files_and_seed_give_the_same_model(training_file: Path, tmp_path: Path):
    first = artefact.load_any(tagger_train.train([training_file], tmp_path / "a", seed=3).path)
    second = artefact.load_any(tagger_train.train([training_file], tmp_path / "b", seed=3).path)
    assert first.model == second.model  # type: ignore[attr-defined]


def test_first_use_builds_the_tagger_and_without_data_reads_nothing(training_file: Path, tmp_path: Path):
    missing = LazyTagger([tmp_path / "own_slots_none.jsonl"], tmp_path / "empty")
    assert missing.read("email dana") == ()
    lazy = LazyTagger([training_file], tmp_path / "built")
    assert ("person", "dana") in {(s.kind, s.text) for s in lazy.read("email dana about the report")}
    assert len(list((tmp_path / "built").glob(f"{PREFIX}*.pkl"))) == 1
