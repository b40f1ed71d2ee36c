/* prune_version.h: what `prune --version` prints (docs/cli.md).  The
 * definitions are generated at build time from cli/prune_version.c.in: the
 * version is the root meson.build's project version, the commit is
 * `git describe --always --dirty` of the source tree (meson's vcs_tag), or
 * "unknown" outside a git checkout; the isa is meson's -Disa (baseline or
 * x86-64-v3). */
#ifndef PRUNE_VERSION_H
#define PRUNE_VERSION_H

extern const char prune_version[];
extern const char prune_commit[];
extern const char prune_isa[];

#endif
