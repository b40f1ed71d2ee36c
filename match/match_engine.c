/* match_engine.c: an external engine as a side of prune match, a child
 * process speaking UGI over pipes (docs/strength.md#an-external-engine).
 *
 * The side's spec is `ugi:COMMAND ARGS...` (split at spaces, run with
 * execvp).  Whatever the child does (it dies, it hangs, it answers nonsense
 * or an illegal move) ends the game under way as a loss for that side,
 * with the reason in the game's record, never the match: the child is
 * killed and a new one started for the next game.  Before the first game
 * match_engine_check starts the command once, so that an engine that does
 * not start at all is bad input rather than a match of lost games.
 *
 * The child's lines are read whole, however long (up to ENGINE_LINE_MAX,
 * past which the child is talking nonsense). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clock.h"
#include "match_types.h"

#define ENGINE_HANDSHAKE_MS 5000 /* ugi and isready are answered within this */
#define ENGINE_GRACE_MS 10000    /* a move may take its limit plus this */
#define ENGINE_QUIT_MS 1000      /* match_engine_check: how long quit may take before the child is killed */
#define ENGINE_ARGS 32
#define ENGINE_LINE_MAX (16u << 20) /* a longer line is nonsense */
#define ENGINE_SPACE " \t\r\v\f"

struct match_engine {
    pid_t pid;
    int to, from;      /* pipe ends: the child's stdin, its stdout */
    int exec_error;    /* the errno of a failed execvp, 0 otherwise */
    char *buffer;      /* what the child wrote and was not yet read as a line */
    size_t used, capacity;
    size_t consumed;   /* the last line handed out (with its newline), dropped at the next read */
};

