"""The vignette reader's reading of one item, for the vignette tests."""

from __future__ import annotations

from typing import Any

from medmirror.tools.extraction.vignette import ItemReading, read_items


def one(item: Any, text: str) -> ItemReading:
    """How ``text`` settles ``item`` read alone."""
    return read_items((item,), text).items[item.name]
