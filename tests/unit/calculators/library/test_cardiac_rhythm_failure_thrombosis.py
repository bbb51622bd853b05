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
    assert run("hemorr2hages").interpretation.startswith("Low risk: 1.9")


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
    assert run("riete_bleeding").value == 0


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
    assert run("ottawa_hf_risk").interpretation == "Low risk: 2.8% risk of a serious adverse event"
    assert run("ottawa_hf_risk", stroke=True, urea=True).interpretation.startswith("Medium risk: 9.2%")


# --- OESIL ------------------------------------------------------------------------------------------


def test_oesil():
    # age >65 1 + no prodrome 1 = 2: 19.6%; all four: 57.1%
    assert run("oesil", age="Yes", aecg="No", wopro=True).interpretation == "19.6% 12-month mortality"
    assert run("oesil", age="Yes", aecg="Yes", wopro=True, hx=True).value == 4
    with pytest.raises(CalculatorInputError, match="aecg"):
        run("oesil", age="No")
