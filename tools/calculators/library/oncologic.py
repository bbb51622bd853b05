"""Oncologic scores of RiskAgent's library: malignant pleural effusion, ovarian and lung nodule malignancy
risk, renal cell and prostate cancer prognosis, performance status and staging."""

from __future__ import annotations

import math

from medmirror.tools.calculators.base import CalculatorResult
from medmirror.tools.calculators.points import (
    Band,
    Choice,
    ChoiceInputs,
    Number,
    Option,
    band_of,
    item_points,
    opts,
    point_score,
    yes_no,
)


def _result(calc_id: str, name: str, value: float, unit: str, band: Band, lines: list[str], reference: str,
            components: dict | None = None) -> CalculatorResult:
    return CalculatorResult(
        calculator=calc_id, name=name, value=value, unit=unit, interpretation=band.text,
        explanation=[*lines, f"= {value if isinstance(value, str) else f'{value:g}'} {unit}; {band.text}"],
        reference=reference, components=components or {})


def _logistic_percent(x: float) -> float:
    return 100 / (1 + math.exp(-x))


# ---------------------------------------------------------------------------
# MDCalc 4010: LENT prognostic score for malignant pleural effusion
# ---------------------------------------------------------------------------

LENT = point_score(
    id="lent_score", name="LENT Prognostic Score", mdcalc_id=4010, category="risk",
    description=("Estimates survival in a patient with a malignant pleural effusion from pleural fluid LDH, "
                 "ECOG performance status, the blood neutrophil-to-lymphocyte ratio and the tumour type; "
                 "the total (0-7) places the patient in a low, moderate or high risk group with its median "
                 "survival."),
    items=(
        Choice("ldh", "Pleural fluid LDH, U/L", opts(("<1,500", 0), (">=1,500", 1))),
        Choice("ecog", "ECOG Score", opts(
            ("0 (asymptomatic)", 0), ("1 (symptomatic but ambulatory)", 1),
            ("2 (symptomatic, in bed <50% of day)", 2),
            ("3-4 (symptomatic, in bed >50% of day or bedbound)", 3))),
        Choice("serum", "Serum neutrophil-to-lymphocyte ratio", opts(("<9", 0), (">=9", 1))),
        Choice("tumor", "Tumor type", opts(
            ("Mesothelioma or hematologic malignancy", 0),
            ("Breast or gynecologic cancer or renal cell carcinoma", 1), ("Lung or any other cancer", 2))),
    ),
    bands=(
        Band(0, 1, "Low risk: median survival 319 days"),
        Band(2, 4, "Moderate risk: median survival 130 days"),
        Band(5, 7, "High risk: median survival 44 days"),
    ),
    reference=("Clive AO, Kahan BC, Hooper CE, et al. Predicting survival in malignant pleural effusion: "
               "development and validation of the LENT prognostic score. Thorax. 2014;69(12):1098-1104."),
    aliases=("LENT", "LENT score"),
    conventions=("All four items are required: an unknown LDH, NLR or ECOG is refused, not scored 0.",),
)


# ---------------------------------------------------------------------------
# MDCalc 10096: PROMISE score for malignant pleural effusion
# ---------------------------------------------------------------------------

# (name, question, [(label, clinical points, biological points)]): MDCalc's option value is the
# biological score's points, so it is the option's code.
_PROMISE = (
    ("chemo", "Previous chemotherapy", (("No", 0, 0), ("Yes", 4, 3))),
    ("radio", "Previous radiotherapy", (("No", 0, 0), ("Yes", 2, 2))),
    ("hb", "Hemoglobin, g/dL", ((">=16", 0, 0), ("14 to <16", 1, 1), ("12 to <14", 2, 2), ("10 to <12", 3, 3),
                                ("<10", 4, 4))),
    ("wbc", "Serum WBC count, 10⁹ cells/L", (("<4", 0, 0), ("4 to <6.3", 2, 2), ("6.3 to <10", 4, 4),
                                            ("10 to <15.8", 7, 7), (">=15.8", 10, 9))),
    ("crp", "C-reactive protein, IU/L", (("<3", 0, 0), ("3 to <10", 3, 3), ("10 to <32", 5, 5),
                                        ("32 to <100", 8, 8), (">=100", 11, 10))),
    ("ecog", "ECOG performance status", (("0-1", 0, 0), ("2-4", 7, 7))),
    ("cancer", "Cancer type", (("Mesothelioma", 0, 0), ("All other types of cancer", 4, 5), ("Lung", 5, 6))),
)
_PROMISE_TIMP = Choice("timp", "TIMP1, ng/mg protein", (
    Option("Unknown", 0, -1), Option("<40", 0), Option("40 to <160", 1), Option(">=160", 2)))
_PROMISE_BIO_POINTS = {name: {label: bio for label, _, bio in options} for name, _, options in _PROMISE}
_PROMISE_CLINICAL_BANDS = (
    Band(None, 20, "Less than 25% risk of death at 3 months (clinical score 0-20)"),
    Band(21, 27, "25 to <50% risk of death at 3 months (clinical score 21-27)"),
    Band(28, 35, "50 to <75% risk of death at 3 months (clinical score 28-35)"),
    Band(36, None, "75% or greater risk of death at 3 months (clinical score >35)"),
)
_PROMISE_BIOLOGICAL_BANDS = (
    Band(None, 20, "Less than 25% risk of death at 3 months (biological score 0-20)"),
    Band(21, 28, "25 to <50% risk of death at 3 months (biological score 21-28)"),
    Band(29, 37, "50 to <75% risk of death at 3 months (biological score 29-37)"),
    Band(38, None, "75% or greater risk of death at 3 months (biological score >37)"),
)
_PROMISE_REF = ("Psallidas I, Kanellakis NI, Gerry S, et al. Development and validation of response markers to "
                "predict survival and pleurodesis success in patients with malignant pleural effusion "
                "(PROMISE): a multicohort analysis. Lancet Oncol. 2018;19(7):930-939.")


