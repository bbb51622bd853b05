"""Haematology and oncology scores of RiskAgent's library: lymphoma, myeloid neoplasms, thrombosis and bleeding."""

from __future__ import annotations

import math
from typing import Any

from medmirror.tools.calculators.base import CalculatorInputError, CalculatorResult, InputIssue
from medmirror.tools.calculators.points import (
    Band,
    Choice,
    Number,
    band_of,
    explained_result,
    item_points,
    opts,
    point_score,
    yes_no,
)

# ---------------------------------------------------------------------------
# MDCalc 10488: CNS-IPI (CNS relapse in diffuse large B-cell lymphoma)
# ---------------------------------------------------------------------------

CNS_IPI = point_score(
    id="cns_ipi", name="CNS International Prognostic Index (CNS-IPI)", mdcalc_id=10488, category="risk",
    description=("Estimates the 2-year risk of central nervous system relapse in diffuse large B-cell lymphoma "
                 "treated with R-CHOP-like chemotherapy: the five IPI factors plus kidney or adrenal "
                 "involvement, one point each."),
    items=(
        yes_no("age", "Age >60 years", 1, default=None),
        yes_no("ldh", "LDH > normal", 1, default=None),
        yes_no("ecog", "ECOG Performance Status >1", 1, default=None),
        yes_no("ann", "Ann Arbor stages III or IV", 1, default=None),
        yes_no("eds", ">1 extranodal disease site", 1, default=None),
        yes_no("kidney", "Kidney and/or adrenal gland involvement", 1, default=None),
    ),
    bands=(
        Band(0, 1, "Low risk: 0.6% 2-year rate of CNS relapse"),
        Band(2, 3, "Intermediate risk: 3.4% 2-year rate of CNS relapse"),
        Band(4, 6, "High risk: 10.2% 2-year rate of CNS relapse"),
    ),
    reference=("Schmitz N, Zeynalova S, Nickelsen M, et al. CNS International Prognostic Index: a risk model for "
               "CNS relapse in patients with diffuse large B-cell lymphoma treated with R-CHOP. J Clin Oncol. "
               "2016;34(26):3150-3156."),
    aliases=("CNS-IPI", "CNS IPI"),
    conventions=("Every factor is required: a staging or laboratory fact is not assumed absent.",
                 "LDH is judged against the local laboratory's upper limit of normal."),
)


# ---------------------------------------------------------------------------
# MDCalc 10467: VTE-BLEED (bleeding on anticoagulation for venous thromboembolism)
# ---------------------------------------------------------------------------

VTE_BLEED = point_score(
    id="vte_bleed", name="VTE-BLEED Score", mdcalc_id=10467, category="risk",
    description=("Identifies patients at elevated risk of major bleeding during stable anticoagulation for "
                 "venous thromboembolism, from cancer, uncontrolled hypertension in men, anaemia, prior "
                 "bleeding, reduced creatinine clearance and age."),
    items=(
        yes_no("cancer", "Active cancer", 2),
        yes_no("hypertension", "Male patient with uncontrolled hypertension", 1),
        yes_no("anemia", "Anemia", 1.5),
        yes_no("bleeding", "History of bleeding", 1.5),
        yes_no("cc", "Renal dysfunction (creatinine clearance 30-60 mL/min)", 1.5),
        yes_no("age", "Age >=60 years", 1.5),
    ),
    bands=(
        Band(None, 1.5, "Low bleeding risk"),
        Band(2, None, "Elevated bleeding risk"),
    ),
    reference=("Klok FA, Hosel V, Clemens A, et al. Prediction of bleeding events in patients with venous "
               "thromboembolism on stable anticoagulation treatment. Eur Respir J. 2016;48(5):1369-1376."),
    aliases=("VTE-BLEED", "VTE BLEED"),
    conventions=("Findings not documented score as absent (reported as assumed).",
                 "Anaemia: haemoglobin <13 g/dL in men, <12 g/dL in women; a score >=2 is elevated risk."),
)


# ---------------------------------------------------------------------------
# MDCalc 10465: IMPROVE bleeding risk (hospitalised medical patients)
# ---------------------------------------------------------------------------

IMPROVE_BLEED = point_score(
    id="improve_bleeding", name="IMPROVE Bleeding Risk Score", mdcalc_id=10465, category="risk",
    description=("Estimates the risk of in-hospital bleeding in acutely ill medical patients at admission (for "
                 "example before thromboprophylaxis) from age, sex, renal function, cancer, rheumatic "
                 "disease, lines, ICU stay, liver failure, platelets, prior bleeding and active ulcer."),
    items=(
        Choice("age", "Age, years", opts(("<40", 0), ("40-84", 1.5), (">=85", 3.5))),
        Choice("gender", "Gender", opts(("Female", 0), ("Male", 1))),
        Choice("gfr", "Renal function (GFR), mL/min/m2", opts((">=60", 0), ("30-59", 1), ("<30", 2.5))),
        yes_no("cancer", "Current cancer", 2),
        yes_no("rd", "Rheumatic disease", 2),
        yes_no("cvc", "Central venous catheter", 2),
        yes_no("icu", "ICU/CCU", 2.5),
        yes_no("inr", "Evidence of hepatic failure (INR >1.5)", 2.5),
        Choice("platelet", "Platelet count", opts((">=50 x 10^9/L", 0), ("<50 x 10^9/L", 4))),
        yes_no("bleeding", "Bleeding in 3 months before admission", 4),
        yes_no("ulcer", "Active gastroduodenal ulcer", 4.5),
    ),
    bands=(
        Band(None, 6.5, "No increased risk of bleeding"),
        Band(7, None, "Increased risk of bleeding"),
    ),
    reference=("Decousus H, Tapson VF, Bergmann JF, et al. Factors at admission associated with bleeding risk in "
               "medical patients: findings from the IMPROVE investigators. Chest. 2011;139(1):69-79."),
    aliases=("IMPROVE bleeding", "IMPROVE bleeding risk"),
    conventions=("Age, sex, GFR and platelet count are required; the other findings score as absent when not "
                 "documented (reported as assumed).",
                 "A score >=7 marks increased risk of major or clinically relevant bleeding.",
                 "MDCalc's scraped platelet labels are garbled ('9'); the options are written as <50 / >=50 x "
                 "10^9/L and matched by MDCalc's value."),
)


# ---------------------------------------------------------------------------
# MDCalc 10490: NCCN-IPI (diffuse large B-cell lymphoma)
# ---------------------------------------------------------------------------

NCCN_IPI = point_score(
    id="nccn_ipi", name="NCCN International Prognostic Index (NCCN-IPI)", mdcalc_id=10490, category="risk",
    description=("Stratifies survival of diffuse large B-cell lymphoma treated in the rituximab era from age "
                 "group, LDH ratio to normal, performance status, stage and extranodal sites; the total "
                 "reads 5-year progression-free and overall survival."),
    items=(
        Choice("age", "Age, years", opts(("<=40", 0), ("41-60", 1), ("61-75", 2), (">75", 3))),
        Choice("ldh", "LDH ratio", opts(("<=1", 0), (">1-3", 1), (">3", 2))),
        yes_no("ecog", "ECOG Performance Status >=2", 1, default=None),
        yes_no("ann", "Ann Arbor stages III or IV", 1, default=None),
        yes_no("site", ">1 extranodal disease site", 1, default=None),
    ),
    bands=(
        Band(0, 1, "Low risk: 91% 5-year progression-free survival, 96% 5-year overall survival"),
        Band(2, 3, "Low-intermediate risk: 74% 5-year progression-free survival, 82% 5-year overall survival"),
        Band(4, 5, "High-intermediate risk: 51% 5-year progression-free survival, 64% 5-year overall survival"),
        Band(6, 8, "High risk: 30% 5-year progression-free survival, 33% 5-year overall survival"),
    ),
    reference=("Zhou Z, Sehn LH, Rademaker AW, et al. An enhanced International Prognostic Index (NCCN-IPI) for "
               "patients with diffuse large B-cell lymphoma treated in the rituximab era. Blood. "
               "2014;123(6):837-842."),
    aliases=("NCCN-IPI", "enhanced IPI"),
    conventions=("Every item is required.",
                 "Extranodal disease counts only in bone marrow, CNS, liver/GI tract or lung (the item is "
                 "'involvement of one of these sites' in the paper; MDCalc's label reads '>1 site')."),
)


