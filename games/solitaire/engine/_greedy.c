/* The solver's core on fixed-width masks (docs/solitaire.md#the-solvers-core).

   games/solitaire/engine/solver.py keeps the search; this is its inner loop, greedy
   play (the one pass every phase is built of, _PairingSearch._play), with the
   playouts built on it (_PairingSearch._playout), the core of a stuck set and the
   conflicts learnt, on three 64-bit words instead of Python's big ints: CPython spent
   most of a pass allocating and freeing the ints of its bit operations. It does what
   solver.py's comments and docstrings ("Greedy play", _playout) say, in the order the
   Python it replaced did, so every board gets the same answer and the same order.
   The free test is Geometry.free_among's rule (games/solitaire/engine/geometry.py). */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define WORDS 3 /* 192 bits: a layout holds at most 144 tiles (tiles.MAX_TILES) */
#define BYTES (WORDS * 8)
#define MAX_TILES (WORDS * 64)

typedef struct {
    uint64_t w[WORDS];
} Mask;

static inline int m_any(const Mask *a) { return (a->w[0] | a->w[1] | a->w[2]) != 0; }

static inline Mask m_and(Mask a, Mask b) {
    for (int k = 0; k < WORDS; k++) a.w[k] &= b.w[k];
    return a;
}

static inline int m_eq(const Mask *a, const Mask *b) {
    return a->w[0] == b->w[0] && a->w[1] == b->w[1] && a->w[2] == b->w[2];
}

static inline int m_meets(const Mask *a, const Mask *b) {
    return ((a->w[0] & b->w[0]) | (a->w[1] & b->w[1]) | (a->w[2] & b->w[2])) != 0;
}

/* More than one bit set. */
static inline int m_several(const Mask *a) {
    int seen = 0;
    for (int k = 0; k < WORDS; k++) {
        if (a->w[k]) {
            if (seen || (a->w[k] & (a->w[k] - 1))) return 1;
            seen = 1;
        }
    }
    return 0;
}

/* The lowest set bit's index, or -1. */
static inline int m_lowest(const Mask *a) {
    for (int k = 0; k < WORDS; k++)
        if (a->w[k]) return k * 64 + __builtin_ctzll(a->w[k]);
    return -1;
}

/* Whether tile i is in `a`. */
static inline int m_has(const Mask *a, int i) { return a->w[i / 64] >> (i % 64) & 1; }

/* Tile i in `a` if it was not, out if it was. */
static inline void m_flip(Mask *a, int i) { a->w[i / 64] ^= 1ULL << (i % 64); }

/* Whether every tile of `a` is one of the first `tiles`. */
static int m_within(const Mask *a, Py_ssize_t tiles) {
    for (Py_ssize_t i = tiles; i < MAX_TILES; i++)
        if (m_has(a, (int)i)) return 0;
    return 1;
}

static int to_mask(PyObject *value, Mask *out) {
    unsigned char bytes[BYTES];
    if (!PyLong_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "a mask must be an int");
        return -1;
    }
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t needed = PyLong_AsNativeBytes(
        value, bytes, BYTES, Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER |
                   Py_ASNATIVEBYTES_REJECT_NEGATIVE);
    if (needed < 0) return -1;
    if (needed > BYTES) {
        PyErr_SetString(PyExc_OverflowError, "a mask holds at most 192 tiles");
        return -1;
    }
#else
    if (_PyLong_AsByteArray((PyLongObject *)value, bytes, BYTES, 1, 0) < 0) return -1;
#endif
    for (int k = 0; k < WORDS; k++) {
        uint64_t word = 0;
        for (int b = 7; b >= 0; b--) word = word << 8 | bytes[k * 8 + b];
        out->w[k] = word;
    }
    return 0;
}

static PyObject *from_mask(const Mask *mask) {
    if (!mask->w[1] && !mask->w[2]) return PyLong_FromUnsignedLongLong(mask->w[0]);
    unsigned char bytes[BYTES];
    for (int k = 0; k < WORDS; k++)
        for (int b = 0; b < 8; b++) bytes[k * 8 + b] = (unsigned char)(mask->w[k] >> (8 * b));
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(bytes, BYTES, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    return _PyLong_FromByteArray(bytes, BYTES, 1, 0);
#endif
}

/* The masks of a sequence of ints, into a new array of len(sequence). */
static Mask *masks_of(PyObject *sequence, Py_ssize_t *count) {
    PyObject *fast = PySequence_Fast(sequence, "expected a sequence of masks");
    if (!fast) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    Mask *out = PyMem_Calloc(n ? n : 1, sizeof(Mask));
    if (!out) {
        Py_DECREF(fast);
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (to_mask(PySequence_Fast_GET_ITEM(fast, i), &out[i]) < 0) {
            PyMem_Free(out);
            Py_DECREF(fast);
            return NULL;
        }
    }
    Py_DECREF(fast);
    *count = n;
    return out;
}

/* Growing arrays for what play() reports. */
typedef struct {
    int g;
    Mask occupied, free;
} First;

#define LIST_OF(Name, Item)                                                        \
    typedef struct {                                                               \
        Item *items;                                                               \
        Py_ssize_t len, room;                                                      \
    } Name;                                                                        \
    static int Name##_add(Name *list, Item item) {                                 \
        if (list->len == list->room) {                                             \
            Py_ssize_t room = list->room ? 2 * list->room : 64;                    \
            Item *items = PyMem_Realloc(list->items, room * sizeof(Item));         \
            if (!items) {                                                          \
                PyErr_NoMemory();                                                  \
                return -1;                                                         \
            }                                                                      \
            list->items = items;                                                   \
            list->room = room;                                                     \
        }                                                                          \
        list->items[list->len++] = item;                                           \
        return 0;                                                                  \
    }

