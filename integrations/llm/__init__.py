"""The LLM-backed ``summarize`` and ``extract`` tools. langchain is imported only when a model is configured."""

from integrations.llm.errors import connector_error
from integrations.llm.extractor import LlmExtractor, llm_extractor_from_settings
from integrations.llm.summarizer import LlmSummarizer, llm_summarizer_from_settings

__all__ = [
    "LlmExtractor",
    "LlmSummarizer",
    "connector_error",
    "llm_extractor_from_settings",
    "llm_summarizer_from_settings",
]
