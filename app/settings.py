"""``medmirror.core.settings``, the import path of :class:`Settings` the README documents, kept for users' code:
it is the module :mod:`medmirror.core.settings` itself (one module object, so a patched setting is seen
everywhere). Project code imports ``medmirror.core.settings``."""

import sys

from medmirror.core import settings

sys.modules[__name__] = settings