LIST_OF(MaskList, Mask)
LIST_OF(IntList, int)
LIST_OF(FirstList, First)

/* A pairing: one pair (a group of two) or two (a group of four). */
typedef struct {
    int pairs;
    Mask pair[2];
} Pairing;

/* A layout's neighbour tables (Geometry's, with the affects the search uses), made
   once per layout and shared by every board's Greedy. */
typedef struct {
    PyObject_HEAD
    Py_ssize_t tiles;
    Mask *covered_by, *left, *right, *affects; /* per tile */
} Layout;

static void layout_dealloc(Layout *self) {
    PyMem_Free(self->covered_by);
    PyMem_Free(self->left);
    PyMem_Free(self->right);
    PyMem_Free(self->affects);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int same_count(Py_ssize_t a, Py_ssize_t b, const char *what) {
    if (a != b) {
        PyErr_Format(PyExc_ValueError, "%s: one per tile", what);
        return -1;
    }
    return 0;
}

/* Layout(covered_by, left, right, affects) */
static int layout_init(Layout *self, PyObject *args, PyObject *kwds) {
    static char *keywords[] = {"covered_by", "left", "right", "affects", NULL};
    PyObject *covered_by, *left, *right, *affects;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOO", keywords, &covered_by, &left, &right,
                                     &affects))
        return -1;
    if (self->covered_by) {
        PyErr_SetString(PyExc_RuntimeError, "a Layout is set up once");
        return -1;
    }
    /* Kept only once all four are read: a Layout is set up whole or not at all. */
    Py_ssize_t n = 0, count[3] = {0, 0, 0};
    Mask *tables[4] = {masks_of(covered_by, &n), NULL, NULL, NULL};
    if (tables[0] && n > MAX_TILES)
        PyErr_SetString(PyExc_ValueError, "a layout holds at most 192 tiles here");
    PyObject *others[3] = {left, right, affects};
    const char *names[3] = {"left", "right", "affects"};
    for (int t = 0; t < 3 && !PyErr_Occurred(); t++)
        if ((tables[t + 1] = masks_of(others[t], &count[t]))) same_count(count[t], n, names[t]);
    if (PyErr_Occurred()) {
        for (int t = 0; t < 4; t++) PyMem_Free(tables[t]);
        return -1;
    }
    self->tiles = n;
    self->left = tables[1];
    self->right = tables[2];
    self->affects = tables[3];
    self->covered_by = tables[0];
    return 0;
}

static PyTypeObject LayoutType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "games.solitaire.engine._greedy.Layout",
    .tp_basicsize = sizeof(Layout),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A layout's neighbour tables on fixed-width masks.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)layout_init,
    .tp_dealloc = (destructor)layout_dealloc,
};

typedef struct {
    PyObject_HEAD
    Layout *layout;                            /* its tables; set (and held) last */
    Py_ssize_t groups;
    Mask *masks;                               /* per group */
    int *group_of;                             /* per tile */
    int *pairings;                             /* per group: how many */
    Pairing (*options)[3];                     /* per group: its pairings */
    int (*partner)[3];                         /* per group and pairing: the tile
                                                  paired with the group's first one */
    long *choice;                              /* per group: scratch */
    int *pending;                              /* a stack of groups, scratch */
    Py_ssize_t pending_room;
    /* How often each choice (3 * group + pairing) was part of a playout's conflict. */
    int *penalty;
    /* The nogoods learnt: nogood k's literals (3 * group + pairing) are
       nogood_literals[nogood_start[k]:nogood_start[k + 1]]; by_literal[l]: the nogoods
       holding literal l, in the order learnt. */
    IntList nogood_start, nogood_literals;
    IntList *by_literal;
} Greedy;

