/* 03-vector-types.cl -- lesson 03: the outer sum with vector types.
 *
 * C[x] = sum over y of A[x] * B[y]. Each work-item now computes 4 or 8
 * elements of C at once: one load of B[y] feeds 4 or 8 multiply-adds.
 * Teaches: float4, float8, their components (.s0 ... .s7), vector
 * arithmetic with a scalar, vload/vstore, pointer casts to vector types,
 * and remainders: sizes the vector width does not divide are handled
 * without reading or writing one element past the end.
 *
 * The buffers hold plain floats. A pointer cast to float4 or float8 is
 * safe because every buffer starts at an address aligned to at least
 * CL_DEVICE_MEM_BASE_ADDR_ALIGN bits, and element 4*i (8*i) is then aligned
 * to the vector's size.
 */

// snippet: tails
/* The last work-item may own fewer than 8 elements: read them one by one
 * into a zero-filled vector, and write back only those. */
float8 load8_part(__global const float *p, int n)
{
    float t[8] = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
    for (int k = 0; k < n; k++)
        t[k] = p[k];
    return vload8(0, t);
}

void store8_part(float8 v, __global float *p, int n)
{
    float t[8];
    vstore8(v, 0, t);
    for (int k = 0; k < n; k++)
        p[k] = t[k];
}
// end snippet tails

