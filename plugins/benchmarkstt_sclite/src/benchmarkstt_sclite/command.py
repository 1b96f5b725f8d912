"""``benchmarkstt-tools sclite``: score TRN files as NIST's sclite does and print its reports."""

from __future__ import annotations

import argparse
import codecs
import json
import sys
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from benchmarkstt_core.context import Context, check_encoding
from benchmarkstt_core.errors import InputError, UsageError

if TYPE_CHECKING:
    from benchmarkstt_core.plugins import PluginHost

REPORTS = (
    "sum",
    "rsum",
    "snt",
    "spk",
    "dtl",
    "lur",
    "pra",
    "prf",
    "sgml",
    "nl.sgml",
    "json",
    "mapsswe",
    "stats",
    "wws",
)


class ScliteCommand:
    """Score hypothesis files (TRN, CTM) against a reference (TRN, STM) as NIST sclite does
    (its alignment, annotations, speaker tables) and print sclite's reports"""

    name = "sclite"

    def add_arguments(self, parser: argparse.ArgumentParser, host: PluginHost) -> None:
        """sclite's own options, where they mean the same."""
        from .trn import ID_FORMATS

        parser.add_argument(
            "-r",
            dest="reference",
            required=True,
            nargs="+",
            metavar=("REF", "FORMAT"),
            help="the reference file and its format, trn, stm or ctm (default: stm for .stm, "
            "ctm for .ctm, else trn), as sclite's -r REF FORMAT",
        )
        parser.add_argument(
            "-h",
            dest="hypotheses",
            required=True,
            metavar=("HYP", "FORMAT [NAME]"),
            action="append",
            nargs="+",
            help="a hypothesis file, its format, trn, ctm or txt (plain text, against an STM "
            "reference; aligned by GNU diff as sclite aligns it) (default: ctm for .ctm, else "
            "trn), and its name, as sclite's -h HYP FORMAT NAME; give -h again for "
            "more systems (reports per system, mapsswe per pair)",
        )
        parser.add_argument(
            "-i",
            dest="id_format",
            choices=ID_FORMATS,
            default="spu_id",
            help="how a speaker is read from an utterance id (default: spu_id, the id "
            "up to the first '-' or '_'; wsj: its first three characters)",
        )
        parser.add_argument(
            "-o",
            dest="reports",
            nargs="+",
            choices=(*REPORTS, "stdout"),
            default=["sum"],
            help="the reports, in sclite's order whatever the order given, system by system (default: sum), "
            "always on standard output (sclite's stdout is accepted: alone, as in sclite, no report); dtl: "
            "confusion pairs and the words inserted, deleted, substituted; spk: dtl per speaker; snt: each "
            "utterance's alignment and counts; lur: the word error rate per speaker and STM label; json: every utterance's counts "
            "and the speaker rows; prf: the pra report with sclite's full header, times and confidences; sgml: sclite's SGML alignments (nl.sgml: an item's parts a line each), which "
            "sc_stats reads; mapsswe: sc_stats' matched-pair segment test "
            "of each pair of systems (its -t mapsswe -v report); stats: its sign, Wilcoxon and McNemar tests; "
            "wws: the sum report of the words' weights (with -w)",
        )
        parser.add_argument(
            "-n",
            dest="names",
            metavar="NAME",
            action="append",
            help="a system's name in the reports, one per -h in order (default: its path)",
        )
        parser.add_argument(
            "-l",
            dest="width",
            type=int,
            default=1000,
            metavar="WIDTH",
            help="where the pra and prf reports break an utterance's lines (default: 1000, as sclite)",
        )
        parser.add_argument(
            "-D", dest="deletable", action="store_true", help="(word) in the reference may be left out without an error"
        )
        parser.add_argument(
            "-F", dest="fragments", action="store_true", help="fragments (th-, -ing) match the words they begin or end"
        )
        parser.add_argument(
            "-m",
            dest="spans",
            nargs="*",
            choices=("ref", "hyp"),
            metavar="ref|hyp",
            help="STM and CTM: score only the reference segments within the CTM's time span "
            "(ref, the default) and/or the hypothesis words within the STM's (hyp), "
            "per file and channel, as sclite's -m",
        )
        parser.add_argument(
            "-T",
            dest="timed",
            action="store_true",
            help="CTM reference and hypotheses: time-mediated alignment, as sclite's -T (a word "
            "inserted or deleted costs its duration, two words the distance of their times)",
        )
        parser.add_argument(
            "-S",
            dest="segment",
            nargs="+",
            metavar=("algo1 LEXICON", "ASCIITOO"),
            help="infer the hypothesis's word boundaries from a lexicon (one word a line), as "
            "sclite's -S algo1 (ASCIITOO: cut ASCII words into letters too)",
        )
        parser.add_argument(
            "-c",
            dest="characters",
            nargs="*",
            choices=("NOASCII", "DH"),
            metavar="NOASCII|DH",
            help="align characters, not words (NOASCII: ASCII words stay whole; DH: hyphens are "
            "left out), as sclite's -c",
        )
        parser.add_argument(
            "-d",
            dest="diff",
            action="store_true",
            help="align with GNU diff, as sclite's -d (trn files, an stm reference with ctm hypotheses)",
        )
        parser.add_argument(
            "-w",
            dest="weights",
            metavar="WWL",
            help="align with word weights, as sclite's -w: a word inserted or deleted costs its "
            "weight, two words the sum of theirs (the WWL file's first column); -o wws reports "
            "the weights in percent (sclite's -L, language-model weights, is not offered)",
        )
        parser.add_argument(
            "-s", dest="cased", action="store_true", help="case-sensitive (default: ASCII letters are lowercased)"
        )
        parser.add_argument(
            "--case-profile",
            default="generic",
            metavar="PROFILE",
            help="also lowercase the letters of a language, as sclite's -e utf-8 PROFILE: "
            "babel_turkish, babel_vietnamese, ukrainian, babel_cebuano, babel_guarani, "
            "babel_kazakh, babel_kurmanji, babel_lithuanian, babel_mongolian (default: generic, "
            "ASCII only); UTF-8 files only",
        )
        parser.add_argument(
            "--encoding",
            default="UTF-8",
            help="the files' encoding, also the reports' (as sclite writes the files' bytes; default: UTF-8)",
        )

    def run(self, args: argparse.Namespace, host: PluginHost) -> int:
        """Read the files, score every system and print the reports."""
        ref_path, ref_format = file_and_format(args.reference, "-r", ("trn", "stm", "ctm"), 2)
        hyps = [file_and_format(h, "-h", ("trn", "ctm", "txt"), 3) for h in args.hypotheses]
        check_options(args, ref_format, {kind for _, kind, *_ in hyps}, len(hyps))
        context = Context(
            host.registries,
            host.hook,
            encoding=check_encoding(args.encoding, "--encoding"),
            stdin=True,
            encoding_hint="give its encoding with --encoding",
        )  # DEFAULT_ENCODING is not read here
        if args.case_profile != "generic" and codecs.lookup(args.encoding).name != "utf-8":
            raise UsageError(
                f"--case-profile {args.case_profile}: a language profile folds UTF-8 files, as sclite's "
                f"-e utf-8 PROFILE, not {args.encoding}"
            )
        weights = None
        if args.weights is not None:
            from .wordweights import read_wwl

            weights = read_wwl(context.read_text(args.weights, field="-w"), args.weights)
        segment = None
        if args.segment is not None:
            from .inferred import segmenting

            segment = segmenting(
                args.segment,
                context.read_text,
                args.encoding,
                ref_format == "ctm" or any(kind == "txt" for _, kind, *_ in hyps),
            )
        reference = read_reference(args, context, ref_path, ref_format)
        names = args.names or []
        networks: dict = {}  # each reference utterance's network, built once for all the systems
        systems = []
        for k, (path, kind, *name) in enumerate(hyps):
            system = names[k] if k < len(names) else (name[0] if name else path)
            scored, by_id = score_system(args, context, reference, path, kind, weights, segment, networks)
            if not scored:  # sclite ends in a segmentation fault; the reports would be of nothing
                raise InputError(
                    f"{path}: no utterance to score: it and the reference {ref_path} have none in common "
                    "(is one of them empty?)"
                )
            systems.append((system, scored, by_id))
        options = ReportOptions(
            ref_path,
            time.strftime("%a %b %d %H:%M:%S %Y"),
            args.encoding,
            args.width,
            args.cased,
            args.deletable,
            args.fragments,
            args.characters is not None,
            ref_format == "ctm",
            args.diff,
            reference.definitions,
            weights,
            args.case_profile,
        )
        write_in(
            args.encoding,
            "".join(
                all_reports(
                    sorted(set(args.reports) - {"stdout"}, key=REPORTS.index),
                    systems,
                    [path for path, *_ in hyps],
                    [kind for _, kind, *_ in hyps],
                    options,
                )
            ),
        )
        return 0


