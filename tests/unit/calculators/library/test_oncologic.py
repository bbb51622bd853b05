"""Oncologic scores, values worked by hand from each definition."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.mdcalc_inputs import mdcalc_arguments


def _run_gold(cid: str, mdcalc_id: int, raw: dict, labels: dict | None = None):
    args, notes = mdcalc_arguments(CALCULATORS[cid], mdcalc_id, raw, labels)
    assert not notes
    return CALCULATORS[cid].run(args)


def test_lent_high_risk():
    # LDH >=1500 (1) + ECOG 3-4 (3) + NLR >=9 (1) + breast cancer (1) = 6 -> high risk, 44 days
    result = _run_gold("lent_score", 4010, {"ldh": 1, "ecog": 3, "serum": 1, "tumor": 1})
    assert result.value == 6 and result.interpretation == "High risk: median survival 44 days"


def test_lent_lung_cancer_alone_is_moderate_and_missing_ecog_refused():
    # lung cancer (2), everything else 0 -> 2 -> moderate, 130 days
    result = _run_gold("lent_score", 4010, {"ldh": 0, "ecog": 0, "serum": 0, "tumor": 2})
    assert result.value == 2 and "130 days" in result.interpretation
    with pytest.raises(CalculatorInputError, match="missing ecog"):
        CALCULATORS["lent_score"].run({"ldh": "<1,500", "serum": "<9", "tumor": "Lung or any other cancer"})


def test_promise_biological_when_timp1_known():
    # TIMP1 <40 -> biological points: radio 2 + Hb 14-<16 1 + WBC 4-<6.3 2 + CRP 3-<10 3 + ECOG 2-4 7
    # + lung 6 + TIMP1 0 = 21 -> 25 to <50% (biological 21-28)
    raw = {"chemo": 0, "radio": 2, "hb": 1, "wbc": 2, "crp": 3, "ecog": 7, "cancer": 6, "timp": 0}
    result = _run_gold("promise_score", 10096, raw)
    assert result.value == 21 and result.interpretation.startswith("25 to <50%")


def test_promise_clinical_when_timp1_unknown():
    # clinical points: Hb 14-<16 1 + WBC >=15.8 10 + CRP 32-<100 8 + ECOG 7 + other cancer 4 = 30 -> 50 to <75%
    raw = {"chemo": 0, "radio": 0, "hb": 1, "wbc": 9, "crp": 8, "ecog": 7, "cancer": 5, "timp": -1}
    result = _run_gold("promise_score", 10096, raw)
    assert result.value == 30 and result.interpretation.startswith("50 to <75%")
    # the same answers with a TIMP1 >=160: biological 1 + 9 + 8 + 7 + 5 + 2 = 32 -> still 50 to <75%
    args = {**mdcalc_arguments(CALCULATORS["promise_score"], 10096, raw)[0], "timp": ">=160"}
    assert CALCULATORS["promise_score"].run(args).value == 32


def test_iota_risk_from_the_logistic_model():
    # x = -0.97 + B3 (-1.66) + M1 (2.19) + oncology centre (0.92) = 0.48; 100 / (1 + e^-0.48) = 61.77%
    raw = {k: 0 for k in ("b1", "b2", "b4", "b5", "m2", "m3", "m4", "m5")}
    raw.update(b3=-1.66, m1=2.19, location=0.92)
    result = _run_gold("iota_simple_rules", 10517, raw)
    assert result.value == pytest.approx(61.8) and result.interpretation == "High risk of malignancy (>=50%)"
    assert any("inconclusive" in line for line in result.explanation)


def test_iota_benign_features_only_is_very_low_risk():
    # x = -0.97 - 3.41 (B1) - 1.86 (B5) = -6.24 -> 100 / (1 + e^6.24) = 0.19%
    args = {f"b{i}": "No" for i in range(1, 6)} | {f"m{i}": "No" for i in range(1, 6)} | {"location": "No"}
    args.update(b1="Yes", b5="Yes")
    result = CALCULATORS["iota_simple_rules"].run(args)
    assert result.value == pytest.approx(0.2) and result.interpretation.startswith("Very low risk")
    assert any("benign" in line for line in result.explanation)


def test_imdc_groups():
    # calcium > ULN only -> 1 -> intermediate, 22.5 months
    result = _run_gold("imdc_rcc", 3008, {"dx": 0, "perf": 0, "hgb": 0, "ca": 1, "neut": 0, "plt": 0})
    assert result.value == 1 and "22.5 months" in result.interpretation
    # KPS, Hb, Ca, neutrophils, platelets -> 5 -> poor, 7.8 months
    result = _run_gold("imdc_rcc", 3008, {"dx": 0, "perf": 1, "hgb": 1, "ca": 1, "neut": 1, "plt": 1})
    assert result.value == 5 and result.interpretation.startswith("Poor risk") and "7.8" in result.interpretation
    with pytest.raises(CalculatorInputError, match="missing plt"):
        CALCULATORS["imdc_rcc"].run({"dx": "No", "perf": "No", "hgb": "No", "ca": "No", "neut": "No"})


def test_mskcc_groups():
    # <1 year, Hb, Ca, KPS -> 4 -> poor (high) risk
    result = _run_gold("mskcc_motzer_rcc", 2153, {"neph": 1, "hb": 1, "ca": 1, "ldh": 0, "karnofsky": 1})
    assert result.value == 4 and result.interpretation.startswith("Poor (high) risk")
    result = _run_gold("mskcc_motzer_rcc", 2153, {"neph": 0, "hb": 1, "ca": 0, "ldh": 0, "karnofsky": 0})
    assert result.value == 1 and result.interpretation.startswith("Intermediate")


def test_mayo_spn_without_pet():
    # x = 0.0391*40 + 0.1274*10 - 6.8272 = 1.564 + 1.274 - 6.8272 = -3.9892; e^x/(1+e^x) = 1.82%
    raw = {"Age": 40, "diameter": 10, "smoker": 0, "cancer": 0, "lobe": 0, "spiculation": 0, "pet1": 0}
    result = _run_gold("mayo_spn", 4057, raw)
    assert result.value == pytest.approx(1.8) and result.interpretation.startswith("Low probability")


def test_mayo_spn_with_faint_pet_uptake():
    # x = 0.0391*65 + 0.1274*20 + 1.3388 + 0.7838 + 1.0407 - 6.8272 = 1.4256 -> p = 0.8062
    # y = -4.739 + 3.691*0.8062 + 2.322 = 0.5587 -> 1/(1+e^-0.5587) = 63.6%
    raw = {"Age": 65, "diameter": 20, "smoker": 0, "cancer": 1, "lobe": 1, "spiculation": 1, "pet1": 2}
    result = _run_gold("mayo_spn", 4057, raw)
    assert result.value == pytest.approx(63.6) and result.interpretation.startswith("Intermediate")


def test_mayo_spn_refuses_missing_diameter():
    with pytest.raises(CalculatorInputError, match="missing diameter"):
        CALCULATORS["mayo_spn"].run({"Age": 60, "smoker": "No", "cancer": "No", "lobe": "No", "spiculation": "No"})


@pytest.mark.parametrize("primary,secondary,total,group", [
    (3, 3, 6, 1), (3, 4, 7, 2), (4, 3, 7, 3), (4, 4, 8, 4), (5, 4, 9, 5), (2, 3, 5, 1)])
def test_gleason_grade_groups(primary, secondary, total, group):
    # Gleason score = primary + secondary; 7 splits by the predominant pattern (3+4 -> 2, 4+3 -> 3)
    result = _run_gold("gleason_score", 2048, {"primary": primary, "secondary": secondary, "tertiary": 5})
    assert result.value == total and result.interpretation.startswith(f"Grade group {group}")
    assert result.components["grade_group"] == group


def test_mekhail_groups():
    # calcium + >=2 metastatic sites = 2 -> intermediate, 14 months
    raw = {"ldh": 0, "hgb": 0, "ca": 1, "time": 0, "radiation": 0, "mets": 1}
    result = _run_gold("mekhail_rcc", 3007, raw)
    assert result.value == 2 and result.interpretation == "Intermediate prognosis: median survival 14 months"
    raw.update(ldh=1)  # 3 -> poor, 5 months
    assert _run_gold("mekhail_rcc", 3007, raw).interpretation == "Poor prognosis: median survival 5 months"
    raw = {k: 0 for k in raw} | {"radiation": 1}  # 1 -> favorable
    assert _run_gold("mekhail_rcc", 3007, raw).interpretation.startswith("Favorable")


@pytest.mark.parametrize("raw,group", [
    ({"psa": 1, "gleason": 1, "stage": 1}, "Low risk"),          # all low-risk features
    ({"psa": 2, "gleason": 1, "stage": 2}, "Intermediate risk"),  # PSA 10-20 and T2b: worst is intermediate
    ({"psa": 2, "gleason": 2, "stage": 2}, "Intermediate risk"),  # three intermediate features stay intermediate
    ({"psa": 1, "gleason": 1, "stage": 3}, "High risk"),          # one high-risk feature (>=T2c)
    ({"psa": 3, "gleason": 1, "stage": 1}, "High risk"),          # PSA >20
])
def test_damico_worst_feature_sets_the_group(raw, group):
    result = _run_gold("damico_prostate", 2049, raw)
    assert result.value == group and result.interpretation.startswith(group)


def test_ssign_score():
    # pT3 2 + grade 3 1 + necrosis 2 = 5 -> 5-6 group: 74.1% 5-year cancer-specific survival
    raw = {"t": 2, "n": 0, "m": 0, "tumor": 0, "nuc": 1, "nec": 2}
    result = _run_gold("ssign_rcc", 2154, raw)
    assert result.value == 5 and "74.1% at 5 years" in result.interpretation
    # pT2 1 + N1 2 + M1 4 + grade 3 1 + necrosis 2 = 10 -> 19.2%
    raw = {"t": 1, "n": 2, "m": 4, "tumor": 0, "nuc": 1, "nec": 2}
    assert "19.2% at 5 years" in _run_gold("ssign_rcc", 2154, raw).interpretation
    with pytest.raises(CalculatorInputError, match="missing nec"):
        CALCULATORS["ssign_rcc"].run({"t": "pT1", "n": "pNx or pN0", "m": "M0", "tumor": "<5 cm", "nuc": "3"})


def test_ucsf_capra():
    # PSA 6-10 1 + primary pattern 4/5 3 = 4 -> intermediate
    result = _run_gold("ucsf_capra", 2046, {"age": 0, "psa": 1, "gleason": 3, "stage": 0, "biopsy": 0})
    assert result.value == 4 and result.interpretation.startswith("Intermediate risk")
    # age 1 + PSA 20-30 3 + T3a 1 + >=34% cores 1 = 6 -> high
    result = _run_gold("ucsf_capra", 2046, {"age": 1, "psa": 3, "gleason": 0, "stage": 1, "biopsy": 1})
    assert result.value == 6 and result.interpretation.startswith("High risk")


def test_lansky_groups():
    assert _run_gold("lansky_play_performance", 3176, {"lansky": 60}).interpretation.startswith("Mild to moderate")
    result = _run_gold("lansky_play_performance", 3176, {"lansky": 40})
    assert result.value == 40 and result.interpretation.startswith("Moderate to severe")
    assert _run_gold("lansky_play_performance", 3176, {"lansky": 90}).interpretation.startswith("Able to carry on")


def test_ecog_and_prognostic_index():
    result = _run_gold("ecog_performance_status", 3170, {"zubrod": 4})
    assert result.value == 4 and "completely disabled" in result.interpretation
    assert _run_gold("ecog_performance_status", 3170, {"zubrod": 5}).interpretation == "ECOG 5: dead"
    assert _run_gold("prognostic_index_cancer", 3313, {"crp": 1, "wbc": 1}).interpretation.endswith("poor prognosis")
    assert _run_gold("prognostic_index_cancer", 3313, {"crp": 0, "wbc": 1}).value == 1


@pytest.mark.parametrize("raw,stage", [
    ({"areas": 0, "anemia": 0, "thrombocytopenia": 0}, "A"),
    ({"areas": 1, "anemia": 0, "thrombocytopenia": 0}, "B"),   # >= 3 areas, normal counts
    ({"areas": 0, "anemia": 0, "thrombocytopenia": 1}, "C"),   # cytopenia whatever the areas
    ({"areas": 1, "anemia": 1, "thrombocytopenia": 1}, "C"),
])
def test_binet_stage(raw, stage):
    result = _run_gold("binet_cll", 10053, raw)
    assert result.value == stage and result.interpretation.startswith(f"Binet stage {stage}")


@pytest.mark.parametrize("raw,stage", [
    ({}, "0"),
    ({"lymph": 1}, "I"),
    ({"lymph": 1, "liver": 1}, "II"),
    ({"lymph": 1, "spleen": 1, "liver": 1, "anemia": 1}, "III"),
    ({"lymph": 1, "liver": 1, "anemia": 1, "thrombocytopenia": 1}, "IV"),  # the worst finding sets the stage
])
def test_rai_stage(raw, stage):
    base = {"lymph": 0, "spleen": 0, "liver": 0, "anemia": 0, "thrombocytopenia": 0}
    result = _run_gold("rai_cll", 10054, {**base, **raw})
    assert result.value == stage and result.interpretation.startswith(f"Rai stage {stage} (")
