"""A message of several lines as the one line the understanding reads, each line that starts a request of its own
kept apart (contract §2.9: several requests in one message are several goals).

Slack messages put a second request on a new line ("…since friday?" ⏎ "also anything unread from …"); joined with a
space, the two read as one clause. A line that begins with an action of its own (as the classifier knows them) is
joined with "; ", a clause boundary; any other line, and every line after one ending in ":" (the text to send after
"saying:"), with a space.
"""

from planning.understanding.classifier import next_clause

_RUNS_ON = (":", ",", ";", ".")  # a line ending so goes on into the next, or has already ended its clause


def one_line(text: str) -> str:
    """``text`` with its line breaks made clause boundaries where a request starts, spaces elsewhere."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) < 2:
        return text
    joined, block = lines[0], lines[0].endswith(":")
    for line in lines[1:]:
        candidate = f"{joined}; {line}"
        starts = not block and not joined.endswith(_RUNS_ON) and next_clause(candidate, len(joined)) == len(joined)
        joined = candidate if starts else f"{joined} {line}"
        block = block or line.endswith(":")  # the lines after "saying:" are what it says, whatever their verbs
    return joined
