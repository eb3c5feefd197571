"""Right after a contact was made, a request to write to "her and <someone named>" writes to both: the pronoun is the
person just made, beside the one named. Before, only the person named was written to."""

from pathlib import Path

from tests.bot.test_chat import chat


def test_an_email_to_her_and_a_named_person_after_a_contact_was_made_goes_to_both(tmp_path: Path) -> None:
    output = chat(
        tmp_path,
        "add a contact: lena fox, lena.fox@initech.com, initech",
        "a",
        "send sarah lee and her a note that the pilot starts monday",
    )
    card = output.split("send sarah lee and her")[-1]
    to_line = next(line for line in card.splitlines() if "To:" in line)
    assert "lena.fox@initech.com" in to_line
    assert "sarah" in to_line.lower()