static void greedy_dealloc(Greedy *self) {
    Py_XDECREF(self->layout);
    PyMem_Free(self->masks);
    PyMem_Free(self->group_of);
    PyMem_Free(self->pairings);
    PyMem_Free(self->options);
    PyMem_Free(self->choice);
    PyMem_Free(self->pending);
    PyMem_Free(self->partner);
    PyMem_Free(self->penalty);
    PyMem_Free(self->nogood_start.items);
    PyMem_Free(self->nogood_literals.items);
    if (self->by_literal)
        for (Py_ssize_t l = 0; l < 3 * self->groups; l++) PyMem_Free(self->by_literal[l].items);
    PyMem_Free(self->by_literal);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Greedy(layout, masks, options, group_of) */
static int greedy_init(Greedy *self, PyObject *args, PyObject *kwds) {
    static char *keywords[] = {"layout", "masks", "options", "group_of", NULL};
    PyObject *masks, *options, *group_of;
    Layout *layout;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!OOO", keywords, &LayoutType, &layout,
                                     &masks, &options, &group_of))
        return -1;
    if (self->masks) {
        PyErr_SetString(PyExc_RuntimeError, "Greedy is set up once");
        return -1;
    }
    if (!layout->covered_by) {
        PyErr_SetString(PyExc_RuntimeError, "the Layout is not set up");
        return -1;
    }
    Py_ssize_t n = layout->tiles;
    if (!(self->masks = masks_of(masks, &self->groups))) return -1;
    Py_ssize_t groups = self->groups;
    for (Py_ssize_t g = 0; g < groups; g++) {
        if (!m_any(&self->masks[g]) || !m_within(&self->masks[g], n)) {
            PyErr_SetString(PyExc_ValueError, "a group holds tiles of the layout");
            return -1;
        }
    }
    self->group_of = PyMem_Calloc(n ? n : 1, sizeof(int));
    self->pairings = PyMem_Calloc(groups ? groups : 1, sizeof(int));
    self->options = PyMem_Calloc(groups ? groups : 1, sizeof(Pairing[3]));
    self->choice = PyMem_Calloc(groups ? groups : 1, sizeof(long));
    self->pending_room = n + groups + 1;
    self->pending = PyMem_Calloc(self->pending_room, sizeof(int));
    self->partner = PyMem_Calloc(groups ? groups : 1, sizeof(int[3]));
    self->penalty = PyMem_Calloc(3 * groups + 1, sizeof(int));
    self->by_literal = PyMem_Calloc(3 * groups + 1, sizeof(IntList));
    if (!self->group_of || !self->pairings || !self->options || !self->choice ||
        !self->pending || !self->partner || !self->penalty || !self->by_literal) {
        PyErr_NoMemory();
        return -1;
    }
    PyObject *fast = PySequence_Fast(group_of, "group_of: a sequence of ints");
    if (!fast) return -1;
    if (same_count(PySequence_Fast_GET_SIZE(fast), n, "group_of") < 0) {
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long g = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (g == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (g < 0 || g >= groups) g = 0; /* tiles gone before the search: never looked at */
        self->group_of[i] = (int)g;
    }
    Py_DECREF(fast);
    fast = PySequence_Fast(options, "options: a sequence per group");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != groups) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "options: one per group");
        return -1;
    }
    for (Py_ssize_t g = 0; g < groups; g++) {
        PyObject *of_group = PySequence_Fast(PySequence_Fast_GET_ITEM(fast, g),
                                             "options[g]: a sequence of pairings");
        if (!of_group) goto fail;
        Py_ssize_t ways = PySequence_Fast_GET_SIZE(of_group);
        if (ways < 1 || ways > 3) {
            Py_DECREF(of_group);
            PyErr_SetString(PyExc_ValueError, "a group has one to three pairings");
            goto fail;
        }
        self->pairings[g] = (int)ways;
        for (Py_ssize_t c = 0; c < ways; c++) {
            Py_ssize_t pairs;
            Mask *pair = masks_of(PySequence_Fast_GET_ITEM(of_group, c), &pairs);
            if (!pair) {
                Py_DECREF(of_group);
                goto fail;
            }
            if (pairs < 1 || pairs > 2) {
                PyMem_Free(pair);
                Py_DECREF(of_group);
                PyErr_SetString(PyExc_ValueError, "a pairing has one or two pairs");
                goto fail;
            }
            self->options[g][c].pairs = (int)pairs;
            memcpy(self->options[g][c].pair, pair, pairs * sizeof(Mask));
            PyMem_Free(pair);
            for (Py_ssize_t p = 0; p < pairs; p++) {
                Mask inside = m_and(self->options[g][c].pair[p], self->masks[g]);
                if (!m_eq(&inside, &self->options[g][c].pair[p])) {
                    Py_DECREF(of_group);
                    PyErr_SetString(PyExc_ValueError, "a pairing's pairs lie in its group");
                    goto fail;
                }
            }
            Mask with = self->options[g][c].pair[0];
            int first = m_lowest(&self->masks[g]);
            if (first < 0 || !m_has(&with, first)) {
                Py_DECREF(of_group);
                PyErr_SetString(PyExc_ValueError, "a pairing's first pair holds the first tile");
                goto fail;
            }
            m_flip(&with, first);
            self->partner[g][c] = m_lowest(&with);
        }
        Py_DECREF(of_group);
    }
    Py_DECREF(fast);
    /* Set last: a Greedy is ready to play only once all of it is. */
    Py_INCREF(layout);
    self->layout = layout;
    return 0;
fail:
    Py_DECREF(fast);
    return -1;
}

/* The free test (Geometry.free_among's rule): nothing lies on i, and its left or its
   right side is open. */
static inline int is_free(const Layout *layout, int i, const Mask *occupied) {
    return !m_meets(&layout->covered_by[i], occupied) &&
           (!m_meets(&layout->left[i], occupied) || !m_meets(&layout->right[i], occupied));
}

/* Greedy play (see _PairingSearch._play) from the groups on the stack `pending`
   (`top` of them; the stack needs room for a group per tile more). NULL lists are not
   wanted. */
