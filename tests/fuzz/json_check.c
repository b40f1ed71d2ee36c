/* json_check.c: see json_check.h.  A recursive-descent recogniser: each
 * function consumes one production at p->at or sets p->error. */
#include "json_check.h"

#include <string.h>

typedef struct {
    const char *text;
    size_t at, length;
    const char *error;
} parser;

static bool fail(parser *p, const char *error)
{
    if (!p->error) p->error = error;
    return false;
}

static int peek(const parser *p)
{
    return p->at < p->length ? (unsigned char)p->text[p->at] : -1;
}

static bool expect(parser *p, const char *literal)
{
    size_t n = strlen(literal);
    if (p->length - p->at < n || memcmp(p->text + p->at, literal, n) != 0) return fail(p, "bad literal");
    p->at += n;
    return true;
}

static void skip_space(parser *p)
{
    while (peek(p) == ' ' || peek(p) == '\t' || peek(p) == '\n' || peek(p) == '\r') p->at++;
}

static bool is_digit(int c)
{
    return c >= '0' && c <= '9';
}

static bool digits(parser *p)
{
    if (!is_digit(peek(p))) return fail(p, "digit expected");
    while (is_digit(peek(p))) p->at++;
    return true;
}

static bool number(parser *p)
{
    if (peek(p) == '-') p->at++;
    if (peek(p) == '0') p->at++;
    else if (!digits(p)) return false;
    if (is_digit(peek(p))) return fail(p, "leading zero");
    if (peek(p) == '.') {
        p->at++;
        if (!digits(p)) return false;
    }
    if (peek(p) == 'e' || peek(p) == 'E') {
        p->at++;
        if (peek(p) == '+' || peek(p) == '-') p->at++;
        if (!digits(p)) return false;
    }
    return true;
}

/* Four hex digits after "\u"; their value, or -1. */
static long hex4(parser *p)
{
    long value = 0;
    for (int i = 0; i < 4; i++) {
        int c = peek(p);
        int digit = is_digit(c) ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (digit < 0) return fail(p, "bad \\u escape"), -1;
        value = value * 16 + digit;
        p->at++;
    }
    return value;
}

static bool unicode_escape(parser *p)
{
    long unit = hex4(p);
    if (unit < 0) return false;
    if (unit >= 0xDC00 && unit <= 0xDFFF) return fail(p, "lone low surrogate");
    if (unit < 0xD800 || unit > 0xDBFF) return true;
    if (!expect(p, "\\u")) return fail(p, "high surrogate without a low one");
    long low = hex4(p);
    if (low < 0) return false;
    if (low < 0xDC00 || low > 0xDFFF) return fail(p, "high surrogate without a low one");
    return true;
}

static bool string(parser *p)
{
    if (peek(p) != '"') return fail(p, "string expected");
    p->at++;
    for (;;) {
        int c = peek(p);
        if (c < 0) return fail(p, "unterminated string");
        p->at++;
        if (c == '"') return true;
        if (c < 0x20 || c > 0x7E) return fail(p, "byte outside printable ASCII in a string");
        if (c != '\\') continue;
        c = peek(p);
        p->at++;
        if (c == 'u') {
            if (!unicode_escape(p)) return false;
        } else if (!c || !strchr("\"\\/bfnrt", c)) {
            return fail(p, "bad escape");
        }
    }
}

static bool value(parser *p, int depth);

/* Whether the key text[start..end) occurs among the earlier keys of the
 * object, whose spans are in keys[0..count). */
static bool seen_key(const parser *p, const size_t (*keys)[2], size_t count, size_t start, size_t end)
{
    for (size_t k = 0; k < count; k++)
        if (keys[k][1] - keys[k][0] == end - start && memcmp(p->text + keys[k][0], p->text + start, end - start) == 0)
            return true;
    return false;
}

/* Keys are compared as written: prune writes each key one way. */
static bool object(parser *p, int depth)
{
    size_t keys[64][2], count = 0;
    p->at++;
    skip_space(p);
    if (peek(p) == '}') return p->at++, true;
    for (;;) {
        skip_space(p);
        size_t start = p->at;
        if (!string(p)) return false;
        if (count == 64) return fail(p, "more than 64 keys");
        if (seen_key(p, (const size_t(*)[2])keys, count, start, p->at)) return fail(p, "duplicate key");
        keys[count][0] = start;
        keys[count++][1] = p->at;
        skip_space(p);
        if (!expect(p, ":") || !value(p, depth + 1)) return fail(p, "':' expected");
        skip_space(p);
        if (peek(p) == '}') return p->at++, true;
        if (!expect(p, ",")) return fail(p, "',' or '}' expected");
    }
}

static bool array(parser *p, int depth)
{
    p->at++;
    skip_space(p);
    if (peek(p) == ']') return p->at++, true;
    for (;;) {
        if (!value(p, depth + 1)) return false;
        skip_space(p);
        if (peek(p) == ']') return p->at++, true;
        if (!expect(p, ",")) return fail(p, "',' or ']' expected");
    }
}

static bool value(parser *p, int depth)
{
    if (depth > JSON_MAX_DEPTH) return fail(p, "nested too deep");
    skip_space(p);
    switch (peek(p)) {
    case '{': return object(p, depth);
    case '[': return array(p, depth);
    case '"': return string(p);
    case 't': return expect(p, "true");
    case 'f': return expect(p, "false");
    case 'n': return expect(p, "null");
    default:
        if (peek(p) == '-' || is_digit(peek(p))) return number(p);
        return fail(p, "value expected");
    }
}

bool json_check_object(const char *text, size_t length, const char **error, size_t *offset)
{
    parser p = {.text = text, .length = length};
    bool ok = peek(&p) == '{' ? value(&p, 0) : fail(&p, "not an object");
    if (ok && p.at != length) ok = fail(&p, "text after the value");
    *error = p.error;
    *offset = p.at;
    return ok;
}
