"""Functional capacity and screening read-outs MedMCP-Calc's workflows use: the Duke Activity Status Index (with its
estimated peak VO2 and METs) and the tuberculin skin test interpretation by the CDC's risk-group cut-offs."""

from __future__ import annotations

from pydantic import Field

from medmirror.tools.calculators.base import CalculatorInputs, CalculatorResult, quantity
from medmirror.tools.calculators.library._workflow_common import result as _result
from medmirror.tools.calculators.library.general_formulas import _formula

# ---------------------------------------------------------------------------
# Duke Activity Status Index
# ---------------------------------------------------------------------------

DASI_REF = ("Hlatky MA, Boineau RE, Higginbotham MB, et al. A brief self-administered questionnaire to determine "
            "functional capacity (the Duke Activity Status Index). Am J Cardiol. 1989;64(10):651-4 "
            "(peak VO2 = 0.43 x DASI + 9.6 mL/kg/min).")
# (input, question, weight) as published
DASI_ITEMS = (
    ("self_care", "Take care of yourself (eating, dressing, bathing, using the toilet)", 2.75),
    ("walk_indoors", "Walk indoors, such as around your house", 1.75),
    ("walk_blocks", "Walk a block or two on level ground", 2.75),
    ("climb_stairs", "Climb a flight of stairs or walk up a hill", 5.50),
    ("run", "Run a short distance", 8.00),
    ("light_housework", "Do light work around the house (dusting, washing dishes)", 2.70),
    ("moderate_housework", "Do moderate work around the house (vacuuming, sweeping floors, carrying groceries)", 3.50),
    ("heavy_housework", "Do heavy work around the house (scrubbing floors, lifting or moving heavy furniture)", 8.00),
    ("yardwork", "Do yardwork (raking leaves, weeding, pushing a power mower)", 4.50),
    ("sexual_relations", "Have sexual relations", 5.25),
    ("moderate_recreation", "Participate in moderate recreational activities (golf, bowling, dancing, doubles "
                            "tennis, throwing a ball)", 6.00),
    ("strenuous_sports", "Participate in strenuous sports (swimming, singles tennis, football, basketball, skiing)",
     7.50),
)


class DasiInputs(CalculatorInputs):
    self_care: bool = Field(description=DASI_ITEMS[0][1])
    walk_indoors: bool = Field(description=DASI_ITEMS[1][1])
    walk_blocks: bool = Field(description=DASI_ITEMS[2][1])
    climb_stairs: bool = Field(description=DASI_ITEMS[3][1])
    run: bool = Field(description=DASI_ITEMS[4][1])
    light_housework: bool = Field(description=DASI_ITEMS[5][1])
    moderate_housework: bool = Field(description=DASI_ITEMS[6][1])
    heavy_housework: bool = Field(description=DASI_ITEMS[7][1])
    yardwork: bool = Field(description=DASI_ITEMS[8][1])
    sexual_relations: bool = Field(description=DASI_ITEMS[9][1])
    moderate_recreation: bool = Field(description=DASI_ITEMS[10][1])
    strenuous_sports: bool = Field(description=DASI_ITEMS[11][1])


def _dasi(x: DasiInputs) -> CalculatorResult:
    done = [(q, w) for name, q, w in DASI_ITEMS if getattr(x, name)]
    total = round(sum(w for _, w in done), 2)
    vo2 = 0.43 * total + 9.6
    mets = vo2 / 3.5
    lines = [f"{q}: +{w:g}" for q, w in done] + [
        f"DASI = {total:g} (of 58.2)", f"peak VO2 = 0.43 x {total:g} + 9.6 = {vo2:.2f} mL/kg/min",
        f"METs = {vo2:.2f} / 3.5 = {mets:.2f}"]
    return _result("dasi", "Duke Activity Status Index (DASI)", DASI_REF, total, "points",
                   f"DASI {total:g} of 58.2 (higher is better); estimated peak VO2 {vo2:.1f} mL/kg/min, {mets:.2f} "
                   f"METs{' (< 4 METs: poor functional capacity)' if mets < 4 else ''}", lines,
                   {"vo2_peak": vo2, "mets": mets})


