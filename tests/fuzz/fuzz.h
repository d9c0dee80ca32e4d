/*
 * fuzz.h - the libFuzzer harnesses of the project (built with clang's
 * -fsanitize=fuzzer when clang is the compiler; otherwise each harness is
 * linked with fuzz_main.c, which runs it over the files and folders named
 * on its command line: the committed corpus and every input that ever
 * failed, as a regression test in ctest).
 *
 * Strict mode (always on): a broken invariant, a failed round trip, or an
 * action text that does not parse back to its action aborts the run.
 */
#ifndef VB_FUZZ_H
#define VB_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Abort with a message: what the fuzzer reports as a finding. */
#define FUZZ_ASSERT(cond, ...)                                                                     \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "fuzz: " __VA_ARGS__);                                                 \
            fputc('\n', stderr);                                                                   \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

#endif
