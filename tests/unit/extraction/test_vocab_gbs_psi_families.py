"""Wording families of Glasgow-Blatchford, CURB-65 and PSI criteria, written from clinical usage.

Every sentence was written for these tests (none is taken from a benchmark note or app/data/dev/). Each family has
sentences that must be read and near misses that must not: a relative's, a denied one, a similar word for another
thing.
"""

from __future__ import annotations

import pytest

from tests.unit.extraction._rules import arg_of as read

GBS = "A 63-year-old man with haematemesis. "
PSI = "A 79-year-old woman with right lower lobe pneumonia. "


# --- hepatic disease: its complications, classes and procedures -------------------------------------------------------
@pytest.mark.parametrize("note", [
    "Known oesophageal varices, banded twice last year.",
    "Child-Pugh class B on his last clinic letter.",
    "TIPSS inserted in 2021 for refractory ascites.",
    "Ultrasound: hepatic steatosis with coarse echotexture.",
    "Alcohol-related liver disease, abstinent since spring.",
])
def test_hepatic_disease_in_other_words(note: str) -> None:
    assert read("glasgow_blatchford", "hepatic_disease", GBS + note) is True


@pytest.mark.parametrize("note", [
    "OGD: no oesophageal varices, a clean-based duodenal ulcer.",   # denied
    "His brother has alcohol-related liver disease.",               # a relative's
    "Varicose veins of both legs.",                                 # a leg's veins, not the gullet's
])
def test_hepatic_disease_near_misses(note: str) -> None:
    assert read("glasgow_blatchford", "hepatic_disease", GBS + note) is not True


# --- cardiac failure: LV impairment in words, devices, a measured ejection fraction <= 40 % -------------------------
@pytest.mark.parametrize("note", [
    "Echo last year: severely impaired LV function.",
    "Known LV impairment, under the heart failure nurses.",
    "Has a biventricular pacemaker (CRT-D) since 2020.",
    "Last echo showed an LVEF of 30-35%.",
    "Ejection fraction estimated at 25% on his last echocardiogram.",
])
def test_cardiac_failure_in_other_words(note: str) -> None:
    assert read("glasgow_blatchford", "cardiac_failure", GBS + note) is True


@pytest.mark.parametrize("note", [
    "Echo: LVEF 60%, normal valves.",                  # a normal fraction decides nothing
    "EF 40-45% on a recent echo.",                     # mildly reduced, above 40 %
    "His father had poor LV function.",                # a relative's
    "No LV impairment on echo.",                       # denied
])
def test_cardiac_failure_near_misses(note: str) -> None:
    assert read("glasgow_blatchford", "cardiac_failure", GBS + note) is not True


def test_psi_counts_a_reduced_ejection_fraction_as_heart_failure() -> None:
    assert read("psi", "chf", PSI + "Echo in March: EF 30%.") is True


# --- syncope: faint, vasovagal episode, lay words for blacking out; light-headedness is not ---------------------------
@pytest.mark.parametrize("note", [
    "He had a faint in the bathroom this morning.",
    "Vasovagal episode on standing, lasting seconds.",
    "Keeled over at the kitchen table and came round quickly.",
    "Witnessed TLOC for about 20 seconds.",
])
def test_syncope_in_other_words(note: str) -> None:
    assert read("glasgow_blatchford", "syncope", GBS + note) is True


@pytest.mark.parametrize("note", [
    "Felt faint on standing but did not lose consciousness.",   # presyncope
    "Near-syncope on the way in.",
    "No passing out.",
    "His wife keeled over last year with a stroke.",            # a relative's
])
def test_syncope_near_misses(note: str) -> None:
    assert read("glasgow_blatchford", "syncope", GBS + note) is not True


# --- confusion (CURB-65, PSI): confusional state, reduced consciousness, incoherence ------------------------------------
@pytest.mark.parametrize("calc, field", [("curb_65", "confusion"), ("psi", "altered_mental_status")])
@pytest.mark.parametrize("note", [
    "On arrival she was in an acute confusional state.",
    "Reduced level of consciousness, rousable to voice.",
    "Incoherent and unable to give a history.",  # history-taking is no past cue
    "Confused; a history was obtained from her daughter.",
])
def test_confusion_in_other_words(calc: str, field: str, note: str) -> None:
    assert read(calc, field, PSI + note) is True