float4 load4_part(__global const float *p, int n)
{
    float t[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    for (int k = 0; k < n; k++)
        t[k] = p[k];
    return vload4(0, t);
}

void store4_part(float4 v, __global float *p, int n)
{
    float t[4];
    vstore4(v, 0, t);
    for (int k = 0; k < n; k++)
        p[k] = t[k];
}

// snippet: float4-kernel
/* Variant float4: A and C as float4, B still one float at a time. */
__kernel void outer_sum_f4(__global const float *A, __global const float *B,
                           __global float *C, const int X, const int Y)
{
    int i = get_global_id(0);  /* this work-item owns A[4i .. 4i+3] */
    int own = min(4, X - 4 * i); /* 4, except in the last work-item */
    if (own <= 0)
        return;
    float4 a = own == 4 ? ((__global const float4 *)A)[i] : load4_part(A + 4 * i, own);
    float4 sum = (float4)(0.0f);
    for (int y = 0; y < Y; y++)
        sum += a * B[y]; /* 4 multiply-adds per float read */
    if (own == 4)
        ((__global float4 *)C)[i] = sum;
    else
        store4_part(sum, C + 4 * i, own);
}
// end snippet float4-kernel

// snippet: float8-kernel
/* Variant float8: the same with 8 elements of A and C per work-item. */
__kernel void outer_sum_f8(__global const float *A, __global const float *B,
                           __global float *C, const int X, const int Y)
{
    int i = get_global_id(0);
    int own = min(8, X - 8 * i);
    if (own <= 0)
        return;
    float8 a = own == 8 ? ((__global const float8 *)A)[i] : load8_part(A + 8 * i, own);
    float8 sum = (float8)(0.0f);
    for (int y = 0; y < Y; y++)
        sum += a * B[y]; /* 8 multiply-adds per float read */
    if (own == 8)
        ((__global float8 *)C)[i] = sum;
    else
        store8_part(sum, C + 8 * i, own);
}
// end snippet float8-kernel

// snippet: float8b-kernel
/* Variant float8b: B read as float8 too, 64 multiply-adds per load. */
__kernel void outer_sum_f8b(__global const float *A, __global const float *B,
                            __global float *C, const int X, const int Y)
{
    int i = get_global_id(0);
    int own = min(8, X - 8 * i);
    if (own <= 0)
        return;
    float8 a = own == 8 ? ((__global const float8 *)A)[i] : load8_part(A + 8 * i, own);
    float8 sum = (float8)(0.0f);
    __global const float8 *B8 = (__global const float8 *)B;
    int Y8 = Y / 8; /* whole float8s of B */
    for (int j = 0; j < Y8; j++) {
        float8 b = B8[j];
        sum += a * b.s0; sum += a * b.s1; sum += a * b.s2; sum += a * b.s3;
        sum += a * b.s4; sum += a * b.s5; sum += a * b.s6; sum += a * b.s7;
    }
    for (int y = 8 * Y8; y < Y; y++) /* the last Y % 8 floats of B */
        sum += a * B[y];
    if (own == 8)
        ((__global float8 *)C)[i] = sum;
    else
        store8_part(sum, C + 8 * i, own);
}
// end snippet float8b-kernel

// snippet: float8local-kernel
/* Variant float8local: float8b with B staged in local memory, one float8
 * per work-item and tile (lesson 02's tiles). No early return: every
 * work-item must reach the barriers. */
__kernel void outer_sum_f8local(__global const float *A, __global const float *B,
                                __global float *C, const int X, const int Y,
                                __local float8 *tile)
{
    int i = get_global_id(0), lid = get_local_id(0), lsize = get_local_size(0);
    int own = clamp(X - 8 * i, 0, 8); /* 0 for work-items past the end */
    float8 a = own == 8 ? ((__global const float8 *)A)[i] : load8_part(A + 8 * i, own);
    float8 sum = (float8)(0.0f);
    __global const float8 *B8 = (__global const float8 *)B;
    int Y8 = Y / 8;
    for (int j0 = 0; j0 < Y8; j0 += lsize) {
        int n = min(lsize, Y8 - j0);
        if (lid < n)
            tile[lid] = B8[j0 + lid];
        barrier(CLK_LOCAL_MEM_FENCE);
        /* Unrolled: fewer loop counters and branches between the 64 FMAs. */
#pragma unroll 4
        for (int j = 0; j < n; j++) {
            float8 b = tile[j];
            sum += a * b.s0; sum += a * b.s1; sum += a * b.s2; sum += a * b.s3;
            sum += a * b.s4; sum += a * b.s5; sum += a * b.s6; sum += a * b.s7;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int y = 8 * Y8; y < Y; y++)
        sum += a * B[y];
    if (own == 8)
        ((__global float8 *)C)[i] = sum;
    else if (own > 0)
        store8_part(sum, C + 8 * i, own);
}
// end snippet float8local-kernel

// snippet: float16local-kernel
/* Variant float16local: float8local with two float8 of A per work-item.
 * Each value of B read from local memory now feeds 16 multiply-adds instead
 * of 8, so a larger share of the instructions are FMAs: more work per
 * work-item, the idea lesson 05 builds on. And the next tile of B is loaded
 * into a register while this one is used (lesson 10's double buffering):
 * the group no longer waits for global memory after each barrier. */
__kernel void outer_sum_f16local(__global const float *A, __global const float *B,
                                 __global float *C, const int X, const int Y,
                                 __local float8 *tile)
{
    int i = get_global_id(0), lid = get_local_id(0), lsize = get_local_size(0);
    int own0 = clamp(X - 16 * i, 0, 8), own1 = clamp(X - 16 * i - 8, 0, 8);
    __global const float8 *A8 = (__global const float8 *)A;
    float8 a0 = own0 == 8 ? A8[2 * i] : load8_part(A + 16 * i, own0);
    float8 a1 = own1 == 8 ? A8[2 * i + 1] : load8_part(A + 16 * i + 8, own1);
    float8 s0 = (float8)(0.0f), s1 = (float8)(0.0f);
    __global const float8 *B8 = (__global const float8 *)B;
    int Y8 = Y / 8;
    float8 next = lid < Y8 ? B8[lid] : (float8)(0.0f); /* the first tile's share */
    for (int j0 = 0; j0 < Y8; j0 += lsize) {
        int n = min(lsize, Y8 - j0);
        tile[lid] = next;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (j0 + lsize + lid < Y8) /* the next tile's share, in flight during the math */
            next = B8[j0 + lsize + lid];
#pragma unroll 8
        for (int j = 0; j < n; j++) {
            float8 b = tile[j];
            s0 += a0 * b.s0; s1 += a1 * b.s0; s0 += a0 * b.s1; s1 += a1 * b.s1;
            s0 += a0 * b.s2; s1 += a1 * b.s2; s0 += a0 * b.s3; s1 += a1 * b.s3;
            s0 += a0 * b.s4; s1 += a1 * b.s4; s0 += a0 * b.s5; s1 += a1 * b.s5;
            s0 += a0 * b.s6; s1 += a1 * b.s6; s0 += a0 * b.s7; s1 += a1 * b.s7;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int y = 8 * Y8; y < Y; y++) {
        float b = B[y];
        s0 += a0 * b;
        s1 += a1 * b;
    }
    if (own0 == 8)
        ((__global float8 *)C)[2 * i] = s0;
    else if (own0 > 0)
        store8_part(s0, C + 16 * i, own0);
    if (own1 == 8)
        ((__global float8 *)C)[2 * i + 1] = s1;
    else if (own1 > 0)
        store8_part(s1, C + 16 * i + 8, own1);
}
// end snippet float16local-kernel

// snippet: float8acc-kernel
/* Variant float8acc: float8b with 8 independent sums. In float8b every
 * multiply-add waits for the one before it (they all add into `sum`); here
 * eight chains run side by side, as in the peak kernel, and are added up
 * at the end. It costs registers: 8 float8 sums instead of 1. */
__kernel void outer_sum_f8acc(__global const float *A, __global const float *B,
                              __global float *C, const int X, const int Y)
{
    int i = get_global_id(0);
    int own = min(8, X - 8 * i);
    if (own <= 0)
        return;
    float8 a = own == 8 ? ((__global const float8 *)A)[i] : load8_part(A + 8 * i, own);
    float8 s0 = (float8)(0.0f), s1 = s0, s2 = s0, s3 = s0, s4 = s0, s5 = s0, s6 = s0, s7 = s0;
    __global const float8 *B8 = (__global const float8 *)B;
    int Y8 = Y / 8;
    for (int j = 0; j < Y8; j++) {
        float8 b = B8[j];
        s0 += a * b.s0; s1 += a * b.s1; s2 += a * b.s2; s3 += a * b.s3;
        s4 += a * b.s4; s5 += a * b.s5; s6 += a * b.s6; s7 += a * b.s7;
    }
    for (int y = 8 * Y8; y < Y; y++)
        s0 += a * B[y];
    float8 sum = ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
    if (own == 8)
        ((__global float8 *)C)[i] = sum;
    else
        store8_part(sum, C + 8 * i, own);
}
// end snippet float8acc-kernel
