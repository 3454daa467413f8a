/* Checker for exercise 08-1: a double-buffered pipeline. The student's
 * pipeline.c runs in a program of its own (runner.c) in the grader's
 * sandbox, against the stand-in OpenCL of opencl-recorder.c: every command
 * it asks for, with its queue and its event wait list, arrives here as a
 * line. This checker carries the commands out itself on three in-order
 * queues of the real device (and under Oclgrind) and checks z = x * y over
 * 9 chunks of 100003 floats, then reads the order straight from the wait
 * lists (and the order of each in-order queue):
 *   the kernel waits for its uploads;      the download waits for the kernel;
 *   the uploads of chunk c wait for the kernel of chunk c - 2 (the inputs'
 *   slot); the kernel of chunk c waits for the download of chunk c - 2 (z's);
 *   and no command waits for anything else (an upload that waits for a
 *   download holds the pipeline back), nor does the host. */
#include "runner-spawn.h"
#include "opencl-recorder.h"

#define N 100003
#define CHUNKS 9
#define MAXCMD 512

static const char *src =
    "__kernel void multiply(__global const float *x, __global const float *y, __global float *z,\n"
    "                       const int first, const int count) {\n"
    "    const int i = get_global_id(0);\n"
    "    if (i < count) z[first + i] = x[first + i] * y[first + i];\n"
    "}\n";

typedef struct {
    char kind;    /* 'w' write, 'k' kernel, 'r' read */
    int queue, nwait, wait[64], event, blocking;
    size_t local;
} command;

static command cmd[MAXCMD];
static int ncmd, chunk_ev[CHUNKS][4], event_cmd[4096], host_waits, launches_without_wg;
static float *z_got;
static char *runner_out;

static const char *role[4] = {"upload of x", "upload of y", "kernel", "download"};