# ---------------------------------------------------------------------------
# MDCalc 3936: IPI and R-IPI (diffuse large B-cell lymphoma)
# ---------------------------------------------------------------------------

_IPI_REF = ("Sehn LH, Berry B, Chhanabhai M, et al. The revised International Prognostic Index (R-IPI) is a "
            "better predictor of outcome than the standard IPI for patients with diffuse large B-cell lymphoma "
            "treated with R-CHOP. Blood. 2007;109(5):1857-1861; International Non-Hodgkin's Lymphoma Prognostic "
            "Factors Project. A predictive model for aggressive non-Hodgkin's lymphoma. N Engl J Med. "
            "1993;329(14):987-994.")
_RIPI_BANDS = (
    Band(0, 0, "R-IPI very good: 94% 4-year overall survival, 94% 4-year progression-free survival"),
    Band(1, 2, "R-IPI good: 79% 4-year overall survival, 80% 4-year progression-free survival"),
    Band(3, 5, "R-IPI poor: 55% 4-year overall survival, 53% 4-year progression-free survival"),
)
_IPI_BANDS = (
    Band(0, 1, "IPI low: 82% 4-year overall survival, 85% progression-free"),
    Band(2, 2, "IPI low-intermediate: 81% 4-year overall survival, 80% progression-free"),
    Band(3, 3, "IPI high-intermediate: 49% 4-year overall survival, 57% progression-free"),
    Band(4, 5, "IPI high: 59% 4-year overall survival, 51% progression-free"),
)


def _ipi(x: Any) -> CalculatorResult:
    total = sum(p for _, _, p in item_points(x))
    text = band_of(_RIPI_BANDS, total).text
    return explained_result("ipi_dlbcl", "IPI / R-IPI for DLBCL", _IPI_REF, x, total, text,
                   [f"Original grouping, for comparison only: {band_of(_IPI_BANDS, total).text}"])


IPI_DLBCL = point_score(
    id="ipi_dlbcl", name="International Prognostic Index for DLBCL (IPI and R-IPI)", mdcalc_id=3936,
    category="risk",
    description=("Stratifies survival of diffuse large B-cell lymphoma from five adverse factors (age >60, "
                 "stage III-IV, ECOG >=2, raised LDH, >1 extranodal site); the revised grouping (R-IPI) is the "
                 "one for patients treated with R-CHOP, the original IPI grouping is given in the explanation."),
    items=(
        Choice("age", "Age", opts(("<=60 years", 0), (">60 years", 1))),
        yes_no("aarbor_stage", "Ann Arbor stage III-IV", 1, default=None),
        yes_no("ecog", "ECOG performance status >=2", 1, default=None),
        yes_no("serum", "Serum LDH level >1x normal", 1, default=None),
        yes_no("nodal", ">1 extranodal site", 1, default=None),
    ),
    bands=_RIPI_BANDS, reference=_IPI_REF, compute=_ipi,
    aliases=("IPI", "R-IPI", "revised IPI"),
    conventions=("Every factor is required.",
                 "Survival figures are those of Sehn 2007 (R-CHOP-treated patients) for both groupings."),
)


# ---------------------------------------------------------------------------
# MDCalc 3981: IPSS-R (myelodysplastic syndromes)
# ---------------------------------------------------------------------------

IPSS_R = point_score(
    id="ipss_r", name="Revised International Prognostic Scoring System (IPSS-R) for MDS", mdcalc_id=3981,
    category="risk",
    description=("Stratifies untreated myelodysplastic syndromes by cytogenetic group, marrow blast percentage "
                 "and the depth of anaemia, thrombocytopenia and neutropenia; the risk group reads median "
                 "survival and the median time to 25% AML evolution."),
    items=(
        Choice("cyto", "Cytogenetic group", opts(
            ("Very good: del(11q) or -Y", 0),
            ("Good: normal karyotype, del(20q), del(5q), del(12p), or double including del(5q)", 1),
            ("Intermediate: +8, del(7q), i(17q), +19, or any other single or double independent clone", 2),
            ("Poor: -7, inv(3)/t(3q)/del(3q), double including -7/del(7q), or complex (3 abnormalities)", 3),
            ("Very poor: complex >3 abnormalities", 4))),
        Choice("med", "Medullary blasts, %", opts(("<=2", 0), (">2 to <5", 1), ("5 to 10", 2), (">10", 3))),
        Choice("hemo", "Hemoglobin, g/dL (g/L)", opts((">=10 (>=100)", 0), ("8 to <10 (80 to <100)", 1),
                                                      ("<8 (<80)", 1.5))),
        Choice("plat", "Platelets, x10^3/uL (10^9/L)", opts((">=100", 0), ("50 to <100", 0.5), ("<50", 1))),
        Choice("anc", "ANC, x10^3/uL (10^9/L)", opts((">=0.8", 0), ("<0.8", 0.5))),
    ),
    bands=(
        Band(None, 1.5, "Very low risk: median survival 8.8 years; median time to 25% AML evolution not reached"),
        Band(2, 3, "Low risk: median survival 5.3 years; median time to 25% AML evolution 10.8 years"),
        Band(3.5, 4.5, "Intermediate risk: median survival 3.0 years; median time to 25% AML evolution 3.2 "
                       "years"),
        Band(5, 6, "High risk: median survival 1.6 years; median time to 25% AML evolution 1.4 years"),
        Band(6.5, None, "Very high risk: median survival 0.8 years; median time to 25% AML evolution 0.73 years"),
    ),
    reference=("Greenberg PL, Tuechler H, Schanz J, et al. Revised international prognostic scoring system for "
               "myelodysplastic syndromes. Blood. 2012;120(12):2454-2465."),
    aliases=("IPSS-R", "revised IPSS"),
    conventions=("Every item is required; the items move in half points, so the groups are <=1.5, 2-3, "
                 "3.5-4.5, 5-6 and >=6.5.",),
)


# ---------------------------------------------------------------------------
# MDCalc 1787: 4Ts score (heparin-induced thrombocytopenia)
# ---------------------------------------------------------------------------

FOUR_TS = point_score(
    id="four_ts_hit", name="4Ts Score for Heparin-Induced Thrombocytopenia", mdcalc_id=1787, category="diagnosis",
    description=("Estimates the pre-test probability of heparin-induced thrombocytopenia from the degree and "
                 "timing of the platelet fall, thrombosis or other sequelae, and whether another cause is "
                 "apparent."),
    items=(
        Choice("thrombocytopenia", "Thrombocytopenia", opts(
            ("Platelet count fall >50% AND platelet nadir >=20", 2),
            ("Platelet count fall 30-50% OR platelet nadir 10-19", 1),
            ("Platelet count fall <30% OR platelet nadir <10", 0))),
        Choice("platelet_fall_timing", "Timing of platelet count fall", opts(
            ("Clear onset between days 5-10 OR platelet fall <=1 day (prior heparin exposure within 30 days)", 2),
            ("Consistent with days 5-10 fall, but not clear; onset after day 10 OR fall <=1 day (prior heparin "
             "exposure 30-100 days ago)", 1),
            ("Platelet count fall <4 days without recent exposure", 0))),
        Choice("thrombosis", "Thrombosis or other sequelae", opts(
            ("New thrombosis OR skin necrosis; acute systemic reaction post-IV heparin bolus", 2),
            ("Progressive OR recurrent thrombosis; non-necrotizing skin lesions; suspected thrombosis (not "
             "proven)", 1),
            ("None", 0))),
        Choice("other_causes_thrombocytopenia", "Other causes for thrombocytopenia",
               opts(("None apparent", 2), ("Possible", 1), ("Definite", 0))),
    ),
    bands=(
        Band(0, 3, "Low probability of HIT (<=5%)"),
        Band(4, 5, "Intermediate probability of HIT (~14%)"),
        Band(6, 8, "High probability of HIT (~64%)"),
    ),
    reference=("Lo GK, Juhl D, Warkentin TE, et al. Evaluation of pretest clinical score (4 T's) for the "
               "diagnosis of heparin-induced thrombocytopenia in two clinical settings. J Thromb Haemost. "
               "2006;4(4):759-765."),
    aliases=("4Ts", "4 T's", "4T score"),
    conventions=("Every category is required (none can be assumed); platelet counts in x10^9/L.",),
)