def check_options(args: argparse.Namespace, ref_format: str, kinds: set, systems: int) -> None:
    """The combinations of options and formats sclite refuses, or that are not offered (yet),
    as one :class:`UsageError` each; ``--case-profile`` read in lowercase."""
    from .casefold import PROFILES

    paths = [args.reference[0], *(h[0] for h in args.hypotheses)]
    if args.weights is not None and ref_format != "trn":
        raise UsageError("-w: word weights are scored for trn files (an stm or ctm reference: not yet)")
    if paths.count("-") > 1:  # it is read once: the same text twice
        raise UsageError("-r, -h: only one file can be - (standard input)")
    if args.width < 1:
        raise UsageError(f"-l: the line width is a positive number, not {args.width}")
    if len(args.names or []) > systems:
        raise UsageError("-n: more names than -h files")
    for report in ("mapsswe", "stats"):
        if report in args.reports and systems < 2:
            raise UsageError(f"-o {report} compares systems: give at least two -h files")
    if not kinds <= {"trn": {"trn"}, "stm": {"ctm", "txt"}, "ctm": {"ctm"}}[ref_format]:
        raise UsageError(
            "-h: a trn reference takes trn hypotheses, an stm reference ctm or txt hypotheses, "
            "a ctm reference ctm hypotheses"
        )
    if "txt" in kinds and (args.deletable or args.fragments or args.spans is not None):
        raise UsageError("-h HYP txt: aligned by GNU diff, as sclite aligns it: not with -D, -F, -m")
    if args.timed and (ref_format != "ctm" or kinds != {"ctm"}):
        raise UsageError("-T: a time-mediated alignment is of a ctm reference and ctm hypotheses, as sclite's")
    if args.diff and (
        ref_format == "ctm"
        or args.deletable
        or args.fragments
        or args.spans is not None
        or args.characters is not None
        or {"lur", "sgml", "nl.sgml"} & set(args.reports)
    ):
        raise UsageError(
            "-d: GNU diff's alignment, as sclite's, of trn files or an stm reference with ctm "
            "hypotheses: not with -D, -F, -m, -c, nor yet with -o lur, sgml"
        )
    if args.characters is not None and (ref_format == "ctm" or "txt" in kinds):
        raise UsageError(
            "-c: characters are aligned against a trn or stm reference, not a text hypothesis (sclite "
            "refuses it) nor a ctm reference (sclite leaves -c out there)"
        )
    if args.characters is not None and args.segment is not None:
        raise UsageError("-c with -S: give one (sclite aligns words under -S and leaves -c out, silently)")
    if args.weights is not None and (
        args.timed or args.characters is not None or args.segment is not None or args.diff or "txt" in kinds
    ):
        raise UsageError(
            "-w: word weights are not combined with -T, -c, -S, -d nor a txt hypothesis (sclite refuses them too)"
        )
    if "wws" in args.reports and args.weights is None:
        raise UsageError("-o wws: give the word weights with -w WWL")
    if args.spans is not None and ref_format != "stm":
        raise UsageError("-m: time spans are those of an STM reference and CTM hypotheses")
    if "lur" in args.reports and ref_format == "trn":
        raise UsageError("-o lur: the labels come from an STM reference")
    args.case_profile = args.case_profile.lower()  # sclite reads the profile's name in any case
    if args.case_profile not in PROFILES:
        raise UsageError(f"--case-profile: no profile {args.case_profile!r} (sclite's are {', '.join(PROFILES)})")


