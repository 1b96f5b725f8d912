/* sclite's alignment of a reference network with hypothesis words: the compiled twin of
 * benchmarkstt_sclite.alignment.py_kernel (same arguments, same steps; see its help); and the
 * MAPSSWE segments of two alignments, the twin of benchmarkstt_sclite.mapsswe.py_spans.
 *
 * align(starts, ends, last, words, fragments, optional, hyp, hyp_optional[, costs[, times[, weights]]]) -> ((tag, edge, hyp), ...)
 * starts, ends: each edge's nodes, numbered forward from 0 to last (the network's arcs, read as
 * benchmarkstt_sclite.alignment.predecessors reads them);
 * costs: (substitution, insertion, deletion, optional deletion, empty branch, single precision),
 * by default sclite's; times: None, or the edges' starts, their ends, the hypothesis words' starts
 * and their ends, in one sequence of floats, for sclite's
 * time-mediated costs (-T): a word inserted or deleted costs its duration, a pair the distance of
 * their starts plus that of their ends (plus 0.001 when the words differ); weights: None, or the
 * edges' weights then the hypothesis words' weights, for sclite's word-weight costs (-w): a word
 * inserted or deleted costs its weight, a pair 0 when the words match, else the sum of their weights;
 * there an empty branch is a word of weight 0 that a hypothesis word may substitute (passing it costs
 * the empty branch's cost), as sclite aligns it under -w
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdlib.h>

/* costs are summed in doubles; with sclite's costs each sum is rounded to a single-precision
 * float, as sclite sums them: passing an empty branch costs EMPTY (0.001), and the rounding
 * decides between paths of equal cost (see alignment.py); unit costs stay exact */
typedef double cost_t;

#define SUB (n->costs[0])
#define INS (n->costs[1])
#define DEL (n->costs[2])
#define DEL_OPTIONAL (n->costs[3])
#define EMPTY (n->costs[4])
#define START (-1)
#define NULLWORD (-1)
#define FRAGMENT (-2)

typedef struct {
    Py_ssize_t n_edges, m;
    Py_ssize_t *pred_start; /* n_edges + 1 offsets into pred_list */
    Py_ssize_t *pred_list;
    long *words;
    long *hyp;
    const char *optional;
    const char *hyp_optional; /* per hypothesis word: inserted, it costs DEL_OPTIONAL and is correct */
    const char **fragment; /* per edge: m bytes of matches, or NULL */
    cost_t *cells;         /* (n_edges + 1) rows of m + 1; row 0 is the start */
    cost_t costs[5];       /* substitution, insertion, deletion, optional deletion, empty branch */
    int single;            /* round each sum to a single-precision float, as sclite does */
    double *times;         /* NULL, or 2 * n_edges edge starts and ends then 2 * m hyp starts and ends */
    double *weights;       /* NULL, or n_edges edge weights then m hyp weights */
} Net;

/* a + b, rounded as the costs say */
static cost_t add(Net *n, cost_t a, cost_t b) { return n->single ? (cost_t)(float)(a + b) : a + b; }

static cost_t *row_of(Net *n, Py_ssize_t edge) { return n->cells + (edge + 1) * (n->m + 1); }

/* time-mediated costs, as sclite's single-precision float of its double times */
static cost_t hyp_start(Net *n, Py_ssize_t j) { return n->times[2 * n->n_edges + j]; }
static cost_t hyp_end(Net *n, Py_ssize_t j) { return n->times[2 * n->n_edges + n->m + j]; }
static cost_t duration(cost_t start, cost_t end) { return (cost_t)(float)(end - start); }

/* the cost of inserting hypothesis word j (0-based) */
static cost_t insertion(Net *n, Py_ssize_t j) {
    if (n->times) return duration(hyp_start(n, j), hyp_end(n, j));
    if (n->weights) return (cost_t)(float)n->weights[n->n_edges + j];
    return n->hyp_optional[j] ? DEL_OPTIONAL : INS;
}

/* the cost of deleting edge k */
static cost_t deletion(Net *n, Py_ssize_t k) {
    if (n->times) return duration(n->times[k], n->times[n->n_edges + k]);
    if (n->weights) return n->words[k] == NULLWORD ? EMPTY : (cost_t)(float)n->weights[k];
    return n->optional[k] ? DEL_OPTIONAL : DEL;
}

