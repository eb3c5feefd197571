"""Short approvals at a card (a texted "k", an emoji with a skin tone, a Slack shortcode with one) approve; words the
reply-act model does not know never approve by the question alone; a letter or a keycap at a pick stays a pick."""

import pytest

from planning.understanding.commands import CannotHandle, Context, Decide, Pick, Thanks, read_reply
from planning.understanding.commands._words import tokens

CARD = Context(question="approval", open_plan=True, doing="send_email", correctable=("text",))
PICK = Context(question="pick", open_plan=True, options=("Kendra Osei (Initech)", "Kai Brandt (Hooli)"))


@pytest.mark.parametrize("said", ["k", "K.", "kk", "k thx", "ship", "🚀", "👌🏾", "sure ✔️", ":ok_hand::skin-tone-4:"])
def test_a_short_or_emoji_yes_at_a_card_approves(said: str) -> None:
    assert read_reply(said, CARD) == (Decide("approve"),)


@pytest.mark.parametrize("said", ["alright", "roger that", "certainly", "works for me", "aight, send it"])
def test_an_affirmative_the_labelled_replies_lack_approves_from_the_word_list(said: str) -> None:
    assert read_reply(said, CARD) == (Decide("approve"),)


@pytest.mark.parametrize("said", ["wat", "asdf", "zzq", "🤷"])
def test_words_the_model_does_not_know_never_approve_by_the_question_alone(said: str) -> None:
    [read] = read_reply(said, CARD)
    assert isinstance(read, CannotHandle)


def test_an_emoji_with_its_skin_tone_is_one_token_read_as_the_emoji() -> None:
    assert [t.word for t in tokens("👍🏽 go")] == ["👍", "go"]
    assert [(t.word, t.start, t.end) for t in tokens("🧑🏿‍💻")] == [("🧑‍💻", 0, 4)]


def test_a_keycap_digit_at_a_pick_picks_that_option() -> None:
    assert read_reply("2️⃣", PICK) == (Pick(index=2),)


@pytest.mark.parametrize("said", ["k", "b"])
def test_one_letter_at_a_pick_is_never_an_approval(said: str) -> None:
    [read] = read_reply(said, PICK)
    assert not isinstance(read, Decide)


def test_thanks_after_a_plan_ended_is_still_read_as_thanks() -> None:
    assert read_reply("much appreciated, cheers", Context(left=frozenset({"event"}))) == (Thanks(),)


def test_a_yes_at_a_pick_never_picks_the_label_that_holds_its_letters() -> None:
    """User test s13 c12 (harmful): "yes" at a list of emails picked "… · Tom Reyes" (its letters are in "Reyes") and
    the reply went to Tom. A pick by a label matches whole words."""
    listed = Context(
        question="pick",
        open_plan=True,
        options=("Launch plan · Noor Ayes <noor@example.com>", "Board pack · Ola Okafor <ola@example.com>"),
    )
    assert not any(isinstance(command, Pick) for command in read_reply("yes", listed))
    assert not any(isinstance(command, Pick) for command in read_reply("ok", listed))
    assert read_reply("board pack", listed) == (Pick(index=2),)
