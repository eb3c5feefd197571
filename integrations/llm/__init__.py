"""The LLM-backed ``summarize`` tool. langchain is imported only when a model is configured."""

from integrations.llm.errors import connector_error
from integrations.llm.summarizer import LlmSummarizer, llm_summarizer_from_settings

__all__ = ["LlmSummarizer", "connector_error", "llm_summarizer_from_settings"]
