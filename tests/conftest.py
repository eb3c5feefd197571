"""Fixtures every test package may use: a throwaway PostgreSQL cluster and a fresh database per test; the Slack
stand-in with files (``slack``) and an HTTP session (``http``)."""

from tests.postgres import postgres_cluster, postgres_url
from tests.slack.kit.fixtures import http, slack

__all__ = ["http", "postgres_cluster", "postgres_url", "slack"]
