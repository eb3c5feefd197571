"""The steps a decision names by the kind of thing they make or change ("skip the email", "skip the meeting"): the
open writes whose goal is of the kind the understanding read (``Decide.target``: email, event, task, deal, …)."""

from integrations.base.catalog import ToolCatalog
from planning.engine.session import Session, StepRun


def named(session: Session, catalog: ToolCatalog, target: str) -> list[StepRun]:
    """The writes not run yet whose goal is a ``target`` ("email": a send, a reply, a forward)."""
    found = []
    for run in session.steps:
        spec = catalog.get(run.step.tool)
        goal = spec.goal_of(run.step.inputs) if spec is not None else None
        if run.kind == "write" and run.state in ("pending", "waiting") and goal is not None and goal[1] == target:
            found.append(run)
    return found
