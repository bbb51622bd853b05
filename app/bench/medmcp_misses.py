"""The table of MedMCP-Calc gold-mode misses (issue 27): every miss of a gold run, with whose it is.

Regenerate after a gold run::

    medmirror bench medmcp --data ../shared/data/medmcp/medmcp_calc_dev.jsonl --mode gold --out runs/medmcp-gold
    python -m medmirror.bench.medmcp_misses runs/medmcp-gold --out app/data/medmcp_gold_misses.md

A miss is ``ours`` (the calculator lacks what MDCalc computed, or the bench does not map MDCalc's field) or
``label`` (MDCalc's answer follows another convention or contradicts the published definition), read from
:data:`FAULTS` by (task id prefix, calculator id) after reading each one by hand; a miss not listed there is
``unreviewed``. This file classifies; the gold mode never reads it.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from medmirror.bench.medmcp import RECORDS_FILE

_O, _L = "ours", "label"
FAULTS: dict[tuple[str, str], tuple[str, str]] = {
    ("medmcp-calc_111", "nutric"): (_O, "MDCalc's 6 is the modified NUTRIC (no IL-6); ours is the original and "
                                        "needs IL-6"),
    ("medmcp-calc_111", "adjusted_body_weight"): (_L, "MDCalc's answer 155.9 lb is the ideal body weight (Devine, "
                                                      "69 in male: 70.7 kg); ours answers the adjusted weight"),
    ("medmcp-calc_119", "creatinine_clearance"): (_O, "'Weight for calculation: 80.3 kg (adjusted body weight)' "
                                                      "is not mapped to the weight basis; no height for ours"),
    ("medmcp-calc_091", "sirs_sepsis_shock"): (_O, "ours reads MODS too; the comparator cannot match MDCalc's "
                                                   "advice sentence"),
    ("medmcp-calc_070", "gupta_mica"): (_O, "a described procedure ('open colectomy') is not mapped to MICA's "
                                            "procedure category"),
    ("medmcp-calc_045", "kdigo_aki"): (_O, "the oliguria duration is inside the value ('0.35 mL/kg/h over 12 "
                                           "hours'), not a field; refused without it"),
    ("medmcp-calc_045", "creatinine_clearance"): (_L, "MDCalc's 28 uses the actual weight (78 kg); ours the BMI "
                                                      "rule's adjusted weight at BMI 25.5 (26.6 mL/min)"),
    ("medmcp-calc_038", "glasgow_coma_scale"): (_L, "MDCalc reports E3 V(NT) M5 without a total; ours scores "
                                                    "'not testable' as full (MedCalc-Bench's convention)"),
    ("medmcp-calc_038", "morphine_milligram_equivalents"): (_O, "drug, dose and doses/day fields are not mapped "
                                                                "to the calculator's list of drugs"),
    ("medmcp-calc_028", "curb_65"): (_O, "'SBP <90 or DBP <=60: Yes' is a union over two inputs, which the "
                                         "interval runner does not take"),
    ("medmcp-calc_037", "emory_tipss"): (_L, "no Emory criterion is met (bilirubin 2.3 <= 3, ALT 38, no HE, "
                                             "elective): 0, MDCalc prints 2"),
    ("medmcp-calc_057", "estimated_gestational_age"): (_O, "MDCalc gives the due date; ours takes the LMP (the "
                                                           "bench maps no EDD to LMP)"),
    ("medmcp-calc_057", "weight_based_liquid_dose"): (_O, "per-day dose + frequency + '4 mg per 5 mL' are not "
                                                          "mapped to per-dose mg/kg and mg/mL"),
    ("medmcp-calc_060", "abg_analyzer"): (_L, "PaCO2 31 is below Winter's 33.5 +/- 2: an added respiratory "
                                              "alkalosis by the formula; MDCalc calls it compensated"),
    ("medmcp-calc_110", "abg_analyzer"): (_L, "pH 7.44, PaCO2 37, HCO3 25 are all in range; MDCalc reports a "
                                              "respiratory alkalosis"),
    ("medmcp-calc_021", "abg_analyzer"): (_L, "acute respiratory acidosis expects HCO3 24 + 1.1 = 25.1; 26 is "
                                              "within it, MDCalc calls it a secondary metabolic alkalosis"),
    ("medmcp-calc_036", "age_adjusted_d_dimer"): (_L, "MDCalc prints the cut-off 0.5 without its unit (µg/mL "
                                                      "FEU); ours 500 µg/L is the same value"),
}


def rows(run_dir: Path) -> list[dict[str, str]]:
    out = []
    for line in (run_dir / RECORDS_FILE).read_text(encoding="utf-8").splitlines():
        rec = json.loads(line)
        for m in rec.get("mentions", []):
            if m.get("covered") and not m.get("correct"):
                fault, why = FAULTS.get((rec["id"][:15], m["calculator"]), ("unreviewed", m.get("reason") or ""))
                out.append({"task": rec["id"], "calculator": m["calculator"], "miss": str(m.get("miss")),
                            "fault": fault, "reason": why, "detail": str(m.get("reason") or "")[:160]})
    return out


def render(run_dir: Path) -> str:
    table = rows(run_dir)
    counts = {k: sum(r["fault"] == k for r in table) for k in (_O, _L, "unreviewed")}
    lines = ["# MedMCP-Calc, gold mode: every miss and whose it is", "",
             "Generated by `python -m medmirror.bench.medmcp_misses RUN_DIR` from a gold run's records (see the "
             "module).", "", f"- misses {len(table)}: " + ", ".join(f"{k} {v}" for k, v in counts.items()), "",
             "| task | calculator | miss | fault | reason | bench's reason |", "|---|---|---|---|---|---|"]
    lines += [f"| {r['task']} | {r['calculator']} | {r['miss']} | {r['fault']} | {r['reason']} | "
              f"{r['detail'].replace('|', '/')} |" for r in table]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run_dir", type=Path)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    text = render(args.run_dir)
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    else:
        print(text, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
