"""The semantic index (chromadb, offline embeddings): example bank, tool retrieval, plan memory.

Importing this package is cheap: chromadb, onnxruntime and the model load in ``SemanticIndex.open`` (or on
the first vote of a ``LazyExampleVoter``). The modules:

    model_files   where the installed model files are (scripts/install-embedding-model.sh installs them)
    embedding     MiniLmEmbedder: int8 ONNX all-MiniLM-L6-v2 on onnxruntime + tokenizers
    reference     NumpyMiniLm: the fp32 NumPy forward pass, the quality reference
    store         the VectorStore / Collection contract
    chroma        its chromadb implementation (the only module importing chromadb)
    sources       labelled examples from evaluation-format JSON Lines
    example_bank  ExampleBank: the nearest examples vote (an ExampleVoter)
    tool_index    ToolIndex: top-k tools for a request
    plan_memory   PlanMemory: approved plans as few-shot examples
    semantic_index, settings, lazy, built_apart, leave_one_out
"""

from planning.index.example_bank import ExampleBank, LeaveOut, VotePolicy
from planning.index.lazy import LazyExampleVoter
from planning.index.plan_memory import PlanMemory, RememberedPlan
from planning.index.semantic_index import BuildReport, SemanticIndex
from planning.index.settings import IndexSettings, default_example_files
from planning.index.tool_index import ToolIndex, ToolMatch

__all__ = [
    "BuildReport",
    "ExampleBank",
    "IndexSettings",
    "LazyExampleVoter",
    "LeaveOut",
    "PlanMemory",
    "RememberedPlan",
    "SemanticIndex",
    "ToolIndex",
    "ToolMatch",
    "VotePolicy",
    "default_example_files",
]