DASI = _formula("dasi", "Duke Activity Status Index (DASI)", "risk",
                "Self-reported functional capacity from 12 weighted activities (0-58.2), with the estimated peak "
                "VO2 and METs (perioperative and cardiac assessment).", DasiInputs, _dasi, DASI_REF, "points",
                ["Duke Activity Status Index (DASI)", "DASI", "Duke Activity Status Index"],
                ["Each activity answered yes or no (done without difficulty); the 4-MET mark is the usual "
                 "perioperative threshold (ACC/AHA)."])

# ---------------------------------------------------------------------------
# Tuberculin skin test interpretation (CDC)
# ---------------------------------------------------------------------------

TST_REF = ("Centers for Disease Control and Prevention. Targeted tuberculin testing and treatment of latent "
           "tuberculosis infection. MMWR Recomm Rep. 2000;49(RR-6):1-51 (induration cut-offs 5, 10 and 15 mm by "
           "risk group).")
FIVE_MM = ("hiv", "recent_contact", "fibrotic_cxr", "transplant", "immunosuppressed")
TEN_MM = ("recent_immigrant", "injection_drug_use", "congregate_setting", "mycobacteriology_lab", "high_risk_condition",
          "child_under_4", "child_exposed_to_high_risk_adult")


def _flag(description: str) -> bool:
    return Field(False, description=description)


class TstInputs(CalculatorInputs):
    induration: float = quantity("mm", description="Induration (not erythema) at 48-72 h", ge=0, le=100,
                                 accepted_units=["cm"])
    hiv: bool = _flag("HIV infection")
    recent_contact: bool = _flag("Recent contact of a person with infectious TB")
    fibrotic_cxr: bool = _flag("Fibrotic changes on chest x-ray consistent with prior TB")
    transplant: bool = _flag("Organ transplant recipient")
    immunosuppressed: bool = _flag("Other immunosuppression (e.g. prednisone >= 15 mg/day for >= 1 month, TNF "
                                   "antagonists)")
    recent_immigrant: bool = _flag("Recent (< 5 years) immigrant from a high-prevalence country")
    injection_drug_use: bool = _flag("Injection drug use")
    congregate_setting: bool = _flag("Resident or employee of a high-risk congregate setting")
    mycobacteriology_lab: bool = _flag("Mycobacteriology laboratory personnel")
    high_risk_condition: bool = _flag("Clinical condition that puts them at high risk (diabetes, silicosis, CKD, "
                                      "leukaemia, lymphoma, gastrectomy, low body weight ...)")
    child_under_4: bool = _flag("Child younger than 4 years")
    child_exposed_to_high_risk_adult: bool = _flag("Child or adolescent exposed to adults at high risk")


def _tst(x: TstInputs) -> CalculatorResult:
    groups = [n for n in FIVE_MM if getattr(x, n)]
    cut = 5 if groups else 10 if (groups := [n for n in TEN_MM if getattr(x, n)]) else 15
    positive = x.induration >= cut
    word = "positive" if positive else "negative"
    why = f"risk group(s): {', '.join(groups)}" if groups else "no risk factor"
    return _result("tb_skin_test", "TB Skin Test Interpretation", TST_REF, f"TB skin test is {word}", "",
                   f"TB skin test is {word}: {x.induration:g} mm {'>=' if positive else '<'} {cut} mm ({why})",
                   [f"cut-off {cut} mm ({why}); induration {x.induration:g} mm -> {word}"],
                   {"cutoff_mm": cut, "positive": positive})


TST = _formula("tb_skin_test", "TB Skin Test Interpretation", "diagnosis",
               "Reads a tuberculin skin test (Mantoux) as positive or negative by the CDC's induration cut-off for the "
               "person's risk group (5, 10 or 15 mm).", TstInputs, _tst, TST_REF, "",
               ["TB Skin Test Interpretation", "tuberculin skin test", "PPD interpretation", "Mantoux test"],
               ["The lowest cut-off of any group the person is in applies; risk groups not stated are taken as "
                "absent (reported as assumed). A positive test does not tell latent from active TB."])