static void engine_stop(match_engine *e)
{
    if (e->pid > 0) {
        kill(e->pid, SIGKILL);
        waitpid(e->pid, NULL, 0);
    }
    if (e->to >= 0) close(e->to);
    if (e->from >= 0) close(e->from);
    e->pid = -1;
    e->to = e->from = -1;
    e->used = e->consumed = 0; /* the buffer itself is kept for the next child */
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

/* The next whole line before `deadline` (without its newline or a
 * carriage return), valid until the next call, or an end. */
static engine_end engine_line(match_engine *e, char **line, double deadline)
{
    if (e->consumed) {
        memmove(e->buffer, e->buffer + e->consumed, e->used - e->consumed);
        e->used -= e->consumed;
        e->consumed = 0;
    }
    size_t scanned = 0;
    for (;;) {
        char *newline = e->used > scanned ? memchr(e->buffer + scanned, '\n', e->used - scanned) : NULL;
        if (newline) {
            *newline = '\0';
            e->consumed = (size_t)(newline - e->buffer) + 1;
            if (newline > e->buffer && newline[-1] == '\r') newline[-1] = '\0';
            *line = e->buffer;
            return ENGINE_OK;
        }
        scanned = e->used;
        if (e->used == e->capacity) {
            if (e->capacity >= ENGINE_LINE_MAX) return ENGINE_NONSENSE;
            size_t capacity = e->capacity ? e->capacity * 2 : 4096;
            char *grown = realloc(e->buffer, capacity);
            if (!grown) return ENGINE_NONSENSE;
            e->buffer = grown;
            e->capacity = capacity;
        }
        int wait = (int)((deadline - clock_seconds()) * 1000);
        if (wait <= 0) return ENGINE_HANG;
        struct pollfd p = {.fd = e->from, .events = POLLIN};
        int ready = poll(&p, 1, wait);
        if (ready < 0 && errno == EINTR) continue;
        if (ready == 0) return ENGINE_HANG;
        ssize_t n = read(e->from, e->buffer + e->used, e->capacity - e->used);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return ENGINE_CRASH;
        e->used += (size_t)n;
    }
}

/* The first word of `line` is `word`: the rest after it (from its next
 * word) in *rest. */
static bool starts_with_word(const char *line, const char *word, const char **rest)
{
    line += strspn(line, ENGINE_SPACE);
    size_t length = strlen(word);
    if (strncmp(line, word, length) != 0 || (line[length] && !strchr(ENGINE_SPACE, line[length]))) return false;
    *rest = line + length + strspn(line + length, ENGINE_SPACE);
    return true;
}

/* The N of `nodes N` in an info line, if any (before a `string`, whose
 * text runs to the end of the line). */
static void info_nodes(const char *line, uint64_t *nodes)
{
    const char *rest, *word;
    if (!starts_with_word(line, "info", &rest) || starts_with_word(rest, "string", &word)) return;
    while (*rest) {
        size_t length = strcspn(rest, ENGINE_SPACE);
        const char *next = rest + length + strspn(rest + length, ENGINE_SPACE);
        if (length == 6 && strncmp(rest, "string", 6) == 0) return; /* the rest of the line is text */
        if (length == 5 && strncmp(rest, "nodes", 5) == 0) {
            char *end;
            errno = 0;
            unsigned long long n = strtoull(next, &end, 10);
            if (end != next && !errno && (!*end || strchr(ENGINE_SPACE, *end))) *nodes = n;
        }
        rest = next;
    }
}

/* Reads lines until one starts with the word `word`; a pointer to its
 * rest (valid until the next read) in *rest. */
static engine_end engine_expect(match_engine *e, const char *word, const char **rest, double deadline,
                                uint64_t *nodes)
{
    for (;;) {
        char *line;
        engine_end end = engine_line(e, &line, deadline);
        if (end != ENGINE_OK) return end;
        if (nodes) info_nodes(line, nodes);
        if (starts_with_word(line, word, rest)) return ENGINE_OK;
    }
}

static engine_end engine_start(match_engine *e, const char *command)
{
    char copy[1024], *argv[ENGINE_ARGS + 1], *save = NULL;
    int argc = 0;
    e->exec_error = 0;
    snprintf(copy, sizeof copy, "%s", command);
    for (char *w = strtok_r(copy, " ", &save); w && argc < ENGINE_ARGS; w = strtok_r(NULL, " ", &save)) argv[argc++] = w;
    argv[argc] = NULL;
    int in[2], out[2], failed[2]; /* failed: the child's errno when execvp fails (closed on exec) */
    if (argc == 0 || pipe(in) != 0) return ENGINE_CRASH;
    if (pipe(out) != 0) { close(in[0]); close(in[1]); return ENGINE_CRASH; }
    if (pipe(failed) != 0) { close(in[0]); close(in[1]); close(out[0]); close(out[1]); return ENGINE_CRASH; }
    fcntl(failed[1], F_SETFD, FD_CLOEXEC);
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]); close(in[1]); close(out[0]); close(out[1]); close(failed[0]);
        execvp(argv[0], argv);
        int error = errno;
        if (write(failed[1], &error, sizeof error) < 0) {}
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    close(failed[1]);
    e->pid = pid;
    e->to = in[1];
    e->from = out[0];
    e->used = e->consumed = 0;
    if (pid < 0) { close(failed[0]); engine_stop(e); return ENGINE_CRASH; }
    int error;
    ssize_t n;
    while ((n = read(failed[0], &error, sizeof error)) < 0 && errno == EINTR) {}
    close(failed[0]);
    if (n == (ssize_t)sizeof error) { e->exec_error = error; return ENGINE_CRASH; }
    const char *rest;
    double deadline = clock_seconds() + ENGINE_HANDSHAKE_MS / 1000.0;
    if (!engine_send(e, "ugi\n")) return ENGINE_CRASH;
    engine_end end = engine_expect(e, "ugiok", &rest, deadline, NULL);
    if (end == ENGINE_OK && !engine_send(e, "isready\n")) end = ENGINE_CRASH;
    if (end == ENGINE_OK) end = engine_expect(e, "readyok", &rest, deadline, NULL);
    return end;
}

match_engine *match_engine_new(void)
{
    match_engine *e = malloc(sizeof *e);
    if (e) *e = (match_engine){.pid = -1, .to = -1, .from = -1};
    signal(SIGPIPE, SIG_IGN); /* a dead child is a lost game, seen as a failed write */
    return e;
}

engine_end match_engine_check(const char *command, char *message, size_t size)
{
    match_engine e = {.pid = -1, .to = -1, .from = -1};
    signal(SIGPIPE, SIG_IGN);
    engine_end end = engine_start(&e, command);
    if (end == ENGINE_OK) {
        /* a polite quit: the child may take ENGINE_QUIT_MS to exit before it is killed */
        char *line;
        if (engine_send(&e, "quit\n"))
            while (engine_line(&e, &line, clock_seconds() + ENGINE_QUIT_MS / 1000.0) == ENGINE_OK) {}
    } else if (e.exec_error) {
        snprintf(message, size, "engine 'ugi:%s' cannot be started: %s", command, strerror(e.exec_error));
    } else {
        static const char *const why[] = {
            [ENGINE_CRASH] = "exited (or could not be started) before it answered ugi and isready",
            [ENGINE_HANG] = "did not answer ugi with ugiok and isready with readyok within 5 s",
            [ENGINE_NONSENSE] = "wrote a line longer than 16 MiB",
        };
        snprintf(message, size, "engine 'ugi:%s' %s", command,
                 end < sizeof why / sizeof why[0] && why[end] ? why[end] : "failed its handshake");
    }
    engine_stop(&e);
    free(e.buffer);
    return end;
}

