"""Wording families clinicians use for the criteria of Child-Pugh, Centor / McIsaac, FeverPAIN, SOFA and APACHE II,
written from clinical knowledge (textbook, guideline and case-report usage, British and American), on sentences
written for these tests; none is taken from a benchmark note or from app/data/dev/. Each family has near misses that
must not be read: a relative's, a denied one, a similar word for another thing.
"""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.extraction.confidence import NoteReader, second_reader
from medmirror.tools.extraction.rules.critical_care import chronic_health, urine_output
from medmirror.tools.extraction.rules.glasgow_coma import gcs_verbal
from medmirror.tools.extraction.rules.hepatic import ascites_grade, encephalopathy_grade
from medmirror.tools.extraction.rules.infection import (
    bands,
    centor_exudate_or_swelling,
    centor_fever_history,
    centor_nodes,
    fever_past_24h,
    no_cough_or_coryza,
    purulence,
    severe_tonsils,
)
from tests.unit.extraction._rules import args_of, value

CIRRHOSIS = "A 58-year-old man with alcohol-related cirrhosis. "


# --- Child-Pugh ascites: other names, examination signs, a complication that needs ascites ---------------------------
@pytest.mark.parametrize("sentence, grade", [
    ("On examination there was hydroperitoneum with a positive puddle sign.", "slight"),
    ("He was admitted with spontaneous bacterial peritonitis.", "slight"),  # SBP is an infection of ascitic fluid
    ("Ultrasound: fluid in the peritoneal cavity and around the liver.", "slight"),
    ("Tense hydroperitoneum on admission.", "moderate"),
    ("A moderate peritoneal effusion was percussed in both flanks.", "moderate"),
    ("No fluid in the abdomen on bedside ultrasound.", "absent"),
])
def test_ascites_in_other_words(sentence: str, grade: str) -> None:
    assert value(ascites_grade, CIRRHOSIS + sentence) == grade


@pytest.mark.parametrize("sentence", [
    "His brother died of spontaneous bacterial peritonitis.",  # a relative's
    "A drain was placed into a perihepatic fluid collection.",  # a collection (abscess, biloma) is not ascites
    "Pleural fluid was sent for cytology.",  # fluid of another cavity
])
def test_ascites_near_misses_are_not_read(sentence: str) -> None:
    assert value(ascites_grade, CIRRHOSIS + sentence) is None


# --- Child-Pugh encephalopathy: West Haven descriptions in other words ------------------------------------------------
@pytest.mark.parametrize("sentence, grade", [
    ("On arrival he was semi-comatose.", "grade 3-4"),
    ("Found unconscious on the sofa by his wife.", "grade 3-4"),
    ("He responds to pain only.", "grade 3-4"),
    ("He is apathetic, with marked psychomotor slowing.", "grade 1-2"),
    ("His daughter reports altered mental status for two days.", "grade 1-2"),
    ("Slightly euphoric and disinhibited on the ward round.", "grade 1-2"),
    ("Examination: a liver flap is present.", "grade 1-2"),
    ("Alert and orientated; no liver flap.", "none"),
])
def test_encephalopathy_in_other_words(sentence: str, grade: str) -> None:
    assert value(encephalopathy_grade, CIRRHOSIS + sentence) == grade


@pytest.mark.parametrize("sentence", [
    "He was briefly unconscious after tripping on the kerb, now fully alert.",  # a faint is not coma
    "He was transiently unconscious for a few seconds at the bus stop.",
    "His father became apathetic in old age.",  # a relative's
])
def test_encephalopathy_near_misses_are_not_read(sentence: str) -> None:
    assert value(encephalopathy_grade, CIRRHOSIS + sentence) in (None, "none")


# --- the second reader: signs and treatments that suggest a Child-Pugh item without settling it ----------------------
@pytest.mark.parametrize("field, sentence, doubt", [
    ("ascites", "Percussion: dull flanks bilaterally.", 0.6),
    ("ascites", "He takes spironolactone 100 mg every morning.", 0.2),  # also given for heart failure
    ("encephalopathy", "He takes rifaximin 550 mg twice daily.", 0.6),  # a dose after the drug is no reading
    ("encephalopathy", "Lactulose 20 mL twice a day.", 0.2),  # also a laxative
])
def test_suggestive_wordings_are_doubts(field: str, sentence: str, doubt: float) -> None:
    found = second_reader(CALCULATORS["child_pugh"], field, NoteReader(CIRRHOSIS + sentence))
    assert found[0] == doubt and found[1]