def _promise(x: ChoiceInputs) -> CalculatorResult:
    biological = x.timp != "Unknown"
    rows: list[tuple[str, str, float]] = []
    for name, text, pts in item_points(x):
        if name == "timp":
            if biological:
                rows.append((name, text, pts))
            continue
        rows.append((name, text, _PROMISE_BIO_POINTS[name][getattr(x, name)] if biological else pts))
    total = int(sum(p for _, _, p in rows))
    version = "biological" if biological else "clinical"
    band = band_of(_PROMISE_BIOLOGICAL_BANDS if biological else _PROMISE_CLINICAL_BANDS, total)
    lines = [f"{version.capitalize()} PROMISE score (TIMP1 {'given' if biological else 'unknown'}):",
             *(f"{text} -> {pts:+g}" for _, text, pts in rows)]
    return _result("promise_score", "PROMISE Score", total, "points", band, lines, _PROMISE_REF,
                   {name: pts for name, _, pts in rows})


PROMISE = point_score(
    id="promise_score", name="PROMISE Score for Malignant Pleural Effusion", mdcalc_id=10096, category="risk",
    description=("Predicts 3-month mortality in malignant pleural effusion from prior chemotherapy and "
                 "radiotherapy, haemoglobin, white cell count, CRP, ECOG status and cancer type; with a "
                 "pleural fluid TIMP1 level the biological version (its own points and cut-offs) is used, "
                 "otherwise the clinical version."),
    items=(
        *(Choice(name, question, tuple(Option(label, clin, bio if bio != clin else None)
                                       for label, clin, bio in options))
          for name, question, options in _PROMISE),
        _PROMISE_TIMP,
    ),
    bands=_PROMISE_CLINICAL_BANDS, reference=_PROMISE_REF, compute=_promise,
    aliases=("PROMISE", "PROMISE score"),
    conventions=("TIMP1 'Unknown' computes the clinical score; a TIMP1 level computes the biological score, "
                 "whose points differ for chemotherapy (3), WBC >=15.8 (9), CRP >=100 (10) and cancer type "
                 "(other 5, lung 6) and whose risk cut-offs are 20/28/37 instead of 20/27/35.",
                 "MDCalc's option values are the biological points; the clinical points follow the paper."),
)


# ---------------------------------------------------------------------------
# MDCalc 10517: IOTA Simple Rules risk of malignancy (adnexal masses)
# ---------------------------------------------------------------------------

_IOTA_FEATURES = (
    ("b1", "B1 (unilocular cyst)", -3.41),
    ("b2", "B2 (solid components present, but largest solid component <7 mm)", -2.25),
    ("b3", "B3 (acoustic shadows)", -1.66),
    ("b4", "B4 (smooth multilocular tumor with largest diameter <100 mm)", -2.75),
    ("b5", "B5 (no blood flow; color score 1)", -1.86),
    ("m1", "M1 (irregular solid tumor)", 2.19),
    ("m2", "M2 (ascites)", 2.65),
    ("m3", "M3 (at least 4 papillary structures)", 1.53),
    ("m4", "M4 (irregular multilocular solid tumor with largest diameter >=100 mm)", 0.98),
    ("m5", "M5 (very strong flow; color score 4)", 1.55),
    ("location", "Ultrasound examination at oncology center", 0.92),
)
_IOTA_INTERCEPT = -0.97
# Bands on the sum of the features' coefficients (two decimals): risk <1% <=> sum <= -3.63, <10% <=> sum
# <= -1.23, <50% <=> sum <= 0.96 (risk = logistic(-0.97 + sum)).
_IOTA_BANDS = (
    Band(None, -3.63, "Very low risk of malignancy (<1%)"),
    Band(-3.62, -1.23, "Low risk of malignancy (1 to <10%)"),
    Band(-1.22, 0.96, "Intermediate risk of malignancy (10 to <50%)"),
    Band(0.97, None, "High risk of malignancy (>=50%)"),
)
_IOTA_REF = ("Timmerman D, Van Calster B, Testa A, et al. Predicting the risk of malignancy in adnexal masses "
             "based on the Simple Rules from the International Ovarian Tumor Analysis group. Am J Obstet "
             "Gynecol. 2016;214(4):424-437.")


def _iota(x: ChoiceInputs) -> CalculatorResult:
    rows = item_points(x)
    total = round(sum(p for _, _, p in rows), 2)
    risk = round(_logistic_percent(_IOTA_INTERCEPT + total), 1)
    band = band_of(_IOTA_BANDS, total)
    present = {name for name, _, _ in rows if getattr(x, name) == "Yes"}
    b = sorted(n for n in present if n.startswith("b"))
    m = sorted(n for n in present if n.startswith("m"))
    rule = ("benign (B-features only)" if b and not m else "malignant (M-features only)" if m and not b
            else "inconclusive (both or neither B- and M-features)")
    lines = [*(f"{text} -> {pts:+g}" for _, text, pts in rows),
             f"x = {_IOTA_INTERCEPT:g} + {total:g} = {_IOTA_INTERCEPT + total:.2f}; risk = 100 / (1 + e^-x)",
             f"Simple Rules classification: {rule}"]
    return _result("iota_simple_rules", "IOTA Simple Rules Risk", risk, "%", band, lines, _IOTA_REF,
                   {name: pts for name, _, pts in rows})