/* the cost of edge k against hypothesis word j, ok when they match */
static cost_t pairing(Net *n, Py_ssize_t k, Py_ssize_t j, int ok) {
    if (n->times)
        return (cost_t)(float)(fabs(n->times[k] - hyp_start(n, j)) + fabs(n->times[n->n_edges + k] - hyp_end(n, j)) +
                               (ok ? 0.0 : 0.001));
    if (n->weights) return ok ? 0 : (cost_t)(float)(n->weights[k] + n->weights[n->n_edges + j]);
    return ok ? 0 : SUB;
}

/* the tag of inserting hypothesis word j: correct (0) for an optional word, else an insertion (3) */
static long inserted(Net *n, Py_ssize_t j) { return n->hyp_optional[j] ? 0 : 3; }

static int same(Net *n, Py_ssize_t edge, Py_ssize_t j) {
    if (n->words[edge] == FRAGMENT) return n->fragment[edge][j] != 0;
    return n->hyp[j] == n->words[edge];
}

static void fill(Net *n, cost_t *stay) {
    Py_ssize_t m = n->m;
    row_of(n, START)[0] = 0;
    for (Py_ssize_t j = 1; j <= m; j++) row_of(n, START)[j] = add(n, row_of(n, START)[j - 1], insertion(n, j - 1));
    for (Py_ssize_t k = 0; k < n->n_edges; k++) {
        Py_ssize_t first = n->pred_start[k], last = n->pred_start[k + 1];
        cost_t *row = row_of(n, k);
        for (Py_ssize_t j = 0; j <= m; j++) {
            cost_t best = row_of(n, n->pred_list[first])[j];
            for (Py_ssize_t x = first + 1; x < last; x++) {
                cost_t c = row_of(n, n->pred_list[x])[j];
                if (c < best) best = c;
            }
            stay[j] = best;
        }
        if (n->words[k] == NULLWORD && !n->weights) {
            row[0] = add(n, stay[0], EMPTY);
            for (Py_ssize_t j = 1; j <= m; j++) {
                cost_t c = add(n, row[j - 1], insertion(n, j - 1)), e = add(n, stay[j], EMPTY);
                row[j] = e <= c ? e : c;
            }
            continue;
        }
        cost_t delete = deletion(n, k);
        row[0] = add(n, stay[0], delete);
        for (Py_ssize_t j = 1; j <= m; j++) {
            cost_t best = add(n, stay[j - 1], pairing(n, k, j - 1, same(n, k, j - 1)));
            cost_t c = add(n, row[j - 1], insertion(n, j - 1));
            if (c < best) best = c;
            c = add(n, stay[j], delete);
            if (c < best) best = c;
            row[j] = best;
        }
    }
}

/* the steps of the walk back, last first: each a tag, an edge and a hypothesis word */
typedef struct {
    Py_ssize_t count;
    long *tags;
    Py_ssize_t *edges, *hyps;
} Steps;

static void append(Steps *steps, long tag, Py_ssize_t edge, Py_ssize_t j) {
    steps->tags[steps->count] = tag;
    steps->edges[steps->count] = edge;
    steps->hyps[steps->count++] = j;
}

/* the steps as a tuple of (tag, edge, hyp) tuples, first first: immutable, so that the cyclic
 * collector stops tracking them once it has seen them (a corpus keeps every utterance's steps) */
static PyObject *step_tuple(Steps *steps) {
    PyObject *all = PyTuple_New(steps->count);
    if (all == NULL) return NULL;
    for (Py_ssize_t x = 0; x < steps->count; x++) {
        Py_ssize_t at = steps->count - 1 - x;
        PyObject *tag = PyLong_FromLong(steps->tags[at]), *edge = PyLong_FromSsize_t(steps->edges[at]);
        PyObject *hyp = PyLong_FromSsize_t(steps->hyps[at]), *step = PyTuple_New(3);
        if (!tag || !edge || !hyp || !step) {
            Py_XDECREF(tag);
            Py_XDECREF(edge);
            Py_XDECREF(hyp);
            Py_XDECREF(step);
            Py_DECREF(all);
            return NULL;
        }
        PyTuple_SET_ITEM(step, 0, tag);
        PyTuple_SET_ITEM(step, 1, edge);
        PyTuple_SET_ITEM(step, 2, hyp);
        PyTuple_SET_ITEM(all, x, step);
    }
    return all;
}

