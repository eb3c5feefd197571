"""The conversation engine: plan sessions, questions in the thread, approvals, execution, recovery."""