# ---------------------------------------------------------------------------
# MDCalc 10040: Duval/CIBMTR score (AML survival after transplantation)
# ---------------------------------------------------------------------------

DUVAL = point_score(
    id="duval_cibmtr", name="Duval/CIBMTR Score for AML Survival", mdcalc_id=10040, category="risk",
    description=("Predicts 3-year overall survival after allogeneic transplantation for acute myeloid leukaemia "
                 "not in remission (primary induction failure or relapse), from disease group, cytogenetics, "
                 "donor match, circulating blasts and performance status."),
    items=(
        Choice("disease", "Disease group", opts(
            ("Primary induction failure or duration of first complete remission >6 months", 0),
            ("Duration of first complete remission <6 months", 1))),
        Choice("cytogenetics", "Cytogenetics prior to HSCT", opts(("Good or intermediate", 0), ("Poor", 1))),
        Choice("hla", "HLA match group", opts(
            ("HLA identical sibling or well matched or partially matched unrelated", 0),
            ("Mismatched unrelated", 1), ("Related other than HLA identical sibling", 2))),
        Choice("blasts", "Circulating blasts", opts(("Absent", 0), ("Present", 1))),
        Choice("karnofsky", "Karnofsky or Lansky scale", opts(("90-100", 0), ("<90", 1))),
    ),
    bands=(
        Band(0, 0, "42% 3-year overall survival"),
        Band(1, 1, "28% 3-year overall survival"),
        Band(2, 2, "15% 3-year overall survival"),
        Band(3, None, "6% 3-year overall survival"),
    ),
    reference=("Duval M, Klein JP, He W, et al. Hematopoietic stem-cell transplantation for acute leukemia in "
               "relapse or primary induction failure. J Clin Oncol. 2010;28(23):3730-3738."),
    aliases=("Duval score", "CIBMTR AML score"),
    conventions=("Every item is required; circulating blasts at the time of transplant.",),
)


# ---------------------------------------------------------------------------
# MDCalc 10125: Villalta score (post-thrombotic syndrome)
# ---------------------------------------------------------------------------

_VILLALTA_REF = ("Villalta S, Bagatella P, Piccioli A, et al. Assessment of validity and reproducibility of a "
                 "clinical scale for the post-thrombotic syndrome (abstract). Haemostasis. 1994;24:158a; "
                 "Kahn SR, Partsch H, Vedantham S, et al. Definition of post-thrombotic syndrome of the leg for "
                 "use in clinical investigations. J Thromb Haemost. 2009;7(5):879-883.")
_VILLALTA_BANDS = (
    Band(0, 4, "Absent PTS (no post-thrombotic syndrome)"),
    Band(5, 9, "Mild PTS"),
    Band(10, 14, "Moderate PTS"),
    Band(15, None, "Severe PTS"),
)
_GRADES = opts(("Absent", 0), ("Mild", 1), ("Moderate", 2), ("Severe", 3))
_VILLALTA = (("pain", "Pain"), ("cramps", "Cramps"), ("heavy", "Heaviness"), ("pa", "Paresthesia"),
             ("pru", "Pruritus"), ("pe", "Pretibial edema"), ("skin", "Skin induration"),
             ("hyper", "Hyperpigmentation"), ("red", "Redness"), ("ve", "Venous ectasia"),
             ("calf", "Pain on calf compression"))


def _villalta(x: Any) -> CalculatorResult:
    total = sum(p for _, _, p in item_points(x))
    text = band_of(_VILLALTA_BANDS, total).text
    lines = []
    if x.ulcer == "Present":
        text, lines = "Severe PTS (venous ulcer present)", ["A venous ulcer makes the PTS severe whatever the total"]
    return explained_result("villalta_pts", "Villalta Score", _VILLALTA_REF, x, total, text, lines)


VILLALTA = point_score(
    id="villalta_pts", name="Villalta Score for Post-thrombotic Syndrome", mdcalc_id=10125, category="diagnosis",
    description=("Diagnoses and grades post-thrombotic syndrome after leg deep vein thrombosis from five "
                 "symptoms and six clinical signs (each 0-3) and the presence of a venous ulcer."),
    items=tuple(Choice(n, q, _GRADES) for n, q in _VILLALTA) + (
        Choice("ulcer", "Venous ulcer", opts(("Absent", 0, 0), ("Present", 0, 15))),),
    bands=_VILLALTA_BANDS, reference=_VILLALTA_REF, compute=_villalta,
    aliases=("Villalta", "Villalta PTS scale"),
    conventions=("Every item is required (graded 0-3; no grade is assumed).",
                 "A venous ulcer adds no points but makes the syndrome severe (MDCalc codes it as 15)."),
)


# ---------------------------------------------------------------------------
# MDCalc 2023: Padua prediction score (VTE in medical inpatients)
# ---------------------------------------------------------------------------

PADUA = point_score(
    id="padua_vte", name="Padua Prediction Score for Risk of VTE", mdcalc_id=2023, category="risk",
    description=("Identifies hospitalised medical patients at high risk of venous thromboembolism who should "
                 "receive pharmacological prophylaxis, from cancer, prior VTE, immobility, thrombophilia and "
                 "acute and chronic conditions."),
    items=(
        yes_no("ca", "Active cancer", 3),
        yes_no("pvte", "Previous VTE", 3),
        yes_no("mobile", "Reduced mobility", 3),
        yes_no("thromcon", "Already known thrombophilic condition", 3),
        yes_no("ts", "Recent (<=1 month) trauma and/or surgery", 2),
        yes_no("age", "Elderly age (>=70 years)", 1),
        yes_no("hf", "Heart and/or respiratory failure", 1),
        yes_no("miis", "Acute MI and/or ischemic stroke", 1),
        yes_no("inf", "Acute infection and/or rheumatologic disorder", 1),
        yes_no("bmi", "Obesity (BMI >=30)", 1),
        yes_no("hormones", "Ongoing hormonal treatment", 1),
    ),
    bands=(
        Band(None, 3, "Low risk of VTE: pharmacologic prophylaxis not indicated (consider mechanical)"),
        Band(4, None, "High risk of VTE: pharmacologic prophylaxis is indicated (mechanical if high bleeding "
                      "risk)"),
    ),
    reference=("Barbar S, Noventa F, Rossetto V, et al. A risk assessment model for the identification of "
               "hospitalized medical patients at risk for venous thromboembolism: the Padua Prediction Score. "
               "J Thromb Haemost. 2010;8(11):2450-2457."),
    aliases=("Padua", "Padua score"),
    conventions=("A risk factor not documented scores as absent (reported as assumed).",),
)


# ---------------------------------------------------------------------------
# MDCalc 3315: Khorana score (VTE in ambulatory cancer patients on chemotherapy)
# ---------------------------------------------------------------------------

KHORANA = point_score(
    id="khorana", name="Khorana Risk Score for VTE in Cancer", mdcalc_id=3315, category="risk",
    description=("Predicts venous thromboembolism in ambulatory patients starting chemotherapy from the cancer "
                 "site, pre-chemotherapy platelet and leukocyte counts, haemoglobin or growth-factor use, and "
                 "BMI."),
    items=(
        Choice("ca", "Cancer type", opts(("Stomach", 2), ("Pancreas", 2), ("Lung", 1), ("Lymphoma", 1),
                                         ("Gynecologic", 1), ("Bladder", 1), ("Testicular", 1), ("Other", 0))),
        yes_no("plt", "Pre-chemotherapy platelet count >=350x10^9/L", 1, default=None),
        yes_no("hb", "Hemoglobin level <10 g/dL or using RBC growth factors", 1, default=None),
        yes_no("leuk", "Pre-chemotherapy leukocyte count >11x10^9/L", 1, default=None),
        yes_no("bmi", "BMI >=35 kg/m2", 1, default=None),
    ),
    bands=(
        Band(0, 0, "Low risk: 0.3-0.8% rate of VTE over 2.5 months"),
        Band(1, 2, "Intermediate risk: 1.8-2.0% rate of VTE over 2.5 months"),
        Band(3, None, "High risk: 6.7-7.1% rate of VTE over 2.5 months"),
    ),
    reference=("Khorana AA, Kuderer NM, Culakova E, Lyman GH, Francis CW. Development and validation of a "
               "predictive model for chemotherapy-associated thromboembolism. Blood. 2008;111(10):4902-4907."),
    aliases=("Khorana", "Khorana score"),
    conventions=("Every item is required: the counts are pre-chemotherapy laboratory values.",),
)


