/*
 * The timing plugin's kernel: the time-constrained minimal edit alignment of two word
 * lists (tc_align) and its distance (tc_distance), the compiled twins of
 * benchmarkstt_timing.tcalign.py_tc_align. An optional extension: where it was not built,
 * benchmarkstt_timing.tcalign aligns in Python.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

/* The alignment runs without the GIL, so Python's signal handlers wait for it: every
   STOP_WORK cells it takes the GIL for a moment and runs them (PyErr_CheckSignals), so that
   Ctrl-C's KeyboardInterrupt ends it within a fraction of a second. 1 when a handler raised
   (its exception is set). */
#define STOP_WORK ((int64_t)1 << 24)

static int
stopped(PyThreadState **unlocked, int64_t *work)
{
    if (*work < STOP_WORK) {
        return 0;
    }
    *work = 0;
    PyEval_RestoreThread(*unlocked);
    int raised = PyErr_CheckSignals() < 0;
    *unlocked = PyEval_SaveThread();
    return raised;
}

/* the codes of the words of b (0, 1, ... by first occurrence, through a dict: hash and ==)
   and of a (-1 for a word b lacks), as tuples a and b; 0, or -1 with an exception set */
static int
word_codes(PyObject *a, PyObject *b, int32_t *a_codes, int32_t *b_codes)
{
    PyObject *codes = PyDict_New();
    if (codes == NULL) {
        return -1;
    }
    for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(b); j++) {
        PyObject *code = PyDict_GetItemWithError(codes, PyTuple_GET_ITEM(b, j));
        if (code == NULL && !PyErr_Occurred()) {
            code = PyLong_FromSsize_t(PyDict_GET_SIZE(codes));
            if (code != NULL && PyDict_SetItem(codes, PyTuple_GET_ITEM(b, j), code) < 0) {
                Py_CLEAR(code);
            }
            Py_XDECREF(code); /* the dict holds it */
        }
        if (code == NULL) {
            Py_DECREF(codes);
            return -1;
        }
        b_codes[j] = (int32_t)PyLong_AsLong(code);
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(a); i++) {
        PyObject *code = PyDict_GetItemWithError(codes, PyTuple_GET_ITEM(a, i));
        if (code == NULL && PyErr_Occurred()) {
            Py_DECREF(codes);
            return -1;
        }
        a_codes[i] = code == NULL ? -1 : (int32_t)PyLong_AsLong(code);
    }
    Py_DECREF(codes);
    return 0;
}

/* tc_align(ref, ref_starts, ref_ends, hyp, hyp_starts, hyp_ends, ref_collar, hyp_collar): the
   time-constrained
   minimal edit alignment, as (the reference indexes of the pairs, their hypothesis
   indexes, the number of equal pairs). Reference word i and hypothesis word j may be paired (a match when
   equal, else a substitution) only when their spans, widened by the collars, overlap
   (start_i < end_j and start_j < end_i); every other word is a deletion or an insertion.
   The widened times are rounded to the nanosecond (to the nearest double of a whole number
   of nanoseconds), so that edges that are equal in decimal (a CTM word's start + duration,
   and the next word's start) compare equal, as meeteval's decimal arithmetic has them.

   Of the minimal alignments it gives the one that a backtrace from the end of the full
   dynamic programme finds when it prefers an insertion, then a deletion, then the pair.
   With D(i, j) the programme's cost, the kernel keeps F(i, j) = D(i, j) - i - j, which
   only a pair can lower: F(i, j) = min(F(i-1, j), F(i, j-1), F(i-1, j-1) - 2 + (unequal))
   (the last term for a pair only), 0 on the borders. So a row equals the row above left of
   its first pair, and is constant right of the last pair of all rows so far. Each row is
   computed on a band [L_i, H_i]: H_i the last overlapping column of rows up to i, L_i the
   first of rows from i on (at most H_i); outside it the two rules above give F exactly.
   Per band cell two bits are kept: whether F(i, j-1) and F(i-1, j) equal F(i, j), all the
   backtrace needs. Times are monotone in practice, so the bands are narrow; any order of
   times gives the full programme's result, on wider bands. */
