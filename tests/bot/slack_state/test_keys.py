"""How Slack events are placed: thread keys and the order of Slack timestamps (backend-independent)."""

from bot.slack.state import event_order, thread_key
from tests.bot.slack_state.conformance import CHANNEL, DM


def test_event_order_sorts_slack_timestamps_in_time_order() -> None:
    stamps = ["999.999999", "1000", "1000.000001", "1000.1", "1712345678.000100", "1712345678.0001001"]
    assert sorted(stamps, key=lambda ts: event_order(ts) or "") == stamps
    assert event_order("1000") == event_order("1000.000000")
    assert [event_order(bad) for bad in (None, "", "abc", "1.2.3", "-5", "1e9")] == [None] * 6


def test_a_thread_key_is_per_thread_in_channels_and_direct_messages_alike() -> None:
    assert CHANNEL.thread_key == "slack:T1:C1:1712345678.000100"
    assert DM.thread_key == thread_key("T1", "D1", "1712345678.000200", True) == "slack:T1:D1:1712345678.000200"
    assert thread_key("T1", "D1", "1.1", True) != thread_key("T1", "D1", "1.2", True)