/* Run the student's program, carry its commands out, keep what it did. */
static void run_pipeline(clu_env *env, spawn_files *f)
{
    const char *args[] = {NULL};
    ncmd = 0;
    if (!spawn_runner(f, args, "enqueue_chunk")) return;
    free(runner_out);
    runner_out = spawn_read(f->out);
    cl_int err;
    cl_command_queue q[3];
    for (int i = 0; i < 3; i++) {
        q[i] = clCreateCommandQueue(env->context, env->device, 0, &err);
        CLU_CHECK_ERR(err, "clCreateCommandQueue");
    }
    cl_program prog = clCreateProgramWithSource(env->context, 1, &src, NULL, &err);
    CLU_CHECK_ERR(err, "clCreateProgramWithSource");
    CLU_CHECK(clBuildProgram(prog, 1, &env->device, "", NULL, NULL));
    cl_kernel k = clCreateKernel(prog, "multiply", &err);
    CLU_CHECK_ERR(err, "clCreateKernel");
    const size_t per = (N + CHUNKS - 1) / CHUNKS;
    gbuf *d[3] = {gb_out(env, "d_x", GB_FLOAT, 2 * per), gb_out(env, "d_y", GB_FLOAT, 2 * per),
                  gb_out(env, "d_z", GB_FLOAT, 2 * per)};
    float *host[3] = {grade_alloc(N * 4), grade_alloc(N * 4), z_got};
    clu_fill_exact(host[0], N, 91, 100);
    clu_fill_exact(host[1], N, 92, 100);
    for (size_t i = 0; i < N; i++) z_got[i] = -1.0f;
    for (int a = 0; a < 3; a++) CLU_CHECK(clSetKernelArg(k, (cl_uint)a, sizeof(cl_mem), &d[a]->mem));
    static cl_event real[4096], mine[MAXCMD]; /* by the student's event number; by command */
    memset(real, 0, sizeof real);
    memset(chunk_ev, 0, sizeof chunk_ev);
    memset(event_cmd, -1, sizeof event_cmd);
    host_waits = launches_without_wg = 0;
    char *text = runner_out ? strdup(runner_out) : NULL, *lines[2048], *w[96];
    int n = text ? rec_lines(text, lines, 2048) : 0;
    /* Every field is checked before use: the lines come from the student's
     * program, which can write anything on its report descriptor. */
    const long slots = (long)(2 * per);
    long first = -1, count = -1, v[12];
#define UNREADABLE(what) { grade_fail("a line of the program's report the checker cannot read (%s): does the program write on descriptor 7 itself?", what); break; }
    for (int i = 0; i < n && grade_ok(); i++) {
        int nw = rec_words(lines[i], w, 96);
        if (nw == 0) continue;
        if (!strcmp(w[0], "chunk")) {
            if (nw != 6 || !rec_num(w[1], 0, CHUNKS - 1, &v[0])) UNREADABLE("chunk");
            int e = 0;
            for (; e < 4 && rec_num(w[2 + e], 0, 4095, &v[1 + e]); e++) {}
            if (e < 4) UNREADABLE("chunk");
            for (e = 0; e < 4; e++) chunk_ev[v[0]][e] = (int)v[1 + e];
        } else if (!strcmp(w[0], "arg")) {
            if (nw != 5 || !rec_num(w[2], 0, 255, &v[0]) || !rec_num(w[3], 0, 1L << 20, &v[1])) UNREADABLE("arg");
            unsigned char b[256];
            long nb = rec_hex(w[4], b, sizeof b), mem = rec_handle(b, nb, RECORDER_MEM);
            cl_uint idx = (cl_uint)v[0];
            if (nb == 4 && (idx == 3 || idx == 4)) { /* first and count: the kernel writes z[first + i], i < count */
                int32_t iv;
                memcpy(&iv, b, 4);
                if (idx == 3) first = iv; else count = iv;
            }
            cl_int e = mem >= 0 && mem < 3 ? clSetKernelArg(k, idx, sizeof(cl_mem), &d[mem]->mem)
                       : nb < 0        ? clSetKernelArg(k, idx, (size_t)v[1], NULL)
                                       : clSetKernelArg(k, idx, (size_t)nb, b);
            if (e != CL_SUCCESS) grade_fail("clSetKernelArg(k, %u, %s bytes) fails: %s", idx, w[3], clu_error_name(e));
        } else if (!strcmp(w[0], "finish") || !strcmp(w[0], "wait")) {
            host_waits++;
        } else if ((!strcmp(w[0], "write") || !strcmp(w[0], "read") || !strcmp(w[0], "ndrange")) && ncmd < MAXCMD) {
            command *c = &cmd[ncmd];
            memset(c, 0, sizeof *c);
            c->kind = w[0][0] == 'n' ? 'k' : w[0][0];
            const int at = c->kind == 'k' ? 11 : 8; /* where NWAIT is */
            if (nw < at + 2 || !rec_num(w[1], 0, 2, &v[0])) { grade_fail("a command the checker cannot read"); break; }
            c->queue = (int)v[0];
            if (!rec_num(w[at], 0, 64, &v[0]) || nw != at + 2 + v[0] || !rec_num(w[at + 1 + v[0]], -1, 1L << 30, &v[1])) {
                grade_fail("a command the checker cannot read");
                break;
            }
            c->nwait = (int)v[0];
            cl_event waits[64];
            for (int j = 0; j < c->nwait; j++) {
                c->wait[j] = rec_num(w[at + 1 + j], 1, 4095, &v[0]) ? (int)v[0] : 0;
                if (c->wait[j] <= 0 || !real[c->wait[j]]) {
                    grade_fail("a command waits for an event no command returned");
                    break;
                }
                waits[j] = real[c->wait[j]];
            }
            if (!grade_ok()) break;
            c->event = (int)v[1];
            cl_event ev = NULL;
            cl_int e;
            if (c->kind == 'k') {
                if (!rec_num(w[5], 1, 1L << 26, &v[0]) || (strcmp(w[8], "-") && !rec_num(w[8], 1, 4096, &v[1])))
                    UNREADABLE("a launch's sizes");
                if (first < 0 || count < 0 || first + count > slots) {
                    grade_fail("a launch whose first (%ld) and count (%ld) reach outside the two slots of %ld floats",
                               first, count, slots);
                    break;
                }
                size_t global = (size_t)v[0], local = !strcmp(w[8], "-") ? 0 : (size_t)v[1];
                c->local = local;
                if (!local) launches_without_wg++;
                e = clEnqueueNDRangeKernel(q[c->queue], k, 1, NULL, &global, local ? &local : NULL,
                                           (cl_uint)c->nwait, c->nwait ? waits : NULL, &ev);
            } else {
                long f[6]; /* mem blocking off bytes array elem */
                if (!rec_num(w[2], 0, 2, &f[0]) || !rec_num(w[3], 0, 1, &f[1]) || !rec_num(w[4], 0, 1L << 40, &f[2]) ||
                    !rec_num(w[5], 0, 1L << 40, &f[3]) || !rec_num(w[6], -1, 2, &f[4]) || !rec_num(w[7], 0, N, &f[5]))
                    UNREADABLE("a transfer");
                const int mem = (int)f[0], array = (int)f[4];
                const size_t off = (size_t)f[2], bytes = (size_t)f[3], elem = (size_t)f[5];
                c->blocking = (int)f[1];
                if (array >= 0 && (off + bytes > (size_t)slots * 4 || elem * 4 + bytes > (size_t)N * 4)) {
                    grade_fail("a transfer of %zu bytes at offset %zu (host element %zu) reaches outside its buffer or array: "
                               "an offset or size out of range of the two slots?",
                               bytes, off, elem);
                    break;
                }
                if (mem < 0 || mem > 2) { grade_fail("a transfer to a buffer the checker does not know"); break; }
                if (array < 0 || (c->kind == 'w' && array > 1) || (c->kind == 'r' && array != 2)) {
                    grade_fail("a %s %s memory that is not %s", c->kind == 'w' ? "write from" : "read into",
                               "host", c->kind == 'w' ? "x or y (x + first, y + first)" : "z (z + first)");
                    break;
                }
                e = c->kind == 'w' ? clEnqueueWriteBuffer(q[c->queue], d[mem]->mem, CL_FALSE, off, bytes,
                                                          host[array] + elem, (cl_uint)c->nwait,
                                                          c->nwait ? waits : NULL, &ev)
                                   : clEnqueueReadBuffer(q[c->queue], d[mem]->mem, CL_FALSE, off, bytes,
                                                         host[array] + elem, (cl_uint)c->nwait,
                                                         c->nwait ? waits : NULL, &ev);
            }
            if (e != CL_SUCCESS) {
                grade_fail("clEnqueue%s fails: %s (an offset or size out of range of the two slots?)",
                           c->kind == 'k' ? "NDRangeKernel" : c->kind == 'w' ? "WriteBuffer" : "ReadBuffer",
                           clu_error_name(e));
                break;
            }
            mine[ncmd] = ev;
            if (c->event > 0 && c->event < 4096) {
                real[c->event] = ev;
                event_cmd[c->event] = ncmd;
            }
            ncmd++;
            /* A command that waits for another queue's event waits until that
             * queue is flushed (OpenCL 1.2, clFlush): the checker flushes all
             * three after each command, as the lesson does after each chunk,
             * so that no implementation waits for a command never sent. */
            for (int j = 0; j < 3; j++) clFlush(q[j]);
        }
    }
    /* clFinish, then a wait for every command's own event: rusticl 22.3's
     * clFinish can return while commands of the queue are still queued. */
    for (int i = 0; i < 3; i++) clFinish(q[i]);
    for (int m = 0; m < ncmd; m++)
        if (mine[m]) {
            clWaitForEvents(1, &mine[m]);
            clReleaseEvent(mine[m]);
        }
    for (int i = 0; i < 3; i++) clReleaseCommandQueue(q[i]);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    free(host[0]);
    free(host[1]);
    free(text);
}

