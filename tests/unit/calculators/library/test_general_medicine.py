"""General-medicine scores, values worked by hand from each definition."""

from __future__ import annotations

import math

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.mdcalc_inputs import mdcalc_arguments


def run(cid, **args):
    return CALCULATORS[cid].run(args)


def test_wast_short_form_negative_skips_the_further_questions():
    # MedRisk row 1 gold inputs: one=1, two=1 -> short form negative whatever the rest says
    raw = {"one": 1, "two": 1, "three": 2, "four": 3, "five": 1, "six": 1, "seven": 3, "eight": 3}
    args, notes = mdcalc_arguments(CALCULATORS["wast"], 10396, raw)
    result = CALCULATORS["wast"].run(args)
    assert not notes and result.value == 2 and result.interpretation.startswith("Negative")


def test_wast_full_form_positive_at_13():
    # 3 + 3 + (Sometimes 2) + 5 x Never 1 = 6 + 2 + 5 = 13 -> positive
    result = run("wast", one="A lot of tension", two="Great difficulty", three="Sometimes", four="Never",
                 five="Never", six="Never", seven="Never", eight="Never")
    assert result.value == 13 and result.interpretation.startswith("Positive")


def test_wast_full_form_refuses_unanswered_further_questions():
    with pytest.raises(CalculatorInputError) as err:
        run("wast", one="A lot of tension", two="Great difficulty", three="Often")
    assert "four" in err.value.missing


def test_coronavirus_anxiety_scale_cutoff_9():
    # 3 + 1 + 4 + 2 + 3 = 13 -> positive; 2 + 2 + 2 + 2 + 0 = 8 -> negative
    pos = run("coronavirus_anxiety_scale", one="More than 7 days", two="Rare, less than a day or two",
              three="Nearly every day over the last 2 weeks", four="Several days", five="More than 7 days")
    neg = run("coronavirus_anxiety_scale", one="Several days", two="Several days", three="Several days",
              four="Several days", five="Not at all")
    assert (pos.value, neg.value) == (13, 8)
    assert pos.interpretation.startswith("Positive") and neg.interpretation.startswith("Negative")


def test_ovat_positive_on_disrespect_occasionally_only():
    assert run("ovat", one="No", two="No", three="No", four="Occasionally").value == "Positive"
    assert run("ovat", one="No", two="No", three="No", four="Rarely").value == "Negative"
    assert run("ovat", one="No", two="Yes", three="No", four="Never").value == "Positive"
    with pytest.raises(CalculatorInputError):
        run("ovat", one="No", two="No", three="No")


def test_hospital_score_bands():
    # hb<12 1 + onco 2 + na<135 1 + icd 1 + urgent 1 + >5 admissions 5 + LOS>=5 2 = 13 -> high
    high = run("hospital_score", hb="<12", onco="Yes", na="<135", icd="Yes", admit="Urgent or emergent",
               admitsyr=">5", lengthofstay=">=5 days")
    # 0 + 2 + 1 + 0 + 1 + 2 + 0 = 6 -> intermediate 12.0%
    mid = run("hospital_score", hb=">=12", onco="Yes", na="<135", icd="No", admit="Urgent or emergent",
              admitsyr="2-5", lengthofstay="<5 days")
    assert high.value == 13 and "22.8%" in high.interpretation
    assert mid.value == 6 and "12.0%" in mid.interpretation


def test_flacc_moderate_pain():
    # 0 + 0 + 0 + 2 + 2 = 4 -> moderate pain
    r = run("flacc", q1="No particular expression or smile", q2="Normal position or relaxed",
            q3="Lying quietly, normal position, moves easily",
            q4="Crying steadily, screams or sobs, frequent complaints", q5="Difficult to console or comfort")
    assert r.value == 4 and r.interpretation == "Moderate pain"


def test_abuse_assessment_screen_any_yes_is_positive():
    assert run("abuse_assessment_screen", one="No", two="Yes", three="No", four="No").interpretation.startswith(
        "Positive")
    neg = run("abuse_assessment_screen", one="No", two="No", three="No", four="No")
    assert neg.value == 0 and neg.interpretation.startswith("Negative") and neg.assumed == ["five"]