@dataclass(frozen=True)
class Reference:
    """The reference as read once for every system: its path and format, its STM labels'
    definitions (none for a TRN reference), and per format its text as read (``raw``, STM),
    its segments (STM), its folded text (CTM, cut per system) or its utterances (TRN)."""

    path: str
    format: str
    definitions: Any = None
    raw: str = ""
    segments: Any = None
    text: str = ""
    utterances: Any = None


def reader(args: argparse.Namespace, context: Context) -> Callable:
    """``read(path, field)``: a file's text, folded to lowercase unless ``-s``."""
    from .casefold import fold

    def read(path: str, field: str) -> str:
        text = context.read_text(path, field=field)
        return text if args.cased else fold(text, args.case_profile)

    return read


def read_reference(args: argparse.Namespace, context: Context, path: str, kind: str) -> Reference:
    """The reference file read and parsed as its format says."""
    from .casefold import fold
    from .lur import label_definitions

    if kind == "stm":
        from .stmctm import parse_stm

        raw = context.read_text(path, field="-r")
        return Reference(
            path,
            kind,
            label_definitions(raw),
            raw,
            segments=parse_stm(raw if args.cased else fold(raw, args.case_profile), path),
        )
    if kind == "ctm":  # no definitions: sclite's lur of a ctm reference has only the speakers
        return Reference(path, kind, label_definitions(""), text=reader(args, context)(path, "-r"))
    from .trn import parse_trn

    return Reference(path, kind, utterances=parse_trn(reader(args, context)(path, "-r"), path, args.id_format))