static void check_result(void)
{
    float *x = grade_alloc(N * 4), *y = grade_alloc(N * 4);
    clu_fill_exact(x, N, 91, 100);
    clu_fill_exact(y, N, 92, 100);
    const size_t per = (N + CHUNKS - 1) / CHUNKS;
    for (size_t i = 0; i < N && grade_ok(); i++) {
        const float want = x[i] * y[i]; /* small integers: exact */
        if (z_got[i] != want) {
            const size_t c = i / per;
            grade_fail("z[%zu] is %g, expected %g (chunk %zu, element %zu of slot %zu)%s", i, (double)z_got[i],
                       (double)want, c, i - c * per, c % 2,
                       z_got[i] == -1.0f ? ": never written back (is the read of z from the slot into z + first?)"
                       : ": a command that did not wait for the one it needs, or a wrong offset (in the device's buffers the "
                         "slot starts at slot_first, in the host's arrays the chunk at first)");
        }
    }
    free(x);
    free(y);
}

/* The command behind chunk c's event i, or -1 after failing the check. */
static int of(int c, int i)
{
    const int e = chunk_ev[c][i];
    if (e <= 0 || e >= 4096 || event_cmd[e] < 0) {
        grade_fail("ev[%d] of chunk %d was not set: every command must return its event", i, c);
        return -1;
    }
    return event_cmd[e];
}

