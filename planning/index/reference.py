"""The quality reference: all-MiniLM-L6-v2 in fp32 as a plain NumPy forward pass over the safetensors.

Slow (tens of sentences a second) and exact; it exists to check the int8 ONNX route against the original
weights (``bench/index.py`` and the tests report the cosine between the two), not to serve queries.
"""

import json
import struct
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from numpy.typing import NDArray
from tokenizers import Tokenizer

from planning.index.embedding import MAX_TOKENS, Vectors, mean_pool_normalized
from planning.index.model_files import EmbeddingModelMissingError, ModelFiles

LAYERS = 6
HEADS = 12
LAYER_NORM_EPS = 1e-12
Array = NDArray[np.float32]


def read_safetensors(path: Path) -> dict[str, Array]:
    """The float32 tensors of a ``.safetensors`` file (8-byte header length, JSON header, raw data)."""
    raw = path.read_bytes()
    (header_size,) = struct.unpack("<Q", raw[:8])
    header = json.loads(raw[8 : 8 + header_size])
    data = memoryview(raw)[8 + header_size :]
    tensors = {}
    for name, info in header.items():
        if name == "__metadata__" or info["dtype"] != "F32":
            continue
        start, end = info["data_offsets"]
        tensors[name] = np.frombuffer(data[start:end], dtype=np.float32).reshape(info["shape"])
    return tensors


class NumpyMiniLm:
    model_id = "all-MiniLM-L6-v2/fp32-numpy"

    def __init__(self, files: ModelFiles | None = None) -> None:
        files = files or ModelFiles.installed()
        if files.safetensors is None or not files.safetensors.is_file():
            raise EmbeddingModelMissingError("the fp32 safetensors of the reference model are not installed")
        self._w = read_safetensors(files.safetensors)
        self._tokenizer = Tokenizer.from_file(str(files.tokenizer))
        self._tokenizer.enable_truncation(max_length=MAX_TOKENS)
        self._tokenizer.no_padding()

    def embed(self, texts: Sequence[str]) -> Vectors:
        rows = []
        for encoding in self._tokenizer.encode_batch(list(texts)):
            ids = np.array(encoding.ids, dtype=np.int64)
            hidden = self._forward(ids)
            rows.append(mean_pool_normalized(hidden[None], np.ones((1, len(ids)), dtype=np.int64))[0])
        return np.array(rows, dtype=np.float32).reshape(len(rows), -1)

    def _forward(self, ids: NDArray[np.int64]) -> Array:
        w = self._w
        x = (
            w["embeddings.word_embeddings.weight"][ids]
            + w["embeddings.position_embeddings.weight"][: len(ids)]
            + w["embeddings.token_type_embeddings.weight"][0]
        )
        x = _layer_norm(x, w, "embeddings.LayerNorm")
        for layer in range(LAYERS):
            x = self._block(x, f"encoder.layer.{layer}.")
        return x

    def _block(self, x: Array, prefix: str) -> Array:
        w = self._w
        q, k, v = (_dense(x, w, f"{prefix}attention.self.{name}") for name in ("query", "key", "value"))
        heads = [
            _softmax(q[:, s] @ k[:, s].T / np.sqrt(q.shape[1] // HEADS)) @ v[:, s]
            for s in (slice(h * (q.shape[1] // HEADS), (h + 1) * (q.shape[1] // HEADS)) for h in range(HEADS))
        ]
        attended = _dense(np.concatenate(heads, axis=1), w, f"{prefix}attention.output.dense")
        x = _layer_norm(x + attended, w, f"{prefix}attention.output.LayerNorm")
        inner = _gelu(_dense(x, w, f"{prefix}intermediate.dense"))
        return _layer_norm(x + _dense(inner, w, f"{prefix}output.dense"), w, f"{prefix}output.LayerNorm")


def _dense(x: Array, w: dict[str, Array], name: str) -> Array:
    return x @ w[f"{name}.weight"].T + w[f"{name}.bias"]


def _layer_norm(x: Array, w: dict[str, Array], name: str) -> Array:
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    out: Array = (x - mean) / np.sqrt(var + LAYER_NORM_EPS) * w[f"{name}.weight"] + w[f"{name}.bias"]
    return out


def _softmax(scores: Array) -> Array:
    exp = np.exp(scores - scores.max(axis=-1, keepdims=True))
    out: Array = exp / exp.sum(axis=-1, keepdims=True)
    return out


def _gelu(x: Array) -> Array:
    """Exact GELU, x·Φ(x), with erf from Abramowitz & Stegun 7.1.26 (absolute error below 1.5e-7)."""
    z = x / np.sqrt(2.0)
    t = 1.0 / (1.0 + 0.3275911 * np.abs(z))
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    erf = np.sign(z) * (1.0 - poly * np.exp(-z * z))
    out: Array = (0.5 * x * (1.0 + erf)).astype(np.float32)
    return out
