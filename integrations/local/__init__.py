"""The local workspace: the embedded default connector (CRM, mailbox, calendar in one SQLite file).

``open_workspace(path)`` returns a ``LocalWorkspace`` (an ``integrations.base.Connector``); ``await
workspace.call("fetch_emails", FetchEmailsArgs(sender="Priya", limit=1))`` returns the tool's ``data``.
"""

from integrations.local.settings import LocalWorkspaceSettings, WorkingHours
from integrations.local.workspace import Clock, LocalWorkspace, open_workspace

__all__ = ["Clock", "LocalWorkspace", "LocalWorkspaceSettings", "WorkingHours", "open_workspace"]