def test_pediatric_trauma_score():
    # -1 + 1 + 2 - 1 + 1 + 2 = 4 -> 1..8 band
    r = run("pediatric_trauma_score", weight="<10 kg (<22 lbs)", airway="Maintainable",
            bp=">90 mmHg (or pulse palpable at wrist)", cns="Coma/decerebrate", skeletal="Closed fracture",
            wounds="None")
    assert r.value == 4 and r.interpretation.startswith("Moderate likelihood of survival")
    full = run("pediatric_trauma_score", weight=">20 kg (>44 lbs)", airway="Normal",
               bp=">90 mmHg (or pulse palpable at wrist)", cns="Awake", skeletal="None", wounds="None")
    assert full.value == 12 and full.interpretation.startswith("High")


def test_rems_duplicate_values_map_by_label():
    # age 45-54 2 + MAP 50-69 2 + HR >179 4 + RR 25-34 1 + SpO2 >89% 0 + GCS 8-10 2 = 11 -> 4%
    raw = {"age": 2, "map": 2, "hr": 4, "resp": 1, "o2": 0, "gcs": 2}
    labels = {"Mean arterial pressure, mmHg": "50-69", "Heart rate, beats per minute": ">179",
              "Respiratory rate, breaths per minute": "25-34"}  # MAP 2, RR 1 name two options each
    args, notes = mdcalc_arguments(CALCULATORS["rems"], 10145, raw, labels)
    assert not notes and args["map"] == "50-69"
    r = CALCULATORS["rems"].run(args)
    assert r.value == 11 and r.interpretation == "4% in-hospital mortality"


def test_gupta_mica_logistic_equation():
    # x = -5.25 + 0.02*70 + 0.65 - 0.95 - 0.10 + 0.86 = -3.39; e^-3.39 / (1 + e^-3.39) = 3.26% -> 3.3
    r = run("gupta_mica", Age=70, status="Partially dependent",
            asa="4: severe systemic disease that is a constant threat to life (i.e., patient could die acutely "
                "without intervention)", creatinine="Unknown", surgery="Peripheral vascular")
    assert r.value == pytest.approx(round(100 * math.exp(-3.39) / (1 + math.exp(-3.39)), 1)) == 3.3
    with pytest.raises(CalculatorInputError) as err:
        run("gupta_mica", status="Independent", asa="1: normal healthy patient", creatinine="Unknown",
            surgery="Skin")
    assert "Age" in err.value.missing


def test_fast_positive_equivocal_negative():
    calc = CALCULATORS["fast_exam"]
    assert calc.run({"pericardial": "Absent", "ruq": "Absent", "luq": "Equivocal",
                     "suprapubic": "Equivocal"}).value == "Equivocal"
    assert calc.run({"pericardial": "Present", "ruq": "Absent", "luq": "Equivocal",
                     "suprapubic": "Present"}).value == "Positive"
    assert calc.run({"pericardial": "Absent", "ruq": "Absent", "luq": "Absent",
                     "suprapubic": "Absent"}).value == "Negative"


def test_danger_assessment_high_at_3():
    r = run("danger_assessment_5", increase="Yes", weapon="Yes", capability="Yes", pregnancy="No", jealousy="No")
    assert r.value == 3 and r.interpretation.startswith("High risk")
    r = run("danger_assessment_5", increase="No", weapon="No", capability="No", pregnancy="Yes", jealousy="No")
    assert r.value == 1 and r.interpretation.startswith("Low risk")


CARG_BASE = dict(age="<72", cancer="Other", dose="Reduced dose", drugs="1", creatinine=">=34 mL/min",
                 hearing="Excellent/good", falls="None", meds="No", walking="Not limited",
                 social="Not decreased due to health")