# ---------------------------------------------------------------------------
# MDCalc 10082: WPSS (myelodysplastic syndromes)
# ---------------------------------------------------------------------------

WPSS = point_score(
    id="wpss_mds", name="WHO Classification-based Prognostic Scoring System (WPSS) for MDS", mdcalc_id=10082,
    category="risk",
    description=("Estimates survival in myelodysplastic syndromes from the WHO subtype, the karyotype group and "
                 "a regular red-cell transfusion requirement."),
    items=(
        Choice("who", "WHO category", opts(
            ("Refractory anemia (RA), refractory anemia with ringed sideroblasts (RARS), or myelodysplastic "
             "syndrome with isolated del (5q)", 0),
            ("Refractory cytopenia with multilineage dysplasia (RCMD), or refractory cytopenia with multilineage "
             "dysplasia and ringed sideroblasts (RCMD-RS)", 1),
            ("Refractory anemia with excess of blasts, 2-4% blasts in peripheral blood (RAEB-1)", 2),
            ("Refractory anemia with excess of blasts, 5-19% blasts in peripheral blood (RAEB-2)", 3))),
        Choice("karyotype", "Karyotype", opts(("Good", 0), ("Intermediate", 1), ("Poor", 2))),
        Choice("transfusion", "Transfusion requirement", opts(("None", 0), ("Regular", 1))),
    ),
    bands=(
        Band(0, 0, "Very low risk: 141 months median survival"),
        Band(1, 1, "Low risk: 66 months median survival"),
        Band(2, 2, "Intermediate risk: 48 months median survival"),
        Band(3, 4, "High risk: 26 months median survival"),
        Band(5, 6, "Very high risk: 9 months median survival"),
    ),
    reference=("Malcovati L, Germing U, Kuendgen A, et al. Time-dependent prognostic scoring system for "
               "predicting survival and leukemic evolution in myelodysplastic syndromes. J Clin Oncol. "
               "2007;25(23):3503-3510."),
    aliases=("WPSS",),
    conventions=("Every item is required. Karyotype: good = normal, -Y, del(5q), del(20q); poor = complex (>=3) "
                 "or chromosome 7 anomalies; intermediate = others. Regular transfusion: >=1 RBC unit every 8 "
                 "weeks over 4 months.",),
)


# ---------------------------------------------------------------------------
# MDCalc 10200: PLASMIC score (thrombotic thrombocytopenic purpura)
# ---------------------------------------------------------------------------

PLASMIC = point_score(
    id="plasmic", name="PLASMIC Score for TTP", mdcalc_id=10200, category="diagnosis",
    description=("Estimates the probability of severe ADAMTS13 deficiency (thrombotic thrombocytopenic purpura) "
                 "in adults with thrombotic microangiopathy, from platelets, haemolysis, cancer and transplant "
                 "history, MCV, INR and creatinine."),
    items=(
        yes_no("platelet", "Platelet count <30 x10^9/L", 1, default=None),
        yes_no("reticulocyte", "Hemolysis", 1, default=None),
        Choice("cancer", "Active cancer", opts(("No", 1), ("Yes", 0))),
        Choice("history", "History of solid-organ or stem-cell transplant", opts(("No", 1), ("Yes", 0))),
        yes_no("mcv", "MCV <90 fL", 1, default=None),
        yes_no("inr", "INR <1.5", 1, default=None),
        yes_no("cr", "Creatinine <2.0 mg/dL (176.8 umol/L)", 1, default=None),
    ),
    bands=(
        Band(0, 4, "Low risk: 0% risk of severe ADAMTS13 deficiency"),
        Band(5, 5, "Intermediate risk: 6% risk of severe ADAMTS13 deficiency"),
        Band(6, 7, "High risk: 72% risk of severe ADAMTS13 deficiency"),
    ),
    reference=("Bendapudi PK, Hurwitz S, Fry A, et al. Derivation and external validation of the PLASMIC score "
               "for rapid assessment of adults with thrombotic microangiopathies: a cohort study. Lancet "
               "Haematol. 2017;4(4):e157-e164; risks by group from Li A, et al. Transfusion. 2018."),
    aliases=("PLASMIC",),
    conventions=("Every item is required: absent cancer and absent transplant each score a point, so no "
                 "default is safe.",
                 "Haemolysis: reticulocytes >2.5%, undetectable haptoglobin or indirect bilirubin >2 mg/dL; "
                 "active cancer: treated within the past year."),
)


# ---------------------------------------------------------------------------
# MDCalc 1228: ABC score (massive transfusion in trauma)
# ---------------------------------------------------------------------------

ABC = point_score(
    id="abc_massive_transfusion", name="ABC Score for Massive Transfusion", mdcalc_id=1228, category="risk",
    description=("Predicts the need for massive transfusion in adult trauma patients from the mechanism, "
                 "ED systolic pressure and heart rate, and the FAST examination; no laboratory value needed."),
    items=(
        yes_no("penetrating_mechanism", "Penetrating mechanism", 1),
        yes_no("ed_systolic_bp_90", "Systolic BP <=90 in ED", 1),
        yes_no("ed_hr_120", "HR >=120 in ED", 1),
        yes_no("positive_fast_exam", "Positive FAST", 1),
    ),
    bands=(
        Band(0, 1, "Unlikely to require massive transfusion (>=10 units pRBCs)"),
        Band(2, 4, "Likely to require massive transfusion (>=10 units pRBCs)"),
    ),
    reference=("Nunez TC, Voskresensky IV, Dossett LA, et al. Early prediction of massive transfusion in trauma: "
               "simple as ABC (assessment of blood consumption)? J Trauma. 2009;66(2):346-352."),
    aliases=("ABC score", "assessment of blood consumption"),
    conventions=("A finding not documented scores as absent (reported as assumed); >=2 predicts massive "
                 "transfusion.",),
)


# ---------------------------------------------------------------------------
# MDCalc 4054: CLL-IPI (chronic lymphocytic leukaemia)
# ---------------------------------------------------------------------------

CLL_IPI = point_score(
    id="cll_ipi", name="International Prognostic Index for CLL (CLL-IPI)", mdcalc_id=4054, category="risk",
    description=("Stratifies overall survival in chronic lymphocytic leukaemia from age, clinical stage, serum "
                 "beta-2 microglobulin, IGHV mutational status and TP53 status."),
    items=(
        Choice("age", "Age", opts(("<=65 years", 0), (">65 years", 1))),
        Choice("stage", "Clinical stage", opts(("Binet A or Rai 0", 0), ("Binet B-C or Rai I-IV", 1))),
        Choice("microglobulin", "Serum beta2 microglobulin, mg/L (or ug/mL)", opts(("<=3.5", 0), (">3.5", 2))),
        Choice("mutational", "IGHV mutational status", opts(("Mutated", 0), ("Unmutated", 2))),
        Choice("tp53", "TP53 status", opts(("No abnormalities", 0),
                                           ("Deletion 17p (FISH) and/or TP53 mutation (sequencing)", 4))),
    ),
    bands=(
        Band(0, 1, "Low risk: 93.2% 5-year survival"),
        Band(2, 3, "Intermediate risk: 79.3% 5-year survival"),
        Band(4, 6, "High risk: 63.3% 5-year survival"),
        Band(7, 10, "Very high risk: 23.3% 5-year survival"),
    ),
    reference=("International CLL-IPI working group. An international prognostic index for patients with "
               "chronic lymphocytic leukaemia (CLL-IPI): a meta-analysis of individual patient data. Lancet "
               "Oncol. 2016;17(6):779-790."),
    aliases=("CLL-IPI",),
    conventions=("Every item is required (molecular results are not assumed).",),
)