typedef struct {
    double start, end;
} Span;

/* the spans of starts and ends (sequences of numbers, made by PySequence_Fast) widened by
   collar and rounded to the nanosecond (see tc_align); -1 with an exception set on error */
static int
read_spans(PyObject *starts, PyObject *ends, double collar, Span *spans, Py_ssize_t count)
{
    PyObject **s = PySequence_Fast_ITEMS(starts), **e = PySequence_Fast_ITEMS(ends);
    for (Py_ssize_t x = 0; x < count; x++) {
        double start = PyFloat_CheckExact(s[x]) ? PyFloat_AS_DOUBLE(s[x]) : PyFloat_AsDouble(s[x]);
        double end = PyFloat_CheckExact(e[x]) ? PyFloat_AS_DOUBLE(e[x]) : PyFloat_AsDouble(e[x]);
        if ((start == -1.0 || end == -1.0) && PyErr_Occurred()) {
            return -1;
        }
        spans[x].start = nearbyint((start - collar) * 1e9) / 1e9;
        spans[x].end = nearbyint((end + collar) * 1e9) / 1e9;
    }
    return 0;
}

static const Span *sort_spans;

static int
compare_starts(const void *x, const void *y)
{
    double a = sort_spans[*(const int32_t *)x].start, b = sort_spans[*(const int32_t *)y].start;
    return (a > b) - (a < b);
}

/* per reference word i (row i + 1), the first and last overlapping hypothesis column
   (1-based), or m + 1 and 0 when none overlaps (a span with a NaN time overlaps none); 0, or
   -1 (no memory), or -2 (a signal handler raised, its exception set) */
static int
overlap_bounds(const Span *ref, int32_t n, const Span *hyp, int32_t m, int32_t *lo, int32_t *hi)
{
    int32_t *order = malloc(((size_t)m + 1) * sizeof(int32_t));
    double *reach = malloc(((size_t)m + 1) * sizeof(double));
    if (order == NULL || reach == NULL) {
        free(order);
        free(reach);
        return -1;
    }
    int32_t count = 0;
    for (int32_t k = 0; k < m; k++) {
        if (hyp[k].start == hyp[k].start && hyp[k].end == hyp[k].end) {
            order[count++] = k;
        }
    }
    m = count;
    int sorted = 1;
    for (int32_t k = 1; k < m && sorted; k++) {
        sorted = hyp[order[k - 1]].start <= hyp[order[k]].start;
    }
    if (!sorted) { /* engines' times come sorted: only others pay for the sort */
        sort_spans = hyp;
        qsort(order, (size_t)m, sizeof(int32_t), compare_starts);
    }
    for (int32_t k = 0; k < m; k++) {
        double end = hyp[order[k]].end;
        reach[k] = k && reach[k - 1] > end ? reach[k - 1] : end;
    }
    int64_t work = 0;
    for (int32_t i = 0; i < n; i++) {
        int32_t a = 0, b = m;
        while (a < b) { /* the first k whose running end passes the word's start */
            int32_t mid = a + (b - a) / 2;
            if (reach[mid] > ref[i].start) {
                b = mid;
            } else {
                a = mid + 1;
            }
        }
        int32_t first = a;
        b = m;
        while (a < b) { /* the first k that starts at or after the word's end */
            int32_t mid = a + (b - a) / 2;
            if (hyp[order[mid]].start < ref[i].end) {
                a = mid + 1;
            } else {
                b = mid;
            }
        }
        lo[i + 1] = INT32_MAX;
        hi[i + 1] = 0;
        work += a - first;
        if (work >= STOP_WORK) { /* the GIL is held here: the handlers run at once */
            work = 0;
            if (PyErr_CheckSignals() < 0) {
                free(order);
                free(reach);
                return -2;
            }
        }
        for (int32_t k = first; k < a; k++) {
            int32_t j = order[k];
            if (hyp[j].end > ref[i].start && hyp[j].start < ref[i].end) {
                lo[i + 1] = lo[i + 1] < j + 1 ? lo[i + 1] : j + 1;
                hi[i + 1] = hi[i + 1] > j + 1 ? hi[i + 1] : j + 1;
            }
        }
    }
    free(order);
    free(reach);
    return 0;
}

