"""The reply-act classifier: what each clause of a reply to the bot does (approve, cancel, a comment, …)."""
