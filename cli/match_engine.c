/* match_engine.c: an external engine as a side of prune match, a child
 * process speaking UGI over pipes (docs/strength.md#an-external-engine).
 *
 * The side's spec is `ugi:COMMAND ARGS...` (split at spaces, run with
 * execvp).  Whatever the child does (it dies, it hangs, it answers nonsense
 * or an illegal move) ends the game under way as a loss for that side,
 * with the reason in the game's record, never the match: the child is
 * killed and a new one started for the next game. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clock.h"
#include "match.h"

#define ENGINE_HANDSHAKE_MS 5000 /* ugi and isready are answered within this */
#define ENGINE_GRACE_MS 10000    /* a move may take its limit plus this */
#define ENGINE_ARGS 32

struct match_engine {
    pid_t pid;
    int to, from;             /* pipe ends: the child's stdin, its stdout */
    char buffer[16384];
    size_t used;
};

static void engine_stop(match_engine *e)
{
    if (e->pid > 0) {
        kill(e->pid, SIGKILL);
        waitpid(e->pid, NULL, 0);
    }
    if (e->to >= 0) close(e->to);
    if (e->from >= 0) close(e->from);
    *e = (match_engine){.pid = -1, .to = -1, .from = -1};
}

static bool engine_send(match_engine *e, const char *text)
{
    size_t length = strlen(text);
    while (length) {
        ssize_t n = write(e->to, text, length);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        text += n;
        length -= (size_t)n;
    }
    return true;
}

/* The next line within `ms` milliseconds (without its newline), or an end. */
static engine_end engine_line(match_engine *e, char *line, size_t size, double deadline)
{
    for (;;) {
        char *newline = memchr(e->buffer, '\n', e->used);
        if (newline) {
            size_t length = (size_t)(newline - e->buffer);
            snprintf(line, size, "%.*s", (int)(length < size ? length : size - 1), e->buffer);
            line[strcspn(line, "\r")] = '\0';
            memmove(e->buffer, newline + 1, e->used - length - 1);
            e->used -= length + 1;
            return ENGINE_OK;
        }
        if (e->used == sizeof e->buffer) return ENGINE_NONSENSE;
        int wait = (int)((deadline - clock_seconds()) * 1000);
        if (wait <= 0) return ENGINE_HANG;
        struct pollfd p = {.fd = e->from, .events = POLLIN};
        int ready = poll(&p, 1, wait);
        if (ready < 0 && errno == EINTR) continue;
        if (ready == 0) return ENGINE_HANG;
        ssize_t n = read(e->from, e->buffer + e->used, sizeof e->buffer - e->used);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return ENGINE_CRASH;
        e->used += (size_t)n;
    }
}

/* Reads lines until one starts with `word`; its rest in `rest`. */
static engine_end engine_expect(match_engine *e, const char *word, char *rest, size_t size, double deadline,
                                uint64_t *nodes)
{
    char line[4096];
    size_t length = strlen(word);
    for (;;) {
        engine_end end = engine_line(e, line, sizeof line, deadline);
        if (end != ENGINE_OK) return end;
        unsigned long long n;
        if (nodes && sscanf(line, "info nodes %llu", &n) == 1) *nodes = n;
        if (strncmp(line, word, length) == 0 && (line[length] == '\0' || line[length] == ' ')) {
            snprintf(rest, size, "%s", line[length] ? line + length + 1 : "");
            return ENGINE_OK;
        }
    }
}

static engine_end engine_start(match_engine *e, const char *command)
{
    char copy[1024], *argv[ENGINE_ARGS + 1], *save = NULL;
    int argc = 0;
    snprintf(copy, sizeof copy, "%s", command);
    for (char *w = strtok_r(copy, " ", &save); w && argc < ENGINE_ARGS; w = strtok_r(NULL, " ", &save)) argv[argc++] = w;
    argv[argc] = NULL;
    int in[2], out[2];
    if (argc == 0 || pipe(in) != 0) return ENGINE_CRASH;
    if (pipe(out) != 0) { close(in[0]); close(in[1]); return ENGINE_CRASH; }
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]); close(in[1]); close(out[0]); close(out[1]);
        execvp(argv[0], argv);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    *e = (match_engine){.pid = pid, .to = in[1], .from = out[0]};
    if (pid < 0) { engine_stop(e); return ENGINE_CRASH; }
    char rest[256];
    double deadline = clock_seconds() + ENGINE_HANDSHAKE_MS / 1000.0;
    if (!engine_send(e, "ugi\n")) return ENGINE_CRASH;
    engine_end end = engine_expect(e, "ugiok", rest, sizeof rest, deadline, NULL);
    if (end == ENGINE_OK && !engine_send(e, "isready\n")) end = ENGINE_CRASH;
    if (end == ENGINE_OK) end = engine_expect(e, "readyok", rest, sizeof rest, deadline, NULL);
    return end;
}

match_engine *match_engine_new(void)
{
    match_engine *e = malloc(sizeof *e);
    if (e) *e = (match_engine){.pid = -1, .to = -1, .from = -1};
    signal(SIGPIPE, SIG_IGN); /* a dead child is a lost game, seen as a failed write */
    return e;
}

engine_end match_engine_new_game(match_engine *e, const char *command)
{
    if (e->pid < 0) {
        engine_end end = engine_start(e, command);
        if (end != ENGINE_OK) { engine_stop(e); return end; }
    }
    char rest[256];
    if (!engine_send(e, "uginewgame\nisready\n")) { engine_stop(e); return ENGINE_CRASH; }
    engine_end end = engine_expect(e, "readyok", rest, sizeof rest, clock_seconds() + ENGINE_HANDSHAKE_MS / 1000.0, NULL);
    if (end != ENGINE_OK) engine_stop(e);
    return end;
}

engine_end match_engine_move(match_engine *e, const match_limit *limit, const char *moves, uint64_t seed, char *best,
                             size_t size, uint64_t *nodes)
{
    static char command[MATCH_MOVES_SIZE + 256];
    int n = snprintf(command, sizeof command, "position startpos%s", *moves ? " moves " : "");
    for (const char *p = moves; *p && n < (int)sizeof command - 1; p++) command[n++] = *p == ',' ? ' ' : *p;
    static const char *const go[] = {"nodes", "movetime", "depth"};
    snprintf(command + n, sizeof command - (size_t)n, "\nsetoption name seed value %" PRIu64 "\ngo %s %" PRIu64 "\n",
             seed, go[limit->kind], limit->value);
    if (!engine_send(e, command)) { engine_stop(e); return ENGINE_CRASH; }
    double wait = ENGINE_GRACE_MS / 1000.0 + (limit->kind == LIMIT_TIME ? (double)limit->value / 1000 : 0);
    char rest[256];
    *nodes = 0;
    engine_end end = engine_expect(e, "bestmove", rest, sizeof rest, clock_seconds() + wait, nodes);
    if (end != ENGINE_OK) { engine_stop(e); return end; }
    if (!*rest || strchr(rest, ' ') || strchr(rest, ',') || strlen(rest) >= size) return ENGINE_NONSENSE;
    snprintf(best, size, "%s", rest);
    return ENGINE_OK;
}

void match_engine_free(match_engine *e)
{
    if (!e) return;
    if (e->pid > 0) engine_send(e, "quit\n");
    engine_stop(e);
    free(e);
}
