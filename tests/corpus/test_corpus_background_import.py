"""The head-start import of scipy.stats (``stats.import_in_background``) stays silent when the
interpreter shuts down under it, as after Ctrl-C: Python then refuses to register exit
handlers, which scipy's modules do as they load (seen with Python 3.13 in CI)."""

from __future__ import annotations

import subprocess

from conftest import BIN

# the main thread ends at once; a thread that is not a daemon keeps the interpreter's shutdown
# waiting while the import runs on (as the process pool's shutdown does after Ctrl-C)
SHUTDOWN_DURING_IMPORT = """
import threading, time
from benchmarkstt_corpus.stats import import_in_background
import_in_background()
threading.Thread(target=time.sleep, args=(3,)).start()
"""


def test_an_import_cut_short_by_shutdown_prints_nothing():
    proc = subprocess.run([str(BIN / "python"), "-c", SHUTDOWN_DURING_IMPORT], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0
    assert proc.stderr == ""
