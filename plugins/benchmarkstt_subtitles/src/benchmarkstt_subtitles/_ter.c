/*
 * SubER's TER with time constraints, compiled: the algorithm of ter.py (read its help first),
 * with the same results, for one part at a time.
 *
 * The edit distance matrix is kept as a band per row: row i holds the columns
 * [lo(i), hi(i)) of the beam (the first and the last rows hold every column); a cell outside
 * it is infinite. The matrix of the current hypothesis order is kept whole (costs and
 * operations), with each cell's cost to the corner; a shift candidate changes the order only
 * from min(start, target) to max(start + length, target), so its distance is computed from
 * the kept row before that with two rolling rows up to the row after it, then joined to the
 * kept costs to the corner (the least sum over the row's cells is the distance).
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SHIFT_SIZE 10
#define MAX_SHIFT_DIST 50
#define BEAM_WIDTH 100
#define MAX_SHIFT_CANDIDATES 1000
#define INF 10000000000000000LL

typedef struct {
    int64_t code;
    int brk;
    double start, end;
} Token;

typedef struct {
    const Token *hyp, *ref;
    Py_ssize_t n, m;
    double ratio;
    Py_ssize_t beam;
    Py_ssize_t *lo, *hi, *off; /* per row: band and offset in the buffers */
    int64_t *cost, *rest;
    char *op;
    int64_t *roll[2];
    long checked;
} Search;

static int aligns(const Token *h, const Token *r)
{
    return h->brk == r->brk && ((h->start < r->end) == (r->start < h->end));
}

static int parse(PyObject *list, Token **out, Py_ssize_t *count)
{
    PyObject *seq = PySequence_Fast(list, "ter: expected a list of tokens");
    if (!seq)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    Token *t = PyMem_Malloc(sizeof(Token) * (n ? n : 1));
    if (!t) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, k);
        if (!PyArg_ParseTuple(item, "Lpdd", &t[k].code, &t[k].brk, &t[k].start, &t[k].end)) {
            PyMem_Free(t);
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    *out = t;
    *count = n;
    return 0;
}

static void band(Search *s, Py_ssize_t i, Py_ssize_t *lo, Py_ssize_t *hi)
{
    if (i == 0 || i == s->n) {
        *lo = 0;
        *hi = s->m + 1;
        return;
    }
    Py_ssize_t diagonal = (Py_ssize_t)floor((double)i * s->ratio);
    *lo = diagonal - s->beam > 0 ? diagonal - s->beam : 0;
    *hi = diagonal + s->beam < s->m + 1 ? diagonal + s->beam : s->m + 1;
}

static inline int64_t at(const int64_t *row, Py_ssize_t lo, Py_ssize_t hi, Py_ssize_t j)
{
    return (j >= lo && j < hi) ? row[j - lo] : INF;
}

/* one row: `up` (band ulo..uhi) is row i-1; the result goes to cost/op (band lo..hi) */
static void row(Search *s, const Token *h, const int64_t *up, Py_ssize_t ulo, Py_ssize_t uhi, int64_t *cost,
                char *op, Py_ssize_t lo, Py_ssize_t hi)
{
    for (Py_ssize_t j = lo; j < hi; j++) {
        int64_t best;
        char best_op;
        if (j == 0) {
            best = at(up, ulo, uhi, 0) + 1;
            best_op = 'd';
        } else {
            const Token *r = &s->ref[j - 1];
            int64_t sub;
            char sub_op = 's';
            if (aligns(h, r)) {
                if (h->code == r->code) {
                    sub = 0;
                    sub_op = ' ';
                } else
                    sub = 1;
            } else
                sub = INF;
            int64_t c1 = at(up, ulo, uhi, j - 1) + sub;
            int64_t c2 = at(up, ulo, uhi, j) + 1;
            int64_t c3 = (j - 1 >= lo ? cost[j - 1 - lo] : INF) + 1;
            best = INF;
            best_op = 'x';
            if (best > c1) {
                best = c1;
                best_op = sub_op;
            }
            if (best > c2) {
                best = c2;
                best_op = 'd';
            }
            if (best > c3) {
                best = c3;
                best_op = 'i';
            }
        }
        cost[j - lo] = best;
        if (op)
            op[j - lo] = best_op;
    }
}

/* the whole matrix of `order` (rows from `from` on; rows before it are already there) */
static void matrix(Search *s, const Py_ssize_t *order, Py_ssize_t from)
{
    for (Py_ssize_t i = from > 1 ? from : 1; i <= s->n; i++)
        row(s, &s->hyp[order[i - 1]], s->cost + s->off[i - 1], s->lo[i - 1], s->hi[i - 1], s->cost + s->off[i],
            s->op + s->off[i], s->lo[i], s->hi[i]);
}

