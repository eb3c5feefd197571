"""Sentence embeddings offline: all-MiniLM-L6-v2 (int8 ONNX) on onnxruntime, tokenized by ``tokenizers``.

Mean pooling over the real tokens and L2 normalisation, as sentence-transformers does for this model, so a
dot product is the cosine similarity. Batches are padded to their longest sentence (not to a fixed 256
tokens as chromadb's bundled ONNX function does), and sentences are grouped by length before batching.
"""

import hashlib
import logging
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import onnxruntime as ort  # type: ignore[import-untyped]
from numpy.typing import NDArray
from tokenizers import Tokenizer

from planning.index.model_files import MODEL_ID, ModelFiles
from planning.understanding.learned.artefact import default_folder

logger = logging.getLogger(__name__)
DIMENSION = 384
MAX_TOKENS = 256  # sentence-transformers' max_seq_length for this model

Vectors = NDArray[np.float32]


class MiniLmEmbedder:
    """Texts → unit vectors of 384 floats. Thread-safe for concurrent ``embed`` calls (onnxruntime is)."""

    model_id = MODEL_ID
    dimension = DIMENSION

    def __init__(self, files: ModelFiles | None = None, *, threads: int = 1, batch_size: int = 32) -> None:
        files = files or ModelFiles.installed()
        self._tokenizer = Tokenizer.from_file(str(files.tokenizer))
        self._tokenizer.enable_truncation(max_length=MAX_TOKENS)
        self._tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")  # to the longest of each batch
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.log_severity_level = 3
        # no arena: onnxruntime's keeps the largest batch's buffers for good (building the example bank left about
        # 100 MB resident in planbot serve); one sentence embeds as fast without it (bench/serve_memory.py)
        options.enable_cpu_mem_arena = False
        model = folded(files.onnx_model, default_folder())
        self._session = ort.InferenceSession(str(model), options, providers=["CPUExecutionProvider"])
        self._batch_size = batch_size

    def embed(self, texts: Sequence[str]) -> Vectors:
        """One row per text, in order; an empty input gives a ``(0, 384)`` array."""
        out = np.zeros((len(texts), DIMENSION), dtype=np.float32)
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        for start in range(0, len(order), self._batch_size):
            rows = order[start : start + self._batch_size]
            out[rows] = self._embed_batch([texts[i] for i in rows])
        return out

    def _embed_batch(self, texts: list[str]) -> Vectors:
        encodings = self._tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        feeds: dict[str, Any] = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        (hidden,) = self._session.run(["last_hidden_state"], feeds)
        return mean_pool_normalized(np.asarray(hidden, dtype=np.float32), mask)


FOLDED_PREFIX = "minilm-folded-"


def folded(model: Path, folder: Path) -> Path:
    """``model`` with its int8 weights folded into float32 ones, saved once in ``folder`` (the model's own file when
    that cannot be written). onnxruntime folds them at every load anyway (its basic graph optimizations; it then
    computes in float32), but a session folding them keeps about 45 MB more resident than one loading them folded
    (bench/serve_memory.py); the embeddings are the same."""
    try:
        digest = hashlib.sha256(model.read_bytes()).hexdigest()[:16]
        target = folder / f"{FOLDED_PREFIX}{digest}-ort{ort.__version__}.onnx"
        if target.is_file():
            return target
        folder.mkdir(parents=True, exist_ok=True)
        partial = folder / f".tmp-{os.getpid()}-{target.name}"
        options = ort.SessionOptions()
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_BASIC  # portable: no fused kernels
        options.optimized_model_filepath = str(partial)
        options.log_severity_level = 3
        ort.InferenceSession(str(model), options, providers=["CPUExecutionProvider"])
        os.replace(partial, target)
        return target
    except (OSError, RuntimeError) as error:  # a read-only folder, a full disk: fold at every load instead
        logger.warning("could not save the folded embedding model (%s)", error)
        return model


def mean_pool_normalized(hidden: Vectors, mask: NDArray[np.int64]) -> Vectors:
    """Mean of the token vectors where ``mask`` is 1, scaled to unit length."""
    weights = mask[:, :, None].astype(np.float32)
    pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
    norms = np.linalg.norm(pooled, axis=1, keepdims=True)
    unit: Vectors = (pooled / np.maximum(norms, 1e-12)).astype(np.float32)
    return unit
