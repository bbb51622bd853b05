"""`medmirror bench extraction`: how the rule extractor's work grows with the note (speed is measured here,
never asserted in tests).

Two measurements, each in CPU seconds of this process (another process may load the machine):

* a realistic 5,000-word note (vitals, labs, medications, history) once;
* scaling: notes built from one repeated pattern at size n and 4n. Linear work grows about 4x;
  the quadratic age scan and the cubic negation check that issue 12 found grew 16x and more.
  The patterns are the ones that found those defects: many age mentions, and one long sentence
  of a repeated finding or lab value;
* calculator inputs: every calculator's rule reading (``rule_arguments``) on one long sentence of mixed
  clinical phrases at n and 4n characters, the slowest growths first (criterion rules that searched the
  whole sentence once per mention grew 9-14x before they were made per-sentence).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Callable

from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.extraction import extract
from medmirror.tools.extraction.calculator_map import CALCULATOR_MAP
from medmirror.tools.extraction.grounding import rule_arguments

REALISTIC = [
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


def realistic_note(words: int = 5000) -> str:
    out: list[str] = []
    i = 0
    while len(out) < words:
        out += REALISTIC[i % len(REALISTIC)].split()
        i += 1
    return " ".join(out[:words])


def ages_note(n: int) -> str:
    return " ".join(f"A {20 + i % 60}-year-old man, his {i % 10 + 1}-year-old son, aged {30 + i % 50}."
                    for i in range(n))


def long_sentence(phrase: str) -> Callable[[int], str]:
    return lambda n: (phrase + " ") * n


PATTERNS: dict[str, tuple[Callable[[int], str], int]] = {
    "age mentions": (ages_note, 600),
    "one sentence: 'no chest pain'": (long_sentence("no chest pain"), 300),
    "one sentence: 'denies fever'": (long_sentence("denies fever"), 300),
    "one sentence: 'creatinine 2.1 mg/dL'": (long_sentence("creatinine 2.1 mg/dL"), 300),
    "one sentence: 'mother had DVT'": (long_sentence("mother had DVT"), 300),
    # once quadratic: the heading-date pattern on a long blank first line, the heading-dash age test per "62M"
    "one blank line": (lambda n: " " * (40 * n), 300),
    "one line: '62M'": (long_sentence("62M"), 300),
}


def cpu_seconds(note: str, repeats: int = 2) -> float:
    best = float("inf")
    for _ in range(repeats):
        t0 = time.process_time()
        extract(note)
        best = min(best, time.process_time() - t0)
    return best


MIXED = ("no chest pain, swollen left calf, eyes open to voice, confused, mild ascites, fever 38.5 C, HR 110, "
         "creatinine 2.1 mg/dL ")


def calculator_seconds(calc_id: str, note: str) -> float:
    t0 = time.process_time()
    rule_arguments(CALCULATORS[calc_id], note)
    return time.process_time() - t0


def calculator_scaling(chars: int, calculators: list[str] | None = None) -> list[dict[str, Any]]:
    """Each calculator's rule reading on the mixed sentence at ``chars`` and 4x that, slowest growth first."""
    small = (MIXED * (chars // len(MIXED) + 1))[:chars]
    large = (MIXED * (4 * chars // len(MIXED) + 1))[:4 * chars]
    rows = []
    for calc_id in calculators or list(CALCULATOR_MAP):
        t_small, t_large = calculator_seconds(calc_id, small), calculator_seconds(calc_id, large)
        rows.append({"calculator": calc_id, "chars": [len(small), len(large)], "seconds": [round(t_small, 4), round(t_large, 4)],
                     "growth": round(t_large / max(t_small, 1e-3), 2)})
    return sorted(rows, key=lambda r: -r["growth"])


def measure(scale: float = 1.0) -> dict[str, Any]:
    """The measurements; ``scale`` shrinks the sizes (the tests run a tiny scale to check the report)."""
    extract("warm-up")
    note = realistic_note(max(50, int(5000 * scale)))
    out: dict[str, Any] = {"realistic": {"words": len(note.split()), "chars": len(note), "seconds": cpu_seconds(note)},
                           "scaling": []}
    for name, (make, n) in PATTERNS.items():
        n = max(5, int(n * scale))
        small, large = make(n), make(4 * n)
        t_small, t_large = cpu_seconds(small), cpu_seconds(large)
        out["scaling"].append({"pattern": name, "n": n, "chars": [len(small), len(large)],
                               "seconds": [round(t_small, 4), round(t_large, 4)],
                               "growth": round(t_large / max(t_small, 1e-6), 2)})
    out["calculators"] = calculator_scaling(max(200, int(10000 * scale)))
    return out


def report(result: dict[str, Any]) -> str:
    r = result["realistic"]
    lines = [f"realistic note: {r['words']} words ({r['chars']} characters) in {r['seconds']:.3f} CPU s",
             "scaling (4x the input; linear work grows ~4x, quadratic 16x):",
             f"  {'pattern':<40} {'n':>5} {'CPU s at n':>11} {'at 4n':>8} {'growth':>7}"]
    for s in result["scaling"]:
        lines.append(f"  {s['pattern']:<40} {s['n']:>5} {s['seconds'][0]:>11.4f} {s['seconds'][1]:>8.4f} "
                     f"{s['growth']:>6.1f}x")
    calcs = result.get("calculators") or []
    if calcs:
        lines.append(f"calculator inputs on one long mixed sentence ({calcs[0]['chars'][0]} and {calcs[0]['chars'][1]} "
                     f"characters), the 8 slowest growths of {len(calcs)}:")
        for c in calcs[:8]:
            lines.append(f"  {c['calculator']:<40} {c['seconds'][0]:>11.4f} {c['seconds'][1]:>8.4f} {c['growth']:>6.1f}x")
    return "\n".join(lines)


def run_cli(scale: float, out: Path | None) -> int:
    result = measure(scale)
    print(report(result))
    if out is not None:
        out.write_text(json.dumps(result, indent=2), encoding="utf-8")
    return 0