IOTA = point_score(
    id="iota_simple_rules", name="IOTA Simple Rules Risk Assessment", mdcalc_id=10517, category="diagnosis",
    description=("Estimates the probability that an adnexal (ovarian) mass is malignant from the ten IOTA "
                 "ultrasound features (five benign B-features, five malignant M-features) and whether the "
                 "scan was done at an oncology centre, with a logistic model; also reports the classic "
                 "benign / malignant / inconclusive Simple Rules reading."),
    items=tuple(yes_no(name, question, coef, default=None) for name, question, coef in _IOTA_FEATURES),
    bands=_IOTA_BANDS, reference=_IOTA_REF, unit="%", compute=_iota,
    aliases=("IOTA", "IOTA simple rules", "simple rules risk"),
    conventions=("Each feature must be stated (present or absent): an unreported feature is refused.",
                 "Risk categories <1%, 1-<10%, 10-<50%, >=50% are those used with the IOTA models (O-RADS US); "
                 "the risk itself is the published logistic model.",
                 "An option's MDCalc value is its coefficient (Yes) or 0 (No)."),
)


# ---------------------------------------------------------------------------
# MDCalc 3008: IMDC (Heng) risk model for metastatic renal cell carcinoma
# ---------------------------------------------------------------------------

IMDC = point_score(
    id="imdc_rcc", name="IMDC (Heng) Risk Model for Metastatic RCC", mdcalc_id=3008, category="risk",
    description=("Risk groups for metastatic renal cell carcinoma starting systemic (targeted) therapy: one "
                 "point each for a short interval from diagnosis to treatment, poor performance status, "
                 "anaemia, hypercalcaemia, neutrophilia and thrombocytosis; 0 favourable, 1-2 intermediate, "
                 "3 or more poor risk, each with its median overall survival."),
    items=(
        yes_no("dx", "<1 year from time of diagnosis to systemic therapy", default=None),
        yes_no("perf", "Karnofsky Performance Status <80%", default=None),
        yes_no("hgb", "Hemoglobin < lower limit of normal", default=None),
        yes_no("ca", "Corrected calcium > upper limit of normal", default=None),
        yes_no("neut", "Neutrophils > upper limit of normal", default=None),
        yes_no("plt", "Platelets > upper limit of normal", default=None),
    ),
    bands=(
        Band(0, 0, "Favorable risk: median overall survival 43.2 months"),
        Band(1, 2, "Intermediate risk: median overall survival 22.5 months"),
        Band(3, 6, "Poor risk: median overall survival 7.8 months"),
    ),
    reference=("Heng DY, Xie W, Regan MM, et al. Prognostic factors for overall survival in patients with "
               "metastatic renal cell carcinoma treated with vascular endothelial growth factor-targeted "
               "agents: results from a large, multicenter study. J Clin Oncol. 2009;27(34):5794-5799."),
    aliases=("IMDC", "Heng criteria", "Heng score"),
    conventions=("Median survivals are those of the external validation (Heng DY et al., Lancet Oncol "
                 "2013;14:141-148).",
                 "Each factor is required: an unknown laboratory value is refused, not scored normal."),
)


# ---------------------------------------------------------------------------
# MDCalc 2153: MSKCC (Motzer) score for metastatic renal cell carcinoma
# ---------------------------------------------------------------------------

MSKCC = point_score(
    id="mskcc_motzer_rcc", name="MSKCC (Motzer) Score for Metastatic RCC", mdcalc_id=2153, category="risk",
    description=("Prognostic groups for metastatic renal cell carcinoma (interferon era): one point each for "
                 "a short interval from diagnosis to treatment, anaemia, hypercalcaemia, a raised LDH and "
                 "poor Karnofsky performance status; 0 favourable (good), 1-2 intermediate, 3 or more poor "
                 "(high) risk."),
    items=(
        yes_no("neph", "Time from diagnosis to systemic treatment <1 year", default=None),
        yes_no("hb", "Hemoglobin < Lower Limit of Normal", default=None),
        yes_no("ca", "Calcium >10mg/dL (>2.5 mmol/L)", default=None),
        yes_no("ldh", "LDH > 1.5x Upper Limit of Normal", default=None),
        yes_no("karnofsky", "Performance status <80% (Karnofsky)", default=None),
    ),
    bands=(
        Band(0, 0, "Favorable (good) risk: median survival about 20 months (30 months in Motzer 2002)"),
        Band(1, 2, "Intermediate risk: median survival about 10 months (14 months in Motzer 2002)"),
        Band(3, 5, "Poor (high) risk: median survival about 4 months (5 months in Motzer 2002)"),
    ),
    reference=("Motzer RJ, Bacik J, Murphy BA, Russo P, Mazumdar M. Interferon-alfa as a comparative treatment "
               "for clinical trials of new therapies against advanced renal cell carcinoma. J Clin Oncol. "
               "2002;20(1):289-296."),
    aliases=("MSKCC score", "Motzer score", "Motzer criteria"),
    conventions=("Items are those of the 2002 model (time from diagnosis to treatment <1 year replaced the "
                 "1999 model's 'no prior nephrectomy'); MDCalc's median survivals (20/10/4 months) are the "
                 "1999 cohort's (Motzer RJ et al., J Clin Oncol 1999;17:2530-2540), the 2002 cohort's are "
                 "30/14/5 months: both are given.",
                 "Each factor is required: an unknown laboratory value is refused, not scored normal."),
)


# ---------------------------------------------------------------------------
# MDCalc 4057: Solitary pulmonary nodule malignancy risk (Mayo Clinic model)
# ---------------------------------------------------------------------------

_SPN_PET = {"PET not performed": None, "No uptake": 0.0, "Faint uptake": 2.322, "Moderate uptake": 4.617,
            "Intense uptake": 4.771}
_SPN_BANDS = (
    Band(None, 4.9, "Low probability of malignancy (<5%)"),
    Band(5.0, 65.0, "Intermediate probability of malignancy (5-65%)"),
    Band(65.1, None, "High probability of malignancy (>65%)"),
)
_SPN_REF = ("Swensen SJ, Silverstein MD, Ilstrup DM, Schleck CD, Edell ES. The probability of malignancy in "
            "solitary pulmonary nodules: application to small radiologically indeterminate nodules. Arch "
            "Intern Med. 1997;157(8):849-855.")