# ---------------------------------------------------------------------------
# MDCalc 2320: FLIPI (follicular lymphoma)
# ---------------------------------------------------------------------------

FLIPI = point_score(
    id="flipi", name="Follicular Lymphoma International Prognostic Index (FLIPI)", mdcalc_id=2320,
    category="risk",
    description=("Stratifies survival in follicular lymphoma from five adverse factors: age >60, more than four "
                 "nodal areas, raised LDH, haemoglobin <12 g/dL and stage III-IV."),
    items=(
        yes_no("age", "Age >60 years", 1, default=None),
        yes_no("nodal", ">4 nodal sites", 1, default=None),
        yes_no("ldh", "LDH elevated", 1, default=None),
        yes_no("hgb", "Hemoglobin <120 g/L or 12 g/dL", 1, default=None),
        yes_no("stage", "Stage III-IV", 1, default=None),
    ),
    bands=(
        Band(0, 1, "Low risk: about 70% 10-year overall survival"),
        Band(2, 2, "Intermediate risk: about 50% 10-year overall survival"),
        Band(3, 5, "High risk: about 35% 10-year overall survival"),
    ),
    reference=("Solal-Celigny P, Roy P, Colombat P, et al. Follicular lymphoma international prognostic index. "
               "Blood. 2004;104(5):1258-1265."),
    aliases=("FLIPI", "NoLASH"),
    conventions=("Every factor is required.",),
)


# ---------------------------------------------------------------------------
# MDCalc 10301: Sepsis-induced coagulopathy (SIC) score
# ---------------------------------------------------------------------------

_SIC_REF = ("Iba T, Nisio MD, Levy JH, Kitamura N, Thachil J. New criteria for sepsis-induced coagulopathy (SIC) "
            "following the revised sepsis definition: a retrospective analysis of a nationwide survey. BMJ Open. "
            "2017;7(9):e017046.")
_SIC_MORTALITY = {0: 0, 1: 0, 2: 20, 3: 19, 4: 30, 5: 32, 6: 46}
_SIC_BANDS = tuple(Band(t, t, f"{m}% approximate 28-day mortality ({100 - m}% 28-day survival)")
                   for t, m in _SIC_MORTALITY.items())


def _sic(x: Any) -> CalculatorResult:
    pts = {n: p for n, _, p in item_points(x)}
    total = sum(pts.values())
    coag = pts["inr"] + pts["platelet"]
    sic = total >= 4 and coag >= 3
    text = (f"{band_of(_SIC_BANDS, total).text}; "
            + ("sepsis-induced coagulopathy present" if sic else "criteria for sepsis-induced coagulopathy not met"))
    return explained_result("sic_score", "Sepsis-Induced Coagulopathy (SIC) Score", _SIC_REF, x, total, text,
                   [f"INR + platelet points = {coag:g} (SIC needs total >=4 and this >=3)"])


SIC = point_score(
    id="sic_score", name="Sepsis-Induced Coagulopathy (SIC) Score", mdcalc_id=10301, category="diagnosis",
    description=("Identifies sepsis-induced coagulopathy (an early stage of DIC) in septic patients from the "
                 "INR, platelet count and the sum of four SOFA components; also reads approximate 28-day "
                 "mortality by total."),
    items=(
        Choice("inr", "INR", opts(("<=1.2", 0), (">1.2 to 1.4", 1), (">1.4", 2))),
        Choice("platelet", "Platelet count, cells x 10^9/L", opts((">=150", 0), ("100 to <150", 1), ("<100", 2))),
        Choice("sofa", "Total SOFA score", opts(("0", 0), ("1", 1), (">=2", 2))),
    ),
    bands=_SIC_BANDS, reference=_SIC_REF, compute=_sic,
    aliases=("SIC", "SIC score"),
    conventions=("Every item is required. The SOFA item sums the respiratory, cardiovascular, hepatic and renal "
                 "components (capped at 2).",
                 "SIC: total >=4 with INR + platelet points >=3."),
)


# ---------------------------------------------------------------------------
# MDCalc 10089: HScore (reactive haemophagocytic syndrome)
# ---------------------------------------------------------------------------

_HSCORE_PROB = ((None, 90, "<1%"), (91, 100, "~1%"), (101, 110, "1-3%"), (111, 120, "3-5%"), (121, 130, "5-9%"),
                (131, 140, "9-16%"), (141, 150, "16-25%"), (151, 160, "25-40%"), (161, 170, "40-54%"),
                (171, 180, "54-70%"), (181, 190, "70-80%"), (191, 200, "80-88%"), (201, 210, "88-93%"),
                (211, 220, "93-96%"), (221, 230, "96-98%"), (231, 240, "98-99%"), (241, None, ">99%"))

HSCORE = point_score(
    id="hscore", name="HScore for Reactive Hemophagocytic Syndrome", mdcalc_id=10089, category="diagnosis",
    description=("Estimates the probability of reactive haemophagocytic syndrome from immunosuppression, fever, "
                 "organomegaly, cytopenias, ferritin, triglycerides, fibrinogen, AST and marrow "
                 "haemophagocytosis."),
    items=(
        yes_no("immunosup", "Known underlying immunosuppression", 18),
        Choice("temp", "Temperature, degF (degC)", opts(("<101.1 (<38.4)", 0), ("101.1-102.9 (38.4-39.4)", 33),
                                                        (">102.9 (>39.4)", 49))),
        Choice("organ", "Organomegaly", opts(("No", 0), ("Hepatomegaly or splenomegaly", 23),
                                             ("Hepatomegaly and splenomegaly", 38))),
        Choice("cytopenia", "Number of cytopenias", opts(("1 lineage", 0), ("2 lineages", 24), ("3 lineages", 34))),
        Choice("ferritin", "Ferritin, ng/mL (or ug/L)", opts(("<2,000", 0), ("2,000-6,000", 35), (">6,000", 50))),
        Choice("triglyc", "Triglycerides, mg/dL (mmol/L)", opts(("<132.7 (<1.5)", 0), ("132.7-354 (1.5-4)", 44),
                                                                (">354 (>4)", 64))),
        Choice("fibro", "Fibrinogen, mg/dL (g/L)", opts((">250 (>2.5)", 0), ("<=250 (<=2.5)", 30))),
        Choice("serum", "AST, U/L", opts(("<30", 0), (">=30", 19))),
        yes_no("hemophago", "Hemophagocytosis features on bone marrow aspirate", 35),
    ),
    bands=tuple(Band(lo, hi, f"{p} probability of hemophagocytic syndrome" + (
        " (above the best cut-off of 169)" if lo is not None and lo >= 171 else "")) for lo, hi, p in _HSCORE_PROB),
    reference=("Fardet L, Galicier L, Lambotte O, et al. Development and validation of the HScore, a score for "
               "the diagnosis of reactive hemophagocytic syndrome. Arthritis Rheumatol. 2014;66(9):2613-2620."),
    aliases=("HScore", "H score"),
    conventions=("Laboratory and examination items are required; immunosuppression and marrow haemophagocytosis "
                 "score as absent when not documented (reported as assumed).",
                 "Cytopenia: Hb <=9.2 g/dL, WBC <=5000/mm3, platelets <=110000/mm3; the best cut-off is 169."),
)


# ---------------------------------------------------------------------------
# MDCalc 10578: GIPSS (primary myelofibrosis)
# ---------------------------------------------------------------------------