def score_system(
    args: argparse.Namespace,
    context: Context,
    reference: Reference,
    path: str,
    kind: str,
    weights: Any,
    segment: "tuple | None",
    networks: dict,
) -> tuple:
    """``(scored, by_id)`` of one hypothesis file: its utterances scored against the
    reference, and the STM segment of each utterance id (``None`` but for a CTM hypothesis of
    an STM reference)."""
    from .casefold import fold
    from .characters import by_characters
    from .scoring import score
    from .words import mark_fragments, mark_optional

    read = reader(args, context)
    if kind == "txt":
        from .txthyp import score_text  # imported when asked for: it starts GNU diff

        raw = reference.raw if args.cased else fold(reference.raw, args.case_profile)
        return score_text(raw, reference.path, read(path, "-h"), args.encoding), None
    if args.diff:
        from .gnudiff import score_ctm, score_trn  # imported when asked for: it starts GNU diff

        ref_text = read(reference.path, "-r")
        if kind == "trn":
            return score_trn(ref_text, reference.path, read(path, "-h"), path, args.id_format, args.encoding), None
        return score_ctm(ref_text, reference.path, read(path, "-h"), path, args.encoding), None
    by_id = None  # an STM segment by utterance id
    arrange = None  # how the steps of an alignment are reordered (a CTM reference's, by time)
    if reference.format == "ctm":
        from .ctmref import by_time, chunks

        refs, hyp = chunks(reference.text, read(path, "-h"), reference.path, path)
        arrange = by_time
    elif kind == "ctm":
        from .stmctm import assign, parse_ctm, scored_references, within_spans

        kept, words = reference.segments, parse_ctm(read(path, "-h"), path)
        if args.spans is not None:
            kept, words = within_spans(kept, words, "hyp" not in args.spans or "ref" in args.spans, "hyp" in args.spans)
        refs, hyp = scored_references(kept), assign(kept, words, path)
        by_id = {s.utterance.id: s for s in kept}
    else:
        from .trn import parse_trn

        refs, hyp = reference.utterances, parse_trn(read(path, "-h"), path, args.id_format, hypothesis=True)
    if args.characters is not None:
        refs, hyp = by_characters(refs, hyp, args.characters, args.deletable)
    for u in hyp:
        if args.deletable:
            mark_optional(u.words)
        if args.fragments:
            mark_fragments(u.words)
    return score(
        refs,
        hyp,
        args.deletable,
        args.fragments,
        hyp_path=path,
        ref_path=reference.path,
        arrange=arrange,
        timed=args.timed,
        segment=segment,
        weights=weights,
        networks=networks,
    ), by_id


