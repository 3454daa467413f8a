/* 00-peak.cl -- two yardsticks that lessons measure their kernels against,
 * in the same run, on the same device.
 *
 * fma_peak: 8 independent float8 multiply-add chains per work-item, so the
 * arithmetic units never wait on a previous result. Its GFLOP/s is the
 * device's practical FP32 peak.
 * copy4: a float4 copy. Its bytes read plus written per second are the
 * practical memory bandwidth.
 * loop_limit: not a speed but a limit no clGetDeviceInfo query reports: how
 * many loop iterations one work-item may run before the device stops it.
 */

/* A device without hardware fused multiply-add (Mesa's llvmpipe) emulates
 * fma() in software: the host then passes -DPEAK_MAD=1 and the peak is
 * measured with mad(), which such a device runs as a multiply and an add. */
#ifdef PEAK_MAD
#define fma mad
#endif

// snippet: fma-peak
#ifndef PEAK_ITERS
#define PEAK_ITERS 1024
#endif
/* Each work-item does PEAK_ITERS * 8 multiply-adds, as 8 float8 chains.
 * float8 lets a CPU device (PoCL) use its SIMD units: it runs the work-items
 * of a group one after another, so 8 scalar chains would leave its vector
 * lanes idle. A GPU simply gets 64 independent chains per work-item. */
__kernel void fma_peak(__global float *out, const float a, const float b)
{
    const float8 va = (float8)(a), vb = (float8)(b);
    const float8 lanes = (float8)(0.0f, 0.01f, 0.02f, 0.03f, 0.04f, 0.05f, 0.06f, 0.07f);
    float8 x0 = (float8)(get_global_id(0) * 1e-7f) + lanes;
    float8 x1 = x0 + 0.1f, x2 = x0 + 0.2f, x3 = x0 + 0.3f;
    float8 x4 = x0 + 0.4f, x5 = x0 + 0.5f, x6 = x0 + 0.6f, x7 = x0 + 0.7f;
    for (int i = 0; i < PEAK_ITERS / 8; i++) {
        x0 = fma(x0, va, vb); x1 = fma(x1, va, vb); x2 = fma(x2, va, vb); x3 = fma(x3, va, vb);
        x4 = fma(x4, va, vb); x5 = fma(x5, va, vb); x6 = fma(x6, va, vb); x7 = fma(x7, va, vb);
    }
    /* Use every chain, so the compiler cannot drop any of them. */
    float8 s = ((x0 + x1) + (x2 + x3)) + ((x4 + x5) + (x6 + x7));
    out[get_global_id(0)] = ((s.s0 + s.s1) + (s.s2 + s.s3)) + ((s.s4 + s.s5) + (s.s6 + s.s7));
}
// end snippet fma-peak

// snippet: copy4
__kernel void copy4(__global const float4 *src, __global float4 *dst, const uint n4)
{
    uint i = get_global_id(0);
    if (i < n4)
        dst[i] = src[i];
}
// end snippet copy4

// snippet: loop-limit
/* One work-item steps a sequence n times and writes where it got to; the
 * host steps the same sequence and sees whether all n steps ran. Mesa's
 * llvmpipe (rusticl on the CPU, Mesa 22.3) guards graphics shaders against
 * loops that never end: once a work-item has run 65535 iterations, of all
 * its loops together, every loop is left as if its condition were false.
 * No error is reported; the results are simply wrong. */
__kernel void loop_limit(__global uint *out, const uint n)
{
    uint x = 1u;
    for (uint i = 0; i < n; i++)
        x = x * 1664525u + 1013904223u; /* a step the compiler cannot skip */
    out[0] = x;
}
// end snippet loop-limit