def _spn(x: ChoiceInputs) -> CalculatorResult:
    yes = {n: int(getattr(x, n) == "Yes") for n in ("smoker", "cancer", "lobe", "spiculation")}
    lin = (0.0391 * x.Age + 0.1274 * x.diameter + 0.7917 * yes["smoker"] + 1.3388 * yes["cancer"]
           + 0.7838 * yes["lobe"] + 1.0407 * yes["spiculation"] - 6.8272)
    p = 1 / (1 + math.exp(-lin))
    lines = [f"x = 0.0391 x {x.Age:g} + 0.1274 x {x.diameter:g} + 0.7917 x {yes['smoker']} + 1.3388 x "
             f"{yes['cancer']} + 0.7838 x {yes['lobe']} + 1.0407 x {yes['spiculation']} - 6.8272 = {lin:.4f}",
             f"Mayo probability = e^x / (1 + e^x) = {100 * p:.1f}%"]
    uptake = _SPN_PET[x.pet1]
    if uptake is not None:
        y = -4.739 + 3.691 * p + uptake
        lines.append(f"With FDG-PET ({x.pet1}): y = -4.739 + 3.691 x {p:.4f} + {uptake:g} = {y:.4f}; "
                     f"probability = 1 / (1 + e^-y)")
        p = 1 / (1 + math.exp(-y))
    value = round(100 * p, 1)
    return _result("mayo_spn", "Solitary Pulmonary Nodule Malignancy Risk (Mayo)", value, "%",
                   band_of(_SPN_BANDS, value), lines, _SPN_REF)


MAYO_SPN = point_score(
    id="mayo_spn", name="Solitary Pulmonary Nodule Malignancy Risk (Mayo Clinic Model)", mdcalc_id=4057,
    category="diagnosis",
    description=("Probability that a solitary pulmonary nodule is malignant, from age, nodule diameter, "
                 "smoking history, an extrathoracic cancer diagnosed 5 or more years ago, upper-lobe location "
                 "and spiculation (Mayo logistic model); when FDG-PET was done, its uptake grade updates the "
                 "probability (Herder extension)."),
    items=(
        Number("Age", "Age", "years", ge=18, le=110),
        Number("diameter", "Nodule diameter", "mm", ge=1, le=100),
        yes_no("smoker", "Current or former smoker", default=None),
        yes_no("cancer", "Extrathoracic cancer diagnosis >=5 years prior", default=None),
        yes_no("lobe", "Upper lobe location of tumor", default=None),
        yes_no("spiculation", "Nodule spiculation", default=None),
        Choice("pet1", "FDG-PET", opts(("PET not performed", 0), ("No uptake", 1), ("Faint uptake", 2),
                                       ("Moderate uptake", 3), ("Intense uptake", 4)),
               default="PET not performed"),
    ),
    bands=_SPN_BANDS, reference=_SPN_REF, unit="%", compute=_spn,
    aliases=("Mayo Clinic model", "SPN malignancy risk", "Swensen model"),
    conventions=("PET extension: Herder GJ et al. Clinical prediction model to characterize pulmonary "
                 "nodules: validation and added value of 18F-fluorodeoxyglucose positron emission tomography. "
                 "Chest 2005;128(4):2490-2496; no PET documented is taken as PET not performed (reported as "
                 "assumed).",
                 "Probability classes low <5%, intermediate 5-65%, high >65% follow the ACCP guideline "
                 "(Gould MK et al., Chest 2013;143:e93S).",
                 "The option points of FDG-PET are MDCalc's codes, not points; the model's coefficients are "
                 "none 0, faint 2.322, moderate 4.617, intense 4.771."),
)


# ---------------------------------------------------------------------------
# MDCalc 2048: Gleason score (ISUP grade group)
# ---------------------------------------------------------------------------

_GLEASON_PATTERNS = opts(
    ("Closely resembles normal prostate. Glands are small, well-formed, closely packed.", 1),
    ("Increased stroma with well-formed glands, but larger with more tissue between them.", 2),
    ("Recognizable glands, but cells are darker. Some cells have left the glands and are beginning to invade the "
     "surrounding tissue or have an infiltrative pattern.", 3),
    ("Few recognizable glands. Many cells invading the surrounding tissue in clumps.", 4),
    ("Few or no recognizable glands. Often sheets of cells throughout the surrounding tissue.", 5),
)
_GLEASON_GROUPS = {
    1: "Grade group 1 (Gleason score <=6): low grade; unlikely to be aggressive, active surveillance often "
       "considered",
    2: "Grade group 2 (Gleason 3+4=7): favourable intermediate grade",
    3: "Grade group 3 (Gleason 4+3=7): unfavourable intermediate grade",
    4: "Grade group 4 (Gleason score 8): high grade",
    5: "Grade group 5 (Gleason score 9-10): highest grade",
}
_GLEASON_BANDS = (
    Band(2, 6, _GLEASON_GROUPS[1]),
    Band(7, 7, "Gleason score 7: grade group 2 (3+4) or 3 (4+3)"),
    Band(8, 8, _GLEASON_GROUPS[4]),
    Band(9, 10, _GLEASON_GROUPS[5]),
)
_GLEASON_REF = ("Epstein JI, Egevad L, Amin MB, et al. The 2014 International Society of Urological Pathology "
                "(ISUP) consensus conference on Gleason grading of prostatic carcinoma: definition of grading "
                "patterns and proposal for a new grading system. Am J Surg Pathol. 2016;40(2):244-252.")


