/* runner.c -- the program exercise 01-2 builds around the student's
 * launch.c, linked against the stand-in OpenCL of opencl-recorder.c (no
 * device in it): it calls launch_outer_sum() once with stand-in handles
 * (queue 0, kernel 0, buffers A = 0, B = 1, C = 2) and ends. Every call the
 * student makes is a line on descriptor 7; the checker (check.c, another
 * process) judges those lines and runs the launch itself.
 *     runner X Y WG */
#include "launch.h"
#include "opencl-recorder.h"

#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc != 4) return 2;
    clu_env env;
    memset(&env, 0, sizeof env);
    env.queue = recorder_queue(0);
    launch_outer_sum(&env, recorder_kernel(0), recorder_mem(0), recorder_mem(1), recorder_mem(2), atoi(argv[1]),
                     atoi(argv[2]), (size_t)atoi(argv[3]));
    recorder_event_leaks("launch_outer_sum");
    recorder_say("returned");
    return 0;
}