GIPSS = point_score(
    id="gipss", name="Genetically Inspired Prognostic Scoring System (GIPSS) for PMF", mdcalc_id=10578,
    category="risk",
    description=("Stratifies survival in primary myelofibrosis from genetics alone: the karyotype group, the "
                 "absence of a type 1/like CALR mutation, and ASXL1, SRSF2 and U2AF1 Q157 mutations."),
    items=(
        Choice("q1", "Karyotype classification", opts(("Favorable", 0), ("Unfavorable", 1),
                                                      ("Very high risk (VHR)", 2))),
        Choice("q2", "Type 1/like CALR mutation", opts(("Yes", 0), ("No", 1))),
        yes_no("q3", "ASXL1 mutation", 1, default=None),
        yes_no("q4", "SRSF2 mutation", 1, default=None),
        yes_no("q5", "U2AF1Q157 mutation", 1, default=None),
    ),
    bands=(
        Band(0, 0, "Low risk: 94% 5-year overall survival, median overall survival 26.4 years"),
        Band(1, 1, "Intermediate-1 risk: 73% 5-year overall survival, median overall survival 8.0 years"),
        Band(2, 2, "Intermediate-2 risk: 40% 5-year overall survival, median overall survival 4.2 years"),
        Band(3, 6, "High risk: 14% 5-year overall survival, median overall survival 2.0 years"),
    ),
    reference=("Tefferi A, Guglielmelli P, Nicolosi M, et al. GIPSS: genetically inspired prognostic scoring "
               "system for primary myelofibrosis. Leukemia. 2018;32(7):1631-1642."),
    aliases=("GIPSS",),
    conventions=("Every item is required (an absent mutation must be tested, not assumed).",
                 "Karyotype: favourable = normal or sole 13q-, +9, 20q-, chromosome 1 translocation/duplication, "
                 "sex-chromosome change including -Y; very high risk = -7, i(17q), inv(3)/3q21, 12p-, 11q-, +21 "
                 "or other autosomal trisomies except +8/+9; unfavourable = all others."),
)


# ---------------------------------------------------------------------------
# MDCalc 10562: BALL score (relapsed/refractory CLL)
# ---------------------------------------------------------------------------

BALL = point_score(
    id="ball_cll", name="BALL Score for Relapsed/Refractory CLL", mdcalc_id=10562, category="risk",
    description=("Predicts overall survival of relapsed or refractory chronic lymphocytic leukaemia on targeted "
                 "therapy from Beta-2 microglobulin, Anaemia, LDH and the time since the Last therapy."),
    items=(
        Choice("q1", "beta2-microglobulin", opts(("<5 mg/dL", 0), (">=5 mg/dL", 1))),
        yes_no("q2", "Anemia", 1, default=None),
        Choice("q3", "LDH", opts(("<=Upper limit of normal", 0), (">Upper limit of normal", 1))),
        Choice("q4", "Last therapy", opts((">=24 months", 0), ("<24 months", 1))),
    ),
    bands=(
        Band(0, 1, "Low risk: 89.7% 24-month overall survival"),
        Band(2, 3, "Intermediate risk: 79.5% 24-month overall survival"),
        Band(4, 4, "High risk: 55.8% 24-month overall survival"),
    ),
    reference=("Soumerai JD, Ni A, Darif M, et al. Prognostic risk score for patients with relapsed or refractory "
               "chronic lymphocytic leukaemia treated with targeted therapies or chemoimmunotherapy: a "
               "retrospective, pooled cohort study with external validations. Lancet Haematol. "
               "2019;6(7):e366-e374."),
    aliases=("BALL",),
    conventions=("Every item is required. Anaemia: Hb <110 g/L in women, <120 g/L in men; time measured from the "
                 "start of the last therapy.",),
)


def criteria_rule(calc_id: str, name: str, reference: str, x: Any, need: int, met: str, unmet: str,
                   rule: str) -> CalculatorResult:
    """A rule met by ``need`` or more criteria: criteria not documented could only add to the count.

    The reading is given when the documented criteria settle it (enough present, or too few left to reach
    ``need`` even if every undocumented one were present); otherwise the undocumented ones are refused by
    name rather than assumed absent. (Shared with infectious.py; a candidate for points.py.)
    """
    given = x.given()
    items = {i.name: i for i in type(x).__items__}
    rows = item_points(x)
    present = sum(1 for n, _, p in rows if n in given and p > 0)
    missing = [n for n, _, _ in rows if n not in given]
    if present < need <= present + len(missing):
        raise CalculatorInputError(name, [InputIssue(
            n, "missing", f"{present} of the {need} criteria needed are documented; this one decides the reading")
            for n in missing])
    text = met if present >= need else unmet
    expl = [f"{t} -> {p:+g}" if n in given else f"{items[n].question}: not documented (does not change the reading)"
            for n, t, p in rows]
    expl += [rule, f"Criteria present = {present}", f"Result = {present} criteria; {text}"]
    return CalculatorResult(calculator=calc_id, name=name, value=present, unit="criteria", interpretation=text,
                            explanation=expl, reference=reference,
                            components={n: p for n, _, p in rows if n in given})


# ---------------------------------------------------------------------------
# MDCalc 2321: GELF criteria (high tumour burden follicular lymphoma)
# ---------------------------------------------------------------------------

_GELF_NAME = "GELF Criteria for Follicular Lymphoma"
_GELF_REF = ("Brice P, Bastion Y, Lepage E, et al. Comparison in low-tumor-burden follicular lymphomas between an "
             "initial no-treatment policy, prednimustine, or interferon alfa: a randomized study from the Groupe "
             "d'Etude des Lymphomes Folliculaires. J Clin Oncol. 1997;15(3):1110-1117.")
_GELF_BANDS = (
    Band(0, 0, "Low tumor burden (no GELF criterion met): immediate therapy not required; watchful waiting "
               "is an option"),
    Band(1, 8, "High tumor burden (>=1 GELF criterion met): immediate therapy is indicated"),
)


def _gelf(x: Any) -> CalculatorResult:
    return criteria_rule("gelf", _GELF_NAME, _GELF_REF, x, 1, _GELF_BANDS[1].text, _GELF_BANDS[0].text,
                          "Any one criterion makes the tumor burden high")


GELF = point_score(
    id="gelf", name=_GELF_NAME, mdcalc_id=2321, category="diagnosis",
    description=("Decides whether follicular lymphoma has a high tumour burden calling for immediate treatment "
                 "rather than watchful waiting: bulky mass, three nodal sites over 3 cm, B symptoms, massive "
                 "spleen, compression, serous effusion, leukaemic phase or cytopenia; any one suffices."),
    items=(
        yes_no("tumor", "Any nodal or extranodal tumor mass >7 cm diameter", 1),
        yes_no("nodal", "Involvement of at least 3 nodal sites, each with diameter >3 cm", 1),
        yes_no("systemic", "Presence of any systemic or B symptoms", 1),
        yes_no("spleen", "Splenic enlargement with inferior margin below the umbilical line", 1),
        yes_no("compress", "Compression syndrome (ureteral, orbital, gastrointestinal)", 1),
        yes_no("pleural", "Pleural or peritoneal serous effusion (irrespective of cell content)", 1),
        yes_no("leuk", "Leukemic phase (>5.0 x10^9/L circulating malignant cells)", 1),
        yes_no("cytopenia", "Cytopenia (granulocyte count <1.0 x10^9/L and/or platelets <100 x10^9/L)", 1),
    ),
    bands=_GELF_BANDS, reference=_GELF_REF, compute=_gelf, unit="criteria",
    aliases=("GELF", "GELF criteria", "high tumor burden follicular lymphoma"),
    conventions=("One documented criterion is enough for high tumour burden; low tumour burden needs every "
                 "criterion documented as absent (an undocumented one is refused by name, not assumed).",
                 "The value is the number of criteria documented as present.",
                 "Cytopenia: granulocytes <1.0 x10^9/L and/or platelets <100 x10^9/L (MDCalc's label is cut "
                 "short)."),
)


def _staged(calc_id: str, name: str, reference: str, x: Any, value: int, text: str, lines: list[str],
            unit: str) -> CalculatorResult:
    """A result read off a table of categories (no points): each input, the rule, then the class."""
    expl = [f"{item.question}: {getattr(x, item.name)}" for item in type(x).__items__] + lines
    expl.append(f"Result = {value} ({unit}); {text}")
    return CalculatorResult(calculator=calc_id, name=name, value=value, unit=unit, interpretation=text,
                            explanation=expl, reference=reference)


# ---------------------------------------------------------------------------
# MDCalc 3841: International Staging System (ISS) for multiple myeloma
# ---------------------------------------------------------------------------