def _gleason(x: ChoiceInputs) -> CalculatorResult:
    rows = item_points(x)
    primary, secondary = (int(p) for _, _, p in rows)
    total = primary + secondary
    group = 1 if total <= 6 else (2 if primary == 3 else 3) if total == 7 else 4 if total == 8 else 5
    lines = [f"Primary (most common) pattern {primary} + secondary pattern {secondary} = Gleason score {total}"]
    return _result("gleason_score", "Gleason Score", total, "", Band(total, total, _GLEASON_GROUPS[group]), lines,
                   _GLEASON_REF, {"primary": primary, "secondary": secondary, "grade_group": group})


GLEASON = point_score(
    id="gleason_score", name="Gleason Score for Prostate Cancer", mdcalc_id=2048, category="severity",
    description=("Histological grade of prostate adenocarcinoma: the most common (primary) and second most "
                 "common (secondary) architectural patterns, each 1-5, add to the Gleason score, which maps "
                 "to the ISUP/WHO prognostic grade group 1-5."),
    items=(
        Choice("primary", "Primary grade", _GLEASON_PATTERNS),
        Choice("secondary", "Secondary grade", _GLEASON_PATTERNS),
    ),
    bands=_GLEASON_BANDS, reference=_GLEASON_REF, unit="", compute=_gleason,
    aliases=("Gleason", "Gleason grade", "ISUP grade group", "prostate cancer grade group"),
    conventions=("The Gleason score is primary + secondary pattern; a tertiary pattern is reported apart and "
                 "not added. On needle biopsy ISUP counts a higher tertiary pattern as the secondary one: give "
                 "that pattern as the secondary grade.",
                 "Grade group 2 vs 3 for a score of 7 depends on which pattern predominates (3+4 vs 4+3)."),
)


# ---------------------------------------------------------------------------
# MDCalc 3007: Mekhail extension of the MSKCC (Motzer) score
# ---------------------------------------------------------------------------

MEKHAIL = point_score(
    id="mekhail_rcc", name="Mekhail Extension of the Motzer Score", mdcalc_id=3007, category="risk",
    description=("Prognostic groups for previously untreated metastatic renal cell carcinoma: the MSKCC "
                 "laboratory factors and treatment interval without performance status, plus prior "
                 "radiotherapy and two or more metastatic sites; 0-1 favourable, 2 intermediate, 3 or more "
                 "poor, each with its median survival."),
    items=(
        yes_no("ldh", "LDH >1.5x upper limit of normal", default=None),
        yes_no("hgb", "Hemoglobin < lower limit of normal", default=None),
        yes_no("ca", "Corrected serum calcium >10 mg/dL (2.5 mmol/L)", default=None),
        yes_no("time", "Time from initial diagnosis to systemic treatment <1 year", default=None),
        yes_no("radiation", "Prior treatment with radiation", default=None),
        yes_no("mets", ">=2 sites of metastasis", default=None),
    ),
    bands=(
        Band(0, 1, "Favorable prognosis: median survival 28 months"),
        Band(2, 2, "Intermediate prognosis: median survival 14 months"),
        Band(3, 6, "Poor prognosis: median survival 5 months"),
    ),
    reference=("Mekhail TM, Abou-Jawde RM, Boumerhi G, et al. Validation and extension of the Memorial "
               "Sloan-Kettering prognostic factors model for survival in patients with previously untreated "
               "metastatic renal cell carcinoma. J Clin Oncol. 2005;23(4):832-841."),
    aliases=("Mekhail score", "Cleveland Clinic Foundation RCC model", "extended MSKCC"),
    conventions=("Each factor is required: an unknown laboratory value is refused, not scored normal.",),
)


# ---------------------------------------------------------------------------
# MDCalc 2049: D'Amico risk classification for prostate cancer
# ---------------------------------------------------------------------------

# The class is the worst of the three features; the option points encode that as a sum (an intermediate
# feature 1, a high-risk feature 4: three intermediate features stay below one high-risk feature).
_DAMICO_BANDS = (
    Band(0, 0, "Low risk: <25% biochemical failure at 5 years after treatment"),
    Band(1, 3, "Intermediate risk: 25-50% biochemical failure at 5 years after treatment"),
    Band(4, 12, "High risk: >50% biochemical failure at 5 years after treatment"),
)
_DAMICO_REF = ("D'Amico AV, Whittington R, Malkowicz SB, et al. Biochemical outcome after radical prostatectomy, "
               "external beam radiation therapy, or interstitial radiation therapy for clinically localized "
               "prostate cancer. JAMA. 1998;280(11):969-974.")


def _damico(x: ChoiceInputs) -> CalculatorResult:
    rows = item_points(x)
    total = int(sum(p for _, _, p in rows))
    band = band_of(_DAMICO_BANDS, total)
    group = band.text.split(":")[0]
    lines = [f"{text} -> {'high' if p == 4 else 'intermediate' if p == 1 else 'low'}-risk feature"
             for _, text, p in rows]
    lines.append("The risk group is set by the worst feature")
    return _result("damico_prostate", "D'Amico Risk Classification", group, "", band, lines, _DAMICO_REF,
                   {name: p for name, _, p in rows})


DAMICO = point_score(
    id="damico_prostate", name="D'Amico Risk Classification for Prostate Cancer", mdcalc_id=2049,
    category="risk",
    description=("Classifies clinically localised prostate cancer as low, intermediate or high risk of "
                 "biochemical (PSA) failure within 5 years of radical treatment, from the PSA, the biopsy "
                 "Gleason score and the clinical T stage; the worst feature sets the group."),
    items=(
        Choice("psa", "PSA level", opts(("<10 ng/mL", 0, 1), ("10-20 ng/mL", 1, 2), (">20 ng/mL", 4, 3))),
        Choice("gleason", "Gleason Score", opts(("<=6", 0, 1), ("7", 1, 2), (">=8", 4, 3))),
        Choice("stage", "Clinical stage", opts(("T1-T2a", 0, 1), ("T2b", 1, 2), (">=T2c", 4, 3))),
    ),
    bands=_DAMICO_BANDS, reference=_DAMICO_REF, unit="", compute=_damico,
    aliases=("D'Amico", "D'Amico classification", "D'Amico risk groups"),
    conventions=("The value is the risk group; it is the worst of the three features (MDCalc's values 1-3 "
                 "per feature are the feature's risk level).",
                 "Low risk needs all three low-risk features: PSA <10 ng/mL, Gleason <=6 and T1-T2a."),
)


