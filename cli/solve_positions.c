/* solve_positions.c: reading and checking Connect Four test sets (solve_positions.h). */
#define _POSIX_C_SOURCE 200809L  /* stat */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "input_file.h"
#include "numbers.h"
#include "solve.h"
#include "solve_positions.h"

/* The series' six sets: the name of prune's --set, the file's name. */
static const struct {
    const char *set, *file;
} solve_sets[] = {
    {"end-easy", "Test_L3_R1"},      {"middle-easy", "Test_L2_R1"},  {"middle-medium", "Test_L2_R2"},
    {"begin-easy", "Test_L1_R1"},    {"begin-medium", "Test_L1_R2"}, {"begin-hard", "Test_L1_R3"},
};

bool solve_positions_parse_shard(const char *text, solve_line_selection *selection)
{
    const char *slash = strchr(text, '/');
    char k_text[32];
    long long k, n;
    if (!slash || (size_t)(slash - text) >= sizeof k_text) return false;
    memcpy(k_text, text, (size_t)(slash - text));
    k_text[slash - text] = '\0';
    if (!parse_whole_number(k_text, 1, 1000000, &k) || !parse_whole_number(slash + 1, 1, 1000000, &n) || k > n)
        return false;
    selection->shard = (size_t)(k - 1);
    selection->shards = (size_t)n;
    return true;
}

bool solve_positions_digits(const char *moves, char *digits, size_t size)
{
    size_t count = 0;
    for (const char *p = moves; *p; p++) {
        if (*p == ',' && p != moves && p[1] && p[1] != ',') continue;
        if (*p < '0' || *p > '9' || count + 1 >= size) return false;
        digits[count++] = *p;
    }
    digits[count] = '\0';
    return true;
}

static bool is_directory(const char *path)
{
    struct stat status;
    return stat(path, &status) == 0 && S_ISDIR(status.st_mode);
}

/* The file a set name or path means; false when it names nothing usable. */
static bool resolve_path(const char *path, const char *set_name, const char *data_dir, solve_line_set *set,
                         char *message, size_t message_size)
{
    const char *file = path;
    if (set_name) {
        file = NULL;
        for (size_t i = 0; i < sizeof solve_sets / sizeof solve_sets[0]; i++)
            if (strcmp(solve_sets[i].set, set_name) == 0 || strcmp(solve_sets[i].file, set_name) == 0)
                file = solve_sets[i].file;
        if (!file) {
            snprintf(message, message_size, "unknown set '%.60s' (end-easy middle-easy middle-medium begin-easy "
                     "begin-medium begin-hard)", set_name);
            return false;
        }
    }
    const char *dir = data_dir ? data_dir : getenv("PRUNE_CONNECT4_DATA");
    if (data_dir && !is_directory(data_dir)) {
        snprintf(message, message_size, "--data-dir %.900s is not a directory", data_dir);
        return false;
    }
    bool bare = strchr(file, '/') == NULL;
    struct stat status;
    bool probe = bare && !set_name && stat(file, &status) == 0;  /* the file in the current directory */
    if (bare && !probe && dir && *dir) snprintf(set->path, sizeof set->path, "%s/%s", dir, file);
    else snprintf(set->path, sizeof set->path, "%s", file);
    if (bare && !probe && (!dir || !*dir) && set_name) {
        snprintf(message, message_size, "set '%.60s' needs --data-dir DIR or PRUNE_CONNECT4_DATA", set_name);
        return false;
    }
    const char *base = strrchr(set->path, '/');
    snprintf(set->name, sizeof set->name, "%.63s", base ? base + 1 : set->path);
    return true;
}

/* Parses one `moves score` line (checked) or bare `moves` line (not
 * checked); writes why not into `why`.  An empty line is refused: the
 * start position would be a trailing blank line's meaning too. */
static bool parse_line(char *text, solve_line *line, char *why, size_t why_size)
{
    if (!*text) return snprintf(why, why_size, "an empty line (expected `moves` or `moves score`)"), false;
    char *space = strchr(text, ' ');
    long long score = 0;
    if (space) {
        *space = '\0';
        if (!parse_whole_number(space + 1, -21, 21, &score))
            return snprintf(why, why_size, "the score must be a whole number from -21 to 21"), false;
    }
    if (strlen(text) > 42) return snprintf(why, why_size, "more than 42 moves"), false;
    if (!solve_check_moves(text, why, why_size)) return false;
    snprintf(line->moves, sizeof line->moves, "%s", text);
    line->score = (int)score;
    line->checked = space != NULL;
    return true;
}

static bool selected(const solve_line_selection *s, size_t index)
{
    if (s->limit && index >= s->limit) return false;
    return s->shards == 0 || index % s->shards == s->shard;
}

/* Reads one line without its '\n' into text; false at the end of the file.
 * *length counts the bytes read, NULs included (fgets and strlen would let
 * a NUL hide the rest of the line, and the length check with it).  Stops
 * after size - 1 bytes: the caller refuses so long a line. */
static bool read_line(FILE *in, char *text, size_t size, size_t *length)
{
    size_t n = 0;
    int c = EOF;
    while (n + 1 < size && (c = getc(in)) != EOF && c != '\n') text[n++] = (char)c;
    text[n] = '\0';
    *length = n;
    return n > 0 || c == '\n';
}

bool solve_positions_load(const char *path, const char *set_name, const char *data_dir,
                          const solve_line_selection *selection, solve_line_set *set, char *message,
                          size_t message_size)
{
    *set = (solve_line_set){.lines = NULL, .count = 0};
    if (!resolve_path(path, set_name, data_dir, set, message, message_size)) return false;
    FILE *in = input_file_open(set->path, message, message_size);
    if (!in) return false;
    char text[256], why[200];
    size_t capacity = 0, length;
    for (size_t number = 1; read_line(in, text, sizeof text, &length); number++) {
        if (length && text[length - 1] == '\r') text[--length] = '\0';
        solve_line line = {.number = number};
        bool nul = memchr(text, '\0', length) != NULL, too_long = length + 2 >= sizeof text;
        if (nul || too_long || !parse_line(text, &line, why, sizeof why)) {
            if (nul || too_long) snprintf(why, sizeof why, nul ? "a NUL byte in the line" : "line too long");
            snprintf(message, message_size, "%s:%zu: %s", set->path, number, why);
            fclose(in);
            solve_positions_free(set);
            return false;
        }
        if (!selected(selection, number - 1)) continue;
        if (set->count == capacity) {
            capacity = capacity ? 2 * capacity : 1024;
            solve_line *grown = realloc(set->lines, capacity * sizeof *grown);
            if (!grown) {
                snprintf(message, message_size, "out of memory reading %s", set->path);
                fclose(in);
                solve_positions_free(set);
                return false;
            }
            set->lines = grown;
        }
        set->lines[set->count++] = line;
    }
    fclose(in);
    return true;
}

void solve_positions_free(solve_line_set *set)
{
    free(set->lines);
    set->lines = NULL;
    set->count = 0;
}