_ISS_NAME = "International Staging System (ISS) for Multiple Myeloma"
_ISS_REF = ("Greipp PR, San Miguel J, Durie BG, et al. International staging system for multiple myeloma. J Clin "
            "Oncol. 2005;23(15):3412-3420.")
_ISS_BANDS = (
    Band(1, 1, "Stage I: median overall survival 62 months"),
    Band(2, 2, "Stage II: median overall survival 44 months"),
    Band(3, 3, "Stage III: median overall survival 29 months"),
)
_B2M = opts(("<3.5 mg/L", 0, 1), ("3.5 - 5.4 mg/L", 0, 2), (">5.4 mg/L", 0, 3))
_ALB = opts(("<3.5 g/dL", 0, 1), (">=3.5 g/dL", 0, 2))


def _iss_stage(micro: str, alb: str) -> int:
    if micro == ">5.4 mg/L":
        return 3
    return 1 if micro == "<3.5 mg/L" and alb == ">=3.5 g/dL" else 2


def _iss(x: Any) -> CalculatorResult:
    stage = _iss_stage(x.micro, x.alb)
    return _staged("iss_myeloma", _ISS_NAME, _ISS_REF, x, stage, band_of(_ISS_BANDS, stage).text,
                   ["Stage I: beta2-microglobulin <3.5 mg/L and albumin >=3.5 g/dL; stage III: beta2-microglobulin "
                    ">=5.5 mg/L; stage II: neither"], "stage")


ISS = point_score(
    id="iss_myeloma", name=_ISS_NAME, mdcalc_id=3841, category="risk",
    description=("Stages newly diagnosed multiple myeloma from two routine blood tests, serum beta-2 "
                 "microglobulin and albumin, into stages I-III that read median overall survival."),
    items=(Choice("micro", "Serum beta2 microglobulin", _B2M), Choice("alb", "Serum Albumin", _ALB)),
    bands=_ISS_BANDS, reference=_ISS_REF, compute=_iss, unit="stage",
    aliases=("ISS", "myeloma ISS"),
    conventions=("Both values are required.",
                 "MDCalc codes the options 1-3 (beta2-microglobulin) and 1-2 (albumin); they are categories, not "
                 "points. The value is the stage, 1-3.",
                 "Albumin matters only when beta2-microglobulin is <3.5 mg/L (stage I needs albumin >=3.5 g/dL)."),
)


# ---------------------------------------------------------------------------
# MDCalc 3842: Revised International Staging System (R-ISS) for multiple myeloma
# ---------------------------------------------------------------------------

_RISS_NAME = "Revised International Staging System (R-ISS) for Multiple Myeloma"
_RISS_REF = ("Palumbo A, Avet-Loiseau H, Oliva S, et al. Revised International Staging System for multiple "
             "myeloma: a report from International Myeloma Working Group. J Clin Oncol. 2015;33(26):2863-2869.")
_RISS_BANDS = (
    Band(1, 1, "R-ISS stage I: median progression-free survival 66 months; 82% 5-year overall survival "
               "(median not reached)"),
    Band(2, 2, "R-ISS stage II: median progression-free survival 42 months; 62% 5-year overall survival "
               "(median 83 months)"),
    Band(3, 3, "R-ISS stage III: median progression-free survival 29 months; 40% 5-year overall survival "
               "(median 43 months)"),
)


def _riss(x: Any) -> CalculatorResult:
    iss = _iss_stage(x.micro, x.alb)
    high_ca, high_ldh = x.ca == "High risk", x.ldh.startswith("High")
    stage = 1 if iss == 1 and not high_ca and not high_ldh else 3 if iss == 3 and (high_ca or high_ldh) else 2
    return _staged("r_iss_myeloma", _RISS_NAME, _RISS_REF, x, stage, band_of(_RISS_BANDS, stage).text,
                   [f"ISS stage {iss}; high-risk cytogenetics {'yes' if high_ca else 'no'}; LDH "
                    f"{'high' if high_ldh else 'normal'}",
                    "R-ISS I: ISS I with standard-risk cytogenetics and normal LDH; R-ISS III: ISS III with "
                    "high-risk cytogenetics or high LDH; R-ISS II: all others"], "stage")


R_ISS = point_score(
    id="r_iss_myeloma", name=_RISS_NAME, mdcalc_id=3842, category="risk",
    description=("Stages newly diagnosed multiple myeloma by combining the ISS stage (beta-2 microglobulin and "
                 "albumin) with high-risk chromosomal abnormalities on interphase FISH and serum LDH; stages I-III "
                 "read progression-free and overall survival."),
    items=(
        Choice("micro", "Serum beta2 microglobulin", opts(("<3.5 mg/L", 0, 0), ("3.5-5.4 mg/L", 0, 1),
                                                          (">5.4 mg/L", 0, 2))),
        Choice("alb", "Serum albumin", opts(("<3.5 g/dL", 0, 0), (">=3.5 g/dL", 0, 1))),
        Choice("ca", "CA by iFISH", opts(("Standard risk", 0, 0), ("High risk", 0, 1))),
        Choice("ldh", "LDH", opts(("Normal (< upper limit of normal)", 0, 0),
                                  ("High (> upper limit of normal)", 0, 1))),
    ),
    bands=_RISS_BANDS, reference=_RISS_REF, compute=_riss, unit="stage",
    aliases=("R-ISS", "revised ISS"),
    conventions=("Every item is required (cytogenetics and LDH are not assumed normal).",
                 "High-risk cytogenetics: del(17p), t(4;14) or t(14;16) by interphase FISH.",
                 "MDCalc codes the options 0-2 / 0-1; they are categories, not points. The value is the stage, "
                 "1-3."),
)


# ---------------------------------------------------------------------------
# MDCalc 10565: IPS-E (asymptomatic early-stage CLL)
# ---------------------------------------------------------------------------

IPS_E = point_score(
    id="ips_e_cll", name="International Prognostic Score for Asymptomatic Early-stage CLL (IPS-E)",
    mdcalc_id=10565, category="risk",
    description=("Estimates how soon a patient with asymptomatic early-stage chronic lymphocytic leukaemia "
                 "(Binet A / Rai 0-II) will need treatment, from unmutated IGHV, a lymphocyte count above "
                 "15 x10^9/L and palpable lymph nodes, one point each."),
    items=(
        yes_no("q1", "Unmutated IGHV genes", 1, default=None),
        yes_no("q2", "Absolute lymphocyte count >15x10^9/L", 1, default=None),
        yes_no("q3", "Palpable lymph nodes", 1, default=None),
    ),
    bands=(
        Band(0, 0, "Low risk for treatment need: 8.4% 5-year cumulative risk of starting treatment"),
        Band(1, 1, "Intermediate risk for treatment need: 28.4% 5-year cumulative risk of starting treatment"),
        Band(2, 3, "High risk for treatment need: 61.2% 5-year cumulative risk of starting treatment"),
    ),
    reference=("Condoluci A, Terzi di Bergamo L, Langerbeins P, et al. International prognostic score for "
               "asymptomatic early-stage chronic lymphocytic leukemia. Blood. 2020;135(21):1859-1869."),
    aliases=("IPS-E",),
    conventions=("Every item is required (IGHV status and the lymphocyte count are not assumed).",
                 "5-year risks are those of the training cohort."),
)


# ---------------------------------------------------------------------------
# MDCalc 2143: Sokal index (chronic myeloid leukaemia)
# ---------------------------------------------------------------------------

_SOKAL_NAME = "Sokal Index for Chronic Myeloid Leukemia (CML)"
_SOKAL_REF = ("Sokal JE, Cox EB, Baccarani M, et al. Prognostic discrimination in \"good-risk\" chronic "
              "granulocytic leukemia. Blood. 1984;63(4):789-799.")
_SOKAL_BANDS = (
    Band(None, 0.8, "Low risk (Sokal <0.8): about 90% 2-year survival, median survival about 5 years"),
    Band(0.8, 1.2, "Intermediate risk (Sokal 0.8-1.2): 65-90% 2-year survival, median survival 2.5-5 years"),
    Band(1.2, None, "High risk (Sokal >1.2): about 65% or less 2-year survival, median survival about 2.5 years"),
)


