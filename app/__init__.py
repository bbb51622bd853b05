"""MedMirror's public API: ``solve``, ``build_graph``, ``Settings``."""

from app.api import Result, build_graph, solve
from app.settings import Settings

__all__ = ["Result", "Settings", "build_graph", "solve"]
