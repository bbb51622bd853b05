"""``python -m medmirror`` is the ``medmirror`` command."""

from medmirror.cli import main

raise SystemExit(main())
