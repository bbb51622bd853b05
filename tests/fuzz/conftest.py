"""Hypothesis profiles for the fuzz suite.

``fuzz`` (default): a small fixed example budget per property, derandomised, so the whole
directory stays well under a minute and runs in ``make test`` like any other test.
``fuzz-long``: many more examples, random seeds; select it with
``MEDMIRROR_FUZZ=long`` (``make fuzz``). ``MEDMIRROR_FUZZ_EXAMPLES=N`` overrides the count.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

_SUPPRESS = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]

settings.register_profile("fuzz", max_examples=60, deadline=None, derandomize=True, database=None,
                          suppress_health_check=_SUPPRESS, print_blob=True)
settings.register_profile("fuzz-long", max_examples=2000, deadline=None, suppress_health_check=_SUPPRESS,
                          print_blob=True)

_profile = "fuzz-long" if os.environ.get("MEDMIRROR_FUZZ", "").lower() == "long" else "fuzz"
settings.load_profile(_profile)
if os.environ.get("MEDMIRROR_FUZZ_EXAMPLES"):
    settings.register_profile("fuzz-n", settings.get_profile(_profile),
                              max_examples=int(os.environ["MEDMIRROR_FUZZ_EXAMPLES"]))
    settings.load_profile("fuzz-n")