# ---------------------------------------------------------------------------
# MDCalc 2154: SSIGN score for clear cell renal cell carcinoma
# ---------------------------------------------------------------------------

_SSIGN_SURVIVAL = (
    (0, 2, "99.7", "98.7", "97.3", "96", "93.6"),
    (3, 4, "98.1", "93.4", "89.8", "84", "77.9"),
    (5, 6, "92.9", "83.8", "74.1", "65", "57.3"),
    (7, 9, "76.5", "46.9", "38.6", "29", "25.9"),
    (10, 17, "43.3", "21.9", "19.2", "19.2", "19.2"),
)

SSIGN = point_score(
    id="ssign_rcc", name="SSIGN Score for Renal Cell Carcinoma", mdcalc_id=2154, category="risk",
    description=("Cancer-specific survival after radical nephrectomy for clear cell renal cell carcinoma, "
                 "from the pathological Stage (T, N, M), tumour Size, nuclear Grade and tumour Necrosis; the "
                 "score group gives the estimated survival at 1, 3, 5, 7 and 10 years."),
    items=(
        Choice("t", "Pathological T category", opts(("pT1", 0), ("pT2", 1), ("pT3a-c", 2), ("pT4", 4))),
        Choice("n", "Regional lymph node status", opts(("pNx or pN0", 0), ("pN1 or pN2", 2))),
        Choice("m", "Metastasis category", opts(("M0", 0), ("M1", 4))),
        Choice("tumor", "Tumor size", opts(("<5 cm", 0), (">=5 cm", 2))),
        Choice("nuc", "Tumor (nuclear) grade", opts(("1 or 2", 0), ("3", 1), ("4", 3))),
        yes_no("nec", "Tumor necrosis present", 2, default=None),
    ),
    bands=tuple(Band(lo, hi, f"SSIGN {lo}-{hi if hi < 17 else '17'}: estimated cancer-specific survival "
                             f"{y5}% at 5 years ({y1}% at 1 year, {y3}% at 3 years, {y7}% at 7 years, {y10}% at "
                             f"10 years)")
                for lo, hi, y1, y3, y5, y7, y10 in _SSIGN_SURVIVAL),
    reference=("Frank I, Blute ML, Cheville JC, Lohse CM, Weaver AL, Zincke H. An outcome prediction model for "
               "patients with clear cell renal cell carcinoma treated with radical nephrectomy based on tumor "
               "stage, size, grade and necrosis: the SSIGN score. J Urol. 2002;168(6):2395-2400."),
    aliases=("SSIGN", "Mayo SSIGN score"),
    conventions=("Nuclear grade is Fuhrman grade; every item is required (pathology report).",),
)


# ---------------------------------------------------------------------------
# MDCalc 2046: UCSF-CAPRA score
# ---------------------------------------------------------------------------

CAPRA = point_score(
    id="ucsf_capra", name="UCSF-CAPRA Score for Prostate Cancer Risk", mdcalc_id=2046, category="risk",
    description=("Pre-treatment risk for localised prostate cancer from age, PSA at diagnosis, the Gleason "
                 "pattern, clinical stage and the share of positive biopsy cores (0-10 points); low (0-2), "
                 "intermediate (3-5) or high (6-10) risk of recurrence, metastasis and cancer death."),
    items=(
        Choice("age", "Age", opts(("< 50 years", 0), (">= 50 years", 1))),
        Choice("psa", "PSA at diagnosis (ng/mL)", opts(
            ("<6", 0), (">=6 - 10", 1), (">=10 - 20", 2), (">=20 - 30", 3), (">30", 4))),
        Choice("gleason", "Gleason Score pattern (primary or secondary)", opts(
            ("No 4 or 5 pattern present", 0), ("4 or 5 pattern in secondary", 1), ("4 or 5 pattern in primary", 3))),
        Choice("stage", "Clinical stage", opts(("T1 or T2", 0), ("T3a", 1))),
        Choice("biopsy", "Percent biopsy cores positive for cancer", opts(("<34%", 0), (">=34%", 1))),
    ),
    bands=(
        Band(0, 2, "Low risk (CAPRA 0-2): 5-year metastasis-free 99.3%, prostate cancer-specific survival "
                   "99.7%; 10-year 97.5% and 97.1%"),
        Band(3, 5, "Intermediate risk (CAPRA 3-5): 5-year metastasis-free 96.9%, prostate cancer-specific "
                   "survival 98.6%; 10-year 93.3% and 91.6%"),
        Band(6, 10, "High risk (CAPRA 6-10): 5-year metastasis-free 90.4%, prostate cancer-specific survival "
                    "93.4%; 10-year 83.4% and 79.1%"),
    ),
    reference=("Cooperberg MR, Pasta DJ, Elkin EP, et al. The University of California, San Francisco Cancer "
               "of the Prostate Risk Assessment score: a straightforward and reliable preoperative predictor of "
               "disease recurrence after radical prostatectomy. J Urol. 2005;173(6):1938-1942."),
    aliases=("CAPRA", "UCSF-CAPRA", "CAPRA score"),
    conventions=("Outcome figures by risk group follow MDCalc's summary of the CaPSURE follow-up (Cooperberg "
                 "MR et al., J Natl Cancer Inst 2009;101:878-887).",
                 "Every item is required."),
)


