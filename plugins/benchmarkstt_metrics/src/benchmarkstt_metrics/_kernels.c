/*
 * The metrics' kernels: the edit distance of two word lists (Myers' bit-parallel
 * algorithm over a band of diagonals, and over whole columns for the short pairs of
 * pooled_levenshtein), and
 * Ratcliff/Obershelp opcodes exactly as difflib.SequenceMatcher(None, a, b, autojunk=False)
 * gives them, computed in C.
 *
 * difflib splits the pair recursively at the longest matching block of each segment
 * (a[alo:ahi], b[blo:bhi]). Of several longest blocks it takes the one that starts first
 * in a, and of those the one that starts first in b. This module finds that same block
 * with a suffix automaton of the segment's shorter side, built in linear time, that the
 * other side is run through left to right: at each position it gives the longest block
 * ending there and, through the first end position kept in each state, where that block
 * first occurs on the automaton's side. With b's automaton, the first i to reach the
 * greatest length ends the block that starts first in a, and its first occurrence in b is
 * the smallest start in b. With a's automaton, each j gives the smallest start in a of the
 * block ending at j; of the longest blocks the one with the smallest start in a, then in b,
 * is kept. Either way this is difflib's tie-break. (difflib's own search, a dynamic
 * programme over the equal pairs, costs time quadratic in a segment with frequent words.)
 *
 * Elements are compared as difflib compares them: through a dict (hash and ==), so each
 * distinct element of b gets a code; elements of a that are not in b get -1.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int32_t i, j, k;
} Block;

typedef struct {
    int32_t alo, ahi, blo, bhi;
} Segment;

/* a state of the suffix automaton; its first transition is kept inline (most states have
   at most one), the others in a hash table, listed from `extra` for cloning */
typedef struct {
    int32_t len, link, firstpos, sym, target, extra;
} State;

#define NO_SYM INT32_MIN
#define EMPTY_KEY UINT64_MAX

typedef struct {
    int32_t n, m;
    const int32_t *a, *b;
    /* the suffix automaton of one side of a segment; its transitions beyond each state's
       first are in a hash table (slot_key, slot_target) of nslots slots, of which `mask + 1`
       are in use for the segment, doubled when three quarters are taken */
    State *states;
    int32_t *edge_slot, *edge_next;
    uint64_t *slot_key;
    int32_t *slot_target;
    uint64_t nslots;
    int32_t nstates, nedges;
    uint64_t mask;
    int shift;
    /* set when memory ran out in the middle of a search */
    int no_memory;
    /* the search's state while it runs without the GIL (see stopped) */
    PyThreadState *unlocked;
    int64_t work;
} Work;

/* A kernel runs without the GIL, so Python's signal handlers wait for it: every STOP_WORK
   units of its work (cells, block steps) it takes the GIL for a moment and runs them
   (PyErr_CheckSignals), so that Ctrl-C's KeyboardInterrupt, or a stop signal's exception,
   ends it within a fraction of a second. 1 when a handler raised (its exception is set),
   after which the kernel frees its memory and returns NULL. */
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

static inline uint64_t
key_of(int32_t state, int32_t sym)
{
    return ((uint64_t)(uint32_t)state << 32) | (uint32_t)sym;
}

/* the slot holding key, or the empty slot where it belongs */
static inline uint64_t
find_slot(const Work *w, uint64_t key)
{
    uint64_t s = (key * 0x9E3779B97F4A7C15ULL) >> w->shift;
    while (w->slot_key[s] != EMPTY_KEY && w->slot_key[s] != key) {
        s = (s + 1) & w->mask;
    }
    return s;
}

static inline int32_t
transition(const Work *w, int32_t v, int32_t sym)
{
    const State *st = &w->states[v];
    if (st->sym == sym) {
        return st->target;
    }
    if (st->extra == -1) {
        return -1;
    }
    uint64_t s = find_slot(w, key_of(v, sym));
    return w->slot_key[s] == EMPTY_KEY ? -1 : w->slot_target[s];
}

/* a table of cap slots (a power of two), all empty; 0, or -1 when out of memory */
static int
reset_slots(Work *w, uint64_t cap)
{
    if (cap > w->nslots) {
        free(w->slot_key);
        free(w->slot_target);
        w->slot_key = malloc(cap * sizeof(uint64_t));
        w->slot_target = malloc(cap * sizeof(int32_t));
        w->nslots = w->slot_key && w->slot_target ? cap : 0;
        if (w->nslots == 0) {
            return -1;
        }
    }
    int bits = 0;
    while (((uint64_t)1 << bits) < cap) {
        bits++;
    }
    w->mask = cap - 1;
    w->shift = 64 - bits;
    memset(w->slot_key, 0xff, cap * sizeof(uint64_t));
    return 0;
}

/* doubles the table, moving every transition in it; 0, or -1 when out of memory */
static int
grow_slots(Work *w)
{
    uint64_t *keys = w->slot_key;
    int32_t *targets = w->slot_target;
    w->slot_key = NULL;
    w->slot_target = NULL;
    w->nslots = 0;
    if (reset_slots(w, (w->mask + 1) * 2) < 0) {
        free(keys);
        free(targets);
        return -1;
    }
    for (int32_t e = 0; e < w->nedges; e++) {
        uint64_t old = (uint64_t)w->edge_slot[e];
        uint64_t s = find_slot(w, keys[old]);
        w->slot_key[s] = keys[old];
        w->slot_target[s] = targets[old];
        w->edge_slot[e] = (int32_t)s;
    }
    free(keys);
    free(targets);
    return 0;
}

static inline void
add_extra(Work *w, uint64_t slot, uint64_t key, int32_t v, int32_t target)
{
    w->slot_key[slot] = key;
    w->slot_target[slot] = target;
    w->edge_slot[w->nedges] = (int32_t)slot;
    w->edge_next[w->nedges] = w->states[v].extra;
    w->states[v].extra = w->nedges++;
}

/* whether one more transition fits the table (grown if needed); 0 when out of memory */
static inline int
room_for_extra(Work *w)
{
    if ((uint64_t)w->nedges + 1 > (w->mask + 1) / 4 * 3 && grow_slots(w) < 0) {
        w->no_memory = 1;
        return 0;
    }
    return 1;
}

/* the target of (v, sym) if there is one; else adds (v, sym) -> target and gives -1; -2
   when out of memory */
static inline int32_t
transition_or_add(Work *w, int32_t v, int32_t sym, int32_t target)
{
    State *st = &w->states[v];
    if (st->sym == sym) {
        return st->target;
    }
    if (st->sym == NO_SYM) {
        st->sym = sym;
        st->target = target;
        return -1;
    }
    uint64_t key = key_of(v, sym);
    uint64_t s = find_slot(w, key);
    if (w->slot_key[s] != EMPTY_KEY) {
        return w->slot_target[s];
    }
    if (!room_for_extra(w)) {
        return -2;
    }
    add_extra(w, find_slot(w, key), key, v, target);
    return -1;
}

/* points (v, sym) at clone if it pointed at q; gives whether it did */
static inline int
redirect(Work *w, int32_t v, int32_t sym, int32_t q, int32_t clone)
{
    State *st = &w->states[v];
    if (st->sym == sym) {
        if (st->target != q) {
            return 0;
        }
        st->target = clone;
        return 1;
    }
    if (st->extra == -1) {
        return 0;
    }
    uint64_t s = find_slot(w, key_of(v, sym));
    if (w->slot_key[s] == EMPTY_KEY || w->slot_target[s] != q) {
        return 0;
    }
    w->slot_target[s] = clone;
    return 1;
}

static int32_t
new_state(Work *w, int32_t len, int32_t link, int32_t firstpos)
{
    int32_t v = w->nstates++;
    w->states[v] = (State){len, link, firstpos, NO_SYM, -1, -1};
    return v;
}

/* the suffix automaton of s[lo:hi]; firstpos is the first end position, from 0 at lo.
   0, or -1 when out of memory (w->no_memory set) */
