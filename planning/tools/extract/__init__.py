"""The offline ``extract`` tool (contract §2.7, §3): typed values read out of text, never guessed."""

from planning.tools.extract.connector import OfflineExtractor

__all__ = ["OfflineExtractor"]