static void check_queues(void)
{
    static const char kinds[4] = {'w', 'w', 'k', 'r'};
    static const int queue_of[4] = {0, 0, 1, 2};
    static const char *names[3] = {"up", "run", "down"};
    for (int c = 0; c < CHUNKS && grade_ok(); c++)
        for (int i = 0; i < 4 && grade_ok(); i++) {
            const int m = of(c, i);
            if (m < 0) break;
            if (cmd[m].kind != kinds[i] || cmd[m].queue != queue_of[i])
                grade_fail("ev[%d] of chunk %d is not a %s on the queue `%s`", i, c,
                           i < 2 ? "write" : i == 2 ? "kernel launch" : "read", names[queue_of[i]]);
            else if (i == 2 && cmd[m].local != 64)
                grade_fail("chunk %d's kernel is launched %s; the statement asks for work-groups of wg = 64 (the "
                           "global size rounded up to wg)", c, cmd[m].local ? "in work-groups of another size"
                                                                           : "with no work-group size (local NULL)");
        }
}

/* 1 when command `from` cannot start before command `to` has finished: it
 * waits for it, or for a command that does, or an earlier command of its
 * own in-order queue does. */
static int after(int from, int to, int depth)
{
    if (from == to) return 1;
    if (depth > 4 * MAXCMD) return 0;
    for (int j = 0; j < cmd[from].nwait; j++) {
        const int p = event_cmd[cmd[from].wait[j]];
        if (p >= 0 && after(p, to, depth + 1)) return 1;
    }
    for (int p = from - 1; p >= 0; p--)
        if (cmd[p].queue == cmd[from].queue) return after(p, to, depth + 1);
    return 0;
}

/* check: for every chunk c >= first, command (c, i) waits for (c - back, j) */
static void check_wait(int i, int back, int j, const char *must)
{
    for (int c = back; c < CHUNKS && grade_ok(); c++) {
        int a = of(c, i), b = of(c - back, j);
        if (a < 0 || b < 0) return;
        if (!after(a, b, 0)) grade_fail("a missing wait: %s (chunk %d: the %s does not wait for the %s of chunk %d)",
                                        must, c, role[i], role[j], c - back);
        if (i == 0 && grade_ok()) { /* both uploads */
            a = of(c, 1);
            if (a >= 0 && !after(a, b, 0))
                grade_fail("a missing wait: %s (chunk %d: the upload of y does not wait for the %s of chunk %d)", must,
                           c, role[j], c - back);
        }
    }
}