def test_carg_tt_sex_specific_haemoglobin():
    # man, Hb < 11 (3) + >=72 (2) + GI/GU (2) + standard dose (2) + falls (3) = 12 -> high 83%
    r = run("carg_tt", **{**CARG_BASE, "sex": "Male", "hg2": "<11 g/dL", "age": ">=72",
                          "cancer": "Gastrointestinal or genitourinary", "dose": "Standard dose", "falls": ">=1"})
    assert r.value == 12 and "83%" in r.interpretation
    # woman, Hb < 10 (3) + standard dose (2) + meds (1) = 6 -> intermediate 52%; the male item is ignored
    r = run("carg_tt", **{**CARG_BASE, "sex": "Female", "hg": "<10 g/dL", "hg2": "<11 g/dL", "dose": "Standard dose",
                          "meds": "Yes"})
    assert r.value == 6 and "52%" in r.interpretation
    # woman with only the male item >= 11: entails >= 10 -> 0; with only < 11: undetermined -> refused
    assert run("carg_tt", **{**CARG_BASE, "sex": "Female", "hg2": ">=11 g/dL"}).value == 0
    with pytest.raises(CalculatorInputError) as err:
        run("carg_tt", **{**CARG_BASE, "sex": "Female", "hg2": "<11 g/dL"})
    assert err.value.missing == ["hg"]


def test_hits_cutoff_above_10():
    # 1 + 3 + 1 + 2 = 7 -> negative; 5 + 5 + 1 + 1 = 12 -> positive
    assert run("hits_score", hurt="Never", insult="Sometimes", threaten="Never",
               scream="Rarely").interpretation.startswith("Negative")
    r = run("hits_score", hurt="Frequently", insult="Frequently", threaten="Never", scream="Never")
    assert r.value == 12 and r.interpretation.startswith("Positive")


def test_surgical_apgar():
    # EBL 101-600 2 + MAP <40 0 + HR 66-75 2 = 4 -> very high risk, 14% mortality
    r = run("surgical_apgar", estimated_blood_loss="101-600 mL", lowest_mean_arterial_pressure="<40 mmHg",
            lowest_heart_rate="66-75 bpm")
    assert r.value == 4 and "14% mortality" in r.interpretation
    # asystole shares MDCalc's value 0 with ">85 bpm": told apart by label; 3 + 3 + 0 = 6 -> high risk
    args, notes = mdcalc_arguments(CALCULATORS["surgical_apgar"], 1826, {
        "estimated_blood_loss": 3, "lowest_mean_arterial_pressure": 3, "lowest_heart_rate": 0},
        {"Lowest heart rate": "Pathologic bradyarrhythmia or asystole"})
    r = CALCULATORS["surgical_apgar"].run(args)
    assert not notes and r.value == 6 and r.interpretation.startswith("High risk")


def _mdcalc_run(cid, mid, raw, labels=None):
    args, notes = mdcalc_arguments(CALCULATORS[cid], mid, raw, labels)
    assert not notes
    return CALCULATORS[cid].run(args)


def test_cirs_g_total_and_severity_index():
    # MedRisk row 2375: 4+1+0+0+0+0+2+2+1+1+4+0+1+0 = 16; 8 systems > 0 -> index 16/8 = 2; two at level 4
    r = _mdcalc_run("cirs_g", 10088, {"heart": 4, "vascular": 1, "hema": 0, "respiratory": 0, "ent": 0, "upper": 0,
                                       "lower": 2, "liver": 2, "renal": 1, "genitourinary": 1, "muscle": 4,
                                       "neuro": 0, "endo": 1, "psych": 0})
    assert r.value == 16 and r.components["severity_index"] == 2 and r.components["level_4"] == 2
    assert "higher severity" in r.interpretation
    with pytest.raises(CalculatorInputError) as err:
        run("cirs_g", heart="No problem")
    assert "psych" in err.value.missing


def test_injury_severity_score():
    # row 308: AIS 2, 2, 5, 0, 2, 3 -> three highest 5, 3, 2 -> 25 + 9 + 4 = 38 -> major trauma
    r = _mdcalc_run("injury_severity_score", 1239, {"head_neck": 2, "face": 2, "chest": 5, "abdomen": 0,
                                                    "extremity": 2, "external": 3})
    assert r.value == 38 and "major trauma" in r.interpretation
    # any AIS 6 -> 75
    r = _mdcalc_run("injury_severity_score", 1239, {"head_neck": 1, "face": 6, "chest": 1, "abdomen": 4,
                                                    "extremity": 0, "external": 2})
    assert r.value == 75 and r.interpretation.startswith("Maximum")
    # 1, 2, 2, 0, 0, 0 -> 4 + 4 + 1 = 9 -> moderate
    assert _mdcalc_run("injury_severity_score", 1239, {"head_neck": 1, "face": 2, "chest": 2, "abdomen": 0,
                                                       "extremity": 0, "external": 0}).value == 9


