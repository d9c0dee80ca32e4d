/* test_mutation52.c - src/core/text.c's paragraph of words (the
 * fifty-second session's mutation pass, seed 52; messages M52). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vauban.h"
#include "vb_module.h"

/* A word of 511 bytes, the most vb_para_words' copy holds with its end
 * byte, is printed whole between two short words (kills text.c:62, the
 * copy `w[512]` -> `w[511]`: the word was dropped from the paragraph). */
static void a_word_of_511_bytes_printed_whole(void **state)
{
    char text[600], *s = NULL;
    size_t n = 0;
    vb_para p;
    (void)state;
    memcpy(text, "before ", 7);
    memset(text + 7, 'w', 511);
    strcpy(text + 7 + 511, " after");
    FILE *f = open_memstream(&s, &n);
    assert_non_null(f);
    vb_para_start(&p, f, "", 0);
    vb_para_words(&p, text);
    vb_para_end(&p);
    fclose(f);
    char *w = strchr(s, 'w');
    if (!w || strspn(w, "w") != 511 || !strstr(s, "before") || !strstr(s, "after"))
        fail_msg("M52: the 511-byte word not printed whole: %.80s...", s);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_word_of_511_bytes_printed_whole),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
