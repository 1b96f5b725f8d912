"""Run inside the oracle venv: openai-whisper's normalizers on the sentences of a JSON file.

``whisper/__init__.py`` imports torch, which the oracle venv does not have: the package
is registered as a bare namespace so that only ``whisper.normalizers`` is imported.
Prints a JSON object: normalizer name -> list of outputs.
"""

import importlib.util
import json
import sys
import types

spec = importlib.util.find_spec("whisper")
package = types.ModuleType("whisper")
package.__path__ = list(spec.submodule_search_locations)
sys.modules["whisper"] = package

from whisper.normalizers import BasicTextNormalizer, EnglishTextNormalizer  # noqa: E402

assert "torch" not in sys.modules
with open(sys.argv[1], encoding="utf-8") as f:
    texts = json.load(f)
normalizers = {
    "english": EnglishTextNormalizer(),
    "basic": BasicTextNormalizer(),
    "basic-diacritics": BasicTextNormalizer(remove_diacritics=True),
    "basic-split": BasicTextNormalizer(split_letters=True),
}
json.dump({name: [n(t) for t in texts] for name, n in normalizers.items()}, sys.stdout, ensure_ascii=False)
