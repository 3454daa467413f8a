/* 00-peak.cl -- two yardsticks that lessons measure their kernels against,
 * in the same run, on the same device.
 *
 * fma_peak: 8 independent multiply-add chains per work-item, so the
 * arithmetic units never wait on a previous result. Its GFLOP/s is the
 * device's practical FP32 peak.
 * copy4: a float4 copy. Its bytes read plus written per second are the
 * practical memory bandwidth.
 */

// snippet: fma-peak
#ifndef PEAK_ITERS
#define PEAK_ITERS 1024
#endif
__kernel void fma_peak(__global float *out, const float a, const float b)
{
    float x0 = get_global_id(0) * 1e-7f, x1 = x0 + 0.1f, x2 = x0 + 0.2f, x3 = x0 + 0.3f;
    float x4 = x0 + 0.4f, x5 = x0 + 0.5f, x6 = x0 + 0.6f, x7 = x0 + 0.7f;
    for (int i = 0; i < PEAK_ITERS; i++) {
        x0 = fma(x0, a, b); x1 = fma(x1, a, b); x2 = fma(x2, a, b); x3 = fma(x3, a, b);
        x4 = fma(x4, a, b); x5 = fma(x5, a, b); x6 = fma(x6, a, b); x7 = fma(x7, a, b);
    }
    /* Use every chain, so the compiler cannot drop any of them. */
    out[get_global_id(0)] = ((x0 + x1) + (x2 + x3)) + ((x4 + x5) + (x6 + x7));
}
// end snippet

// snippet: copy4
__kernel void copy4(__global const float4 *src, __global float4 *dst, const uint n4)
{
    uint i = get_global_id(0);
    if (i < n4)
        dst[i] = src[i];
}
// end snippet
