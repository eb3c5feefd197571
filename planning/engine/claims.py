"""What a write's claim in the store says happened to it, once a claim whose owner went quiet has been ended.

A claim is ``running`` while its owner renews the lease; ``done`` or ``failed`` when the step ended; ``unknown`` when
the service gave no answer or the owner stopped (the lease ran out): then the user is asked, and the step is never
run again without them. Claim keys: ``claim_key`` (a step's attempts, and later the items of a repeated step).
"""

from planning.engine.session import StepRun
from planning.store import PlanStore, StepClaim

OUTCOME_OPTIONS = ["run it again", "it went through", "skip"]
_CHOICES = "Reply “run it again”, “it went through” or “skip”."


def claim_key(run: StepRun, item: int | None = None) -> str:
    """The claim of one attempt at a step (``send``, ``send#1``) or at one item of it (``send[3]``, ``send[3]#1``)."""
    base = run.id if item is None else f"{run.id}[{item}]"
    return base if run.attempt == 0 else f"{base}#{run.attempt}"


async def settled_claim(store: PlanStore, session_id: str, key: str, *, lease_seconds: float) -> StepClaim | None:
    """The claim, ended as ``unknown`` first if its owner let the lease run out; ``running`` means it is alive."""
    claim = await store.get_claim(session_id, key)
    if claim is None or claim.outcome != "running":
        return claim
    ended = await store.expire_claim(session_id, key, idle_seconds=lease_seconds)
    return ended or await store.get_claim(session_id, key)  # alive, or someone else ended it just now


def unanswered(intent: str, reason: str) -> str:
    return f"I sent “{intent}” but got no clear answer ({reason}), so I cannot tell whether it went through. {_CHOICES}"


def stopped(intent: str) -> str:
    return (
        f"I was running “{intent}” when the process running it stopped, and I cannot tell whether it went through. "
        + _CHOICES
    )


def still_running(intent: str, lease_seconds: float) -> str:
    return (
        f"“{intent}” is running. If it does not finish within {lease_seconds:g} seconds, "
        "I will ask you whether it went through."
    )


def may_have_happened(intents: list[str]) -> str:
    named = ", ".join(f"“{intent}”" for intent in intents)
    return f"{named} had already started, so it may have happened: check before asking for it again."