@pytest.mark.parametrize("field, sentence", [
    ("ascites", "No flank dullness."),
    ("encephalopathy", "His father took rifaximin 550 mg for years."),
    ("encephalopathy", "Creatinine 1.4 mg/dL."),
])
def test_suggestive_wordings_near_misses(field: str, sentence: str) -> None:
    assert second_reader(CALCULATORS["child_pugh"], field, NoteReader(CIRRHOSIS + sentence)) == (0.0, [])


# --- Centor / FeverPAIN: the throat, the nodes, cough and coryza, fever by history -----------------------------------
THROAT = "A 19-year-old student with a sore throat. "


@pytest.mark.parametrize("rule, sentence, expected", [
    (centor_exudate_or_swelling, "Bulky oedematous tonsils.", True),
    (centor_exudate_or_swelling, "Tonsils coated with a grey membrane.", True),
    (centor_exudate_or_swelling, "Pus spots on both tonsils.", True),
    (centor_exudate_or_swelling, "Exudate covering both tonsils.", True),
    (centor_exudate_or_swelling, "Tonsils are not bulky.", False),  # denied
    (centor_exudate_or_swelling, "Her sister had pus spots on her tonsils last week.", None),  # a relative's
    (centor_nodes, "Cervical adenitis.", True),
    (centor_nodes, "Nodes enlarged at the angle of the jaw.", True),
    (centor_nodes, "Small non-tender nodes palpable at the angle of the jaw.", None),  # palpable is not swollen
    (centor_nodes, "Her glands are up.", True),  # British lay wording
    (centor_nodes, "Tender anterior cervical chain.", True),
    (centor_nodes, "No lymphadenopathy.", False),
    (centor_nodes, "Axillary lymph nodes palpable.", None),  # another region's
    (purulence, "Yellow plaques on the tonsils.", True),
    (purulence, "Follicular tonsillitis.", True),
    (purulence, "Tonsillar slough on the left.", True),
    (purulence, "Throat red, mucous membranes moist.", None),  # a membrane that is not a tonsillar one
    (severe_tonsils, "Tonsils almost occluding the oropharynx.", True),  # Brodsky 4 in words
    (severe_tonsils, "Tonsils nearly filling the throat.", True),
    (severe_tonsils, "Tonsils not obstructing the airway.", False),
    (no_cough_or_coryza, "Productive of green sputum.", False),
    (no_cough_or_coryza, "Expectorating yellow phlegm.", False),
    (no_cough_or_coryza, "Nose blocked and running.", False),
    (no_cough_or_coryza, "Sniffly for two days.", False),
    (no_cough_or_coryza, "Sputum culture was not sent.", None),  # a test, not a symptom
    (no_cough_or_coryza, "No sneezes, no cough.", True),
    (fever_past_24h, "Has had a temperature since last night.", True),  # British: 'a temperature' is a fever
    (fever_past_24h, "Running a temperature at home.", True),
    (fever_past_24h, "Burning up overnight, says mum.", True),
    (fever_past_24h, "No raised temperature.", False),
    (fever_past_24h, "Has a temperature of 36.9 in clinic.", None),  # a reading below 38 °C, not a fever
    (centor_fever_history, "Spiking temperatures at home.", True),
    (centor_fever_history, "Her brother has had a temperature all week.", None),  # a relative's
])
def test_throat_criteria_in_other_words(rule, sentence: str, expected) -> None:
    assert value(rule, THROAT + sentence) is expected


@pytest.mark.parametrize("field, sentence", [
    ("exudate_or_swelling", "Seen by the GP yesterday, who diagnosed quinsy."),
    ("exudate_or_swelling", "Examination shows a left peritonsillar abscess."),
])
def test_throat_diagnoses_are_doubts_not_readings(field: str, sentence: str) -> None:
    calc = CALCULATORS["centor_mcisaac"]
    assert second_reader(calc, field, NoteReader(THROAT + sentence))[0] > 0