@dataclass(frozen=True)
class ReportOptions:
    """What the reports of one run show besides the scores: the reference's path, the time
    of the run (``created``), the files' encoding, the ``pra`` line width (``-l``), and
    sclite's options that the reports name: ``-s`` (``cased``), ``-D``, ``-F``, ``-c``
    (``characters``), a CTM reference's times (``ctm_reference``), ``-d`` (``diff``), the STM
    labels' ``definitions``, ``-w``'s ``weights`` and the ``--case-profile`` whose capitals
    the alignments show."""

    ref_path: str
    created: str
    encoding: str
    width: int
    cased: bool
    deletable: bool
    fragments: bool
    characters: bool
    ctm_reference: bool
    diff: bool
    definitions: Any
    weights: Any
    case_profile: str = "generic"


def all_reports(reports: list, systems: list, paths: list, kinds: list, options: ReportOptions) -> list:
    """The reports' texts: system by system each of ``reports`` (in sclite's order), as sclite
    writes them, then the comparisons of the systems (``mapsswe``, ``stats``)."""
    from .table import Memory

    out = []
    memory = Memory()
    first = 0
    for (system, scored, by_id), path, kind in zip(systems, paths, kinds):
        out += [
            system_report(report, system, scored, by_id, path, kind, first, memory, options)
            for report in reports
            if report not in ("mapsswe", "stats")
        ]
        first += len(scored)
    if "mapsswe" in reports:
        from .scstats import mapsswe_report

        out.append(mapsswe_report([(name, scored) for name, scored, _ in systems]))
    if "stats" in reports:
        out += [stats_lines(a, sa, b, sb) for (a, sa, _), (b, sb, _) in pairs(systems)]
    return out


def system_report(
    report: str,
    system: str,
    scored: list,
    by_id: "dict | None",
    path: str,
    kind: str,
    first: int,
    memory: Any,
    options: ReportOptions,
) -> str:
    """One system's ``report``; ``first``: the number of utterances of the systems before it
    (sclite's SGML numbers them on)."""
    from .reports import alignment_dump, sgml, summary

    o = options
    definitions = None if kind == "txt" else o.definitions
    if report in ("sgml", "nl.sgml"):
        return sgml(
            scored,
            system,
            o.ref_path,
            path,
            o.created,
            fragments=o.fragments,
            deletable=o.deletable,
            first=first,
            segments=by_id,
            definitions=definitions,
            lines=report == "nl.sgml",
            cased=o.cased,
            ref_times=o.ctm_reference,
            characters=o.characters,
            weights=o.weights,
        )
    if report == "snt":
        from .snt import sentences

        return sentences(scored, system, by_id, o.encoding, o.cased, o.ctm_reference, o.case_profile)
    if report == "lur":
        from .lur import lur

        # -o lur was refused for a TRN reference, the only one without definitions
        return lur(scored, system, o.definitions, memory, o.ref_path)
    if report == "prf":
        return alignment_dump(
            scored,
            system,
            files=(o.ref_path, path),
            fragments=o.fragments,
            deletable=o.deletable,
            created=o.created,
            segments=by_id,
            definitions=None if o.diff else definitions,
            encoding=o.encoding,
            width=o.width,
            cased=o.cased,
            ref_times=o.ctm_reference,
            characters=o.characters,
            weights=o.weights,
            profile=o.case_profile,
        )
    if report == "wws":
        return summary(scored, system, memory=memory, weights=o.weights)
    return render(report, scored, system, memory, options)


