"""The thresholds of the reply-act classifier's uses, read on replies the model never saw:
``python -m devtools.reply_act_thresholds``.

Every writer's file is read by a model fitted on the other files (the ``by writer`` folds of
:func:`planning.understanding.learned.replies.train.cross_validate`). Over those held-out readings, for each threshold:

- decisions (:func:`planning.understanding.commands.segment_acts.decision`, on the labelled segments of each reply,
  where the open question takes the act): how many replies are decided as each act, and the precision (the reply says
  that act and no other command) and recall. A wrong approve, cancel or undo is a harm: their precision must stay
  high;
- comments (a clause left out when ``none`` is this likely): precision, recall;
- corrections said without a lead at a card (``correct`` this likely): precision, recall.
"""

import argparse
from collections import defaultdict
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from planning.understanding.commands._words import Reply
from planning.understanding.commands.segment_acts import COMMENT, DECISIONS, ClauseAct, decision
from planning.understanding.learned.replies import data as reply_data
from planning.understanding.learned.replies import train as reply_acts_train

GRID = (0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95)
# where the reader takes each decision (learned_reading.decided): the kinds of bot message it may answer
TAKEN_AT = {
    "approve": ("approval", "clarify"),
    "cancel": ("approval", "value", "pick", "clarify"),
    "skip": ("approval", "value", "pick"),
    "thanks": ("done",),
    "undo": ("done",),
}


def held_out(segments: Sequence[reply_data.Segment], seed: int) -> NDArray[np.float64]:
    writers = sorted({s.source for s in segments})
    tests = [[i for i, s in enumerate(segments) if s.source == w] for w in writers]
    trains = [[i for i, s in enumerate(segments) if s.source != w] for w in writers]
    return reply_acts_train.out_of_fold(segments, tests, trains, seed)


def decisions(
    segments: Sequence[reply_data.Segment], probabilities: NDArray[np.float64], act: str, sure: float, comment: float
) -> tuple[int, int, int]:
    """(replies decided as ``act``, of them rightly, replies that are ``act``) at thresholds ``sure`` and
    ``comment``."""
    replies: dict[int, list[int]] = defaultdict(list)
    for index, segment in enumerate(segments):
        replies[segment.reply].append(index)
    said = right = truly = 0
    for indices in replies.values():
        if segments[indices[0]].kind not in TAKEN_AT[act]:
            continue
        acts = []
        for i in indices:
            best = int(probabilities[i].argmax())
            acts.append(ClauseAct(Reply.of(segments[i].text), reply_data.ACTS[best], float(probabilities[i][best])))
        commands = {segments[i].act for i in indices} - {"none"}
        is_act = commands == {act} if act == "thanks" else commands - {"thanks"} == {act}
        found = decision(tuple(acts), {act: sure}, comment) == act
        said, right, truly = said + found, right + (found and is_act), truly + is_act
    return said, right, truly


def clause_figures(
    segments: Sequence[reply_data.Segment], probabilities: NDArray[np.float64], act: str, at: float, kinds: set[str]
) -> tuple[int, float, float]:
    """(clauses read as ``act`` at least ``at`` likely, precision, recall) over segments of ``kinds``."""
    column = reply_data.ACTS.index(act)
    rows = [i for i, s in enumerate(segments) if s.kind in kinds]
    said = [i for i in rows if probabilities[i].argmax() == column and probabilities[i][column] >= at]
    right = sum(1 for i in said if segments[i].act == act)
    truly = sum(1 for i in rows if segments[i].act == act)
    return len(said), right / len(said) if said else 1.0, right / truly if truly else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=reply_acts_train.SEED)
    args = parser.parse_args()
    segments = reply_data.read(reply_data.default_files()).segments
    probabilities = held_out(segments, args.seed)
    comment = COMMENT
    print(f"decisions (the rest of the reply a comment at >= {comment}); now: {DECISIONS}")
    print(f"{'act':<8}{'at':>6}{'said':>6}{'right':>7}{'prec':>7}{'recall':>8}")
    for act in TAKEN_AT:
        for at in GRID:
            said, right, truly = decisions(segments, probabilities, act, at, comment)
            print(f"{act:<8}{at:>6.2f}{said:>6}{right:>7}{right / said if said else 1:>7.3f}{right / truly:>8.3f}")
    every = set(reply_data.KINDS)
    for act, kinds in (("none", every), ("correct", {"approval"})):
        print(f"clauses read as {act} ({', '.join(sorted(kinds))})")
        for at in GRID:
            said, precision, recall = clause_figures(segments, probabilities, act, at, kinds)
            print(f"{act:<8}{at:>6.2f}{said:>6}{precision:>13.3f}{recall:>8.3f}")


if __name__ == "__main__":
    main()
