"""Generated TRN corpora scored by ``benchmarkstt-tools sclite`` and by NIST's sclite.

Not run in CI (CI has no sclite). Generates a reference and two systems' hypotheses with
random edits, alternations (some with an empty branch), optionally deletable words,
fragments and several speakers; then, when ``BENCHMARKSTT_SCLITE`` names an sclite binary
(and ``BENCHMARKSTT_SC_STATS`` its sc_stats, for MAPSSWE), scores them with both in one
run, compares every utterance's and speaker's counts, and prints their CPU times (user +
system: on a shared machine wall-clock times say more about the neighbours).

    python benchmarks/sclite_corpus.py generate DIR --utterances 1000 --seed 1
    BENCHMARKSTT_SCLITE=/path/to/sclite python benchmarks/sclite_corpus.py compare DIR
    BENCHMARKSTT_SCLITE=/path/to/sclite python benchmarks/sclite_corpus.py expect DIR
    BENCHMARKSTT_SCLITE=/path/to/sclite python benchmarks/sclite_corpus.py table DIR --rounds 3

``table`` generates corpora of 1,000, 10,000 and 30,000 utterances under DIR (where missing)
and times, in interleaved rounds, ``sum rsum pra`` of one and of two systems against sclite's,
and ``-o mapsswe`` against sclite's SGML piped into sc_stats (the same work from the same TRN
files) and against sc_stats alone; it checks the reports byte for byte (MAPSSWE: its
figures) and prints the medians as a Markdown table.
``expect`` stores sclite's numbers beside the corpus (``expected-*.json``, its ``sum`` and
``rsum`` reports, sc_stats' MAPSSWE figures), which the tests compare with, without sclite.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import subprocess
import sys

VOCABULARY = (
    "the a of to and in is it that was for on are with as he be at by this had not but what all "
    "were when we there can an your which their said if do will each about how up out them then "
    "she many some so these would other into has more her two like him see time could no make than "
    "first been its who now people my made over did down only way find use may water long little "
    "very after words called just where most know get through back much before go good new write "
    "our used me man too any day same right look think also around another came come work three "
    "must because does part even place well such here take why help put different away again off "
    "went old number great tell men say small every found still between name should home big give "
    "air line set own under read last never us left end along while might next sound below saw "
    "something thought both few those always show large often together asked house don't world going "
    "want school important until form food keep children feet land side without boy once animal life "
    "enough took four head above kind began almost live page got earth need far hand high year mother "
    "light country father let night picture being study second soon story since white ever paper hard "
    "near sentence better best across during today however sure knew it's try told young sun thing "
    "whole hear example heard several change answer room sea against top turned learn point city play "
    "toward five himself usually money seen didn't car morning i'm body upon family later turn move "
    "face door cut done group true half red fish plants living black eat short united run book gave "
    "order open ground cold really table remember tree course front american space inside ago "
    "uh um hmm yeah okay"
).split()
OPTIONS = {"plain": [], "df": ["-D", "-F"]}
# as users run it: with the modules' bytecode cached (as benchmarks/startup.py measures)
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def utterance(rng: random.Random) -> tuple:
    """A reference utterance's tokens (with annotations) and the words a speaker said."""
    tokens, said = [], []
    for _ in range(rng.randint(3, 30)):
        x = rng.random()
        word = rng.choice(VOCABULARY)
        if x < 0.03:
            branches = [[word], [rng.choice(VOCABULARY)]]
            if rng.random() < 0.4:
                branches.append([])
            if rng.random() < 0.3:
                branches[1].append(rng.choice(VOCABULARY))
            tokens += ["{"] + " / ".join(" ".join(b) or "@" for b in branches).split() + ["}"]
            said += rng.choice(branches)
        elif x < 0.06:
            tokens.append(f"({word})")
            if rng.random() < 0.5:
                said.append(word)
        elif x < 0.08 and len(word) > 2:
            cut = rng.randint(1, len(word) - 1)
            tokens.append(word[:cut] + "-")
            said.append(word if rng.random() < 0.6 else word[:cut] + "-")
        else:
            tokens.append(word.upper() if rng.random() < 0.05 else word)
            said.append(word)
    return tokens, said


