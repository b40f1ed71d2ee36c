/*
 * fuzz_cli.c: libFuzzer target for the whole command line: argv as a whole,
 * through prune's own entry point, and the output rules checked.
 *
 * The input is split at NUL bytes into the arguments after "prune".  The
 * command line reports bad input by exit() (cli_fail), so each input runs
 * in a forked child: cli/prune.c is compiled into this target with
 * -Dmain=prune_main (tests/fuzz/meson.build; cli/ is unchanged), the child
 * writes its stdout and stderr into memory files and exits, and the parent
 * judges what it left.  The child's coverage comes back to libFuzzer
 * through child_coverage.h.
 *
 * The rules (prune --help, docs/cli.md):
 *   - the exit status is 0, 1 or 2;
 *   - every line on stderr starts "prune: " and is printable ASCII (quoted
 *     input is escaped), so a sanitizer's report fails too;
 *   - status 2: nothing on stdout and exactly one line on stderr;
 *   - status 0: nothing on stderr; with --json (and no --help), every
 *     line of stdout is one JSON object (json_check.h).
 * A child that runs longer than CHILD_SECONDS (a deep search the fuzzer
 * asked for) is killed and not judged; `prune bench`, which takes no input
 * and runs for seconds, is not run.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "child_coverage.h"
#include "json_check.h"

#define FUZZ_NAME "fuzz_cli"
static void report_output(void);
#define FUZZ_ON_FAILURE() report_output()
#include "fuzz_common.h"

#define MAX_ARGS 32
#define CHILD_SECONDS 2
#define OUTPUT_MAX (1 << 20)

int prune_main(int argc, char **argv);


static int out_fd = -1, err_fd = -1;
static char out_text[OUTPUT_MAX + 1], err_text[OUTPUT_MAX + 1];
static size_t out_length, err_length;

static void report_output(void)
{
    fprintf(stderr, "--- child stdout (%zu bytes):\n%.*s\n--- child stderr (%zu bytes):\n%.*s\n---\n", out_length,
            (int)(out_length < 4096 ? out_length : 4096), out_text, err_length,
            (int)(err_length < 4096 ? err_length : 4096), err_text);
}

static void set_up(void)
{
    out_fd = memfd_create("prune-stdout", 0);
    err_fd = memfd_create("prune-stderr", 0);
    if (out_fd < 0 || err_fd < 0) abort();
    child_coverage_init();
}

/* Runs in the child at exit(), before libFuzzer's own exit hook (which
 * would call any exit a failure): hands the counters over and leaves. */
static void child_exit(int status, void *unused)
{
    (void)unused;
    fflush(NULL);
    child_coverage_save();
    _exit(status);
}

static void run_child(int argc, char **argv)
{
    int null_fd = open("/dev/null", O_RDONLY);
    if (null_fd < 0 || dup2(null_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0) _exit(99);
    signal(SIGALRM, SIG_DFL);  /* libFuzzer's handler would call it a timeout of the whole target */
    alarm(CHILD_SECONDS);
    on_exit(child_exit, NULL);
    exit(prune_main(argc, argv));
}

static size_t slurp(int fd, char *text)
{
    struct stat st;
    if (fstat(fd, &st) != 0) abort();
    size_t length = (size_t)st.st_size < OUTPUT_MAX ? (size_t)st.st_size : OUTPUT_MAX;
    ssize_t got = pread(fd, text, length, 0);
    if (got < 0) abort();
    text[got] = '\0';
    return (size_t)got;
}

/* Runs prune with argv in a child; its exit status, or -1 when the alarm
 * killed it.  Leaves its output in out_text and err_text. */
static int run_prune(int argc, char **argv)
{
    if (ftruncate(out_fd, 0) != 0 || ftruncate(err_fd, 0) != 0) abort();
    lseek(out_fd, 0, SEEK_SET);
    lseek(err_fd, 0, SEEK_SET);
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) abort();
    if (pid == 0) run_child(argc, argv);
    int status;
    while (waitpid(pid, &status, 0) < 0) {}
    out_length = slurp(out_fd, out_text);
    err_length = slurp(err_fd, err_text);
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM) return -1;
    CHECK(WIFEXITED(status), "prune died of signal %d", WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    child_coverage_restore();
    return WEXITSTATUS(status);
}

static int printable(const char *text, size_t length)
{
    for (size_t i = 0; i < length; i++)
        if ((unsigned char)text[i] < 0x20 || (unsigned char)text[i] > 0x7E) return 0;
    return 1;
}

static void check_json_lines(void)
{
    CHECK(out_length > 0 && out_text[out_length - 1] == '\n', "--json output does not end a line");
    for (size_t at = 0; at < out_length;) {
        size_t length = strcspn(out_text + at, "\n");
        const char *error;
        size_t offset;
        CHECK(json_check_object(out_text + at, length, &error, &offset),
              "--json line at byte %zu is not a JSON object: %s at %zu", at, error, offset);
        at += length + 1;
    }
}

/* Every line on stderr is prune's: "prune: " and printable ASCII.  A
 * sanitizer's report or anything else prune did not mean to say fails it. */
static void check_stderr_lines(void)
{
    for (size_t at = 0; at < err_length;) {
        size_t length = strcspn(err_text + at, "\n");
        CHECK(at + length < err_length, "stderr does not end a line");
        CHECK(strncmp(err_text + at, "prune: ", 7) == 0, "a line on stderr does not start with 'prune: '");
        CHECK(printable(err_text + at, length), "a line on stderr is not printable ASCII");
        at += length + 1;
    }
}

static void check_rules(int status, int argc, char **argv)
{
    CHECK(status == 0 || status == 1 || status == 2, "exit status %d", status);
    CHECK(strlen(out_text) == out_length && strlen(err_text) == err_length, "a NUL byte in the output");
    check_stderr_lines();
    if (status == 2) {
        CHECK(out_length == 0, "status 2 with output on stdout");
        CHECK(err_length > 0 && strchr(err_text, '\n') == err_text + err_length - 1,
              "status 2 without exactly one line on stderr");
    }
    if (status != 0) return;
    CHECK(err_length == 0, "status 0 with output on stderr");
    int json = 0, help = 0;
    for (int i = 2; i < argc; i++) {
        json |= strcmp(argv[i], "--json") == 0;
        help |= strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0;
    }
    if (json && !help) check_json_lines();
}

/* `prune bench` (with --verbose or not) takes no input and runs the whole
 * suite: seconds under the sanitizers, and nothing to learn. */
static int is_bench_run(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "bench") != 0) return 0;
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], "--verbose") != 0) return 0;
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (out_fd < 0) set_up();
    static char text[4096];
    if (size >= sizeof text) return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    char *argv[MAX_ARGS + 2] = {"prune"};
    int argc = 1;
    for (size_t at = 0; at < size; at += strlen(text + at) + 1) {
        if (argc == MAX_ARGS + 1) return 0;
        argv[argc++] = text + at;
    }
    argv[argc] = NULL;
    if (is_bench_run(argc, argv)) return 0;
    int status = run_prune(argc, argv);
    if (status >= 0) check_rules(status, argc, argv);
    return 0;
}