static int play_core(Greedy *self, Mask *occupied_io, Mask *free_io, const long *choice,
                     int *pending, Py_ssize_t top, int relaxed, MaskList *record,
                     FirstList *firsts, IntList *candidates) {
    const Mask *masks = self->masks, *affects = self->layout->affects;
    Mask occupied = *occupied_io, free = *free_io;
    while (top) {
        int g = pending[--top];
        Mask rest = m_and(masks[g], occupied);
        Mask ready = m_and(rest, free);
        if (!m_any(&ready)) continue;
        Mask gone;
        if (m_eq(&ready, &rest)) {
            gone = rest;
        } else {
            long c = choice[g];
            if (c >= 0) {
                if (!m_eq(&rest, &masks[g])) continue; /* one pair left: both must be free */
                memset(&gone, 0, sizeof gone);
                const Pairing *pairing = &self->options[g][c];
                for (int p = 0; p < pairing->pairs; p++) {
                    Mask both = m_and(pairing->pair[p], free);
                    if (m_eq(&both, &pairing->pair[p]))
                        for (int k = 0; k < WORDS; k++) gone.w[k] |= both.w[k];
                }
                if (!m_any(&gone)) continue;
            } else if (relaxed && (!m_eq(&rest, &masks[g]) || m_several(&ready))) {
                gone = ready; /* open, or opened before (some of its tiles went) */
            } else {
                if (candidates && m_several(&ready) && IntList_add(candidates, g) < 0) return -1;
                continue;
            }
        }
        if (firsts && m_eq(&rest, &masks[g]) &&
            FirstList_add(firsts, (First){g, occupied, free}) < 0)
            return -1;
        if (record && MaskList_add(record, gone) < 0) return -1;
        Mask touched = {{0, 0, 0}};
        for (int k = 0; k < WORDS; k++) {
            occupied.w[k] ^= gone.w[k];
            free.w[k] ^= gone.w[k];
            for (uint64_t word = gone.w[k]; word; word &= word - 1) {
                const Mask *a = &affects[k * 64 + __builtin_ctzll(word)];
                for (int j = 0; j < WORDS; j++) touched.w[j] |= a->w[j];
            }
        }
        for (int k = 0; k < WORDS; k++) {
            for (uint64_t word = touched.w[k] & occupied.w[k] & ~free.w[k]; word;
                 word &= word - 1) {
                int i = k * 64 + __builtin_ctzll(word);
                if (is_free(self->layout, i, &occupied)) {
                    free.w[k] |= word & -word;
                    pending[top++] = self->group_of[i];
                }
            }
        }
    }
    *occupied_io = occupied;
    *free_io = free;
    return 0;
}

/* A Python list of ints as the choice of every group. */
static int read_choice(Greedy *self, PyObject *list, long *choice) {
    if (!PyList_Check(list) || PyList_GET_SIZE(list) != self->groups) {
        PyErr_SetString(PyExc_ValueError, "choice: a list, one per group");
        return -1;
    }
    for (Py_ssize_t g = 0; g < self->groups; g++) {
        long c = PyLong_AsLong(PyList_GET_ITEM(list, g));
        if (c == -1 && PyErr_Occurred()) return -1;
        if (c >= self->pairings[g]) {
            PyErr_SetString(PyExc_ValueError, "choice: no such pairing");
            return -1;
        }
        choice[g] = c;
    }
    return 0;
}

static int append_steal(PyObject *list, PyObject *item) {
    if (!item) return -1;
    int result = PyList_Append(list, item);
    Py_DECREF(item);
    return result;
}

/* A mask of this layout's tiles. */
static int to_tiles(Greedy *self, PyObject *value, Mask *out) {
    if (to_mask(value, out) < 0) return -1;
    if (!m_within(out, self->layout->tiles)) {
        PyErr_SetString(PyExc_ValueError, "a tile the layout does not have");
        return -1;
    }
    return 0;
}

static int ready_to_play(Greedy *self) {
    if (!self->layout) {
        PyErr_SetString(PyExc_RuntimeError, "Greedy is not set up");
        return -1;
    }
    return 0;
}

/* play(occupied, free, choice, pending=None, relaxed=False, record=None, firsts=None,
        candidates=None) -> (occupied, free): see _PairingSearch._play. */
static PyObject *greedy_play(Greedy *self, PyObject *args, PyObject *kwds) {
    static char *keywords[] = {"occupied", "free",   "choice",     "pending", "relaxed",
                               "record",   "firsts", "candidates", NULL};
    PyObject *occupied_in, *free_in, *choice_in, *pending_in = Py_None;
    PyObject *record = Py_None, *firsts = Py_None, *candidates = Py_None;
    int relaxed = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOO|OpOOO", keywords, &occupied_in,
                                     &free_in, &choice_in, &pending_in, &relaxed, &record,
                                     &firsts, &candidates))
        return NULL;
    if (ready_to_play(self) < 0) return NULL;
    if ((record != Py_None && !PyList_Check(record)) ||
        (firsts != Py_None && !PyList_Check(firsts)) ||
        (candidates != Py_None && !PyList_Check(candidates)) ||
        (pending_in != Py_None && !PyList_Check(pending_in))) {
        PyErr_SetString(PyExc_TypeError, "pending, record, firsts and candidates are lists");
        return NULL;
    }
    Mask occupied, free;
    if (to_tiles(self, occupied_in, &occupied) < 0 || to_tiles(self, free_in, &free) < 0)
        return NULL;
    long *choice = self->choice;
    if (read_choice(self, choice_in, choice) < 0) return NULL;
    const Py_ssize_t groups = self->groups;
    int *pending = self->pending;
    Py_ssize_t top = 0;
    if (pending_in == Py_None) {
        for (Py_ssize_t g = 0; g < groups; g++)
            if (m_meets(&self->masks[g], &free)) pending[top++] = (int)g;
    } else {
        Py_ssize_t given = PyList_GET_SIZE(pending_in);
        if (given > groups) {
            PyErr_SetString(PyExc_ValueError, "pending: at most one entry per group");
            return NULL;
        }
        for (Py_ssize_t k = 0; k < given; k++) {
            long g = PyLong_AsLong(PyList_GET_ITEM(pending_in, k));
            if (g == -1 && PyErr_Occurred()) return NULL;
            if (g < 0 || g >= groups) {
                PyErr_SetString(PyExc_ValueError, "pending: no such group");
                return NULL;
            }
            pending[top++] = (int)g;
        }
    }
    MaskList made = {0};
    FirstList first = {0};
    IntList seen = {0};
    PyObject *result = NULL;
    if (play_core(self, &occupied, &free, choice, pending, top, relaxed,
                  record != Py_None ? &made : NULL, firsts != Py_None ? &first : NULL,
                  candidates != Py_None ? &seen : NULL) < 0)
        goto done;
    for (Py_ssize_t k = 0; k < made.len; k++)
        if (append_steal(record, from_mask(&made.items[k])) < 0) goto done;
    for (Py_ssize_t k = 0; k < first.len; k++) {
        First *f = &first.items[k];
        PyObject *entry =
            Py_BuildValue("(iNN)", f->g, from_mask(&f->occupied), from_mask(&f->free));
        if (append_steal(firsts, entry) < 0) goto done;
    }
    for (Py_ssize_t k = 0; k < seen.len; k++)
        if (append_steal(candidates, PyLong_FromLong(seen.items[k])) < 0) goto done;
    result = Py_BuildValue("(NN)", from_mask(&occupied), from_mask(&free));