/* Every event a command waits for is one it needs, and the host waits for
 * nothing. */
static void check_exact(void)
{
    if (host_waits) {
        grade_fail("enqueue_chunk waits on the host (clFinish or clWaitForEvents): it must only enqueue");
        return;
    }
    for (int c = 0; c < CHUNKS && grade_ok(); c++)
        for (int i = 0; i < 4 && grade_ok(); i++) {
            const int m = of(c, i);
            if (m < 0) return;
            if (cmd[m].blocking) {
                grade_fail("chunk %d's %s is blocking (CL_TRUE): the host waits for it; enqueue_chunk must not wait",
                           c, role[i]);
                return;
            }
            for (int w = 0; w < cmd[m].nwait && grade_ok(); w++) {
                int needed = 0, wc = -1, wi = -1;
                for (int cc = 0; cc < CHUNKS; cc++)
                    for (int ii = 0; ii < 4; ii++)
                        if (chunk_ev[cc][ii] == cmd[m].wait[w]) wc = cc, wi = ii;
                if (i < 2) needed = wc == c - 2 && wi == 2;
                else if (i == 2) needed = (wc == c && wi < 2) || (wc == c - 2 && wi == 3);
                else needed = wc == c && wi == 2;
                if (!needed)
                    grade_fail("chunk %d's %s waits for %s%s%s, which it does not need: it is held back for nothing "
                               "(it needs only %s)", c, role[i], wc < 0 ? "an event of no chunk" : "the ",
                               wc < 0 ? "" : role[wi], wc < 0 ? "" : (wc == c ? " of its own chunk" : " of an earlier chunk"),
                               i < 2 ? "chunk c - 2's kernel" : i == 2 ? "its two uploads and chunk c - 2's download"
                                                                      : "its own kernel");
            }
        }
}

int main(int argc, char **argv)
{
    static const char *what[7] = {
        "9 chunks of 100003 floats through two slots: z = x * y",
        "every command on its own queue: writes on up, the kernel on run (work-groups of wg), the read on down",
        "the kernel waits for its uploads",
        "the download waits for the kernel",
        "chunk c's uploads wait for chunk c - 2's kernel (same slot of x and y)",
        "chunk c's kernel waits for chunk c - 2's download (same slot of z)",
        "every command waits for exactly what it needs, and the host for nothing",
    };
    clu_env env;
    grade_start(argc, argv, 7, &env);
    spawn_files f;
    spawn_init(&f, "08-1");
    z_got = grade_alloc(N * 4);
    int have = 0;
    for (int i = 0; i < 7; i++) {
        if (!grade_case(i, 0, "%s", what[i])) continue;
        if (!have) { /* one run serves every check */
            run_pipeline(&env, &f);
            have = grade_ok() ? 1 : -1;
        } else if (have < 0) {
            grade_fail("the pipeline did not run (see the first check)");
        }
        if (grade_ok()) switch (i) {
            case 0: check_result(); break;
            case 1: check_queues(); break;
            case 2: check_wait(2, 0, 0, "the kernel must wait for both uploads"); break;
            case 3: check_wait(3, 0, 2, "the download must wait for the kernel"); break;
            case 4: check_wait(0, 2, 2, "chunk c's uploads must wait until chunk c - 2's kernel has read that slot"); break;
            case 5: check_wait(2, 2, 3, "chunk c's kernel must wait until chunk c - 2's download has read that slot of z"); break;
            case 6: check_exact(); break;
            }
        grade_case_end(i == 0 ? &env : NULL);
    }
    free(z_got);
    free(runner_out);
    spawn_cleanup(&f);
    return grade_finish(&env);
}
