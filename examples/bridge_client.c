/* A bridge player for Kozyr's JSON-lines protocol (docs/protocol.md), in C with a tiny JSON reader.
 *
 *   cc -O2 -o bridge_client examples/bridge_client.c
 *   python -m games contest bridge --player N=./bridge_client --player E=ai:random \
 *       --player S=./bridge_client --player W=ai:random
 *
 * It plays the contest preset (the university contest: no doubles, no claims, 5 s a move). In the
 * auction it opens 1NT with 15 or more points when nobody has bid yet, else passes; in the play it gives
 * the lowest legal card. When dummy is to play, the declarer is asked, and `legal` lists dummy's cards.
 * Each `act` gets exactly one line back: an extra line would be a violation.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* -- a tiny JSON reader: values are read in place, as pointers into the line ---------------------- */

static const char *ws(const char *p) {
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
    return p;
}

/* The end of the value at p (a string, number, literal, object or array). */
static const char *skip(const char *p) {
    p = ws(p);
    if (*p == '"') {
        for (p++; *p && *p != '"'; p++)
            if (*p == '\\' && p[1]) p++;
        return *p ? p + 1 : p;
    }
    if (*p == '{' || *p == '[') {
        int depth = 0;
        do {
            if (*p == '"') { p = skip(p); continue; }
            if (*p == '{' || *p == '[') depth++;
            if (*p == '}' || *p == ']') depth--;
            p++;
        } while (*p && depth > 0);
        return p;
    }
    while (*p && *p != ',' && *p != '}' && *p != ']') p++;
    return p;
}

/* The value of `key` in the object at p, or NULL. */
static const char *member(const char *p, const char *key) {
    size_t n = strlen(key);
    p = ws(p);
    if (!p || *p != '{') return NULL;
    p = ws(p + 1);
    while (*p == '"') {
        const char *name = p + 1, *value = ws(skip(p) + 1); /* past the key and its ':' */
        if ((size_t)(skip(p) - name - 1) == n && strncmp(name, key, n) == 0) return value;
        p = ws(skip(value));
        if (*p == ',') p = ws(p + 1);
    }
    return NULL;
}

/* The i-th item of the array at p, or NULL. */
static const char *item(const char *p, int i) {
    p = p ? ws(p) : NULL;
    if (!p || *p != '[') return NULL;
    p = ws(p + 1);
    for (int k = 0; *p && *p != ']'; k++) {
        if (k == i) return p;
        p = ws(skip(p));
        if (*p == ',') p = ws(p + 1);
    }
    return NULL;
}

/* Copy the string at p (without escapes: every text we read here is plain ASCII) into out. */
static const char *text(const char *p, char *out, size_t size) {
    size_t k = 0;
    p = p ? ws(p) : NULL;
    if (p && *p == '"')
        for (p++; *p && *p != '"' && k + 1 < size; p++) out[k++] = *p;
    out[k] = 0;
    return out;
}

static int is(const char *p, const char *s) {
    char buf[64];
    return p && strcmp(text(p, buf, sizeof buf), s) == 0;
}

/* -- the player -------------------------------------------------------------------------------------- */

static int rank_of(char r) { return (int)(strchr("23456789TJQKA", r) - "23456789TJQKA"); }

static void act(const char *msg) {
    const char *view = member(msg, "view"), *legal = member(msg, "legal");
    char choice[32] = "", a[32];
    if (is(member(view, "phase"), "auction")) {
        int points = 0, bid = 0;
        const char *card;
        for (int i = 0; (card = item(member(view, "hand"), i)); i++) {
            char c[8];
            const char *r = strchr("JQKA", text(card, c, sizeof c)[0]);
            if (r) points += (int)(r - "JQKA") + 1;
        }
        const char *call;
        for (int i = 0; (call = item(member(view, "calls"), i)); i++)
            if (!is(call, "pass")) bid = 1;
        strcpy(choice, "pass");
        for (int i = 0; item(legal, i); i++)
            if (points >= 15 && !bid && is(item(legal, i), "bid:1N")) strcpy(choice, "bid:1N");
    } else { /* the lowest legal card (the first action when none is a card) */
        text(item(legal, 0), choice, sizeof choice);
        for (int i = 0; item(legal, i); i++) {
            text(item(legal, i), a, sizeof a);
            if (strncmp(a, "play:", 5) == 0 &&
                (strncmp(choice, "play:", 5) != 0 || rank_of(a[5]) < rank_of(choice[5])))
                strcpy(choice, a);
        }
    }
    printf("{\"action\":\"%s\"}\n", choice);
    fflush(stdout);
}

int main(void) {
    char *line = NULL;
    size_t size = 0;
    while (getline(&line, &size, stdin) > 0) {
        const char *type = member(line, "type");
        if (is(type, "act")) act(line);
        else if (is(type, "end")) break;
    }
    free(line);
    return 0;
}
