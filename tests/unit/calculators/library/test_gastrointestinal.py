"""Gastrointestinal scores, values worked by hand from each definition."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.mdcalc_inputs import mdcalc_arguments


def _gold(cid: str, mid: int, raw: dict):
    calc = CALCULATORS[cid]
    args, notes = mdcalc_arguments(calc, mid, raw)
    assert not notes
    return calc.run(args)


def test_rockall_pre_endoscopy_medrisk_row():
    # age 60-79 (+1), tachycardia (+1), comorbidity other than renal/liver failure/malignancy (+2) = 4
    result = _gold("rockall_pre_endoscopy", 3643, {"age": 1, "shock": 1, "comor": 2})
    assert result.value == 4 and "24.6%" in result.interpretation


def test_rockall_pre_endoscopy_refuses_missing_shock():
    with pytest.raises(CalculatorInputError) as err:
        CALCULATORS["rockall_pre_endoscopy"].run({"age": "<60 years", "comor": "No major comorbidity"})
    assert "shock" in err.value.missing


def test_rome_caps_needs_all_five():
    all_yes = {k: 1 for k in ("one", "two", "three", "four", "five")}
    assert _gold("rome4_caps", 10308, all_yes).value == "Positive"
    # one criterion missing (pain not limiting daily life) -> not met
    result = _gold("rome4_caps", 10308, {**all_yes, "three": 0})
    assert result.value == "Negative" and result.interpretation.startswith("Negative diagnosis")


def test_manning_three_criteria_without_red_flags_is_likely_ibs():
    raw = {"freq": 1, "loose": 1, "painrel": 1, "bloat": 0, "evac": 0, "diarrhea": 0,
           "age": 0, "weight": 0, "blood": 0, "anemia": 0, "fever": 0}
    result = _gold("manning_ibs", 3167, raw)
    assert result.value == 3 and "IBS likely" in result.interpretation


def test_manning_red_flag_makes_it_inconclusive_and_few_criteria_unlikely():
    # MedRisk row 7696: freq, bloat, diarrhea (3 criteria) with red flags -> inconclusive
    raw = {"freq": 1, "loose": 0, "painrel": 0, "bloat": 1, "evac": 0, "diarrhea": 1,
           "age": 1, "weight": 1, "blood": 1, "anemia": 1, "fever": 1}
    assert "inconclusive" in _gold("manning_ibs", 3167, raw).interpretation
    # row 7694: a single criterion -> unlikely
    raw = {"freq": 1, "loose": 0, "painrel": 0, "bloat": 0, "evac": 0, "diarrhea": 0,
           "age": 0, "weight": 1, "blood": 1, "anemia": 1, "fever": 0}
    assert "unlikely" in _gold("manning_ibs", 3167, raw).interpretation


@pytest.mark.parametrize("raw, expected", [
    # >=6 stools/day (bowel 2) and fever -> severe (MedRisk row 705)
    ({"bowel": 2, "blood": 0, "pyr": 1, "hr": 0, "an": 1, "esr": 1}, "Severe"),
    # <4 stools, no blood, but pulse >90 and ESR >30 -> not all mild, not severe -> moderate (row 702)
    ({"bowel": 0, "blood": 0, "pyr": 0, "hr": 1, "an": 0, "esr": 1}, "Moderate"),
    ({"bowel": 0, "blood": 0, "pyr": 0, "hr": 0, "an": 0, "esr": 0}, "Mild"),
    # >=6 stools but no systemic sign -> moderate
    ({"bowel": 2, "blood": 2, "pyr": 0, "hr": 0, "an": 0, "esr": 0}, "Moderate"),
])
def test_truelove_witts(raw, expected):
    assert _gold("truelove_witts", 10235, raw).value == expected


def test_child_abdominal_migraine_one_criterion_short_is_negative():
    raw = {"one": 1, "two": 1, "three": 1, "four": 1, "five": 1, "eleven": 0}  # MedRisk row 3849
    assert _gold("rome4_child_abdominal_migraine", 10329, raw).value == "Negative"
    assert _gold("rome4_child_abdominal_migraine", 10329, {**raw, "eleven": 1}).value == "Positive"


def test_pancreatic_fistula_risk():
    # firm (0) + adenocarcinoma (0) + 3 mm duct (2) + 401-700 mL (1) = 3 -> intermediate 12.9% (row 1562)
    result = _gold("pancreatic_fistula_risk", 10194, {"gland": 0, "path": 0, "diameter": 2, "loss": 1})
    assert result.value == 3 and "12.9%" in result.interpretation
    # soft 2 + other 1 + <=1 mm 4 + >1000 mL 3 = 10 -> high 28.1%
    result = _gold("pancreatic_fistula_risk", 10194, {"gland": 2, "path": 1, "diameter": 4, "loss": 3})
    assert result.value == 10 and "28.1%" in result.interpretation


def test_mayo_uc():
    # 1 + 1 + 1 + 3 = 6 -> moderate (row 2257)
    result = _gold("mayo_uc", 3675, {"stool": 1, "rectal": 1, "mucos": 1, "rating": 3})
    assert result.value == 6 and result.interpretation.startswith("Moderate")
    # 3 + 3 + 3 + 2 = 11 -> severe
    assert _gold("mayo_uc", 3675, {"stool": 3, "rectal": 3, "mucos": 3, "rating": 2}).interpretation.startswith(
        "Severe")


def test_os_mrs_classes():
    # BMI>=50, male, HTN, PE risk, age>=45 all yes = 5 -> class C 7.56% (row 4233)
    result = _gold("os_mrs", 10520, {"q1": 1, "q2": 1, "q3": 1, "q4": 1, "q5": 1})
    assert result.value == 5 and "7.56%" in result.interpretation
    # HTN + PE risk = 2 -> class B 1.9% (row 4226)
    assert "1.9%" in _gold("os_mrs", 10520, {"q1": 0, "q2": 0, "q3": 1, "q4": 1, "q5": 0}).interpretation


def test_uceis():
    # patchy 1 + luminal moderate/severe 3 + deep ulcer 3 = 7 -> severe (row 4884)
    result = _gold("uceis", 10395, {"pattern": 1, "bleeding": 3, "ulcers": 3})
    assert result.value == 7 and result.interpretation.startswith("Severe")
    assert _gold("uceis", 10395, {"pattern": 0, "bleeding": 0, "ulcers": 1}).interpretation.startswith("Remission")


def test_atlas():
    # age 60-79 1 + antibiotics 2 + WBC 16-25k 1 + albumin <2.6 2 + creatinine >=2.1 2 = 8 (row 8618)
    result = _gold("atlas_cdi", 10218, {"age": 1, "treat": 2, "leuk": 1, "alb": 2, "cr": 2})
    assert result.value == 8 and "55.6%" in result.interpretation
    # 1 + 0 + 0 + 1 + 1 = 3 -> mortality 3.6% (row 8625)
    assert "3.6%" in _gold("atlas_cdi", 10218, {"age": 1, "treat": 0, "leuk": 0, "alb": 1, "cr": 1}).interpretation


def test_functional_constipation_needs_two_symptoms_and_both_exclusions():
    # incomplete evacuation + manual maneuvers (2 symptoms), laxative and IBS criteria yes -> met (row 907)
    raw = {"strain": 0, "lumpy": 0, "evacuation": 1, "blockage": 0, "manual": 1, "spontaneous": 0,
           "laxative": 1, "ibs": 1}
    assert _gold("rome4_functional_constipation", 10003, raw).value == "Positive"
    # same but loose stools present without laxatives -> not met (cf. row 912)
    assert _gold("rome4_functional_constipation", 10003, {**raw, "laxative": 0}).value == "Negative"
    # one symptom only -> not met
    assert _gold("rome4_functional_constipation", 10003, {**raw, "manual": 0}).value == "Negative"


def test_simplified_aih_caps_autoantibodies_at_two():
    # ANA 1 + LKM 2 + SLA 2 = 5 -> capped 2; IgG >1.1x 2; typical 2; no viral 2 -> 8 definite (row 6798)
    raw = {"ana": 1, "lkm": 2, "sla": 2, "igg": 2, "liver": 2, "hep": 2}
    result = _gold("simplified_aih", 3112, raw)
    assert result.value == 8 and "definite" in result.interpretation
    # ANA 1 + SLA 2 -> 2; IgG 2; compatible 1; viral present 0 -> 5 possible (row 6794)
    result = _gold("simplified_aih", 3112, {"ana": 1, "lkm": 0, "sla": 2, "igg": 2, "liver": 1, "hep": 0})
    assert result.value == 5 and "possible" in result.interpretation
    # ANA 1, IgG 1, typical 2, no viral 2 = 6 probable
    result = _gold("simplified_aih", 3112, {"ana": 1, "lkm": 0, "sla": 0, "igg": 1, "liver": 2, "hep": 2})
    assert result.value == 6 and "probable" in result.interpretation


def test_gi_gpa_half_points():
    # KPS 90-100 (2) + age <60 (0.5) + no extracranial mets (0.5) + 1 brain met (1) = 4 -> 17 months (row 11006)
    result = _gold("gi_gpa", 10393, {"kps": 2, "age": 0.5, "em": 0.5, "num": 1})
    assert result.value == 4 and "17 months" in result.interpretation
    # KPS 80 (1) + age <60 (0.5) + present (0) + >3 (0) = 1.5 -> 9 months (row 10999)
    result = _gold("gi_gpa", 10393, {"kps": 1, "age": 0.5, "em": 0, "num": 0})
    assert result.value == 1.5 and "9 months" in result.interpretation


def test_rome_biliary_pain():
    raw = {k: 1 for k in ("one", "two", "three", "four", "five")}
    assert _gold("rome4_biliary_pain", 10319, raw).value == "Positive"
    assert _gold("rome4_biliary_pain", 10319, {**raw, "five": 0}).value == "Negative"  # row 12295


def test_rockall_complete_shared_codes_map_by_label():
    # 60-79 (1) + hypotension (2) + no comorbidity (0) + other diagnosis (1) + adherent clot (2) = 6 (row 13407)
    calc = CALCULATORS["rockall_complete"]
    args, notes = mdcalc_arguments(calc, 3642, {"age": 1, "shock": 2, "comor": 0, "diag": 1, "srh": 2},
                                   {"Major stigmata of recent hemorrhage": "Adherent clot"})
    assert not notes and args["srh"] == "Adherent clot"
    result = calc.run(args)
    assert result.value == 6 and "32.9%" in result.interpretation and "17.3%" in result.interpretation
    # all lowest: 0 -> 0% mortality
    args = {"age": "<60 years", "shock": "No shock (SBP >=100 AND HR <100)", "comor": "No major comorbidity",
            "diag": "Mallory-Weiss tear", "srh": "None"}
    assert calc.run(args).value == 0


def test_kruis_cut_off():
    # 34 + 16 + 23 + 14 = 87 -> positive; with ESR >10 (-13) = 74 still positive; with blood (-98) negative
    raw = {"pfi": 34, "duration": 16, "abdpain": 23, "dc": 14, "abnl": 0, "esr": -13, "wbc": 0, "anemia": 0,
           "blood": 0}
    result = _gold("kruis_ibs", 2141, raw)
    assert result.value == 74 and "positive" in result.interpretation
    result = _gold("kruis_ibs", 2141, {**raw, "blood": -98})
    assert result.value == -24 and "negative" in result.interpretation


def test_alvarado():
    # rebound 1 + anorexia 1 + nausea 1 + leukocytosis 2 = 5 -> possible (row 792)
    result = CALCULATORS["alvarado"].run({"rebound_tenderness": True, "anorexia": True, "nausea": True,
                                          "leukocytosis": True})
    assert result.value == 5 and "possible" in result.interpretation
    assert "right_lower_quadrant_tenderness" in result.assumed


def test_ranson():
    # age, glucose, AST, pO2, base deficit = 5 -> 40% (row 6187)
    raw = {"wbc_16k": 0, "age_55": 1, "glucose_200": 1, "ast_250": 1, "ldh_350": 0, "hct_10": 0, "bun_5": 0,
           "ca_8": 0, "po2_60": 1, "base_deficit_4": 1, "fluid_needs_6": 0}
    result = _gold("ranson", 89, raw)
    assert result.value == 5 and "40%" in result.interpretation


def test_glasgow_imrie():
    # age + LDH = 2 -> low (row 7534); WBC + urea + LDH = 3 -> high (row 7537)
    raw = {"pao2": 0, "age": 1, "wbc": 0, "ca": 0, "renal": 0, "ldh": 1, "alb": 0, "gluc": 0}
    assert "low risk" in _gold("glasgow_imrie", 3287, raw).interpretation
    raw = {"pao2": 0, "age": 0, "wbc": 1, "ca": 0, "renal": 1, "ldh": 1, "alb": 0, "gluc": 0}
    assert "high risk" in _gold("glasgow_imrie", 3287, raw).interpretation


def test_wexner():
    # 2 + 0 + 3 + 4 + 0 = 9 -> moderate (row 9236); 2 + 0 + 3 + 1 + 0 = 6 -> mild (row 9238)
    assert "moderate" in _gold("wexner_incontinence", 10064,
                               {"solid": 2, "liquid": 0, "gas": 3, "pad": 4, "alt": 0}).interpretation
    result = _gold("wexner_incontinence", 10064, {"solid": 2, "liquid": 0, "gas": 3, "pad": 1, "alt": 0})
    assert result.value == 6 and "mild" in result.interpretation


@pytest.mark.parametrize("raw, words", [
    ({"one": 1, "two": 1, "three": 1, "four": 1, "five": 0}, "levator ani syndrome"),
    ({"one": 1, "two": 1, "three": 0, "four": 1, "five": 0}, "unspecified functional anorectal pain"),
    ({"one": 0, "two": 0, "three": 0, "four": 0, "five": 1}, "unspecified functional anorectal pain"),  # row 11370
    ({"one": 1, "two": 0, "three": 0, "four": 1, "five": 0}, "Negative"),  # row 11371
])
def test_functional_anorectal_pain(raw, words):
    assert words in _gold("rome4_functional_anorectal_pain", 10322, raw).interpretation


def test_mumtaz():
    # age 18-39 7 + private 0 + ascites 5 + paracentesis 4 + home health 1 = 17 -> 29.4% (row 4676)
    raw = {"age": 7, "payer": 0, "index": 0, "et": 0, "as": 5, "en": 0, "bleeding": 0, "hcc": 0, "para": 4,
           "hemo": 0, "dis": 1}
    result = _gold("mumtaz_readmission", 10129, raw)
    assert result.value == 17 and "29.4%" in result.interpretation
    # lowest: >=65 0, self-pay -3, variceal bleeding -7, transfer -1 = -11 -> 9.3%
    raw = {"age": 0, "payer": -3, "index": 0, "et": 0, "as": 0, "en": 0, "bleeding": -7, "hcc": 0, "para": 0,
           "hemo": 0, "dis": -1}
    result = _gold("mumtaz_readmission", 10129, raw)
    assert result.value == -11 and "9.3%" in result.interpretation


def test_fong():
    # nodes + interval = 2 -> low risk, 89% 1-year (row 6915)
    result = _gold("fong_crs", 3925, {"nodes": 1, "interval": 1, "tumor": 0, "cea": 0, "size": 0})
    assert result.value == 2 and "low risk" in result.interpretation and "89% at 1 year" in result.interpretation
    # all five -> 71% 1-year, 14% 5-year (row 6906)
    result = _gold("fong_crs", 3925, {"nodes": 1, "interval": 1, "tumor": 1, "cea": 1, "size": 1})
    assert "71% at 1 year" in result.interpretation and "14% at 5 years" in result.interpretation


def test_aims65():
    # albumin + INR + age = 3 -> 10.3% (row 8543)
    result = _gold("aims65", 3801, {"alb": 1, "inr": 1, "ams": 0, "sbp": 0, "age": 1})
    assert result.value == 3 and "10.3%" in result.interpretation


def test_child_pugh_serves_mdcalc_340_from_band_codes():
    # bilirubin >3 (3) + albumin <2.8 (3) + INR <1.7 (1) + slight ascites (2) + grade 1-2 (2) = 11 -> C (row 7413)
    calc = CALCULATORS["child_pugh"]
    args, _ = mdcalc_arguments(calc, 340, {"bilirubin": 3, "albumin": 3, "inr": 1, "ascites": 2,
                                           "encephalopathy": 2})
    result = calc.run(args)
    assert result.value == 11 and "class C" in result.interpretation
    # all lowest bands: 1 each = 5 -> A
    args, _ = mdcalc_arguments(calc, 340, {k: 1 for k in ("bilirubin", "albumin", "inr", "ascites",
                                                          "encephalopathy")})
    assert calc.run(args).value == 5
    # an unknown code is left out and refused by name
    args, _ = mdcalc_arguments(calc, 340, {"bilirubin": 9, "albumin": 1, "inr": 1})
    with pytest.raises(CalculatorInputError) as err:
        calc.run(args)
    assert "bilirubin" in err.value.missing
