"""Shared Hypothesis strategies: arbitrary JSON values, clinical-looking text, hostile strings."""

from __future__ import annotations

from hypothesis import strategies as st

FLOATS = st.floats(allow_nan=True, allow_infinity=True) | st.sampled_from(
    [0.0, -0.0, 1e-320, 1e308, -1e308, 0.5, 2.5, 1e16])
INTS = st.integers() | st.sampled_from([0, 1, -1, 2**31, 2**63, 10**30, -(10**30)])
UNITS = st.sampled_from(["kg", "lb", "cm", "m", "in", "mg/dL", "µmol/L", "mmol/L", "mmHg", "%", "bpm", "°C", "°F",
                         "10^3/µL", "/mm3", "mEq/L", "g/dL", "years", "months", "", " ", "kg/m^2", "furlong",
                         "m**99999", "1/0", "mg/dL/mg", "()", "ü", "kg kg kg"])
TEXT = st.text(max_size=40) | UNITS | st.sampled_from(
    ["70 kg", "175 cm", "1.2 mg/dL", "yes", "no", "true", "Male", "female", "NaN", "inf", "-inf", "1e999",
     "  ", "70,5 kg", "1,000", "0x10", "½", "٣", "7O", "${x}", "'; DROP TABLE x; --"])
SCALARS = st.none() | st.booleans() | INTS | FLOATS | TEXT
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
    st.text(max_size=8) | st.sampled_from(["value", "unit"]), inner, max_size=4), max_leaves=10)
QUANTITY_FORMS = st.one_of(
    st.fixed_dictionaries({"value": JSON, "unit": JSON}),
    st.fixed_dictionaries({"value": SCALARS}),
    st.tuples(SCALARS, UNITS).map(list),
    st.builds(lambda v, u: f"{v} {u}", INTS | FLOATS, UNITS),
)
