"""The Slack front end: a Bolt AsyncApp over the conversation engine."""
