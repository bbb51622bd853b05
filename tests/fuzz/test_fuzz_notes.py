"""Property-based fuzzing of the rule extractor on notes (issue 12).

Invariants, for any note (arbitrary unicode, bytes decoded with replacement or
surrogate escapes, empty, whitespace, clinical phrases glued together, repeated
mentions, and notes near and over the size limit):

1. ``extract(note)`` returns an :class:`Extraction` or, only for a note over
   ``MAX_NOTE_CHARS``, raises :class:`InputTooLarge` naming the limit; never another exception.
2. Every value, its alternatives and every finding carry their evidence span:
   ``note[start:end] == raw`` (for values) and the span lies inside the note.
3. The per-calculator rule mapping (``rule_arguments``) on the same note returns
   without raising anything but a ``ValueError``.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from medmirror.core.limits import MAX_NOTE_CHARS, InputTooLarge
from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.extraction import extract
from medmirror.tools.extraction.grounding import rule_arguments

PHRASES = st.sampled_from([
    "A 67-year-old man", "62M", "aged 54", "his 12-year-old son", "18-month-old", "sixty-two-year-old woman",
    "BP 120/80 mmHg", "HR 112 bpm", "temperature 38.4 °C", "101 °F", "SpO2 89% on room air", "creatinine 2.1 mg/dL",
    "creatinine 97 µmol/L", "WBC 18.2 × 10^9/L", "platelets 145,000/µL", "weight 70 kg", "5 ft 9 in", "198 lb",
    "GCS 14 (E4V4M6)", "no chest pain", "denies fever", "history of hypertension", "mother had DVT",
    "metformin 1000 mg twice daily", "LMP 01/02/2023", "pH 7.31", "FiO2 40%", "drinks 2 beers per day", "\n", ". ",
    "?", "(", "[", "µ", "½", "0.", ".5", "1,5 mg", "999999999999 kg", "-3 years old", "0 yo",
])
NOTES = st.one_of(
    st.text(max_size=300),
    st.lists(PHRASES | st.text(max_size=10), max_size=60).map(" ".join),
    st.binary(max_size=300).map(lambda b: b.decode("utf-8", "replace")),
    st.binary(max_size=300).map(lambda b: b.decode("utf-8", "surrogateescape")),
    st.sampled_from(["", " ", "\n\n\n", "\x00", "\ufeff", "\u202e"]),
    st.tuples(PHRASES, st.integers(1, 400)).map(lambda t: (t[0] + " ") * t[1]),
)


def _check_spans(note, extraction):
    for v in extraction.values.values():
        for item in [v, *v.alternatives]:
            assert 0 <= item.start <= item.end <= len(note)
            if isinstance(item.raw, str) and item.name not in ("gcs",):
                assert note[item.start:item.end] == item.raw, (item.name, item.raw)
    for f in extraction.findings:
        assert 0 <= f.start <= f.end <= len(note)


@given(NOTES)
def test_any_note_extracts_with_evidence_spans(note):
    e = extract(note)
    _check_spans(note, e)


@given(NOTES, st.sampled_from(sorted(CALCULATORS)))
def test_rule_arguments_on_any_note_never_crash(note, name):
    try:
        rule_arguments(CALCULATORS[name], note)
    except ValueError:
        pass


@settings(max_examples=6)  # each example is a 200,000-character note
@given(st.integers(MAX_NOTE_CHARS - 2, MAX_NOTE_CHARS + 2), st.sampled_from(["a", " ", "7 ", "62M "]))
def test_notes_at_the_size_limit(size, unit):
    note = (unit * (size // len(unit) + 1))[:size]
    try:
        extract(note, findings=False)
    except InputTooLarge as err:
        assert size > MAX_NOTE_CHARS and "MAX_NOTE_CHARS" in str(err)
    else:
        assert size <= MAX_NOTE_CHARS