static int
build_automaton(Work *w, const int32_t *s, int32_t lo, int32_t hi)
{
    int32_t size = hi - lo;
    /* texts have about one extra transition a word: a table for that many, grown when more */
    uint64_t cap = 16;
    while (cap / 4 * 3 < (uint64_t)size) {
        cap <<= 1;
    }
    if (reset_slots(w, cap) < 0) {
        w->no_memory = 1;
        return -1;
    }
    w->nstates = 0;
    w->nedges = 0;
    int32_t last = new_state(w, 0, -1, -1);

    for (int32_t pos = 0; pos < size; pos++) {
        int32_t c = s[lo + pos];
        int32_t cur = new_state(w, w->states[last].len + 1, -1, pos);
        int32_t p = last, q = -1;
        while (p != -1 && (q = transition_or_add(w, p, c, cur)) == -1) {
            p = w->states[p].link;
        }
        if (q == -2) {
            return -1;
        }
        if (p == -1) {
            w->states[cur].link = 0;
        }
        else if (w->states[p].len + 1 == w->states[q].len) {
            w->states[cur].link = q;
        }
        else {
            const State *qs = &w->states[q];
            int32_t clone = new_state(w, w->states[p].len + 1, qs->link, qs->firstpos);
            w->states[clone].sym = qs->sym;
            w->states[clone].target = qs->target;
            for (int32_t e = w->states[q].extra; e != -1; e = w->edge_next[e]) {
                if (!room_for_extra(w)) {
                    return -1;
                }
                uint64_t src = (uint64_t)w->edge_slot[e];
                int32_t sym = (int32_t)(uint32_t)(w->slot_key[src] & 0xffffffffu);
                uint64_t key = key_of(clone, sym);
                add_extra(w, find_slot(w, key), key, clone, w->slot_target[src]);
            }
            while (p != -1 && redirect(w, p, c, q, clone)) {
                p = w->states[p].link;
            }
            w->states[q].link = clone;
            w->states[cur].link = clone;
        }
        last = cur;
    }
    return 0;
}

/* follows s[i] from (v, l): the longest suffix of the text read so far that the automaton knows */
static inline void
advance(const Work *w, int32_t c, int32_t *v, int32_t *l)
{
    int32_t t;
    while ((t = transition(w, *v, c)) == -1 && *v != 0) {
        *v = w->states[*v].link;
        *l = w->states[*v].len;
    }
    if (t == -1) {
        *v = 0;
        *l = 0;
    }
    else {
        *v = t;
        *l += 1;
    }
}

/* The longest block by an automaton of the shorter side.
   Automaton of b, a read forwards: the first i that reaches the maximum length ends the
   block that starts first in a; its state's first position is its first start in b.
   Automaton of a, b read forwards: at each j the block ending there starts first in a at
   the state's first position; of the longest, keep the smallest start in a, then in b. */
static Block
automaton_longest(Work *w, const Segment *g)
{
    Block best = {g->alo, g->blo, 0};
    int32_t v = 0, l = 0;
    if (g->bhi - g->blo <= g->ahi - g->alo) {
        if (build_automaton(w, w->b, g->blo, g->bhi) < 0) {
            return best;
        }
        for (int32_t i = g->alo; i < g->ahi; i++) {
            int32_t c = w->a[i];
            if (c < 0) {
                v = 0;
                l = 0;
                continue;
            }
            advance(w, c, &v, &l);
            if (l > best.k) {
                best = (Block){i - l + 1, g->blo + w->states[v].firstpos - l + 1, l};
            }
        }
    }
    else {
        if (build_automaton(w, w->a, g->alo, g->ahi) < 0) {
            return best;
        }
        for (int32_t j = g->blo; j < g->bhi; j++) {
            advance(w, w->b[j], &v, &l);
            if (l == 0 || l < best.k) {
                continue;
            }
            int32_t i = g->alo + w->states[v].firstpos - l + 1;
            if (l > best.k || i < best.i) {
                best = (Block){i, j - l + 1, l};
            }
        }
    }
    return best;
}

static int
compare_blocks(const void *x, const void *y)
{
    const Block *p = x, *q = y;
    return (p->i > q->i) - (p->i < q->i);
}

/* difflib's matching blocks without the sentinel; returns their number, or -1 (no memory),
   or -2 (a signal handler raised) */
static Py_ssize_t
matching_blocks(Work *w, Block *blocks)
{
    Py_ssize_t nblocks = 0, depth = 0, capacity = 64;
    if (w->n == 0 || w->m == 0) {
        return 0;
    }
    Segment *stack = malloc(capacity * sizeof(Segment));
    if (stack == NULL) {
        return -1;
    }
    stack[depth++] = (Segment){0, w->n, 0, w->m};
    while (depth > 0) {
        Segment g = stack[--depth];
        w->work += (int64_t)(g.ahi - g.alo) + (g.bhi - g.blo);
        if (stopped(&w->unlocked, &w->work)) {
            free(stack);
            return -2;
        }
        Block best = automaton_longest(w, &g);
        if (w->no_memory) {
            free(stack);
            return -1;
        }
        if (best.k <= 0) {
            continue;
        }
        blocks[nblocks++] = best;
        if (depth + 2 > capacity) {
            capacity *= 2;
            Segment *grown = realloc(stack, capacity * sizeof(Segment));
            if (grown == NULL) {
                free(stack);
                return -1;
            }
            stack = grown;
        }
        if (g.alo < best.i && g.blo < best.j) {
            stack[depth++] = (Segment){g.alo, best.i, g.blo, best.j};
        }
        if (best.i + best.k < g.ahi && best.j + best.k < g.bhi) {
            stack[depth++] = (Segment){best.i + best.k, g.ahi, best.j + best.k, g.bhi};
        }
    }
    free(stack);
    qsort(blocks, (size_t)nblocks, sizeof(Block), compare_blocks);
    /* join blocks that touch */
    Py_ssize_t out = 0;
    for (Py_ssize_t x = 0; x < nblocks; x++) {
        if (out > 0 && blocks[out - 1].i + blocks[out - 1].k == blocks[x].i
                && blocks[out - 1].j + blocks[out - 1].k == blocks[x].j) {
            blocks[out - 1].k += blocks[x].k;
        }
        else {
            blocks[out++] = blocks[x];
        }
    }
    return out;
}

static PyObject *TAG_EQUAL, *TAG_REPLACE, *TAG_DELETE, *TAG_INSERT;

static int
append_opcode(PyObject *list, PyObject *tag, Py_ssize_t i1, Py_ssize_t i2, Py_ssize_t j1, Py_ssize_t j2)
{
    PyObject *op = Py_BuildValue("(Onnnn)", tag, i1, i2, j1, j2);
    if (op == NULL) {
        return -1;
    }
    int status = PyList_Append(list, op);
    Py_DECREF(op);
    return status;
}

static PyObject *
opcodes_from_blocks(const Block *blocks, Py_ssize_t nblocks, Py_ssize_t n, Py_ssize_t m)
{
    PyObject *list = PyList_New(0);
    if (list == NULL) {
        return NULL;
    }
    Py_ssize_t i = 0, j = 0;
    for (Py_ssize_t x = 0; x <= nblocks; x++) {
        Py_ssize_t ai = x < nblocks ? blocks[x].i : n;
        Py_ssize_t bj = x < nblocks ? blocks[x].j : m;
        Py_ssize_t size = x < nblocks ? blocks[x].k : 0;
        PyObject *tag = NULL;
        if (i < ai && j < bj) {
            tag = TAG_REPLACE;
        }
        else if (i < ai) {
            tag = TAG_DELETE;
        }
        else if (j < bj) {
            tag = TAG_INSERT;
        }
        if (tag != NULL && append_opcode(list, tag, i, ai, j, bj) < 0) {
            goto error;
        }
        i = ai + size;
        j = bj + size;
        if (size > 0 && append_opcode(list, TAG_EQUAL, ai, i, bj, j) < 0) {
            goto error;
        }
    }
    return list;
error:
    Py_DECREF(list);
    return NULL;
}

/* both arguments as tuples: items that compare or hash in Python code cannot pull them
   away under us; 0, or -1 with an exception set */
