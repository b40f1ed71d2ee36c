/* json_line.c: see json_line.h. */
#include "json_line.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static char *skip_space(char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
    return p;
}

bool json_hex4(const char *p, unsigned long *out)
{
    *out = 0;
    for (int i = 0; i < 4; i++) {
        char c = p[i];
        int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (digit < 0) return false;
        *out = *out * 16 + (unsigned long)digit;
    }
    return true;
}

static char *put_utf8(char *w, unsigned long c)
{
    if (c < 0x80) {
        *w++ = (char)c;
    } else if (c < 0x800) {
        *w++ = (char)(0xC0 | (c >> 6));
        *w++ = (char)(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        *w++ = (char)(0xE0 | (c >> 12));
        *w++ = (char)(0x80 | ((c >> 6) & 0x3F));
        *w++ = (char)(0x80 | (c & 0x3F));
    } else {
        *w++ = (char)(0xF0 | (c >> 18));
        *w++ = (char)(0x80 | ((c >> 12) & 0x3F));
        *w++ = (char)(0x80 | ((c >> 6) & 0x3F));
        *w++ = (char)(0x80 | (c & 0x3F));
    }
    return w;
}

/* Decodes the string that starts after its opening quote in place (never
 * longer than its escapes); returns what follows the closing quote, or NULL. */
static char *parse_string(char *p, const char **out)
{
    char *w = p;
    *out = p;
    for (;;) {
        unsigned char c = (unsigned char)*p;
        if (c == '"') {
            *w = '\0';
            return p + 1;
        }
        if (c < 0x20) return NULL; /* the line's end, or a control character */
        if (c != '\\') {
            *w++ = *p++;
            continue;
        }
        p++;
        unsigned long code;
        switch (*p) {
        case '"': case '\\': case '/': *w++ = *p++; break;
        case 'b': *w++ = '\b'; p++; break;
        case 'f': *w++ = '\f'; p++; break;
        case 'n': *w++ = '\n'; p++; break;
        case 'r': *w++ = '\r'; p++; break;
        case 't': *w++ = '\t'; p++; break;
        case 'u':
            if (!json_hex4(p + 1, &code)) return NULL;
            p += 5;
            if (code >= 0xD800 && code < 0xDC00) {
                unsigned long low;
                if (p[0] != '\\' || p[1] != 'u' || !json_hex4(p + 2, &low) || low < 0xDC00 || low > 0xDFFF) return NULL;
                p += 6;
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
            } else if ((code >= 0xDC00 && code <= 0xDFFF) || code == 0) {
                return NULL;
            }
            w = put_utf8(w, code);
            break;
        default: return NULL;
        }
    }
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* A JSON number's extent from p; NULL when p does not start one. */
static char *scan_number(char *p)
{
    if (*p == '-') p++;
    if (*p == '0') p++;
    else if (is_digit(*p)) while (is_digit(*p)) p++;
    else return NULL;
    if (*p == '.') {
        if (!is_digit(*++p)) return NULL;
        while (is_digit(*p)) p++;
    }
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-') p++;
        if (!is_digit(*p)) return NULL;
        while (is_digit(*p)) p++;
    }
    return p;
}

static char *parse_value(char *p, json_field *f)
{
    static const struct { const char *word; json_kind kind; } words[] = {
        {"true", JSON_TRUE}, {"false", JSON_FALSE}, {"null", JSON_NULL}};
    f->text = p;
    f->length = 0;
    if (*p == '"') {
        f->kind = JSON_STRING;
        return parse_string(p + 1, &f->text);
    }
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (!strncmp(p, words[i].word, strlen(words[i].word))) {
            f->kind = words[i].kind;
            return p + strlen(words[i].word);
        }
    if (*p == '[') {
        f->kind = JSON_ARRAY;
        char *q = skip_space(p + 1);
        f->text = q;
        if (*q != ']')
            for (;;) {
                char *end = !strncmp(q, "null", 4) ? q + 4 : scan_number(q);
                if (!end) return NULL;
                q = skip_space(end);
                if (*q == ']') break;
                if (*q != ',') return NULL;
                q = skip_space(q + 1);
            }
        f->length = (size_t)(q - f->text);
        return q + 1;
    }
    char *end = scan_number(p);
    if (!end) return NULL;
    f->kind = JSON_NUMBER;
    f->length = (size_t)(end - p);
    return end;
}

/* Parses a whole line as one flat JSON object; false when it is not one
 * (or a key is repeated). */
bool json_line_parse(char *line, json_object *o)
{
    o->count = 0;
    char *p = skip_space(line);
    if (*p++ != '{') return false;
    p = skip_space(p);
    if (*p == '}') return *skip_space(p + 1) == '\0';
    for (;;) {
        if (*p++ != '"' || o->count == JSON_FIELDS) return false;
        json_field *f = &o->fields[o->count];
        if (!(p = parse_string(p, &f->key))) return false;
        p = skip_space(p);
        if (*p++ != ':') return false;
        if (!(p = parse_value(skip_space(p), f))) return false;
        for (int i = 0; i < o->count; i++)
            if (!strcmp(o->fields[i].key, f->key)) return false;
        o->count++;
        p = skip_space(p);
        if (*p == '}') return *skip_space(p + 1) == '\0';
        if (*p++ != ',') return false;
        p = skip_space(p);
    }
}

/* A whole number as JSON writes it: digits, no sign, no fraction. */
bool json_whole_number(const char *text, size_t length, uint64_t *out)
{
    if (length == 0 || (length > 1 && text[0] == '0')) return false;
    uint64_t v = 0;
    for (size_t i = 0; i < length; i++) {
        if (!is_digit(text[i])) return false;
        unsigned digit = (unsigned)(text[i] - '0');
        if (v > (UINT64_MAX - digit) / 10) return false;
        v = v * 10 + digit;
    }
    *out = v;
    return true;
}

bool json_real_number(const char *text, size_t length, double *out)
{
    char copy[64];
    if (length == 0 || length >= sizeof copy || !strncmp(text, "null", length)) return false;
    memcpy(copy, text, length);
    copy[length] = '\0';
    char *end;
    *out = strtod(copy, &end);
    return *end == '\0' && isfinite(*out);
}