@pytest.mark.parametrize("field, sentence", [
    ("exudate_or_swelling", "An examination of his tonsils is described below."),  # the tonsils named, nothing found
    ("tender_nodes", "Shotty non-tender posterior cervical nodes."),  # small mobile nodes are not swollen ones
    ("exudate_or_swelling", "No sign of quinsy."),
])
def test_throat_near_misses_are_no_doubt(field: str, sentence: str) -> None:
    assert second_reader(CALCULATORS["centor_mcisaac"], field, NoteReader(THROAT + sentence)) == (0.0, [])


# --- APACHE II chronic health (Knaus 1985) in the words clinicians write it -----------------------------------------
ICU = "A 64-year-old admitted to intensive care with pneumonia. "


@pytest.mark.parametrize("sentence", [
    "Known oesophageal varices, banded last year.",  # varices document portal hypertension
    "Cirrhotic liver on CT.",
    "TIPSS inserted in 2021.",
    "Child-Pugh class C liver disease.",
    "NYHA functional class IV.",
    "Stage D heart failure.",
    "Domiciliary oxygen 2 L/min.",
    "On home NIV overnight for chronic type 2 respiratory failure.",
    "GOLD stage 4 COPD.",
    "On HD three times a week.",
    "Uses CAPD.",
    "HIV with a CD4 count of 85 cells/µL.",  # below 200/µL: AIDS by definition
    "On methotrexate and adalimumab for rheumatoid arthritis.",
    "Acute myeloid leukaemia treated with HSCT.",
])
def test_chronic_health_in_other_words(sentence: str) -> None:
    assert value(chronic_health, ICU + sentence) is True


@pytest.mark.parametrize("sentence", [
    "No history of cirrhosis.",  # denied
    "Her mother had oesophageal varices.",  # a relative's
    "Leg varices and varicose veins.",  # varices of the legs, not portal hypertension
    "Her child C-section was in 2010.",
    "HIV with a CD4 count 650.",  # above 200/µL
    "Mild COPD on inhalers.",
    "HDL 1.2 mmol/L.",  # not 'HD'
])
def test_chronic_health_near_misses(sentence: str) -> None:
    assert value(chronic_health, ICU + sentence) is None


@pytest.mark.parametrize("sentence", ["He has an LVAD.", "Neutropenic after his last course.", "A left arm AV fistula."])
def test_chronic_health_suggestive_wordings_are_doubts(sentence: str) -> None:
    assert second_reader(CALCULATORS["apache_ii"], "chronic_health", NoteReader(ICU + sentence))[0] > 0


# --- SOFA / APACHE II: ventilation, non-invasive support, vasopressor doses, urine, renal failure -------------------
@pytest.mark.parametrize("sentence, ventilated, cpap", [
    ("Intubated in the emergency department, now on SIMV.", True, None),
    ("On IPPV via an endotracheal tube.", True, None),
    ("On the vent, FiO2 0.5.", True, None),
    ("Self-ventilating on room air.", False, None),
    ("The ventral hernia was reduced.", None, None),  # 'vent' in another word
    ("Non-invasive mechanical ventilation via a face mask.", None, True),  # NIV, not invasive ventilation
    ("BPAP overnight on the unit.", None, True),
    ("CMV viraemia, started on ganciclovir.", None, None),  # cytomegalovirus, not a ventilator mode
])
def test_ventilation_in_other_words(sentence: str, ventilated, cpap) -> None:
    args = args_of("sofa", ICU + sentence)
    assert args.get("mechanical_ventilation") is ventilated and args.get("cpap") is cpap


@pytest.mark.parametrize("sentence, drug, dose", [
    ("Noradrenaline at 0.2 micrograms per kilogram per minute.", "norepinephrine", 0.2),
    ("Dopamine 5 gamma.", "dopamine", 5.0),  # ICU shorthand: gamma = µg/kg/min
    ("Dobutamine started at 5 mcg/kg per minute.", "dobutamine", 5.0),
])
def test_vasopressor_doses_in_other_units(sentence: str, drug: str, dose: float) -> None:
    assert args_of("sofa", ICU + sentence).get(drug) == pytest.approx(dose)


