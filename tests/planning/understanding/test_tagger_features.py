"""What the slot tagger sees of a token (issue 23): a word seen too rarely in training is seen as rare, not as
itself, and first and last names are marked from the census lists."""

from planning.understanding.learned import features, gazetteer
from planning.understanding.learned.tokens import tokenize


def test_a_word_seen_once_in_training_is_not_known_by_itself():
    sentences = [tokenize("email priya about the report"), tokenize("email the team about the report")]
    assert features.common_words(sentences) == {"email", "about", "the", "report"}


def test_an_unseen_word_and_its_neighbours_are_read_as_rare():
    rows = features.sequence(tokenize("email ngozika about it"), {}, {}, common=frozenset({"email", "about"}))
    assert "w=<rare>" in rows[1] and "w=ngozika" not in rows[1]
    assert "1:w=<rare>" in rows[0] and "-1:w=<rare>" in rows[2]
    assert "-1|0=email|<rare>" in rows[1]
    assert "p3=ngo" in rows[1]  # its letters still count


def test_a_word_of_a_known_class_is_never_rare():
    rows = features.sequence(tokenize("thurs"), {"thurs": "weekday"}, {}, common=frozenset())
    assert "w=thurs" in rows[0]


def test_without_a_vocabulary_every_word_is_itself():
    assert "w=ngozika" in features.sequence(tokenize("email ngozika"), {}, {})[1]


def test_last_names_are_marked_on_the_word_and_beside_it():
    rows = features.sequence(tokenize("with maria and okafor"), {}, {"maria": "top"}, last_names={"okafor": "common"})
    assert "lname=common" in rows[3]
    assert "1:lname" in rows[2]
    assert "-2:fname" in rows[3]  # a first name, then "and", then this one: a list of people


def test_the_census_last_names_are_bucketed_by_rank():
    names = gazetteer.last_names()
    assert names["smith"] == "top"
    assert names["okafor"] == "common"  # rank about 24,000
    assert "application" not in names


def test_an_unseen_ordinary_word_is_marked_by_its_rank_and_an_unusual_name_as_none():
    vocabulary = {"visa": "mid", "alert": "top", "check": "top", "maria": "top"}
    text = tokenize("check alerts for ngozika visa maria")
    rows = features.sequence(text, {}, {"maria": "top"}, common=frozenset({"check"}), vocabulary=vocabulary)
    assert not any(f.startswith("voc=") for f in rows[0])  # a word seen in training is known by itself
    assert "voc=top" in rows[1]  # an inflected word is as ordinary as its stem
    assert "voc=none" in rows[3]
    assert "voc=mid" in rows[4]
    assert not any(f.startswith("voc=") for f in rows[5])  # a first name is told by the census list


def test_without_a_vocabulary_no_word_is_marked_ordinary():
    rows = features.sequence(tokenize("check alerts"), {}, {})
    assert not any(f.startswith("voc=") for row in rows for f in row)


def test_the_ordinary_words_are_the_embedding_tokenizers_whole_words():
    words = gazetteer.ordinary_words()
    assert words["the"] == "top"
    assert "visa" in words and "selling" in words
    assert "ngozika" not in words and "##ing" not in words
