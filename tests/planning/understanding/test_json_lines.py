from pathlib import Path

import pytest

from planning.understanding.json_lines import json_lines


def test_values_of_non_blank_lines_in_order(tmp_path: Path) -> None:
    path = tmp_path / "examples.jsonl"
    path.write_text('{"text": "a"}\n\n  \n["b"]\n', encoding="utf-8")
    assert list(json_lines(path)) == [{"text": "a"}, ["b"]]


def test_line_that_is_not_json_is_named(tmp_path: Path) -> None:
    path = tmp_path / "examples.jsonl"
    path.write_text('{"text": "a"}\n\n{"text": \n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"examples\.jsonl:3: not JSON"):
        list(json_lines(path))
