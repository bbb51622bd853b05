"""Every (quantity, unit) pair of tools/extraction/UNITS.md, read from a short sentence and converted.

One row per pair: the label, the number and the unit as clinicians write them, and the value
in the extractor's canonical unit worked by hand (the arithmetic is in the comment; molar
masses are those of ``medmirror.tools.calculators.units.ANALYTES``). The sentences are written for
this test.
"""

from __future__ import annotations

import pytest

from medmirror.tools.extraction import extract

# (quantity, sentence, expected value in the canonical unit)  # arithmetic
PAIRS: list[tuple[str, str, float]] = [
    # creatinine, canonical mg/dL; 1 mg/dL = 10 mg/L / 113.12 g/mol = 88.40 µmol/L
    ("creatinine", "Creatinine 1.3 mg/dL today.", 1.3),
    ("creatinine", "Creatinine 1.3 mg/dl today.", 1.3),
    ("creatinine", "Creatinine 1.3 mg% today.", 1.3),  # mg% = mg per 100 mL = mg/dL
    ("creatinine", "Creatinine 13 mg/L today.", 1.3),  # 13 mg/L / 10 = 1.3 mg/dL
    ("creatinine", "Creatinine 115 µmol/L today.", 1.30088),  # 115 x 113.12 / 10000 = 1.30088
    ("creatinine", "Creatinine 115 μmol/L today.", 1.30088),  # Greek mu, same unit
    ("creatinine", "Creatinine 115 umol/L today.", 1.30088),
    ("creatinine", "Creatinine 115 µmol/l today.", 1.30088),
    ("creatinine", "Creatinine 115 umol/l today.", 1.30088),
    ("creatinine", "Creatinine 115 mcmol/L today.", 1.30088),
    ("creatinine", "Creatinine 115 micromol/L today.", 1.30088),
    ("creatinine", "Creatinine 0.115 mmol/L today.", 1.30088),  # 0.115 mmol/L = 115 µmol/L
    # BUN, canonical mg/dL of urea nitrogen; 1 mmol/L urea carries 2 N = 28.014 mg/L = 2.8014 mg/dL
    ("bun", "BUN 28 mg/dL on admission.", 28.0),
    ("bun", "BUN 28 mg% on admission.", 28.0),
    ("bun", "BUN 10 mmol/L on admission.", 28.014),  # 10 x 2.8014 = 28.014
    ("bun", "BUN 10 mmol/l on admission.", 28.014),
    # urea, canonical mg/dL of urea (60.06 g/mol): 1 mmol/L = 6.006 mg/dL
    ("urea", "Urea 7.5 mmol/L on admission.", 45.045),  # 7.5 x 6.006 = 45.045
    ("urea", "Urea 45 mg/dL on admission.", 45.0),
    # sodium, potassium, chloride, bicarbonate: canonical mEq/L; monovalent, so mmol/L = mEq/L
    ("sodium", "Sodium 132 mEq/L this morning.", 132.0),
    ("sodium", "Sodium 132 mEq/l this morning.", 132.0),
    ("sodium", "Sodium 132 meq/L this morning.", 132.0),
    ("sodium", "Sodium 132 mmol/L this morning.", 132.0),
    ("sodium", "Sodium 132 mmol/l this morning.", 132.0),
    ("potassium", "Potassium 5.6 mEq/L this morning.", 5.6),
    ("potassium", "Potassium 5.6 mmol/l this morning.", 5.6),
    ("chloride", "Chloride 98 mEq/L this morning.", 98.0),
    ("chloride", "Chloride 98 mmol/L this morning.", 98.0),
    ("bicarbonate", "Bicarbonate 18 mEq/L this morning.", 18.0),
    ("bicarbonate", "Bicarbonate 18 mmol/L this morning.", 18.0),
    ("bicarbonate", "HCO3 18 mmol/l this morning.", 18.0),
    # albumin, canonical g/dL; g/L / 10
    ("albumin", "Albumin 2.8 g/dL on the panel.", 2.8),
    ("albumin", "Albumin 28 g/L on the panel.", 2.8),  # 28 / 10 = 2.8
    ("albumin", "Albumin 28 g/l on the panel.", 2.8),
    ("albumin", "Albumin 2.8 gm/dL on the panel.", 2.8),  # gm = g
    ("albumin", "Albumin 2.8 g% on the panel.", 2.8),  # g% = g per 100 mL = g/dL
    # glucose, canonical mg/dL; 1 mmol/L x 180.16 g/mol = 18.016 mg/dL
    ("glucose", "Glucose 180 mg/dL at triage.", 180.0),
    ("glucose", "Glucose 180 mg% at triage.", 180.0),
    ("glucose", "Glucose 10 mmol/L at triage.", 180.16),  # 10 x 18.016
    ("glucose", "Glucose 10 mmol/l at triage.", 180.16),
    ("glucose", "Glucose 1.8 g/L at triage.", 180.0),  # 1.8 g/L = 1800 mg/L = 180 mg/dL
    # total bilirubin, canonical mg/dL; 1 mg/dL = 10 mg/L / 584.66 g/mol = 17.10 µmol/L
    ("bilirubin", "Total bilirubin 2.1 mg/dL noted.", 2.1),
    ("bilirubin", "Total bilirubin 36 µmol/L noted.", 2.104776),  # 36 x 584.66 / 10000
    ("bilirubin", "Total bilirubin 36 umol/l noted.", 2.104776),
    ("bilirubin", "Total bilirubin 36 mcmol/L noted.", 2.104776),
    ("bilirubin", "Total bilirubin 21 mg/L noted.", 2.1),  # 21 / 10
    # calcium, canonical mg/dL; 1 mmol/L x 40.08 g/mol = 4.008 mg/dL; divalent: 1 mEq/L = 0.5 mmol/L
    ("calcium", "Calcium 8.4 mg/dL in the report.", 8.4),
    ("calcium", "Calcium 2.1 mmol/L in the report.", 8.4168),  # 2.1 x 4.008
    ("calcium", "Calcium 4.2 mEq/L in the report.", 8.4168),  # 4.2 / 2 = 2.1 mmol/L; x 4.008
    # magnesium, canonical mg/dL; 1 mmol/L x 24.305 g/mol = 2.4305 mg/dL; divalent
    ("magnesium", "Magnesium 1.8 mg/dL in the report.", 1.8),
    ("magnesium", "Magnesium 0.75 mmol/L in the report.", 1.822875),  # 0.75 x 2.4305
    ("magnesium", "Magnesium 1.5 mEq/L in the report.", 1.822875),  # 1.5 / 2 = 0.75 mmol/L
    # cholesterol (total, HDL, LDL), canonical mg/dL; 1 mmol/L x 386.65 g/mol = 38.665 mg/dL
    ("total_cholesterol", "Total cholesterol 200 mg/dL fasting.", 200.0),
    ("total_cholesterol", "Total cholesterol 5.2 mmol/L fasting.", 201.058),  # 5.2 x 38.665
    ("hdl", "HDL 1.1 mmol/L fasting.", 42.5315),  # 1.1 x 38.665
    ("hdl", "HDL 42 mg/dL fasting.", 42.0),
    ("ldl", "LDL 3.4 mmol/l fasting.", 131.461),  # 3.4 x 38.665
    # triglycerides, canonical mg/dL; 1 mmol/L x 885.7 g/mol = 88.57 mg/dL
    ("triglycerides", "Triglycerides 150 mg/dL fasting.", 150.0),
    ("triglycerides", "Triglycerides 1.7 mmol/L fasting.", 150.569),  # 1.7 x 88.57
    # haemoglobin, canonical g/dL; g/L / 10; 1 mmol/L (per haem, 16,114.5 g/mol) = 1.61145 g/dL
    ("hemoglobin", "Hemoglobin 9.8 g/dL at presentation.", 9.8),
    ("hemoglobin", "Hemoglobin 98 g/L at presentation.", 9.8),
    ("hemoglobin", "Hemoglobin 98 g/l at presentation.", 9.8),
    ("hemoglobin", "Hemoglobin 9.8 gm/dL at presentation.", 9.8),
    ("hemoglobin", "Hemoglobin 9.8 gm/dl at presentation.", 9.8),
    ("hemoglobin", "Hemoglobin 9.8 g% at presentation.", 9.8),
    ("hemoglobin", "Hemoglobin 9.8 gm% at presentation.", 9.8),
    ("hemoglobin", "Hemoglobin 6.1 mmol/L at presentation.", 9.829845),  # 6.1 x 1.61145
    # haematocrit, canonical %; a fraction (L/L) x 100
    ("hematocrit", "Hematocrit 36% at presentation.", 36.0),
    ("hematocrit", "Hematocrit 0.36 L/L at presentation.", 36.0),
    # platelets, canonical 10^3/µL (= 10^9/L, = K/µL = G/L = /nL); a count per µL / 1000
    ("platelets", "Platelets 150 x10^9/L on the count.", 150.0),
    ("platelets", "Platelets 150 ×10^9/L on the count.", 150.0),
    ("platelets", "Platelets 150 x 10⁹/L on the count.", 150.0),
    ("platelets", "Platelets 150 x10*9/L on the count.", 150.0),
    ("platelets", "Platelets 150 10^9/L on the count.", 150.0),
    ("platelets", "Platelets 150 K/µL on the count.", 150.0),
    ("platelets", "Platelets 150 K/uL on the count.", 150.0),
    ("platelets", "Platelets 150 x10^3/µL on the count.", 150.0),
    ("platelets", "Platelets 150 x 10³/µL on the count.", 150.0),
    ("platelets", "Platelets 150 10^3/uL on the count.", 150.0),
    ("platelets", "Platelets 150 G/L on the count.", 150.0),  # giga = 10^9
    ("platelets", "Platelets 150 Gpt/L on the count.", 150.0),
    ("platelets", "Platelets 150 x1000/µL on the count.", 150.0),  # 150 x 1000 per µL / 1000
    ("platelets", "Platelets 150 thou/µL on the count.", 150.0),
    ("platelets", "Platelets 150 K/mm3 on the count.", 150.0),
    ("platelets", "Platelets 150/nL on the count.", 150.0),  # 1 nL = 10^-9 L, so /nL = 10^9/L
    ("platelets", "Platelets 150,000/µL on the count.", 150.0),  # 150,000 / 1000
    ("platelets", "Platelets 150000/mm3 on the count.", 150.0),  # mm3 = µL
    ("platelets", "Platelets 150,000 cells/mm³ on the count.", 150.0),
    ("platelets", "Platelets 1.5 lakh/µL on the count.", 150.0),  # 1.5 x 100,000 / 1000
    # white cells, canonical 10^3/µL
    ("wbc", "WBC 14.2 x10^9/L on the count.", 14.2),
    ("wbc", "WBC 14.2 K/uL on the count.", 14.2),
    ("wbc", "WBC 14.2 10^3/µL on the count.", 14.2),
    ("wbc", "WBC 14.2 G/L on the count.", 14.2),
    ("wbc", "WBC 14,200/mm3 on the count.", 14.2),  # 14,200 / 1000
    ("wbc", "WBC 14200 cells/µL on the count.", 14.2),
    # enzymes, canonical U/L; IU/L = U/L (1 µmol substrate/min per litre)
    ("ast", "AST 45 U/L on the panel.", 45.0),
    ("ast", "AST 45 IU/L on the panel.", 45.0),
    ("ast", "AST 45 U/l on the panel.", 45.0),
    ("ast", "AST 45 units/L on the panel.", 45.0),
    ("alt", "ALT 60 IU/l on the panel.", 60.0),
    # lactate, canonical mmol/L; 1 mg/dL = 10 mg/L / 89.07 g/mol = 0.11227 mmol/L
    ("lactate", "Lactate 4.1 mmol/L on the gas.", 4.1),
    ("lactate", "Lactate 36.9 mg/dL on the gas.", 4.142809),  # 369 / 89.07
    ("lactate", "Lactate 4.1 mEq/L on the gas.", 4.1),  # monovalent
    # blood gases, canonical mmHg; 1 kPa = 7.50062 mmHg
    ("pao2", "PaO2 68 mmHg on the gas.", 68.0),
    ("pao2", "PaO2 68 mm Hg on the gas.", 68.0),
    ("pao2", "PaO2 68 torr on the gas.", 68.0),
    ("pao2", "PaO2 9.1 kPa on the gas.", 68.255642),  # 9.1 x 7.50062
    ("paco2", "PaCO2 4.8 kPa on the gas.", 36.002976),  # 4.8 x 7.50062
    ("paco2", "PaCO2 36 mmHg on the gas.", 36.0),
    # FiO2, canonical %; a fraction x 100
    ("fio2", "FiO2 40% on the ventilator.", 40.0),
    ("fio2", "FiO2 0.4 on the ventilator.", 40.0),
    # urine sodium (mEq/L) and urine creatinine (mg/dL)
    ("urine_sodium", "Urine sodium 40 mmol/L on the spot sample.", 40.0),
    ("urine_creatinine", "Urine creatinine 8840 µmol/L on the spot sample.", 99.99808),  # 8840 x 113.12 / 10000
    ("urine_creatinine", "Urine creatinine 8.84 mmol/L on the spot sample.", 99.99808),
    ("urine_creatinine", "Urine creatinine 100 mg/dL on the spot sample.", 100.0),
    # insulin, canonical µIU/mL; mIU/L = µIU/mL; 6 pmol/L = 1 µIU/mL
    ("insulin", "Fasting insulin 12 µIU/mL this week.", 12.0),
    ("insulin", "Fasting insulin 12 uIU/mL this week.", 12.0),
    ("insulin", "Fasting insulin 12 mIU/L this week.", 12.0),
    ("insulin", "Fasting insulin 72 pmol/L this week.", 12.0),  # 72 / 6
    # troponin, canonical ng/mL; ng/L / 1000; µg/L = ng/mL
    ("troponin", "Troponin 0.5 ng/mL at six hours.", 0.5),
    ("troponin", "Troponin 500 ng/L at six hours.", 0.5),
    ("troponin", "Troponin 0.5 µg/L at six hours.", 0.5),
    # vitals
    ("temperature", "Temperature 38.5 °C at triage.", 38.5),
    ("temperature", "Temperature 101.3 °F at triage.", 38.5),  # (101.3 - 32) x 5 / 9 = 38.5
    ("temperature", "Temperature 101.3 F at triage.", 38.5),
    ("temperature", "Temperature 101.3 degrees F at triage.", 38.5),
    ("temperature", "Temperature 101.3 ℉ at triage.", 38.5),
    ("heart_rate", "Heart rate 112 bpm at triage.", 112.0),
    ("heart_rate", "Heart rate 112 beats/min at triage.", 112.0),
    ("respiratory_rate", "Respiratory rate 24 breaths/min at triage.", 24.0),
    ("systolic_bp", "Systolic blood pressure 88 mmHg at triage.", 88.0),
    ("spo2", "SpO2 91% at triage.", 91.0),
    # anthropometrics
    ("weight", "Weight 70 kg on the ward scale.", 70.0),
    ("weight", "Weight 154 lb on the ward scale.", 69.853225),  # 154 x 0.45359237
    ("weight", "Weight 154 lbs on the ward scale.", 69.853225),
    ("height", "Height 175 cm on the chart.", 175.0),
    ("height", "Height 1.75 m on the chart.", 175.0),
    ("height", "Height 69 in on the chart.", 175.26),  # 69 x 2.54
    ("bmi", "BMI 31 kg/m2 on the chart.", 31.0),
    # ECG, canonical msec
    ("qt_interval", "QT 440 ms on the tracing.", 440.0),
    ("qt_interval", "QT 0.44 s on the tracing.", 440.0),  # 0.44 x 1000
    ("qtc_interval", "QTc 480 msec on the tracing.", 480.0),
    ("qtc_interval", "QTc 0.48 s on the tracing.", 480.0),  # 0.48 x 1000
    # the rest of the extractor's quantities
    ("diastolic_bp", "Diastolic blood pressure 58 mmHg at triage.", 58.0),
    ("direct_bilirubin", "Direct bilirubin 17.1 µmol/L noted.", 0.999769),  # 17.1 x 584.66 / 10000
    ("direct_bilirubin", "Direct bilirubin 1.0 mg/dL noted.", 1.0),
    ("hba1c", "HbA1c 7.2% last month.", 7.2),
    ("gcs", "GCS 9/15 on arrival.", 9.0),
    # unitless ratios
    ("inr", "INR 1.8 this morning.", 1.8),
    ("ph", "pH 7.21 on the gas.", 7.21),
]


