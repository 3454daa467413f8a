/* launch.h -- the function exercise 01-2 asks for. */
#ifndef LAUNCH_H
#define LAUNCH_H
#include "clu.h"

/* Set the five arguments of lesson 01's outer_sum kernel (A, B, C, X, Y) and
 * enqueue it on env->queue for X elements with work-group size wg. */
void launch_outer_sum(clu_env *env, cl_kernel kernel, cl_mem d_A, cl_mem d_B, cl_mem d_C,
                      int X, int Y, size_t wg);
#endif