# ---------------------------------------------------------------------------
# MDCalc 3176: Lansky Play-Performance Scale
# ---------------------------------------------------------------------------

LANSKY = point_score(
    id="lansky_play_performance", name="Lansky Play-Performance Scale", mdcalc_id=3176, category="severity",
    description=("Performance status of a child (about 1-16 years) with cancer, rated from the parent's "
                 "description of the child's play and activity, from 100 (fully active) to 0 (unresponsive) in "
                 "steps of 10; the paediatric counterpart of the Karnofsky scale."),
    items=(
        Choice("lansky", "Patient Description", opts(
            ("Fully active, normal", 100),
            ("Minor restrictions in strenuous physical activity", 90),
            ("Active, but gets tired more quickly", 80),
            ("Greater restriction of play and less time spent in play activity", 70),
            ("Up and around, but active play minimal; keeps busy by being involved in quieter activities", 60),
            ("Lying around much of the day, but gets dressed; no active playing participates in all quiet play "
             "and activities", 50),
            ("Mainly in bed; participates in quiet activities", 40),
            ("Bedbound; needing assistance even for quiet play", 30),
            ("Sleeping often; play entirely limited to very passive activities", 20),
            ("Doesn't play; does not get out of bed", 10),
            ("Unresponsive", 0),
        )),
    ),
    bands=(
        Band(0, 40, "Moderate to severe restriction (Lansky 0-40)"),
        Band(50, 70, "Mild to moderate restriction (Lansky 50-70)"),
        Band(80, 100, "Able to carry on normal activity; no special care needed (Lansky 80-100)"),
    ),
    reference=("Lansky SB, List MA, Lansky LL, Ritter-Sterr C, Miller DR. The measurement of performance in "
               "childhood cancer patients. Cancer. 1987;60(7):1651-1656."),
    aliases=("Lansky", "Lansky score", "Lansky performance status", "LPS"),
    conventions=("The value is the rating itself (0-100); the description is required.",),
)


# ---------------------------------------------------------------------------
# MDCalc 3170: ECOG performance status
# ---------------------------------------------------------------------------

ECOG = point_score(
    id="ecog_performance_status", name="ECOG Performance Status", mdcalc_id=3170, category="severity",
    description=("Grades how a patient's disease affects daily functioning (ECOG/WHO/Zubrod scale, 0 fully "
                 "active to 5 dead), used to judge fitness for chemotherapy and trial eligibility."),
    items=(
        Choice("zubrod", "Patient description", opts(
            ("Asymptomatic", 0), ("Symptomatic but completely ambulatory", 1),
            ("Symptomatic, <50% in bed during the day", 2), ("Symptomatic, >50% in bed, but not bedbound", 3),
            ("Bedbound", 4), ("Death", 5))),
    ),
    bands=(
        Band(0, 0, "ECOG 0: fully active, able to carry on all pre-disease activities without restriction"),
        Band(1, 1, "ECOG 1: restricted in strenuous activity but ambulatory and able to do light or sedentary "
                   "work (e.g. light housework, office work)"),
        Band(2, 2, "ECOG 2: ambulatory and capable of all self-care but unable to work; up and about more than "
                   "50% of waking hours"),
        Band(3, 3, "ECOG 3: capable of only limited self-care; confined to bed or chair more than 50% of waking "
                   "hours"),
        Band(4, 4, "ECOG 4: completely disabled; cannot carry on any self-care; totally confined to bed or chair"),
        Band(5, 5, "ECOG 5: dead"),
    ),
    reference=("Oken MM, Creech RH, Tormey DC, et al. Toxicity and response criteria of the Eastern Cooperative "
               "Oncology Group. Am J Clin Oncol. 1982;5(6):649-655."),
    aliases=("ECOG", "ECOG PS", "Zubrod score", "WHO performance status"),
    conventions=("The value is the grade; the description is required. Approximate Karnofsky equivalents: "
                 "ECOG 0 = KPS 90-100, 1 = 70-80, 2 = 50-60, 3 = 30-40, 4 = 10-20, 5 = 0.",),
)


# ---------------------------------------------------------------------------
# MDCalc 3313: Prognostic Index for cancer outcomes (CRP and white cell count)
# ---------------------------------------------------------------------------

PROGNOSTIC_INDEX = point_score(
    id="prognostic_index_cancer", name="Prognostic Index for Cancer Outcomes", mdcalc_id=3313, category="risk",
    description=("Inflammation-based prognostic index for patients with cancer from two routine blood tests, "
                 "C-reactive protein and white cell count: 0 (neither raised), 1 (one raised) or 2 (both "
                 "raised), with survival worsening with each point."),
    items=(
        Choice("crp", "CRP", opts(("CRP <=10 mg/L", 0), ("CRP >10 mg/L", 1))),
        Choice("wbc", "White blood cell count", opts(("WBC <=11 x 10⁹/L", 0), ("WBC >11 x 10⁹/L", 1))),
    ),
    bands=(
        Band(0, 0, "Prognostic Index 0: good (favourable) prognosis"),
        Band(1, 1, "Prognostic Index 1: intermediate prognosis"),
        Band(2, 2, "Prognostic Index 2: poor prognosis"),
    ),
    reference=("Proctor MJ, Morrison DS, Talwar D, et al. A comparison of inflammation-based prognostic scores "
               "in patients with cancer. A Glasgow Inflammation Outcome Study. Eur J Cancer. "
               "2011;47(17):2633-2641."),
    aliases=("PI", "prognostic index", "inflammation-based prognostic index"),
    conventions=("Both tests are required.",),
)


# ---------------------------------------------------------------------------
# MDCalc 10053 and 10054: Binet and Rai staging of chronic lymphocytic leukaemia
# ---------------------------------------------------------------------------

