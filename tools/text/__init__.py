"""Text tools: clinical NER and long-document retrieval.

- :mod:`ner`      rule-based clinical NER (spaCy blank + scispaCy AbbreviationDetector + term matching + ConText)
- :mod:`longdoc`  long-document RAG with LlamaIndex (SentenceSplitter, BM25, optional FAISS fusion)
- :mod:`tools`    the tools ``clinical_ner`` and ``longdoc_search`` (``registered_tools()``)
- :mod:`scoring`  scorers of the task sets in ``tasks/``
"""

from medmirror.tools.ehr.resources import materialise_resources
from medmirror.tools.text.tools import registered_tools

__all__ = ["materialise_resources", "registered_tools"]
