"""Fixtures every test package may use: a throwaway PostgreSQL cluster and a fresh database per test."""

from tests.postgres import postgres_cluster, postgres_url

__all__ = ["postgres_cluster", "postgres_url"]