static int
as_tuples(PyObject *a_obj, PyObject *b_obj, PyObject **a, PyObject **b)
{
    *a = PySequence_Tuple(a_obj);
    if (*a == NULL) {
        return -1;
    }
    *b = PySequence_Tuple(b_obj);
    if (*b == NULL) {
        Py_CLEAR(*a);
        return -1;
    }
    return 0;
}

/* the code of item in codes (a dict); a new one (its size) when absent and add is set, else
   missing; -2 with an exception set on error */
static int32_t
code_of(PyObject *codes, PyObject *item, int add, int32_t missing)
{
    PyObject *code = PyDict_GetItemWithError(codes, item);
    if (code != NULL) {
        return (int32_t)PyLong_AsLong(code);
    }
    if (PyErr_Occurred()) {
        return -2;
    }
    if (!add) {
        return missing;
    }
    int32_t next = (int32_t)PyDict_GET_SIZE(codes);
    code = PyLong_FromLong(next);
    if (code == NULL || PyDict_SetItem(codes, item, code) < 0) {
        Py_XDECREF(code);
        return -2;
    }
    Py_DECREF(code);
    return next;
}

/* codes of the elements of b (0, 1, ... by first occurrence) and of a (-1 when not in b) */
static int
encode(PyObject *a, PyObject *b, int32_t *a_codes, int32_t *b_codes, int32_t *ncodes)
{
    PyObject *codes = PyDict_New();
    if (codes == NULL) {
        return -1;
    }
    int status = 0;
    for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(b) && status == 0; j++) {
        b_codes[j] = code_of(codes, PyTuple_GET_ITEM(b, j), 1, -1);
        status = b_codes[j] == -2 ? -1 : 0;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(a) && status == 0; i++) {
        a_codes[i] = code_of(codes, PyTuple_GET_ITEM(a, i), 0, -1);
        status = a_codes[i] == -2 ? -1 : 0;
    }
    *ncodes = (int32_t)PyDict_GET_SIZE(codes);
    Py_DECREF(codes);
    return status;
}

static void
free_work(Work *w)
{
    void *owned[] = {w->states, w->edge_slot, w->edge_next, w->slot_key, w->slot_target};
    for (size_t x = 0; x < sizeof(owned) / sizeof(owned[0]); x++) {
        free(owned[x]);
    }
}

static int
alloc_work(Work *w)
{
    size_t n = (size_t)w->n, m = (size_t)w->m;
    /* an automaton is built on the shorter side of a segment, never longer than this */
    size_t side = n < m ? n : m;
    size_t states = 2 * side + 2, edges = 3 * side + 4;
    w->states = malloc(states * sizeof(State));
    w->edge_slot = malloc(edges * sizeof(int32_t));
    w->edge_next = malloc(edges * sizeof(int32_t));
    /* the transition table is made as the search needs it */
    return (w->states && w->edge_slot && w->edge_next) ? 0 : -1;
}

/* ratcliff_opcodes(a, b): difflib's opcodes of two sequences (autojunk off), from their
   matching blocks */
