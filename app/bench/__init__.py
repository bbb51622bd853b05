"""Benchmark runners (``medmirror bench ...``).

* :mod:`app.bench.common`: JSONL output with resume, concurrency, progress, summary, table, plot;
* :mod:`app.bench.scoring`: MedCalc-Bench's correctness rule and free-text answer parsing;
* :mod:`app.bench.medcalc`: the MedCalc-Bench runner and its modes;
* :mod:`app.bench.cli`: the ``bench`` command for the ``medmirror`` CLI.
"""