@pytest.mark.parametrize("calc, field", [("curb_65", "confusion"), ("psi", "altered_mental_status")])
@pytest.mark.parametrize("note", [
    "No acute confusional state; alert and fully orientated.",
    "Her husband has been in an acute confusional state since his fall.",  # a relative's
])
def test_confusion_near_misses(calc: str, field: str, note: str) -> None:
    assert read(calc, field, PSI + note) is not True


# --- nursing home (PSI): British and American names of the place ----------------------------------------------------
@pytest.mark.parametrize("note", [
    "She lives in an EMI home.",
    "Resident of a memory care unit for three years.",
    "Lives in an old people's home in town.",
])
def test_nursing_home_in_other_words(note: str) -> None:
    assert read("psi", "nursing_home_resident", PSI + note) is True


@pytest.mark.parametrize("note", [
    "Her mother lives in an old people's home; she lives alone.",   # a relative's
    "Plan: discharge to an EMI home once medically fit.",           # a destination
])
def test_nursing_home_near_misses(note: str) -> None:
    assert read("psi", "nursing_home_resident", PSI + note) is not True


# --- cerebrovascular disease and renal disease (PSI) -------------------------------------------------------------------
@pytest.mark.parametrize("field, note", [
    ("cerebrovascular_disease", "Subarachnoid haemorrhage in 2015, clipped."),
    ("cerebrovascular_disease", "Left carotid endarterectomy after amaurosis fugax."),
    ("renal_disease", "Diabetic nephropathy, followed in the renal clinic."),
    ("renal_disease", "Autosomal dominant polycystic kidney disease (ADPKD)."),
    ("renal_disease", "IgA nephropathy diagnosed on biopsy in 2010."),
])
def test_psi_history_in_other_words(field: str, note: str) -> None:
    assert read("psi", field, PSI + note) is True


@pytest.mark.parametrize("field, note", [
    ("cerebrovascular_disease", "No subarachnoid haemorrhage on CT."),
    ("cerebrovascular_disease", "Her sister had a subarachnoid haemorrhage."),
    ("renal_disease", "Contrast nephropathy is a risk; fluids given before the CT."),  # not a nephropathy of hers
    ("renal_disease", "Simple renal cyst on ultrasound."),
])
def test_psi_history_near_misses(field: str, note: str) -> None:
    assert read("psi", field, PSI + note) is not True


# --- neoplastic disease (PSI): tumour names and treatments -----------------------------------------------------------
@pytest.mark.parametrize("note", [
    "Hodgkin lymphoma diagnosed four months ago, on ABVD.",
    "Grade 3 astrocytoma, currently on temozolomide.",
    "Multiple myeloma on lenalidomide maintenance.",
    "Liver secondaries from a colorectal primary, palliative care.",
])
def test_neoplastic_disease_in_other_words(note: str) -> None:
    assert read("psi", "neoplastic_disease", PSI + note) is True


@pytest.mark.parametrize("note", [
    "Her father died of a glioma.",                  # a relative's
    "No secondaries on staging CT in 2009; discharged from oncology follow-up in 2014.",
])
def test_neoplastic_disease_near_misses(note: str) -> None:
    assert read("psi", "neoplastic_disease", PSI + note) is not True


# --- melaena --------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("note, expected", [
    ("Three melanotic stools since yesterday.", True),
    ("Melaenic stool on PR examination.", True),
    ("No melanotic stools.", False),
])
def test_melena_in_other_words(note: str, expected: bool) -> None:
    assert bool(read("glasgow_blatchford", "melena", GBS + note)) is expected


# --- current-only criteria do not take a past mention of the new words ------------------------------------------------
@pytest.mark.parametrize("calc, field, note", [
    ("glasgow_blatchford", "syncope", "Vasovagal episode at a blood test in 2015; none since."),
    ("glasgow_blatchford", "melena", "Melanotic stools in 2019 from a duodenal ulcer, healed on PPI."),
    ("curb_65", "confusion", "Acute confusional state with a urinary infection in 2020, fully recovered."),
    ("psi", "altered_mental_status", "History of reduced level of consciousness after a head injury in 2011."),
])
def test_a_past_mention_is_not_the_current_finding(calc: str, field: str, note: str) -> None:
    assert read(calc, field, PSI + note) is not True
