"""Corpus mode against a plain loop: ``benchmarkstt-tools corpus --wer`` (``--jobs 1`` and
``--jobs 2``) against a jiwer script and a werpy script, over generated folders of small files
(utterances of 10-30 words) x 2 engines, in one run.

Run it with the project's interpreter::

    .venv/bin/python benchmarks/corpus_loop.py                       # 1,000 / 10,000 / 100,000 files
    .venv/bin/python benchmarks/corpus_loop.py --files 1000 10000 --rounds 3
    .venv/bin/python benchmarks/corpus_loop.py --files 10000 --dask 2 4   # also --dask-local 2 and 4

jiwer (4.0.0) and werpy (3.5.0) are installed on first use, each into a venv of its own under
``benchmarks/.cache`` (git-ignored), as are the generated folders (``corpus-utt-N``). Each run is
a fresh process; the four commands take turns round by round, so that a busy machine slows
them alike, and every figure is the median over the rounds: CPU time (user + system of the
process and its workers, from ``wait4``), wall time and peak memory (the largest resident set
of the process or any of its workers). The pooled WER of every engine must be the same in all
four. The targets: corpus ``--jobs 1`` within 1.5x of the fastest loop's CPU time at 10,000
files and more, ``--jobs 2`` at most 0.6x ``--jobs 1``'s wall time, corpus' peak memory flat
(at most 1.25x from the smallest folder to the largest). Every file is read once before the
rounds, untimed, so that no command pays for reading them from disk. With ``--dask N ...``, ``corpus
--dask-local N`` (a Dask LocalCluster of N workers) takes its turn too, its wall time set
against ``--jobs 1``'s as ``--jobs 2``'s is (reported; its CPU time is the client's and the
workers' that the cluster waited for).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CACHE = HERE / ".cache"
BIN = Path(sys.executable).parent
ENGINES = {"alpha": 21, "beta": 22}
BASELINES = {"jiwer": "jiwer==4.0.0", "werpy": "werpy==3.5.0"}
ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")}
ENV.update(LC_ALL="C.UTF-8", LANG="C.UTF-8")

# the plain loop a user would write: every engine's files read next to the references', the
# pooled WER of each engine in one call, printed as JSON {engine: wer}
LOOP = """import json, os, sys
{imports}
root, engines = sys.argv[1], sys.argv[2:]
names = sorted(os.listdir(os.path.join(root, "refs")))
out = {{}}
for engine in engines:
    refs, hyps = [], []
    for name in names:
        with open(os.path.join(root, "refs", name), encoding="utf-8") as f:
            refs.append(f.read())
        with open(os.path.join(root, engine, name), encoding="utf-8") as f:
            hyps.append(f.read())
    out[engine] = {call}
print(json.dumps(out))
"""
CALLS = {"jiwer": ("import jiwer", "jiwer.wer(refs, hyps)"), "werpy": ("import werpy", "float(werpy.wer(refs, hyps))")}


def baseline_python(name: str) -> Path:
    """The interpreter of ``name``'s venv (jiwer or werpy), installed first if it is missing."""
    venv = CACHE / f"{name}-venv"
    python = venv / "bin" / "python"
    if (
        subprocess.run([str(python), "-c", f"import {name}"], env=ENV, capture_output=True).returncode
        if python.exists()
        else True
    ):
        print(f"installing {BASELINES[name]} into {venv} ...", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", BASELINES[name]], check=True, env=ENV)
    return python


def folder(files: int) -> Path:
    """A generated folder of ``files`` reference utterances (10-30 words) and each engine's
    hypotheses (about 20 % WER), written once into the cache."""
    sys.path.insert(0, str(HERE))
    import benchdata

    root = CACHE / f"corpus-utt-{files}"
    if (root / "done").exists():
        return root
    rng = random.Random(5)
    words = [w for line in benchdata.reference_lines() for w in line]
    vocabulary = sorted(set(words))
    engines = {engine: random.Random(seed) for engine, seed in ENGINES.items()}

    def references():
        for _ in range(files):
            length = rng.randint(10, 30)
            start = rng.randrange(len(words) - length)
            yield words[start : start + length]

    return benchdata.write_corpus(root, references(), engines, vocabulary, "u{:06}.txt")


def run(argv: list) -> dict:
    """One run of ``argv``: wall and CPU seconds (its workers' included, from ``wait4``), peak MB
    (the largest resident set of it or a worker), standard output."""
    start = time.perf_counter()
    with open(os.devnull, "wb") as null:
        with tempfile.TemporaryFile() as out:
            child = subprocess.Popen(argv, stdout=out, stderr=null, env=ENV)
            _, status, usage = os.wait4(child.pid, 0)
            child.returncode = os.waitstatus_to_exitcode(status)
            wall = time.perf_counter() - start
            out.seek(0)
            stdout = out.read().decode()
    if child.returncode:
        raise SystemExit(f"{' '.join(map(str, argv[:4]))} ... exited with {child.returncode}")
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "peak_mb": usage.ru_maxrss / 1024, "stdout": stdout}


def loop_wers(python: Path, name: str, root: Path) -> tuple:
    """The loop of ``name`` (jiwer or werpy) on ``root``: its run, and each engine's pooled WER."""
    imports, call = CALLS[name]
    got = run([str(python), "-c", LOOP.format(imports=imports, call=call), str(root), *ENGINES])
    return got, json.loads(got["stdout"])


