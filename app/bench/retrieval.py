"""Tool-retrieval scale benchmark: BM25 over a thousand tool cards.

Builds a registry of ``n`` cards: the real calculators, the radiology tool catalogue,
and generated distractor cards that reuse clinical vocabulary (so they compete for
the same words), then measures index build time and per-query latency, and checks
that the real calculators still come first for the paraphrased questions of
:data:`PARAPHRASES`.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from medmirror.tools.builtin import calculator_tools
from medmirror.tools.cards import ToolCard
from medmirror.tools.radiology.cards import generate_catalogue
from medmirror.tools.registry import RegisteredTool, ToolRegistry

# (question in words a clinician might use, the calculator that answers it)
PARAPHRASES: list[tuple[str, str]] = [
    ("Estimate this man's kidney function with the Cockcroft-Gault formula.", "creatinine_clearance"),
    ("What is his annual stroke risk given his atrial fibrillation?", "cha2ds2_vasc"),
    ("How severe is this community-acquired pneumonia by CURB 65?", "curb_65"),
    ("What is her ten-year risk of myocardial infarction or coronary death?", "framingham_hard_chd"),
    ("Correct the QT interval for heart rate using Fridericia.", "qtc_fridericia"),
    ("When is the baby due based on her last period?", "estimated_due_date"),
    ("How many morphine milligram equivalents per day is he taking?", "morphine_milligram_equivalents"),
    ("Convert her prednisone dose to the equivalent dexamethasone dose.", "steroid_conversion"),
    ("Estimate the degree of liver fibrosis from age, AST, ALT and platelets.", "fib4"),
    ("How many systemic inflammatory response syndrome criteria does he meet?", "sirs_criteria"),
    ("Risk that this upper GI bleed needs intervention?", "glasgow_blatchford"),
    ("Is pulmonary embolism likely? Use the Wells score.", "wells_pe"),
    ("Can PE be ruled out without testing?", "perc_rule"),
    ("What is the estimated glomerular filtration rate (2021 equation)?", "ckd_epi_2021"),
    ("Major bleeding risk on anticoagulation?", "has_bled"),
    ("Mortality prediction in cirrhosis using bilirubin, albumin, INR, ascites and encephalopathy", "child_pugh"),
    ("What is the corrected calcium for her low albumin?", "calcium_correction"),
    ("Calculate the LDL cholesterol from the lipid panel.", "ldl_friedewald"),
    ("What is the free water deficit for this hypernatremic patient?", "free_water_deficit"),
    ("Cardiac risk before noncardiac surgery?", "rcri"),
    ("What is his insulin resistance (HOMA)?", "homa_ir"),
    ("ICU mortality severity score on admission (APACHE)?", "apache_ii"),
    ("Organ failure score in the ICU", "sofa"),
    ("How many weeks pregnant is she today?", "estimated_gestational_age"),
    ("What are her hourly maintenance IV fluids?", "maintenance_fluids"),
    ("What is her body surface area?", "body_surface_area"),
]

_WORDS = ("risk score index clearance pressure rate ratio gap sodium potassium creatinine glucose age weight "
          "height bleeding stroke pneumonia sepsis liver kidney cardiac pulmonary embolism fracture dose "
          "insulin albumin calcium platelet temperature oxygen anemia thyroid lipid cholesterol").split()


def _distractor(i: int, rng: random.Random) -> RegisteredTool:
    words = rng.sample(_WORDS, 6)
    card = ToolCard(name=f"synthetic_tool_{i:04d}", category="synthetic",
                    description=f"Synthetic {' '.join(words[:3])} estimator using {', '.join(words[3:])}.",
                    aliases=[f"{words[0]} {words[1]} tool {i}"])
    return RegisteredTool(card=card, run=lambda args: {}, args_schema={"type": "object", "properties": {}})


def scale_registry(n: int, seed: int = 0) -> ToolRegistry:
    tools = calculator_tools()
    try:
        for card in generate_catalogue(seed):
            if len(tools) < n:
                tools.append(RegisteredTool(card=card, run=lambda args: {}, args_schema={}))
    except ImportError:  # the radiology catalogue is optional here
        pass
    rng = random.Random(seed)
    i = 0
    while len(tools) < n:
        tools.append(_distractor(i, rng))
        i += 1
    return ToolRegistry(tools)


def measure(n: int = 1000, repeats: int = 20, seed: int = 0) -> dict[str, Any]:
    registry = scale_registry(n, seed)
    t0 = time.perf_counter()
    registry.search("warm-up builds the index", 5)
    build_ms = 1000 * (time.perf_counter() - t0)
    latencies: list[float] = []
    ranks: list[int | None] = []
    for _ in range(repeats):
        for question, target in PARAPHRASES:
            t = time.perf_counter()
            hits = registry.search(question, 5)
            latencies.append(1000 * (time.perf_counter() - t))
            if len(ranks) < len(PARAPHRASES):
                names = [h.card.name for h in hits]
                ranks.append(names.index(target) + 1 if target in names else None)
    latencies.sort()
    return {
        "cards": len(registry), "queries": len(latencies), "index_build_ms": build_ms,
        "latency_ms": {"mean": statistics.mean(latencies), "p50": latencies[len(latencies) // 2],
                       "p95": latencies[int(0.95 * len(latencies)) - 1], "max": latencies[-1]},
        "paraphrase_recall": {f"@{k}": sum(1 for r in ranks if r and r <= k) / len(ranks) for k in (1, 3, 5)},
        "paraphrase_misses": [(q, t, r) for (q, t), r in zip(PARAPHRASES, ranks) if r != 1],
    }


def print_report(report: dict[str, Any]) -> None:
    lat = report["latency_ms"]
    rec = report["paraphrase_recall"]
    print(f"tool retrieval over {report['cards']} cards: index build {report['index_build_ms']:.0f} ms; "
          f"query mean {lat['mean']:.2f} ms, p50 {lat['p50']:.2f}, p95 {lat['p95']:.2f}, max {lat['max']:.2f} "
          f"({report['queries']} queries)")
    print(f"paraphrased questions: recall@1 {100 * rec['@1']:.1f}%, @3 {100 * rec['@3']:.1f}%, @5 {100 * rec['@5']:.1f}%")
    for q, t, r in report["paraphrase_misses"]:
        print(f"  miss: {t} at rank {r}: {q}")