engine_end match_engine_new_game(match_engine *e, const char *command)
{
    if (e->pid < 0) {
        engine_end end = engine_start(e, command);
        if (end != ENGINE_OK) { engine_stop(e); return end; }
    }
    const char *rest;
    if (!engine_send(e, "uginewgame\nisready\n")) { engine_stop(e); return ENGINE_CRASH; }
    engine_end end = engine_expect(e, "readyok", &rest, clock_seconds() + ENGINE_HANDSHAKE_MS / 1000.0, NULL);
    if (end != ENGINE_OK) engine_stop(e);
    return end;
}

/* Appends text to a growing command; false when it does not fit. */
static bool append(char *command, size_t size, size_t *used, const char *text)
{
    size_t length = strlen(text);
    if (*used + length >= size) return false;
    memcpy(command + *used, text, length + 1);
    *used += length;
    return true;
}

engine_end match_engine_move(match_engine *e, const match_limit *limit, const int64_t clock_ms[2],
                             const char *position, const char *moves, uint64_t seed, char *best, size_t size,
                             uint64_t *nodes)
{
    static char command[MATCH_MOVES_SIZE + SEARCH_POSITION_TEXT + 512];
    size_t used = 0;
    bool fits = append(command, sizeof command, &used, position && *position ? "position fen " : "position startpos");
    if (position && *position) fits = fits && append(command, sizeof command, &used, position);
    if (*moves) {
        size_t start = used + strlen(" moves ");
        fits = fits && append(command, sizeof command, &used, " moves ") && append(command, sizeof command, &used, moves);
        for (size_t i = start; fits && i < used; i++) command[i] = command[i] == ',' ? ' ' : command[i];
    }
    char go[256];
    uint64_t wait_ms = ENGINE_GRACE_MS;
    if (limit->kind == LIMIT_CLOCK) {
        uint64_t p1 = clock_ms[0] > 0 ? (uint64_t)clock_ms[0] : 0, p2 = clock_ms[1] > 0 ? (uint64_t)clock_ms[1] : 0;
        /* UGI's times are whole milliseconds: an increment under 1 ms goes as 0 (docs/cli.md) */
        uint64_t increment_ms = limit->increment_us / 1000;
        snprintf(go, sizeof go, "go p1time %" PRIu64 " p2time %" PRIu64 " p1inc %" PRIu64 " p2inc %" PRIu64, p1, p2,
                 increment_ms, increment_ms);
        wait_ms += p1 > p2 ? p1 : p2;
    } else {
        static const char *const kinds[] = {[LIMIT_NODES] = "nodes", [LIMIT_TIME] = "movetime", [LIMIT_DEPTH] = "depth"};
        /* a movetime in whole milliseconds, at least 1 (the limit keeps microseconds) */
        uint64_t value = limit->kind != LIMIT_TIME ? limit->value : limit->value >= 1000 ? limit->value / 1000 : 1;
        snprintf(go, sizeof go, "go %s %" PRIu64, kinds[limit->kind], value);
        if (limit->kind == LIMIT_TIME) wait_ms += value;
    }
    char tail[512];
    snprintf(tail, sizeof tail, "\nsetoption name seed value %" PRIu64 "\n%s\n", seed, go);
    fits = fits && append(command, sizeof command, &used, tail);
    if (!fits || !engine_send(e, command)) { engine_stop(e); return ENGINE_CRASH; }
    const char *rest;
    *nodes = 0;
    engine_end end = engine_expect(e, "bestmove", &rest, clock_seconds() + (double)wait_ms / 1000, nodes);
    if (end != ENGINE_OK) { engine_stop(e); return end; }
    size_t length = strcspn(rest, ENGINE_SPACE);
    /* one word, as cutegames takes it: bestmove M */
    if (!length || rest[length + strspn(rest + length, ENGINE_SPACE)] || memchr(rest, ',', length) || length >= size)
        return ENGINE_NONSENSE;
    snprintf(best, size, "%.*s", (int)length, rest);
    return ENGINE_OK;
}

void match_engine_free(match_engine *e)
{
    if (!e) return;
    if (e->pid > 0) engine_send(e, "quit\n");
    engine_stop(e);
    free(e->buffer);
    free(e);
}