def write_in(encoding: str, text: str) -> None:
    """Write the reports to standard output in the input files' encoding, as sclite writes
    the files' own bytes (a character the encoding lacks, from a file's name, is escaped)."""
    sys.stdout.flush()
    sys.stdout.buffer.write(text.encode(encoding, "backslashreplace"))
    sys.stdout.buffer.flush()


def file_and_format(values: list, option: str, formats: tuple, most: int) -> tuple:
    """``(path, format, *name)`` of a ``-r`` or ``-h`` option's values; the format from the
    file's extension when not given (``.stm``, ``.ctm``; else trn).

    :example:
        >>> file_and_format(["ref.stm"], "-r", ("trn", "stm"), 2), file_and_format(["a.txt", "trn", "A"], "-h", ("trn", "ctm"), 3)
        (('ref.stm', 'stm'), ('a.txt', 'trn', 'A'))
    """
    if len(values) > most:
        raise UsageError(f"{option}: at most {most} values (the file, its format{', a name' if most > 2 else ''})")
    path = values[0]
    kind = values[1].lower() if len(values) > 1 else next((f for f in formats if path.lower().endswith("." + f)), "trn")
    if kind not in formats:
        raise UsageError(f"{option} {path}: format {values[1]!r} is not one of {', '.join(formats)}")
    return (path, kind, *values[2:])


def pairs(systems: list) -> list:
    """Every pair of systems, in the order given."""
    return [(a, b) for k, a in enumerate(systems) for b in systems[k + 1 :]]


def stats_lines(a: str, first: list, b: str, second: list) -> str:
    """sc_stats' sign, Wilcoxon and McNemar figures for two systems (exact p-values); the
    Wilcoxon test's systems in sc_stats' order, the worse first."""
    from .scstats import worse_first
    from .significance import mcnemar, sign_test, speaker_rates, wilcoxon

    sign, mcn = sign_test(first, second), mcnemar(first, second)
    worse, rates_worse, better, rates_better, speakers = worse_first(a, speaker_rates(first), b, speaker_rates(second))
    wilc = wilcoxon([rates_worse[s] - rates_better[s] for s in speakers])
    return (
        f"SIGN (systems: {a} {b}) (speakers {b} - {a} > 0: {sign.positive}) (< 0: {sign.negative}) "
        f"(= 0: {sign.zero}) (exact p: {sign.p:.6g})\n"
        f"WILCOXON (systems: {worse} {better}) (positive ranks: {wilc.positive:.1f}) "
        f"(negative ranks: {wilc.negative:.1f}) (Z: {wilc.z:.3f})\n"
        f"MCNEMAR (systems: {a} {b}) (both correct: {mcn.both}) ({a} only correct: {mcn.first_only}) "
        f"({b} only correct: {mcn.second_only}) (both wrong: {mcn.neither}) (exact p: {mcn.p:.6g})\n"
    )


def render(report: str, scored: list, system: str, memory: Any, options: ReportOptions) -> str:
    """One system's sum, rsum, pra, dtl, spk or json report."""
    from .reports import alignment_dump, detail, summary
    from .scoring import speaker_rows, total_row

    if report in ("sum", "rsum"):
        return summary(scored, system, counts=report == "rsum", memory=memory, characters=options.characters)
    if report == "pra":
        return alignment_dump(
            scored,
            system,
            encoding=options.encoding,
            width=options.width,
            cased=options.cased,
            profile=options.case_profile,
        )
    if report == "dtl":
        return detail(scored, system, encoding=options.encoding)
    if report == "spk":
        from .spk import speakers

        return speakers(scored, system, options.encoding)
    rows = speaker_rows(scored)
    return (
        json.dumps(
            {
                "system": system,
                "utterances": [{"id": s.utterance.id, "speaker": s.utterance.speaker, **s.counts} for s in scored],
                "speakers": rows,
                "total": total_row(rows),
            },
            ensure_ascii=False,
        )
        + "\n"
    )
