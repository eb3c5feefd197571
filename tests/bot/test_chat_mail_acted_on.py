"""The mail a reply or a forward acts on, through `planbot chat --script` on the local workspace: found by its
sender and its words (never silently the newest of the inbox); several matches are asked about; a second action
after the text to send (", and archive …", "and fwd it to …") is a step of its own, not part of the text."""

import sqlite3
from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_cards import plain


def _drafts(tmp_path: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(tmp_path / "data" / "workspace.sqlite3") as raw:
        return raw.execute("SELECT subject, body FROM messages WHERE draft = 1").fetchall()


def test_a_reply_to_a_persons_mail_on_a_topic_answers_that_mail_and_the_archive_is_its_own_step(tmp_path: Path):
    request = "draft a reply to maria's invoice email saying globex paid yesterday, and archive the expense policy one"
    output = plain(chat(tmp_path, request, "a", "a"))
    assert "“Re: Invoice #4821 overdue (Globex)”" in output and "Globex contract" not in output
    assert _drafts(tmp_path) == [("Re: Invoice #4821 overdue (Globex)", "Globex paid yesterday")]
    assert "✓ Archived: Updated expense policy" in output


def test_the_mail_from_a_sender_named_after_the_topic_is_found_by_both(tmp_path: Path):
    output = plain(chat(tmp_path, "draft a reply to the overdue invoice email from maria saying globex paid", "a"))
    assert _drafts(tmp_path) == [("Re: Invoice #4821 overdue (Globex)", "Globex paid")]
    assert "Find the email from maria about overdue invoice" in output


def test_a_reply_by_topic_words_alone_is_not_the_newest_mail_of_the_inbox(tmp_path: Path):
    chat(tmp_path, "draft a reply to the invoice 4821 email saying globex paid yesterday", "a")
    assert _drafts(tmp_path) == [("Re: Invoice #4821 overdue (Globex)", "Globex paid yesterday")]


def test_several_mails_matching_the_words_are_asked_about(tmp_path: Path):
    output = plain(chat(tmp_path, "reply to maria's globex email saying ok"))
    assert "I found 2 matches" in output and "Which one?" in output
    assert "Globex contract: payment terms" in output and "Invoice #4821 overdue (Globex)" in output


def test_no_mail_matching_the_words_is_asked_about_not_replaced_by_the_newest(tmp_path: Path):
    output = plain(chat(tmp_path, "reply to the banana smoothie email saying ok"))
    assert "I could not find an email matching query “banana smoothie”" in output
    assert "Approve: Reply" not in output


def test_a_forward_after_the_text_of_a_reply_forwards_the_mail_replied_to(tmp_path: Path):
    request = "reply to john park's pricing question saying we'll have a quote to him by wed, and fwd it to sarah"
    output = plain(chat(tmp_path, request, "a", "a"))
    assert "✓ Replied to John Park: Pricing question on the enterprise tier" in output
    assert "✓ Forwarded “Pricing question on the enterprise tier” to Sarah Lee" in output
    with sqlite3.connect(tmp_path / "data" / "workspace.sqlite3") as raw:
        bodies = raw.execute("SELECT body FROM messages WHERE subject LIKE 'Re: Pricing%' AND draft = 0").fetchall()
    assert bodies == [("We'll have a quote to him by wed",)]
