"""Install the repository's top-level folders as one package, ``medmirror``.

The repository keeps the design card's layout (app/, graphs/, nodes/, tools/, memory/, prompts/);
installed, they are ``medmirror`` (app/: the public API, CLI, settings) and ``medmirror.graphs``,
``medmirror.nodes``, ``medmirror.tools``, ``medmirror.memory``, ``medmirror.prompts``, so installing
MedMirror claims one top-level name. Everything else is in pyproject.toml.
"""

from setuptools import find_namespace_packages, setup

FOLDERS = {"app": "medmirror", "graphs": "medmirror.graphs", "nodes": "medmirror.nodes",
           "tools": "medmirror.tools", "memory": "medmirror.memory", "prompts": "medmirror.prompts"}

packages: list[str] = []
package_dir: dict[str, str] = {}
for folder, name in FOLDERS.items():
    package_dir[name] = folder
    # namespace packages too, so data-only folders (app/data, tools/*/tasks) ship with their files
    packages += [name, *(f"{name}.{sub}" for sub in find_namespace_packages(folder, exclude=["*__pycache__*"]))]

setup(packages=packages, package_dir=package_dir)
