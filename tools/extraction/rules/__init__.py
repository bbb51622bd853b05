"""Rules by calculator family: one module per family of ``tools/calculators/`` (``vte``, ``cardiac_risk``, ...;
the Glasgow Coma Scale has its own, ``glasgow_coma``), each holding its calculators' derived rules (grades,
categories, dose lists, numbers the value extractor does not read by itself) and, beside them, its ``FIELD_MAP``:
calculator id -> input -> where rules read it (a :mod:`~medmirror.tools.extraction.calc_sources` source).

``readers`` holds how rules read a note (assertions, clauses, the first assessment, the best option, the clinician's
ranking of a diagnosis); ``shared`` the sources and readers several families use. A family module imports only
those two, never another family. :mod:`medmirror.tools.extraction.calculator_map` assembles the families' maps.
"""
