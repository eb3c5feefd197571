"""Files in a plan's thread (contract §2.7): the files a step names, as known, and files shared in a reply while the
plan is open, which answer its question for a file (the ``attachments`` placeholder of "attach the deck") or else
join every email of the plan not sent yet.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from planning.engine.file_facts import ATTACHMENTS, AttachedFile
from planning.engine.replies import Say
from planning.engine.session import Session, StepRun
from planning.planner.shared_files import SENDING_TOOLS, with_shared_files
from planning.types import Plan

FILE_QUESTION = "Please share the file for “{intent}” in this thread (drag it into your reply)."
NOT_A_FILE = "that is not a file: share the file itself in this thread, or reply “skip” to send without it"


def described(session: Session, arguments: dict[str, Any]) -> list[AttachedFile]:
    """The files a step's ``attachments`` argument names, in order, with what the plan knows of each."""
    refs = arguments.get(ATTACHMENTS)
    if not isinstance(refs, list) or not refs:
        return []
    known = {file.ref: file for file in session.files}
    for run in session.steps:
        if run.state == "done":
            for listed in _listed_files(run.result):
                known.setdefault(listed.ref, listed)
    return [known.get(ref.strip()) or AttachedFile(ref=ref.strip()) for ref in refs if isinstance(ref, str)]


def _listed_files(result: Any, depth: int = 0) -> Iterable[AttachedFile]:
    """Attachments an earlier step found (``fetch_emails``: ``attachments: [{ref, name, size}]``)."""
    if depth > 4:
        return
    if isinstance(result, list):
        for item in result:
            yield from _listed_files(item, depth + 1)
    elif isinstance(result, dict):
        listed = result.get(ATTACHMENTS)
        for file in listed if isinstance(listed, list) else []:
            if isinstance(file, dict) and isinstance(file.get("ref"), str):
                size = file.get("size")
                yield AttachedFile(
                    ref=file["ref"],
                    name=str(file["name"]) if file.get("name") else None,
                    size=size if isinstance(size, int) else None,
                )


@dataclass(frozen=True)
class Attached:
    """What files shared in the thread did: the steps that now carry them; ``answered``: they were the answer to
    the question for a file; ``reopened``: an approval they changed was taken back, to be asked again."""

    steps: list[StepRun]
    answered: bool = False
    reopened: bool = False
    refs: tuple[str, ...] = ()


def attach_in_thread(session: Session, refs: Sequence[str]) -> Attached:
    """Files shared in a reply to the open plan ``session`` (changed in place): the answer to its question for a
    file, or else attached to every email of the plan not sent yet (an approval shown for one is taken back)."""
    question = session.question
    if question is not None and question.kind == "value" and question.name == ATTACHMENTS and question.step_id:
        run = session.step(question.step_id)
        run.answers[ATTACHMENTS] = list(refs)
        session.question, run.state = None, "pending"
        return Attached(steps=[run], answered=True, refs=tuple(refs))
    changed: list[StepRun] = []
    reopened = False
    for run in session.steps:
        if run.step.tool not in SENDING_TOOLS or run.state not in ("pending", "waiting") or run.step.for_each:
            continue
        run.step = with_shared_files(Plan(steps=(run.step,)), refs).steps[0]
        if run.edited is not None:
            had = run.edited.get(ATTACHMENTS)
            kept = [ref for ref in had if isinstance(ref, str)] if isinstance(had, list) else []
            run.edited = {**run.edited, ATTACHMENTS: list(dict.fromkeys([*kept, *refs]))}
        run.approved_hash = None
        if question is not None and question.step_id == run.id and question.kind in ("approval", "past_start"):
            session.question, run.state, reopened = None, "pending", True
        changed.append(run)
    return Attached(steps=changed, reopened=reopened, refs=tuple(refs))


def told(attached: Attached, shared: Sequence[AttachedFile]) -> Say:
    """What the files did, in a sentence."""
    names = ", ".join(file.label for file in shared)
    if not attached.steps:
        return Say(text=f"Nothing in this plan sends an email, so {names} is not attached to anything.")
    steps = ", ".join(f"“{run.step.intent}”" for run in attached.steps)
    return Say(text=f"Attached {names} to {steps}.")


__all__ = ["ATTACHMENTS", "FILE_QUESTION", "NOT_A_FILE", "Attached", "attach_in_thread", "described", "told"]
