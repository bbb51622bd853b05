"""The checks of the rule tests whose cases span several calculator families: each family's test file
parametrizes one with its own rows."""

from __future__ import annotations

import pytest

from tests.unit.extraction._rules import args_of


def _matches(got, expected) -> bool:
    if expected is False:
        return got in (False, None)
    if isinstance(expected, bool) or isinstance(expected, str):
        return got == expected
    if got is None:
        return False
    tolerance = 0.6 if expected > 30 else 0.051  # SI conversions rounded in the expected value
    return abs(float(got) - float(expected)) <= tolerance


def check_input_read(calc: str, note: str, expected: dict) -> None:
    args = args_of(calc, note)
    wrong = {k: (args.get(k), v) for k, v in expected.items() if not _matches(args.get(k), v)}
    assert not wrong, wrong


def check_reads_input(calc: str, note: str, expected: dict) -> None:
    args = args_of(calc, note)
    for key, want in expected.items():
        got = args.get(key)
        if isinstance(want, bool):
            assert bool(got) is want, (key, got)
        elif isinstance(want, (int, float)):
            assert got is not None and abs(float(got) - want) <= 0.06 * max(1.0, abs(want)), (key, got)
        else:
            assert got == want, (key, got)


def _check(calc: str, note: str, expected: dict) -> None:
    a = args_of(calc, note)
    for key, want in expected.items():
        got = a.get(key)
        if want is None:
            assert got is None, (key, got)
        elif isinstance(want, bool):
            assert bool(got) is want, (key, got)
        elif isinstance(want, (int, float)):
            assert isinstance(got, (int, float)) and abs(float(got) - want) <= 0.02 * abs(want) + 0.01, (key, got)
        else:
            assert got == want, (key, got)


def check_input_checked(calc: str, note: str, expected: dict) -> None:
    _check(calc, note, expected)


# the calculator default an unread input takes
_DEFAULT = {"solid_tumor": "none", "liver_disease": "none"}


def check_comorbidity_and_residence(calc_id, note, expected):
    args = args_of(calc_id, note)
    for name, want in expected.items():
        got = args.get(name)
        if got is None:
            got = _DEFAULT.get(name, False)
        assert got == want, f"{name}: {args.get(name)!r} != {want!r} in {note!r}"


def check_value_selection_across_time(calc, field, expected, note):
    got = args_of(calc, note).get(field)
    if isinstance(expected, bool):
        assert got is expected
    else:
        assert got == pytest.approx(expected, abs=0.011)


_DEFAULTS = {False, None, "none", "none or diet-controlled", "normal/ambulatory"}


def check_item(calc: str, field: str, expected, note: str) -> None:
    got = args_of(calc, note).get(field)
    if expected is False or (isinstance(expected, str) and expected in _DEFAULTS):
        assert got in _DEFAULTS, f"{field}: {got!r} for {note!r}"
    elif isinstance(expected, (int, float)) and not isinstance(expected, bool):
        assert got == pytest.approx(expected, abs=1e-6), f"{field}: {got!r} for {note!r}"
    else:
        assert got == expected, f"{field}: {got!r} for {note!r}"


def check_item_read(calc, field, expected, note):
    got = args_of(calc, note).get(field)
    if expected is False:
        assert not got
    elif isinstance(expected, bool):
        assert got is expected
    elif isinstance(expected, str):
        assert got == expected
    else:
        assert got == pytest.approx(expected, abs=0.06)


_DEFAULT_TRUE = {"cough_absent", "no_cough_or_coryza"}


def check_item_in_unseen_wording(calc: str, arg: str, expected, note: str) -> None:
    got = args_of(calc, note).get(arg)
    if isinstance(expected, bool):
        if got is None:
            got = arg in _DEFAULT_TRUE
        assert bool(got) is expected, (note, got)
    elif expected is None:
        assert got is None, (note, got)
    elif isinstance(expected, str):
        assert got == expected, (note, got)
    else:
        assert got is not None and got == pytest.approx(expected, abs=1e-3), (note, got)


def check_value_in_unusual_layout(calc: str, expected: dict, note: str) -> None:
    got = args_of(calc, note)
    for arg, want in expected.items():
        if isinstance(want, (str, bool)):
            assert got.get(arg) == want, (note, arg, got)
        else:
            assert got.get(arg) is not None and got[arg] == pytest.approx(want, abs=1e-3), (note, arg, got)
