"""MedMirror's leaf layer: settings, presets, usage accounting, limits and the model factories.

Every other layer may import these; they import nothing of the project above them (only each other
and ``medmirror.prompts``).
"""
