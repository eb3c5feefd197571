"""Which Slack workspace a plan belongs to, from its thread key (``slack:<team>:<channel>:<thread ts>``).

With several workspaces installed, one user id can name two people: whatever is counted or listed per person
(open plans, the hourly plan limit, audit records) is counted within the workspace of the thread too. Threads of
other front ends (the terminal chat) belong to no workspace.
"""


def workspace_of(thread_key: str) -> str:
    """The team id of a Slack thread's key; "" for any other thread."""
    source, _, rest = thread_key.partition(":")
    return rest.partition(":")[0] if source == "slack" else ""


def workspace_prefix(team: str) -> str:
    """What the thread keys of ``team``'s Slack threads start with."""
    return f"slack:{team}:"


def same_workspace_prefix(thread_key: str) -> str | None:
    """What the keys of the threads in ``thread_key``'s workspace start with; None outside Slack."""
    team = workspace_of(thread_key)
    return workspace_prefix(team) if team else None
