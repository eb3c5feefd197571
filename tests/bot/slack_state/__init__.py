import pytest

# the shared suite lives outside test_*.py files; let its asserts explain themselves like a test module's
pytest.register_assert_rewrite("tests.bot.slack_state.conformance")
pytest.register_assert_rewrite("tests.bot.slack_state.install_conformance")