/* the kept matrix's cost from each cell to the corner (within the band), row n up to row 0 */
static void backward(Search *s, const Py_ssize_t *order)
{
    Py_ssize_t n = s->n, m = s->m;
    for (Py_ssize_t i = n; i >= 0; i--) {
        int64_t *b = s->rest + s->off[i];
        Py_ssize_t lo = s->lo[i], hi = s->hi[i];
        const int64_t *down = i < n ? s->rest + s->off[i + 1] : NULL;
        Py_ssize_t dlo = i < n ? s->lo[i + 1] : 0, dhi = i < n ? s->hi[i + 1] : 0;
        for (Py_ssize_t j = hi - 1; j >= lo; j--) {
            int64_t best = (i == n && j == m) ? 0 : INF;
            if (down) {
                int64_t d = at(down, dlo, dhi, j) + 1;
                if (d < best)
                    best = d;
                if (j < m) {
                    const Token *h = &s->hyp[order[i]], *r = &s->ref[j];
                    int64_t sub = aligns(h, r) ? (h->code != r->code) : INF;
                    int64_t c = at(down, dlo, dhi, j + 1) + sub;
                    if (c < best)
                        best = c;
                }
            }
            if (j + 1 < hi && b[j + 1 - lo] + 1 < best)
                best = b[j + 1 - lo] + 1;
            b[j - lo] = best;
        }
    }
}

/* the distance of `order`, whose first `keep` tokens and tokens from `same` on are those of
   the kept matrix's order: its rows up to `same`, then the least sum of a cell of that row
   and the kept matrix's cost from the cell to the corner */
static int64_t distance_from(Search *s, const Py_ssize_t *order, Py_ssize_t keep, Py_ssize_t same)
{
    if (keep >= s->n)
        return s->cost[s->off[s->n] + s->m];
    const int64_t *up = s->cost + s->off[keep];
    Py_ssize_t ulo = s->lo[keep], uhi = s->hi[keep];
    int k = 0;
    if (same > s->n)
        same = s->n;
    for (Py_ssize_t i = keep + 1; i <= same; i++) {
        int64_t *cur = s->roll[k];
        row(s, &s->hyp[order[i - 1]], up, ulo, uhi, cur, NULL, s->lo[i], s->hi[i]);
        up = cur;
        ulo = s->lo[i];
        uhi = s->hi[i];
        k ^= 1;
    }
    const int64_t *rest = s->rest + s->off[same];
    int64_t best = INF;
    for (Py_ssize_t j = ulo; j < uhi; j++) {
        if (up[j - ulo] < INF / 2 && rest[j - ulo] < INF / 2 && up[j - ulo] + rest[j - ulo] < best)
            best = up[j - ulo] + rest[j - ulo];
    }
    return best;
}

/* the trace of the kept matrix, reference-to-hypothesis direction, into `trace` (returns its length) */
static Py_ssize_t backtrace(Search *s, char *trace)
{
    Py_ssize_t i = s->n, j = s->m, len = 0;
    while (i > 0 || j > 0) {
        char o = (j >= s->lo[i] && j < s->hi[i]) ? s->op[s->off[i] + j - s->lo[i]] : 'x';
        if (o == ' ' || o == 's') {
            i--;
            j--;
        } else if (o == 'i') {
            j--;
            o = 'd';
        } else if (o == 'd') {
            i--;
            o = 'i';
        } else
            return -1;
        trace[len++] = o;
    }
    for (Py_ssize_t a = 0, b = len - 1; a < b; a++, b--) {
        char t = trace[a];
        trace[a] = trace[b];
        trace[b] = t;
    }
    return len;
}

static void shift(const Py_ssize_t *order, Py_ssize_t n, Py_ssize_t start, Py_ssize_t length, Py_ssize_t target,
                  Py_ssize_t *out)
{
    Py_ssize_t k = 0;
#define TAKE(a, b)                                   \
    for (Py_ssize_t q = (a); q < (b) && q < n; q++) \
        out[k++] = order[q];
    if (target < start) {
        TAKE(0, target) TAKE(start, start + length) TAKE(target, start) TAKE(start + length, n)
    } else if (target > start + length) {
        TAKE(0, start) TAKE(start + length, target) TAKE(start, start + length) TAKE(target, n)
    } else {
        TAKE(0, start) TAKE(start + length, length + target) TAKE(start, start + length) TAKE(length + target, n)
    }
#undef TAKE
}

typedef struct {
    int found;
    int64_t gain;
    Py_ssize_t length, start, target;
} Best;