/* the predecessor of edge k of least cell at column j (the first such) if that cell plus cost
 * equals target, else -2 */
static Py_ssize_t pred_with(Net *n, Py_ssize_t k, Py_ssize_t j, cost_t cost, cost_t target) {
    Py_ssize_t best = n->pred_list[n->pred_start[k]];
    for (Py_ssize_t x = n->pred_start[k] + 1; x < n->pred_start[k + 1]; x++) {
        Py_ssize_t p = n->pred_list[x];
        if (row_of(n, p)[j] < row_of(n, best)[j]) best = p;
    }
    return add(n, row_of(n, best)[j], cost) == target ? best : -2;
}

/* the steps of the walk back (at most one per edge and hypothesis word) into steps; -1 on error */
static int walk_back(Net *n, Py_ssize_t *finals, Py_ssize_t n_finals, Steps *steps) {
    Py_ssize_t j = n->m, current = finals[0];
    for (Py_ssize_t x = 1; x < n_finals; x++)
        if (row_of(n, finals[x])[j] < row_of(n, current)[j]) current = finals[x];
    while (current != START) {
        if (current == -2) {  /* no predecessor gives the cell's cost: the table is not this net's */
            PyErr_SetString(PyExc_RuntimeError, "sclite alignment: no way back");
            return -1;
        }
        cost_t here = row_of(n, current)[j];
        if (n->words[current] == NULLWORD && !n->weights) {
            if (j && add(n, row_of(n, current)[j - 1], insertion(n, j - 1)) == here) {
                j--;
                append(steps, inserted(n, j), START, j);
            } else {
                current = pred_with(n, current, j, EMPTY, here);
            }
            continue;
        }
        if (j) {
            int ok = same(n, current, j - 1);
            Py_ssize_t p = pred_with(n, current, j - 1, pairing(n, current, j - 1, ok), here);
            if (p != -2) {
                j--;
                append(steps, ok ? 0 : 1, current, j);
                current = p;
                continue;
            }
            if (add(n, row_of(n, current)[j - 1], insertion(n, j - 1)) == here) {
                j--;
                append(steps, inserted(n, j), START, j);
                continue;
            }
        }
        int optional = n->optional[current] != 0;
        if (n->words[current] != NULLWORD) append(steps, optional ? 0 : 2, current, START);
        current = pred_with(n, current, j, deletion(n, current), here);
    }
    while (j > 0) {
        j--;
        append(steps, inserted(n, j), START, j);
    }
    return 0;
}

static int read_longs(PyObject *seq, long *out, Py_ssize_t count) {
    for (Py_ssize_t i = 0; i < count; i++) {
        out[i] = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (out[i] == -1 && PyErr_Occurred()) return -1;
    }
    return 0;
}

/* *out from a sequence of count floats (what, in the error, names the argument) */
static int read_doubles(PyObject *values, Py_ssize_t count, double **out, const char *what) {
    PyObject *fv = PySequence_Fast(values, "times and weights: sequences");
    if (!fv) return -1;
    if (PySequence_Fast_GET_SIZE(fv) != count) {
        Py_DECREF(fv);
        PyErr_Format(PyExc_ValueError, "%s: one for every edge and hypothesis word", what);
        return -1;
    }
    *out = PyMem_Malloc(sizeof(double) * (count + 1));
    if (!*out) {
        Py_DECREF(fv);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        (*out)[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(fv, i));
        if ((*out)[i] == -1.0 && PyErr_Occurred()) {
            Py_DECREF(fv);
            return -1;
        }
    }
    Py_DECREF(fv);
    return 0;
}

/* *out from a sequence of count node numbers, each from 0 to last (what, in the error, names it) */
static int read_nodes(PyObject *seq, Py_ssize_t *out, Py_ssize_t count, Py_ssize_t last, const char *what) {
    for (Py_ssize_t i = 0; i < count; i++) {
        out[i] = PyLong_AsSsize_t(PySequence_Fast_GET_ITEM(seq, i));
        if (out[i] < 0 || out[i] > last) {
            if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "%s: a node from 0 to last", what);
            return -1;
        }
    }
    return 0;
}

