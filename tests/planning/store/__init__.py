import pytest

# the shared suite lives outside test_*.py files; let its asserts explain themselves like a test module's
pytest.register_assert_rewrite(
    "tests.planning.store.conformance",
    "tests.planning.store.conformance_audit",
    "tests.planning.store.conformance_claims",
    "tests.planning.store.conformance_locks",
    "tests.planning.store.conformance_retention",
)
