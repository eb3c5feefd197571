from pathlib import Path

from planning.index import IndexSettings, LeaveOut, SemanticIndex, VotePolicy
from planning.index.embedding import MiniLmEmbedder
from planning.index.example_bank import APPROVED_TEXT
from tests.planning.index.conftest import LABELLED, write_labelled


def test_the_bank_is_built_from_single_goal_examples_and_answers_queries(shared_index: SemanticIndex):
    assert shared_index.examples.count() == len([item for item in LABELLED if item[2]])
    nearest = shared_index.examples.neighbours("add lunch with Tom to my calendar", k=1)
    assert nearest[0].text == "add lunch with Tom to my calendar"
    assert nearest[0].distance < 0.01


def test_the_built_bank_is_cached_between_openings(index_settings: IndexSettings, embedder: MiniLmEmbedder):
    first = SemanticIndex.open(index_settings, embedder).ensure_built()
    again = SemanticIndex.open(index_settings, embedder).ensure_built()
    assert first.rebuilt and not again.rebuilt
    assert again.examples == first.examples


def test_a_changed_labelled_file_rebuilds_the_bank(index: SemanticIndex, index_settings: IndexSettings):
    write_labelled(index_settings.example_files[0], LABELLED[:5])
    report = index.ensure_built()
    assert report.rebuilt and report.examples == 5


def test_near_examples_vote_for_their_label(shared_index: SemanticIndex):
    vote = shared_index.examples.vote("put lunch with dana on my calendar")
    assert vote is not None
    assert (vote.intent, vote.entity) == ("create", "event")
    assert 0.6 <= vote.score <= 1.0
    assert all(n.distance <= shared_index.examples.policy.max_distance for n in vote.neighbours)


def test_out_of_scope_text_stays_out_of_scope(shared_index: SemanticIndex):
    for text in ("is it going to snow in denver", "what is the capital of peru", "set the thermostat to 70"):
        vote = shared_index.examples.vote(text)
        assert vote is None or vote.intent == "unsupported", (text, vote)


def test_nothing_within_the_distance_threshold_gives_no_vote(shared_index: SemanticIndex):
    strict = shared_index.examples.with_policy(VotePolicy(max_distance=0.05))
    assert strict.vote("put lunch with dana on my calendar") is None
    assert shared_index.examples.vote("put lunch with dana on my calendar") is not None


def test_a_vote_needs_enough_agreeing_neighbours(shared_index: SemanticIndex):
    demanding = shared_index.examples.with_policy(VotePolicy(min_votes=6))
    assert demanding.vote("put lunch with dana on my calendar") is None


def test_leave_one_out_hides_the_item_by_id_and_by_identical_text(tmp_path: Path, embedder: MiniLmEmbedder):
    items = [
        ("own", "pencil in a catch-up with dana", ["create", "event"]),
        ("twin", "Pencil in a   catch-up with Dana", ["create", "event"]),  # same text, another id
        *[item for item in LABELLED if item[2]],
    ]
    labelled = write_labelled(tmp_path / "bank.jsonl", items)
    index = SemanticIndex.open(IndexSettings(path=tmp_path / "index", example_files=(labelled,)), embedder)
    index.ensure_built()
    text = "pencil in a catch-up with dana"
    seen = [n.text for n in index.examples.neighbours(text, k=3)]
    hidden = [n.text for n in index.examples.neighbours(text, k=3, leave_out=LeaveOut("bank", "own", text))]
    assert seen[:2] == [text, "Pencil in a catch-up with Dana"]
    assert all(t.casefold().split() != text.split() for t in hidden)
    assert len(hidden) == 3


def test_leave_one_out_by_id_alone_hides_an_item_whose_text_differs(shared_index: SemanticIndex):
    leave_out = LeaveOut("labelled", "e1", "a text that is not the item's")
    texts = [n.text for n in shared_index.examples.neighbours("add lunch with Tom to my calendar", leave_out=leave_out)]
    assert "add lunch with Tom to my calendar" not in texts


def test_approved_requests_vote_survive_rebuilds_and_are_never_quoted(index: SemanticIndex):
    assert index.examples.add_approved("get the Initech renewal on the books", "create", "deal")
    assert not index.examples.add_approved("what's the weather", "unsupported", "none")
    assert not index.examples.add_approved("anything", "create", "weather")
    index.rebuild()
    [nearest] = index.examples.neighbours("get the Initech renewal on the books", k=1)
    assert (nearest.intent, nearest.entity, nearest.text) == ("create", "deal", APPROVED_TEXT)
    leave_out = LeaveOut("x", "y", "z")  # evaluations use the seed examples only
    hidden = index.examples.neighbours("get the Initech renewal on the books", k=1, leave_out=leave_out)
    assert hidden[0].text != APPROVED_TEXT


def test_a_bank_built_from_chosen_files_is_kept_by_ensure_built(index: SemanticIndex, tmp_path: Path):
    chosen = write_labelled(tmp_path / "chosen.jsonl", LABELLED[:3])
    index.rebuild([chosen])
    report = index.ensure_built()
    assert not report.rebuilt and report.examples == 3


def test_another_embedding_model_re_embeds_what_is_stored(index_settings: IndexSettings, embedder: MiniLmEmbedder):
    class OtherModel(MiniLmEmbedder):
        model_id = "other-model"

        def embed(self, texts):  # the same vectors reversed in dimension order: far from the stored ones
            return super().embed(texts)[:, ::-1].copy()

    index = SemanticIndex.open(index_settings, embedder)
    index.ensure_built()
    index.plans.add("Email John the sales report", {"steps": []})
    other = SemanticIndex.open(index_settings, OtherModel(threads=1))
    assert other.examples.neighbours("add lunch with Tom to my calendar", k=1)[0].distance < 0.01
    assert other.plans.similar("Email John the sales report", k=1)[0].distance < 0.01
    assert other.examples.count() == index.examples.count()