static PyObject *align(PyObject *self, PyObject *args) {
    PyObject *starts, *ends, *words, *fragments, *hyp, *times = Py_None, *weights = Py_None;
    const char *optional, *hyp_optional;
    Py_ssize_t optional_len, hyp_optional_len, last;
    Net n = {0};
    n.costs[0] = 4.0;
    n.costs[1] = n.costs[2] = 3.0;
    n.costs[3] = 2.0;
    n.costs[4] = (float)0.001;
    n.single = 1;
    if (!PyArg_ParseTuple(args, "OOnOO!y#Oy#|(dddddp)OO", &starts, &ends, &last, &words, &PyDict_Type, &fragments,
                          &optional, &optional_len, &hyp, &hyp_optional, &hyp_optional_len, &n.costs[0], &n.costs[1], &n.costs[2],
                          &n.costs[3], &n.costs[4], &n.single, &times, &weights))
        return NULL;
    PyObject *result = NULL, *fs = NULL, *fe = NULL, *fw = NULL, *fh = NULL;
    cost_t *stay = NULL;
    Py_ssize_t *final_list = NULL, *start_of = NULL, *end_of = NULL, *ending_start = NULL, *ending = NULL;
    fs = PySequence_Fast(starts, "starts: a sequence");
    fe = PySequence_Fast(ends, "ends: a sequence");
    fw = PySequence_Fast(words, "words: a sequence");
    fh = PySequence_Fast(hyp, "hyp: a sequence");
    if (!fs || !fe || !fw || !fh) goto done;
    n.n_edges = PySequence_Fast_GET_SIZE(fs);
    n.m = PySequence_Fast_GET_SIZE(fh);
    if (last < 0 || PySequence_Fast_GET_SIZE(fe) != n.n_edges || PySequence_Fast_GET_SIZE(fw) != n.n_edges ||
        optional_len != n.n_edges) {
        PyErr_SetString(PyExc_ValueError, "starts, ends, words and optional differ in length");
        goto done;
    }
    if (hyp_optional_len != n.m) {
        PyErr_SetString(PyExc_ValueError, "hyp and hyp_optional differ in length");
        goto done;
    }
    n.hyp_optional = hyp_optional;
    start_of = PyMem_Malloc(sizeof(Py_ssize_t) * (n.n_edges + 1));
    end_of = PyMem_Malloc(sizeof(Py_ssize_t) * (n.n_edges + 1));
    ending_start = PyMem_Calloc(last + 3, sizeof(Py_ssize_t));
    ending = PyMem_Malloc(sizeof(Py_ssize_t) * (n.n_edges + 1));
    if (!start_of || !end_of || !ending_start || !ending) {
        PyErr_NoMemory();
        goto done;
    }
    if (read_nodes(fs, start_of, n.n_edges, last, "starts") || read_nodes(fe, end_of, n.n_edges, last, "ends")) goto done;
    /* the arcs ending at each node, in order (ending[ending_start[v]] up to ending_start[v + 1]) */
    for (Py_ssize_t k = 0; k < n.n_edges; k++) ending_start[end_of[k] + 2]++;
    for (Py_ssize_t v = 2; v <= last + 2; v++) ending_start[v] += ending_start[v - 1];
    for (Py_ssize_t k = 0; k < n.n_edges; k++) ending[ending_start[end_of[k] + 1]++] = k;
    /* each arc's predecessors: the arcs ending where it starts, START for the first node */
    Py_ssize_t total = 0;
    for (Py_ssize_t k = 0; k < n.n_edges; k++) {
        Py_ssize_t size = start_of[k] ? ending_start[start_of[k] + 1] - ending_start[start_of[k]] : 1;
        if (size < 1) {
            PyErr_SetString(PyExc_ValueError, "every edge has a predecessor");
            goto done;
        }
        total += size;
    }
    Py_ssize_t n_finals = last ? ending_start[last + 1] - ending_start[last] : 1;
    if (n_finals < 1) {
        PyErr_SetString(PyExc_ValueError, "finals: no edge ends at the last node");
        goto done;
    }
    size_t cells = (size_t)(n.n_edges + 1) * (size_t)(n.m + 1);
    n.pred_start = PyMem_Malloc(sizeof(Py_ssize_t) * (n.n_edges + 1));
    n.pred_list = PyMem_Malloc(sizeof(Py_ssize_t) * (total + 1));
    n.words = PyMem_Malloc(sizeof(long) * (n.n_edges + 1));
    n.hyp = PyMem_Malloc(sizeof(long) * (n.m + 1));
    n.fragment = PyMem_Calloc(n.n_edges + 1, sizeof(char *));
    n.cells = PyMem_Malloc(sizeof(cost_t) * cells);
    stay = PyMem_Malloc(sizeof(cost_t) * (n.m + 1));
    final_list = PyMem_Malloc(sizeof(Py_ssize_t) * (n_finals + 1));
    if (!n.pred_start || !n.pred_list || !n.words || !n.hyp || !n.fragment || !n.cells || !stay || !final_list) {
        PyErr_NoMemory();
        goto done;
    }
    n.optional = optional;
    Py_ssize_t at = 0;
    for (Py_ssize_t k = 0; k < n.n_edges; k++) {
        n.pred_start[k] = at;
        if (!start_of[k]) {
            n.pred_list[at++] = START;
            continue;
        }
        for (Py_ssize_t x = ending_start[start_of[k]]; x < ending_start[start_of[k] + 1]; x++) {
            if (ending[x] >= k) {
                PyErr_SetString(PyExc_ValueError, "a predecessor comes before its edge");
                goto done;
            }
            n.pred_list[at++] = ending[x];
        }
    }
    n.pred_start[n.n_edges] = at;
    for (Py_ssize_t x = 0; x < n_finals; x++) final_list[x] = last ? ending[ending_start[last] + x] : START;
    if (read_longs(fw, n.words, n.n_edges) || read_longs(fh, n.hyp, n.m)) goto done;
    if (times != Py_None && read_doubles(times, 2 * (n.n_edges + n.m), &n.times, "times")) goto done;
    if (weights != Py_None && read_doubles(weights, n.n_edges + n.m, &n.weights, "weights")) goto done;
    for (Py_ssize_t k = 0; k < n.n_edges; k++) {
        if (n.words[k] != FRAGMENT) continue;
        PyObject *key = PyLong_FromSsize_t(k);
        if (!key) goto done;
        PyObject *value = PyDict_GetItem(fragments, key);
        Py_DECREF(key);
        if (!value || !PyBytes_Check(value) || PyBytes_GET_SIZE(value) != n.m) {
            PyErr_SetString(PyExc_ValueError, "fragments: m bytes for every fragment edge");
            goto done;
        }
        n.fragment[k] = PyBytes_AS_STRING(value);
    }
    fill(&n, stay);
    Steps steps = {0};
    steps.tags = PyMem_Malloc(sizeof(long) * (n.n_edges + n.m + 1));
    steps.edges = PyMem_Malloc(sizeof(Py_ssize_t) * (n.n_edges + n.m + 1));
    steps.hyps = PyMem_Malloc(sizeof(Py_ssize_t) * (n.n_edges + n.m + 1));
    if (!steps.tags || !steps.edges || !steps.hyps)
        PyErr_NoMemory();
    else if (!walk_back(&n, final_list, n_finals, &steps))
        result = step_tuple(&steps);
    PyMem_Free(steps.tags);
    PyMem_Free(steps.edges);
    PyMem_Free(steps.hyps);
done:
    Py_XDECREF(fs);
    Py_XDECREF(fe);
    Py_XDECREF(fw);
    Py_XDECREF(fh);
    PyMem_Free(n.pred_start);
    PyMem_Free(n.pred_list);
    PyMem_Free(n.words);
    PyMem_Free(n.hyp);
    PyMem_Free((void *)n.fragment);
    PyMem_Free(n.cells);
    PyMem_Free(n.times);
    PyMem_Free(n.weights);
    PyMem_Free(stay);
    PyMem_Free(final_list);
    PyMem_Free(start_of);
    PyMem_Free(end_of);
    PyMem_Free(ending_start);
    PyMem_Free(ending);
    return result;
}