@pytest.mark.parametrize("sentence, ml", [
    ("Diuresis 400 mL/24 h.", 400.0),  # European usage
    ("Osmotic diuresis noted; urine output 3 L over 24 h.", 3000.0),  # 'osmotic diuresis' is no volume label
    ("Forced diuresis planned.", None),
])
def test_urine_output_as_diuresis(sentence: str, ml) -> None:
    assert value(urine_output, ICU + sentence) == ml


def test_anuria_is_a_doubt_for_the_urine_output() -> None:
    assert second_reader(CALCULATORS["sofa"], "urine_output", NoteReader(ICU + "He has been anuric since admission."))[0] == 0.6


@pytest.mark.parametrize("sentence, acute, chronic", [
    ("Acute tubular necrosis after prolonged hypotension.", True, None),
    ("Pre-renal azotaemia from vomiting.", True, None),
    ("No acute tubular necrosis on biopsy.", False, None),
    ("Established renal failure.", None, True),
    ("Chronic renal impairment, stable.", None, True),
])
def test_renal_failure_in_other_words(sentence: str, acute, chronic) -> None:
    args = args_of("apache_ii", ICU + sentence)
    assert args.get("acute_renal_failure") is acute and args.get("chronic_renal_failure") is chronic


# --- SIRS bands: stab forms are band neutrophils --------------------------------------------------------------------
@pytest.mark.parametrize("sentence, pct", [
    ("Differential: segs 60, stabs 14%.", 14.0),
    ("Stab forms 12%.", 12.0),
    ("He has a stab wound; 40% of staff were off.", None),  # a wound, not a cell
])
def test_bands_as_stab_forms(sentence: str, pct) -> None:
    assert value(bands, ICU + sentence) == pct


# --- GCS verbal: the orientation shorthand (A&O x3 is oriented; x1 or x2 is confused) --------------------------------
@pytest.mark.parametrize("sentence, verbal", [
    ("Brought in after a fall. Eyes open spontaneously, A&O x3, obeys commands.", "oriented"),
    ("Alert and oriented times three on arrival.", "oriented"),
    ("Eyes open spontaneously, AOx2, obeys commands.", "confused"),
    ("Eyes open to voice; oriented x1; localises to pain.", "confused"),  # 'oriented' alone would be wrong here
    ("Eyes open to voice, A&O x 2.", "confused"),
    ("Eyes open to voice. Her daughter is A&O x3.", None),  # a relative's
])
def test_orientation_shorthand(sentence: str, verbal) -> None:
    assert value(gcs_verbal, sentence) == verbal


# --- SOFA: a vasopressor without its dose, a tracheostomy, shock: doubts, not readings -------------------------------
@pytest.mark.parametrize("field, sentence", [
    ("norepinephrine", "Started on noradrenaline in the emergency department."),
    ("mechanical_ventilation", "Has a tracheostomy in situ."),
    ("hypotension", "In septic shock on arrival."),
    ("cpap", "On high flow nasal oxygen at 60 L/min."),  # respiratory support to some, not CPAP to others
])
def test_sofa_suggestive_wordings_are_doubts(field: str, sentence: str) -> None:
    assert second_reader(CALCULATORS["sofa"], field, NoteReader(ICU + sentence))[0] > 0


@pytest.mark.parametrize("field, sentence", [
    ("epinephrine", "Started on noradrenaline in the emergency department."),  # another drug
    ("norepinephrine", "His father was on noradrenaline after his heart surgery."),  # a relative's
    ("hypotension", "No signs of septic shock."),  # denied
    ("cpap", "High flow nasal oxygen was not needed."),  # denied
])
def test_sofa_suggestive_wordings_near_misses(field: str, sentence: str) -> None:
    assert second_reader(CALCULATORS["sofa"], field, NoteReader(ICU + sentence)) == (0.0, [])
