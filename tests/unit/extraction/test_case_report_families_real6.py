"""Reading conventions for case-report wording (issue 26, item 5), on sentences written for these tests.

None of these sentences is taken from a benchmark note or from app/data/dev/. Each family has sentences that must be
read and a near miss that must not.
"""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.extraction.confidence import NoteReader, second_reader
from medmirror.tools.extraction.extractor import extract
from medmirror.tools.extraction.medications import extract_medications
from medmirror.tools.extraction.rules.glasgow_coma import gcs_eye
from tests.unit.extraction._rules import arg_of, value


# --- a urine-output word is no urine specimen: the creatinine after it is serum -----------------------------------------
def test_creatinine_after_a_urine_output_is_serum() -> None:
    values = extract("Renal: urine output 25 mL/h since midnight; creatinine 2.1 mg/dL, up from 0.9 mg/dL.").values
    assert values["creatinine"].value == 2.1
    assert "urine_creatinine" not in values


def test_creatinine_in_a_urine_sample_stays_urine() -> None:
    values = extract("Spot urine: sodium 18 mmol/L, creatinine 95 mg/dL.").values
    assert values["urine_creatinine"].value == 95.0
    assert "creatinine" not in values


# --- the age after a titled name: "Mr Roe, now 79," -----------------------------------------------------------------------
@pytest.mark.parametrize("note, age", [
    ("I saw Mr Alfred Quayle, now 83, in the falls clinic today.", 83.0),
    ("Re: Mrs Ivy Brandt, aged 67, who attended with palpitations.", 67.0),
])
def test_age_after_a_titled_name_with_now_or_aged(note: str, age: float) -> None:
    assert extract(note).values["age"].value == age


def test_now_before_a_duration_is_no_age() -> None:
    assert "age" not in extract("Mr Quayle, now 6 weeks after his hip operation, walks with a frame.").values


# --- metastatic cancer is active disease even in a history list or diagnosed years ago -----------------------------------
PSI = "An 81-year-old man with left lower lobe pneumonia. "


@pytest.mark.parametrize("note", [
    "His background included breast carcinoma with liver metastases diagnosed three years before.",
    "Past history: renal cell carcinoma, metastatic to lung, diagnosed in 2022.",
    "Known stage IV ovarian cancer since 2021, under the oncologists.",
])
def test_metastatic_cancer_is_active(note: str) -> None:
    assert arg_of("psi", "neoplastic_disease", PSI + note) is True
    assert arg_of("wells_pe", "malignancy", "A 70-year-old with pleuritic chest pain. " + note) is True


@pytest.mark.parametrize("note", [
    "His background included bladder carcinoma resected in 2015, no metastases on surveillance.",
    "Past history: colon cancer with a liver metastasis resected in 2016, in remission since.",
])
def test_cancer_without_spread_or_in_remission_stays_past(note: str) -> None:
    assert arg_of("psi", "neoplastic_disease", PSI + note) is False


# --- GCS eyes: a pain stimulus written as a noun after 'when'; a state minutes after a treatment is later -----------------
@pytest.mark.parametrize("note", [
    "His eyes stayed shut when his name was called; they opened when firm pressure was put on a nail bed.",
    "On arrival her eyes were closed; they opened only when pressure was applied to the supraorbital ridge.",
])
def test_eyes_open_when_pressure_is_applied(note: str) -> None:
    assert value(gcs_eye, note) == "eye opening to pain"


def test_eyes_open_when_pressed_for_a_talk_is_not_pain() -> None:
    assert value(gcs_eye, "He opened his eyes when his daughter spoke to him.") == "eye opening to verbal command"


def test_eyes_opening_minutes_after_an_antidote_is_not_the_first_assessment() -> None:
    note = ("On arrival her eyes opened only to a sternal rub. Flumazenil was given at 14:10. "
            "Within five minutes she was opening her eyes to voice and talking.")
    assert value(gcs_eye, note) == "eye opening to pain"


# --- a titration from one dose to another: the dose it reached -------------------------------------------------------------
@pytest.mark.parametrize("text, dose", [
    ("Noradrenaline weaned from 0.3 to 0.12 mcg/kg/min over the night.", 0.12),
    ("Norepinephrine titrated up from 0.05 mcg/kg/min to 0.25 mcg/kg/min after the fluid bolus.", 0.25),
])
def test_titration_reads_the_dose_reached(text: str, dose: float) -> None:
    meds = [m for m in extract_medications(text) if m.name == "norepinephrine"]
    assert meds and meds[0].dose == dose


def test_titration_to_a_target_is_not_a_dose() -> None:
    meds = [m for m in extract_medications("Norepinephrine titrated to a MAP of 65 mmHg.") if m.name == "norepinephrine"]
    assert meds and meds[0].dose is None


def test_sofa_reads_the_current_norepinephrine_after_a_wean() -> None:
    note = "A 60-year-old in septic shock. Remains on noradrenaline, weaned from 0.2 to 0.06 mcg/kg/min this morning."
    assert arg_of("sofa", "norepinephrine", note) == pytest.approx(0.06)


# --- Child-Pugh ascites: today's grade, not an earlier admission's; a denied grade word grades nothing --------------------
CP = "A 61-year-old with alcohol-related cirrhosis. "


def test_earlier_admission_paracentesis_gives_way_to_todays_slight_ascites() -> None:
    note = CP + ("She was admitted in February with ascites that needed a large-volume paracentesis. "
                 "Today there is a small amount of shifting dullness; the abdomen is soft and not tense.")
    assert arg_of("child_pugh", "ascites", note) == "slight"


