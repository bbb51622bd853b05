"""What names an option label by its members: the examples it gives, and the members of a residual class it leaves.

Conventions (each a reading of how a published label is written, not of any data set):

* **examples**: a label's bracket of examples ('Other high-risk fluids (e.g., semen)', 'Trace surface only (e.g.,
  suture needle)', 'Chronic neurologic disease (e.g. MS, Parkinson's disease, dementia)') names the label's class by
  its members: a case writing one example whole writes the label. :func:`examples` gives each example (split at commas,
  'or' and 'and') as an alternative the graded-option reader matches like the label's own words;
* **a residual class** ('Any comorbidity EXCEPT renal failure, liver failure, and/or disseminated malignancy'): the
  words after 'except' / 'other than' / 'excluding' are what the label leaves out, not its words (a case writing
  'liver failure' names the option that lists it, not this one): :func:`without_exception` drops them. The label is
  read from a member of its class the case affirms, when the case names none of the left-out kinds nor any condition
  that might be one (:func:`residual_member`). Members of a **comorbidity** are the chronic conditions of the shared
  concept vocabulary (hypertension, diabetes, heart failure, coronary or cerebrovascular disease, atrial
  fibrillation, COPD, dementia, HIV ...); risk factors that are no disease (smoking, obesity, hyperlipidemia) are not
  members; a cancer, liver or kidney disease may be a left-out kind ('disseminated malignancy', 'liver failure'), so
  its mention leaves the item to the other readers.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

# '(e.g. a, b or c)', '(e.g., a)', '(eg a)', '(for example a)', '(such as a, b)'; one level of brackets inside; not
# 'i.e.' (a restatement, read with the label's other words)
_EXAMPLES = re.compile(r"(?i)\(\s*(?:e\.\s?g\.?|eg\b|for\s+example\b|such\s+as\b)[\s,:]*([^()]*(?:\([^()]*\)[^()]*)*)\)")
_BETWEEN = re.compile(r"(?i)\s*(?:,|;|\betc\b\.?)\s*")
_LAST_OF_LIST = re.compile(r"(?i)\s+(?:or|and|and/or)\s+|\s*/\s*")
# 'Any comorbidity EXCEPT renal failure, ...': a residual class outside brackets (a bracketed exception is dropped by
# the reader itself; 'Related other than HLA identical sibling', which does not start with 'any', is its exception)
_RESIDUAL = re.compile(r"(?i)^\s*(any|all)\s+(?:other\s+)?([\w -]+?)\s+(?:except(?:\s+for)?|other\s+than|excluding)\s+(.+)$")

# class word of a residual label -> the concepts (concepts.json) that are its members, and those that may be one of
# its left-out kinds
_CLASSES: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "comorbid": (
        frozenset({"heart_failure", "hypertension", "diabetes", "stroke", "tia", "cerebrovascular_disease",
                   "myocardial_infarction", "coronary_artery_disease", "peripheral_artery_disease", "vascular_disease",
                   "atrial_fibrillation", "copd", "chronic_lung_disease", "connective_tissue_disease", "dementia",
                   "hiv", "aids", "inflammatory_bowel_disease", "peptic_ulcer"}),
        frozenset({"cancer", "liver_disease", "cirrhosis", "renal_disease", "chronic_kidney_disease",
                   "acute_kidney_injury", "dialysis", "ascites", "encephalopathy"}),
    ),
}


def examples(label: str) -> list[str]:
    """The examples a label's bracket gives, one phrase each ('Low-risk secretions (e.g., tears, urine or saliva)':
    'tears', 'urine', 'saliva'); [] when it gives none. A list is split at its commas, and its last member (or a lone
    one) at 'or'/'and': 'severe or suicidal depression, acute psychosis' keeps its first example whole."""
    out: list[str] = []
    for m in _EXAMPLES.finditer(label):
        parts = [p for p in _BETWEEN.split(m.group(1)) if p.strip()]
        if parts:
            parts[-1:] = _LAST_OF_LIST.split(parts[-1])
        out += [p.strip() for p in parts if p.strip()]
    return out


def without_exception(label: str) -> str:
    """The label without what its residual class leaves out ('Any comorbidity EXCEPT renal failure, ...' -> 'Any
    comorbidity'); the label itself when it is no residual class."""
    m = _RESIDUAL.match(label)
    return f"{m.group(1)} {m.group(2)}" if m else label


def _class_of(label: str) -> tuple[frozenset[str], frozenset[str]] | None:
    m = _RESIDUAL.match(label)
    if m is None:
        return None
    return next((v for k, v in _CLASSES.items() if k in m.group(2).casefold()), None)


def residual_member(labels: Iterable[str], findings: Iterable[Any]) -> tuple[str | None, Any] | None:
    """(label, finding): the residual-class label among ``labels`` whose class has a member among ``findings``
    (concept mentions) the case affirms; (None, finding) when an affirmed finding may be one of the kinds the label
    leaves out (the item is then left unsettled: it may be the other option); None when no label is a residual class
    or the case affirms none of its members."""
    found = [f for f in findings if f.affirmed]
    for label in labels:
        cls = _class_of(label)
        if cls is None:
            continue
        members, maybe_left_out = cls
        if (doubt := next((f for f in found if f.concept in maybe_left_out), None)) is not None:
            return None, doubt
        hit = next((f for f in found if f.concept in members), None)
        if hit is not None:
            return label, hit
    return None