static int better(const Best *b, int64_t gain, Py_ssize_t length, Py_ssize_t start, Py_ssize_t target)
{
    if (!b->found)
        return 1;
    if (gain != b->gain)
        return gain > b->gain;
    if (length != b->length)
        return length > b->length;
    if (start != b->start)
        return start < b->start;
    return target < b->target;
}

/* one round of the shift search on the kept matrix of `order`; the best shift in `best` */
static int best_shift(Search *s, const Py_ssize_t *order, char *trace, Py_ssize_t *align, Py_ssize_t *hyp_err,
                      Py_ssize_t *ref_err, Py_ssize_t *scratch, Best *best)
{
    Py_ssize_t n = s->n, m = s->m;
    Py_ssize_t len = backtrace(s, trace);
    if (len < 0)
        return -1;
    int64_t score = s->cost[s->off[n] + m];
    Py_ssize_t ph = -1, pr = -1;
    hyp_err[0] = ref_err[0] = 0; /* prefix sums: errors before each position */
    for (Py_ssize_t k = 0; k < len; k++) {
        char o = trace[k];
        if (o == ' ' || o == 's') {
            ph++;
            pr++;
            align[pr] = ph;
            hyp_err[ph + 1] = hyp_err[ph] + (o == 's');
            ref_err[pr + 1] = ref_err[pr] + (o == 's');
        } else if (o == 'i') {
            ph++;
            hyp_err[ph + 1] = hyp_err[ph] + 1;
        } else {
            pr++;
            align[pr] = ph;
            ref_err[pr + 1] = ref_err[pr] + 1;
        }
    }
    best->found = 0;
    for (Py_ssize_t sh = 0; sh < n; sh++) {
        Py_ssize_t first = sh - MAX_SHIFT_DIST > 0 ? sh - MAX_SHIFT_DIST : 0;
        Py_ssize_t last = sh + MAX_SHIFT_DIST + 1 < m ? sh + MAX_SHIFT_DIST + 1 : m;
        for (Py_ssize_t sr = first; sr < last; sr++) {
            Py_ssize_t length = 0;
            while (length < MAX_SHIFT_SIZE) {
                const Token *h = &s->hyp[order[sh + length]], *r = &s->ref[sr + length];
                if (h->code != r->code || !aligns(h, r))
                    break;
                length++;
                if (hyp_err[sh + length] - hyp_err[sh] && ref_err[sr + length] - ref_err[sr] &&
                    !(sh <= align[sr] && align[sr] < sh + length)) {
                    Py_ssize_t previous = -1;
                    for (Py_ssize_t offset = -1; offset < length; offset++) {
                        Py_ssize_t target;
                        if (sr + offset == -1)
                            target = 0;
                        else if (sr + offset < m)
                            target = align[sr + offset] + 1;
                        else
                            break;
                        if (target == previous)
                            continue;
                        previous = target;
                        shift(order, n, sh, length, target, scratch);
                        /* the first position from which the shifted order is the kept one */
                        Py_ssize_t same = target < sh ? sh + length : target > sh + length ? target : target + length;
                        int64_t gain = score - distance_from(s, scratch, sh < target ? sh : target, same);
                        s->checked++;
                        if (better(best, gain, length, sh, target)) {
                            best->found = 1;
                            best->gain = gain;
                            best->length = length;
                            best->start = sh;
                            best->target = target;
                        }
                    }
                    if (s->checked >= MAX_SHIFT_CANDIDATES)
                        return 0;
                }
                if (n == sh + length || m == sr + length)
                    break;
            }
        }
    }
    return 0;
}

static PyObject *result(Py_ssize_t edits, Py_ssize_t shifts, const char *trace, Py_ssize_t len,
                        const Py_ssize_t *order, Py_ssize_t n)
{
    PyObject *list = PyList_New(n);
    if (!list)
        return NULL;
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *v = PyLong_FromSsize_t(order ? order[k] : k);
        if (!v) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, k, v);
    }
    return Py_BuildValue("nns#N", edits, shifts, trace, len, list);
}