@pytest.mark.parametrize("name,sentence,expected", PAIRS, ids=[f"{n}:{s}" for n, s, _ in PAIRS])
def test_reads_and_converts(name, sentence, expected):
    v = extract(sentence, findings=False).get(name)
    assert v is not None, f"{name} not read from {sentence!r}"
    assert v.value == pytest.approx(expected, rel=1e-4)
    if name not in UNITLESS and sentence not in BARE:
        # the unit was read, not assumed: the evidence carries it
        assert v.original_unit and not v.unit_assumed, (v.original_unit, v.raw)
        assert v.original_unit.replace(" ", "") in v.raw.replace(" ", "")


UNITLESS = {"inr", "ph"}
BARE = {"FiO2 0.4 on the ventilator."}


@pytest.mark.parametrize("sentence,name,expected", [
    ("Alb 28 on the morning panel.", "albumin", 2.8),  # bare 10-70: g/L, / 10
    ("Alb 2.8 on the morning panel.", "albumin", 2.8),  # bare <= 7: g/dL
    ("Hb 98 on the morning panel.", "hemoglobin", 9.8),  # bare 30-250: g/L, / 10
    ("Hb 9.8 on the morning panel.", "hemoglobin", 9.8),  # bare <= 25: g/dL
    ("Glucose 2700 mg/dL in hyperosmolar coma.", "glucose", 2700.0),
    ("Creatinine 30 mg/dL after the crush injury.", "creatinine", 30.0),  # possible with its unit (up to 40)  # above the old 2500 bound, possible
])
def test_bare_numbers_in_g_per_litre_and_wide_ranges(sentence, name, expected):
    assert extract(sentence, findings=False)[name].value == pytest.approx(expected)


@pytest.mark.parametrize("sentence,name", [
    ("Alb 8.5 on the morning panel.", "albumin"),  # between 7 g/dL and 10 g/L: neither, refused
    ("Hb 27 on the morning panel.", "hemoglobin"),  # between 25 g/dL and 30 g/L
    ("Sodium 14 mmol/L on the panel.", "sodium"),  # impossible sodium: not a reading
    ("Creatinine 0 mg/dL on the panel.", "creatinine"),
    ("Creatinine 30 on the panel.", "creatinine"),  # bare and above 25: mg/dL or µmol/L? not read
    ("Platelets 5,000,000/µL on the count.", "platelets"),  # 5000 x 10^3/µL, above 2500
    ("Platelets 150 g/L on the count.", "platelets"),  # a mass concentration is not a count
])
def test_impossible_or_ambiguous_numbers_are_not_read(sentence, name):
    assert extract(sentence, findings=False).get(name) is None
