"""The examples a label gives in brackets ('Any other pathology (e.g. ampullary, duodenal, cystic, islet cell)',
'Low-risk secretions (e.g., tears, urine, saliva)'): each example names the option on its own, so a case that writes
'an ampullary tumor' names 'Any other pathology' wholly, not half of 'Pancreatic adenocarcinoma or pancreatitis'.
Only 'e.g.' (examples), not 'i.e.' (a restatement, read with the label's other words)."""

from __future__ import annotations

import re

_EXAMPLES = re.compile(r"(?i)\(\s*(?:e\.\s?g\.?|eg\b|for example|such as)[\s,:]*([^()]*(?:\([^()]*\)[^()]*)*)\)")
_BETWEEN = re.compile(r"(?i),|;|\betc\b\.?")  # not at "or": "severe or suicidal depression" is one example


def examples(label: str) -> list[str]:
    """Each example the label's 'e.g.' brackets give, as written ('ampullary', 'islet cell', 'suture needle')."""
    return [p.strip() for m in _EXAMPLES.finditer(label) for p in _BETWEEN.split(m.group(1)) if p.strip()]
