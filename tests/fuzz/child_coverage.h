/*
 * child_coverage.h: libFuzzer coverage for code that runs in a forked
 * child.  The child's coverage counters are its own copy-on-write pages,
 * which libFuzzer in the parent never sees; the child copies them into
 * shared memory before it ends, and the parent copies them back, as if
 * the code had run in the parent.
 *
 * child_coverage.c must be built without coverage instrumentation (it
 * names the counters' section, which an instrumented file cannot: see
 * tests/fuzz/meson.build).
 */
#ifndef PRUNE_CHILD_COVERAGE_H
#define PRUNE_CHILD_COVERAGE_H

/* Maps the shared copy; once, in the parent, before the first fork. */
void child_coverage_init(void);
/* In the child, as it ends. */
void child_coverage_save(void);
/* In the parent, after the child ended normally. */
void child_coverage_restore(void);

#endif