def recognise(rng: random.Random, said: list, error_rate: float) -> list:
    """A system's words: substitutions, deletions and insertions at about ``error_rate``."""
    out = []
    for word in said:
        x = rng.random()
        if x < error_rate * 0.5:
            out.append(rng.choice(VOCABULARY))
        elif x < error_rate * 0.75:
            continue
        else:
            out.append(word)
        if rng.random() < error_rate * 0.25:
            out.append(rng.choice(VOCABULARY))
    return out


def generate(directory: str, utterances: int, seed: int, speakers: int = 12) -> None:
    """Write ref.trn, a.trn and b.trn (system b makes more errors; a few utterances are missing from b)."""
    rng = random.Random(seed)
    os.makedirs(directory, exist_ok=True)
    names = [f"spk{k:02d}" for k in range(speakers)]
    with (
        open(os.path.join(directory, "ref.trn"), "w") as ref,
        open(os.path.join(directory, "a.trn"), "w") as a,
        open(os.path.join(directory, "b.trn"), "w") as b,
    ):
        for n in range(utterances):
            uid = f"{rng.choice(names)}_{n:05d}"
            tokens, said = utterance(rng)
            ref.write(f"{' '.join(tokens)} ({uid})\n")
            a.write(f"{' '.join(recognise(rng, said, 0.15))} ({uid})\n")
            if rng.random() > 0.01:
                b.write(f"{' '.join(recognise(rng, said, 0.2))} ({uid})\n")


def cpu_seconds() -> float:
    """The CPU time (user + system) of this process's finished children so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def sclite_counts(binary: str, directory: str, system: str, flags: list) -> tuple:
    """sclite's per-utterance counts (from its pra report), sum and rsum reports, and seconds."""
    start = cpu_seconds()
    run = subprocess.run(
        [
            binary,
            "-r",
            "ref.trn",
            "trn",
            "-h",
            f"{system}.trn",
            "trn",
            "-i",
            "spu_id",
            "-o",
            "sum",
            "rsum",
            "pra",
            "stdout",
            *flags,
        ],
        cwd=directory,
        capture_output=True,
        text=True,
        check=True,
    )
    seconds = cpu_seconds() - start
    counts = {
        m.group(1): [int(x) for x in m.group(2).split()]
        for m in re.finditer(r"^id: \((.*)\)\nScores: \(#C #S #D #I\) ([\d ]+)$", run.stdout, re.M)
    }
    reports = run.stdout.split("\t\tDUMP OF SYSTEM ALIGNMENT STRUCTURE")[0]
    return counts, reports[:-2], seconds


def ours(directory: str, system: str, flags: list) -> tuple:
    """benchmarkstt-tools sclite's per-utterance counts, sum and rsum reports, and seconds."""
    tools = os.path.join(os.path.dirname(sys.executable), "benchmarkstt-tools")
    start = cpu_seconds()
    run = subprocess.run(
        [
            tools,
            "sclite",
            "-r",
            "ref.trn",
            "-h",
            f"{system}.trn",
            "-n",
            f"{system}.trn",
            "-o",
            "sum",
            "rsum",
            "json",
            *flags,
        ],
        cwd=directory,
        capture_output=True,
        text=True,
        check=True,
        env=ENV,
    )
    seconds = cpu_seconds() - start
    text, _, data = run.stdout.rpartition("\n{")
    data = json.loads("{" + data)
    counts = {u["id"]: [u["C"], u["S"], u["D"], u["I"]] for u in data["utterances"]}
    return counts, text + "\n", seconds