static PyObject *
ratcliff_opcodes(PyObject *self, PyObject *args)
{
    PyObject *a_obj, *b_obj;
    if (!PyArg_ParseTuple(args, "OO:ratcliff_opcodes", &a_obj, &b_obj)) {
        return NULL;
    }
    PyObject *a, *b;
    if (as_tuples(a_obj, b_obj, &a, &b) < 0) {
        return NULL;
    }
    PyObject *result = NULL;
    Work w;
    memset(&w, 0, sizeof(w));
    Py_ssize_t n = PyTuple_GET_SIZE(a), m = PyTuple_GET_SIZE(b), nblocks;
    int32_t *a_codes = NULL, *b_codes = NULL;
    int32_t ncodes = 0;
    Block *blocks = NULL;
    if (n > INT32_MAX / 4 || m > INT32_MAX / 4) {
        PyErr_SetString(PyExc_OverflowError, "sequences too long for the Ratcliff/Obershelp kernel");
        goto done;
    }
    w.n = (int32_t)n;
    w.m = (int32_t)m;
    a_codes = malloc(((size_t)n + 1) * sizeof(int32_t));
    b_codes = malloc(((size_t)m + 1) * sizeof(int32_t));
    blocks = malloc(((size_t)(n < m ? n : m) + 1) * sizeof(Block));
    if (a_codes == NULL || b_codes == NULL || blocks == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (encode(a, b, a_codes, b_codes, &ncodes) < 0) {
        goto done;
    }
    /* the codes are all the search needs: the sequences go before the work is allocated */
    Py_CLEAR(a);
    Py_CLEAR(b);
    w.a = a_codes;
    w.b = b_codes;
    if (alloc_work(&w) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    w.unlocked = PyEval_SaveThread();
    nblocks = matching_blocks(&w, blocks);
    PyEval_RestoreThread(w.unlocked);
    if (nblocks == -1) {
        PyErr_NoMemory();
    }
    if (nblocks < 0) {
        goto done;
    }
    result = opcodes_from_blocks(blocks, nblocks, n, m);
done:
    free_work(&w);
    free(a_codes);
    free(b_codes);
    free(blocks);
    Py_XDECREF(a);
    Py_XDECREF(b);
    return result;
}

/* Unit-cost edit distance by Myers' bit-parallel algorithm (Myers 1999, with Hyyrö's
   formulation): the pattern (the shorter side) in blocks of 64 rows, the vertical deltas of
   a column as two bit-vectors per block, one column per element of the text. The top row is
   D[0][j] = j, so the first block of every column gets a horizontal delta of +1; the score is
   D[m][j], the last row, moved by the last block's outgoing delta. Bits above row m in the
   last block never reach the rows below (carries and shifts move upwards). pooled_levenshtein
   runs it on each pair of texts. */
/* one block of one column: advances the block's vertical deltas (*pv, *mv) over the
   column's match bits eq, given the horizontal delta into its first row (hp, hn: +1 or -1
   as one bit each); gives the delta out of row `bit` in the same form */
static inline void
myers_step(uint64_t *pv, uint64_t *mv, uint64_t eq, uint64_t *hp, uint64_t *hn, int bit)
{
    uint64_t p = *pv, q = *mv;
    uint64_t xv = eq | q;
    eq |= *hn;
    uint64_t xh = (((eq & p) + p) ^ p) | eq;
    uint64_t ph = q | ~(xh | p);
    uint64_t mh = p & xh;
    uint64_t out_p = (ph >> bit) & 1, out_n = (mh >> bit) & 1;
    ph = (ph << 1) | *hp;
    mh = (mh << 1) | *hn;
    *pv = mh | ~(xv | ph);
    *mv = ph & xv;
    *hp = out_p;
    *hn = out_n;
}

static int64_t
myers_distance(const int32_t *text, int64_t n, const uint64_t *peq, int64_t m, int64_t blocks,
               uint64_t *pv, uint64_t *mv)
{
    int last_bit = (int)((m - 1) % 64);
    int64_t score = m;
    for (int64_t x = 0; x < blocks; x++) {
        pv[x] = ~(uint64_t)0;
        mv[x] = 0;
    }
    for (int64_t j = 0; j < n; j++) {
        const uint64_t *eqs = peq + (int64_t)text[j] * blocks;
        uint64_t hp = 1, hn = 0;
        for (int64_t x = 0; x < blocks - 1; x++) {
            myers_step(&pv[x], &mv[x], eqs[x], &hp, &hn, 63);
        }
        myers_step(&pv[blocks - 1], &mv[blocks - 1], eqs[blocks - 1], &hp, &hn, last_bit);
        score += (int64_t)hp - (int64_t)hn;
    }
    return score;
}

/* banded_levenshtein(a, b, k): the edit distance of two sequences (elements compared as dict
   keys), its work limited to a band of diagonals (Ukkonen). A path from (0, 0) to (m, n)
   that visits diagonal d = j - i costs at least |d| + |d - (n - m)|, so a distance of at most
   k keeps to the diagonals from -e to n - m + e, e = (k - (n - m)) / 2. A pass computes the DP over the blocks of 64 rows that
   cover the band: the row above its first block is taken to grow by one a column (it does
   at most that, so the values found are never below the true ones), a block joining at the
   bottom starts with every vertical delta +1 (the same argument), and a minimal path inside
   the band is found exactly. So the pass's value is an upper bound of the distance, exact
   when it is at most k; otherwise the next pass takes k = min(that value, 2 k), or 2 k.
   For the caches, the DP goes in tiles of 64 columns: each block runs all of a tile's columns
   before the next block does (the horizontal deltas between blocks are a bit per column).
   A tile's words are marked in a table indexed by the pattern's word codes (for each code,
   the tile's columns that hold it); each block lists its distinct words with their match
   bits (entries from starts[x] to starts[x + 1]), so that the block's match bits for the
   whole tile take one read per entry and one write per matching column; memory linear. */
#define TILE 64
#define TOP_BIT ((uint64_t)1 << 63)
typedef struct {
    int32_t code;
    uint64_t mask;
} Entry;

static inline int
popcount64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

/* the index of x's lowest set bit (x != 0) */
static inline int
lowest_bit(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#else
    return popcount64((x & (~x + 1)) - 1);
#endif
}

/* one pass with the bound k over the text (n columns, codes; -1 for words not in the
   pattern) against the pattern's m rows (m <= n): D'(m, n), an upper bound of the distance
   that is exact when it is at most k; -1 when the pass found the distance above k.
   A cell (i, j) matters when D(i, j) + |j - i - (n - m)| <= k (at most k with the cheapest
   way on); a minimal path to such a cell passes only such cells, on which D' = D. Between
   tiles the blocks are trimmed to those that may hold such cells: from the top, a block
   above the last diagonal whose last row already exceeds k (going up such a block's rows
   adds at least as much as it saves); at the bottom, a path from row r of column j0 - 1
   reaches at most row r + 64 + (k - D(r) + j0 - 1 - r - (n - m)) / 2 within the tile, a
   bound that grows with r, so the last row computed gives it. scores[x] is D' at the last
   row of block x. -2 when a signal handler raised (see stopped). */
static int64_t
banded_pass(const int32_t *text, int64_t n, const Entry *entries, const int64_t *starts, int64_t m, int64_t k,
            uint64_t *columns, uint64_t *pv, uint64_t *mv, int64_t *scores, PyThreadState **unlocked)
{
    int64_t work = 0;
    int64_t blocks = (m + 63) / 64, first = 0, last = 0, diag = n - m;
    int64_t lower = (k - diag) / 2, upper = diag + lower;
    int last_bit = (int)((m - 1) % 64);
    pv[0] = ~(uint64_t)0;
    mv[0] = 0;
    scores[0] = blocks == 1 ? last_bit + 1 : 64;
    for (int64_t j0 = 1; j0 <= n; j0 += TILE) {
        int64_t j1 = j0 + TILE - 1 < n ? j0 + TILE - 1 : n;
        int width = (int)(j1 - j0 + 1);
        /* the top: the first block's top row lies above the band (or is row 0) */
        int64_t top = j0 - upper - 1 > 0 ? (j0 - upper - 1) / 64 : 0;
        while (first < last && (first < top || (j0 - 1 - 64 * (first + 1) >= diag
                                                && scores[first] + (j0 - 1 - 64 * (first + 1) - diag) > k))) {
            first++;
        }
        /* the bottom: the band's lowest row at column j1, or the lowest a path that matters reaches */
        int64_t row = 64 * (last + 1) < m ? 64 * (last + 1) : m;
        int64_t slack = k - scores[last] + (j0 - 1 - row - diag);
        int64_t low = row + width + (slack > 0 ? slack / 2 : 0);
        low = low > j1 - diag ? low : j1 - diag;
        low = low < j1 + lower ? low : j1 + lower;
        low = low < m ? low : m;
        int64_t want = (low - 1) / 64;
        if (want < first) {
            return -1;
        }
        work += (want - first + 1) * width;
        if (stopped(unlocked, &work)) {
            return -2;
        }
        last = want < last ? want : last;
        while (last < want) {
            last++;
            pv[last] = ~(uint64_t)0;
            mv[last] = 0;
            scores[last] = scores[last - 1] + (last == blocks - 1 ? last_bit + 1 : 64);
        }
        for (int c = 0; c < width; c++) {
            if (text[j0 - 1 + c] >= 0) {
                columns[text[j0 - 1 + c]] |= (uint64_t)1 << c;
            }
        }
        uint64_t hp = width == 64 ? ~(uint64_t)0 : ((uint64_t)1 << width) - 1, hn = 0;
        for (int64_t x = first; x <= last; x++) {
            /* a column's delta out of the block's last row, moved to the top bit */
            int up = x == blocks - 1 ? 63 - last_bit : 0;
            uint64_t p = pv[x], q = mv[x], out_p = 0, out_n = 0, eqs[TILE];
            memset(eqs, 0, sizeof(eqs));
            for (int64_t e = starts[x]; e < starts[x + 1]; e++) {
                for (uint64_t cols = columns[entries[e].code]; cols; cols &= cols - 1) {
                    eqs[lowest_bit(cols)] = entries[e].mask;
                }
            }
            for (int c = 0; c < width; c++) {
                uint64_t eq = eqs[c];
                uint64_t in_p = hp & 1, in_n = hn & 1;
                hp >>= 1;
                hn >>= 1;
                uint64_t xv = eq | q;
                eq |= in_n;
                uint64_t xh = (((eq & p) + p) ^ p) | eq;
                uint64_t ph = q | ~(xh | p);
                uint64_t mh = p & xh;
                out_p = (out_p >> 1) | ((ph << up) & TOP_BIT);
                out_n = (out_n >> 1) | ((mh << up) & TOP_BIT);
                ph = (ph << 1) | in_p;
                mh = (mh << 1) | in_n;
                p = mh | ~(xv | ph);
                q = ph & xv;
            }
            out_p >>= 64 - width;
            out_n >>= 64 - width;
            pv[x] = p;
            mv[x] = q;
            scores[x] += popcount64(out_p) - popcount64(out_n);
            hp = out_p;
            hn = out_n;
        }
        for (int c = 0; c < width; c++) {
            if (text[j0 - 1 + c] >= 0) {
                columns[text[j0 - 1 + c]] = 0;
            }
        }
    }
    return last == blocks - 1 ? scores[last] : -1;
}

static PyObject *
banded_levenshtein(PyObject *self, PyObject *args)
{
    PyObject *a_obj, *b_obj;
    long long hint;
    if (!PyArg_ParseTuple(args, "OOL:banded_levenshtein", &a_obj, &b_obj, &hint)) {
        return NULL;
    }
    PyObject *a, *b;
    if (as_tuples(a_obj, b_obj, &a, &b) < 0) {
        return NULL;
    }
    /* the pattern (rows) is the shorter side */
    PyObject *pattern = PyTuple_GET_SIZE(a) <= PyTuple_GET_SIZE(b) ? a : b;
    PyObject *text = pattern == a ? b : a;
    Py_ssize_t m = PyTuple_GET_SIZE(pattern), n = PyTuple_GET_SIZE(text);
    Py_ssize_t blocks = (m + 63) / 64;
    PyObject *result = NULL, *codes = NULL;
    int32_t *text_codes = NULL, *pattern_codes = NULL;
    uint64_t *pv = NULL, *mv = NULL, *columns = NULL;
    int64_t *scores = NULL, *starts = NULL;
    Entry *entries = NULL;
    int32_t *where = NULL;
    if (m == 0) {
        result = PyLong_FromSsize_t(n);
        goto done;
    }
    if (m > INT32_MAX / 4) {
        PyErr_SetString(PyExc_OverflowError, "sequences too long for the banded kernel");
        goto done;
    }
    codes = PyDict_New();
    text_codes = malloc((size_t)n * sizeof(int32_t));
    pattern_codes = malloc((size_t)m * sizeof(int32_t));
    pv = malloc((size_t)blocks * sizeof(uint64_t));
    mv = malloc((size_t)blocks * sizeof(uint64_t));
    scores = malloc((size_t)blocks * sizeof(int64_t));
    if (codes == NULL || !text_codes || !pattern_codes || !pv || !mv || !scores) {
        if (codes != NULL) {
            PyErr_NoMemory();
        }
        goto done;
    }
    for (Py_ssize_t i = 0; i < m; i++) {
        pattern_codes[i] = code_of(codes, PyTuple_GET_ITEM(pattern, i), 1, -1);
        if (pattern_codes[i] == -2) {
            goto done;
        }
    }
    for (Py_ssize_t j = 0; j < n; j++) {
        text_codes[j] = code_of(codes, PyTuple_GET_ITEM(text, j), 0, -1);
        if (text_codes[j] == -2) {
            goto done;
        }
    }
    size_t distinct = (size_t)PyDict_GET_SIZE(codes);
    columns = calloc(distinct, sizeof(uint64_t));
    where = malloc(distinct * sizeof(int32_t));
    entries = malloc((size_t)m * sizeof(Entry));
    starts = malloc(((size_t)blocks + 1) * sizeof(int64_t));
    if (columns == NULL || where == NULL || entries == NULL || starts == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    int64_t distance;
    PyThreadState *unlocked = PyEval_SaveThread();
    /* each block's distinct words and their match bits; where[code] is the code's entry in
       the block being listed, or one of an earlier block */
    memset(where, 0xff, distinct * sizeof(int32_t));
    int64_t count = 0;
    for (Py_ssize_t x = 0; x < blocks; x++) {
        starts[x] = count;
        for (Py_ssize_t i = 64 * x; i < m && i < 64 * x + 64; i++) {
            int32_t code = pattern_codes[i];
            if (where[code] < starts[x]) {
                where[code] = (int32_t)count;
                entries[count++] = (Entry){code, 0};
            }
            entries[where[code]].mask |= (uint64_t)1 << (i % 64);
        }
    }
    starts[blocks] = count;
    int64_t k = hint > n - m ? hint : n - m;
    k = k > 0 ? k : 1;
    /* a pass finds the distance when it is at most k; else k grows (at least doubles) */
    while ((distance = banded_pass(text_codes, n, entries, starts, m, k, columns, pv, mv, scores, &unlocked)) == -1
           || distance > k) {
        k = distance > k && distance < 2 * k ? distance : 2 * k;
    }
    PyEval_RestoreThread(unlocked);
    if (distance >= 0) {
        result = PyLong_FromLongLong(distance);
    }
done:
    Py_XDECREF(codes);
    free(text_codes);
    free(pattern_codes);
    free(columns);
    free(where);
    free(entries);
    free(starts);
    free(pv);
    free(mv);
    free(scores);
    Py_DECREF(a);
    Py_DECREF(b);
    return result;
}

/* edit_counts(a, b): the hits, substitutions, deletions and insertions of the minimal edit
   alignment of a (the reference) to b that a backtrace from the end of the full dynamic
   programme finds when it prefers an insertion, then a deletion, then the pair (Kaldi's and
   meeteval's counts). Myers' algorithm with a as the pattern: per column j of b, the block
   step gives the horizontal deltas (ph, before its shift: bit r of block x for row
   64 x + r + 1) and the vertical ones (pv after it); the backtrace asks only whether D(i, j)
   exceeds D(i, j - 1) (an insertion is minimal), else whether it exceeds D(i - 1, j) (a
   deletion is). The columns' bits are kept for one stretch of STRETCH columns at a time:
   the first pass keeps the vertical deltas at the start of each stretch, and the backtrace
   computes each stretch's columns again from there, last stretch first. */
static void
column_step(uint64_t *pv, uint64_t *mv, const uint64_t *eqs, int64_t blocks, uint64_t *keep_h, uint64_t *keep_v)
{
    uint64_t hp = 1, hn = 0; /* the top row D[0][j] = j grows by one */
    for (int64_t x = 0; x < blocks; x++) {
        uint64_t p = pv[x], q = mv[x], eq = eqs[x];
        uint64_t xv = eq | q;
        eq |= hn;
        uint64_t xh = (((eq & p) + p) ^ p) | eq;
        uint64_t ph = q | ~(xh | p);
        uint64_t mh = p & xh;
        if (keep_h != NULL) {
            keep_h[x] = ph;
        }
        uint64_t out_p = ph >> 63, out_n = mh >> 63;
        ph = (ph << 1) | hp;
        mh = (mh << 1) | hn;
        pv[x] = mh | ~(xv | ph);
        mv[x] = ph & xv;
        if (keep_v != NULL) {
            keep_v[x] = pv[x];
        }
        hp = out_p;
        hn = out_n;
    }
}

static PyObject *
edit_counts(PyObject *self, PyObject *args)
{
    PyObject *a_obj, *b_obj, *a, *b, *result = NULL;
    if (!PyArg_ParseTuple(args, "OO:edit_counts", &a_obj, &b_obj) || as_tuples(a_obj, b_obj, &a, &b) < 0) {
        return NULL;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(a), m = PyTuple_GET_SIZE(b);
    int64_t blocks = (n + 63) / 64, stretch = 1;
    while (stretch * stretch < m) {
        stretch++;
    }
    int64_t stretches = m ? (m + stretch - 1) / stretch : 0;
    int32_t *codes = malloc(((size_t)n + (size_t)m + 1) * sizeof(int32_t)), ncodes = 0;
    uint64_t *peq = NULL, *pv = NULL, *mv = NULL, *starts = NULL, *kept = NULL;
    if (codes == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    int32_t *ac = codes, *bc = codes + n;
    if (encode(a, b, ac, bc, &ncodes) < 0) {
        goto done;
    }
    /* the match bits of a's words per code of b */
    peq = calloc(((size_t)ncodes + 1) * (size_t)blocks + 1, sizeof(uint64_t));
    pv = malloc(((size_t)blocks + 1) * sizeof(uint64_t));
    mv = malloc(((size_t)blocks + 1) * sizeof(uint64_t));
    starts = malloc(((size_t)stretches * 2 * (size_t)blocks + 1) * sizeof(uint64_t));
    kept = malloc(((size_t)stretch * 2 * (size_t)blocks + 1) * sizeof(uint64_t));
    if (!peq || !pv || !mv || !starts || !kept) {
        PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t hits = 0, paired = 0;
    int64_t work = 0;
    int raised = 0;
    PyThreadState *unlocked = PyEval_SaveThread();
    for (Py_ssize_t i = 0; i < n; i++) {
        if (ac[i] >= 0) {
            peq[(size_t)ac[i] * (size_t)blocks + (size_t)(i / 64)] |= (uint64_t)1 << (i % 64);
        }
    }
    for (int64_t x = 0; x < blocks; x++) {
        pv[x] = ~(uint64_t)0;
        mv[x] = 0;
    }
    for (int64_t s = 0; s < stretches && !raised; s++) {
        work += stretch * blocks;
        raised = stopped(&unlocked, &work);
        memcpy(starts + 2 * s * blocks, pv, (size_t)blocks * sizeof(uint64_t));
        memcpy(starts + (2 * s + 1) * blocks, mv, (size_t)blocks * sizeof(uint64_t));
        int64_t last = (s + 1) * stretch < m ? (s + 1) * stretch : m;
        for (int64_t j = s * stretch; j < last; j++) {
            column_step(pv, mv, peq + (size_t)bc[j] * (size_t)blocks, blocks, NULL, NULL);
        }
    }
    /* the backtrace, at (i, j): the columns' deltas are those of b[j - 1] */
    Py_ssize_t i = n, j = m;
    for (int64_t s = stretches - 1; s >= 0 && i > 0 && j > 0 && !raised; s--) {
        work += stretch * blocks;
        raised = stopped(&unlocked, &work);
        int64_t first = s * stretch, last = (s + 1) * stretch < m ? (s + 1) * stretch : m;
        memcpy(pv, starts + 2 * s * blocks, (size_t)blocks * sizeof(uint64_t));
        memcpy(mv, starts + (2 * s + 1) * blocks, (size_t)blocks * sizeof(uint64_t));
        for (int64_t c = first; c < last; c++) {
            uint64_t *h = kept + 2 * (c - first) * blocks;
            column_step(pv, mv, peq + (size_t)bc[c] * (size_t)blocks, blocks, h, h + blocks);
        }
        while (i > 0 && j > first) {
            const uint64_t *h = kept + 2 * (j - 1 - first) * blocks, *v = h + blocks;
            uint64_t bit = (uint64_t)1 << ((i - 1) % 64);
            if (h[(i - 1) / 64] & bit) {
                j--;
            } else if (v[(i - 1) / 64] & bit) {
                i--;
            } else {
                i--;
                j--;
                hits += ac[i] == bc[j];
                paired++;
            }
        }
    }
    PyEval_RestoreThread(unlocked);
    if (!raised) {
        result = Py_BuildValue("(nnnn)", hits, paired - hits, n - paired, m - paired);
    }
done:
    Py_DECREF(a);
    Py_DECREF(b);
    free(codes);
    free(peq);
    free(pv);
    free(mv);
    free(starts);
    free(kept);
    return result;
}

/* pooled_levenshtein(refs, hyps): over two lists of texts, the sum of the word-level edit
   distances of the pairs and the number of reference words, words being what str.split()
   gives. Words are never made into Python objects: each is hashed over its code points and
   given a code by a table that compares code points, so equal words (only those) share a
   code; each pair's distance then comes from myers_distance. */
typedef struct {
    PyObject *text;   /* borrowed: the lists keep the texts alive, and no Python code runs */
    Py_ssize_t start, len;
    uint64_t hash;
} Word;

typedef struct {
    Word *words;
    int32_t *slots;   /* open addressing: index into words, or -1 */
    Py_ssize_t count, capacity;
    uint64_t mask;
} Vocabulary;

static int
same_word(const Word *w, PyObject *text, Py_ssize_t start, Py_ssize_t len)
{
    if (w->len != len) {
        return 0;
    }
    int k1 = PyUnicode_KIND(w->text), k2 = PyUnicode_KIND(text);
    const void *d1 = PyUnicode_DATA(w->text), *d2 = PyUnicode_DATA(text);
    for (Py_ssize_t x = 0; x < len; x++) {
        if (PyUnicode_READ(k1, d1, w->start + x) != PyUnicode_READ(k2, d2, start + x)) {
            return 0;
        }
    }
    return 1;
}

static int
vocabulary_grow(Vocabulary *v)
{
    Py_ssize_t capacity = v->capacity ? v->capacity * 2 : 1024;
    Word *words = realloc(v->words, (size_t)capacity * sizeof(Word));
    int32_t *slots = malloc((size_t)capacity * 2 * sizeof(int32_t));
    if (words == NULL || slots == NULL) {
        if (words != NULL) {
            v->words = words;
        }
        free(slots);
        PyErr_NoMemory();
        return -1;
    }
    v->words = words;
    v->capacity = capacity;
    v->mask = (uint64_t)capacity * 2 - 1;
    for (Py_ssize_t x = 0; x < capacity * 2; x++) {
        slots[x] = -1;
    }
    for (Py_ssize_t w = 0; w < v->count; w++) {
        uint64_t x = words[w].hash & v->mask;
        while (slots[x] >= 0) {
            x = (x + 1) & v->mask;
        }
        slots[x] = (int32_t)w;
    }
    free(v->slots);
    v->slots = slots;
    return 0;
}

/* the code of text[start:start+len], a new one for a word not seen yet; -1 on error */
static int32_t
vocabulary_code(Vocabulary *v, PyObject *text, Py_ssize_t start, Py_ssize_t len)
{
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    uint64_t hash = 1469598103934665603ULL;
    for (Py_ssize_t x = 0; x < len; x++) {
        hash = (hash ^ (uint64_t)PyUnicode_READ(kind, data, start + x)) * 1099511628211ULL;
    }
    hash ^= hash >> 29;
    if (v->count >= v->capacity && vocabulary_grow(v) < 0) {
        return -1;
    }
    uint64_t x = hash & v->mask;
    while (v->slots[x] >= 0) {
        const Word *w = &v->words[v->slots[x]];
        if (w->hash == hash && same_word(w, text, start, len)) {
            return v->slots[x];
        }
        x = (x + 1) & v->mask;
    }
    if (v->count >= INT32_MAX) {
        PyErr_SetString(PyExc_OverflowError, "too many distinct words");
        return -1;
    }
    v->words[v->count] = (Word){text, start, len, hash};
    v->slots[x] = (int32_t)v->count;
    return (int32_t)v->count++;
}

/* the words of `text` as codes, appended to *codes (grown as needed); their number, or -1 */
static Py_ssize_t
split_codes(Vocabulary *v, PyObject *text, int32_t **codes, Py_ssize_t *room)
{
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t size = PyUnicode_GET_LENGTH(text), n = 0, x = 0;
    while (x < size) {
        while (x < size && Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, x))) {
            x++;
        }
        Py_ssize_t start = x;
        while (x < size && !Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, x))) {
            x++;
        }
        if (x == start) {
            break;
        }
        if (n >= *room) {
            Py_ssize_t grown = *room ? *room * 2 : 64;
            int32_t *more = realloc(*codes, (size_t)grown * sizeof(int32_t));
            if (more == NULL) {
                PyErr_NoMemory();
                return -1;
            }
            *codes = more;
            *room = grown;
        }
        int32_t code = vocabulary_code(v, text, start, x - start);
        if (code < 0) {
            return -1;
        }
        (*codes)[n++] = code;
    }
    return n;
}

static PyObject *
pooled_levenshtein(PyObject *self, PyObject *args)
{
    PyObject *refs, *hyps;
    if (!PyArg_ParseTuple(args, "O!O!:pooled_levenshtein", &PyList_Type, &refs, &PyList_Type, &hyps)) {
        return NULL;
    }
    Py_ssize_t pairs = PyList_GET_SIZE(refs);
    if (PyList_GET_SIZE(hyps) != pairs) {
        PyErr_Format(PyExc_ValueError, "%zd references but %zd hypotheses", pairs, PyList_GET_SIZE(hyps));
        return NULL;
    }
    for (Py_ssize_t i = 0; i < pairs; i++) {
        if (!PyUnicode_Check(PyList_GET_ITEM(refs, i)) || !PyUnicode_Check(PyList_GET_ITEM(hyps, i))) {
            PyErr_Format(PyExc_TypeError, "pair %zd: texts must be str", i);
            return NULL;
        }
    }
    Py_INCREF(refs);
    Py_INCREF(hyps);
    PyObject *result = NULL;
    Vocabulary v = {NULL, NULL, 0, 0, 0};
    int32_t *a = NULL, *b = NULL, *local = NULL;
    uint64_t *peq = NULL, *pv = NULL, *mv = NULL;
    Py_ssize_t room_a = 0, room_b = 0, local_size = 0, peq_room = 0, block_room = 0;
    long long distance = 0, words = 0;
    for (Py_ssize_t i = 0; i < pairs; i++) {
        Py_ssize_t n = split_codes(&v, PyList_GET_ITEM(refs, i), &a, &room_a);
        Py_ssize_t m = n < 0 ? -1 : split_codes(&v, PyList_GET_ITEM(hyps, i), &b, &room_b);
        if (m < 0) {
            goto done;
        }
        words += n;
        /* the pattern is the shorter side; its distinct words get local codes 0.. */
        int32_t *pattern = n <= m ? a : b, *text = n <= m ? b : a;
        Py_ssize_t pm = n <= m ? n : m, tn = n <= m ? m : n;
        if (pm == 0) {
            distance += tn;
            continue;
        }
        if (local_size < v.count) {
            int32_t *grown = realloc(local, (size_t)v.capacity * sizeof(int32_t));
            if (grown == NULL) {
                PyErr_NoMemory();
                goto done;
            }
            for (Py_ssize_t x = local_size; x < v.capacity; x++) {
                grown[x] = -1;
            }
            local = grown;
            local_size = v.capacity;
        }
        Py_ssize_t blocks = (pm + 63) / 64;
        int32_t distinct = 0;
        for (Py_ssize_t x = 0; x < pm; x++) {
            if (local[pattern[x]] < 0) {
                local[pattern[x]] = distinct++;
            }
        }
        if ((distinct + 1) * blocks > peq_room || blocks > block_room) {
            free(peq);
            free(pv);
            free(mv);
            peq_room = (distinct + 1) * blocks * 2;
            block_room = blocks * 2;
            peq = malloc((size_t)peq_room * sizeof(uint64_t));
            pv = malloc((size_t)block_room * sizeof(uint64_t));
            mv = malloc((size_t)block_room * sizeof(uint64_t));
            if (peq == NULL || pv == NULL || mv == NULL) {
                PyErr_NoMemory();
                goto done;
            }
        }
        memset(peq, 0, (size_t)(distinct + 1) * (size_t)blocks * sizeof(uint64_t));
        for (Py_ssize_t x = 0; x < pm; x++) {
            peq[(size_t)local[pattern[x]] * (size_t)blocks + (size_t)(x / 64)] |= (uint64_t)1 << (x % 64);
        }
        /* the text as local codes (words not in the pattern: the all-zero row) */
        for (Py_ssize_t x = 0; x < tn; x++) {
            int32_t code = local[text[x]];
            text[x] = code < 0 ? distinct : code;
        }
        distance += myers_distance(text, tn, peq, pm, blocks, pv, mv);
        if (PyErr_CheckSignals() < 0) {
            goto done;
        }
        for (Py_ssize_t x = 0; x < pm; x++) {
            local[pattern[x]] = -1;
        }
    }
    result = Py_BuildValue("(LL)", distance, words);
done:
    free(v.words);
    free(v.slots);
    free(a);
    free(b);
    free(local);
    free(peq);
    free(pv);
    free(mv);
    Py_DECREF(refs);
    Py_DECREF(hyps);
    return result;
}

/* one opcode (tag, i1, i2, j1, j2) of a sequence: whether its tag is "equal", and its bounds;
   -1 with an exception set when it is not such a 5-item sequence of a str and four ints */
static int
read_opcode(PyObject *op, int *equal, Py_ssize_t *bounds)
{
    PyObject *fast = PySequence_Fast(op, "an opcode is a sequence (tag, i1, i2, j1, j2)");
    if (fast == NULL) {
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(fast) != 5) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "an opcode is a sequence (tag, i1, i2, j1, j2)");
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    if (!PyUnicode_Check(items[0])) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_TypeError, "an opcode's tag is a str");
        return -1;
    }
    *equal = items[0] == TAG_EQUAL || PyUnicode_CompareWithASCIIString(items[0], "equal") == 0;
    for (int x = 0; x < 4; x++) {
        bounds[x] = PyLong_AsSsize_t(items[x + 1]);
        if (bounds[x] == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

/* the MAPSSWE places of one system (mapsswe.opcode_places) as arrays over the reference words
   0..n-1 (the insertions before each word, whether it is wrong, whether it is correct) and the
   insertions after the last word in ins[n]; n is the reference's length. 1 when the opcodes
   tile the reference (each opcode's i1 the previous one's i2, from 0), 0 when they do not (a
   path through an alternation: the Python rule decides), -1 with an exception set */
static int
opcode_places_of(PyObject *opcodes, Py_ssize_t **ins, char **wrong, char **correct, Py_ssize_t *n)
{
    PyObject *fast = PySequence_Tuple(opcodes); /* a tuple: no Python code can change it under us */
    if (fast == NULL) {
        return -1;
    }
    Py_ssize_t count = PyTuple_GET_SIZE(fast), end = 0, bounds[4];
    int equal, status = 1;
    for (Py_ssize_t x = 0; x < count && status == 1; x++) {
        if (read_opcode(PyTuple_GET_ITEM(fast, x), &equal, bounds) < 0) {
            status = -1;
        }
        else if (bounds[0] != end || bounds[1] < bounds[0]) {
            status = 0;
        }
        else {
            end = bounds[1];
        }
    }
    *n = end;
    *ins = NULL;
    *wrong = *correct = NULL;
    if (status == 1) {
        *ins = calloc((size_t)end + 1, sizeof(Py_ssize_t));
        *wrong = calloc((size_t)end + 1, 1);
        *correct = calloc((size_t)end + 1, 1);
        if (*ins == NULL || *wrong == NULL || *correct == NULL) {
            PyErr_NoMemory();
            status = -1;
        }
    }
    Py_ssize_t pending = 0;
    for (Py_ssize_t x = 0; x < count && status == 1; x++) {
        /* read again: an opcode that is no list or tuple is made one by Python code, which may change it */
        if (read_opcode(PyTuple_GET_ITEM(fast, x), &equal, bounds) < 0) {
            status = -1;
            break;
        }
        if (bounds[0] < 0 || bounds[1] > end || bounds[1] < bounds[0]) {
            PyErr_SetString(PyExc_RuntimeError, "the opcodes changed while they were read");
            status = -1;
            break;
        }
        Py_ssize_t surplus = (bounds[3] - bounds[2]) - (bounds[1] - bounds[0]);
        if (!equal && surplus > 0) {
            pending += surplus;
        }
        for (Py_ssize_t i = bounds[0]; i < bounds[1]; i++) {
            (*ins)[i] = pending;
            (*wrong)[i] = !equal;
            (*correct)[i] = (char)equal;
            pending = 0;
        }
    }
    if (status == 1) {
        (*ins)[end] = pending;
    }
    Py_DECREF(fast);
    if (status != 1) {
        free(*ins);
        free(*wrong);
        free(*correct);
        *ins = NULL;
        *wrong = *correct = NULL;
    }
    return status;
}

/* (errors a, errors b, reference words) appended to list; -1 with an exception set */
static int
append_span(PyObject *list, Py_ssize_t ea, Py_ssize_t eb, Py_ssize_t words)
{
    PyObject *span = Py_BuildValue("(nnn)", ea, eb, words);
    int status = span == NULL ? -1 : PyList_Append(list, span);
    Py_XDECREF(span);
    return status;
}

static PyObject *
opcode_spans(PyObject *self, PyObject *args)
{
    PyObject *a_ops, *b_ops, *result = NULL;
    if (!PyArg_ParseTuple(args, "OO:opcode_spans", &a_ops, &b_ops)) {
        return NULL;
    }
    Py_ssize_t *ins_a = NULL, *ins_b = NULL, n = 0, m = 0;
    char *wrong_a = NULL, *wrong_b = NULL, *correct_a = NULL, *correct_b = NULL;
    int status = opcode_places_of(a_ops, &ins_a, &wrong_a, &correct_a, &n);
    if (status == 1) {
        status = opcode_places_of(b_ops, &ins_b, &wrong_b, &correct_b, &m);
    }
    if (status == 1 && n != m) {
        status = 0;
    }
    if (status < 0) {
        goto done;
    }
    if (status == 0) {
        Py_INCREF(Py_None);
        result = Py_None;
        goto done;
    }
    result = PyList_New(0);
    if (result == NULL) {
        goto done;
    }
    /* mapsswe.spans on one path: a segment ends before two correct words in a row with no
       insertion between them; the insertions after the last word (k == n) end the last one */
    Py_ssize_t ea = 0, eb = 0, words = 0, bounded = 0;
    int previous_good = 0;
    for (Py_ssize_t k = 0; k <= n; k++) {
        int good = k < n && correct_a[k] && correct_b[k];
        Py_ssize_t ia = ins_a[k], ib = ins_b[k];
        if (previous_good && good && !ia && !ib) {
            if ((ea || eb) && append_span(result, ea, eb, words + bounded + 1) < 0) {
                Py_CLEAR(result);
                goto done;
            }
            ea = eb = words = 0;
            bounded = 1;
        }
        ea += ia + (k < n ? wrong_a[k] : 0);
        eb += ib + (k < n ? wrong_b[k] : 0);
        words += k < n;
        previous_good = good;
    }
    if ((ea || eb) && append_span(result, ea, eb, words + bounded) < 0) {
        Py_CLEAR(result);
    }
done:
    free(ins_a);
    free(ins_b);
    free(wrong_a);
    free(wrong_b);
    free(correct_a);
    free(correct_b);
    return result;
}

/* the codes of the elements of items (a list or tuple of ours, which no Python code can reach)
   in codes (a dict), new ones added as its size: a list of ints; NULL with an exception set */
static PyObject *
codes_list(PyObject *codes, PyObject *items)
{
    Py_ssize_t n = PySequence_Fast_GET_SIZE(items);
    PyObject *out = PyList_New(n);
    if (out == NULL) {
        return NULL;
    }
    for (Py_ssize_t x = 0; x < n; x++) {
        int32_t code = code_of(codes, PySequence_Fast_GET_ITEM(items, x), 1, 0);
        if (code < 0) { /* -2: an error; another negative: a value in codes that is none of ours */
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_ValueError, "ids: a word's number is not 0, 1, 2, ...");
            }
            Py_DECREF(out);
            return NULL;
        }
        PyObject *number = PyLong_FromLong(code);
        if (number == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, x, number);
    }
    return out;
}

