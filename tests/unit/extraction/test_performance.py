"""A 5,000-word note extracts in well under a second."""

from __future__ import annotations

import time

from tools.extraction import extract

_SENTENCES = [
    "A 67-year-old man with a history of hypertension, type 2 diabetes and COPD presented with dyspnea.",
    "He denies chest pain, hemoptysis or syncope but reports a productive cough for 5 days.",
    "Vital signs: temperature 38.4 °C, heart rate 112 beats/min, blood pressure 98/60 mmHg, "
    "respiratory rate 26 breaths/min and SpO2 89% on room air.",
    "Laboratory tests showed sodium 131 mmol/L, potassium 5.2 mmol/L, chloride 99 mmol/L, bicarbonate 18 mmol/L, "
    "BUN 42 mg/dL, creatinine 2.1 mg/dL, glucose 245 mg/dL, WBC 18.2 × 10^9/L and platelets 145,000/µL.",
    "His father died of a myocardial infarction; there is no family history of thrombosis.",
    "Medications include metformin 1000 mg twice daily, lisinopril 20 mg daily and oxycodone 5 mg q6h prn.",
    "Arterial blood gas on FiO2 40% showed pH 7.31, PaCO2 48 mmHg and PaO2 62 mmHg.",
    "He is 5 ft 9 in tall and weighs 198 lb; he quit smoking 10 years ago and drinks 2 beers per day.",
]


def test_five_thousand_word_note_is_fast():
    words: list[str] = []
    i = 0
    while len(words) < 5000:
        words += _SENTENCES[i % len(_SENTENCES)].split()
        i += 1
    note = " ".join(words[:5000])
    extract("warm-up")
    t0 = time.perf_counter()
    e = extract(note)
    elapsed = time.perf_counter() - t0
    print(f"\n5,000-word note: {elapsed:.3f} s, {len(e.values)} quantities, {len(e.findings)} findings")
    assert e["creatinine"].value == 2.1 and len(e["creatinine"].alternatives) > 10
    assert elapsed < 1.0
