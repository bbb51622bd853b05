"""Cardiac, coronary and general scores, values worked by hand from each definition."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.mdcalc_inputs import mdcalc_arguments


def _run_gold(cid: str, mdcalc_id: int, raw: dict, labels: dict | None = None):
    args, notes = mdcalc_arguments(CALCULATORS[cid], mdcalc_id, raw, labels)
    assert not notes
    return CALCULATORS[cid].run(args)


def test_mews_gold_inputs_with_shared_codes_map_by_label():
    # SBP 71-80 (2) + HR 51-100 (0) + RR >=30 (3) + T <35 (2) + unresponsive (3) = 10 -> >= 5
    raw = {"systolic_bp": 2, "heart_rate": 0, "respiratory_rate": 3, "temperature": 2, "avpu_score": 3}
    labels = {"Systolic BP": "71-80 mmHg", "Heart rate": "51-100 bpm", "Respiratory rate": ">=30 bpm",
              "Temperature": "<35degC / 95degF", "AVPU Score": "Unresponsive"}
    result = _run_gold("mews", 1875, raw, labels)
    assert result.value == 10 and result.interpretation.startswith("MEWS 5 or more")


def test_mews_low_and_refusal():
    # SBP 101-199 (0) + HR 41-50 (1) + RR 15-20 (1) + T normal (0) + alert (0) = 2
    args = {"systolic_bp": "101-199 mmHg", "heart_rate": "41-50 bpm", "respiratory_rate": "15-20 bpm",
            "temperature": "35-38.4degC / 95-101.1degF", "avpu_score": "Alert"}
    assert CALCULATORS["mews"].run(args).value == 2
    with pytest.raises(CalculatorInputError, match="missing avpu_score"):
        CALCULATORS["mews"].run({k: v for k, v in args.items() if k != "avpu_score"})


def test_timi_risk_index():
    # 120 x (75/10)^2 / 100 = 120 x 56.25 / 100 = 67.5 -> > 30
    result = _run_gold("timi_risk_index", 665, {"heart_rate": 120, "Age": 75, "systolic_blood_pressure": 100})
    assert result.value == 67.5 and result.interpretation.startswith("TRI >30")
    # 70 x (50/10)^2 / 120 = 1750 / 120 = 14.58 -> >12.5-17.5
    result = CALCULATORS["timi_risk_index"].run({"heart_rate": 70, "Age": 50, "systolic_blood_pressure": 120})
    assert result.value == 14.58 and result.interpretation.startswith("TRI >12.5-17.5")
    with pytest.raises(CalculatorInputError, match="missing systolic_blood_pressure"):
        CALCULATORS["timi_risk_index"].run({"heart_rate": 70, "Age": 50})


def test_thakar_score():
    # female 1 + CHF 1 + IABP 2 + COPD 1 + redo 1 + valve only 1 + creatinine >2.0 5 = 12 -> 21.3-21.5%
    raw = {"gender": 1, "chf": 1, "left": 0, "iabp": 2, "copd": 1, "insulin": 0, "cardiac": 1, "surgery": 0,
           "type": 1, "cr": 5}
    result = _run_gold("thakar_arf", 10471, raw)
    assert result.value == 12 and "21.3-21.5%" in result.interpretation


def test_thakar_cabg_and_other_share_code_2_and_map_by_label():
    # male 0, emergency 2, "Other" surgery 2, creatinine 1.2-2.0 2 = 6 -> 7.8-9.5%
    raw = {"gender": 0, "chf": 0, "left": 0, "iabp": 0, "copd": 0, "insulin": 0, "cardiac": 0, "surgery": 2,
           "type": 2, "cr": 2}
    args, notes = mdcalc_arguments(CALCULATORS["thakar_arf"], 10471, raw, {"Surgery type": "Other"})
    assert not notes and args["type"] == "Other"
    result = CALCULATORS["thakar_arf"].run(args)
    assert result.value == 6 and "7.8-9.5%" in result.interpretation
    with pytest.raises(CalculatorInputError, match="missing cr"):
        CALCULATORS["thakar_arf"].run({k: v for k, v in args.items() if k != "cr"})


def test_ribscore():
    # >=6 fractures, flail, >=3 displaced, all three areas -> 4 -> greater risk
    raw = {"n_fractures": 1, "bilat": 0, "flail": 1, "displaced": 1, "first": 0, "anatomic": 1}
    result = _run_gold("ribscore", 10485, raw)
    assert result.value == 4 and result.interpretation.startswith("Greater risk")
    raw.update(flail=0)  # 3 -> lower risk
    assert _run_gold("ribscore", 10485, raw).interpretation.startswith("Low risk")


def test_drip_score():
    # long-term care 2 + poor function 1 + PPI 1 + MRSA 1 = 5 -> high risk
    raw = {"antibiotic": 0, "longterm": 2, "tube": 0, "pneumonia": 0, "hospitalization": 0, "pulmonary": 0,
           "status": 1, "gastric": 1, "wound": 0, "mrsa": 1}
    result = _run_gold("drip_score", 4050, raw)
    assert result.value == 5 and result.interpretation.startswith("High risk")
    raw.update(longterm=0)  # 3 -> low risk
    assert _run_gold("drip_score", 4050, raw).interpretation.startswith("Low risk")
    with pytest.raises(CalculatorInputError) as err:
        CALCULATORS["drip_score"].run({"antibiotic": "Yes"})
    assert "mrsa" in err.value.missing and "antibiotic" not in err.value.missing


def test_preset_score_classes():
    # MAP 71-80 (3) + lactate 3.01-6.00 (2) + pH 7.201-7.300 (1) + platelets <=100 (2) + 3-7 days (1) = 9 -> II
    raw = {"one": 3, "two": 2, "three": 1, "four": 2, "five": 1}
    result = _run_gold("preset_score", 10282, raw)
    assert result.value == 9 and result.interpretation == "Risk class II: 68% ICU mortality"
    raw.update(one=4)  # 10 -> class III
    assert _run_gold("preset_score", 10282, raw).interpretation.startswith("Risk class III: 93%")


def test_virsta_score():
    # valve disease 3 -> high risk; community acquisition 2 alone -> low risk
    base = {k: 0 for k in ("emboli", "meningitis", "device", "pre", "iv", "bact", "vert", "hc", "shock", "c")}
    assert _run_gold("virsta_score", 10470, {**base, "pre": 3}).interpretation.startswith("High risk")
    result = _run_gold("virsta_score", 10470, {**base, "hc": 2})
    assert result.value == 2 and result.interpretation.startswith("Low risk")


def test_action_icu():
    # age >=70 1 + HR >=100 3 + SBP <125 3 + HF 5 + no prior revascularisation 1 = 13 -> 31.5%
    raw = {"age": 1, "cr": 0, "hr": 3, "bp": 3, "troponin": 0, "hf": 5, "stdep": 0, "pci": 1, "lung": 0}
    result = _run_gold("action_icu", 10020, raw)
    assert result.value == 13 and result.interpretation.startswith("31.5%")
    # prior revascularisation (Yes scores 0) and nothing else -> 0 -> 3.4%
    raw = {"age": 0, "cr": 0, "hr": 0, "bp": 0, "troponin": 0, "hf": 0, "stdep": 0, "pci": 0, "lung": 0}
    assert _run_gold("action_icu", 10020, raw).interpretation.startswith("3.4%")


def test_heart_score_serves_mdcalc_1752():
    # history moderately suspicious 1 + troponin >3x 2 = 3 -> low risk 0.9-1.7%
    raw = {"history": 1, "ekg": 0, "age": 0, "risk_factors": 0, "troponin": 2}
    result = _run_gold("heart_score", 1752, raw)
    assert result.value == 3 and "0.9-1.7%" in result.interpretation
    # history 2 + ECG 1 + age >=65 2 + >=3 risk factors 2 + troponin 1-3x 1 = 8 -> high risk
    raw = {"history": 2, "ekg": 1, "age": 2, "risk_factors": 2, "troponin": 1}
    assert _run_gold("heart_score", 1752, raw).value == 8


def test_curb65_serves_mdcalc_324():
    # confusion 1 + BUN 1 + low BP 1 + age >=65 1 = 4
    raw = {"confusion": 1, "bun": 1, "respiratory_rate": 0, "systolic_diastolic_bp": 1, "age_65": 1}
    assert _run_gold("curb_65", 324, raw).value == 4
    raw = {"confusion": 0, "bun": 0, "respiratory_rate": 1, "systolic_diastolic_bp": 0, "age_65": 0}
    assert _run_gold("curb_65", 324, raw).value == 1


def test_pews_bands_and_assumed_events():
    # irritable 2 + pale 1 + >10 above normal 1 = 4 (nebulisers, vomiting not documented: 0) -> intermediate
    args = {"behavior": "Irritable", "cardiovascular": "Pale OR capillary refill 3 seconds",
            "respiratory": ">10 above normal parameters using accessory muscles OR 30+ %FiO2 or 4+ L/min"}
    result = CALCULATORS["pews"].run(args)
    assert result.value == 4 and result.interpretation.startswith("Intermediate risk")
    assert set(result.assumed) == {"neb", "vom"}
    assert CALCULATORS["pews"].run({**args, "neb": "Yes"}).interpretation.startswith("High risk")
    with pytest.raises(CalculatorInputError, match="missing behavior"):
        CALCULATORS["pews"].run({k: v for k, v in args.items() if k != "behavior"})


def test_go_far():
    # age 80-84 6 + SNF 6 + hypotension 5 + renal 4 + pneumonia 1 = 22 -> low survival 1-3%
    raw = {k: 0 for k in ("admitneuro", "trauma", "stroke", "cancer", "septicemia", "noncardiacdx",
                          "hepinsuffiiency", "respinsuff")}
    raw.update(age=6, admitfromsnf=6, hypotension=5, dialysis=4, pneuomnia=1)
    result = _run_gold("go_far", 10033, raw)
    assert result.value == 22 and result.interpretation.startswith("Low survival: 1-3%")
    # neurologically intact at admission -15 on top: 7 -> average survival 3-15%
    raw.update(admitneuro=-15)
    assert _run_gold("go_far", 10033, raw).interpretation.startswith("Average survival: 3-15%")


def test_resp_score_with_shared_diagnosis_codes():
    # age 50-59 -2 + <48 h ventilation 3 + bacterial pneumonia 3 + paralysis 1 + cardiac arrest -2 = 3 -> II 76%
    raw = {"age": -2, "status": 0, "venti": 3, "diag": 3, "cns": 0, "acute": 0, "ecmo": 1, "nitric": 0,
           "bicarb": 0, "cardiac": -2, "pa": 0, "peak": 0}
    result = _run_gold("resp_score", 10143, raw, {"Diagnosis": "Bacterial pneumonia"})
    assert result.value == 3 and result.interpretation == "Risk class II: 76% in-hospital survival"
    # the code 3 alone names three diagnoses: not mapped, so refused by name
    args, notes = mdcalc_arguments(CALCULATORS["resp_score"], 10143, raw)
    assert "diag" not in args and notes
    with pytest.raises(CalculatorInputError, match="missing diag"):
        CALCULATORS["resp_score"].run(args)
    # CNS dysfunction -7 more: -4 -> class IV 33%
    raw.update(cns=-7)
    assert _run_gold("resp_score", 10143, raw, {"Diagnosis": "Viral pneumonia"}).interpretation.startswith(
        "Risk class IV: 33%")


def test_ace_score():
    # verbal abuse, physical abuse, parental separation, household substance use: 4 -> >= 4 band
    raw = {f"q{i}": 0 for i in range(1, 11)} | {"q1": 1, "q2": 1, "q6": 1, "q8": 1}
    result = _run_gold("ace_score", 10464, raw)
    assert result.value == 4 and result.interpretation.startswith("ACE score 4 or more")
    assert _run_gold("ace_score", 10464, {f"q{i}": 0 for i in range(1, 11)}).value == 0
    with pytest.raises(CalculatorInputError, match="missing q10"):
        CALCULATORS["ace_score"].run({f"q{i}": "No" for i in range(1, 10)})


def test_marburg_reproducible_pain_is_reverse_scored():
    # age/sex 1 + exertional 1 + pain NOT reproducible (code 1) 1 = 3 -> 23%
    raw = {"age": 1, "knowndisease": 0, "exercisepain": 1, "reproduciblepain": 1, "cardiacpain": 0}
    result = _run_gold("marburg_heart_score", 4022, raw)
    assert result.value == 3 and "23%" in result.interpretation
    args, _ = mdcalc_arguments(CALCULATORS["marburg_heart_score"], 4022, {**raw, "reproduciblepain": 0})
    assert args["reproduciblepain"] == "Yes"
    assert CALCULATORS["marburg_heart_score"].run(args).interpretation.startswith("Low risk: 3%")


def test_timi_stemi():
    # age 65-74 2 + SBP < 100 3 = 5 -> 12.4%
    raw = {"age": 2, "dm_hypertension_angina": 0, "systolic_blood_pressure_100": 3, "heart_rate_100": 0,
           "killip_class": 0, "weight_67kg": 0, "anterior_st_elevation_lbbb": 0, "treatment_time_4hrs": 0}
    result = _run_gold("timi_stemi", 99, raw)
    assert result.value == 5 and result.interpretation.startswith("12.4%")
    # age >= 75 3 + SBP 3 + HR 2 + Killip 2 = 10 -> 35.9%
    raw.update(age=3, heart_rate_100=2, killip_class=2)
    assert _run_gold("timi_stemi", 99, raw).interpretation.startswith("35.9%")


def test_t_macs_probability():
    # x = 0.847 (angina) + 0.607 (right arm) + 0.089 x 55 - 4.766 = 1.583; 1 / (1 + e^-1.583) = 82.96%
    raw = {"ecg": 0, "ang": 1, "pnrad": 1, "vomit": 0, "sweat": 0, "hypo": 0, "tnt": 55}
    result = _run_gold("t_macs", 3942, raw)
    assert result.value == pytest.approx(83.0) and result.interpretation.startswith("Moderate risk")
    # only hs-cTnT 3 ng/L: x = 0.267 - 4.766 = -4.499 -> 1.10% -> very low (rule out)
    raw = {"ecg": 0, "ang": 0, "pnrad": 0, "vomit": 0, "sweat": 0, "hypo": 0, "tnt": 3}
    result = _run_gold("t_macs", 3942, raw)
    assert result.value == pytest.approx(1.1) and result.interpretation.startswith("Very low risk")
    # hs-cTnT 14 ng/L: x = 1.246 - 4.766 = -3.52 -> 2.87% -> low
    assert _run_gold("t_macs", 3942, {**raw, "tnt": 14}).interpretation.startswith("Low risk")
    with pytest.raises(CalculatorInputError, match="missing tnt"):
        CALCULATORS["t_macs"].run({k: "No" for k in ("ecg", "ang", "pnrad", "vomit", "sweat", "hypo")})


def _mrs(**answers):
    # defaults: no symptoms, keeps work/hobbies/ties, needs no help
    base = {"q1": 0, "q2": 1, "q3": 1, "q4": 1, "q5": 0, "q6": 0, "q7": 0, "q8": 0, "q9": 0}
    return _run_gold("mrs_9q", 10430, {**base, **answers})


def test_mrs_9q_grades_by_highest_level():
    assert _mrs().value == 0
    assert _mrs(q1=1).value == 1                      # symptoms only
    assert _mrs(q1=1, q3=0).value == 2                # cannot keep up hobbies
    result = _mrs(q1=1, q2=0, q3=0, q4=0, q5=1)       # needs help with chores -> 3
    assert result.value == 3 and result.interpretation == "mRS 3: moderate disability"
    result = _mrs(q1=1, q2=0, q3=0, q4=0, q5=1, q7=1)  # needs help to walk -> 4
    assert result.interpretation == "mRS 4: moderately severe disability"
    assert _mrs(q1=1, q2=0, q3=0, q4=0, q6=1, q8=1, q9=1).value == 5


def test_mrs_9q_flags_conflicting_answers():
    # bed-bound (Q9) yet able to do the same work as before (Q2): grade 5, conflict reported
    result = _mrs(q1=1, q2=1, q3=1, q4=0, q6=1, q9=1)
    assert result.value == 5 and "potential conflicts" in result.interpretation
    with pytest.raises(CalculatorInputError, match="missing q9"):
        CALCULATORS["mrs_9q"].run({f"q{i}": "No" for i in range(1, 9)})


def test_timi_ua_nstemi():
    # ST changes 1 -> 0-1 band: 4.7%
    raw = {"age_65": 0, "cad_risk_factors": 0, "known_cad": 0, "asa_use": 0, "angina": 0, "ekg_changes": 1,
           "cardiac_marker": 0}
    assert _run_gold("timi_ua_nstemi", 111, raw).interpretation.startswith("4.7%")
    # + risk factors, aspirin, marker -> 4 -> 19.9%
    raw.update(cad_risk_factors=1, asa_use=1, cardiac_marker=1)
    result = _run_gold("timi_ua_nstemi", 111, raw)
    assert result.value == 4 and result.interpretation.startswith("19.9% (about 20%)")


def test_adapt_protocol_groups():
    base = {"abnormal_troponin": 0, "abnormal_ekg": 0, "age_65": 0, "cad_risk_factors": 0, "known_cad": 0,
            "aspirin_use": 0, "angina": 0}
    assert _run_gold("adapt_protocol", 1857, base).value == "low"
    # normal troponin and EKG, TIMI 2 (aspirin, severe angina) -> intermediate
    assert _run_gold("adapt_protocol", 1857, {**base, "aspirin_use": 1, "angina": 1}).value == "intermediate"
    # ischemic EKG with any TIMI -> high
    result = _run_gold("adapt_protocol", 1857, {**base, "abnormal_ekg": 1})
    assert result.value == "high" and result.interpretation.startswith("High risk")


def test_rcri_serves_mdcalc_1739():
    # cerebrovascular disease 1 + insulin 1 = 2; creatinine criterion "No" -> a value <= 2 mg/dL
    raw = {"surgery": 0, "heart_disease": 0, "heart_failure": 0, "cerebrovasclar_disease": 1, "pre_op_insulin": 1,
           "pre_op_creatinine": 0}
    assert _run_gold("rcri", 1739, raw).value == 2
    raw.update(pre_op_creatinine=1, heart_failure=1)  # 4
    assert _run_gold("rcri", 1739, raw).value == 4


def test_dapt_score():
    # age <65 0 + smoking 1 + diabetes 1 + prior PCI/MI 1 = 3 -> high, prolonged DAPT recommended
    raw = {"age": 0, "smoking": 1, "dm": 1, "mi": 0, "priorpci": 1, "stent": 0, "stentdiameter": 0, "chf": 0,
           "veinstent": 0}
    result = _run_gold("dapt_score", 10016, raw)
    assert result.value == 3 and result.interpretation.startswith("High risk")
    # age >=75 -2 + smoking 1 + paclitaxel stent 1 = 0 -> low
    raw = {"age": -2, "smoking": 1, "dm": 0, "mi": 0, "priorpci": 0, "stent": 1, "stentdiameter": 0, "chf": 0,
           "veinstent": 0}
    result = _run_gold("dapt_score", 10016, raw)
    assert result.value == 0 and result.interpretation.startswith("Low risk")


def test_scarf_score():
    assert _run_gold("scarf_score", 10486, {"is": 0, "rr": 0, "nps": 0, "cough": 0}).interpretation.startswith("Low")
    # poor spirometry + RR > 20 + pain >= 5 = 3 -> high
    result = _run_gold("scarf_score", 10486, {"is": 1, "rr": 1, "nps": 1, "cough": 0})
    assert result.value == 3 and result.interpretation.startswith("High risk")
    assert _run_gold("scarf_score", 10486, {"is": 0, "rr": 0, "nps": 0, "cough": 1}).interpretation.startswith(
        "Intermediate")


def test_sirs_sepsis_stages():
    base = {"temperature": 1, "heart_rate": 1, "respiratory_rate": 0, "white_blood_cell_count": 0, "infection": 0,
            "lactic_acidosis": 0, "severe_sepsis": 0, "organ_failure": 0}
    result = _run_gold("sirs_sepsis_shock", 1096, base)  # 2 SIRS criteria, nothing else
    assert result.value == 2 and result.interpretation.startswith("SIRS")
    assert _run_gold("sirs_sepsis_shock", 1096, {**base, "infection": 1}).interpretation.startswith("Sepsis")
    result = _run_gold("sirs_sepsis_shock", 1096, {**base, "infection": 1, "lactic_acidosis": 1})
    assert result.interpretation.startswith("Severe sepsis")
    result = _run_gold("sirs_sepsis_shock", 1096, {**base, "infection": 1, "lactic_acidosis": 1, "severe_sepsis": 1})
    assert result.interpretation.startswith("Septic shock")
    assert _run_gold("sirs_sepsis_shock", 1096, {**base, "organ_failure": 1}).interpretation.startswith(
        "Multiple organ dysfunction")
    # one SIRS criterion: not SIRS, whatever else is present
    result = _run_gold("sirs_sepsis_shock", 1096, {**base, "heart_rate": 0, "infection": 1})
    assert result.value == 1 and result.interpretation.startswith("SIRS criteria not met")
    # hypoperfusion without infection: severe sepsis needs sepsis (1992 definition)
    result = _run_gold("sirs_sepsis_shock", 1096, {**base, "lactic_acidosis": 1})
    assert result.interpretation.startswith("SIRS: 2 or more")


def test_duke_treadmill_score():
    # 5 - 5 x 3.5 - 4 x 1 = -16.5 -> high
    result = _run_gold("duke_treadmill", 3991, {"duration": 5, "stseg": 3.5, "index": 1})
    assert result.value == -16.5 and result.interpretation.startswith("High risk")
    # 5 - 5 x 1 - 4 x 1 = -4 -> medium; 11 - 0 - 4 = 7 -> low
    assert _run_gold("duke_treadmill", 3991, {"duration": 5, "stseg": 1, "index": 1}).interpretation.startswith(
        "Medium risk")
    assert _run_gold("duke_treadmill", 3991, {"duration": 11, "stseg": 0, "index": 1}).value == 7
    with pytest.raises(CalculatorInputError, match="missing stseg"):
        CALCULATORS["duke_treadmill"].run({"duration": 9, "index": "No angina during exercise"})


def test_readmits_age_per_decade_above_18():
    # BNP 8 + diabetes 4 + no timely PCI 1 + age 62: (62-18)//10 = 4 -> 17 -> moderate 9%
    raw = {"renal": 0, "neuro": 8, "Age": 62, "diab": 4, "sex": 0, "pci": 1, "bp": 0}
    result = _run_gold("readmits", 10148, raw)
    assert result.value == 17 and result.interpretation.startswith("Moderate risk: 9%")
    # + female 2 and age 72 (5): 8 + 4 + 2 + 1 + 5 = 20 -> extremely high 34%
    raw.update(sex=2, Age=72)
    assert _run_gold("readmits", 10148, raw).interpretation.startswith("Extremely high risk: 34%")
    # age 45 (2), nothing else -> 2 -> extremely low 2%
    raw = {"renal": 0, "neuro": 0, "Age": 45, "diab": 0, "sex": 0, "pci": 0, "bp": 0}
    result = _run_gold("readmits", 10148, raw)
    assert result.value == 2 and result.interpretation.startswith("Extremely low risk: 2%")


def test_interchest():
    # physician suspicion 1 + pressure 1 - reproducible 1 = 1 -> low 2.1%
    raw = {"history": 0, "age": 0, "chest": 0, "pain": -1, "phys": 1, "pressure": 1}
    result = _run_gold("interchest", 10225, raw)
    assert result.value == 1 and result.interpretation.startswith("Low risk: 2.1%")
    raw.update(pain=0)  # 2 -> not low, 43.0%
    assert _run_gold("interchest", 10225, raw).interpretation.startswith("Not low risk: 43.0%")


def test_modified_sgarbossa_any_criterion_is_positive():
    raw = {"concordant_st_elevation": 0, "concordant_st_depression": 0, "discordant_st_elevation": 0}
    assert _run_gold("modified_sgarbossa", 10353, raw).interpretation.startswith("Negative")
    result = _run_gold("modified_sgarbossa", 10353, {**raw, "discordant_st_elevation": 1})
    assert result.value == 1 and result.interpretation.startswith("Positive")


def test_apgar():
    # 1 + 2 + 2 + 1 + 1 = 7 -> normal
    raw = {"activity": 1, "pulse": 2, "grimace": 2, "appearance": 1, "respirations": 1}
    result = _run_gold("apgar", 23, raw)
    assert result.value == 7 and result.interpretation.startswith("APGAR 7-10")
    # limp 0, pulse < 100 1, grimace 1, blue 0, irregular 1 = 3 -> critically low
    raw = {"activity": 0, "pulse": 1, "grimace": 1, "appearance": 0, "respirations": 1}
    assert _run_gold("apgar", 23, raw).interpretation.startswith("APGAR 0-3")


def test_pediatric_sepsis_stages():
    base = {"temperature": 1, "tachycardia": 0, "tachypnea": 0, "leukocyte": 1, "infection": 1, "severe_sepsis": 1,
            "septic_shock": 1}
    result = _run_gold("pediatric_sirs_sepsis", 1977, base)
    assert result.value == 2 and result.interpretation.startswith("Septic shock")
    assert _run_gold("pediatric_sirs_sepsis", 1977, {**base, "septic_shock": 0}).interpretation.startswith(
        "Severe sepsis")
    assert _run_gold("pediatric_sirs_sepsis", 1977, {**base, "septic_shock": 0, "severe_sepsis": 0}
                     ).interpretation.startswith("Sepsis")
    # tachycardia + tachypnea only: 2 criteria but neither temperature nor leukocytes -> not SIRS
    raw = {**base, "temperature": 0, "leukocyte": 0, "tachycardia": 1, "tachypnea": 1}
    assert _run_gold("pediatric_sirs_sepsis", 1977, raw).interpretation.startswith("SIRS criteria not met")
    # no infection: SIRS only, whatever the organ findings
    assert _run_gold("pediatric_sirs_sepsis", 1977, {**base, "infection": 0}).interpretation.startswith("SIRS (")


def test_sgarbossa():
    # concordant depression 3 -> positive (>= 3)
    raw = {"concordant_st_elevation": 0, "concordant_st_depression": 3, "discordant_st_elevation": 0}
    result = _run_gold("sgarbossa", 1732, raw)
    assert result.value == 3 and "90% specificity" in result.interpretation
    # discordant elevation alone 2 -> not diagnostic
    raw = {"concordant_st_elevation": 0, "concordant_st_depression": 0, "discordant_st_elevation": 2}
    assert _run_gold("sgarbossa", 1732, raw).interpretation.startswith("Score <3")


def test_vancouver_chest_pain_rule_steps():
    base = {"abnormal_ecg": 0, "troponin": 0, "acs_nitrate_use": 0, "palpation": 0, "age_50": 0, "pain_radiate": 0}
    assert _run_gold("vancouver_chest_pain", 1856, base).value == "early discharge"
    assert _run_gold("vancouver_chest_pain", 1856, {**base, "age_50": 1}).value == "standard evaluation"
    # step 2: reproducible pain discharges even at 50 or more
    assert _run_gold("vancouver_chest_pain", 1856, {**base, "age_50": 1, "palpation": 1}).value == "early discharge"
    # step 1 overrides everything
    raw = {**base, "abnormal_ecg": 1, "palpation": 1}
    assert _run_gold("vancouver_chest_pain", 1856, raw).value == "standard evaluation"


def test_killip_and_ccs():
    assert _run_gold("killip_class", 3990, {"killip": 1}).interpretation.startswith("Killip class I: 2-3%")
    assert "10-20% 30-day" in _run_gold("killip_class", 3990, {"killip": 4}).interpretation
    result = _run_gold("ccs_angina", 10067, {"des": 2})  # MDCalc value 2 is grade III
    assert result.value == 3 and result.interpretation.startswith("CCS grade III")


def test_add_rs():
    assert _run_gold("add_rs", 4060, {"hx": 0, "pain": 1, "exam": 0}).interpretation.startswith("Low risk")
    assert _run_gold("add_rs", 4060, {"hx": 1, "pain": 1, "exam": 0}).interpretation.startswith("High risk")


def test_mets_ir():
    # ln(2 x 126 + 250) x 28 / ln(32) = 6.2186 x 28 / 3.4657 = 50.24 -> low
    result = _run_gold("mets_ir", 10181, {"fglu": 126, "tg": 250, "bmi": 28, "hdlc": 32})
    assert result.value == pytest.approx(50.24, abs=0.01) and result.interpretation.startswith("METS-IR <=50.39")
    # ln(2 x 110 + 300) x 33 / ln(35) = 6.2538 x 33 / 3.5553 = 58.05 -> high
    result = CALCULATORS["mets_ir"].run({"fglu": 110, "tg": 300, "bmi": 33, "hdlc": 35})
    assert result.value == pytest.approx(58.05, abs=0.01) and "high risk" in result.interpretation
    with pytest.raises(CalculatorInputError, match="missing hdlc"):
        CALCULATORS["mets_ir"].run({"fglu": 110, "tg": 300, "bmi": 33})


def test_sirs_without_infection_names_no_sepsis_stage_and_mods_in_the_options_words():
    from medmirror.tools.calculators import CALCULATORS
    from medmirror.tools.calculators.option_match import match_options

    args = {"temperature": "Yes", "heart_rate": "Yes", "respiratory_rate": "Yes", "white_blood_cell_count": "No",
            "infection": "No", "lactic_acidosis": "Yes", "severe_sepsis": "Yes", "organ_failure": "Yes"}
    r = CALCULATORS["sirs_sepsis_shock"].run(args)
    assert r.value == 3 and "severe sepsis" not in r.interpretation.lower()
    opts = {"A": "Multi-organ dysfunction syndrome", "B": "Systemic inflammatory response syndrome (SIRS)",
            "C": "Severe sepsis", "D": "Septic shock"}
    assert match_options(opts, r.value, r.unit, r.interpretation).letter == "A"
