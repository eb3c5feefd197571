"""The thread keys of a Slack workspace (``slack:<team>:<channel>:<thread ts>``): what they start with.

With several workspaces installed, one user id can name two people: whatever is counted or listed per person
(open plans, the hourly plan limit, audit records) is counted within the workspace of the thread too. Threads of
other front ends (the terminal chat) belong to no workspace.
"""


def workspace_prefix(team: str) -> str:
    """What the thread keys of ``team``'s Slack threads start with."""
    return f"slack:{team}:"