static PyObject *
error_numbers(PyObject *self, PyObject *args)
{
    PyObject *opcodes, *a_obj, *b_obj, *ids, *result = NULL;
    if (!PyArg_ParseTuple(args, "OOOO!:error_numbers", &opcodes, &a_obj, &b_obj, &PyDict_Type, &ids)) {
        return NULL;
    }
    /* tuples: no Python code (an opcode made a sequence) can change them under us */
    PyObject *a = NULL, *b = NULL, *ops = PySequence_Tuple(opcodes);
    /* the words of the substitutions (pairs), deletions and insertions, in order */
    PyObject *lists[3] = {PyList_New(0), PyList_New(0), PyList_New(0)};
    if (ops == NULL || as_tuples(a_obj, b_obj, &a, &b) < 0 || !lists[0] || !lists[1] || !lists[2]) {
        goto done;
    }
    Py_ssize_t na = PyTuple_GET_SIZE(a), nb = PyTuple_GET_SIZE(b), bounds[4];
    int equal;
    for (Py_ssize_t x = 0; x < PyTuple_GET_SIZE(ops); x++) {
        if (read_opcode(PyTuple_GET_ITEM(ops, x), &equal, bounds) < 0) {
            goto done;
        }
        if (equal) {
            continue;
        }
        Py_ssize_t i1 = bounds[0], i2 = bounds[1], j1 = bounds[2], j2 = bounds[3];
        if (i1 < 0 || j1 < 0 || i2 > na || j2 > nb || i2 < i1 || j2 < j1) {
            PyErr_SetString(PyExc_IndexError, "an opcode reaches beyond the words");
            goto done;
        }
        Py_ssize_t common = i2 - i1 < j2 - j1 ? i2 - i1 : j2 - j1;
        for (Py_ssize_t k = 0; k < common; k++) {
            if (PyList_Append(lists[0], PyTuple_GET_ITEM(a, i1 + k)) < 0
                || PyList_Append(lists[0], PyTuple_GET_ITEM(b, j1 + k)) < 0) {
                goto done;
            }
        }
        for (Py_ssize_t i = i1 + common; i < i2; i++) {
            if (PyList_Append(lists[1], PyTuple_GET_ITEM(a, i)) < 0) {
                goto done;
            }
        }
        for (Py_ssize_t j = j1 + common; j < j2; j++) {
            if (PyList_Append(lists[2], PyTuple_GET_ITEM(b, j)) < 0) {
                goto done;
            }
        }
    }
    /* numbered in that order: the substitutions' words first, then the deletions', then the
       insertions' (each list of words replaced by the list of their numbers) */
    for (int l = 0; l < 3; l++) {
        PyObject *numbers = codes_list(ids, lists[l]);
        if (numbers == NULL) {
            goto done;
        }
        Py_DECREF(lists[l]);
        lists[l] = numbers;
    }
    result = Py_BuildValue("(OOO)", lists[0], lists[1], lists[2]);
done:
    Py_XDECREF(lists[0]);
    Py_XDECREF(lists[1]);
    Py_XDECREF(lists[2]);
    Py_XDECREF(ops);
    Py_XDECREF(a);
    Py_XDECREF(b);
    return result;
}

