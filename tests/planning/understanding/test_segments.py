"""The segment tagger (where one thing said ends and the next begins, learned from the labelled replies) and the
clauses the reply-act reading cuts with it. Sentences here are our own, not from the training files or the dev sets."""

import json
from pathlib import Path

from planning.understanding.commands import Context, read_reply
from planning.understanding.commands._clauses import parts
from planning.understanding.commands._words import Reply
from planning.understanding.commands.asides import in_request
from planning.understanding.commands.segment_acts import SEGMENT, clause_acts, clause_spans, kept
from planning.understanding.learned.segments import data, train
from planning.understanding.learned.segments.lazy import LazySegments, segment_starts

EVENT_CARD = Context(
    question="approval", open_plan=True, doing="create_calendar_event", correctable=("datetime", "duration")
)


def _line(segments: list[str]) -> str:
    bot = {"kind": "approval", "text": "Book it?", "asked": None, "doing": "create_calendar_event"}
    parts_ = [{"text": text, "act": "none"} for text in segments]
    return json.dumps({"id": "t", "bot": bot, "reply": " ".join(segments), "segments": parts_, "acts": []})


def _files(tmp_path: Path) -> list[Path]:
    rows = [
        ["ok book it", "she runs late often"],
        ["move it to 2", "he has a call at noon"],
        ["sure,", "make it short"],
        ["yes please"],
        ["send it", "they asked twice"],
    ]
    files = []
    for name, chunk in (("replies_p", rows[:3]), ("replies_q", rows[3:])):
        path = tmp_path / f"{name}.jsonl"
        path.write_text("\n".join(_line(r) for r in chunk) + "\n", encoding="utf-8")
        files.append(path)
    return files


def test_a_token_where_people_started_a_segment_is_a_start() -> None:
    found = data.labelled_reply(["argh, the plumber comes then.", "make it 5"])
    assert [t.word for t, label in zip(found.tokens, found.labels, strict=True) if label == data.START] == [
        "argh",
        "make",
    ]


def test_a_reply_typed_without_its_marks_keeps_its_starts() -> None:
    found = data.unmarked(data.labelled_reply(["nope, too early.", "try 10"]))
    assert found is not None and found.text == "nope, too early try 10"
    assert [t.word for t, label in zip(found.tokens, found.labels, strict=True) if label == data.START] == [
        "nope",
        "try",
    ]
    assert data.unmarked(data.labelled_reply(["fine", "go"])) is None


def test_every_reply_file_is_read_and_each_writer_is_a_fold(tmp_path: Path) -> None:
    files = _files(tmp_path)
    replies = data.read(files)
    assert [r.source for r in replies] == ["replies_p"] * 3 + ["replies_q"] * 2
    found = train.out_of_fold(replies, by_writer=True)
    assert [len(p) for p in found] == [len(r.tokens) for r in replies]


def test_the_same_files_give_the_same_tagger_and_the_fingerprint_follows_them(tmp_path: Path) -> None:
    files = _files(tmp_path)
    assert train.fit(data.read(files)) == train.fit(data.read(files))
    before = train.fingerprint(files)
    (tmp_path / "replies_z.jsonl").write_text(_line(["ok", "go"]) + "\n", encoding="utf-8")
    assert train.fingerprint([*files, tmp_path / "replies_z.jsonl"]) != before


def test_a_trained_tagger_is_saved_and_read_back(tmp_path: Path) -> None:
    files = _files(tmp_path)
    report = train.train(files, tmp_path / "models")
    assert report.path.is_file() and report.examples == 5
    starts = LazySegments(files, tmp_path / "models").starts("move it to 3 she has a call")
    assert starts[0].probability == 1.0 and all(0.0 <= s.probability <= 1.0 for s in starts)


def test_a_reason_said_right_after_a_change_without_a_mark_is_a_clause_of_its_own() -> None:
    """Failed before: "make it 45 she's got a hard stop at 12" was one clause; the reason's "12" read as the change."""
    text = "make it 45 she's got a hard stop at 12"
    assert len(parts(Reply.of(text))) == 1  # the punctuation cut leaves it whole
    acts = clause_acts(Reply.of(text), EVENT_CARD)
    assert [a.clause.text for a in acts] == ["make it 45", "she's got a hard stop at 12"]
    assert [a.act for a in acts] == ["correct", "none"]
    text = "skip the email i'll call him instead"
    assert [a.clause.text for a in clause_acts(Reply.of(text), EVENT_CARD)] == [
        "skip the email",
        "i'll call him instead",
    ]


def test_the_change_beside_an_unmarked_reason_is_read_alone() -> None:
    """Failed before: the correction's value was "45 she has a hard stop at 12"."""
    [command] = read_reply("thurs 11, make it 45 she has a hard stop at 12", EVENT_CARD)[-1:]
    assert "stop" not in str(command) and "45" in str(command)
    assert in_request("make it 45 she has a hard stop at 12") == ("make it 45", ("she has a hard stop at 12",))


def test_a_clause_is_cut_only_where_the_tagger_is_sure() -> None:
    for text in ("friday 3pm works for me", "thanks that works", "move it to the big room on the third floor"):
        reply = Reply.of(text)
        assert all(s.probability < SEGMENT for s in segment_starts(text)[1:])
        assert clause_spans(reply) == ((0, len(text)),)


def test_what_is_kept_follows_the_finer_cut() -> None:
    reply = Reply.of("make it 45 she has a hard stop at 12")
    assert kept(reply, (True, False)) == "make it 45"