def test_todays_tense_ascites_stays_moderate() -> None:
    note = CP + "She was admitted in February with jaundice. Today there is tense ascites needing a paracentesis."
    assert arg_of("child_pugh", "ascites", note) == "moderate"


# --- a conclusion in a new clause ends a 'no history of' scope: ", so I think a DVT is likely" is no past DVT ------------
def test_a_conclusion_clause_is_not_in_a_history_scope() -> None:
    note = ("A 64-year-old with a swollen left calf. There is no history of a fall, so I think a deep vein thrombosis "
            "is the likeliest cause.")
    assert arg_of("wells_dvt", "previous_dvt", note) in (None, False)


def test_a_past_dvt_is_still_read() -> None:
    assert arg_of("wells_dvt", "previous_dvt", "A 64-year-old with a swollen left calf. History of DVT in 2019.") is True


# --- Wells DVT: tenderness in the popliteal fossa (over the popliteal vein) with the palpation named -----------------------
DVT = "A 58-year-old man with a swollen left leg. "


@pytest.mark.parametrize("note", [
    "He was tender to firm palpation in the left popliteal fossa.",
    "Tender in the left popliteal fossa and along the calf.",
])
def test_popliteal_fossa_tenderness_is_deep_vein_tenderness(note: str) -> None:
    assert arg_of("wells_dvt", "localized_tenderness", DVT + note) is True


@pytest.mark.parametrize("note", [
    "He was not tender to palpation in the left popliteal fossa.",
    "He was tender to palpation over the lateral malleolus.",
])
def test_popliteal_near_misses(note: str) -> None:
    assert arg_of("wells_dvt", "localized_tenderness", DVT + note) is not True


# --- a drink kept for a yearly occasion is a yearly amount ------------------------------------------------------------------
@pytest.mark.parametrize("text, per_week", [
    ("She has a glass of wine at Christmas and no other alcohol.", 1 / 52.1775),
    ("He has two pints of beer on his birthday, nothing otherwise.", 2 / 52.1775),
])
def test_yearly_occasion_drinks(text: str, per_week: float) -> None:
    assert extract(text).values["alcohol_drinks_per_week"].value == pytest.approx(per_week, abs=0.002)


def test_weekly_drinking_is_unchanged_by_the_yearly_family() -> None:
    assert extract("He drinks two pints of beer a week.").values["alcohol_drinks_per_week"].value == pytest.approx(2.0)


# --- Wells PE: the target still the subject after 'but' -------------------------------------------------------------------
PE = "A 50-year-old with pleuritic pain and tachycardia. "


def test_pe_ranked_below_after_but() -> None:
    note = PE + "PE was raised because of her recent flight but is felt much less likely than pericarditis."
    assert arg_of("wells_pe", "pe_most_likely", note) is False


def test_but_with_another_subject_is_no_ranking() -> None:
    note = PE + "PE is in the differential, but the chest X-ray is less likely to help."
    assert arg_of("wells_pe", "pe_most_likely", note) is None


# --- the second reader sees a TIA told as its episode (weak: an acute stroke has the same deficits) -----------------------
@pytest.mark.parametrize("sentence", [
    "Two years ago her speech became slurred for twenty minutes.",
    "In 2021 his face drooped on the left for half an hour; the CT was normal.",
])
def test_a_transient_deficit_raises_a_tia_doubt(sentence: str) -> None:
    doubt, found = second_reader(CALCULATORS["cha2ds2_vasc"], "tia", NoteReader("A 74-year-old in AF. " + sentence))
    assert found and doubt == 0.2


def test_a_deficit_that_resolved_raises_a_strong_tia_doubt() -> None:
    note = "A 74-year-old in AF. In 2022 his arm weakness lasted forty minutes and settled before he reached hospital."
    doubt, found = second_reader(CALCULATORS["cha2ds2_vasc"], "tia", NoteReader(note))
    assert found and doubt == 0.6


def test_a_deficit_that_never_resolved_is_no_strong_tia_doubt() -> None:
    note = "A 74-year-old in AF. A stroke in 2022 left slurred speech that never fully resolved."
    doubt, _ = second_reader(CALCULATORS["cha2ds2_vasc"], "tia", NoteReader(note))
    assert doubt < 0.6


@pytest.mark.parametrize("sentence", [
    "Her husband's speech became slurred after his stroke.",
    "No slurred speech or facial droop.",
])
def test_a_relatives_or_denied_deficit_raises_no_tia_doubt(sentence: str) -> None:
    doubt, found = second_reader(CALCULATORS["cha2ds2_vasc"], "tia", NoteReader("A 74-year-old in AF. " + sentence))
    assert not found and doubt == 0


# --- Caprini: recurrent pregnancy loss named by its trimester ('three first-trimester losses') -----------------------------
CAPRINI = "A 38-year-old woman before a laparoscopic hysterectomy. "


@pytest.mark.parametrize("note", [
    "Obstetric history: G5P1, four first-trimester losses between 2015 and 2020.",
    "She has had three consecutive early pregnancy losses.",
])
def test_recurrent_losses_by_trimester(note: str) -> None:
    assert arg_of("caprini_vte", "pregnancy_loss_history", CAPRINI + note) is True


@pytest.mark.parametrize("note", [
    "Obstetric history: two first-trimester losses, then two term deliveries.",
    "She had three first-trimester scans, all normal.",
])
def test_fewer_losses_or_no_losses_are_not_read(note: str) -> None:
    assert arg_of("caprini_vte", "pregnancy_loss_history", CAPRINI + note) is not True