def _sokal(x: Any) -> CalculatorResult:
    exponent = (0.0116 * (x.Age - 43.4) + 0.0345 * (x.spl - 7.51)
                + 0.188 * ((x.plt / 700) ** 2 - 0.563) + 0.0887 * (x.blasts - 2.10))
    score = math.exp(exponent)
    band = _SOKAL_BANDS[0] if score < 0.8 else _SOKAL_BANDS[1] if score <= 1.2 else _SOKAL_BANDS[2]
    lines = [f"Age {x.Age:g} y, spleen {x.spl:g} cm below the costal margin, platelets {x.plt:g} x10^9/L, "
             f"blasts {x.blasts:g}%",
             "Sokal = exp(0.0116 (age - 43.4) + 0.0345 (spleen - 7.51) + 0.188 ((platelets/700)^2 - 0.563) "
             f"+ 0.0887 (blasts - 2.10)) = exp({exponent:.4f}) = {score:.3f}"]
    return CalculatorResult(calculator="sokal_cml", name=_SOKAL_NAME, value=round(score, 3), unit="index",
                            interpretation=band.text, explanation=lines + [f"Result = {score:.3f}; {band.text}"],
                            reference=_SOKAL_REF)


SOKAL = point_score(
    id="sokal_cml", name=_SOKAL_NAME, mdcalc_id=2143, category="risk",
    description=("Stratifies survival in chronic-phase chronic myeloid leukaemia at diagnosis from age, spleen "
                 "size below the costal margin, platelet count and peripheral blast percentage (an exponential "
                 "equation); reads low, intermediate or high risk."),
    items=(
        Number("Age", "Age", "years", ge=0, le=120),
        Number("spl", "Spleen size (palpable, below the left costal margin)", "cm", ge=0, le=40),
        Number("plt", "Platelet count", "10^9/L", ge=1, le=5000, accepted_units=("10^3/µL", "/µL")),
        Number("blasts", "% myeloblasts in peripheral blood", "%", ge=0, le=100),
    ),
    bands=_SOKAL_BANDS, reference=_SOKAL_REF, compute=_sokal, unit="index",
    aliases=("Sokal", "Sokal score", "Sokal index"),
    conventions=("Every value is required, taken before treatment; a spleen that is not palpable is 0 cm.",
                 "Groups: low <0.8, intermediate 0.8-1.2, high >1.2; survival figures predate tyrosine kinase "
                 "inhibitors."),
)


# ---------------------------------------------------------------------------
# MDCalc 1236: TASH score (massive transfusion after trauma)
# ---------------------------------------------------------------------------


def _tash_probability(total: int) -> str:
    p = 100 / (1 + math.exp(5.4 - 0.3 * total))
    return f"{p:.0f}%" if p >= 10 else f"{p:.1f}%"


TASH = point_score(
    id="tash", name="TASH Score (Trauma Associated Severe Hemorrhage)", mdcalc_id=1236, category="risk",
    description=("Estimates the probability that a severely injured patient will need massive transfusion, from "
                 "sex, haemoglobin, base excess, systolic pressure, heart rate, free abdominal fluid on FAST and "
                 "unstable pelvic or open/dislocated femur fractures."),
    items=(
        Choice("sex", "Sex", opts(("Female", 0), ("Male", 1))),
        Choice("hemoglobin", "Hemoglobin", opts(("< 7 g/dL", 8), ("< 9 g/dL", 6), ("< 10 g/dL", 4),
                                                ("< 11 g/dL", 3), ("< 12 g/dL", 2), (">= 12 g/dL", 0))),
        Choice("base_excess", "Base Excess", opts(("< -10 mmol/L", 4), ("< -6 mmol/L", 3), ("< -2 mmol/L", 1),
                                                  (">= -2 mmol/L", 0))),
        Choice("systolic_bp", "Systolic Blood Pressure", opts(("< 100 mm Hg", 4), ("< 120 mm Hg", 1),
                                                              (">= 120 mm Hg", 0))),
        Choice("heart_rate", "Heart Rate", opts((">120 bpm", 2), ("<= 120 bpm", 0))),
        yes_no("fast", "Positive FAST for Intra-Abdominal Fluid", 3, default=None),
        yes_no("pelvic_fracture", "Clinically Unstable Pelvic Fracture", 6, default=None),
        yes_no("femur_fracture", "Open or Dislocated Femur Fracture", 3, default=None),
    ),
    bands=tuple(Band(t, t, f"{_tash_probability(t)} probability of massive transfusion") for t in range(32)),
    reference=("Yucel N, Lefering R, Maegele M, et al. Trauma Associated Severe Hemorrhage (TASH)-Score: "
               "probability of mass transfusion as surrogate for life threatening hemorrhage after multiple "
               "trauma. J Trauma. 2006;60(6):1228-1236."),
    aliases=("TASH", "TASH score"),
    conventions=("Every item is required.",
                 "Graded items take the lowest band the value falls in (haemoglobin 9.5 g/dL is '< 10 g/dL').",
                 "Probability of massive transfusion = 1 / (1 + exp(5.4 - 0.3 x TASH)): 50% at 18 points."),
)


# ---------------------------------------------------------------------------
# MDCalc 3929: Asymptomatic (smoldering) myeloma prognosis (Mayo 2007)
# ---------------------------------------------------------------------------

_SMM_NAME = "Asymptomatic (Smoldering) Myeloma Prognosis"
_SMM_REF = ("Kyle RA, Remstein ED, Therneau TM, et al. Clinical course and prognosis of smoldering (asymptomatic) "
            "multiple myeloma. N Engl J Med. 2007;356(25):2582-2590.")
_SMM_BANDS = (
    Band(1, 1, "High risk (group 1): progression to myeloma or amyloidosis 69% at 5 years, 77% at 10 years, 87% "
               "at 15 years; median time to progression 2 years"),
    Band(2, 2, "Intermediate risk (group 2): progression 43% at 5 years, 64% at 10 years, 70% at 15 years; "
               "median time to progression 8 years"),
    Band(3, 3, "Low risk (group 3): progression 15% at 5 years, 33% at 10 years, 39% at 15 years; median time "
               "to progression 19 years"),
)


def _smm(x: Any) -> CalculatorResult:
    marrow, protein = x.bmp == ">=10%", x.smp == ">=3"
    if not marrow and not protein:
        raise CalculatorInputError(_SMM_NAME, [InputIssue(
            n, "invalid", "plasma cells <10% with M-protein <3 g/dL is not smoldering myeloma (MGUS range); the "
                          "model does not apply") for n in ("bmp", "smp")])
    group = 1 if marrow and protein else 2 if marrow else 3
    return _staged("smoldering_myeloma", _SMM_NAME, _SMM_REF, x, group, band_of(_SMM_BANDS, group).text,
                   ["Group 1: plasma cells >=10% and M-protein >=3 g/dL; group 2: plasma cells >=10% and "
                    "M-protein <3 g/dL; group 3: plasma cells <10% and M-protein >=3 g/dL"], "risk group")


SMM = point_score(
    id="smoldering_myeloma", name=_SMM_NAME, mdcalc_id=3929, category="risk",
    description=("Estimates the risk that smoldering (asymptomatic) multiple myeloma progresses to active "
                 "myeloma or amyloidosis, from the bone marrow plasma cell percentage and the serum M-protein "
                 "level at diagnosis (Mayo Clinic cohort)."),
    items=(
        Choice("bmp", "Bone marrow plasmacytosis", opts((">=10%", 0, 0), ("<10%", 0, 1))),
        Choice("smp", "Serum monoclonal protein, g/dL", opts((">=3", 0, 0), ("<3", 0, 1))),
    ),
    bands=_SMM_BANDS, reference=_SMM_REF, compute=_smm, unit="risk group",
    aliases=("smoldering myeloma risk", "SMM prognosis", "Mayo 2007 SMM"),
    conventions=("Both values are required; both below threshold (plasma cells <10%, M-protein <3 g/dL) is "
                 "MGUS, not smoldering myeloma, and is refused.",
                 "The value is the Kyle group: 1 high, 2 intermediate, 3 low risk."),
)
