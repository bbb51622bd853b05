"""Second round of wording families for GCS, PERC, PSI, SIRS, FeverPAIN and Child-Pugh, written from clinical knowledge
(the published definitions; textbook, guideline and ward usage, British and American) on sentences written for these
tests; none is taken from a benchmark note or from app/data/dev/. Each family has a near miss that must not be read."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.extraction.confidence import NoteReader, second_reader
from medmirror.tools.extraction.rules.infection import bands, purulence
from medmirror.tools.extraction.rules.pneumonia import altered_mental_status, psi_pleural_effusion
from tests.unit.extraction._rules import GCS_EYE, GCS_MOTOR, GCS_VERBAL, arg_of, args_of, gcs_of, value


# --- GCS motor: normal flexion is withdrawal (Teasdale 2014); a stimulus with an adjective; the limb not named --------
@pytest.mark.parametrize("sentence, motor", [
    ("Flexion withdrawal to nail-bed pressure.", 4),
    ("He flexed normally to a trapezius squeeze.", 4),
    ("She pulled away from the painful stimulus.", 4),
    ("She localises to central pain.", 5),
    ("Abnormal flexion to supraorbital pressure.", 3),  # abnormal flexion stays 3
    ("He pulled away from his wife when she hugged him.", 6),  # no stimulus: not read, the default
])
def test_gcs_motor_words(sentence: str, motor: int) -> None:
    assert gcs_of(sentence)[2] == GCS_MOTOR[motor]


# --- GCS verbal: single words without sentences; a tube in the airway at the assessment --------------------------------
@pytest.mark.parametrize("sentence, verbal", [
    ("Eyes open to voice, uttering single words, localising to pain.", 3),
    ("Only the odd word, no sentences; eyes open to pain.", 3),
    ("Eyes open to pain, intubated, withdraws from pain.", 0),  # not testable
    ("Intubated and sedated with extensor posturing to a sternal rub.", 0),
    ("Eyes opened to pain; intubated; no verbal response.", 1),  # a described response beats the tube
    ("He follows single word commands and opens his eyes to voice.", 5),  # commands of one word, not his speech
    ("Prior to being intubated, his eyes opened to pain.", 5),  # before the tube
    ("Eyes open to voice, obeys commands, not intubated.", 5),  # denied
    ("He was later intubated on the unit.", 5),  # no response described beside it
    ("Eyes open to voice, chest well ventilated bilaterally.", 5),  # the lungs ventilated, not the patient
])
def test_gcs_verbal_words(sentence: str, verbal: int) -> None:
    assert gcs_of(sentence)[1] == GCS_VERBAL[verbal]


@pytest.mark.parametrize("field, sentence, doubt", [
    ("verbal", "Intubated in the field and transferred by air.", True),
    ("motor", "Flexes to pain.", True),  # normal or abnormal flexion: not said
    ("eye", "Eyes swollen shut after the assault.", True),
    ("verbal", "Not intubated; talking.", False),
    ("motor", "His brother is paralysed.", False),
])
def test_gcs_suggestive_wordings(field: str, sentence: str, doubt: bool) -> None:
    assert (second_reader(CALCULATORS["glasgow_coma_scale"], field, NoteReader(sentence))[0] > 0) is doubt


def test_gcs_doubts_stay_with_gcs_inputs() -> None:
    # CAGE's 'eye_opener' is a morning drink, not an eye response
    assert second_reader(CALCULATORS["cage"], "eye_opener", NoteReader("Eyes swollen shut after the assault.")) == (0.0, [])


# --- PERC hormone use: oestrogen-containing pills, patches, gels and HRT by brand --------------------------------------
WOMAN = "A 31-year-old woman with pleuritic chest pain. "


@pytest.mark.parametrize("sentence, expected", [
    ("She takes Yaz.", True),
    ("Uses Oestrogel for menopausal flushes.", True),
    ("Evorel patches twice weekly.", True),
    ("Dianette for acne.", True),  # co-cyprindiol carries ethinylestradiol
    ("On tibolone since her menopause.", True),
    ("Takes Femoston 1/10.", True),
    ("Her mother takes Femoston.", None),  # a relative's
    ("She stopped Yaz two years ago.", None),  # not current
])
def test_hormone_brands(sentence: str, expected) -> None:
    assert arg_of("perc_rule", "hormone_use", WOMAN + sentence) is expected


@pytest.mark.parametrize("sentence, doubt", [
    ("She has a Mirena coil.", True),  # progestogen-only: a hormone, not an oestrogen
    ("Nexplanon in the left arm.", True),
    ("Her sister has a Nexplanon.", False),
])
def test_progestogen_only_is_a_doubt(sentence: str, doubt: bool) -> None:
    assert (second_reader(CALCULATORS["perc_rule"], "hormone_use", NoteReader(WOMAN + sentence))[0] > 0) is doubt


# --- PERC / Wells haemoptysis in other words; PE as 'PTE' --------------------------------------------------------------
@pytest.mark.parametrize("sentence, expected", [
    ("Blood-flecked sputum this morning.", True),
    ("Flecks of blood in her sputum since yesterday.", True),
    ("Expectorating bright red blood.", True),
    ("No blood-flecked sputum.", False),
    ("Her husband has blood-flecked sputum.", None),  # a relative's
    ("Blood was sent for culture; sputum was clear.", None),  # blood and sputum, not blood in sputum
    ("Expectorating green sputum, blood pressure 120/80.", None),  # blood in another clause
])
def test_hemoptysis_words(sentence: str, expected) -> None:
    assert arg_of("perc_rule", "hemoptysis", WOMAN + sentence) is expected


@pytest.mark.parametrize("sentence, expected", [
    ("History of PTE in 2019, treated with warfarin.", True),
    ("Her father had a PTE.", None),
])
def test_pte_is_a_previous_pe(sentence: str, expected) -> None:
    assert arg_of("perc_rule", "previous_pe", WOMAN + sentence) is expected


# --- PSI: stupor in ward words; fluid drawn from the pleural space -----------------------------------------------------
PNEUMONIA = "A 79-year-old man with right lower lobe pneumonia. "


@pytest.mark.parametrize("sentence, expected", [
    ("He was difficult to rouse on arrival.", True),
    ("Semi-comatose in the emergency department.", True),
    ("Rousable only with difficulty.", True),
    ("His son is difficult to rouse in the mornings.", None),  # a relative's
    ("Not difficult to rouse; alert and talking.", None),  # denied
])
def test_psi_stupor_words(sentence: str, expected) -> None:
    assert value(altered_mental_status, PNEUMONIA + sentence) is expected


@pytest.mark.parametrize("sentence, expected", [
    ("Diagnostic thoracentesis yielded straw-coloured fluid.", True),
    ("A pleural tap was performed on the right.", True),
    ("No pleural tap was needed.", False),
    ("His brother once needed a thoracentesis.", None),  # a relative's
])
def test_psi_effusion_by_its_drainage(sentence: str, expected) -> None:
    assert value(psi_pleural_effusion, PNEUMONIA + sentence) is expected


@pytest.mark.parametrize("sentence, doubt", [
    ("Stony dull percussion note at the right base.", True),  # a sign, not imaging
    ("No stony dullness.", False),
])
def test_psi_effusion_signs_are_doubts(sentence: str, doubt: bool) -> None:
    assert (second_reader(CALCULATORS["psi"], "pleural_effusion", NoteReader(PNEUMONIA + sentence))[0] > 0) is doubt


# --- SIRS bands: the British spelling, the percent in words ------------------------------------------------------------
@pytest.mark.parametrize("sentence, pct", [
    ("Bandaemia of 16%.", 16.0),
    ("Band neutrophils 8 percent.", 8.0),
    ("11 per cent band cells on the film.", 11.0),
    ("Immature granulocytes 3%.", None),  # metamyelocytes and myelocytes, not bands
])
def test_bands_words(sentence: str, pct) -> None:
    assert value(bands, "WBC 14.1. " + sentence) == pct


# --- FeverPAIN purulence: pustules on the tonsils ----------------------------------------------------------------------
@pytest.mark.parametrize("sentence, expected", [
    ("Tonsils studded with pustules.", True),
    ("Pustular tonsils.", True),
    ("Pustules on the forearm; tonsils normal.", None),  # the skin's, the tonsils in another clause
])
def test_pustules_are_pus(sentence: str, expected) -> None:
    assert value(purulence, "A 20-year-old with a sore throat. " + sentence) is expected


# --- Child-Pugh: the ascitic-fluid gradient, portosystemic encephalopathy --------------------------------------------
CIRRHOSIS = "A 60-year-old woman with cirrhosis. "


@pytest.mark.parametrize("sentence, field, expected", [
    ("SAAG 1.6 g/dL on the diagnostic tap.", "ascites", "slight"),
    ("Chronic PSE, grade 2.", "encephalopathy", "grade 1-2"),
    ("No PSE.", "encephalopathy", "none"),
])
def test_child_pugh_abbreviations(sentence: str, field: str, expected) -> None:
    assert arg_of("child_pugh", field, CIRRHOSIS + sentence) == expected


# --- GCS: chart shorthand ('nil', components without colons), sounds without words, an extreme total -----------------
@pytest.mark.parametrize("sentence, expected", [
    ("Eyes: nil. Verbal: nil. Motor: nil.", ("no eye opening", "no verbal response", "no motor response")),
    ("Eyes to pain, verbal sounds, motor localising.", ("eye opening to pain", "incomprehensible sounds", "localizes pain")),
    ("He made noises but no words; eyes to voice.", ("eye opening to verbal command", "incomprehensible sounds", "obeys commands")),
    ("Crying out incomprehensibly; eyes to pain.", ("eye opening to pain", "incomprehensible sounds", "obeys commands")),
    ("GCS 3/15 on arrival.", ("no eye opening", "no verbal response", "no motor response")),  # the only combination
    ("GCS of 3T on arrival.", ("no eye opening", "not testable", "no motor response")),
    ("GCS 15/15 in the department.", ("eyes open spontaneously", "oriented", "obeys commands")),
])
def test_gcs_chart_shorthand(sentence: str, expected) -> None:
    assert gcs_of(sentence) == expected


@pytest.mark.parametrize("sentence, eye, verbal, motor", [
    ("Eye pain and redness; motor weakness of the left arm.", None, None, None),  # an eye symptom, a power deficit
    ("He made no sounds to pain.", None, "no verbal response", None),  # denied sounds: none, not 'sounds'
    ("GCS 3 on arrival; eyes opened to pain.", "eye opening to pain", None, None),  # a total of 3 cannot have it
    ("GCS 13 on arrival.", None, None, None),  # many combinations
    ("After sedation his GCS was 3.", None, None, None),  # a later state
])
def test_gcs_chart_shorthand_near_misses(sentence: str, eye, verbal, motor) -> None:
    args = args_of("glasgow_coma_scale", sentence)
    assert (args.get("eye"), args.get("verbal"), args.get("motor")) == (eye, verbal, motor)


# --- second reader: drugs and signs that suggest PSI's comorbidities or a Child-Pugh item without settling them ------
@pytest.mark.parametrize("calc, field, note, doubt", [
    ("psi", "renal_disease", PNEUMONIA + "He takes sevelamer with meals.", True),  # a phosphate binder: kidney failure's
    ("psi", "renal_disease", PNEUMONIA + "His wife takes sevelamer.", False),  # a relative's
    ("psi", "liver_disease", PNEUMONIA + "Treated with sofosbuvir and velpatasvir in 2020.", True),  # hepatitis C's
    ("psi", "chf", PNEUMONIA + "He takes metolazone on Mondays.", True),
    ("psi", "chf", PNEUMONIA + "Metolazone was never prescribed.", False),  # denied
    ("child_pugh", "ascites", CIRRHOSIS + "Her abdominal girth has increased.", True),
    ("child_pugh", "encephalopathy", CIRRHOSIS + "Fetor hepaticus noted.", True),
    ("child_pugh", "encephalopathy", CIRRHOSIS + "No fetor hepaticus.", False),
])
def test_comorbidity_hints_are_doubts(calc: str, field: str, note: str, doubt: bool) -> None:
    assert (second_reader(CALCULATORS[calc], field, NoteReader(note))[0] > 0) is doubt


# --- PERC prior VTE in lay words; small-vessel change and a MELD score as doubts --------------------------------------
@pytest.mark.parametrize("sentence, field, expected", [
    ("She was treated with enoxaparin for a leg clot in 2018.", "previous_dvt", True),
    ("Previous calf clot.", "previous_dvt", True),
    ("Previous lung clot, on warfarin for six months.", "previous_pe", True),
    ("Her brother had a leg clot.", "previous_dvt", None),  # a relative's
    ("No previous lung clots.", "previous_pe", False),
])
def test_prior_vte_lay_words(sentence: str, field: str, expected) -> None:
    assert arg_of("perc_rule", field, WOMAN + sentence) is expected


@pytest.mark.parametrize("field, sentence, doubt", [
    ("liver_disease", "MELD score 17 at clinic.", True),
    ("cerebrovascular_disease", "CT head: chronic small vessel ischaemic change.", True),  # no stroke, not nothing
    ("cerebrovascular_disease", "No small vessel disease on MRI.", False),
])
def test_psi_scan_and_score_hints(field: str, sentence: str, doubt: bool) -> None:
    assert (second_reader(CALCULATORS["psi"], field, NoteReader(PNEUMONIA + sentence))[0] > 0) is doubt


# --- PERC / Wells / Caprini: one leg swollen told by comparison or as oedema of that leg -----------------------------
@pytest.mark.parametrize("sentence, expected", [
    ("Her left calf is larger than the right.", True),
    ("Her right calf looked bigger than her left.", True),
    ("Oedema of the left leg only.", True),
    ("Asymmetric calves on inspection.", True),
    ("Her left calf is no larger than the right.", False),  # denied
    ("His brother has a calf larger than the other.", None),  # a relative's
    ("The calf muscles are bigger than average in athletes.", None),  # no other leg compared
])
def test_one_leg_swollen_by_comparison(sentence: str, expected) -> None:
    assert arg_of("perc_rule", "unilateral_leg_swelling", WOMAN + sentence) is expected


# --- Child-Pugh encephalopathy: West Haven grade 1's impaired subtraction ---------------------------------------------
@pytest.mark.parametrize("sentence, expected", [
    ("Unable to perform serial sevens.", "grade 1-2"),
    ("Errors on serial 7s; orientated.", "grade 1-2"),
    ("She performed serial sevens without errors.", None),
    ("Her husband could not do serial sevens.", None),  # a relative's
])
def test_serial_sevens(sentence: str, expected) -> None:
    assert arg_of("child_pugh", "encephalopathy", CIRRHOSIS + sentence) == expected


# --- GCS eye: an alert or awake patient opens the eyes before any stimulus (Teasdale 2014; AVPU 'A') ------------------
@pytest.mark.parametrize("sentence, eye", [
    ("Alert, talking normally, obeys commands.", 4),
    ("Awake and orientated; moves all four limbs to command.", 4),
    ("He was fully alert on arrival.", 4),
    ("Eyes open and tracking; oriented; obeys.", 4),
    ("AVPU: A.", 4),
    ("He was not alert.", None),  # denied
    ("A stroke alert was called; eyes open to pain.", 2),  # an alert raised, not a state
    ("His wife is alert and oriented.", None),  # a relative's
    ("He was awake all night with pain.", None),  # awake at night: no assessment
    ("He was drowsy, opened eyes to voice; after naloxone he was fully alert.", 3),  # the later state gives way
    ("Was alert yesterday evening. This morning he opened his eyes to voice only.", 3),
    ("On arrival, eyes open to pain. After 2 hours he was fully alert.", 2),  # a described response first
    ("Drowsy on arrival. After 2 hours he was fully alert.", None),  # the first state is not alert
    ("He is normally alert and oriented. Today he is confused.", None),  # a baseline
])
def test_gcs_alert_is_spontaneous_eye_opening(sentence: str, eye) -> None:
    got = arg_of("glasgow_coma_scale", "eye", sentence)
    assert got == (None if eye is None else GCS_EYE[eye])
