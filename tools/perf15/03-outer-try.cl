/* outer-sum variants tried for issue 15 (harness only) */
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
#ifndef UNR
#define UNR 4
#endif
#ifndef NA
#define NA 2 /* float8s of A per work-item */
#endif
#ifndef TPW
#define TPW 1 /* float8s of B each work-item stages per tile */
#endif
#ifndef PF
#define PF 0 /* prefetch the next tile into registers */
#endif
#define FMA8(bb) for (int r = 0; r < NA; r++) s[r] = fma(a[r], (float8)(bb), s[r]);

__kernel void outer_try(__global const float *A, __global const float *B,
                        __global float *C, const int X, const int Y,
                        __local float8 *tile)
{
    int i = get_global_id(0), lid = get_local_id(0), lsize = get_local_size(0);
    float8 a[NA], s[NA];
    int own[NA];
    __global const float8 *A8 = (__global const float8 *)A;
    for (int r = 0; r < NA; r++) {
        own[r] = clamp(X - (NA * i + r) * 8, 0, 8);
        a[r] = own[r] == 8 ? A8[NA * i + r] : load8_part(A + (NA * i + r) * 8, own[r]);
        s[r] = (float8)(0.0f);
    }
    __global const float8 *B8 = (__global const float8 *)B;
    const int Y8 = Y / 8, T = lsize * TPW;
    float8 nb[TPW];
#if PF
    for (int u = 0; u < TPW; u++)
        nb[u] = lid + u * lsize < Y8 ? B8[lid + u * lsize] : (float8)(0.0f);
#endif
    for (int j0 = 0; j0 < Y8; j0 += T) {
        int n = min(T, Y8 - j0);
#if PF
        for (int u = 0; u < TPW; u++)
            tile[lid + u * lsize] = nb[u];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int u = 0; u < TPW; u++) {
            int jj = j0 + T + lid + u * lsize;
            if (jj < Y8) nb[u] = B8[jj];
        }
#else
        for (int u = 0; u < TPW; u++)
            if (lid + u * lsize < n)
                tile[lid + u * lsize] = B8[j0 + lid + u * lsize];
        barrier(CLK_LOCAL_MEM_FENCE);
#endif
#pragma unroll UNR
        for (int j = 0; j < n; j++) {
            float8 b = tile[j];
            FMA8(b.s0) FMA8(b.s1) FMA8(b.s2) FMA8(b.s3)
            FMA8(b.s4) FMA8(b.s5) FMA8(b.s6) FMA8(b.s7)
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int y = 8 * Y8; y < Y; y++) {
        float b = B[y];
        FMA8(b)
    }
    for (int r = 0; r < NA; r++) {
        if (own[r] == 8)
            ((__global float8 *)C)[NA * i + r] = s[r];
        else if (own[r] > 0)
            store8_part(s[r], C + (NA * i + r) * 8, own[r]);
    }
}

/* Y split in two: the two halves of a group own the same elements of C and
 * each sums over half of B; the second half hands its sums to the first
 * through local memory. Twice the work-items for the same registers: the
 * last wave of groups is half as long. Local: tile of 2*H float8s and NA*H
 * float8s for the hand-over (the host gives max of both). */
__kernel void outer_ys(__global const float *A, __global const float *B,
                       __global float *C, const int X, const int Y,
                       __local float8 *tile)
{
    const int lsize = get_local_size(0), H = lsize / 2, lid = get_local_id(0);
    const int hf = lid / H, hl = lid - hf * H;
    const int i = get_group_id(0) * H + hl;
    float8 a[NA], s[NA];
    int own[NA];
    __global const float8 *A8 = (__global const float8 *)A;
    for (int r = 0; r < NA; r++) {
        own[r] = clamp(X - (NA * i + r) * 8, 0, 8);
        a[r] = own[r] == 8 ? A8[NA * i + r] : load8_part(A + (NA * i + r) * 8, own[r]);
        s[r] = (float8)(0.0f);
    }
    __global const float8 *B8 = (__global const float8 *)B;
    const int Y8 = Y / 8, Yh = (Y8 + 1) / 2;
    const int y0 = hf ? Yh : 0, len = hf ? Y8 - Yh : Yh;
    __local float8 *mine = tile + hf * H;
    for (int j0 = 0; j0 < Yh; j0 += H) { /* the same trip count in both halves */
        int n = clamp(len - j0, 0, H);
        if (hl < n)
            mine[hl] = B8[y0 + j0 + hl];
        barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll UNR
        for (int j = 0; j < n; j++) {
            float8 b = mine[j];
            FMA8(b.s0) FMA8(b.s1) FMA8(b.s2) FMA8(b.s3)
            FMA8(b.s4) FMA8(b.s5) FMA8(b.s6) FMA8(b.s7)
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (hf)
        for (int r = 0; r < NA; r++)
            tile[r * H + hl] = s[r];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (hf)
        return;
    for (int r = 0; r < NA; r++)
        s[r] += tile[r * H + hl];
    for (int y = 8 * Y8; y < Y; y++) {
        float b = B[y];
        FMA8(b)
    }
    for (int r = 0; r < NA; r++) {
        if (own[r] == 8)
            ((__global float8 *)C)[NA * i + r] = s[r];
        else if (own[r] > 0)
            store8_part(s[r], C + (NA * i + r) * 8, own[r]);
    }
}
