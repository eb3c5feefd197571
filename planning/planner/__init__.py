"""Planners: goals → a validated multi-step tool plan (a DAG)."""
