"""Issue 13 (p): which reading of a lab or vital sign counts when a note gives several (value selection across time).

Rules tested here (tools/extraction/measurements.py, time frames of readings; no calculator's own criterion rule):
- A value explicitly of an earlier time is a past (baseline) reading and sorts after the current one: a past time after
  the reading ('albumin was 2.4 g/dL at that time', '(INR 3 then)', 'Albumin 3.8 g/dL (2019)', 'Cr 1.1 (2022) -> 2.4
  today', 'creatinine 1.4 in 2019'), or earlier in its sentence ('In 2020 her bilirubin was 5', 'at the time of her last
  admission albumin was 3.5', 'during her previous admission'), unless a current time comes between ('In 2020 she was
  diagnosed with cirrhosis and now her bilirubin is 3.2'). 'prior to transfusion' is no baseline.
- A value measured after a treatment of the presentation, or at discharge, is a later reading: it sorts after the
  presenting value and before past ones ('after 2 L fluid BP 110/70', 'following resuscitation with 2 L crystalloid,
  BP 118/76', 'post-FFP INR 1.4', 'Hb 9.6 g/dL after 2 units PRBC', 'Repeat after insulin:', 'Discharge labs:').
  Scores of the presenting state (PSI, CURB-65, Glasgow-Blatchford, Child-Pugh, MELD, the lab calculators) read the
  presenting value; SOFA and APACHE II keep later first-day readings among the worst-value candidates.
- Blood pressure pairs and rates / temperatures found by their unit get the same time frame as labelled readings.
- A results table with one quantity per column ('Time | HR | BP', tab- or '|'-separated, a unit in brackets in the
  header: 'Bilirubin (mg/dL)'): every row is a reading; the presenting row is the one named so ('Admission', 'Triage',
  'Initial'), else the earliest clock time, else the first row; the other rows are later readings and a row dated by a
  year or named baseline / previous a past one.

Sentences written for this test in varied styles (clinic letters, ED triage, SOAP, flowsheets, discharge summaries);
none is taken from a benchmark note or from app/data/dev/. Expected values follow each calculator's published definition
(APACHE II / SOFA: worst first-day value; PSI, CURB-65, Glasgow-Blatchford: the presenting value) and MedCalc-Bench's
conventions.
"""

from __future__ import annotations

import pytest

from tests.unit.extraction._rules import args_of

