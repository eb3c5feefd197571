"""The reply-act classifier's data and training: a malformed line is left out and counted, never half read; the same
files and seed give the same model; the model's fingerprint follows its data."""

import json
from pathlib import Path

from planning.understanding.learned.replies import data, train


def _line(reply: str, segments: list[tuple[str, str]], kind: str = "approval") -> str:
    bot = {"kind": kind, "text": "Book it?", "asked": None, "doing": "create_calendar_event"}
    parts = [{"text": text, "act": act} for text, act in segments]
    return json.dumps({"id": "t1", "bot": bot, "reply": reply, "segments": parts, "acts": []})


def test_malformed_lines_are_left_out_and_counted(tmp_path: Path) -> None:
    path = tmp_path / "replies_t.jsonl"
    lines = [
        _line(
            "argh, the plumber comes then. make it 5",
            [("argh, the plumber comes then.", "none"), ("make it 5", "correct")],
        ),
        _line("sure, go", [("sure", "approve"), ("go", "approve")]),  # the segments do not join to the reply
        _line("nope", [("nope", "refuse")]),  # no such act
        _line("nope", [("nope", "cancel")], kind="greeting"),  # no such kind of bot message
        "{not json",
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    read = data.read([path])
    assert (read.lines, read.dropped) == (5, 4)
    assert [(s.text, s.act, s.kind, s.asked, s.source) for s in read.segments] == [
        ("argh, the plumber comes then.", "none", "approval", "none", "replies_t"),
        ("make it 5", "correct", "approval", "none", "replies_t"),
    ]


def _files(tmp_path: Path) -> list[Path]:
    path = tmp_path / "replies_t.jsonl"
    rows = [
        ("yes please go", "approve"),
        ("sure, ship it", "approve"),
        ("yep do it", "approve"),
        ("drop the whole thing", "cancel"),
        ("forget it all", "cancel"),
        ("no, scrap it", "cancel"),
        ("the vet moved my slot", "none"),
        ("my kid is sick", "none"),
        ("traffic is awful today", "none"),
    ]
    path.write_text("\n".join(_line(text, [(text, act)]) for text, act in rows) + "\n", encoding="utf-8")
    return [path]


def test_the_same_files_and_seed_give_the_same_model(tmp_path: Path) -> None:
    files = _files(tmp_path)
    first = train.fit(data.read(files).segments)
    second = train.fit(data.read(files).segments)
    text = ["okay go ahead qkapproval qanone qkapprovalqanone"]
    assert (first.probabilities(text) == second.probabilities(text)).all()


def test_the_fingerprint_follows_the_data(tmp_path: Path) -> None:
    files = _files(tmp_path)
    before = train.fingerprint(files)
    assert before == train.fingerprint(files)
    files[0].write_text(files[0].read_text(encoding="utf-8") + _line("ok", [("ok", "approve")]) + "\n", "utf-8")
    assert train.fingerprint(files) != before


def test_a_trained_model_is_saved_and_read_back(tmp_path: Path) -> None:
    from planning.understanding.learned.replies.lazy import LazyReplyActs

    files = _files(tmp_path)
    report = train.train(files, tmp_path / "models")
    assert report.path.is_file() and report.examples == 9
    found = LazyReplyActs(files, tmp_path / "models").read("yes do it", "approval")
    assert max(found, key=lambda act: found[act]) == "approve"
    assert abs(sum(found.values()) - 1.0) < 1e-9


def test_cross_validation_tests_each_writer_on_a_model_fitted_on_the_others(tmp_path: Path) -> None:
    """Failed before: only the files named replies_a and replies_b were held out, each on its own."""
    rows = [("yes please go", "approve"), ("drop the whole thing", "cancel"), ("my kid is sick", "none")]
    for writer in ("x", "y", "z"):
        lines = [_line(f"{text} {writer}", [(f"{text} {writer}", act)]) for text, act in rows * 2]
        (tmp_path / f"replies_{writer}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    found = train.cross_validate(sorted(tmp_path.glob("replies_*.jsonl")))
    assert set(found) == {"random", "->x", "->y", "->z", "by writer"}
    assert [found[name]["n"] for name in ("->x", "->y", "->z", "by writer")] == [6, 6, 6, 18]