def sc_stats_mapsswe(binary: str, directory: str) -> str:
    """sc_stats' MAPSSWE figures for systems a and b (sclite's SGML of both piped into it)."""
    sc_stats = os.environ.get("BENCHMARKSTT_SC_STATS") or os.path.join(os.path.dirname(binary), "sc_stats")
    sgml = subprocess.run(
        [
            binary,
            "-r",
            "ref.trn",
            "trn",
            "-h",
            "a.trn",
            "trn",
            "a",
            "-h",
            "b.trn",
            "trn",
            "b",
            "-i",
            "spu_id",
            "-o",
            "sgml",
            "stdout",
        ],
        cwd=directory,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    out = subprocess.run(
        [sc_stats, "-p", "-t", "mapsswe", "-v", "-n", "-"],
        input=sgml,
        cwd=directory,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return mapsswe_figures(out)


def mapsswe_figures(report: str) -> str:
    """The figures of the MTCH_PR_RESULTS line of sc_stats' MAPSSWE report."""
    found = re.search(r"\(# segs: (\d+)\).*\(mean: ([-\d.]+)\) \(std dev: ([\d.]+)\) \(Z Stat: ([-\d.]+)\)", report)
    return f"(# segs: {found.group(1)}) (mean: {found.group(2)}) (std dev: {found.group(3)}) (Z Stat: {found.group(4)})"


def our_mapsswe(directory: str) -> str:
    """benchmarkstt-tools sclite's MAPSSWE figures for systems a and b (sc_stats' report)."""
    tools = os.path.join(os.path.dirname(sys.executable), "benchmarkstt-tools")
    out = subprocess.run(
        [tools, "sclite", "-r", "ref.trn", "-h", "a.trn", "-h", "b.trn", "-o", "mapsswe"],
        cwd=directory,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return mapsswe_figures(out)


def numbers(report: str) -> list:
    """The numbers of a report, in order (the layout of wide numbers differs, see docs/sclite.md)."""
    return re.findall(r"\d+(?:\.\d+)?", report)


def compare(directory: str, binary: str) -> int:
    """Score both systems with both tools; report differences and times."""
    bad = 0
    for name, flags in OPTIONS.items():
        for system in ("a", "b"):
            theirs, their_reports, their_seconds = sclite_counts(binary, directory, system, flags)
            mine, my_reports, my_seconds = ours(directory, system, flags)
            differ = [uid for uid in theirs if theirs[uid] != mine.get(uid)]
            same_reports = numbers(their_reports) == numbers(my_reports)
            bad += len(differ) + (not same_reports) + (len(theirs) != len(mine))
            print(
                f"{name:5s} {system}: {len(theirs)} utterances, {len(differ)} with other counts "
                f"{differ[:5]}, sum/rsum numbers {'identical' if same_reports else 'DIFFERENT'}; "
                f"CPU: sclite {their_seconds:.2f} s, benchmarkstt {my_seconds:.2f} s "
                f"(ratio {my_seconds / their_seconds:.2f})"
            )
    theirs, mine = sc_stats_mapsswe(binary, directory), our_mapsswe(directory)
    print(f"MAPSSWE a-b: sc_stats {theirs}; benchmarkstt {mine}")
    bad += theirs != mine
    return 1 if bad else 0


def expect(directory: str, binary: str) -> None:
    """Store sclite's numbers beside the corpus (for the tests, which run without sclite)."""
    for name, flags in OPTIONS.items():
        for system in ("a", "b"):
            counts, reports, _ = sclite_counts(binary, directory, system, flags)
            with open(os.path.join(directory, f"expected-{name}-{system}.json"), "w") as f:
                json.dump({"sclite_flags": flags, "utterances": counts}, f, separators=(",", ":"))
                f.write("\n")
            with open(os.path.join(directory, f"expected-{name}-{system}.sum"), "w") as f:
                f.write(reports)
    with open(os.path.join(directory, "expected-mapsswe.txt"), "w") as f:
        f.write(sc_stats_mapsswe(binary, directory) + "\n")


SIZES = (1000, 10000, 30000)


def timed(command: list, directory: str, stdin: "str | None" = None) -> tuple:
    """``(CPU seconds, standard output)`` of a command run in ``directory``."""
    start = cpu_seconds()
    run = subprocess.run(command, cwd=directory, input=stdin, capture_output=True, text=True, check=True, env=ENV)
    return cpu_seconds() - start, run.stdout


def table(root: str, binary: str, rounds: int) -> int:
    """The speed table of ``benchmarkstt-tools sclite`` against sclite and sc_stats (see the
    module's help); 1 where an output differs."""
    import statistics

    tools = os.path.join(os.path.dirname(sys.executable), "benchmarkstt-tools")
    sc_stats = os.environ.get("BENCHMARKSTT_SC_STATS") or os.path.join(os.path.dirname(binary), "sc_stats")
    one, two = ["-h", "a.trn", "trn"], ["-h", "a.trn", "trn", "-h", "b.trn", "trn"]
    bad = 0
    print(
        "| utterances | sum rsum pra, 1 system: sclite / ours | 2 systems: sclite / ours "
        "| mapsswe: sclite -o sgml + sc_stats (sc_stats alone) / ours |"
    )
    print("|---|---|---|---|")
    for size in SIZES:
        directory = os.path.join(root, str(size))
        if not os.path.exists(os.path.join(directory, "ref.trn")):
            generate(directory, size, 1)
        times: dict = {}
        for _ in range(rounds):
            for label, systems in (("1", one), ("2", two)):
                theirs, expected = timed(
                    [binary, "-r", "ref.trn", "trn", *systems, "-i", "spu_id", "-o", "sum", "rsum", "pra", "stdout"],
                    directory,
                )
                mine, got = timed([tools, "sclite", "-r", "ref.trn", *systems, "-o", "sum", "rsum", "pra"], directory)
                bad += got != expected
                times.setdefault(f"sclite {label}", []).append(theirs)
                times.setdefault(f"ours {label}", []).append(mine)
            sgml_seconds, sgml = timed(
                [
                    binary,
                    "-r",
                    "ref.trn",
                    "trn",
                    "-h",
                    "a.trn",
                    "trn",
                    "a",
                    "-h",
                    "b.trn",
                    "trn",
                    "b",
                    "-i",
                    "spu_id",
                    "-o",
                    "sgml",
                    "stdout",
                ],
                directory,
            )
            stats_seconds, report = timed([sc_stats, "-p", "-t", "mapsswe", "-v", "-n", "-"], directory, sgml)
            mine, got = timed(
                [tools, "sclite", "-r", "ref.trn", "-h", "a.trn", "-h", "b.trn", "-n", "a", "-n", "b", "-o", "mapsswe"],
                directory,
            )
            bad += mapsswe_figures(got) != mapsswe_figures(report)
            times.setdefault("sc_stats", []).append(stats_seconds)
            times.setdefault("sgml + sc_stats", []).append(sgml_seconds + stats_seconds)
            times.setdefault("ours mapsswe", []).append(mine)
        m = {key: statistics.median(values) for key, values in times.items()}
        print(
            f"| {size:,} | {m['sclite 1']:.2f} / {m['ours 1']:.2f} s | {m['sclite 2']:.2f} / {m['ours 2']:.2f} s "
            f"| {m['sgml + sc_stats']:.2f} ({m['sc_stats']:.2f}) / {m['ours mapsswe']:.2f} s |"
        )
    print(
        f"CPU seconds (user + system), medians of {rounds} interleaved rounds; load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}; outputs {'identical' if not bad else 'DIFFERENT'}"
    )
    return 1 if bad else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("generate", "compare", "expect", "table"))
    parser.add_argument("directory")
    parser.add_argument("--utterances", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3, help="table: interleaved rounds, their median")
    args = parser.parse_args()
    if args.action == "generate":
        generate(args.directory, args.utterances, args.seed)
        return 0
    binary = os.environ.get("BENCHMARKSTT_SCLITE")
    if not binary or not os.path.exists(binary):
        print("skipped: set BENCHMARKSTT_SCLITE to an sclite binary (SCTK, built by hand)")
        return 0
    if args.action == "expect":
        expect(args.directory, binary)
        return 0
    if args.action == "table":
        return table(args.directory, binary, args.rounds)
    return compare(args.directory, binary)


if __name__ == "__main__":
    sys.exit(main())
