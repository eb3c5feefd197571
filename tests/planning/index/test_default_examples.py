"""The example bank's default seed is the understanding's training data, never an evaluation set."""

from planning.index import default_example_files
from planning.understanding.learned.data import default_files


def test_the_default_seed_is_the_training_data_and_no_evaluation_file():
    names = {path.name for path in default_example_files()}
    assert names == {path.name for path in default_files()}
    assert not names & {"slurp_devel.jsonl", "paraphrases.jsonl", "plans_public.jsonl", "plans_v2_public.jsonl"}