#define INS_TIGHT 1
#define DEL_TIGHT 2

static inline int
cell_bits(const uint8_t *bits, int64_t cell)
{
    return (bits[cell >> 2] >> ((cell & 3) * 2)) & 3;
}

/* whether F(i, j - 1) == F(i, j), for 0 < i, 0 < j <= H_i: left of the band row i equals
   the last row above whose band reaches j */
static int
insertion_tight(const int32_t *L, const int32_t *H, const int64_t *offset, const uint8_t *bits,
                int32_t i, int32_t j)
{
    if (j < L[i]) {
        int32_t a = 0, b = i - 1; /* the last row r < i with L[r] <= j (L[0] = 0) */
        while (a < b) {
            int32_t mid = b - (b - a) / 2;
            if (L[mid] <= j) {
                a = mid;
            } else {
                b = mid - 1;
            }
        }
        i = a;
        if (i == 0 || j > H[i]) {
            return 1;
        }
    }
    return cell_bits(bits, offset[i] + (j - L[i])) & INS_TIGHT;
}

/* tc_align's programme; with align unset, only the distance D(n, m) as an int (tc_distance:
   no cell bits kept, no backtrace) */
static PyObject *
time_constrained(PyObject *args, int align)
{
    PyObject *ref_obj, *hyp_obj, *time_objs[4], *times[4] = {NULL, NULL, NULL, NULL};
    double ref_collar, hyp_collar;
    if (!PyArg_ParseTuple(args, align ? "OOOOOOdd:tc_align" : "OOOOOOdd:tc_distance", &ref_obj, &time_objs[0], &time_objs[1], &hyp_obj,
                          &time_objs[2], &time_objs[3], &ref_collar, &hyp_collar)) {
        return NULL;
    }
    PyObject *a = NULL, *b = NULL, *result = NULL, *ref_indexes = NULL, *hyp_indexes = NULL;
    int32_t *codes = NULL, *lo = NULL, *hi = NULL, *L = NULL, *H = NULL, *rows[2] = {NULL, NULL};
    int64_t *offset = NULL;
    uint8_t *bits = NULL;
    Span *spans = NULL;
    a = PySequence_Tuple(ref_obj);
    b = a == NULL ? NULL : PySequence_Tuple(hyp_obj);
    if (b == NULL) {
        Py_XDECREF(a);
        return NULL;
    }
    Py_ssize_t n_size = PyTuple_GET_SIZE(a), m_size = PyTuple_GET_SIZE(b);
    for (int k = 0; k < 4; k++) {
        times[k] = PySequence_Fast(time_objs[k], "tc_align: the starts and ends are not sequences");
        if (times[k] == NULL) {
            goto done;
        }
        if (PySequence_Fast_GET_SIZE(times[k]) != (k < 2 ? n_size : m_size)) {
            PyErr_SetString(PyExc_ValueError, "tc_align: one start and one end per word");
            goto done;
        }
    }
    if (n_size >= INT32_MAX / 2 || m_size >= INT32_MAX / 2) {
        PyErr_SetString(PyExc_OverflowError, "tc_align: too many words");
        goto done;
    }
    int32_t n = (int32_t)n_size, m = (int32_t)m_size;
    codes = malloc(((size_t)n + (size_t)m + 1) * sizeof(int32_t));
    spans = malloc(((size_t)n + (size_t)m + 1) * sizeof(Span));
    lo = malloc(((size_t)n + 2) * sizeof(int32_t));
    hi = malloc(((size_t)n + 2) * sizeof(int32_t));
    L = malloc(((size_t)n + 2) * sizeof(int32_t));
    H = malloc(((size_t)n + 2) * sizeof(int32_t));
    offset = malloc(((size_t)n + 2) * sizeof(int64_t));
    rows[0] = malloc(((size_t)m + 1) * sizeof(int32_t));
    rows[1] = malloc(((size_t)m + 1) * sizeof(int32_t));
    if (!codes || !spans || !lo || !hi || !L || !H || !offset || !rows[0] || !rows[1]) {
        PyErr_NoMemory();
        goto done;
    }
    int32_t *rc = codes, *hc = codes + n;
    Span *rs = spans, *hs = spans + n;
    if (word_codes(a, b, rc, hc) < 0) {
        goto done;
    }
    if (read_spans(times[0], times[1], ref_collar, rs, n) < 0
        || read_spans(times[2], times[3], hyp_collar, hs, m) < 0) {
        goto done;
    }
    int bounds = overlap_bounds(rs, n, hs, m, lo, hi);
    if (bounds == -1) {
        PyErr_NoMemory();
    }
    if (bounds < 0) {
        goto done;
    }
    /* the bands: H a running maximum, L a running minimum from the end, capped by H */
    L[0] = H[0] = 0;
    for (int32_t i = 1; i <= n; i++) {
        H[i] = H[i - 1] > hi[i] ? H[i - 1] : hi[i];
    }
    int32_t first_after = m + 1;
    for (int32_t i = n; i >= 1; i--) {
        first_after = first_after < lo[i] ? first_after : lo[i];
        L[i] = first_after < H[i] ? first_after : H[i];
    }
    offset[0] = 0;
    for (int32_t i = 0; i <= n; i++) {
        offset[i + 1] = offset[i] + (H[i] - L[i] + 1);
    }
    bits = align ? calloc((size_t)((offset[n + 1] + 3) / 4), 1) : NULL;
    if (align && bits == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    int32_t last_f; /* F(n, m): row n is constant right of H_n */
    int64_t work = 0;
    int raised = 0;
    PyThreadState *unlocked = PyEval_SaveThread();
    int32_t *prev = rows[0], *cur = rows[1];
    prev[0] = 0;
    for (int32_t i = 1; i <= n && !raised; i++) {
        int32_t ph = H[i - 1], li = L[i], hi_i = H[i];
        work += hi_i - li + 1;
        raised = stopped(&unlocked, &work);
        /* row i - 1 extended over [L_i - 1, H_i]: left of its band it equals the rows above
           (F(i - 1, L_{i-1} - 1) was left there when it was computed), right of it its last value */
        for (int32_t x = ph + 1; x <= hi_i; x++) {
            prev[x] = prev[ph];
        }
        int32_t f = li > 0 ? prev[li - 1] : 0; /* F(i, L_i - 1) = F(i - 1, L_i - 1) */
        if (li > 0) {
            cur[li - 1] = f;
        }
        int64_t cell = offset[i];
        int32_t j = li;
        if (j == 0) {
            cur[0] = 0;
            if (align) {
                bits[cell >> 2] |= (uint8_t)(DEL_TIGHT << ((cell & 3) * 2));
            }
            cell++;
            j = 1;
        }
        const Span r = rs[i - 1];
        int32_t code = rc[i - 1];
        for (; j <= hi_i; j++, cell++) {
            int32_t up = prev[j], left = f;
            f = up < left ? up : left;
            const Span *h = &hs[j - 1];
            if (r.start < h->end && h->start < r.end) {
                int32_t diag = prev[j - 1] - 2 + (code != hc[j - 1] || code < 0);
                f = diag < f ? diag : f;
            }
            cur[j] = f;
            if (align) {
                int tight = (left == f ? INS_TIGHT : 0) | (up == f ? DEL_TIGHT : 0);
                bits[cell >> 2] |= (uint8_t)(tight << ((cell & 3) * 2));
            }
        }
        int32_t *swap = prev;
        prev = cur;
        cur = swap;
    }
    last_f = prev[H[n]];
    PyEval_RestoreThread(unlocked);
    if (raised) {
        goto done;
    }
    if (!align) {
        result = PyLong_FromLongLong((long long)last_f + n + m);
        goto done;
    }
    /* the backtrace: insertion, then deletion, then the pair; the pairs are collected from the
       end, then put in order */
    Py_ssize_t paired = 0, hits = 0;
    int32_t i = n, j = m;
    int32_t *pair_i = lo, *pair_j = hi; /* free again: at most min(n, m) pairs */
    while (i > 0 && j > 0) {
        if (j > H[i]) {
            j = H[i];
        } else if (j < L[i]) {
            if (insertion_tight(L, H, offset, bits, i, j)) {
                j--;
            } else {
                i--;
            }
        } else {
            int tight = cell_bits(bits, offset[i] + (j - L[i]));
            if (tight & INS_TIGHT) {
                j--;
            } else if (tight & DEL_TIGHT) {
                i--;
            } else {
                hits += rc[i - 1] == hc[j - 1] && rc[i - 1] >= 0;
                i--;
                j--;
                pair_i[paired] = i;
                pair_j[paired] = j;
                paired++;
            }
        }
    }
    ref_indexes = PyList_New(paired);
    hyp_indexes = PyList_New(paired);
    if (ref_indexes == NULL || hyp_indexes == NULL) {
        goto done;
    }
    for (Py_ssize_t k = 0; k < paired; k++) {
        PyObject *x = PyLong_FromLong(pair_i[paired - 1 - k]), *y = PyLong_FromLong(pair_j[paired - 1 - k]);
        if (x == NULL || y == NULL) {
            Py_XDECREF(x);
            Py_XDECREF(y);
            goto done;
        }
        PyList_SET_ITEM(ref_indexes, k, x);
        PyList_SET_ITEM(hyp_indexes, k, y);
    }
    result = Py_BuildValue("(OOn)", ref_indexes, hyp_indexes, hits);
done:
    Py_XDECREF(a);
    Py_XDECREF(b);
    for (int k = 0; k < 4; k++) {
        Py_XDECREF(times[k]);
    }
    Py_XDECREF(ref_indexes);
    Py_XDECREF(hyp_indexes);
    free(codes);
    free(spans);
    free(lo);
    free(hi);
    free(L);
    free(H);
    free(offset);
    free(rows[0]);
    free(rows[1]);
    free(bits);
    return result;
}

static PyObject *
tc_align(PyObject *self, PyObject *args)
{
    return time_constrained(args, 1);
}

static PyObject *
tc_distance(PyObject *self, PyObject *args)
{
    return time_constrained(args, 0);
}

static PyMethodDef methods[] = {
    {"tc_align", tc_align, METH_VARARGS,
     "tc_align(ref, ref_starts, ref_ends, hyp, hyp_starts, hyp_ends, ref_collar, hyp_collar)\n--\n\n"
     "The time-constrained minimal edit alignment: (the reference indexes of the paired words,\n"
     "their hypothesis indexes, the number of equal pairs), words paired only when their spans\n"
     "widened by the collars overlap; of the minimal alignments, the one a backtrace\n"
     "preferring insertion, then deletion, then the pair finds."},
    {"tc_distance", tc_distance, METH_VARARGS,
     "tc_distance(ref, ref_starts, ref_ends, hyp, hyp_starts, hyp_ends, ref_collar, hyp_collar)\n--\n\n"
     "The errors of tc_align's alignment (its edit distance), without the alignment."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_kernel", "The timing metrics' time-constrained alignment, in C.", -1, methods,
};

PyMODINIT_FUNC
PyInit__kernel(void)
{
    return PyModule_Create(&module);
}
