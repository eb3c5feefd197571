"""The session seen as the user's intentions (goals) with their steps, the active one first not complete."""

from planning.engine.session import Session, StepRun
from planning.engine.targets import step_heading
from planning.engine.view import Intention, PlanView, StepLine, StepShown

_SHOWN: dict[str, StepShown] = {
    "pending": "pending",
    "waiting": "waiting for you",
    "running": "running",
    "done": "done",
    "skipped": "skipped",
    "failed": "failed",
    "unknown": "unknown",
}
FINISHED = frozenset({"done", "skipped", "failed"})


def goal_title(session: Session, index: int) -> str:
    goals = session.parse.goals
    if index < len(goals) and goals[index].text:
        text = goals[index].text
        return text[0].upper() + text[1:]
    return session.text if len(goals) == 1 else f"Goal {index + 1}"


def _detail(session: Session, run: StepRun) -> str | None:
    """The thing a write acts on, named ("Move “Pipeline review” (Thu 5 Mar 14:00)"), when it differs from the
    intent. It comes from what the requester's reads found, so only views for them alone show it; so does what a read
    carried from the last plan found."""
    if run.said_privately is not None:
        return run.said_privately
    heading = step_heading(session, run)
    return heading if heading != run.step.intent else None


def _items_failed(run: StepRun) -> bool:
    """Whether an item of a repeated step failed (the step is done with the others: the goal is not achieved)."""
    return any(note.startswith("failed") for note in run.item_notes.values())


def view_of(session: Session) -> PlanView:
    parse = session.parse
    by_goal: dict[int, list[StepRun]] = {}
    for run in session.steps:
        by_goal.setdefault(run.step.goal, []).append(run)
    intentions: list[Intention] = []
    active_found = False
    for index in sorted(by_goal):
        runs = by_goal[index]
        complete = all(r.state in FINISHED for r in runs)
        active = not complete and not active_found and session.open
        active_found = active_found or active
        lines = [
            StepLine(
                id=r.id,
                intent=r.step.intent,
                detail=_detail(session, r),
                tool=r.step.tool,
                kind=r.kind,
                state=_SHOWN[r.state],
                note=r.note,
            )
            for r in runs
        ]
        achieved = all(r.state == "done" and not _items_failed(r) for r in runs)
        title = goal_title(session, index)
        intentions.append(Intention(title=title, active=active, complete=complete, steps=lines, achieved=achieved))
    understood = ", ".join(f"{g.intent}/{g.entity}" for g in parse.goals)
    return PlanView(
        session_id=session.id,
        request=session.text,
        understood=understood,
        explanation=parse.explanation,
        confidence=parse.confidence,
        state=session.state,
        intentions=intentions,
    )