done:
    PyMem_Free(made.items);
    PyMem_Free(first.items);
    PyMem_Free(seen.items);
    return result;
}

/* The part of a stuck set that does the blocking (see _PairingSearch._core). */
static Mask core_of(const Greedy *self, Mask core) {
    const Layout *layout = self->layout;
    for (;;) {
        Mask blockers = {{0, 0, 0}};
        for (int k = 0; k < WORDS; k++) {
            for (uint64_t word = core.w[k]; word; word &= word - 1) {
                int t = k * 64 + __builtin_ctzll(word);
                Mask on_top = m_and(layout->covered_by[t], core);
                if (m_any(&on_top)) {
                    for (int j = 0; j < WORDS; j++) blockers.w[j] |= on_top.w[j];
                } else if (m_meets(&layout->left[t], &core) && m_meets(&layout->right[t], &core)) {
                    for (int j = 0; j < WORDS; j++)
                        blockers.w[j] |= (layout->left[t].w[j] | layout->right[t].w[j]) & core.w[j];
                }
            }
        }
        Mask peeled = core, rest = core;
        int t;
        while ((t = m_lowest(&rest)) >= 0) {
            Mask group = m_and(self->masks[self->group_of[t]], core);
            m_flip(&rest, t); /* t itself, should it be in no group */
            for (int j = 0; j < WORDS; j++) rest.w[j] &= ~group.w[j];
            if (!m_meets(&group, &blockers))
                for (int j = 0; j < WORDS; j++) peeled.w[j] &= ~group.w[j];
        }
        if (m_eq(&peeled, &core)) return core;
        core = peeled;
    }
}

static PyObject *greedy_core(Greedy *self, PyObject *stuck_in) {
    Mask stuck;
    if (ready_to_play(self) < 0 || to_tiles(self, stuck_in, &stuck) < 0) return NULL;
    Mask core = core_of(self, stuck);
    return from_mask(&core);
}

/* -- conflicts learnt: nogoods, each a set of (group, pairing) ----------------------- */

static int learn(Greedy *self, const long *choice, const int *groups, Py_ssize_t count) {
    if (!count) return 0;
    int id = (int)self->nogood_start.len;
    if (IntList_add(&self->nogood_start, (int)self->nogood_literals.len) < 0) return -1;
    for (Py_ssize_t k = 0; k < count; k++) {
        int literal = 3 * groups[k] + (int)choice[groups[k]];
        if (IntList_add(&self->nogood_literals, literal) < 0 ||
            IntList_add(&self->by_literal[literal], id) < 0)
            return -1;
    }
    return 0;
}

static Py_ssize_t nogood_end(const Greedy *self, int id) {
    return id + 1 < self->nogood_start.len ? self->nogood_start.items[id + 1]
                                           : self->nogood_literals.len;
}

/* The first nogood with `literal` that `choice` makes in full, or -1. */
static int violated(const Greedy *self, const long *choice, int literal) {
    const IntList *ids = &self->by_literal[literal];
    for (Py_ssize_t k = 0; k < ids->len; k++) {
        int id = ids->items[k], all = 1;
        for (Py_ssize_t j = self->nogood_start.items[id]; j < nogood_end(self, id); j++) {
            int l = self->nogood_literals.items[j];
            if (choice[l / 3] != l % 3) {
                all = 0;
                break;
            }
        }
        if (all) return id;
    }
    return -1;
}

/* The groups of a nogood, as a frozenset. */
static PyObject *nogood_groups(const Greedy *self, int id) {
    PyObject *groups = PyFrozenSet_New(NULL);
    if (!groups) return NULL;
    for (Py_ssize_t j = self->nogood_start.items[id]; j < nogood_end(self, id); j++) {
        PyObject *g = PyLong_FromLong(self->nogood_literals.items[j] / 3);
        if (!g || PySet_Add(groups, g) < 0) {
            Py_XDECREF(g);
            Py_DECREF(groups);
            return NULL;
        }
        Py_DECREF(g);
    }
    return groups;
}

static int groups_of(PyObject *iterable, IntList *out, Py_ssize_t groups) {
    PyObject *fast = PySequence_Fast(iterable, "groups: an iterable of ints");
    if (!fast) return -1;
    for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(fast); k++) {
        long g = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, k));
        if ((g == -1 && PyErr_Occurred()) || g < 0 || g >= groups) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "no such group");
            Py_DECREF(fast);
            return -1;
        }
        if (IntList_add(out, (int)g) < 0) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

