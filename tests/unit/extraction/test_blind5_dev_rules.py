"""General reading rules found from the development half of blind5 (app/data/dev/blind5.csv, Note IDs ending '-1';
issue 13, branch issue13h). Every sentence here was written for these tests: none is taken from a benchmark note.

Rules: a titled name with the age after a comma and a bare 'y' ('Mrs Ann Roe, 81 y, DOB ...');
tenderness 'along the course of' / 'along the line of' the deep veins (Wells DVT);
a GCS response described again in a re-assessment sentence ('Re-assessed after CT: ...', 'On reassessment ...') does
not replace the response described when the patient was first seen.
"""

from __future__ import annotations

import pytest

from medmirror.tools.extraction import extract
from tests.unit.extraction._rules import args_of

# --- A. Age after a titled name, with a bare 'y' ---------------------------------------------------------------------


@pytest.mark.parametrize(("note", "age"), [
    ("Re: Mr Tomas Brandt, 81 y, DOB 12/05/1945\nSeen in the AF clinic today.", 81),
    ("Patient: Mrs J. Okoro, 67 y; referred with palpitations.", 67),
    ("Dear colleague, I reviewed Ms Hale, 59 y, in clinic this morning.", 59),
    ("Re: Miss Ada Lunn, 72 y\nNHS no. 123 456 7890", 72),
])
def test_titled_name_age_with_bare_y(note: str, age: int) -> None:
    assert extract(note)["age"].value == age


@pytest.mark.parametrize("note", [
    "Mr Bell, 5 yards from the door, collapsed.",
    "Mrs Roe, 3 years after her hip replacement, presents with pain.",
])
def test_titled_name_number_that_is_not_an_age(note: str) -> None:
    found = extract(note).get("age")
    assert found is None or found.details.get("tier") != "patient"


# --- B. Wells DVT: tenderness along the course / line of the deep veins ---------------------------------------------


@pytest.mark.parametrize("note", [
    "Right leg: tender along the course of the deep veins from the popliteal fossa to mid-calf.",
    "Examination: tenderness along the course of the left femoral vein.",
    "He is tender along the line of the deep veins in the right calf.",
    "Marked tenderness following the course of the posterior tibial veins on the left.",
    "Tender over the course of the popliteal vein, calf soft.",
])
def test_tenderness_along_the_course_of_deep_veins(note: str) -> None:
    assert args_of("wells_dvt", note)["localized_tenderness"] is True


@pytest.mark.parametrize("note", [
    "Not tender along the course of the deep veins of either leg.",
    "No tenderness along the line of the femoral or popliteal veins.",
])
def test_denied_tenderness_along_the_course_of_deep_veins(note: str) -> None:
    assert args_of("wells_dvt", note)["localized_tenderness"] is False


# --- C. GCS: a re-assessment does not replace the first description -------------------------------------------------


@pytest.mark.parametrize("note", [
    "On arrival his eyes opened only to pain and he withdrew his arm from a nail-bed press.\n"
    "Re-assessed an hour later: eyes open spontaneously, obeys commands.",
    "Initial exam: opens eyes to pain. Withdraws from pain in all four limbs.\n"
    "On reassessment after the naloxone, eyes open spontaneously and she obeys commands.",
    "ED: eyes opened to a sternal rub; pulls the hand away from the pinch.\n"
    "Repeat neuro exam at 23:00 - eyes open spontaneously, follows commands.",
])
def test_reassessment_does_not_replace_first_gcs(note: str) -> None:
    a = args_of("glasgow_coma_scale", note)
    assert a["eye"] == "eye opening to pain"
    assert a["motor"] == "withdrawal from pain"


@pytest.mark.parametrize("note", [
    "Seen in resus. Re-assessed after the CT scan: eyes open spontaneously, obeys commands, oriented.",
    "Reassessment on the ward: opens eyes to voice, localises to pain, confused.",
])
def test_a_reassessment_alone_is_still_read(note: str) -> None:
    a = args_of("glasgow_coma_scale", note)
    assert a.get("eye") is not None and a.get("motor") is not None


def test_best_response_within_the_first_assessment_is_kept() -> None:
    note = ("Eyes open to voice on arrival and she obeys commands with the left arm.\n"
            "Re-examined after sedation: eyes opened to pain only, extending the arms.")
    a = args_of("glasgow_coma_scale", note)
    assert a["eye"] == "eye opening to verbal command"
    assert a["motor"] == "obeys commands"