def corpus_wers(root: Path, *scale: str) -> tuple:
    """The corpus command on ``root`` with its default output (the tables) and the ``scale``
    arguments (``--jobs 1``, ``--dask-local 2``...): its run, and each engine's pooled WER from
    the table's S, D, I and reference words."""
    argv = [
        str(BIN / "benchmarkstt-tools"),
        "corpus",
        "-r",
        str(root / "refs"),
        *(a for e in ENGINES for a in ("-h", f"{e}={root / e}")),
        "--wer",
        *scale,
    ]
    got = run(argv)
    wers = {}
    for line in got["stdout"].splitlines():
        cells = line.split()
        if len(cells) > 5 and cells[1] in ENGINES and cells[0].isdigit():
            s, d, i, words = map(int, cells[-5:-1])
            wers[cells[1]] = (s + d + i) / words
    if set(wers) != set(ENGINES):
        raise SystemExit(f"no WER of every engine in the corpus command's table:\n{got['stdout']}")
    return got, wers


def warm(root: Path) -> None:
    """Read every file of ``root`` once, untimed: the first command of a round should not be the
    one that reads the files from disk (at 100,000 files x 3 folders, on a machine whose page
    cache had let them go, a first ``--jobs 1`` ran 38.6 s of wall time where ``--jobs 2`` then
    took 12.4 s)."""
    for side in ("refs", *ENGINES):
        with os.scandir(root / side) as entries:
            for entry in entries:
                with open(entry.path, "rb") as f:
                    f.read()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, nargs="+", default=[1_000, 10_000, 100_000])
    parser.add_argument("--rounds", type=int, default=3, help="rounds (each command once per round)")
    parser.add_argument(
        "--dask", type=int, nargs="*", default=[], metavar="N", help="also corpus --dask-local N for each N"
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    pythons = {name: baseline_python(name) for name in BASELINES}
    figures: dict = {}
    checks: list = []
    for files in args.files:
        root = folder(files)
        warm(root)
        commands = {
            "corpus --jobs 1": (corpus_wers, root, "--jobs", "1"),
            "corpus --jobs 2": (corpus_wers, root, "--jobs", "2"),
            **{f"corpus --dask-local {n}": (corpus_wers, root, "--dask-local", str(n)) for n in args.dask},
            **{f"{name} loop": (loop_wers, python, name, root) for name, python in pythons.items()},
        }
        runs: dict = {name: [] for name in commands}
        wers: dict = {}
        for _ in range(args.rounds):
            for name, (function, *arguments) in commands.items():
                got, wers[name] = function(*arguments)
                runs[name].append(got)
        median = {
            name: {k: statistics.median(r[k] for r in got) for k in ("wall", "cpu", "peak_mb")}
            for name, got in runs.items()
        }
        rounded = {name: {e: round(w, 12) for e, w in wer.items()} for name, wer in wers.items()}
        same = len({json.dumps(w, sort_keys=True) for w in rounded.values()}) == 1
        figures[files] = {
            "median": median,
            "wer": wers["corpus --jobs 1"],
            "same_wer": same,
            **{
                f"{name.split(' ', 1)[1]} ratios": [
                    b["wall"] / a["wall"] for a, b in zip(runs["corpus --jobs 1"], runs[name])
                ]
                for name in runs
                if name.startswith("corpus ") and name != "corpus --jobs 1"
            },
        }
        print(f"\n{files:,} files x {len(ENGINES)} engines, {args.rounds} rounds, load {os.getloadavg()[0]:.1f}")
        print(f"{'command':23s} {'CPU s':>8s} {'wall s':>8s} {'peak MB':>8s}")
        for name, m in median.items():
            print(f"{name:23s} {m['cpu']:8.2f} {m['wall']:8.2f} {m['peak_mb']:8.0f}")
        fastest = min(median["jiwer loop"]["cpu"], median["werpy loop"]["cpu"])
        cpu_ratio = median["corpus --jobs 1"]["cpu"] / fastest
        jobs2 = statistics.median(figures[files]["--jobs 2 ratios"])
        for n in args.dask:
            ratio = statistics.median(figures[files][f"--dask-local {n} ratios"])
            print(f"--dask-local {n} wall {ratio:.2f}x --jobs 1's (median of the rounds' ratios)")
        checks.append((f"{files:,} files: same pooled WER in all four ({wers['corpus --jobs 1']})", same))
        if files >= 10_000:
            checks.append(
                (
                    f"{files:,} files: corpus --jobs 1 CPU {cpu_ratio:.2f}x the fastest loop's: within 1.5x",
                    cpu_ratio <= 1.5,
                )
            )
        checks.append(
            (
                f"{files:,} files: --jobs 2 wall {jobs2:.2f}x --jobs 1's (median of the rounds' ratios): at most 0.6x",
                jobs2 <= 0.6,
            )
        )
    sizes = sorted(figures)
    peaks = [figures[n]["median"]["corpus --jobs 1"]["peak_mb"] for n in sizes]
    checks.append(
        (
            f"corpus --jobs 1 peak memory {' / '.join(f'{p:.0f}' for p in peaks)} MB: flat "
            f"(at most 1.25x the smallest)",
            max(peaks) <= 1.25 * min(peaks),
        )
    )
    print()
    for text, ok in checks:
        print(("PASS " if ok else "FAIL ") + text)
    if args.json:
        args.json.write_text(
            json.dumps({"load": os.getloadavg(), "figures": figures, "checks": checks}, indent=1), encoding="utf-8"
        )
    return 0 if all(ok for _, ok in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
