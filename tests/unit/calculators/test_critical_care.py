"""Critical-care scores: GCS (21), APACHE II (28), SOFA (43), Glasgow-Blatchford (27)."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError

from ._oneshot import assert_one_shot_ids, assert_row_correct, one_shot_rows

MY_IDS = {21, 27, 28, 43}


@pytest.mark.parametrize("row", one_shot_rows(MY_IDS))
def test_one_shot_rows(row: dict[str, str]) -> None:
    assert_row_correct(row)


def test_one_shot_file_present_or_skip() -> None:
    assert_one_shot_ids(MY_IDS)


# --- GCS -----------------------------------------------------------------------

GCS = CALCULATORS["glasgow_coma_scale"]


def test_gcs_known_values() -> None:
    # E3 + V4 + M6 = 13 -> mild
    r = GCS.run({"eye": "eye opening to verbal command", "verbal": "confused", "motor": "obeys commands"})
    assert r.value == 13 and "mild" in r.interpretation
    assert r.components == {"eye": 3, "verbal": 4, "motor": 6}
    # E1 + V1 + M1 = 3 -> severe
    r = GCS.run({"eye": "no eye opening", "verbal": "no verbal response", "motor": "no motor response"})
    assert r.value == 3 and "severe" in r.interpretation


def test_gcs_band_boundaries() -> None:
    # E2 V2 M4 = 8 severe; E2 V3 M4 = 9 moderate; E3 V4 M5 = 12 moderate; E4 V4 M5 = 13 mild
    assert "severe" in GCS.run({"eye": "eye opening to pain", "verbal": "incomprehensible sounds",
                                "motor": "withdrawal from pain"}).interpretation
    assert "moderate" in GCS.run({"eye": "eye opening to pain", "verbal": "inappropriate words",
                                  "motor": "withdrawal from pain"}).interpretation
    r = GCS.run({"eye": "eye opening to verbal command", "verbal": "confused", "motor": "localizes pain"})
    assert r.value == 12 and "moderate" in r.interpretation
    r = GCS.run({"eye": "eyes open spontaneously", "verbal": "confused", "motor": "localizes pain"})
    assert r.value == 13 and "mild" in r.interpretation


def test_gcs_synonyms_and_case() -> None:
    # to voice 3 + Inappropriate Words 3 + decorticate 3 = 9 ; "Eyes open to pain" 2 + sounds 2 + decerebrate 2 = 6
    assert GCS.run({"eye": "To voice", "verbal": "Inappropriate Words", "motor": "Decorticate"}).value == 9
    assert GCS.run({"eye": "Eyes open to pain", "verbal": "incomprehensible", "motor": "decerebrate posturing"}
                   ).value == 6
    assert GCS.run({"eye": "spontaneously", "verbal": "oriented", "motor": "localises to pain"}).value == 14


def test_gcs_free_text_descriptions() -> None:
    # "in response to voice" -> 3 ; "moaning" -> 2 ; "withdraws from painful stimulus" -> 4 ; total 9
    assert GCS.run({"eye": "Eyes open in response to voice", "verbal": "moaning",
                    "motor": "withdraws from painful stimulus"}).value == 9
    # "disoriented" must not read as "oriented": E4 + V4 + M6 = 14
    assert GCS.run({"eye": "eyes opening spontaneously", "verbal": "Disoriented to time",
                    "motor": "obeys simple commands"}).value == 14


def test_gcs_needs_every_component_observed_not_testable_gets_full_score() -> None:
    with pytest.raises(CalculatorInputError, match="missing eye, verbal, motor"):
        GCS.run({})  # 'the patient is drowsy': no component observed, no score (it used to be 15)
    with pytest.raises(CalculatorInputError, match="missing verbal") as err:
        GCS.run({"eye": "eye opening to pain", "motor": "flexion to pain"})
    assert "eye (missing)" not in str(err.value)
    with pytest.raises(CalculatorInputError, match="missing eye, verbal, motor"):
        GCS.run(GCS.inputs.model_construct())  # an inputs object of defaults only
    assert GCS.run({"eye": "spontaneously", "verbal": "oriented", "motor": "obeys"}).value == 15
    # intubated: verbal not testable -> 5 (MedCalc-Bench convention); E2 + V5 + M3 = 10
    assert GCS.run({"eye": "eye opening to pain", "verbal": "intubated", "motor": "flexion to pain"}).value == 10


def test_gcs_invalid_and_unknown_inputs() -> None:
    with pytest.raises(CalculatorInputError) as err:
        GCS.run({"eye": "blinking"})
    assert "eye" in str(err.value)
    with pytest.raises(CalculatorInputError) as err:
        GCS.run({"eyes": "spontaneously"})
    assert "eyes" in str(err.value)


# --- APACHE II -----------------------------------------------------------------

APACHE = CALCULATORS["apache_ii"]

NORMAL = {"age": 40, "temperature": 37, "mean_arterial_pressure": 90, "heart_rate": 80, "respiratory_rate": 16,
          "fio2": 21, "pao2": 95, "ph": 7.4, "sodium": 140, "potassium": 4.0, "creatinine": 1.0,
          "hematocrit": 40, "wbc": 8, "gcs": 15}

SICK = {"age": 70, "temperature": 39.5, "mean_arterial_pressure": 65, "heart_rate": 145, "respiratory_rate": 36,
        "fio2": 60, "a_a_gradient": 400, "ph": 7.20, "sodium": 125, "potassium": 3.2, "creatinine": 2.5,
        "acute_renal_failure": True, "hematocrit": 48, "wbc": 25, "gcs": 10, "chronic_health": True,
        "admission_type": "elective postoperative"}


def test_apache_all_normal_is_zero() -> None:
    r = APACHE.run(NORMAL)
    assert r.value == 0 and r.components["acute_physiology_score"] == 0


def test_apache_sick_patient() -> None:
    # temp 39.5: 3, MAP 65: 2, HR 145: 3, RR 36: 3, FiO2 60% A-a 400: 3, pH 7.20: 3, Na 125: 2, K 3.2: 1,
    # Cr 2.5 with ARF: 3 × 2 = 6, Hct 48: 1, WBC 25: 2, GCS 10: 5 -> APS 34 ; age 70: 5 ; elective postop: 2
    # total = 34 + 5 + 2 = 41
    r = APACHE.run(SICK)
    assert r.value == 41 and r.components["acute_physiology_score"] == 34
    assert r.components["creatinine"] == 6 and r.components["chronic_health"] == 2
    # nonoperative / emergency postoperative: +5 instead of +2 -> 44
    assert APACHE.run({**SICK, "admission_type": "Emergency"}).value == 44
    assert APACHE.run({**SICK, "admission_type": "nonoperative"}).value == 44
    # without acute renal failure creatinine scores 3 once -> 38 ; chronic renal failure alone also 3 -> 38
    assert APACHE.run({**SICK, "acute_renal_failure": False}).value == 38
    assert APACHE.run({**SICK, "acute_renal_failure": False, "chronic_renal_failure": True}).value == 38


def test_apache_age_points() -> None:
    for age, pts in [(44, 0), (45, 2), (54, 2), (55, 3), (64, 3), (65, 5), (74, 5), (75, 6)]:
        assert APACHE.run({**NORMAL, "age": age}).value == pts, age


def test_apache_oxygenation_rule_by_fio2() -> None:
    # FiO2 < 50%: PaO2 >70: 0, 61-70: 1, 55-60: 3, <55: 4
    for pao2, pts in [(71, 0), (70, 1), (61, 1), (60, 3), (55, 3), (54, 4)]:
        assert APACHE.run({**NORMAL, "fio2": 40, "pao2": pao2}).components["oxygenation"] == pts, pao2
    # FiO2 49% uses PaO2 even with an A-a gradient given; FiO2 50% uses the A-a gradient (250 -> 2)
    assert APACHE.run({**NORMAL, "fio2": 49, "pao2": 58, "a_a_gradient": 600}).components["oxygenation"] == 3
    assert APACHE.run({**NORMAL, "fio2": 50, "pao2": 58, "a_a_gradient": 250}).components["oxygenation"] == 2
    for aa, pts in [(199, 0), (200, 2), (349, 2), (350, 3), (499, 3), (500, 4)]:
        assert APACHE.run({**NORMAL, "fio2": 80, "a_a_gradient": aa}).components["oxygenation"] == pts, aa
    # A-a computed: 1.0 × 713 - 40 / 0.8 - 100 = 563 -> 4
    assert APACHE.run({**NORMAL, "fio2": 100, "pao2": 100, "paco2": 40}).components["oxygenation"] == 4
    # fraction 0.6 read as 60%: A-a = 0.6 × 713 - 50 - 100 = 277.8 -> 2
    assert APACHE.run({**NORMAL, "fio2": 0.6, "pao2": 100, "paco2": 40}).components["oxygenation"] == 2


def test_apache_high_fio2_without_gradient_is_an_error() -> None:
    with pytest.raises(CalculatorInputError) as err:
        APACHE.run({**NORMAL, "fio2": 60, "pao2": 100})
    assert "a_a_gradient" in str(err.value)


def test_apache_unit_conversions() -> None:
    # 104 °F = 40 °C -> 3 ; WBC 2500/µL = 2.5 × 10^9/L -> 2 ; creatinine 300 µmol/L = 3.39 mg/dL -> 3
    r = APACHE.run({**NORMAL, "temperature": [104, "degrees fahrenheit"], "wbc": [2500, "/µL"],
                    "creatinine": "300 µmol/L"})
    assert (r.components["temperature"], r.components["wbc"], r.components["creatinine"]) == (3, 2, 3)
    # MAP from SBP/DBP: (100 + 2 × 45) / 3 = 63.3 -> 2
    args = {k: v for k, v in NORMAL.items() if k != "mean_arterial_pressure"}
    assert APACHE.run({**args, "systolic_bp": 100, "diastolic_bp": 45}).components["mean_arterial_pressure"] == 2


def test_apache_band_edges() -> None:
    c = lambda **kw: APACHE.run({**NORMAL, **kw}).components  # noqa: E731
    assert c(temperature=38.4)["temperature"] == 0 and c(temperature=38.5)["temperature"] == 1
    assert c(temperature=35.9)["temperature"] == 1 and c(temperature=29.9)["temperature"] == 4
    assert c(heart_rate=109)["heart_rate"] == 0 and c(heart_rate=110)["heart_rate"] == 2
    assert c(heart_rate=39)["heart_rate"] == 4 and c(respiratory_rate=11)["respiratory_rate"] == 1
    assert c(ph=7.33)["acid_base"] == 0 and c(ph=7.32)["acid_base"] == 2 and c(ph=7.7)["acid_base"] == 4
    assert c(sodium=150)["sodium"] == 1 and c(sodium=110)["sodium"] == 4 and c(sodium=111)["sodium"] == 3
    assert c(potassium=5.5)["potassium"] == 1 and c(potassium=2.4)["potassium"] == 4
    assert c(creatinine=0.5)["creatinine"] == 2 and c(creatinine=1.5)["creatinine"] == 2
    assert c(hematocrit=0.34)["hematocrit"] == 0 and c(hematocrit=19)["hematocrit"] == 4
    assert c(wbc=0.9)["wbc"] == 4 and c(wbc=15)["wbc"] == 1


def test_apache_bicarbonate_only_without_ph() -> None:
    args = {k: v for k, v in NORMAL.items() if k != "ph"}
    # HCO3 16 mmol/L (15-17.9) -> 3
    assert APACHE.run({**args, "bicarbonate": 16}).components["acid_base"] == 3
    # with a pH the HCO3 is ignored
    assert APACHE.run({**NORMAL, "bicarbonate": 16}).components["acid_base"] == 0


def test_apache_missing_values_assumed_normal_but_age_required() -> None:
    with pytest.raises(CalculatorInputError, match="at least 6 of: temperature"):
        APACHE.run({"age": 50})  # age alone: every physiological variable assumed normal, a made-up score
    with pytest.raises(CalculatorInputError, match="only 5 of"):
        APACHE.run({"age": 50, "temperature": 37, "heart_rate": 80, "respiratory_rate": 16, "sodium": 140, "gcs": 15})
    r = APACHE.run({"age": 50, "temperature": 37, "heart_rate": 80, "respiratory_rate": 16, "sodium": 140, "gcs": 15,
                    "potassium": 4.0})
    assert r.value == 2 and {"creatinine", "wbc", "hematocrit"} <= set(r.assumed)
    with pytest.raises(CalculatorInputError) as err:
        APACHE.run({k: v for k, v in NORMAL.items() if k != "age"})
    assert err.value.missing == ["age"]
    with pytest.raises(CalculatorInputError) as err:
        APACHE.run({**NORMAL, "ph": 9.1})
    assert "ph" in str(err.value)


# --- SOFA ------------------------------------------------------------------------

SOFA = CALCULATORS["sofa"]


def test_sofa_known_values() -> None:
    # PaO2/FiO2 = 90 / 0.30 = 300 -> 1 ; plt 80 -> 2 ; GCS 11 -> 2 ; bili 3.0 -> 2 ; MAP 65 -> 1 ;
    # creatinine 1.0 -> 0 but urine 300 mL/d -> 3 ; total 11
    r = SOFA.run({"pao2": 90, "fio2": 30, "platelets": 80, "gcs": 11, "bilirubin": 3.0,
                  "mean_arterial_pressure": 65, "creatinine": 1.0, "urine_output": 300})
    assert r.value == 11 and r.components["renal"] == 3
    # every system maximal: ventilated 80/1.0 = 80 -> 4, plt 15, GCS 5, bili 13, norepi 0.2, Cr 5.5 -> 24
    r = SOFA.run({"pao2": 80, "fio2": 100, "mechanical_ventilation": True, "platelets": 15, "gcs": 5,
                  "bilirubin": 13, "norepinephrine": 0.2, "creatinine": 5.5})
    assert r.value == 24


def test_sofa_respiratory_support_rule() -> None:
    # ratio 80 without ventilation/CPAP -> 2 ; with CPAP -> 4 ; 150 with ventilation -> 3
    assert SOFA.run({"pao2": 80, "fio2": 100}).components["respiration"] == 2
    assert SOFA.run({"pao2": 80, "fio2": 100, "cpap": True}).components["respiration"] == 4
    assert SOFA.run({"pao2": 75, "fio2": 0.5, "mechanical_ventilation": True}).components["respiration"] == 3
    # 399 -> 1, 400 -> 0 (FiO2 100%)
    assert SOFA.run({"pao2": 399, "fio2": 100}).components["respiration"] == 1
    assert SOFA.run({"pao2": 400, "fio2": 100}).components["respiration"] == 0


def test_sofa_vasopressor_tiers() -> None:
    cv = lambda **kw: SOFA.run(kw).components["cardiovascular"]  # noqa: E731
    assert cv(dopamine=5) == 2 and cv(dopamine=5.1) == 3 and cv(dopamine=15) == 3 and cv(dopamine=15.1) == 4
    assert cv(epinephrine=0.1) == 3 and cv(epinephrine=0.11) == 4 and cv(norepinephrine=0.05) == 3
    assert cv(dobutamine=2) == 2 and cv(dopamine="5 mcg/kg/min", mean_arterial_pressure=50) == 2
    # MAP from SBP/DBP: (90 + 2 × 55) / 3 = 66.7 -> 1 ; hypotension flag alone -> 1 ; MAP 75 wins over the flag
    assert cv(systolic_bp=90, diastolic_bp=55) == 1
    assert cv(hypotension=True) == 1
    assert cv(hypotension=True, mean_arterial_pressure=75) == 0


def test_sofa_band_edges_and_units() -> None:
    renal = lambda **kw: SOFA.run(kw).components["renal"]  # noqa: E731
    assert [renal(creatinine=c) for c in (1.19, 1.2, 2.0, 3.5, 5.0)] == [0, 1, 2, 3, 4]
    assert renal(urine_output=499) == 3 and renal(urine_output=199) == 4 and renal(urine_output=500) == 0
    # 500 µmol/L × 113.12 / 10 000 = 5.66 mg/dL -> 4 ; 0.15 L/day = 150 mL/day -> 4
    assert renal(creatinine="500 µmol/L") == 4 and renal(urine_output="0.15 L/day") == 4
    # platelets 80 000 /µL = 80 × 10^3/µL -> 2 ; bilirubin 51.3 µmol/L = 3.0 mg/dL -> 2
    r = SOFA.run({"platelets": [80000, "µL"], "bilirubin": "51.3 µmol/L"})
    assert r.components["coagulation"] == 2 and r.components["liver"] == 2
    assert [SOFA.run({"gcs": g}).components["cns"] for g in (15, 14, 13, 12, 10, 9, 6, 5)] == [0, 1, 1, 2, 2, 3, 3, 4]


def test_sofa_needs_some_organ_data_and_checks_ranges() -> None:
    with pytest.raises(CalculatorInputError) as err:
        SOFA.run({"fio2": 40})
    assert "at least 1 of: pao2, platelets" in str(err.value)
    with pytest.raises(CalculatorInputError) as err:
        SOFA.run({"gcs": 2})
    assert "gcs" in str(err.value)


# --- Glasgow-Blatchford ------------------------------------------------------------

GBS = CALCULATORS["glasgow_blatchford"]
BASE = {"sex": "Male", "bun": 10, "hemoglobin": 14, "systolic_bp": 120, "heart_rate": 80}


def test_gbs_known_values() -> None:
    r = GBS.run(BASE)
    assert r.value == 0 and "low risk" in r.interpretation
    # female: BUN 80 -> 6, Hb 9 -> 6, SBP 85 -> 3, HR 110 -> 1, melena 1, syncope 2, hepatic 2, cardiac 2 = 23
    r = GBS.run({"sex": "Female", "bun": 80, "hemoglobin": 9, "systolic_bp": 85, "heart_rate": 110, "melena": True,
                 "syncope": True, "hepatic_disease": True, "cardiac_failure": True})
    assert r.value == 23


def test_gbs_hemoglobin_by_sex() -> None:
    hb = lambda sex, h: GBS.run({**BASE, "sex": sex, "hemoglobin": h}).components["hemoglobin"]  # noqa: E731
    assert [hb("male", h) for h in (13, 12.9, 12, 11.9, 10, 9.9)] == [0, 1, 1, 3, 3, 6]
    assert [hb("female", h) for h in (12, 11.9, 10, 9.9)] == [0, 1, 1, 6]


def test_gbs_bun_and_sbp_bands() -> None:
    bun = lambda v: GBS.run({**BASE, "bun": v}).components["bun"]  # noqa: E731
    assert [bun(v) for v in (18.1, 18.2, 22.3, 22.4, 27.9, 28, 70, 70.1)] == [0, 2, 2, 3, 3, 4, 4, 6]
    sbp = lambda v: GBS.run({**BASE, "systolic_bp": v}).components["systolic_bp"]  # noqa: E731
    assert [sbp(v) for v in (110, 109, 100, 99, 90, 89)] == [0, 1, 1, 2, 2, 3]
    assert GBS.run({**BASE, "heart_rate": 99}).value == 0 and GBS.run({**BASE, "heart_rate": 100}).value == 1


def test_gbs_unit_conversion() -> None:
    # urea 10 mmol/L × 2.8014 = 28.01 mg/dL BUN -> 4 ; Hb 95 g/L = 9.5 g/dL -> 6 (male)
    r = GBS.run({**BASE, "bun": "10 mmol/L", "hemoglobin": "95 g/L"})
    assert r.components["bun"] == 4 and r.components["hemoglobin"] == 6


def test_gbs_missing_and_range() -> None:
    with pytest.raises(CalculatorInputError) as err:
        GBS.run({k: v for k, v in BASE.items() if k != "sex"})
    assert err.value.missing == ["sex"]
    with pytest.raises(CalculatorInputError) as err:
        GBS.run({**BASE, "hemoglobin": 60})
    assert "hemoglobin" in str(err.value)
