/* json.c - JSON helpers for game modules: typed members that name the
 * problem, unknown keys refused, provenance of data records. */
#include <string.h>

#include "vb_module.h"

static json_t *member(json_t *o, const char *key, const char *where, vb_ctx *cx)
{
    json_t *v = json_is_object(o) ? json_object_get(o, key) : NULL;
    if (!json_is_object(o))
        vb_fail(cx, VB_EINPUT, "%s: expected an object", where);
    else if (!v)
        vb_fail(cx, VB_EINPUT, "%s: missing \"%s\"", where, key);
    return v;
}

int vb_json_int(json_t *o, const char *key, int min, int max, int *out, const char *where,
                vb_ctx *cx)
{
    json_t *v = member(o, key, where, cx);
    json_int_t x;
    if (!v)
        return VB_EINPUT;
    if (!json_is_integer(v))
        return vb_fail(cx, VB_EINPUT, "%s: \"%s\" must be an integer", where, key);
    x = json_integer_value(v);
    if (x < min || x > max)
        return vb_fail(cx, VB_EINPUT, "%s: \"%s\" is %lld, must be %d-%d", where, key, (long long)x,
                       min, max);
    *out = (int)x;
    return 0;
}

int vb_json_str(json_t *o, const char *key, const char **out, const char *where, vb_ctx *cx)
{
    json_t *v = member(o, key, where, cx);
    if (!v)
        return VB_EINPUT;
    if (!json_is_string(v))
        return vb_fail(cx, VB_EINPUT, "%s: \"%s\" must be a string", where, key);
    *out = json_string_value(v);
    return 0;
}

int vb_json_bool(json_t *o, const char *key, int *out, const char *where, vb_ctx *cx)
{
    json_t *v = member(o, key, where, cx);
    if (!v)
        return VB_EINPUT;
    if (!json_is_boolean(v))
        return vb_fail(cx, VB_EINPUT, "%s: \"%s\" must be true or false", where, key);
    *out = json_is_true(v);
    return 0;
}

int vb_json_arr(json_t *o, const char *key, json_t **out, const char *where, vb_ctx *cx)
{
    json_t *v = member(o, key, where, cx);
    if (!v)
        return VB_EINPUT;
    if (!json_is_array(v))
        return vb_fail(cx, VB_EINPUT, "%s: \"%s\" must be an array", where, key);
    *out = v;
    return 0;
}

int vb_json_obj(json_t *o, const char *key, json_t **out, const char *where, vb_ctx *cx)
{
    json_t *v = member(o, key, where, cx);
    if (!v)
        return VB_EINPUT;
    if (!json_is_object(v))
        return vb_fail(cx, VB_EINPUT, "%s: \"%s\" must be an object", where, key);
    *out = v;
    return 0;
}

int vb_json_known(json_t *o, const char *const *known, const char *where, vb_ctx *cx)
{
    const char *key;
    json_t *v;
    if (!json_is_object(o))
        return vb_fail(cx, VB_EINPUT, "%s: expected an object", where);
    json_object_foreach(o, key, v)
    {
        int ok = 0;
        for (int i = 0; known[i] && !ok; i++)
            ok = strcmp(known[i], key) == 0;
        if (!ok)
            return vb_fail(cx, VB_EINPUT, "%s: unknown key '%.60s'", where, key);
    }
    return 0;
}

int vb_json_provenance(json_t *o, int *printed, const char *where, vb_ctx *cx)
{
    json_t *v = member(o, "source", where, cx);
    const char *s;
    if (!v)
        return VB_EINPUT;
    if (json_is_string(v)) {
        s = json_string_value(v);
        if (strncmp(s, "printed", 7) == 0) {
            *printed = 1;
            return 0;
        }
        if (strncmp(s, "reconstructed:", 14) == 0 && s[14]) {
            *printed = 0;
            return 0;
        }
    } else if (json_is_object(v) && json_object_size(v) == 1) {
        json_t *p = json_object_get(v, "printed"), *r = json_object_get(v, "reconstructed");
        if (json_is_string(p) && json_string_length(p) > 0) {
            *printed = 1;
            return 0;
        }
        if (json_is_string(r) && json_string_length(r) > 0) {
            *printed = 0;
            return 0;
        }
    }
    return vb_fail(cx, VB_EINPUT,
                   "%s: \"source\" must be \"printed (...)\", \"reconstructed: rationale\", "
                   "{\"printed\": section} or {\"reconstructed\": rationale}",
                   where);
}
