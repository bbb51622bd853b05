"""Synthetic EHR (SQLite, MIMIC-like) with a schema manual and read-only text-to-SQL.

- :mod:`schema`      DDL and the schema manual (tables, columns, meanings, join keys)
- :mod:`catalog`     lab/vital items, ICD-10-CM/PCS codes, drugs, chronic conditions, admission reasons
- :mod:`generator`   ``generate_ehr(path, n_patients=100, seed=0)``, deterministic
- :mod:`readonly`    read-only connection (URI mode=ro + SELECT-only authorizer), ``run_sql``
- :mod:`text_to_sql` model-written SQL with error feedback (at most 3 attempts)
- :mod:`tools`       the tools ``ehr_schema``, ``ehr_sql``, ``ehr_query`` (``registered_tools()``)
- :mod:`resources`   ``materialise_resources(task, workdir)`` for task sets
- :mod:`scoring`     scorers of the EHR task sets in ``tasks/``
"""

from medmirror.tools.ehr.generator import generate_ehr
from medmirror.tools.ehr.resources import materialise_resources
from medmirror.tools.ehr.tools import registered_tools

__all__ = ["generate_ehr", "materialise_resources", "registered_tools"]
