"""Cardiac rhythm, heart failure, syncope, stroke and thrombosis scores, values worked by hand."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.mdcalc_inputs import mdcalc_arguments


def run(cid: str, **args):
    return CALCULATORS[cid].run(args)


# --- ATRIA stroke -----------------------------------------------------------------------------------


def test_atria_stroke_prior_stroke_switches_the_age_column():
    # MedRisk row 1408: prior stroke, age 65-74 -> 7 (not 3); diabetes 1 + CHF 1 + eGFR<45 1 -> 10: high
    raw = {"stroke": 1, "age": 3, "female": 0, "diabetes": 1, "congestive_heart_failure": 1, "hypertension": 0,
           "proteinuria": 0, "egfr_esrd": 1}
    args, notes = mdcalc_arguments(CALCULATORS["atria_stroke"], 1842, raw)
    assert not notes and args["stroke"] == "Yes" and args["age"] == "65-74 years"
    result = CALCULATORS["atria_stroke"].run(args)
    assert result.value == 10 and result.interpretation.startswith("High risk: >=2%")


def test_atria_stroke_without_prior_stroke():
    # age 75-84 -> 5, female +1 -> 6: moderate; age <65 alone with prior stroke -> 8: high
    assert run("atria_stroke", age="75-84 years", female=True).value == 6
    assert run("atria_stroke", age="75-84 years", female=True).interpretation.startswith("Moderate")
    assert run("atria_stroke", age="<65 years", stroke="Yes").value == 8
    assert run("atria_stroke", age="<65 years", hypertension=True).interpretation.startswith("Low risk: <1%")


def test_atria_stroke_refuses_missing_age():
    with pytest.raises(CalculatorInputError, match="age"):
        run("atria_stroke", stroke="No")


# --- ATRIA bleeding ---------------------------------------------------------------------------------


def test_atria_bleeding_bands():
    # anemia 3 + hypertension 1 = 4: intermediate; + age >=75 (2) = 6: high; hypertension alone 1: low
    assert run("atria_bleeding", anemia=True, hypertension=True).interpretation.startswith("Intermediate risk: 2.6%")
    assert run("atria_bleeding", anemia=True, hypertension=True, age_75=True).value == 6
    assert run("atria_bleeding", hypertension=True).interpretation.startswith("Low risk: 0.76%")


# --- CP-SSS -----------------------------------------------------------------------------------------


def test_cp_sss_consciousness_point_needs_both_a_missed_question_and_a_missed_command():
    # gaze 2; questions "Neither correct" but both commands followed -> 0; arm can do -> 0: total 2 (likely)
    r = run("cp_sss", gaze="Yes", ask="Neither correct", close="Follows both commands", instruct="Can do")
    assert r.value == 2 and "likely" in r.interpretation and "less" not in r.interpretation
    # no gaze; one question missed AND one command missed -> 1: total 1 (less likely)
    r = run("cp_sss", gaze="No", ask="One correct", close="Follows one command", instruct="Can do")
    assert r.value == 1 and "less likely" in r.interpretation
    # everything abnormal: 2 + 1 + 1 = 4
    assert run("cp_sss", gaze="Yes", ask="Neither correct", close="Follows neither command",
               instruct="Cannot do").value == 4


def test_cp_sss_medrisk_codes_map_to_labels():
    args, notes = mdcalc_arguments(CALCULATORS["cp_sss"], 4009, {"gaze": 2, "ask": 2, "close": 1, "instruct": 0})
    assert not notes and args == {"gaze": "Yes", "ask": "Neither correct", "close": "Follows one command",
                                  "instruct": "Can do"}
    assert CALCULATORS["cp_sss"].run(args).value == 3  # 2 + 1 + 0


def test_cp_sss_refuses_missing_exam_item():
    with pytest.raises(CalculatorInputError, match="instruct"):
        run("cp_sss", gaze="No", ask="Both correct", close="Follows both commands")


# --- mSOAR ------------------------------------------------------------------------------------------


def test_msoar():
    # hemorrhage 1 + TACS 2 + age 66-85 1 + mRS 0-2 0 + NIHSS >=11 2 = 6: 26.2%
    r = run("msoar", type="Hemorrhage", classd="TACS", age="66-85", disability="0-2", nih=">=11")
    assert r.value == 6 and r.interpretation == "26.2% inpatient mortality"
    # infarct, LACS/PACS, <=65, 3-4, 5-10 -> 0+0+0+1+1 = 2: 1.5%
    assert run("msoar", type="Infarct", classd="LACS/PACS", age="<=65", disability="3-4",
               nih="5-10").interpretation == "1.5% inpatient mortality"
    with pytest.raises(CalculatorInputError, match="nih"):
        run("msoar", type="Infarct", classd="POCS", age="<=65", disability="0-2")


# --- Tisdale ----------------------------------------------------------------------------------------


def test_tisdale():
    # female 1 + loop 1 + K<=3.5 2 + QTc>=450 2 + HF 3 + >=2 drugs 6 = 15: high
    r = run("tisdale_qt", sex="Female", loop=True, potassium=True, qtc=True, hf=True,
            drugs=">=2 QTc-prolonging drugs")
    assert r.value == 15 and r.interpretation == "High risk of QT prolongation"
    # male, age >=68 1 + 1 drug 3 + MI 2 = 6: low; + sepsis 3 = 9: moderate
    assert run("tisdale_qt", sex="Male", age=True, drugs="1 QTc-prolonging drug", mi=True).value == 6
    assert run("tisdale_qt", sex="Male", age=True, drugs="1 QTc-prolonging drug", mi=True,
               sepsis=True).interpretation == "Moderate risk of QT prolongation"
    with pytest.raises(CalculatorInputError, match="sex"):
        run("tisdale_qt", age=True)


# --- Canadian Syncope Risk Score --------------------------------------------------------------------


def test_canadian_syncope():
    # vasovagal predisposition -1 + vasovagal diagnosis -2 = -3: very low 0.4%
    r = run("canadian_syncope", predis=True, syncope="Vasovagal syncope")
    assert r.value == -3 and r.interpretation.startswith("Very low risk: 0.4%")
    # heart disease 1 + troponin 2 + QTc 2 + cardiac syncope 2 = 7: very high 40.3%
    r = run("canadian_syncope", hx=True, trop=True, cqt=True, syncope="Cardiac syncope")
    assert r.value == 7 and r.interpretation.startswith("Very high risk: 40.3%")
    # SBP 2 + QRS 1 + neither 0 = 3: medium 8.1%
    assert run("canadian_syncope", sys=True, qrs=True, syncope="Neither").interpretation.startswith(
        "Medium risk: 8.1%")
    with pytest.raises(CalculatorInputError, match="syncope"):
        run("canadian_syncope", hx=True)


# --- IMPROVE / IMPROVEDD ----------------------------------------------------------------------------


def test_improve_and_improvedd():
    # previous VTE 3 + age >60 1 = 4: 2.9%; + D-dimer (IMPROVEDD) 2 = 6: 2.2% / 2.7%
    assert run("improve_vte", vte=True, age=True).interpretation == "2.9% 3-month risk of VTE"
    assert run("improve_vte", vte=True, age=True, cancer=True).interpretation == "7.2% 3-month risk of VTE"
    r = run("improvedd_vte", vte=True, age=True, ddimer=True)
    assert r.value == 6 and r.interpretation == "2.2% 42-day risk and 2.7% 77-day risk of VTE"
    # ICU 1 + immobilized 1 = 2: 0.8% / 1.0%
    assert run("improvedd_vte", icu=True, immobilized=True).interpretation.startswith("0.8% 42-day")


# --- HEMORR2HAGES -----------------------------------------------------------------------------------


def test_hemorr2hages():
    # prior bleed 2 + age >75 1 + anemia 1 + stroke 1 = 5: 12.3 per 100 patient-years, high
    r = run("hemorr2hages", rebleeding=True, age_75=True, anemia=True, stroke_history=True)
    assert r.value == 5 and r.interpretation.startswith("High risk: 12.3")
    # malignancy 1 + fall risk 1 = 2: 5.3, intermediate; nothing: 1.9, low
    assert run("hemorr2hages", malignancy=True, fall_risk=True).interpretation.startswith("Intermediate risk: 5.3")
    assert run("hemorr2hages", malignancy=False).interpretation.startswith("Low risk: 1.9")


# --- Canadian TIA -----------------------------------------------------------------------------------


def test_canadian_tia():
    # MedRisk row 9463: first TIA 2 + >=10 min 2 + weakness 1 + vertigo -3 + platelets 2 = 4: medium, 0.3%
    raw = {"tia": 2, "symptoms": 2, "stenosis": 0, "therapy": 0, "gait": 0, "weakness": 1, "vertigo": -3, "bp": 0,
           "d": 0, "ecg": 0, "ct": 0, "platelet": 2, "glucose": 0}
    args, _ = mdcalc_arguments(CALCULATORS["canadian_tia"], 10421, raw)
    r = CALCULATORS["canadian_tia"].run(args)
    assert r.value == 4 and r.interpretation == "Medium risk: 0.3% risk of stroke within 7 days"
    # DBP 3 + AF 2 + glucose 3 + antiplatelet 3 = 11: high, 8.1%; vertigo alone -3: low, 0.01%
    assert run("canadian_tia", bp=True, ecg=True, glucose=True, therapy=True).interpretation.startswith(
        "High risk: 8.1%")
    assert run("canadian_tia", vertigo=True).interpretation.startswith("Low risk: 0.01%")


# --- RIETE ------------------------------------------------------------------------------------------


def test_riete():
    # anemia 1.5 alone: intermediate; bleeding 2 + creatinine 1.5 + age 1 = 4.5: high; nothing: low
    assert run("riete_bleeding", anemia=True).interpretation.startswith("Intermediate risk: 2.8%")
    r = run("riete_bleeding", major_bleeding=True, creatinine=True, age_75=True)
    assert r.value == 4.5 and r.interpretation.startswith("High risk: 6.2%")
    assert run("riete_bleeding", anemia=False).value == 0


# --- IMPEDE VTE -------------------------------------------------------------------------------------


def test_impede_vte():
    # MedRisk row 11747: IMiD 4 + BMI 1 + doxorubicin 3 + high-dose dex 4 + prior VTE 5 + aspirin -3 = 14: high
    raw = {"immuno": 4, "bmi": 1, "fracture": 0, "esa": 0, "dox": 3, "dex": 4, "race": 0, "hx": 5, "tunnel": 0,
           "warfarin": 0, "aspirin": -3}
    args, notes = mdcalc_arguments(CALCULATORS["impede_vte"], 10498, raw)
    assert not notes
    r = CALCULATORS["impede_vte"].run(args)
    assert r.value == 14 and r.interpretation.startswith("High risk")
    # IMiD 4 + low-dose dex 2 + Asian -3 = 3: low; IMiD 4 alone: intermediate
    assert run("impede_vte", immuno=True, dex="Low dose", race=True).interpretation.startswith("Low risk")
    assert run("impede_vte", immuno=True).interpretation.startswith("Intermediate risk")


# --- AUB-HAS2 ---------------------------------------------------------------------------------------


def test_aub_has2():
    # >=75 1 + Hb <12 1 + heart disease 1 = 3: 11%; all six: 6 -> 17.5%; none: 0.3%
    r = run("aub_has2", age=">=75", hem="<12 g/dL", heart=True, urgency="Elective")
    assert r.value == 3 and r.interpretation.startswith("11% risk")
    assert run("aub_has2", age=">=75", hem="<12 g/dL", heart=True, angina=True, vascular=True,
               urgency="Emergency").interpretation.startswith("17.5% risk")
    assert run("aub_has2", age="<75", hem=">=12 g/dL", urgency="Elective").interpretation.startswith("0.3% risk")
    with pytest.raises(CalculatorInputError, match="hem"):
        run("aub_has2", age="<75", urgency="Elective")


# --- REVEAL 2.0 -------------------------------------------------------------------------------------

_REVEAL_BASE = {"who": "Other", "nyha": "II", "bp": ">=110 mmHg", "hr": "<=96 bpm", "min": "165 to <320 m",
                "bnp": "50 to <200 pg/mL", "dl": ">=40%"}


def test_reveal_adds_six_to_the_items():
    # all neutral items: 6 + 0 = 6: low
    r = run("reveal_2", **_REVEAL_BASE)
    assert r.value == 6 and r.interpretation.startswith("Low risk")
    # + CTD-PAH 1 + FC III 1 = 8: intermediate; + BNP >=800 (2 instead of 0) = 10: high
    args = {**_REVEAL_BASE, "who": "Associated PAH-connective tissue disease", "nyha": "III"}
    assert run("reveal_2", **args).interpretation.startswith("Intermediate risk")
    assert run("reveal_2", **{**args, "bnp": ">=800 pg/mL"}).interpretation == (
        "High risk: predicted 1-year survival <70%")
    # FC I -1, 6MWD >=440 -2, BNP <50 -2, PVR <5 WU -1: 6 - 6 = 0
    best = {**_REVEAL_BASE, "nyha": "I", "min": ">=440 m", "bnp": "<50 pg/mL", "resistance": True}
    assert run("reveal_2", **best).value == 0
    with pytest.raises(CalculatorInputError, match="bnp"):
        run("reveal_2", **{k: v for k, v in _REVEAL_BASE.items() if k != "bnp"})


# --- H2FPEF -----------------------------------------------------------------------------------------


def test_h2fpef_continuous_model():
    # y = -9.1917 + 0.0451*75 + 0.1307*32 + 0.0859*16 + 0.0520*48 + 1.6997 = 3.9433; e^y/(1+e^y) = 98.1%
    r = run("h2fpef", Age=75, bmi=32, eratio=16, sp=48, af="Yes")
    assert r.value == pytest.approx(98.1) and r.interpretation.startswith("98.1% probability")
    # y = -9.1917 + 2.4805 + 3.0061 + 0.7731 + 1.56 = -1.3720; 1/(1+e^1.372) = 20.2%
    assert run("h2fpef", Age=55, bmi=23, eratio=9, sp=30, af="No").value == pytest.approx(20.2)
    with pytest.raises(CalculatorInputError, match="sp"):
        run("h2fpef", Age=55, bmi=23, eratio=9, af="No")


# --- existing calculators serving MDCalc ids --------------------------------------------------------


def test_cha2ds2_vasc_serves_mdcalc_801():
    # MedRisk row 216: age 65-74 1 + male 0 + CHF 1 + hypertension 1 + stroke 2 + vascular 1 + no diabetes = 6
    raw = {"age": 1, "sex": 0, "heart_failure": 1, "hypertension": 1, "stroke": 2, "vascular_disease": 1,
           "diabetes": 0}
    calc = CALCULATORS["cha2ds2_vasc"]
    assert 801 in calc.mdcalc_ids
    args, _ = mdcalc_arguments(calc, 801, raw)
    assert args["sex"] == "male" and args["stroke"] is True
    assert calc.run(args).value == 6
    # each age band lands in its own points: <65 0, 65-74 1, >=75 2 (female + age >=75 = 3)
    for code, pts in ((0, 0), (1, 1), (2, 2)):
        args, _ = mdcalc_arguments(calc, 801, {"age": code, "sex": 1})
        assert calc.run(args).value == pts + 1


def test_wells_dvt_serves_mdcalc_362():
    # MedRisk row 2786: calf 1 + entire leg 1 + tenderness 1 + pitting edema 1 + paralysis 1 + alternative -2 = 3
    raw = {"cancer": 0, "bedridden": 0, "calf_swelling": 1, "superficial_veins": 0, "leg_swollen": 1,
           "localized_tenderness": 1, "pitting_edema": 1, "paralysis": 1, "dvt": 0, "alt_diagnosis_dvt": -2}
    calc = CALCULATORS["wells_dvt"]
    args, _ = mdcalc_arguments(calc, 362, raw)
    assert args["alternative_diagnosis"] is True and args["collateral_veins"] is False
    r = calc.run(args)
    assert r.value == 3 and r.interpretation.startswith("high pre-test probability")


# --- sPESI ------------------------------------------------------------------------------------------

_SPESI_NORMAL = {"age_80": "<=80", "heart_rate_110": "<110", "systolic_blood_pressure_100": ">=100",
                 "o2_saturation_90": ">=90%"}


def test_spesi():
    assert run("spesi", **_SPESI_NORMAL).interpretation.startswith("Low risk: 1.1%")
    # age >80 1 + SpO2 <90% 1 + cancer 1 = 3: high, 8.9%
    r = run("spesi", **{**_SPESI_NORMAL, "age_80": ">80", "o2_saturation_90": "<90%"}, cancer=True)
    assert r.value == 3 and r.interpretation.startswith("High risk: 8.9%")
    with pytest.raises(CalculatorInputError, match="heart_rate_110"):
        run("spesi", **{k: v for k, v in _SPESI_NORMAL.items() if k != "heart_rate_110"})


# --- CAHP -------------------------------------------------------------------------------------------


def test_cahp_three_groups():
    # 1.1 x (55 - 10) 49.5 + public 0 + shockable 0 + 2.8 x 5 14 + 0.8 x 20 16 + (585 - 77 x 7.4) 15.2 + epi 0
    # = 94.7: low
    r = run("cahp", age=55, setting="Public setting", shockable="Shockable", collapse=5, rosc=20, pH=7.4, epi="0")
    assert r.value == pytest.approx(94.7) and r.interpretation.startswith("Low risk: 39%")
    # 55 + 0 + 27 + 14 + 16 + (585 - 554.4) 30.6 + 27 = 169.6: moderate
    r = run("cahp", age=60, setting="Public setting", shockable="Non-shockable", collapse=5, rosc=20, pH=7.2,
            epi="1-2")
    assert r.value == pytest.approx(169.6) and r.interpretation.startswith("Moderate risk: 81%")
    # MedRisk row: 71.5 + 24 + 27 + 28 + 36 + 53.7 + 43 = 283.2: high
    raw = {"age": 75, "setting": 24, "shockable": 27, "collapse": 10, "rosc": 45, "pH": 6.9, "epi": 43}
    args, notes = mdcalc_arguments(CALCULATORS["cahp"], 10297, raw)
    assert not notes
    r = CALCULATORS["cahp"].run(args)
    assert r.value == pytest.approx(283.2) and r.interpretation.startswith("High risk: 100%")
    with pytest.raises(CalculatorInputError, match="pH"):
        run("cahp", age=60, setting="Home", shockable="Shockable", collapse=5, rosc=20, epi="0")


# --- IE mortality -----------------------------------------------------------------------------------


def test_ie_mortality_quadratic():
    # 4 + age 46-60 2 + dialysis 3 + nosocomial 2 + prosthetic 1 + symptoms >1 mo -1 + S. aureus 1 + aortic 1
    # + mitral 1 + stroke 2 + paravalvular 2 + surgery -2 = 16; 2.416*16 + 0.109*256 - 4.849 = 61.711 -> 61.7%
    r = run("ie_mortality", age="46-60", dialysis=True, nosocomial=True, prosthetic=True, sx=True, staph=True,
            aveg=True, mveg=True, stroke=True, valv=True, surg=True)
    assert r.value == 16 and r.interpretation.startswith("61.7% predicted 6-month mortality")
    # 4 + viridans -2 + symptoms -1 = 1: 2.416 + 0.109 - 4.849 = -2.3 -> kept at 0%
    r = run("ie_mortality", age="<=45", viridans=True, sx=True)
    assert r.value == 1 and r.interpretation.startswith("0.0% predicted")
    with pytest.raises(CalculatorInputError, match="age"):
        run("ie_mortality", dialysis=True)


# --- OHFRS ------------------------------------------------------------------------------------------


def test_ottawa_hf_risk():
    # HR >=110 2 + SaO2 1 + walk test 1 + urea 1 + CO2 2 + NT-proBNP 1 = 8: very high, 81.2%
    r = run("ottawa_hf_risk", heart=True, sao=True, min=True, urea=True, serum=True, probnp=True)
    assert r.value == 8 and r.interpretation == "Very high risk: 81.2% risk of a serious adverse event"
    assert run("ottawa_hf_risk", stroke=False).interpretation == "Low risk: 2.8% risk of a serious adverse event"
    assert run("ottawa_hf_risk", stroke=True, urea=True).interpretation.startswith("Medium risk: 9.2%")


# --- OESIL ------------------------------------------------------------------------------------------


def test_oesil():
    # age >65 1 + no prodrome 1 = 2: 19.6%; all four: 57.1%
    assert run("oesil", age="Yes", aecg="No", wopro=True).interpretation == "19.6% 12-month mortality"
    assert run("oesil", age="Yes", aecg="Yes", wopro=True, hx=True).value == 4
    with pytest.raises(CalculatorInputError, match="aecg"):
        run("oesil", age="No")


# --- Duke criteria (modified) -----------------------------------------------------------------------


def test_duke_definite_possible_rejected():
    # MedRisk row 5545: 1 major (endocardial involvement) + 3 minor (predisposition, vascular, immunologic): definite
    raw = {"microorganisms": 0, "lesions": 0, "endocarditis": 0, "evidence_endocardial": 1,
           "heart_condition_injection_drug": 1, "fever": 0, "vascular": 1, "immunologic": 1, "microbiological": 0}
    args, notes = mdcalc_arguments(CALCULATORS["duke_endocarditis"], 1731, raw)
    r = CALCULATORS["duke_endocarditis"].run(args)
    assert not notes and r.value == 2 and r.interpretation.startswith("Definite") and "clinical" in r.interpretation
    # pathology alone (row 5537: lesions + fever) is definite
    assert run("duke_endocarditis", lesions=True, fever=True).interpretation.startswith("Definite")
    # 1 major + 1 minor: possible; 3 minor: possible; 2 minor (row 5540): rejected
    assert run("duke_endocarditis", endocarditis=True, fever=True).value == 1
    assert run("duke_endocarditis", fever=True, vascular=True, immunologic=True).value == 1
    r = run("duke_endocarditis", heart_condition_injection_drug=True, vascular=True)
    assert r.value == 0 and r.interpretation.startswith("Rejected") and "fever" in r.assumed
    # 5 minor: definite; 2 major: definite
    assert run("duke_endocarditis", **{k: True for k in ("heart_condition_injection_drug", "fever", "vascular",
                                                        "immunologic", "microbiological")}).value == 2
    assert run("duke_endocarditis", endocarditis=True, evidence_endocardial=True).value == 2


# --- Steinhart ---------------------------------------------------------------------------------------


def test_steinhart_converts_pmol_to_pg_and_uses_the_pretest_fraction():
    # MedRisk row 12116: age 40, pre-test 10%, NT-proBNP 500 pmol/L = 4228.5 pg/mL, log10 = 3.62619
    # y = 8 + 0.44 - 0.59 - 2.3 x 3.62619 + 0.82 x 0.1 x 3.62619 = -0.1929; p = 1/(1 + e^y) = 54.8% (gold 55%)
    args, notes = mdcalc_arguments(CALCULATORS["steinhart_ahf"], 10065, {"Age": 40, "pre": 10, "bnp": 500})
    r = CALCULATORS["steinhart_ahf"].run(args)
    assert not notes and r.value == pytest.approx(54.8, abs=0.05) and r.unit == "%"
    # row 12125: age 30, 10%, 150 pmol/L (1268.6 pg/mL, log 3.10333): y = 8 + 0.33 - 0.59 - 7.13766 + 0.25447
    # = 0.85681 -> 29.8% (gold 30%)
    assert run("steinhart_ahf", Age=30, pre=10, bnp=150).value == pytest.approx(29.8, abs=0.05)
    with pytest.raises(CalculatorInputError, match="bnp"):
        run("steinhart_ahf", Age=30, pre=10)


# --- CHADS2 ------------------------------------------------------------------------------------------


def test_chads2_rates():
    # row 12410: CHF 1 + hypertension 1 + age 1 = 3: high, 5.9%/year; nothing: 0 low 1.9%; stroke 2 = moderate 4.0%
    raw = {"heart_failure": 1, "hypertension": 1, "age_75": 1, "diabetes": 0, "stroke": 0}
    args, _ = mdcalc_arguments(CALCULATORS["chads2"], 40, raw)
    r = CALCULATORS["chads2"].run(args)
    assert r.value == 3 and r.interpretation.startswith("High risk: 5.9%")
    assert run("chads2", stroke=False).interpretation.startswith("Low risk: 1.9%")
    assert run("chads2", stroke=True).interpretation.startswith("Moderate (intermediate) risk: 4.0%")
    # stroke 2 + all four 1-point items = 6: 18.2%
    assert run("chads2", stroke=True, heart_failure=True, hypertension=True, age_75=True, diabetes=True).value == 6


# --- Revised Geneva ----------------------------------------------------------------------------------


def test_geneva_revised_groups():
    # row 13236: surgery 2 + malignancy 2 + HR 75-94 3 + leg palpation pain/edema 4 = 11: high
    raw = {"age_65": 0, "dvt_pe": 0, "surgery_limb_fracture": 2, "malignant_condition": 2, "limb_pain": 0,
           "hemoptysis": 0, "heart_rate": 3, "pain_on_limb_palpatation": 4}
    args, _ = mdcalc_arguments(CALCULATORS["geneva_revised"], 1750, raw)
    assert CALCULATORS["geneva_revised"].run(args).value == 11
    assert CALCULATORS["geneva_revised"].run(args).interpretation.startswith("High clinical probability: about 74%")
    # leg palpation 4 alone: intermediate; limb pain 3: low; HR >=95 5 + previous DVT 3 + hemoptysis 2 = 10
    assert run("geneva_revised", heart_rate="< 75", pain_on_limb_palpatation=True).interpretation.startswith(
        "Intermediate")
    assert run("geneva_revised", heart_rate="< 75", limb_pain=True).interpretation.startswith("Low")
    assert run("geneva_revised", heart_rate=">= 95", dvt_pe=True, hemoptysis=True).value == 10
    with pytest.raises(CalculatorInputError, match="heart_rate"):
        run("geneva_revised", limb_pain=True)


# --- EUROMACS-RHF ------------------------------------------------------------------------------------


def test_euromacs_rhf_half_points():
    # row 2528: INTERMACS 1-3 2 + severe RV dysfunction 2 = 4: intermediate; + inotropes 2.5 instead = 4.5: high
    args, _ = mdcalc_arguments(CALCULATORS["euromacs_rhf"], 10477, {"ra": 0, "hem": 0, "iv": 0, "iclass": 2, "rv": 2})
    assert CALCULATORS["euromacs_rhf"].run(args).interpretation.startswith("Intermediate risk")
    r = run("euromacs_rhf", iv=True, rv=True)
    assert r.value == 4.5 and r.interpretation.startswith("High risk")
    assert run("euromacs_rhf", rv=True).interpretation.startswith("Low risk")
    assert run("euromacs_rhf", iv=True).value == 2.5  # inotropes alone: intermediate
    assert run("euromacs_rhf", iv=True).interpretation.startswith("Intermediate")


# --- mNIHSS ------------------------------------------------------------------------------------------

_MNIHSS_RAW = {"consciousness": 0, "commands": 1, "horizontal_movement": 0, "visual_fields": 1, "left_arm_drift": 2,
               "right_arm_drift": 2, "left_leg_drift": 0, "right_leg_drift": 4, "sensation": 1, "language": 2,
               "extinction": 2}


def test_mnihss_sum_and_severity():
    # row 7727: 0 + 1 + 0 + 1 + 2 + 2 + 0 + 4 + 1 + 2 + 2 = 15: moderate
    args, notes = mdcalc_arguments(CALCULATORS["mnihss"], 1756, _MNIHSS_RAW)
    r = CALCULATORS["mnihss"].run(args)
    assert not notes and r.value == 15 and r.interpretation.startswith("Moderate stroke")
    # right leg 4 -> no movement stays, language 2 -> 3 (mute) = 16: moderate to severe
    args2, _ = mdcalc_arguments(CALCULATORS["mnihss"], 1756, {**_MNIHSS_RAW, "language": 3})
    assert CALCULATORS["mnihss"].run(args2).interpretation.startswith("Moderate to severe")
    with pytest.raises(CalculatorInputError, match="extinction"):
        CALCULATORS["mnihss"].run({k: v for k, v in args.items() if k != "extinction"})


# --- CART --------------------------------------------------------------------------------------------


def test_cart_threshold_at_20():
    # RR 24-25 12 + HR 110-139 4 + age 55-69 4 + DBP >49 0 = 20: low; RR 26-29 15 + 4 + age >69 9 = 28: high
    assert run("cart", rr="24-25", hr="110-139", bp=">49", age="55-69").interpretation.startswith("Low risk")
    args, _ = mdcalc_arguments(CALCULATORS["cart"], 10029, {"rr": 15, "hr": 4, "bp": 0, "age": 9})
    r = CALCULATORS["cart"].run(args)
    assert r.value == 28 and r.interpretation.startswith("High risk")
    with pytest.raises(CalculatorInputError, match="age"):
        run("cart", rr="<21", hr="<110", bp=">49")


# --- RACE --------------------------------------------------------------------------------------------


def test_race_scores_aphasia_or_agnosia_by_side():
    # right hemiparesis (code 1): face 2 + arm 2 + leg 1 + gaze 1 + aphasia neither task 2 = 8 (agnosia ignored)
    raw = {"facpal": 2, "arm": 2, "leg": 1, "gaze": 1, "hemi": 1, "aph": 2, "agn": 2}
    args, notes = mdcalc_arguments(CALCULATORS["race_stroke"], 3941, raw)
    r = CALCULATORS["race_stroke"].run(args)
    assert not notes and r.value == 8 and r.interpretation.startswith("LVO likely")
    # left hemiparesis: face 1 + arm 1 + agnosia 1 = 3 (aphasia ignored): unlikely
    r = run("race_stroke", facpal="Mild", arm="Moderate", leg="Normal to mild", gaze="Absent", hemi="Left",
            agn="Does not recognize his/her arm or the impairment", aph="Performs neither task")
    assert r.value == 3 and r.interpretation.startswith("LVO unlikely")
    with pytest.raises(CalculatorInputError, match="aph"):
        run("race_stroke", facpal="Mild", arm="Moderate", leg="Normal to mild", gaze="Absent", hemi="Right")


# --- Bova --------------------------------------------------------------------------------------------


def test_bova_stages():
    # SBP 90-100 2 + troponin 2 + HR >=110 1 = 5: stage III; troponin 2 + RV 2 = 4: stage II; HR 1: stage I
    args, _ = mdcalc_arguments(CALCULATORS["bova"], 4004, {"bp": 2, "trop": 2, "rv": 0, "hr": 1})
    r = CALCULATORS["bova"].run(args)
    assert r.value == 5 and r.interpretation.startswith("Stage III (high risk): 42%") and "10% PE-related" in (
        r.interpretation)
    assert run("bova", bp=">100 mm Hg", hr="<110", trop=True, rv=True).interpretation.startswith("Stage II")
    assert run("bova", bp=">100 mm Hg", hr=">=110").interpretation.startswith("Stage I (low risk): 4.4%")


# --- Michigan PICC -----------------------------------------------------------------------------------


def test_michigan_picc_classes():
    # another CVC 1 + 3-4 lumens 2 = 3: class III 2.7%; cancer 3 + VTE within 30 days 3 = 6: class IV 4.7%
    args, _ = mdcalc_arguments(CALCULATORS["michigan_picc"], 3838, {"cvc": 1, "wbc": 0, "num_pic": 2, "vte_hx": 0,
                                                                    "ca": 0})
    assert CALCULATORS["michigan_picc"].run(args).interpretation == "Class III: 2.7% risk of PICC-related VTE"
    assert run("michigan_picc", num_pic="1", ca=True, vte_hx="Yes, within 30 days").value == 6
    assert run("michigan_picc", num_pic="1").interpretation.startswith("Class I:")
    assert run("michigan_picc", num_pic="2").interpretation.startswith("Class II:")
    with pytest.raises(CalculatorInputError, match="num_pic"):
        run("michigan_picc", ca=True)


# --- TRiP(cast) --------------------------------------------------------------------------------------

_TRIP_BASE = {"trauma": "High-risk", "immobilization": "Lower-leg cast", "age": ">=35 and <55 years", "sex": "Male",
              "bmi": ">=25 and <35 kg/m²"}


def test_trip_cast_score_and_risk():
    # high-risk trauma 3 + lower-leg cast 2 + age 1 + male 1 + BMI 1 = 8: high;
    # x = -6.677015 + 0.3332203 x 8 = -4.011253; e^x / (1 + e^x) = 0.018103 / 1.018103 = 1.8%
    r = run("trip_cast", **_TRIP_BASE)
    assert r.value == 8 and r.interpretation == "High risk of VTE (score >=7): 1.8% 3-month risk of VTE"
    # low-risk trauma 1 + other cast 0 + <35 0 + female 0 + BMI <25 0 = 1: low; x = -6.343795 -> 0.2%
    r = run("trip_cast", trauma="Low-risk", immobilization="Other cast or bracing with plantar support",
            age="<35 years", sex="Female", bmi="<25 kg/m²")
    assert r.value == 1 and r.interpretation.startswith("Low risk of VTE (score <7): 0.2%")
    with pytest.raises(CalculatorInputError, match="bmi"):
        run("trip_cast", **{k: v for k, v in _TRIP_BASE.items() if k != "bmi"})


def test_trip_cast_medrisk_row_13508():
    # 16 points -> x = -6.677015 + 5.331525 = -1.345490 -> 20.7% (gold 20.7%)
    r = run("trip_cast", **_TRIP_BASE, hx=True, oc=True)
    assert r.value == 16 and "20.7% 3-month risk" in r.interpretation


# --- HAS-BLED and Wells PE serve MDCalc 807 and 115 ---------------------------------------------------


def test_has_bled_serves_mdcalc_807():
    # MedRisk row 11447: liver 1 + stroke 1 + bleeding 1 = 3 (age toggle No -> 65, not >65): high, 5.8% (Lip)
    raw = {"hypertension": 0, "renal_disease": 0, "liver_disease": 1, "stroke": 1, "bleeding_predisposition": 1,
           "labile_inr": 0, "age_65": 0, "medication_usage": 0, "alcohol_drug_use": 0}
    calc = CALCULATORS["has_bled"]
    args, _ = mdcalc_arguments(calc, 807, raw)
    assert args["age"] == 65 and args["prior_bleeding"] is True
    r = calc.run(args)
    assert r.value == 3 and r.interpretation.startswith("high risk") and "5.8%" in r.interpretation
    # row 11450: renal, liver, stroke, INR, age>65, drugs, alcohol = 7: very high
    raw7 = {**raw, "liver_disease": 1, "bleeding_predisposition": 0, "renal_disease": 1, "labile_inr": 1, "age_65": 1,
            "medication_usage": 1, "alcohol_drug_use": 1}
    r = calc.run(mdcalc_arguments(calc, 807, raw7)[0])
    assert r.value == 7 and "very high risk group" in r.interpretation
    # row 11453: hypertension + liver = 2: moderate group, 4.1%, 1.88 per 100 patient-years
    r = calc.run(mdcalc_arguments(calc, 807, {**raw, "stroke": 0, "bleeding_predisposition": 0, "hypertension": 1})[0])
    assert r.value == 2 and "moderate risk group: 4.1%" in r.interpretation and "1.88 bleeds" in r.interpretation


def test_wells_pe_serves_mdcalc_115():
    # signs of DVT 3 + HR >100 1.5 (toggle -> 101) + previous PE/DVT 1.5 = 6: moderate, 16.2%; PE likely (>4)
    raw = {"dvt": 3, "pe": 0, "heart_rate_100": 1.5, "immobilization_or_surgery": 0, "previous_pe_dvt": 1.5,
           "hemoptysis": 0, "malignancy": 0}
    calc = CALCULATORS["wells_pe"]
    args, _ = mdcalc_arguments(calc, 115, raw)
    assert args["heart_rate"] == 101 and args["previous_pe"] is True
    r = calc.run(args)
    assert r.value == 6.0 and r.interpretation.startswith("moderate probability") and "16.2%" in r.interpretation
    assert "PE likely" in r.interpretation and "high" not in r.interpretation
    # heart-rate toggle No -> 100 (not > 100): hemoptysis 1 alone = 1: low, 1.3%
    r = calc.run(mdcalc_arguments(calc, 115, {**raw, "dvt": 0, "heart_rate_100": 0, "previous_pe_dvt": 0,
                                              "hemoptysis": 1})[0])
    assert r.value == 1 and "1.3%" in r.interpretation and "PE unlikely" in r.interpretation


# --- EGSYS -------------------------------------------------------------------------------------------


def test_egsys_threshold_three():
    # abnormal ECG 3 + palpitations 4 - autonomic prodrome 1 = 6: cardiac syncope likely
    args, _ = mdcalc_arguments(CALCULATORS["egsys"], 3948, {"ecg": 3, "palp": 4, "eff": 0, "sup": 0, "auto": -1,
                                                            "predis": 0})
    r = CALCULATORS["egsys"].run(args)
    assert r.value == 6 and r.interpretation.startswith("Cardiac syncope likely")
    # supine 2 alone: less likely; prodrome + predisposition = -2 (the minimum)
    assert run("egsys", sup=True).interpretation.startswith("Cardiac syncope less likely")
    assert run("egsys", auto=True, predis=True).value == -2


# --- DOAC score --------------------------------------------------------------------------------------


def test_doac_score_bands():
    # age 75-79 4 + CrCl 30-60 1 + aspirin 2 + hypertension 1 = 8: high
    r = run("doac_score", q1="75-79", q2="30-60", q7="Aspirin", q6=True)
    assert r.value == 8 and r.interpretation.startswith("High")
    # >=80 5 + <30 2 + bleeding 3 = 10: very high; <65 0 + >60 0 + diabetes 1 = 1: very low
    args, _ = mdcalc_arguments(CALCULATORS["doac_score"], 10551, {"q1": 5, "q2": 2, "q3": 0, "q4": 0, "q5": 0,
                                                                  "q6": 0, "q7": 0, "q8": 0, "q9": 3, "q10": 0})
    assert CALCULATORS["doac_score"].run(args).interpretation.startswith("Very high")
    assert run("doac_score", q1="<65", q2=">60", q5=True).interpretation.startswith("Very low")
    # 65-69 2 + dual antiplatelet 3 + NSAID 1 = 6: moderate; 70-74 3 + liver 2 = 5: low
    assert run("doac_score", q1="65-69", q2=">60", q7="Dual-antiplatelet", q8=True).interpretation.startswith(
        "Moderate")
    assert run("doac_score", q1="70-74", q2=">60", q10=True).interpretation.startswith("Low")
    with pytest.raises(CalculatorInputError, match="q2"):
        run("doac_score", q1="<65")


# --- LAMS --------------------------------------------------------------------------------------------


def test_lams_cut_off_four():
    # droop 1 + falls rapidly 2 + weak grip 1 = 4: LVO likely; droop 1 + drifts 1 + weak 1 = 3: less likely
    args, _ = mdcalc_arguments(CALCULATORS["lams"], 3959, {"facial": 1, "arm": 2, "grip": 1})
    assert CALCULATORS["lams"].run(args).interpretation.startswith("LVO likely (LAMS >=4): severe")
    r = run("lams", facial="Present", arm="Drifts down", grip="Weak grip")
    assert r.value == 3 and "minor or moderate severity" in r.interpretation
    with pytest.raises(CalculatorInputError, match="grip"):
        run("lams", facial="Present", arm="Absent")


# --- ROSE --------------------------------------------------------------------------------------------


def test_rose_any_criterion_is_high_risk():
    # none: low risk; anemia alone: high risk; BNP + Q wave + saturation = 3 criteria
    assert run("rose_syncope", ane=False).interpretation.startswith("Low risk")
    assert run("rose_syncope", ane=True).interpretation.startswith("High risk")
    args, _ = mdcalc_arguments(CALCULATORS["rose_syncope"], 3949, {"bnp": 1, "brady": 0, "rectal": 0, "ane": 0,
                                                                   "cxpn": 0, "ecg": 1, "sat": 1})
    assert CALCULATORS["rose_syncope"].run(args).value == 3


# --- DASH --------------------------------------------------------------------------------------------


def test_dash_rates():
    # abnormal D-dimer 2 + age <=50 1 + male 1 = 4: 19.9%; woman on hormones, normal D-dimer, >50: -2: 1.8%
    args, _ = mdcalc_arguments(CALCULATORS["dash_vte"], 2011, {"ddimer": 2, "age_50": 1, "male": 1, "hormone": 0})
    r = CALCULATORS["dash_vte"].run(args)
    assert r.value == 4 and r.interpretation.startswith("Higher risk: 19.9%")
    assert run("dash_vte", ddimer=False, age_50=False, male=False, hormone=True).interpretation.startswith(
        "Low risk: 1.8%")
    # D-dimer 2 + age 1 + female on hormones -2 = 1: low, 3.9%
    assert run("dash_vte", ddimer=True, age_50=True, male=False, hormone=True).interpretation.startswith(
        "Low risk: 3.9%")
    with pytest.raises(CalculatorInputError, match="male"):
        run("dash_vte", ddimer=True, age_50=True)


# --- ISTH DIC ----------------------------------------------------------------------------------------


def test_isth_dic_cut_off_five():
    # platelets <50 2 + severe marker increase 3 = 5: compatible with overt DIC
    args, _ = mdcalc_arguments(CALCULATORS["isth_dic"], 10203, {"platelet": 2, "marker": 3, "pt": 0, "fib": 0})
    r = CALCULATORS["isth_dic"].run(args)
    assert r.value == 5 and r.interpretation.startswith("Compatible with overt DIC")
    # platelets 50-<100 1 + moderate marker 2 + PT 3-<6 s 1 = 4: not suggestive
    r = run("isth_dic", platelet="50 to <100", marker="Moderate increase", pt="3 to <6", fib=">=1")
    assert r.value == 4 and r.interpretation.startswith("Not suggestive of overt DIC")
    with pytest.raises(CalculatorInputError, match="fib"):
        run("isth_dic", platelet="<50", marker="No increase", pt="<3")


# --- ADHERE ------------------------------------------------------------------------------------------


def test_adhere_tree_branches():
    # row 10304: BUN >=43, SBP <115, creatinine <2.75: intermediate group 3, 12.4%
    args, _ = mdcalc_arguments(CALCULATORS["adhere"], 3828, {"bun": 1, "sbp": 1, "cr": 0})
    r = CALCULATORS["adhere"].run(args)
    assert r.value == 4 and r.interpretation.startswith("Intermediate risk (group 3 of 3): 12.4%")
    # row 10301: BUN >=43, SBP >=115: group 2 whatever the creatinine
    assert run("adhere", bun="Yes", sbp="No", cr="Yes").interpretation.startswith("Intermediate risk (group 2 of 3)")
    # all three: high 21.9%; BUN <43 and SBP >=115: low 2.1% (creatinine not used, row 10305)
    assert run("adhere", bun="Yes", sbp="Yes", cr="Yes").interpretation.startswith("High risk: 21.9%")
    assert run("adhere", bun="No", sbp="No", cr="Yes").interpretation.startswith("Low risk: 2.1%")
    assert run("adhere", bun="No", sbp="Yes", cr="No").value == 2
    with pytest.raises(CalculatorInputError, match="sbp"):
        run("adhere", bun="No", cr="No")


# --- HERDOO2 -----------------------------------------------------------------------------------------


def test_herdoo2():
    # D-dimer >=250 1 + BMI >=30 1 = 2: not low risk; age >=65 alone 1: low risk
    args, _ = mdcalc_arguments(CALCULATORS["herdoo2"], 4005, {"post": 0, "level": 1, "bmi": 1, "age": 0})
    r = CALCULATORS["herdoo2"].run(args)
    assert r.value == 2 and r.interpretation.startswith("Not low risk") and "continue" in r.interpretation
    r = run("herdoo2", level="<250 µg/L", bmi="<30", age=">=65")
    assert r.value == 1 and r.interpretation.startswith("Low risk: 3.0%")
    with pytest.raises(CalculatorInputError, match="level"):
        run("herdoo2", bmi="<30", age="<65")


# --- Grogan and Gillmore -----------------------------------------------------------------------------


def test_attr_cm_staging():
    # Grogan: both markers raised -> stage 1 + 2 = III, 18%; none -> I, 57%
    args, _ = mdcalc_arguments(CALCULATORS["grogan_attr"], 10559, {"bnp": 1, "trop": 1})
    assert CALCULATORS["grogan_attr"].run(args).interpretation == "Stage III: 18% 4-year overall survival"
    assert run("grogan_attr", bnp="<=3000 pg/mL", trop="<=0.05 ng/mL").value == 1
    # Gillmore: eGFR <45 only -> stage II, 46.7 months; none -> stage I, 69.2 months
    r = run("gillmore_attr", nt_probnp="<=3000 pg/mL", egfr="<45 mL/min/1.73 m²")
    assert r.value == 2 and r.interpretation == "Stage II: 46.7 months median survival"
    args, _ = mdcalc_arguments(CALCULATORS["gillmore_attr"], 10558, {"nt_probnp": 0, "egfr": 0})
    assert CALCULATORS["gillmore_attr"].run(args).interpretation.startswith("Stage I: 69.2")
    with pytest.raises(CalculatorInputError, match="egfr"):
        run("gillmore_attr", nt_probnp=">3000 pg/mL")


# --- RiskE (infective endocarditis surgery) ------------------------------------------------------------


def test_riske_sums_the_published_points_from_medrisk_gold_inputs():
    # MedRisk row 12072: age 52-63 9 + septic shock 7 + thrombocytopenia 7 + acute renal insufficiency 5
    # + cardiogenic shock 15 = 43
    raw = {"age": 9, "pros": 0, "vir": 0, "sep": 7, "throm": 7, "renal": 5, "cardio": 15, "peri": 0}
    args, notes = mdcalc_arguments(CALCULATORS["riske_endocarditis_surgery"], 10209, raw)
    assert not notes and args["age"] == "52-63" and args["cardio"] == "Yes"
    result = CALCULATORS["riske_endocarditis_surgery"].run(args)
    assert result.value == 43
    # only what the library states: the mortality table is named, no percentage or class is invented
    assert "Table S3" in result.interpretation and "%" not in result.interpretation


def test_riske_maximum_and_undocumented_findings():
    # everything present: 14 + 6 + 9 + 7 + 7 + 5 + 15 + 5 = 68
    r = run("riske_endocarditis_surgery", age=">=73", pros=True, vir=True, sep=True, throm=True, renal=True,
            cardio=True, peri=True)
    assert r.value == 68
    # age 64-72 13 + periannular complication 5 = 18; the other findings not documented -> absent, assumed
    r = run("riske_endocarditis_surgery", age="64-72", peri="Yes")
    assert r.value == 18 and any("assumed" in line for line in r.explanation)


def test_riske_refuses_a_missing_age_band():
    with pytest.raises(CalculatorInputError, match="age"):
        run("riske_endocarditis_surgery", sep=True, cardio=True)