static PyObject *ter(PyObject *self, PyObject *args)
{
    PyObject *hyp_list, *ref_list;
    if (!PyArg_ParseTuple(args, "OO", &hyp_list, &ref_list))
        return NULL;
    Search s;
    memset(&s, 0, sizeof s);
    Token *hyp = NULL, *ref = NULL;
    PyObject *out = NULL;
    Py_ssize_t *order = NULL, *scratch = NULL, *align = NULL, *hyp_err = NULL, *ref_err = NULL;
    char *trace = NULL;
    if (parse(hyp_list, &hyp, &s.n) < 0 || parse(ref_list, &ref, &s.m) < 0)
        goto done;
    s.hyp = hyp;
    s.ref = ref;
    Py_ssize_t n = s.n, m = s.m;
    if (m == 0) {
        trace = PyMem_Malloc(n + 1);
        if (!trace) {
            PyErr_NoMemory();
            goto done;
        }
        memset(trace, 'i', n);
        out = result(n, 0, trace, n, NULL, n);
        goto done;
    }
    s.ratio = n ? (double)m / (double)n : 1.0;
    s.beam = BEAM_WIDTH < s.ratio / 2 ? (Py_ssize_t)ceil(s.ratio / 2 + BEAM_WIDTH) : BEAM_WIDTH;
    s.lo = PyMem_Malloc(sizeof(Py_ssize_t) * (n + 1));
    s.hi = PyMem_Malloc(sizeof(Py_ssize_t) * (n + 1));
    s.off = PyMem_Malloc(sizeof(Py_ssize_t) * (n + 2));
    if (!s.lo || !s.hi || !s.off) {
        PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t total = 0, widest = 1;
    for (Py_ssize_t i = 0; i <= n; i++) {
        band(&s, i, &s.lo[i], &s.hi[i]);
        if (s.hi[i] < s.lo[i])
            s.hi[i] = s.lo[i];
        s.off[i] = total;
        total += s.hi[i] - s.lo[i];
        if (s.hi[i] - s.lo[i] > widest)
            widest = s.hi[i] - s.lo[i];
    }
    s.cost = PyMem_Malloc(sizeof(int64_t) * (total ? total : 1));
    s.rest = PyMem_Malloc(sizeof(int64_t) * (total ? total : 1));
    s.op = PyMem_Malloc(total ? total : 1);
    s.roll[0] = PyMem_Malloc(sizeof(int64_t) * widest);
    s.roll[1] = PyMem_Malloc(sizeof(int64_t) * widest);
    order = PyMem_Malloc(sizeof(Py_ssize_t) * (n + 1));
    scratch = PyMem_Malloc(sizeof(Py_ssize_t) * (n + 1));
    align = PyMem_Malloc(sizeof(Py_ssize_t) * (m + 1));
    hyp_err = PyMem_Malloc(sizeof(Py_ssize_t) * (n + 1));
    ref_err = PyMem_Malloc(sizeof(Py_ssize_t) * (m + 1));
    trace = PyMem_Malloc(n + m + 1);
    if (!s.cost || !s.rest || !s.op || !s.roll[0] || !s.roll[1] || !order || !scratch || !align || !hyp_err || !ref_err ||
        !trace) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t j = 0; j <= m; j++) { /* row 0: j insertions */
        s.cost[j] = j;
        s.op[j] = 'i';
    }
    for (Py_ssize_t k = 0; k < n; k++)
        order[k] = k;
    Py_ssize_t shifts = 0;
    matrix(&s, order, 1);
    for (;;) {
        Best best;
        backward(&s, order);
        if (best_shift(&s, order, trace, align, hyp_err, ref_err, scratch, &best) < 0)
            goto beam;
        if (s.checked >= MAX_SHIFT_CANDIDATES || !best.found || best.gain <= 0)
            break;
        shift(order, n, best.start, best.length, best.target, scratch);
        Py_ssize_t from = best.start < best.target ? best.start : best.target;
        memcpy(order, scratch, sizeof(Py_ssize_t) * n);
        shifts++;
        matrix(&s, order, from + 1);
    }
    Py_ssize_t len = backtrace(&s, trace);
    if (len < 0)
        goto beam;
    out = result(shifts + (Py_ssize_t)s.cost[s.off[n] + m], shifts, trace, len, order, n);
    goto done;
beam:
    PyErr_SetString(PyExc_ValueError, "edit distance trace left the beam");
done:
    PyMem_Free(hyp);
    PyMem_Free(ref);
    PyMem_Free(s.lo);
    PyMem_Free(s.hi);
    PyMem_Free(s.off);
    PyMem_Free(s.cost);
    PyMem_Free(s.rest);
    PyMem_Free(s.op);
    PyMem_Free(s.roll[0]);
    PyMem_Free(s.roll[1]);
    PyMem_Free(order);
    PyMem_Free(scratch);
    PyMem_Free(align);
    PyMem_Free(hyp_err);
    PyMem_Free(ref_err);
    PyMem_Free(trace);
    return out;
}

static PyMethodDef methods[] = {
    {"ter", ter, METH_VARARGS,
     "ter(hyp, ref) -> (edits, shifts, trace, order): SubER's TER with time constraints of one part"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_ter", "SubER's edit distance with shifts, compiled.", -1,
                                    methods};

PyMODINIT_FUNC PyInit__ter(void)
{
    return PyModule_Create(&module);
}