/* one system's places (see benchmarkstt_sclite.mapsswe.positions): per reference word on its path,
 * the insertions just before it, whether it is wrong (substituted or deleted), whether it is correct;
 * *tail: the insertions after the last word. Returns the number of places, -1 on error (*out to free) */
static Py_ssize_t places_of(PyObject *raw, long **out, long *tail) {
    PyObject *seq = PySequence_Fast(raw, "an alignment: a sequence of (tag, edge, hyp)");
    if (!seq) return -1;
    Py_ssize_t steps = PySequence_Fast_GET_SIZE(seq), count = 0;
    long pending = 0;
    *out = PyMem_Malloc(sizeof(long) * 3 * (steps + 1));
    if (!*out) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t x = 0; x < steps; x++) {
        PyObject *step = PySequence_Fast_GET_ITEM(seq, x);
        if (!PyTuple_Check(step) || PyTuple_GET_SIZE(step) != 3) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_TypeError, "an alignment's step: a tuple (tag, edge, hyp)");
            return -1;
        }
        long tag = PyLong_AsLong(PyTuple_GET_ITEM(step, 0));
        Py_ssize_t edge = PyLong_AsSsize_t(PyTuple_GET_ITEM(step, 1));
        if (PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (edge == START) {
            pending += tag == 3; /* an optional hypothesis word inserted (-D) is correct: no error */
            continue;
        }
        (*out)[3 * count] = pending;
        (*out)[3 * count + 1] = tag == 1 || tag == 2;
        (*out)[3 * count + 2] = tag == 0;
        count++;
        pending = 0;
    }
    Py_DECREF(seq);
    *tail = pending;
    return count;
}

