/* Exercise 02-1: a student's sum, with its own local array. */
#define MAX_GROUP 256 /* "no device groups wider than 256" */
__kernel void group_sum(__global const float *in, __global float *partial,
                        __local float *scratch, const int n)
{
    __local float buf[MAX_GROUP];
    int gid = get_global_id(0), lid = get_local_id(0), L = get_local_size(0);
    (void)scratch;
    buf[lid] = gid < n ? in[gid] : 0.0f;
    for (int active = L / 2; active > 0; active /= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < active)
            buf[lid] += buf[lid + active];
    }
    if (lid == 0)
        partial[get_group_id(0)] = buf[0];
}