/* learn(choice, groups): these groups cannot all keep their pairings in `choice`. */
static PyObject *greedy_learn(Greedy *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "learn(choice, groups)");
        return NULL;
    }
    if (ready_to_play(self) < 0 || read_choice(self, args[0], self->choice) < 0) return NULL;
    IntList groups = {0};
    int failed = groups_of(args[1], &groups, self->groups) < 0;
    for (Py_ssize_t k = 0; !failed && k < groups.len; k++) {
        if (self->choice[groups.items[k]] < 0) {
            PyErr_SetString(PyExc_ValueError, "a nogood holds decided groups only");
            failed = 1;
        }
    }
    if (!failed) failed = learn(self, self->choice, groups.items, groups.len) < 0;
    PyMem_Free(groups.items);
    if (failed) return NULL;
    Py_RETURN_NONE;
}

/* violated(choice, group, pairing): the groups of the first nogood learnt with that
   choice that `choice` makes in full (a frozenset), or None. */
static PyObject *greedy_violated(Greedy *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "violated(choice, group, pairing)");
        return NULL;
    }
    if (ready_to_play(self) < 0 || read_choice(self, args[0], self->choice) < 0) return NULL;
    long g = PyLong_AsLong(args[1]), c = PyLong_AsLong(args[2]);
    if (PyErr_Occurred()) return NULL;
    if (g < 0 || g >= self->groups || c < 0 || c >= self->pairings[g]) {
        PyErr_SetString(PyExc_ValueError, "no such group or pairing");
        return NULL;
    }
    int id = violated(self, self->choice, (int)(3 * g + c));
    if (id < 0) Py_RETURN_NONE;
    return nogood_groups(self, id);
}

/* nogoods(): every nogood learnt, as a tuple of (group, pairing) tuples. */
static PyObject *greedy_nogoods(Greedy *self, PyObject *Py_UNUSED(ignored)) {
    PyObject *all = PyList_New(0);
    if (!all) return NULL;
    for (int id = 0; id < self->nogood_start.len; id++) {
        Py_ssize_t from = self->nogood_start.items[id], to = nogood_end(self, id);
        PyObject *nogood = PyTuple_New(to - from);
        if (!nogood) goto fail;
        for (Py_ssize_t j = from; j < to; j++) {
            int l = self->nogood_literals.items[j];
            PyObject *literal = Py_BuildValue("(ii)", l / 3, l % 3);
            if (!literal) {
                Py_DECREF(nogood);
                goto fail;
            }
            PyTuple_SET_ITEM(nogood, j - from, literal);
        }
        if (append_steal(all, nogood) < 0) goto fail;
    }
    return all;
fail:
    Py_DECREF(all);
    return NULL;
}

/* -- playouts ------------------------------------------------------------------------ */

typedef struct {
    double key; /* minus the score */
    int g, c;
    Mask ready;
} Scored;

static int m_cmp(const Mask *a, const Mask *b) {
    for (int k = WORDS - 1; k >= 0; k--)
        if (a->w[k] != b->w[k]) return a->w[k] < b->w[k] ? -1 : 1;
    return 0;
}

/* Python's order of the tuples (key, g, c, ready). */
static int before(const Scored *a, const Scored *b) {
    if (a->key != b->key) return a->key < b->key;
    if (a->g != b->g) return a->g < b->g;
    if (a->c != b->c) return a->c < b->c;
    return m_cmp(&a->ready, &b->ready) < 0;
}

LIST_OF(Heap, Scored)

static int heap_push(Heap *heap, Scored item) {
    if (Heap_add(heap, item) < 0) return -1;
    Py_ssize_t k = heap->len - 1;
    while (k) {
        Py_ssize_t parent = (k - 1) / 2;
        if (!before(&heap->items[k], &heap->items[parent])) break;
        Scored t = heap->items[k];
        heap->items[k] = heap->items[parent];
        heap->items[parent] = t;
        k = parent;
    }
    return 0;
}

static Scored heap_pop(Heap *heap) {
    Scored top = heap->items[0];
    heap->items[0] = heap->items[--heap->len];
    Py_ssize_t k = 0;
    for (;;) {
        Py_ssize_t child = 2 * k + 1, best = k;
        if (child < heap->len && before(&heap->items[child], &heap->items[best])) best = child;
        if (child + 1 < heap->len && before(&heap->items[child + 1], &heap->items[best]))
            best = child + 1;
        if (best == k) break;
        Scored t = heap->items[k];
        heap->items[k] = heap->items[best];
        heap->items[best] = t;
        k = best;
    }
    return top;
}

/* The pairing of open group g that puts its first tile with `partner` (a tile), or -1. */
static int pairing_with(const Greedy *self, int g, int partner) {
    for (int c = 0; c < self->pairings[g]; c++)
        if (self->partner[g][c] == partner) return c;
    return -1;
}

/* playout(state, choice, made, fresh, occupied, free, weights) -> tiles left: one
   playout of _PairingSearch._playout, its tie-breaks drawn from `state`. `choice` (the
   base pairings) ends with the playout's, `made` with its removals when it clears the
   board; a stuck end is learnt. `weights`: (wait, three free bonus, enable, conflict,
   jitter), the solver's constants. */