static PyObject *
as_ints(PyObject *self, PyObject *args)
{
    PyObject *a_obj, *b_obj, *a = NULL, *b = NULL, *codes = NULL, *a_codes = NULL, *b_codes = NULL, *result = NULL;
    if (!PyArg_ParseTuple(args, "OO:as_ints", &a_obj, &b_obj)) {
        return NULL;
    }
    if (as_tuples(a_obj, b_obj, &a, &b) < 0 || (codes = PyDict_New()) == NULL) {
        goto done;
    }
    if ((a_codes = codes_list(codes, a)) != NULL && (b_codes = codes_list(codes, b)) != NULL) {
        result = PyTuple_Pack(2, a_codes, b_codes);
    }
done:
    Py_XDECREF(a_codes);
    Py_XDECREF(b_codes);
    Py_XDECREF(codes);
    Py_XDECREF(a);
    Py_XDECREF(b);
    return result;
}

static PyMethodDef methods[] = {
    {"banded_levenshtein", banded_levenshtein, METH_VARARGS,
     "banded_levenshtein(a, b, k)\n--\n\n"
     "The unit-cost edit distance of two sequences (elements compared as dict keys), by\n"
     "Myers' bit-parallel algorithm over a band of diagonals that holds any edit path of at\n"
     "most k edits, widened until the distance fits (Ukkonen); memory linear in the lengths."},
    {"pooled_levenshtein", pooled_levenshtein, METH_VARARGS,
     "pooled_levenshtein(refs, hyps)\n--\n\n"
     "Over two lists of texts: (the sum of the pairs' word-level edit distances, the number\n"
     "of reference words), words being what str.split() gives."},
    {"ratcliff_opcodes", ratcliff_opcodes, METH_VARARGS,
     "ratcliff_opcodes(a, b)\n--\n\n"
     "difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes(), computed in C (the\n"
     "longest block of each segment found by a suffix automaton)."},
    {"edit_counts", edit_counts, METH_VARARGS,
     "edit_counts(a, b)\n--\n\n"
     "(hits, substitutions, deletions, insertions) of the minimal edit alignment of a to b\n"
     "that a backtrace preferring insertion, then deletion, then the pair finds (Kaldi's and\n"
     "meeteval's counts), by Myers' bit-parallel algorithm."},
    {"opcode_spans", opcode_spans, METH_VARARGS,
     "opcode_spans(a_opcodes, b_opcodes)\n--\n\n"
     "mapsswe.spans(opcode_places(a_opcodes), opcode_places(b_opcodes)) of two systems'\n"
     "alignments of one reference: the (errors a, errors b, reference words) of each segment\n"
     "with an error; None when the opcodes do not both tile the same reference words (each\n"
     "opcode starting where the previous one ended, from 0): the Python rule decides then."},
    {"as_ints", as_ints, METH_VARARGS,
     "as_ints(a, b)\n--\n\n"
     "Both sequences as lists of ints, every distinct element replaced by its code: 0 for the\n"
     "first, 1 for the next new one, and so on (a first, then b; elements equal as dict keys\n"
     "share one code)."},
    {"error_numbers", error_numbers, METH_VARARGS,
     "error_numbers(opcodes, a, b, ids)\n--\n\n"
     "(substitutions, deletions, insertions) of an alignment of the words a to b, each a list\n"
     "of word numbers in ids (a dict: a new word gets its size): the substituted pairs as\n"
     "[a word, b word, ...], the deleted and the inserted words, in the opcodes' order; the\n"
     "substitutions' words are numbered first, then the deletions', then the insertions'."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_kernels",
    "The metrics' kernels: difflib's opcodes (autojunk off) and edit distances, in C.", -1, methods,
};

PyMODINIT_FUNC
PyInit__kernels(void)
{
    TAG_EQUAL = PyUnicode_InternFromString("equal");
    TAG_REPLACE = PyUnicode_InternFromString("replace");
    TAG_DELETE = PyUnicode_InternFromString("delete");
    TAG_INSERT = PyUnicode_InternFromString("insert");
    if (!TAG_EQUAL || !TAG_REPLACE || !TAG_DELETE || !TAG_INSERT) {
        return NULL;
    }
    return PyModule_Create(&module);
}
