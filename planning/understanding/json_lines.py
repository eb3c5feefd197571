"""Reading a JSON Lines file of examples: one value per non-blank line, a line that is not JSON named."""

import json
from collections.abc import Iterator
from pathlib import Path


def json_lines(path: Path) -> Iterator[object]:
    """The value of each non-blank line of ``path``, in order; ``ValueError`` naming the line for one not JSON."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            yield json.loads(line)
        except json.JSONDecodeError as error:
            raise ValueError(f"{path}:{number}: not JSON ({error.msg})") from error