static PyObject *greedy_playout(Greedy *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 7) {
        PyErr_SetString(PyExc_TypeError,
                        "playout(state, choice, made, fresh, occupied, free, weights)");
        return NULL;
    }
    if (ready_to_play(self) < 0) return NULL;
    uint64_t state = PyLong_AsUnsignedLongLong(args[0]);
    if (PyErr_Occurred()) return NULL;
    PyObject *choice_out = args[1], *made_out = args[2];
    double wait, three_free, enable, conflict_weight, jitter;
    if (!PyList_Check(made_out) ||
        !PyArg_ParseTuple(args[6], "ddddd", &wait, &three_free, &enable, &conflict_weight,
                          &jitter)) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "made: a list");
        return NULL;
    }
    Mask occupied, free;
    if (to_tiles(self, args[4], &occupied) < 0 || to_tiles(self, args[5], &free) < 0)
        return NULL;
    const Py_ssize_t groups = self->groups;
    const Layout *layout = self->layout;
    const Mask *masks = self->masks, *affects = layout->affects, *covered_by = layout->covered_by;
    long *choice = self->choice;  /* the scratch arrays: nothing runs in between */
    int *pending = self->pending;
    Mask *scored = PyMem_Calloc(groups ? groups : 1, sizeof(Mask));
    char *banned = PyMem_Calloc(3 * groups + 1, 1);
    IntList fresh = {0}, committed = {0}, conflict = {0};
    MaskList made = {0};
    Heap heap = {0};
    PyObject *result = NULL;
    if (!scored || !banned) {
        PyErr_NoMemory();
        goto done;
    }
    if (read_choice(self, choice_out, choice) < 0 || groups_of(args[3], &fresh, groups) < 0)
        goto done;
    for (;;) {
        for (Py_ssize_t k = 0; k < fresh.len; k++) {
            int g = fresh.items[k];
            Mask mask = masks[g];
            Mask ready = m_and(mask, free);
            Mask whole = m_and(mask, occupied);
            if (choice[g] >= 0 || !m_eq(&whole, &mask) || m_eq(&scored[g], &ready) ||
                self->pairings[g] < 2 || !m_several(&ready))
                continue; /* decided, gone whole, or scored already (or nothing to choose) */
            scored[g] = ready;
            Mask rest = ready, pairs[3];
            int count;
            double bonus;
            int low = m_lowest(&ready);
            rest.w[low / 64] &= rest.w[low / 64] - 1;
            if (m_several(&rest)) { /* three free: any two of them */
                int mid = m_lowest(&rest);
                pairs[0] = rest;
                pairs[1] = ready;
                m_flip(&pairs[1], mid);
                memset(&pairs[2], 0, sizeof(Mask));
                m_flip(&pairs[2], low);
                m_flip(&pairs[2], mid);
                count = 3;
                bonus = three_free;
            } else {
                pairs[0] = ready;
                count = 1;
                bonus = 0.0;
            }
            int first = m_lowest(&mask);
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            uint64_t noise = state >> 32; /* 8 random bits for each pair */
            double waiting = 0.0;
            if (count == 1) { /* two free: the other two, when nothing lies on them */
                Mask others = mask;
                for (int j = 0; j < WORDS; j++) others.w[j] ^= ready.w[j];
                int a = m_lowest(&others);
                m_flip(&others, a);
                int b = m_lowest(&others);
                waiting = wait * ((!m_meets(&covered_by[a], &occupied)) +
                                  (!m_meets(&covered_by[b], &occupied)));
            }
            for (int p = 0; p < count; p++) {
                noise >>= 8;
                Mask pair = pairs[p];
                /* the tile that goes with the group's first one under this pair */
                Mask with = pair;
                if (!m_has(&pair, first))
                    for (int j = 0; j < WORDS; j++) with.w[j] = mask.w[j] ^ pair.w[j];
                m_flip(&with, first);
                int c = pairing_with(self, g, m_lowest(&with));
                if (c < 0 || banned[3 * g + c]) continue; /* one tile lies on the other */
                int one = m_lowest(&pair);
                Mask other = pair;
                m_flip(&other, one);
                int two = m_lowest(&other);
                Mask after = occupied, touched;
                for (int j = 0; j < WORDS; j++) {
                    after.w[j] ^= pair.w[j];
                    touched.w[j] = (affects[one].w[j] | affects[two].w[j]) & after.w[j] &
                                   ~free.w[j];
                }
                double score = bonus - waiting - conflict_weight * self->penalty[3 * g + c];
                score += (double)(noise & 255) * jitter;
                if (m_any(&touched)) {
                    Mask freed = {{0, 0, 0}};
                    int count_freed = 0;
                    for (int k2 = 0; k2 < WORDS; k2++)
                        for (uint64_t word = touched.w[k2]; word; word &= word - 1)
                            if (is_free(layout, k2 * 64 + __builtin_ctzll(word), &after)) {
                                freed.w[k2] |= word & -word;
                                count_freed++;
                            }
                    score += count_freed;
                    Mask now_free;
                    for (int j = 0; j < WORDS; j++)
                        now_free.w[j] = (free.w[j] ^ pair.w[j]) | freed.w[j];
                    for (int k2 = 0; k2 < WORDS; k2++)
                        for (uint64_t word = freed.w[k2]; word; word &= word - 1) {
                            int i = k2 * 64 + __builtin_ctzll(word);
                            Mask partners = m_and(masks[self->group_of[i]], now_free);
                            partners.w[k2] &= ~(word & -word);
                            if (m_any(&partners)) score += enable;
                        }
                }
                if (heap_push(&heap, (Scored){-score, g, c, ready}) < 0) goto done;
            }
        }
        fresh.len = 0;
        Scored best;
        int found = 0;
        while (heap.len) {
            best = heap_pop(&heap);
            Mask now = m_and(masks[best.g], free);
            if (choice[best.g] < 0 && m_eq(&best.ready, &now)) { /* else taken, or rescored */
                found = 1;
                break;
            }
        }
        if (!found) break;
        choice[best.g] = best.c;
        if (violated(self, choice, 3 * best.g + best.c) >= 0) {
            choice[best.g] = -1;
            banned[3 * best.g + best.c] = 1;
            continue;
        }
        if (IntList_add(&committed, best.g) < 0) goto done;
        pending[0] = best.g;
        if (play_core(self, &occupied, &free, choice, pending, 1, 0, &made, NULL, &fresh) < 0)
            goto done;
    }
    if (m_any(&occupied)) {
        /* Stuck: the committed groups among the tiles that block each other are a
           conflict; learnt if the relaxation is stuck here too (no open group has two
           free tiles; one may, when all its pairings were ruled out by conflicts). */
        Mask core = core_of(self, occupied);
        for (Py_ssize_t k = 0; k < committed.len; k++) {
            int g = committed.items[k];
            if (m_meets(&masks[g], &core)) {
                if (IntList_add(&conflict, g) < 0) goto done;
                self->penalty[3 * g + choice[g]] += 1;
            }
        }
        int stuck = 1;
        for (Py_ssize_t g = 0; g < groups && stuck; g++) {
            Mask ready = m_and(masks[g], free);
            if (choice[g] < 0 && m_several(&ready)) stuck = 0;
        }
        if (stuck && learn(self, choice, conflict.items, conflict.len) < 0) goto done;
    } else {
        for (Py_ssize_t k = 0; k < made.len; k++)
            if (append_steal(made_out, from_mask(&made.items[k])) < 0) goto done;
    }
    for (Py_ssize_t g = 0; g < groups; g++) {
        PyObject *c = PyLong_FromLong(choice[g]);
        if (!c || PyList_SetItem(choice_out, g, c) < 0) goto done;
    }
    result = from_mask(&occupied);
