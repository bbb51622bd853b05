"""Benchmark runners (``medmirror bench ...``).

* :mod:`medmirror.bench.common`: JSONL output with resume, concurrency, progress, summary, table, plot;
* :mod:`medmirror.bench.scoring`: MedCalc-Bench's correctness rule and free-text answer parsing;
* :mod:`medmirror.bench.medcalc`: the MedCalc-Bench runner and its modes;
* :mod:`medmirror.bench.cli`: the ``bench`` command for the ``medmirror`` CLI.
"""
