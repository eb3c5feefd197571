import numpy as np
import pytest

from planning.index import model_files
from planning.index.embedding import DIMENSION, MiniLmEmbedder
from planning.index.model_files import EmbeddingModelMissingError, ModelFiles
from planning.index.reference import NumpyMiniLm

SENTENCES = [
    "Email Priya the Q3 deck",
    "book 30 minutes with her Thursday at 2pm",
    "what's the weather in paris",
    "move my 1:1 with John to Friday at 10am",
    "find the latest deal for Acme and summarize the emails about it",
]


def test_vectors_are_unit_length_and_384_wide(embedder: MiniLmEmbedder):
    vectors = embedder.embed(SENTENCES)
    assert vectors.shape == (len(SENTENCES), DIMENSION)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_batching_and_length_sorting_keep_each_sentence_in_its_row(embedder: MiniLmEmbedder):
    together = embedder.embed(SENTENCES)
    alone = np.vstack([embedder.embed([sentence]) for sentence in SENTENCES])
    assert np.allclose(together, alone, atol=1e-4)


def test_an_empty_input_gives_no_rows(embedder: MiniLmEmbedder):
    assert embedder.embed([]).shape == (0, DIMENSION)


def test_paraphrases_are_nearer_than_unrelated_requests(embedder: MiniLmEmbedder):
    email, paraphrase, weather = embedder.embed(["email john the report", "send john the report", "is it sunny"])
    assert float(email @ paraphrase) > float(email @ weather) + 0.2


def test_the_int8_model_agrees_with_the_fp32_numpy_reference(embedder: MiniLmEmbedder):
    reference = NumpyMiniLm().embed(SENTENCES)
    cosines = (embedder.embed(SENTENCES) * reference).sum(axis=1)
    assert cosines.min() > 0.99


def test_a_missing_model_package_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(model_files.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(EmbeddingModelMissingError, match=r"install-embedding-model\.sh"):
        ModelFiles.installed()


def test_the_model_folded_once_is_saved_reused_and_embeds_the_same(tmp_path):
    import onnxruntime as ort

    from planning.index.embedding import folded

    model = ModelFiles.installed().onnx_model
    saved = folded(model, tmp_path)
    assert saved.parent == tmp_path and saved != model
    written = saved.stat().st_mtime_ns
    assert folded(model, tmp_path) == saved and saved.stat().st_mtime_ns == written  # found, not folded again
    ids = np.array([[101, 2000, 2001, 2002, 102]])
    feeds = {"input_ids": ids, "attention_mask": np.ones_like(ids), "token_type_ids": np.zeros_like(ids)}
    outputs = [
        ort.InferenceSession(str(path), providers=["CPUExecutionProvider"]).run(["last_hidden_state"], feeds)[0]
        for path in (model, saved)
    ]
    assert np.allclose(outputs[0], outputs[1], atol=1e-5)


def test_a_folder_that_cannot_be_written_folds_at_every_load_instead(tmp_path):
    from planning.index.embedding import folded

    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    model = ModelFiles.installed().onnx_model
    assert folded(model, blocked / "models") == model