done:
    PyMem_Free(scored);
    PyMem_Free(banned);
    PyMem_Free(fresh.items);
    PyMem_Free(committed.items);
    PyMem_Free(conflict.items);
    PyMem_Free(made.items);
    PyMem_Free(heap.items);
    return result;
}

static PyMethodDef greedy_methods[] = {
    {"play", (PyCFunction)(void (*)(void))greedy_play, METH_VARARGS | METH_KEYWORDS,
     "Greedy play (see _PairingSearch._play): the tiles left and the free ones."},
    {"playout", (PyCFunction)(void (*)(void))greedy_playout, METH_FASTCALL,
     "One playout (see _PairingSearch._playout): the tiles it leaves."},
    {"core", (PyCFunction)greedy_core, METH_O,
     "The part of a stuck set that does the blocking (see _PairingSearch._core)."},
    {"learn", (PyCFunction)(void (*)(void))greedy_learn, METH_FASTCALL,
     "Remember that these groups cannot all keep their pairings in `choice`."},
    {"violated", (PyCFunction)(void (*)(void))greedy_violated, METH_FASTCALL,
     "The groups of a nogood that `choice` makes in full with this pairing, or None."},
    {"nogoods", (PyCFunction)greedy_nogoods, METH_NOARGS,
     "Every nogood learnt, as (group, pairing) tuples."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject GreedyType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "games.solitaire.engine._greedy.Greedy",
    .tp_basicsize = sizeof(Greedy),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The tables of one board's pairing search, on fixed-width masks.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)greedy_init,
    .tp_dealloc = (destructor)greedy_dealloc,
    .tp_methods = greedy_methods,
};

/* pairs(removals): a removal order, (lower, higher) tile per pair, from the removals
   of play()'s record (a pair, or a whole group that was free at once, taken as two
   pairs in the order of its tiles): see solver._pairs. */
static PyObject *module_pairs(PyObject *Py_UNUSED(module), PyObject *removals) {
    PyObject *fast = PySequence_Fast(removals, "removals: a sequence of masks");
    if (!fast) return NULL;
    PyObject *order = PyList_New(0);
    if (!order) goto fail;
    for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(fast); k++) {
        Mask gone;
        if (to_mask(PySequence_Fast_GET_ITEM(fast, k), &gone) < 0) goto fail;
        int low;
        while ((low = m_lowest(&gone)) >= 0) {
            m_flip(&gone, low);
            int high = m_lowest(&gone);
            if (high < 0) {
                PyErr_SetString(PyExc_ValueError, "a removal holds an even number of tiles");
                goto fail;
            }
            m_flip(&gone, high);
            if (append_steal(order, Py_BuildValue("(ii)", low, high)) < 0) goto fail;
        }
    }
    Py_DECREF(fast);
    return order;
fail:
    Py_DECREF(fast);
    Py_XDECREF(order);
    return NULL;
}

static PyMethodDef module_methods[] = {
    {"pairs", module_pairs, METH_O, "A removal order from play()'s record of removals."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_greedy", "The solver's greedy play, compiled.", -1, module_methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__greedy(void) {
    if (PyType_Ready(&LayoutType) < 0 || PyType_Ready(&GreedyType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    if (PyModule_AddObjectRef(m, "Layout", (PyObject *)&LayoutType) < 0 ||
        PyModule_AddObjectRef(m, "Greedy", (PyObject *)&GreedyType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