/* spans(raw_a, raw_b) -> [(errors a, errors b, reference words), ...]: the compiled twin of
 * benchmarkstt_sclite.mapsswe.py_spans (the rule of benchmarkstt_metrics.mapsswe.spans) */
static PyObject *spans(PyObject *self, PyObject *args) {
    PyObject *raw_a, *raw_b, *result = NULL;
    long *a = NULL, *b = NULL, tail_a = 0, tail_b = 0;
    if (!PyArg_ParseTuple(args, "OO", &raw_a, &raw_b)) return NULL;
    Py_ssize_t na = places_of(raw_a, &a, &tail_a);
    Py_ssize_t nb = na < 0 ? -1 : places_of(raw_b, &b, &tail_b);
    if (nb < 0) goto done;
    result = PyList_New(0);
    if (!result) goto done;
    long ea = 0, eb = 0, words = 0;
    int previous_good = 0, bounded = 0;
    Py_ssize_t keys = na > nb ? na : nb;
    for (Py_ssize_t k = 0; k <= keys; k++) { /* k == keys: after the last word */
        int last = k == keys, in_a = !last && k < na, in_b = !last && k < nb;
        long ia = last ? tail_a : in_a ? a[3 * k] : 0, wa = in_a ? a[3 * k + 1] : 0, ca = in_a && a[3 * k + 2];
        long ib = last ? tail_b : in_b ? b[3 * k] : 0, wb = in_b ? b[3 * k + 1] : 0, cb = in_b && b[3 * k + 2];
        int good = ca && cb;
        if (previous_good && good && !ia && !ib) {
            if (ea || eb) {
                PyObject *span = Py_BuildValue("(lll)", ea, eb, words + bounded + 1);
                if (!span || PyList_Append(result, span)) {
                    Py_XDECREF(span);
                    Py_CLEAR(result);
                    goto done;
                }
                Py_DECREF(span);
            }
            ea = eb = words = 0;
            bounded = 1;
        }
        ea += ia + wa;
        eb += ib + wb;
        words += in_a && in_b;
        previous_good = good;
    }
    if (ea || eb) {
        PyObject *span = Py_BuildValue("(lll)", ea, eb, words + bounded);
        if (!span || PyList_Append(result, span)) Py_CLEAR(result);
        Py_XDECREF(span);
    }
done:
    PyMem_Free(a);
    PyMem_Free(b);
    return result;
}

static PyMethodDef methods[] = {
    {"align", align, METH_VARARGS,
     "align(starts, ends, last, words, fragments, optional, hyp, hyp_optional[, costs[, times[, weights]]]): sclite's alignment steps "
     "(see benchmarkstt_sclite.alignment.py_kernel)"},
    {"spans", spans, METH_VARARGS,
     "spans(raw_a, raw_b): the MAPSSWE segments with an error of two systems' alignments of an utterance "
     "(see benchmarkstt_sclite.mapsswe.py_spans)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_kernel", "sclite's alignment and MAPSSWE segments, compiled", -1, methods};

PyMODINIT_FUNC PyInit__kernel(void) { return PyModule_Create(&module); }
