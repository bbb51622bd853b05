"""The table of MedRisk gold-mode misses (issue 16): every miss of a run, with who is at fault.

Regenerate after a gold run of each split::

    medmirror bench medrisk --data .../medrisk_qualitative_train.jsonl --mode gold --out runs/gold-train
    medmirror bench medrisk --data .../medrisk_qualitative_val.jsonl --mode gold --out runs/gold-val
    python -m medmirror.bench.medrisk_misses runs/gold-train runs/gold-val --out app/data/medrisk_gold_misses.md

The fault of a miss is ``calculator`` (refuses a valid row, or its interpretation lacks the published class
word or figure the options ask for), ``matcher`` (the result states the answer, the matcher does not read it)
or ``dataset`` (the gold option contradicts the score's published definition or other rows, or the row's gold
inputs are incomplete). It is read from :data:`FAULTS` (per calculator, from reading its misses) and
:data:`ROW_FAULTS` (per row, where a row differs from its calculator's rule); a miss of a calculator not listed
is ``matcher`` with the matcher's reason (unreviewed). This file classifies; the matcher never reads it.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from medmirror.bench.medrisk import RECORDS_FILE

FAULT_KINDS = ("calculator", "matcher", "dataset")

_D, _C, _M = "dataset", "calculator", "matcher"
FAULTS: dict[str, tuple[str, str]] = {
    # dataset: the label contradicts the published definition / other rows, or the gold inputs are incomplete
    "mews": (_D, "MEWS publishes no ICU/death percentage per score (only >=5 = increased risk); options invent %"),
    "utah_covid19_risk": (_D, "the score has no published risk classes; gold classes are not in the definition"),
    "wat_1": (_D, "WAT-1 defines only >=3 = significant withdrawal; mild/moderate/severe grades are not published"),
    "webster_parkinson": (_D, "gold inputs lack the tremor item (the 'Tremor' label carries a facies answer); "
                              "recomputed over tremor's four options, these rows' answer depends on it: refused"),
    "carg_tt": (_D, "female row gives only the male Hb item (<11 g/dL), which does not tell Hb <10: refusal right"),
    "mayo_uc": (_D, "gold severity contradicts the published Mayo bands (3-5 mild, 6-10 moderate, 11-12 severe)"),
    "macocha": (_D, "MACOCHA defines only >=3 = difficult intubation; the gold grade is not in the definition"),
    "cpis": (_D, "CPIS <=6 = low likelihood of VAP; gold 'moderate'/'high' contradicts the cut-off"),
    "pediatric_trauma_score": (_D, "gold survival class contradicts the published PTS bands"),
    "peg_scale": (_D, "PEG has no published severity bands; gold labels are not in the definition"),
    "urticaria_activity_score": (_D, "a daily UAS (0-6) has no severity bands (those are for UAS7, 0-42)"),
    "hack_impairment_index": (_D, "HII defines no impairment classes"),
    "four_score": (_D, "FOUR has no published severity bands"),
    "mfis_5": (_D, "MFIS-5 has no published severity bands"),
    "cirs_g": (_D, "CIRS-G has no published severity classes for the total"),
    "madrs": (_D, "gold severity contradicts the published MADRS bands"),
    "mdi": (_D, "gold severity contradicts the published MDI bands"),
    "baws": (_D, "gold severity contradicts the published BAWS bands"),
    "pediatric_nihss": (_D, "gold severity contradicts the NIHSS bands the PedNIHSS uses"),
    "nihss": (_D, "gold severity contradicts the published NIHSS bands (16-20 moderate to severe)"),
    "ribscore": (_D, "RibScore publishes only a cut-off (>=4); the gold class is not in the definition"),
    "murray_lung_injury": (_D, "gold class contradicts Murray's bands (0.1-2.5 mild to moderate, >2.5 severe)"),
    "canadian_tia": (_D, "gold % is 100 times the published 7-day stroke risk of the band"),
    "albi": (_D, "gold survival range is another grade's (ALBI grade 2 = 5.3-46.5 months)"),
    "rox_index": (_D, "ROX 3.85-4.87 is published as indeterminate; gold says high"),
    "ciwa_ar": (_D, "gold severity contradicts the published CIWA-Ar bands"),
    "wexner_incontinence": (_D, "gold severity contradicts the band of the gold inputs' score"),
    "cha2ds2_vasc": (_D, "gold class differs from the published label of the score (1 = low-moderate)"),
    "revised_trauma_score": (_D, "options speak of a 'score of 6' the gold inputs do not give; no published class"),
    "func_score": (_D, "ambiguous: whole cohort vs survivors, the question does not say which"),
    "rome4_proctalgia_fugax": (_D, "the gold inputs meet the Rome IV criteria; gold says negative"),
    "cisne": (_D, "options are ECOG grades, not CISNE classes"),
    "ipss_r": (_D, "the question asks survival, the gold option is the time to AML evolution"),
    "alvarado": (_D, "9-10 is 'very probable'; gold 'definite' is not a published Alvarado class"),
    "barthel_index": (_D, "80 is not total independence in the published Barthel bands"),
    "edss": (_D, "EDSS has no mild/moderate/severe impairment bands for the step"),
    # calculator: the interpretation lacks the class word / the published figure the options use, or a unit bug
    "riske_endocarditis_surgery": (_C, "the per-score mortality table (Olmos 2017, Table S3) is not available offline"),
    "dragon": (_D, "gold % per score is not the published table's (2: 88% good, 3: 78% good, 8: 70% miserable; "
                   "4-7 have no figure), which the result states"),
    "gleason_score": (_C, "interpretation lacks the remission-within-2-years figures per grade the options use"),
    "ucsf_capra": (_C, "interpretation lacks CAPRA's 5-year recurrence-free survival figures"),
    "timi_risk_index": (_D, "options give in-hospital % bands the published TRI groups do not state (30-day % only)"),
    "rasp_hiv": (_D, "RASP publishes PEP recommendation tiers only; the gold risk words (very low/low/minimal/"
                     "negligible) are not in the definition and differ between rows of one tier"),
    "michigan_picc": (_D, "Michigan PICC publishes classes I-IV with a VTE %, no risk words; gold 'high risk' for "
                          "classes III and IV is not in the definition"),
    "bisap": (_C, "no mortality per score is stated"),
    "triss": (_D, "by hand: penetrating, RTS 2, ISS 50, age <= 54: b = -0.6029 + 1.1430x2 - 0.1516x50 = -5.90, Ps 0.27 %; gold reads 30 %"),
    "mayo_spn": (_D, "by hand (row 9488: age 29, 12 mm, no risk factor) the Mayo equation gives about 1 %; gold reads such values as 90 %"),
    "absolute_lymphocyte_count": (_C, "interpretation lacks a sensitivity/specificity figure (96%) the options "
                                      "use; not in the library's text, not verifiable offline"),
    "medped_fh": (_D, "MEDPED criteria are met or not; definite/probable/possible are other FH scores' classes"),
    "bishop_score": (_M, "wording the result does not use ('induction may be necessary'; 'likely' against the "
                         "result's 'more likely')"),
    "injury_severity_score": (_C, "'significant, severe' for ISS 38/57 (the result: very severe, critical; ISS "
                                  "has no official words) and 'major trauma sustained' (wording)"),
    "aims": (_D, "AIMS defines evidence of TD (yes/no) and a global severity; 'strong/possible evidence' grades "
                 "and a moderate severity against a global rating of none are not in the definition"),
    "cheops": (_M, "CHEOPS publishes only >=5 = consider analgesia; options add wording the result does not use "
                   "('if appropriate') or grade pain, which is not published"),
    "sirs_sepsis_shock": (_D, "gold says septic shock / severe sepsis but the gold inputs give no source of "
                              "infection (MODS or SIRS by the definitions)"),
    "pediatric_sirs_sepsis": (_D, "gold says septic shock / sepsis but the gold inputs give no suspected infection"),
    "thrive": (_D, "by hand (row 12989: age 82, NIHSS 25, 3 comorbidities, LVO, ASPECTS unknown, no EVT): x = 2.864 "
                   "- 0.025x82 - 0.106x25 - 1.665 = -3.50, 2.9%; gold figures are about 1 point lower"),
    "ecog_performance_status": (_D, "gold 'completely disabled' for ECOG 0, 1 and 3 (it is ECOG 4's description)"),
    "alt_70": (_M, "'consult a specialist / required for diagnosis': wording the result (consult dermatology and/or "
                   "infectious disease) does not use"),
    "tisdale_qt": (_M, "an option's '5' (half-lives / hours) is read as a score and conflicts"),
    "fong_crs": (_D, "the question does not say which year's survival; several options state one of the result's"),
    "mess": (_D, "gold mixes 'low viability' with 'limb salvage' for MESS 6; 'high likelihood' for MESS 10 (amputation "
                 "predicted)"),
    "fast_exam": (_D, "two options are positive FAST; the gold inputs do not say which region holds fluid"),
    "haps": (_D, "HAPS >= 1 means 'not harmless', not that testing/ICU is likely required"),
    "lrinec": (_D, "gold pairs the intermediate group with an NPV of 96% (the published figure is for scores < 6)"),
    "egsys": (_D, "gold option is not a reading of the score ('Unlikely not cardiac-related')"),
    "hat_score": (_M, "'fatal ICH' against the result's 'symptomatic ICH 10%' and 'fatal hemorrhage 7%': the words "
                      "do not choose (val only, not fixed)"),
    "mrs_9q": (_M, "wording: 'conflicts in reported activities and symptoms' against a result that negates "
                   "'symptoms' ('no bothersome symptoms'); 'identified'"),
    "chip_head_ct": (_M, "'Consider CT' against the result's 'CT of the head indicated'"),
    "catch_head_ct": (_M, "'Consider CT' against the result's 'CT of the head indicated'"),
    "duke_treadmill": (_M, "'Coronary angiography recommended' against 'refer for coronary angiography'"),
    "ipi_dlbcl": (_M, "'Good prognosis with low risk group' against 'R-IPI good' (no risk-group word)"),
    "ms_disease_steps": (_M, "'no limitations on activity or lifestyle': wording the result ('Normal') does not use"),
    "abc_massive_transfusion": (_M, "two options read as the result's likelihood: 'unlikely' (exact, chosen) and "
                                    "'less likely' (gold)"),
    "bjh_stroke_dysphagia_screen": (_M, "'referral', 'swallowing issues': wording the result does not use"),
    "curb_65": (_D, "gold 'highest risk' / a separate top group for CURB-65 4 (BTS: 3-5 is one high-severity group)"),
    "oakland_lgib": (_D, "gold 9% for score 10 is 100 minus the published 91% probability of safe discharge"),
    "pre_score": (_D, "the score is below the range studied: benefit is not established, gold says 'not likely'"),
    "has_bled": (_C, "the figure per score (Pisters 2010) differs from the options' (3.72 vs 3.74 per 100 pt-yr)"),
}
ROW_FAULTS: dict[str, tuple[str, str]] = {
    "12749": (_M, "'low probability' of safe discharge against the result's 'high risk' of an adverse outcome: the "
                  "level words face opposite ways (val only, not fixed)"),
}


def classify_miss(rec: dict[str, Any]) -> tuple[str, str]:
    """(fault, reason) of one missed record."""
    if str(rec.get("id")) in ROW_FAULTS:
        return ROW_FAULTS[str(rec["id"])]
    if rec.get("tool") in FAULTS:
        return FAULTS[str(rec["tool"])]
    if rec.get("miss") == "calculator_refused":
        return _C, "refused a gold row (unreviewed)"
    return _M, "unreviewed: " + str(rec.get("error") or rec.get("miss") or "")[:120]


def _short(text: Any, n: int) -> str:
    return " ".join(str(text or "").split()).replace("|", "/")[:n]


def miss_rows(records: Iterable[dict[str, Any]], split: str) -> list[dict[str, str]]:
    out = []
    for r in records:
        if r.get("correct") or r.get("no_calculator"):
            continue
        fault, reason = classify_miss(r)
        ours = f"{r.get('value')} {r.get('unit') or ''}".strip() + "; " + _short(r.get("interpretation"), 90)
        out.append({"id": str(r.get("id")), "split": split, "calculator": str(r.get("tool") or r.get("cal_id")),
                    "ours": ours if r.get("miss") != "calculator_refused" else "refused: " + _short(r.get("error"), 80),
                    "gold": str(r.get("expected")), "got": str(r.get("got") or "-"), "miss": str(r.get("miss")),
                    "fault": fault, "reason": reason})
    return out


def render(rows: list[dict[str, str]], totals: dict[str, tuple[int, int]]) -> str:
    lines = ["# MedRisk-Qualitative, gold mode: every miss and who is at fault", "",
             "Generated by `python -m medmirror.bench.medrisk_misses` from the gold runs' records (see the module).",
             "Fault per calculator from reading its misses (`FAULTS`); a row differing from its calculator's rule is",
             "listed in `ROW_FAULTS`; 'unreviewed' rows default to matcher.", ""]
    for split, (n, correct) in totals.items():
        c = Counter(r["fault"] for r in rows if r["split"] == split)
        lines.append(f"- {split}: accuracy {100 * correct / n:.1f}% ({correct}/{n}); misses "
                     f"{n - correct}: " + ", ".join(f"{k} {c.get(k, 0)}" for k in FAULT_KINDS))
    lines += ["", "| row | split | calculator | our value; interpretation | gold | got | miss | fault | reason |",
              "|---|---|---|---|---|---|---|---|---|"]
    lines += [f"| {r['id']} | {r['split']} | {r['calculator']} | {r['ours']} | {r['gold']} | {r['got']} | {r['miss']} | "
              f"{r['fault']} | {r['reason']} |" for r in rows]
    return "\n".join(lines) + "\n"


def load(run_dir: str | Path) -> list[dict[str, Any]]:
    path = Path(run_dir) / RECORDS_FILE
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def build(runs: dict[str, list[dict[str, Any]]]) -> str:
    rows: list[dict[str, str]] = []
    totals: dict[str, tuple[int, int]] = {}
    for split, recs in runs.items():
        judged = [r for r in recs if not r.get("no_calculator")]
        totals[split] = (len(judged), sum(bool(r.get("correct")) for r in judged))
        rows += miss_rows(recs, split)
    return render(rows, totals)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("runs", nargs="+", help="gold run directories (records.jsonl); the split is read from the rows")
    ap.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    runs: dict[str, list[dict[str, Any]]] = {}
    for d in a.runs:
        recs = load(d)
        split = next((str(r.get("split")) for r in recs if r.get("split")), Path(d).name)
        runs.setdefault(split, []).extend(recs)
    Path(a.out).write_text(build(runs), encoding="utf-8")
    print(f"wrote {a.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
