"""At the card of an email, a recipient's name said again with a letter more or less ("sorry, it's ingrida") writes to
that spelling instead; the other recipients are kept, and a word that only looks alike changes nothing."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from planning.understanding.commands import read_reply
from planning.understanding.commands.context import Context
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def _to(tmp_path: Path, address: str) -> list[dict]:
    return list(read(tmp_path, "fetch_emails", FetchEmailsArgs(to=address, includeBody=True)))


def test_a_name_respelled_at_the_card_changes_the_address(tmp_path: Path):
    asked = "email ingrid@lumen.io saying the slides were great, thanks for the demo"
    chat(tmp_path, asked, "sorry, it's ingrida", "a")
    assert _to(tmp_path, "ingrid@lumen.io") == []
    [sent] = _to(tmp_path, "ingrida@lumen.io")
    assert "slides were great" in sent["body"].lower()


def test_the_others_are_kept_and_a_lookalike_word_changes_nothing():
    card = Context(question="approval", open_plan=True, doing="send_email", people=("ola@x.io", "bram.de@y.org"))
    [fixed] = read_reply("oh wait, it's bramm, two m's", card)
    assert fixed.value == "ola@x.io, bramm.de@y.org" and fixed.people and not fixed.adding
    [other] = read_reply("brag less, it's too long", card)
    assert other.kind == "cannot_handle"
