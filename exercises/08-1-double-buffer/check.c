/* Checker for exercise 08-1: a double-buffered pipeline. The student's
 * pipeline.c runs in its own program (runner.c, see runner-spawn.h). The
 * checker verifies z = x * y over 9 chunks of 100003 floats itself (from
 * the same seeds), the queue and type of every command, and the four waits,
 * each tested by holding one queue back with a user event and watching
 * whether a command that must wait finishes anyway:
 *   the kernel waits for its uploads;      the download waits for the kernel;
 *   the uploads of chunk c wait for the kernel of chunk c - 2 (the inputs'
 *   slot); the kernel of chunk c waits for the download of chunk c - 2 (z's).
 * What the runner says about queues and waits comes from the student's own
 * process: a student who forges it deceives only the grade of that check. */
#include "runner-spawn.h"

#define N 100003
#define CHUNKS 9

static float *z_got;
static int info[CHUNKS][4][2], have_pipeline;

static void run_pipeline(spawn_files *f)
{
    const char *args[] = {"0", NULL};
    have_pipeline = 0;
    if (!spawn_runner(f, args, "enqueue_chunk")) return;
    FILE *o = fopen(f->out, "rb");
    if (!o || fread(z_got, 4, N, o) != N || fread(info, sizeof info, 1, o) != 1) grade_fail("the program wrote no result");
    else have_pipeline = 1;
    if (o) fclose(o);
}

static void check_result(void)
{
    float *x = grade_alloc(N * 4), *y = grade_alloc(N * 4);
    double *ref = grade_alloc(N * sizeof(double));
    clu_fill_exact(x, N, 91, 100);
    clu_fill_exact(y, N, 92, 100);
    for (int i = 0; i < N; i++) ref[i] = (double)(x[i] * y[i]); /* small integers: exact */
    const size_t per = (N + CHUNKS - 1) / CHUNKS;
    for (size_t i = 0; i < N && grade_ok(); i++)
        if (z_got[i] != (float)ref[i]) {
            const size_t c = i / per;
            grade_fail("z[%zu] is %g, expected %g (chunk %zu, element %zu of slot %zu)%s", i, (double)z_got[i], ref[i],
                       c, i - c * per, c % 2,
                       z_got[i] == -1.0f ? ": never written back (is the read of z from the slot into z + first?)"
                       : ": a command that did not wait for the one it needs, or a wrong offset (in the device's buffers the "
                         "slot starts at slot_first, in the host's arrays the chunk at first)");
        }
    free(x);
    free(y);
    free(ref);
}

static void check_queues(void)
{
    static const cl_command_type type[4] = {CL_COMMAND_WRITE_BUFFER, CL_COMMAND_WRITE_BUFFER,
                                            CL_COMMAND_NDRANGE_KERNEL, CL_COMMAND_READ_BUFFER};
    static const int queue_of[4] = {0, 0, 1, 2};
    static const char *names[3] = {"up", "run", "down"};
    for (int c = 0; c < CHUNKS && grade_ok(); c++)
        for (int i = 0; i < 4 && grade_ok(); i++) {
            if (info[c][i][0] == -2)
                grade_fail("ev[%d] of chunk %d was not set: every command must return its event", i, c);
            else if ((cl_command_type)info[c][i][0] != type[i] || info[c][i][1] != queue_of[i])
                grade_fail("ev[%d] of chunk %d is not a %s on the queue `%s`", i, c,
                           i < 2 ? "write" : i == 2 ? "kernel launch" : "read", names[queue_of[i]]);
        }
}

static void check_wait(spawn_files *f, int mode, const char *must)
{
    char arg[8];
    snprintf(arg, sizeof arg, "%d", mode);
    const char *args[] = {arg, NULL};
    if (!spawn_runner(f, args, "enqueue_chunk")) return;
    char *said = spawn_read(f->out);
    int unset;
    if (!said || !said[0]) grade_fail("the program wrote no result");
    else if (sscanf(said, "unset %d", &unset) == 1)
        grade_fail("ev[%d] was not set: every command must return its event", unset);
    else if (strncmp(said, "early", 5) == 0)
        grade_fail("a missing wait: %s, but it finished while that could not have happened (its event wait list)", must);
    else if (strncmp(said, "waited", 6) != 0)
        grade_fail("the program wrote something unexpected");
    free(said);
}

int main(int argc, char **argv)
{
    static const char *what[6] = {
        "9 chunks of 100003 floats through two slots: z = x * y",
        "every command on its own queue: writes on up, the kernel on run, the read on down",
        "the kernel waits for its uploads",
        "the download waits for the kernel",
        "chunk 2's upload waits for chunk 0's kernel (same slot of x and y)",
        "chunk 2's kernel waits for chunk 0's download (same slot of z)",
    };
    static const char *must[4] = {
        "the kernel must wait for both uploads",
        "the download must wait for the kernel",
        "chunk 2's upload of x must wait until chunk 0's kernel has read that slot",
        "chunk 2's kernel must wait until chunk 0's download has read that slot of z",
    };
    clu_env env;
    grade_start(argc, argv, 6, &env);
    spawn_files f;
    spawn_init(&f, "08-1");
    z_got = grade_alloc(N * 4);
    for (int i = 0; i < 6; i++) {
        if (!grade_case(i, 0, "%s", what[i])) continue;
        if (i == 0 || (i == 1 && !have_pipeline)) run_pipeline(&f); /* one run serves checks 1 and 2 */
        if (i == 0 && grade_ok()) check_result();
        if (i == 1 && grade_ok()) check_queues();
        if (i >= 2) check_wait(&f, i - 1, must[i - 2]);
        grade_case_end(NULL);
    }
    free(z_got);
    spawn_cleanup(&f);
    return grade_finish(&env);
}
