/* escape.c: one-line messages and JSON strings (rules in escape.h). */
#include <stdbool.h>
#include <stdint.h>

#include "escape.h"

static bool printable_ascii(unsigned char c)
{
    return c >= 0x20 && c < 0x7f;
}

void escape_message(FILE *out, const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p == '\\') fputs("\\\\", out);
        else if (*p == '\n') fputs("\\n", out);
        else if (*p == '\t') fputs("\\t", out);
        else if (printable_ascii(*p)) fputc(*p, out);
        else fprintf(out, "\\x%02x", *p);
    }
}

/* The length (2..4) of the well-formed UTF-8 character at p, with its code
 * point in *code, or 0 when p does not start one (a stray continuation
 * byte, a truncated sequence, an overlong form, a surrogate, or a code
 * point beyond U+10FFFF: RFC 3629). */
static int utf8_character(const unsigned char *p, uint32_t *code)
{
    int length = p[0] >= 0xf0 && p[0] <= 0xf4 ? 4 : p[0] >= 0xe0 ? 3 : p[0] >= 0xc2 && p[0] < 0xe0 ? 2 : 0;
    if (p[0] >= 0xf5 || length == 0) return 0;
    uint32_t c = p[0] & (0x7f >> length);
    for (int i = 1; i < length; i++) {
        if ((p[i] & 0xc0) != 0x80) return 0;  /* also stops at the terminating NUL */
        c = c << 6 | (p[i] & 0x3f);
    }
    static const uint32_t smallest[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (c < smallest[length] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff)) return 0;
    *code = c;
    return length;
}

static void json_code_point(FILE *out, uint32_t c)
{
    if (c < 0x10000) {
        fprintf(out, "\\u%04x", (unsigned)c);
        return;
    }
    c -= 0x10000;
    fprintf(out, "\\u%04x\\u%04x", (unsigned)(0xd800 | c >> 10), (unsigned)(0xdc00 | (c & 0x3ff)));
}

void escape_json(FILE *out, const char *text)
{
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)text; *p;) {
        uint32_t code;
        int length;
        if (*p == '"' || *p == '\\') fprintf(out, "\\%c", *p++);
        else if (printable_ascii(*p)) fputc(*p++, out);
        else if (*p < 0x80) fprintf(out, "\\u%04x", *p++);
        else if ((length = utf8_character(p, &code)) > 0) { json_code_point(out, code); p += length; }
        else { fputs("\\ufffd", out); p++; }
    }
    fputc('"', out);
}
