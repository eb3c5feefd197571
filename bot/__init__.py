"""The front ends: Slack app, terminal chat, batch CLI and evaluation."""
