"""An approval said for every card of the plan ("yes both", "all good, send them"; ``Decide.covering``): it stands
for the plan's writes still to come. Each later card is still shown — as approved, with the words that approved it
(:class:`~planning.engine.replies.ApprovedCard`) — and runs without a second question. A card that warns of
something the approval could not have seen (a busy time, a record that exists already: ``CardChecks``) is asked as
usual, and the reply says why."""

from planning.engine.replies import ApprovedCard, AskApproval, Reply, Say, ShowPlan
from planning.engine.session import Question, Session, Standing, StepRun


def later_writes(session: Session, run: StepRun) -> list[StepRun]:
    """The plan's changes still to come after ``run``: its card lists them, and approving it approves them too
    (one request, one approval, as people expect of a plan they asked for in one message); each is still shown, as
    approved, and one that warns of something waits. None once an approval for every card stands already."""
    if session.standing is not None:
        return []
    return [other for other in session.steps if other is not run and other.kind == "write" and other.state == "pending"]


def approved_with(session: Session, by: str, said: str) -> None:
    """An approval of a card that listed the plan's later changes: it stands for them (``later_writes``)."""
    question = session.question
    if question is not None and question.then and session.standing is None:
        session.standing = Standing(by=by, said=said, steps=list(question.then))


def covered(session: Session) -> Question | None:
    """The approval asked now, when an approval said earlier stands for it."""
    question = session.question
    if session.standing is None or question is None or question.kind != "approval" or question.step_id is None:
        return None
    steps = session.standing.steps
    return question if not steps or question.step_id in steps else None  # a change its card did not list: asked


def warned(question: Question) -> bool:
    """Whether the card warns of something, or offers something to do instead of approving it."""
    checks = question.checks
    return checks is not None and bool(checks.notices or checks.choices)


def shown_approved(session: Session, replies: list[Reply]) -> list[Reply]:
    """``replies`` with the card asked for the step now waiting shown as approved by the standing approval, and the
    plan shown once (the last time)."""
    question, standing = session.question, session.standing
    assert question is not None and standing is not None
    marked: list[Reply] = []
    for reply in replies:
        if isinstance(reply, AskApproval) and reply.step_id == question.step_id:
            marked.append(ApprovedCard(card=reply, said=standing.said))
        elif not isinstance(reply, ShowPlan):
            marked.append(reply)
    return marked


def not_covered(session: Session) -> Say:
    """Why a card waits although an approval for every card was said."""
    standing = session.standing
    assert standing is not None
    return Say(text=f"This one waits for you: it warns of something your “{standing.said}” did not see.")
