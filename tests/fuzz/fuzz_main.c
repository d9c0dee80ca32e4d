/* fuzz_main.c - runs a harness over files and directories (a corpus, the
 * regressions) when the program is not built with libFuzzer. */
#include <dirent.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf;
    long n;
    if (!f)
        return -1;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = malloc(n > 0 ? (size_t)n : 1);
    if (!buf || (n > 0 && fread(buf, 1, (size_t)n, f) != (size_t)n)) {
        free(buf);
        fclose(f);
        return -1;
    }
    fclose(f);
    LLVMFuzzerTestOneInput(buf, (size_t)(n > 0 ? n : 0));
    free(buf);
    return 0;
}

static int run_path(const char *path, int *count)
{
    struct stat sb;
    if (stat(path, &sb) < 0)
        return -1;
    if (S_ISDIR(sb.st_mode)) {
        DIR *d = opendir(path);
        struct dirent *e;
        if (!d)
            return -1;
        while ((e = readdir(d))) {
            char sub[4096];
            if (e->d_name[0] == '.')
                continue;
            snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
            if (run_path(sub, count) < 0) {
                closedir(d);
                return -1;
            }
        }
        closedir(d);
        return 0;
    }
    (*count)++;
    return run_file(path);
}

int main(int argc, char **argv)
{
    int count = 0;
    for (int i = 1; i < argc; i++)
        if (run_path(argv[i], &count) < 0) {
            fprintf(stderr, "fuzz: cannot read %s\n", argv[i]);
            return 1;
        }
    printf("%d inputs ran without a finding\n", count);
    return 0;
}
