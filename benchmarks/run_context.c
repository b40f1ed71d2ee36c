/* run_context.c: see run_context.h. */
#define _POSIX_C_SOURCE 200809L

#include "run_context.h"

#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

#include "atomic_file.h"
#include "gbench.h"
#include "search.h"

#ifndef PRUNE_COMPILER
#define PRUNE_COMPILER "unknown"
#endif
#ifndef PRUNE_BUILD_TYPE
#define PRUNE_BUILD_TYPE "unknown"
#endif
#ifndef PRUNE_C_FLAGS
#define PRUNE_C_FLAGS ""
#endif

static void trim(char *text)
{
    size_t n = strlen(text);
    while (n && (text[n - 1] == '\n' || text[n - 1] == '\r' || text[n - 1] == ' ')) text[--n] = '\0';
}

static void cpu_model(char *out, size_t size)
{
    snprintf(out, size, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (strncmp(line, "model name", 10) == 0 && colon) {
            snprintf(out, size, "%s", colon + 2);
            trim(out);
            break;
        }
    }
    fclose(f);
}

static void add_number(const char *key, const char *format, double value)
{
    char text[64];
    snprintf(text, sizeof text, format, value);
    gbench_add_context(key, text);
}

void run_context_add(const run_settings *settings)
{
    char cpu[256], text[512] = "";
    cpu_model(cpu, sizeof cpu);
    struct utsname u;
    if (uname(&u) == 0) snprintf(text, sizeof text, "%s %s %s", u.sysname, u.release, u.machine);
    else snprintf(text, sizeof text, "unknown");
    gbench_add_context("prune_commit", settings->commit);
    gbench_add_context("prune_compiler", PRUNE_COMPILER);
    gbench_add_context("prune_build_type", PRUNE_BUILD_TYPE);
    gbench_add_context("prune_c_flags", PRUNE_C_FLAGS);
    gbench_add_context("prune_cpu_model", cpu);
    gbench_add_context("prune_os", text);
    gbench_add_context("prune_plan", settings->plan_path);
    add_number("prune_repetitions", "%.0f", settings->repetitions);
    add_number("prune_min_time", "%g", settings->min_time);
    text[0] = '\0';
    for (size_t i = 0; i < game_count(); i++) {
        size_t used = strlen(text);
        snprintf(text + used, sizeof text - used, "%s%s", i ? " " : "", game_at(i)->name);
    }
    gbench_add_context("prune_games", text);
}

int run_context_write_empty(const char *path, const run_settings *settings, const char *reason, char *message,
                            size_t message_size)
{
    atomic_file a;
    FILE *f = atomic_open(&a, path, message, message_size);
    if (!f) return -1;
    char date[64];
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%S%z", localtime(&now));
    fprintf(f, "{\n  \"context\": {\n    \"date\": \"%s\",\n    \"prune_commit\": \"%s\",\n"
               "    \"prune_nothing_run\": \"%s\"\n  },\n  \"benchmarks\": []\n}\n",
            date, settings->commit, reason);
    return atomic_commit(&a, message, message_size);
}
