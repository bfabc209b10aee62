/* A tricks player for the line protocol of seed 002, in C: the same play as examples/tricks_client.py.
 *
 *   gcc -O2 -o tricks_client examples/tricks_client.c
 *   python -m games contest tricks --player A=./tricks_client --player B=… …
 *
 * It keeps the cards it was dealt in the order given; asked for a card, it plays the first card of the
 * led suit it holds, else its first card. It stops after `|INFO|end game|…|END|` or at end of input.
 */
#include <stdio.h>
#include <string.h>

#define MAX_CARDS 13

static char cards[MAX_CARDS][4];
static int ncards = 0;
static char led = 0; /* the suit of the trick's first card, 0 before it is played */

/* The n-th field of a |A|B|C|…| line (0 = the text before the first bar), copied into out. */
static void field(const char *line, int n, char *out, size_t size) {
    const char *p = line;
    for (int i = 0; i < n && p; i++) {
        p = strchr(p, '|');
        if (p) p++;
    }
    size_t len = 0;
    if (p) {
        const char *end = strchr(p, '|');
        len = end ? (size_t)(end - p) : strlen(p);
    }
    if (len >= size) len = size - 1;
    if (p) memcpy(out, p, len);
    out[len] = 0;
}

static void play(void) {
    int pick = 0;
    for (int i = 0; led && i < ncards; i++) {
        if (cards[i][strlen(cards[i]) - 1] == led) { pick = i; break; }
    }
    printf("|RESPONSE|card|%s|END|\n", cards[pick]);
    fflush(stdout);
    for (int i = pick; i + 1 < ncards; i++) strcpy(cards[i], cards[i + 1]);
    ncards--;
}

int main(void) {
    static char line[65536], key[64], data[256];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        field(line, 2, key, sizeof key);
        if (strncmp(line, "|QUERY|card|", 12) == 0) {
            play();
        } else if (strcmp(key, "end game") == 0) {
            break;
        } else if (strcmp(key, "start trick") == 0) {
            led = 0;
        } else if (strcmp(key, "played") == 0) {
            field(line, 4, data, sizeof data);
            if (!led && data[0]) led = data[strlen(data) - 1];
        } else if (strcmp(key, "cards") == 0) {
            field(line, 3, data, sizeof data);
            ncards = 0;
            for (char *t = strtok(data, " "); t && ncards < MAX_CARDS; t = strtok(NULL, " ")) {
                strncpy(cards[ncards], t, 3);
                cards[ncards++][3] = 0;
            }
        }
    }
    return 0;
}
