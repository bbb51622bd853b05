"""Graph tests: isolate every test from the caller's MEDMIRROR_* environment."""

from __future__ import annotations

import os

import pytest


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for key in list(os.environ):
        if key.startswith("MEDMIRROR_"):
            monkeypatch.delenv(key)