CASES = [
    ('child_pugh', 'albumin', 3.1,
     'Albumin was 2.4 g/dL at that time. Today albumin 3.1 g/dL, bilirubin 1.8 mg/dL, INR 1.3.'),
    ('child_pugh', 'bilirubin', 1.6,
     'In 2020 her bilirubin was 5 mg/dL. Current labs: bilirubin 1.6 mg/dL, albumin 3.4 g/dL, INR 1.2.'),
    ('meld_na', 'creatinine', 1.2,
     'Previous admission: creatinine 2.1 mg/dL. On admission creatinine 1.2 mg/dL, bilirubin 2.0 mg/dL, INR 1.5, sodium 133 mmol/L.'),
    ('child_pugh', 'inr', 1.4,
     'PMHx: alcoholic cirrhosis (INR 3 then), variceal bleed 2019. Labs: INR 1.4, bilirubin 2.2 mg/dL, albumin 3.0 g/dL.'),
    ('ckd_epi_2021', 'creatinine', 2.3,
     '72 yo man. Baseline creatinine 1.0 mg/dL. Creatinine today 2.3 mg/dL.'),
    ('ckd_epi_2021', 'creatinine', 1.9,
     '72 yo man, creatinine this AM 1.9 mg/dL (baseline creatinine 1.0).'),
    ('ckd_epi_2021', 'creatinine', 2.6,
     '68 year old woman. Creatinine 1.4 mg/dL 3 years ago. Now creatinine 2.6 mg/dL.'),
    ('psi', 'systolic_bp', 78,
     'BP 78/44 on arrival; after 2 L fluid BP 110/70. RR 30, T 38.9 C, HR 118.'),
    ('psi', 'heart_rate', 124,
     'On arrival HR 124 bpm. After fluids and antipyretics, HR 96 bpm.'),
    ('curb_65', 'systolic_bp', 84,
     'Initial blood pressure 84/50 mmHg, which improved to 112/68 mmHg after a 1 L bolus. Urea 9 mmol/L, RR 32.'),
    ('curb_65', 'diastolic_bp', 50,
     'Initial blood pressure 84/50 mmHg, which improved to 112/68 mmHg after a 1 L bolus. Urea 9 mmol/L, RR 32.'),
    ('child_pugh', 'inr', 2.8,
     'INR 2.8 on presentation; post-FFP INR 1.4. Bilirubin 3.1 mg/dL, albumin 2.7 g/dL.'),
    ('meld_na', 'inr', 2.8,
     'INR 2.8 on presentation; post-FFP INR 1.4. Bilirubin 3.1 mg/dL, creatinine 1.1 mg/dL, Na 130.'),
    ('sodium_correction_hyperglycemia', 'glucose', 640,
     'Glucose 640 mg/dL, sodium 128 mEq/L on arrival. Repeat after insulin: glucose 310 mg/dL, sodium 134 mEq/L.'),
    ('sodium_correction_hyperglycemia', 'sodium', 128,
     'Glucose 640 mg/dL, sodium 128 mEq/L on arrival. Repeat after insulin: glucose 310 mg/dL, sodium 134 mEq/L.'),
    ('anion_gap', 'bicarbonate', 8,
     'Na 134, Cl 98, HCO3 8 on admission. After 6 h of insulin drip: Na 138, Cl 104, HCO3 16.'),
    ('glasgow_blatchford', 'hemoglobin', 7.9,
     'Hb 7.9 g/dL on admission; post-transfusion Hb 9.6 g/dL. Urea 14 mmol/L. BP 96/60, HR 110.'),
    ('glasgow_blatchford', 'hemoglobin', 7.1,
     'Hb 9.6 g/dL after 2 units PRBC (pre-transfusion Hb 7.1 g/dL). BUN 40 mg/dL, SBP 102, pulse 104.'),
    ('glasgow_blatchford', 'hemoglobin', 8.8,
     'Male 61. Hemoglobin 14.2 g/dL in March 2021. Today hemoglobin 8.8 g/dL, BUN 32 mg/dL, BP 104/66, HR 98.'),
    ('has_bled', 'renal_disease', False,
     'Creatinine 2.5 mg/dL during the previous admission. Current creatinine 1.3 mg/dL. Age 70.'),
    ('calcium_correction', 'albumin', 2.1,
     'Calcium 7.8 mg/dL, albumin 2.1 g/dL. Albumin had been 3.8 g/dL a year earlier.'),
    ('calcium_correction', 'albumin', 2.3,
     'Albumin 3.8 g/dL (2019). Calcium 7.6 mg/dL and albumin 2.3 g/dL today.'),
    ('fib4', 'platelets', 98,
     'Platelets 240 x10^9/L two years ago; now platelets 98 x10^9/L, AST 88 U/L, ALT 54 U/L. Age 58.'),
    ('ckd_epi_2021', 'creatinine', 1.8,
     'Labs from last year: creatinine 0.9 mg/dL. Labs this admission: creatinine 1.8 mg/dL. 60 yo F.'),
    ('ckd_epi_2021', 'creatinine', 1.8,
     '60 yo F. Creatinine 0.9 mg/dL at her last clinic visit, 1.8 mg/dL this morning.'),
    ('meld_na', 'bilirubin', 4.2,
     'Discharge labs: bilirubin 1.1 mg/dL, INR 1.1. Admission labs: bilirubin 4.2 mg/dL, INR 2.0, creatinine 1.5 mg/dL, sodium 129.'),
    ('meld_na', 'inr', 2.0,
     'Discharge labs: bilirubin 1.1 mg/dL, INR 1.1. Admission labs: bilirubin 4.2 mg/dL, INR 2.0, creatinine 1.5 mg/dL, sodium 129.'),
    ('psi', 'systolic_bp', 86,
     'Triage: BP 86/52, HR 122, RR 28, T 39.1 C, SpO2 86% on room air. Post-bolus: BP 104/62, HR 104.'),
    ('psi', 'heart_rate', 122,
     'Triage: BP 86/52, HR 122, RR 28, T 39.1 C, SpO2 86% on room air. Post-bolus: BP 104/62, HR 104.'),
    ('sofa', 'platelets', 62,
     'Day 1 platelets 140, day 1 bilirubin 1.0 mg/dL. Platelets 62 x10^3/uL at 06:00 and 110 at 18:00 (first 24 h). Creatinine 1.0 mg/dL.'),
    ('psi', 'heart_rate', 128,
     'Time | HR | BP\n08:00 | 128 | 82/50\n12:00 | 100 | 108/64\n'),
    ('psi', 'systolic_bp', 82,
     'Time | HR | BP\n08:00 | 128 | 82/50\n12:00 | 100 | 108/64\n'),
    ('meld_na', 'sodium', 127,
     'In 2018 (prior admission) sodium was 139 and bilirubin 0.8. This admission: sodium 127 mEq/L, bilirubin 3.5 mg/dL, INR 1.9, creatinine 1.4 mg/dL.'),
    ('meld_na', 'bilirubin', 3.5,
     'In 2018 (prior admission) sodium was 139 and bilirubin 0.8. This admission: sodium 127 mEq/L, bilirubin 3.5 mg/dL, INR 1.9, creatinine 1.4 mg/dL.'),
    ('child_pugh', 'albumin', 2.6,
     'Old records: albumin 3.9, bilirubin 0.9. Now albumin 2.6 g/dL, bilirubin 3.4 mg/dL, INR 1.8.'),
    ('ckd_epi_2021', 'creatinine', 2.4,
     '55 yo male. Cr 1.1 (2022) -> 2.4 mg/dL today.'),
    ('child_pugh', 'bilirubin', 2.9,
     'S: confused. O: bili 2.9 mg/dL, alb 2.8 g/dL, INR 1.7. Last month bili was 1.5 and alb 3.3.'),
    ('child_pugh', 'albumin', 2.8,
     'S: confused. O: bili 2.9 mg/dL, alb 2.8 g/dL, INR 1.7. Last month bili was 1.5 and alb 3.3.'),
    ('curb_65', 'systolic_bp', 88,
     'BP at presentation 88/54 mmHg; BP after fluid resuscitation 118/72 mmHg. 79-year-old. BUN 28 mg/dL.'),
    ('glasgow_blatchford', 'systolic_bp', 92,
     'Following resuscitation with 2 L crystalloid, BP 118/76 and pulse 92. BP on arrival was 92/58 with pulse 116. Hb 8.1 g/dL, urea 12 mmol/L.'),
    ('glasgow_blatchford', 'heart_rate', 116,
     'Following resuscitation with 2 L crystalloid, BP 118/76 and pulse 92. BP on arrival was 92/58 with pulse 116. Hb 8.1 g/dL, urea 12 mmol/L.'),
    ('apache_ii', 'creatinine', 2.4,
     'On ICU admission: temp 38.1 C, HR 130, RR 30, Na 131, K 5.8, creatinine 2.4 mg/dL, Hct 31%, WBC 19. Two years ago creatinine 4.1 mg/dL.'),
    ('ckd_epi_2021', 'creatinine', 2.0,
     '70 yo woman. Creatinine was 1.0 mg/dL at that time. Creatinine now 2.0 mg/dL.'),
    ('child_pugh', 'albumin', 2.5,
     'At the time of her last admission albumin was 3.5 g/dL. Currently albumin 2.5 g/dL, bilirubin 2.0 mg/dL, INR 1.4.'),
    ('psi', 'systolic_bp', 82,
     'SBP 82 initially, 105 after 30 mL/kg crystalloid. HR 110. RR 26. Temp 38.6 C.'),
    ('meld_na', 'creatinine', 1.6,
     'Creatinine 1.6 mg/dL (prior 0.9), bilirubin 2.4 mg/dL, INR 1.6, Na 131.'),
    ('meld_na', 'bilirubin', 4.4,
     'Date\tBilirubin (mg/dL)\tINR\tCreatinine (mg/dL)\tNa (mmol/L)\n2019\t0.9\t1.0\t0.8\t140\nAdmission\t4.4\t2.1\t1.7\t128\nDischarge\t2.0\t1.3\t1.0\t135\n'),
    ('meld_na', 'inr', 2.1,
     'Date\tBilirubin (mg/dL)\tINR\tCreatinine (mg/dL)\tNa (mmol/L)\n2019\t0.9\t1.0\t0.8\t140\nAdmission\t4.4\t2.1\t1.7\t128\nDischarge\t2.0\t1.3\t1.0\t135\n'),
    ('curb_65', 'respiratory_rate', 34,
     '78M, pneumonia.\n| Time | RR | BP | Urea (mmol/L) |\n|---|---|---|---|\n| 14:30 | 22 | 112/70 | |\n| 09:15 | 34 | 86/48 | 9.1 |\n'),
    ('curb_65', 'systolic_bp', 86,
     '78M, pneumonia.\n| Time | RR | BP | Urea (mmol/L) |\n|---|---|---|---|\n| 14:30 | 22 | 112/70 | |\n| 09:15 | 34 | 86/48 | 9.1 |\n'),
    ('sofa', 'platelets', 61,
     'ICU flowsheet (first 24 h)\nTime | Platelets | Bilirubin (mg/dL) | Creatinine (mg/dL)\n06:00 | 88 | 2.2 | 1.9\n18:00 | 61 | 2.9 | 2.4\n'),
    ('sofa', 'creatinine', 2.4,
     'ICU flowsheet (first 24 h)\nTime | Platelets | Bilirubin (mg/dL) | Creatinine (mg/dL)\n06:00 | 88 | 2.2 | 1.9\n18:00 | 61 | 2.9 | 2.4\n'),
    ('ckd_epi_2021', 'creatinine', 1.9,
     '66 yo woman. Creatinine 1.9 mg/dL; repeat creatinine after IV fluids 1.3 mg/dL.'),
    ('ckd_epi_2021', 'creatinine', 1.9,
     '66 yo woman. After IV fluids creatinine 1.3 mg/dL. Creatinine on admission 1.9 mg/dL.'),
    ('psi', 'systolic_bp', 98,
     'Vitals now: HR 104, BP 98/62, RR 24, T 38.4 C. Two years ago BP 150/90 at her clinic.'),
    ('psi', 'heart_rate', 132,
     'Initially HR 132 bpm despite 1 L saline; following the second bolus HR 108 bpm. BP 96/58.'),
    ('glasgow_blatchford', 'hemoglobin', 7.1,
     'Hb 7.1 g/dL prior to transfusion; Hb 9.0 g/dL after. BUN 30 mg/dL, SBP 100, HR 100.'),
    ('ckd_epi_2021', 'creatinine', 2.3,
     '70 yo man. Creatinine 2.3 mg/dL at the time of admission. Creatinine 1.1 mg/dL before discharge.'),
    ('psi', 'temperature', 38.9,
     'Temp 38.9 C then 36.8 C after paracetamol. HR 110.'),
    ('psi', 'systolic_bp', 92,
     'BP 150/90 in 2019. BP 92/60 in triage. HR 110.'),
    ('child_pugh', 'bilirubin', 3.2,
     'In 2020 she was diagnosed with cirrhosis and now her bilirubin is 3.2 mg/dL, albumin 2.9 g/dL, INR 1.5.'),
    ('psi', 'temperature', 38.6,
     'Purulent nasal discharge, T 38.6 C, then 37.1 C.'),
    # a table with one quantity per row (times as columns) is no column table: the label reads its row's first value
    ('ckd_epi_2021', 'creatinine', 2.1,
     '64 yo man.\nTest | 08:00 | 14:00\nCreatinine (mg/dL) | 2.1 | 1.8\nPotassium | 5.9 | 5.1\n'),
    ('psi', 'heart_rate', 126,
     'Obs chart\nTime\tHR\tRR\tBP\n22:40\t104\t22\t108/70\nTriage\t126\t30\t88/56\n'),
]


@pytest.mark.parametrize("calc, field, expected, note", CASES)
def test_value_selection_across_time(calc, field, expected, note):
    got = args_of(calc, note).get(field)
    if isinstance(expected, bool):
        assert got is expected
    else:
        assert got == pytest.approx(expected, abs=0.011)