# Both stages are set by the worst finding. The option points encode that order as a sum (each finding
# outweighs all lower ones together), so that the bands of the definition check read the stage off the total.
_BINET_BANDS = (
    Band(0, 0, "Binet stage A (low risk): median overall survival about 12 years"),
    Band(1, 1, "Binet stage B (intermediate risk): median overall survival about 7 years"),
    Band(2, 5, "Binet stage C (high risk): median overall survival about 2-4 years"),
)
_BINET_REF = ("Binet JL, Auquier A, Dighiero G, et al. A new prognostic classification of chronic lymphocytic "
              "leukemia derived from a multivariate survival analysis. Cancer. 1981;48(1):198-206.")


def _binet(x: ChoiceInputs) -> CalculatorResult:
    total = int(sum(p for _, _, p in item_points(x)))
    band = band_of(_BINET_BANDS, total)
    stage = band.text.split(" (")[0].removeprefix("Binet stage ")
    lines = [f"Lymphoid areas involved: {x.areas}; anaemia (Hb <10 g/dL): {x.anemia}; thrombocytopenia "
             f"(<100 x 10⁹/L): {x.thrombocytopenia}",
             "Stage C if anaemia or thrombocytopenia; otherwise B with 3 or more areas, A with fewer"]
    return _result("binet_cll", "Binet Stage", stage, "", band, lines, _BINET_REF, {"stage": stage})


BINET = point_score(
    id="binet_cll", name="Binet Staging System for CLL", mdcalc_id=10053, category="severity",
    description=("Clinical stage of chronic lymphocytic leukaemia from the number of enlarged lymphoid areas "
                 "(cervical, axillary, inguinal nodes, spleen, liver) and the presence of anaemia or "
                 "thrombocytopenia: stage A, B or C with its expected survival."),
    items=(
        Choice("areas", "Areas of lymphadenopathy", opts(("<3", 0, 0), (">=3", 1, 1))),
        Choice("anemia", "Anemia", opts(("No", 0, 0), ("Yes", 2, 1))),
        Choice("thrombocytopenia", "Thrombocytopenia", opts(("No", 0, 0), ("Yes", 2, 1))),
    ),
    bands=_BINET_BANDS, reference=_BINET_REF, unit="", compute=_binet,
    aliases=("Binet", "Binet stage", "Binet classification"),
    conventions=("Anaemia is Hb <10 g/dL and thrombocytopenia platelets <100 x 10⁹/L; the five lymphoid areas "
                 "count each node region once whether one- or two-sided.",
                 "Survival figures per Nabhan C, Rosen ST. JAMA 2014;312:2265-2276.",
                 "The value is the stage; every item is required."),
)

_RAI_BANDS = (
    Band(0, 0, "Rai stage 0 (low risk): lymphocytosis only; median overall survival over 10 years"),
    Band(1, 2, "Rai stage I (intermediate risk): enlarged lymph nodes; median overall survival about 7 years"),
    Band(3, 7, "Rai stage II (intermediate risk): enlarged spleen or liver; median overall survival about 7 "
               "years"),
    Band(8, 15, "Rai stage III (high risk): anaemia; shortest survival (under about 4 years)"),
    Band(16, 31, "Rai stage IV (high risk): thrombocytopenia; shortest survival (under about 4 years)"),
)
_RAI_REF = ("Rai KR, Sawitsky A, Cronkite EP, Chanana AD, Levy RN, Pasternack BS. Clinical staging of chronic "
            "lymphocytic leukemia. Blood. 1975;46(2):219-234.")


def _rai(x: ChoiceInputs) -> CalculatorResult:
    total = int(sum(p for _, _, p in item_points(x)))
    band = band_of(_RAI_BANDS, total)
    stage = band.text.split(" (")[0].removeprefix("Rai stage ")
    lines = [f"Lymph nodes: {x.lymph}; spleen: {x.spleen}; liver: {x.liver}; anaemia (Hb <11 g/dL): {x.anemia}; "
             f"thrombocytopenia (<100 x 10⁹/L): {x.thrombocytopenia}",
             "The stage is the worst finding: IV thrombocytopenia, III anaemia, II organomegaly, I nodes"]
    return _result("rai_cll", "Rai Stage", stage, "", band, lines, _RAI_REF, {"stage": stage})


RAI = point_score(
    id="rai_cll", name="Rai Staging System for CLL", mdcalc_id=10054, category="severity",
    description=("Clinical stage (0-IV) of chronic lymphocytic leukaemia with lymphocytosis, from enlarged "
                 "lymph nodes, spleen or liver and anaemia or thrombocytopenia; grouped into low (0), "
                 "intermediate (I-II) and high (III-IV) risk."),
    items=(
        Choice("lymph", "Enlarged lymph nodes", opts(("No", 0, 0), ("Yes", 1, 1))),
        Choice("spleen", "Enlarged spleen", opts(("No", 0, 0), ("Yes", 3, 1))),
        Choice("liver", "Enlarged liver", opts(("No", 0, 0), ("Yes", 3, 1))),
        Choice("anemia", "Anemia", opts(("No", 0, 0), ("Yes", 8, 1))),
        Choice("thrombocytopenia", "Thrombocytopenia", opts(("No", 0, 0), ("Yes", 16, 1))),
    ),
    bands=_RAI_BANDS, reference=_RAI_REF, unit="", compute=_rai,
    aliases=("Rai", "Rai stage", "modified Rai"),
    conventions=("Anaemia is Hb <11 g/dL, thrombocytopenia platelets <100 x 10⁹/L; anaemia or "
                 "thrombocytopenia from autoimmune destruction does not stage.",
                 "Risk groups and survival per Nabhan C, Rosen ST. JAMA 2014;312:2265-2276 (modified Rai).",
                 "The value is the stage; every item is required."),
)
