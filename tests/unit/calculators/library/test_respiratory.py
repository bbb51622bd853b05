"""Respiratory scores of the library, values worked by hand from each definition."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.mdcalc_inputs import mdcalc_arguments


def run(cid: str, **args):
    return CALCULATORS[cid].run(args)


def test_piama_worked_case_and_required_items():
    # male 2 + parental asthma 4 + wheeze >=4/yr 7 + eczema 6 = 19 -> high (>=16)
    r = run("piama", sex="Male", asthma="Yes", wheezing=">=4 times/year", eczema="Yes")
    assert r.value == 19 and r.interpretation.startswith("High risk: 25%-60%")
    # female 0 + wheeze 1-3/yr 4 + colds 2 = 6 -> low (<=7)
    assert "<=5%" in run("piama", sex="Female", wheezing="1-3 times/year", colds="Yes").interpretation
    with pytest.raises(CalculatorInputError, match="wheezing"):
        run("piama", sex="Male")


def test_murray_averages_the_known_components():
    # CXR 3 quadrants 3, P/F 225-299 1, PEEP 9-11 2, compliance 60-79 1 -> 7 / 4 = 1.75 (MedRisk row 46)
    r = run("murray_lung_injury", cxr="3 quadrants", ratio="225-299", peep="9-11", comp="60-79")
    assert r.value == 1.75 and r.interpretation == "Mild to moderate lung injury"
    # compliance unknown: (4 + 4 + 3) / 3 = 3.67 -> severe
    r = run("murray_lung_injury", cxr="4 quadrants", ratio="<100", peep="12-14", comp="Unknown")
    assert r.value == 3.67 and r.interpretation.startswith("Severe")
    # all 0 -> no lung injury
    assert run("murray_lung_injury", cxr="None", ratio=">=300", peep="<=5", comp=">=80").interpretation == \
        "No lung injury"


def test_murray_all_unknown_is_refused_and_mdcalc_unknown_code_maps():
    with pytest.raises(CalculatorInputError, match="nothing to average"):
        run("murray_lung_injury", cxr="Unknown", ratio="Unknown", peep="Unknown", comp="Unknown")
    calc = CALCULATORS["murray_lung_injury"]
    args, notes = mdcalc_arguments(calc, 3996, {"cxr": 0, "ratio": 5, "peep": 3, "comp": 5})
    assert not notes and args == {"cxr": "None", "ratio": "Unknown", "peep": "12-14", "comp": "Unknown"}
    assert calc.run(args).value == 1.5  # (0 + 3) / 2


def test_ariscat():
    # age 51-80 3 + SpO2 91-95 8 + anaemia 11 = 22 -> low (<26)
    r = run("ariscat", age="51-80", oxygen="91-95%", anemia="Yes", incision="Peripheral", duration="<2 hrs")
    assert r.value == 22 and r.interpretation.startswith("Low risk: 1.6%")
    # 0 + 8 + intrathoracic 24 + >3 h 23 + emergency 8 = 63 -> high
    r = run("ariscat", age="<=50", oxygen="91-95%", incision="Intrathoracic", duration=">3 hrs", emergency="Yes")
    assert r.value == 63 and r.interpretation.startswith("High risk: 42.1%")
    with pytest.raises(CalculatorInputError, match="incision"):
        run("ariscat", age="<=50", oxygen=">=96%", duration="<2 hrs")


def test_du_bois():
    # >=70 8 + FVC 51-65% 13 + 24-wk change -5 to -9.9% 10 = 31 -> 20-30%
    r = run("du_bois_ipf", age=">=70 years", fvc="51-65%", fvc24="-5% - -9.9%")
    assert r.value == 31 and r.interpretation == "20-30% expected 1-year mortality"
    # 60-69 4 + hospitalised 14 + FVC >=80 0 + 10 = 28 -> 10-20%
    assert run("du_bois_ipf", age="60-69 years", hosp="Yes", fvc=">=80%", fvc24="-5% - -9.9%").value == 28


def test_stop_bang_total_and_the_stop_plus_sex_rule():
    # snore + tired + observed + BMI + neck = 5 -> high by the total
    r = run("stop_bang", snore="Yes", tired="Yes", observed="Yes", bmi=">35 kg/m2", age="<=50 years",
            neck=">40 cm", gender="Female")
    assert r.value == 5 and r.interpretation == "High risk of OSA"
    # observed + pressure + male = 3 (intermediate by total) but 2 STOP items + male -> high
    r = run("stop_bang", observed="Yes", pressure="Yes", bmi="<=35 kg/m2", age="<=50 years", neck="<=40 cm",
            gender="Male")
    assert r.value == 3 and r.interpretation.startswith("High risk of OSA")
    # observed + age + neck = 3, one STOP item -> intermediate
    r = run("stop_bang", observed="Yes", bmi="<=35 kg/m2", age=">50 years", neck=">40 cm", gender="Female")
    assert r.interpretation == "Intermediate risk of OSA"


def test_westley_and_scap_and_bode():
    # retractions moderate 2 + stridor with agitation 1 + cyanosis at rest 5 + air entry decreased 1 = 9
    r = run("westley_croup", chest_wall_retractions="Moderate", stridor="With agitation", cyanosis="At rest",
            consciousness="Normal", air_entry="Decreased")
    assert r.value == 9 and r.interpretation == "Severe croup"
    # SCAP: pH 13 + BUN 5 + PaO2 6 + age 5 + multilobar 5 = 34 -> 50%
    r = run("scap_score", one="Yes", four="Yes", six="Yes", seven="Yes", eight="Yes")
    assert r.value == 34 and "50% risk" in r.interpretation
    # BUN 5 + mental status 5 + age 5 = 15 -> 9.23-11.24%
    assert "9.23-11.24%" in run("scap_score", four="Yes", five="Yes", seven="Yes").interpretation
    # BODE: FEV1 36-49 2 + 6MWD 150-249 2 + mMRC 4 -> 3 + BMI <=21 1 = 8 -> 18%
    r = run("bode_index", fev="36-49%", walking="150-249 m (164-272 yds)",
            dyspnea="Too dyspneic to leave house or breathless when dressing", bmi="<=21")
    assert r.value == 8 and "18% 4-year survival" in r.interpretation


def test_bode_mmrc_grades_sharing_a_value_map_by_label():
    calc = CALCULATORS["bode_index"]
    raw = {"fev": 0, "walking": 0, "dyspnea": 0, "bmi": 1}
    lab = {"mMRC Dyspnea Scale": "Dyspnea when hurrying or walking up a slight hill"}
    args, notes = mdcalc_arguments(calc, 3916, raw, lab)
    assert not notes and args["dyspnea"] == "Dyspnea when hurrying or walking up a slight hill"
    assert calc.run(args).value == 1


def test_cat_rse_msofa():
    # CAT: 4 + 4 + 5 + 0 + 1 + 0 + 5 + 2 = 21 -> high impact
    r = run("copd_cat", cough="4", ph="4", chest='5 ("My chest feels very tight")',
            breath='0 ("When I walk up a hill or one flight of stairs I am not breathless")', activities="1",
            confidence='0 ("I am confident leaving my home despite my lung condition")',
            sleep='5 ("I don\'t sleep soundly because of my lung condition")', energy="2")
    assert r.value == 21 and r.interpretation == "High health impact"
    with pytest.raises(CalculatorInputError, match="energy"):
        run("copd_cat", cough="1", ph="1", chest="1", breath="1", activities="1", confidence="1", sleep="1")
    # RSE: ACQ >=2.5 13 + FEV1 <80% 20 + GINA 27 = 60 -> 15-18%
    r = run("rse_asthma", acq=">=2.5", fev="<80%", reliever="<2", gina="Yes")
    assert r.value == 60 and r.interpretation.startswith("15-18%")
    # mSOFA: S/F >400 0 + jaundice 3 + dopamine >5 3 + GCS 6-9 3 + Cr 3.5-4.9 3 = 12 -> 58%
    r = run("msofa", sfratio=">400", jaundice="Yes", hypo="DOPamine >5, EPINEPHrine <=0.1, or norEPINEPHrine <=0.1",
            gcs="6-9", cr="3.5-4.9")
    assert r.value == 12 and r.interpretation.startswith("58% 30-day mortality")


def test_pass_pram_macocha():
    # PASS: wheeze 0 + work of breathing severe 2 + expiration 0 = 2 -> severe (cut-off 2)
    r = run("pass_asthma", wheezing="None or mild", amu="Severe", exp="Normal or mildly prolonged")
    assert r.value == 2 and r.interpretation.startswith("Severe")
    # PRAM: SpO2 <92 2 + air entry minimal 3 + wheeze audible 3 = 8 -> severe
    r = run("pram_asthma", o2="< 92%", air="Minimal or absent",
            wheezing="Audible without stethoscope or silent chest (minimal or no air entry)")
    assert r.value == 8 and r.interpretation == "Severe asthma"
    # MACOCHA: Mallampati 5 + cervical spine 1 + mouth 1 + hypoxaemia 1 = 8 -> higher difficulty
    r = run("macocha", mal="Yes", spine="Yes", open="Yes", o2="Yes")
    assert r.value == 8 and r.interpretation.startswith("Higher difficulty")
    with pytest.raises(CalculatorInputError, match="mal"):
        run("macocha", osa="Yes")


def test_qcsi_rox_ottawa():
    # qCSI: RR >28 2 + SpO2 89-92 2 + flow 5-6 5 = 9 -> 44%
    r = run("qcsi", rate=">28", pulse="89-92%", flow="5-6")
    assert r.value == 9 and "44%" in r.interpretation
    # ROX: (85 / 0.70) / 35 = 121.43 / 35 = 3.47 -> high risk
    r = run("rox_index", spo2=85, fio2=70, rr=35)
    assert r.value == 3.47 and r.interpretation.startswith("High risk")
    # (96 / 0.35) / 18 = 274.29 / 18 = 15.24 -> low; (92 / 0.8) / 25 = 4.6 -> indeterminate
    assert run("rox_index", spo2=96, fio2=35, rr=18).interpretation.startswith("Low risk")
    assert run("rox_index", spo2=92, fio2=80, rr=25).interpretation.startswith("Indeterminate")
    with pytest.raises(CalculatorInputError, match="fio2"):
        run("rox_index", spo2=92, fio2=0.8, rr=25)  # a fraction, not percent: refused by range
    # Ottawa: PVD 1 + intubation 2 + ECG 2 + congestion 1 + CO2 1 = 7 -> 62.6%
    r = run("ottawa_copd", peri="Yes", intu="Yes", ekg="Yes", xray="Yes", co2="Yes")
    assert r.value == 7 and r.interpretation == "Very high risk: 62.6% risk of a serious adverse event"


def test_gap_and_piro():
    # GAP: male 1 + age <=60 0 + FVC <50% 2 + DLCO unable 3 = 6 -> stage III
    r = run("gap_ipf", gender="Male", age="<=60 years", fvc="<50%", dlco="Unable to perform")
    assert r.value == 6 and r.interpretation.startswith("Stage III: 39.2% mortality at 1 year")
    # male 1 + 61-65 1 + >75% 0 + >55% 0 = 2 -> stage I
    assert run("gap_ipf", gender="Male", age="61-65 years", fvc=">75%", dlco=">55%").interpretation.startswith(
        "Stage I:")
    # PIRO: comorbidity + age + shock = 3 -> mild 13.0%
    r = run("piro_cap", one="Yes", two="Yes", five="Yes")
    assert r.value == 3 and r.interpretation == "Mild risk: 13.0% 28-day mortality"


def test_gupta_logistic_model_from_the_papers_coefficients():
    # x = -1.7397 + 0.7678 (partially dependent) - 0.6201 (ASA 3) - 0.7840 (no sepsis) + 0 (emergency)
    #     + 0.1060 (ENT) = -2.2700; risk = e^x / (1 + e^x) = 0.10331 / 1.10331 = 9.4%
    r = run("gupta_respiratory_failure", status="Partially dependent", class1="3: severe systemic disease",
            sepsis="None", emergency="Yes", procedure="ENT (except thyroid/parathyroid)")
    assert r.value == 9.4 and r.interpretation.startswith("9.4% risk")
    # MedRisk's values are MDCalc's rounded coefficients; they still name the options
    calc = CALCULATORS["gupta_respiratory_failure"]
    args, notes = mdcalc_arguments(calc, 10193, {"status": 0.77, "class1": -0.62, "sepsis": -0.78, "emergency": 0,
                                                 "procedure": 0.11})
    assert not notes and calc.run(args).value == 9.4
    with pytest.raises(CalculatorInputError, match="procedure"):
        run("gupta_respiratory_failure", status="Independent", class1="3: severe systemic disease", sepsis="None",
            emergency="No")


def test_decaf():
    # eMRCD 5a 1 + eosinopenia 1 + consolidation 1 = 3 -> 15.3%
    r = run("decaf", emrcd="Too dyspneic to leave house but independent with washing/dressing (eMRCD 5a)",
            eos="Yes", cons="Yes", aci="No")
    assert r.value == 3 and r.interpretation.startswith("High risk: 15.3%")
    assert "afib" in r.assumed
    with pytest.raises(CalculatorInputError, match="aci"):
        run("decaf", emrcd="Not too dyspneic to leave house (eMRCD 1-4)", eos="No", cons="No")


def test_egri_hacor():
    # EGRI: thyromental 6.0-6.5 1 + Mallampati III 2 + neck <80 2 + no prognath 1 + definite history 2 = 8
    r = run("egri", mouth=">=4 cm", thyro="6.0-6.5 cm", mclass="III (soft palate and base of uvula seen)",
            neck="<80deg", prog="No", body="<90 kg (198.4 lbs)", history="Definite")
    assert r.value == 8 and r.interpretation.startswith("High risk")
    # HACOR: pH <7.25 4 + GCS <=10 10 + RR 31-35 1 = 15 -> high
    r = run("hacor", hr="<=120", ph="<7.25", gcs="<=10", pao2=">=201", resp="31-35")
    assert r.value == 15 and r.interpretation.startswith("High risk of NIV failure")
    assert run("hacor", hr=">=121", ph="7.30-7.34", gcs="15", pao2="176-200", resp="<=30").value == 5  # 1+2+2: low


def test_mapi_rule():
    # >=4 episodes + parental asthma (major) -> positive
    r = run("mapi", wheezing="Yes", asthma="Yes")
    assert r.value == 1 and r.interpretation.startswith("Positive mAPI")
    # >=4 episodes + one minor only -> negative; two minor -> positive
    assert run("mapi", wheezing="Yes", eos="Yes").value == 0
    assert run("mapi", wheezing="Yes", eos="Yes", foodaller="Yes").value == 1
    # major criteria without frequent wheezing -> negative
    assert run("mapi", wheezing="No", asthma="Yes", eczema="Yes").interpretation.startswith("Negative")
    with pytest.raises(CalculatorInputError, match="wheezing"):
        run("mapi", asthma="Yes")


def test_priest_and_its_repeated_values_map_by_label():
    # age >80 4 + RR >24 3 + HR >130 3 + SBP 91-100 2 + temp >39 2 + oxygen 2 = 16 -> 55%
    args = dict(sex="Female", age=">80", res=">24", oxy=">95%", bpm=">130", sys="91-100",
                temp=">39.0degC (>102.2degF)", alert="Alert", ins="Supplemental oxygen",
                status="Unrestricted normal activity")
    r = CALCULATORS["priest_covid"].run(args)
    assert r.value == 16 and r.interpretation.startswith("55% probability")
    raw = {"sex": 0, "age": 4, "res": 3, "oxy": 0, "bpm": 3, "sys": 2, "temp": 2, "alert": 0, "ins": 2, "status": 0}
    lab = {"Respiratory rate, breaths per min": "<9 ", "Heart rate, beats per min": "<41"}
    mapped, notes = mdcalc_arguments(CALCULATORS["priest_covid"], 10369, raw, lab)
    assert not notes and mapped["res"] == "<9" and mapped["bpm"] == "<41"


def test_mulbsta():
    # multilobe 5 + lymphopenia 4 + prior smoker 2 + hypertension 2 = 13 -> 20.56%, high (>=12)
    r = run("mulbsta", one="Yes", two="Yes", four="Prior smoker", six="Yes", seven="No")
    assert r.value == 13 and r.interpretation == "High risk: 20.56% 90-day mortality"
    with pytest.raises(CalculatorInputError, match="seven"):
        run("mulbsta", one="Yes", two="Yes", four="Prior smoker")


def test_bap65_classes():
    # BUN + pulse = 2 findings -> class IV (2 + 2)
    r = run("bap_65", bun="Yes", ams="No", pulse="Yes", age="41-64")
    assert r.value == 4 and r.interpretation.startswith("Class IV: 6.4% in-hospital mortality")
    # no findings: age decides class I or II
    assert run("bap_65", bun="No", pulse="No", age="41-64").value == 1
    assert run("bap_65", bun="No", pulse="No", age=">=65").value == 2
    # altered mental status + age >=65 -> 1 finding -> class III (age does not add)
    assert run("bap_65", bun="No", ams="Yes", pulse="No", age=">=65").interpretation.startswith("Class III: 2.2%")


def test_api_loose_and_stringent():
    # <3 episodes, eczema (major) -> loose positive only
    r = run("api_asthma", wheezing="<3", eczema="Yes")
    assert r.value == 1 and r.interpretation.startswith("Positive (loose) API")
    # >=3 episodes, two minor criteria -> stringent positive
    assert run("api_asthma", wheezing=">=3", rhin="Yes", eos="Yes").value == 2
    # one minor criterion only -> negative
    assert run("api_asthma", wheezing=">=3", cold="Yes").interpretation.startswith("Negative API")


def test_rads_and_hestia():
    # 2 + 1 (left) + 3 + 1 + 3 (right) = 10 > 8 -> high risk
    quads = dict(left_q1="Normal", left_q2="Ground glass opacification", left_q3="Normal",
                 left_q4="Increased interstitial markings", right_q1="Normal", right_q2="Consolidation",
                 right_q3="Increased interstitial markings", right_q4="Consolidation")
    r = CALCULATORS["rads_smoke_inhalation"].run(quads)
    assert r.value == 10 and r.interpretation.startswith("High risk")
    # Hestia: all 11 criteria answered No -> eligible; any Yes -> not eligible; unanswered -> refused
    names = ["unstable", "thrombolysis", "activebleeding", "oxygen", "anticoagulant", "painmeds", "medicalsocial",
             "crcl", "liver", "preg", "hit"]
    none = {n: "No" for n in names}
    assert run("hestia", **none).interpretation.startswith("Eligible for outpatient care")
    assert run("hestia", **{**none, "preg": "Yes"}).interpretation.startswith("Not eligible")
    with pytest.raises(CalculatorInputError, match="hit"):
        run("hestia", **{n: "No" for n in names[:-1]})


def test_ais_inhalation_grade_and_survival_group():
    # grade 1 (patchy erythema) -> mild, survival group 0-1 (84%)
    r = run("ais_inhalation_injury", findings="Minor or patchy areas of erythema, carbonaceous deposits, "
                                               "bronchorrhea, or bronchial obstruction present")
    assert r.value == 1 and r.interpretation.startswith("Grade 1, mild injury: 84%")
    # grade 3 -> severe, survival group 2-4 (57%)
    r = run("ais_inhalation_injury", findings="Severe inflammation with friability, copious carbonaceous "
                                               "deposits, bronchorrhea, or obstruction present")
    assert r.value == 3 and "57% in-hospital survival" in r.interpretation
    # MedRisk's gold value (MDCalc code = grade) maps onto the option
    calc = CALCULATORS["ais_inhalation_injury"]
    args, notes = mdcalc_arguments(calc, 4056, {"findings": 2})
    assert not notes and calc.run(args).interpretation.startswith("Grade 2, moderate injury")
    with pytest.raises(CalculatorInputError, match="findings"):
        run("ais_inhalation_injury")