def test_hark_any_yes_is_positive():
    assert run("hark", hum="No", afraid="No", rape="No", kick="No").interpretation.startswith("Negative")
    r = run("hark", hum="No", afraid="Yes", rape="No", kick="No")
    assert r.value == 1 and r.interpretation.startswith("Positive")
    with pytest.raises(CalculatorInputError):
        run("hark", hum="No")


def test_saps_ii_mortality_from_the_equation():
    # age 60-69 12 + GCS 9-10 7 + PaO2/FiO2 >=200 6 + BUN 28-83 6 + Na <125 5 + unscheduled surgical 8 = 44
    raw = {"age": 12, "heartrate": 0, "bloodpressure": 0, "temperature": 0, "gcs": 7, "mmhg": 6, "bun": 6,
           "urine": 0, "sodium": 5, "potassium": 0, "bicarbonate": 0, "bilirubin": 0, "wbc": 0, "chronic": 0,
           "admission": 8}
    r = _mdcalc_run("saps_ii", 4044, raw)
    # x = -7.7631 + 0.0737*44 + 0.9971*ln(45) = -7.7631 + 3.2428 + 3.7956 = -0.7247 -> 1/(1+e^0.7247) = 32.6%
    assert r.value == 44 and r.components["mortality_percent"] == 32.6 and "32.6%" in r.interpretation
    # potassium <3.0 and >=5.0 share MDCalc's value 3: told apart by the label
    args, notes = mdcalc_arguments(CALCULATORS["saps_ii"], 4044, {**raw, "potassium": 3},
                                   {"Potassium, mEq/L": ">=5.0"})
    assert not notes and args["potassium"] == ">=5.0"


def test_blast_lung_injury_severity():
    # row 6745: PaO2/FiO2 <60 2 + massive bilateral infiltrates 2 + fistula 1 = 5 -> severe, 100% ARDS
    r = _mdcalc_run("blast_lung_injury_severity", 4028, {"ratio": 2, "chest": 2, "bronchial": 1})
    assert r.value == 5 and r.interpretation.startswith("Severe") and "100% ARDS" in r.interpretation
    # 0 + 1 + 0 = 1 -> moderate 33%; 0 -> mild
    assert "33% ARDS" in _mdcalc_run("blast_lung_injury_severity", 4028,
                                     {"ratio": 0, "chest": 1, "bronchial": 0}).interpretation
    assert _mdcalc_run("blast_lung_injury_severity", 4028,
                       {"ratio": 0, "chest": 0, "bronchial": 0}).interpretation.startswith("Mild")


def test_peg_is_the_mean_of_three_ratings():
    # (6 + 9 + 8) / 3 = 7.67 -> 7.7
    r = run("peg_scale", avgpain=6, eol=9, ga=8)
    assert r.value == 7.7 and r.interpretation.startswith("PEG 7.7/10")
    with pytest.raises(CalculatorInputError) as err:
        run("peg_scale", avgpain=6, eol=9)
    assert "ga" in err.value.missing
    with pytest.raises(CalculatorInputError):
        run("peg_scale", avgpain=11, eol=9, ga=8)


def test_apfel_risk_per_factor_count():
    # row 7550: female 1 + non-smoker 1 + motion sickness 1 + no opioids 0 = 3 -> 61%
    r = _mdcalc_run("apfel_ponv", 10104, {"gender": 1, "smoking": 1, "history": 1, "opiods": 0})
    assert r.value == 3 and r.interpretation.startswith("61%")
    assert _mdcalc_run("apfel_ponv", 10104, {"gender": 0, "smoking": 0, "history": 0,
                                             "opiods": 0}).interpretation.startswith("10%")
    with pytest.raises(CalculatorInputError) as err:
        run("apfel_ponv", gender="Female", history="No", opiods="No")
    assert "smoking" in err.value.missing
